import DayPlan

/// `--must`, `--complementary`, `--misc`: the bucket a task goes to, for `add` and `move`.
enum BucketFlags {
    /// One flag a bucket.
    static let options: [Option] = Bucket.allCases.map { bucket in
        .flag("--\(bucket)", "Into the \(bucket) bucket (\(bucket.bullet), at most \(bucket.limit) open per region).")
    }

    /// The bucket the flags name; nil for none; an error for more than one.
    static func bucket(_ arguments: Arguments) -> Result<Bucket?, UsageError> {
        let given = Bucket.allCases.filter { arguments.flags.contains("--\($0)") }
        guard given.count <= 1 else {
            return .failure(UsageError(given.map { "--\($0)" }.joined(separator: " and ") + " both given; give one bucket"))
        }
        return .success(given.first)
    }
}
