import DayPlan

/// The figures of one day plan (or of several days added together): the one definition of "planned",
/// "done" and "completion" that `dayplan report` and `dayplan status` share.
///
/// - **planned** is every task in Morning, Afternoon and Evening, whatever its status: what the day set out
///   to do. The Backlog is not planned for the day; its tasks are counted in `regions[.backlog]` only.
/// - **completion** is `planned.completion`: done / (planned − cancelled).
/// - **score** is the points of every task done that day, in any region (the Backlog too: finishing a
///   backlog task is work done), by bucket: must 7, complementary 4, misc 3 (`Score`).
public struct DayStatistics: Hashable, Sendable {
    /// The tasks of Morning, Afternoon and Evening together.
    public var planned = TaskCounts()
    /// Per region, in `Region` order (`regions[Region.backlog.rawValue]` is the Backlog). Setting it sets
    /// the counts of the regions it holds, in that order.
    public var regions: [TaskCounts] {
        get { Region.allCases.map { byRegion[$0.rawValue] } }
        set { for index in Region.allCases.indices where index < newValue.count { byRegion[index] = newValue[index] } }
    }
    /// Per bucket, in `Bucket` order, over Morning, Afternoon and Evening. Setting it sets the counts of the
    /// buckets it holds, in that order.
    public var buckets: [TaskCounts] {
        get { Bucket.allCases.map { byBucket[$0.rawValue] } }
        set { for index in Bucket.allCases.indices where index < newValue.count { byBucket[index] = newValue[index] } }
    }
    /// The points of the tasks done, in any region.
    public var score = 0
    // Inline, not in arrays: a report over years makes and adds up thousands of these.
    private var byRegion = FourCounts(), byBucket = FourCounts()

    /// Nothing counted.
    public init() {}

    /// The figures of a parsed day file: its tasks in the four regions (lines outside them are not tasks).
    public init(_ document: DayDocument) {
        for section in document.sections {
            guard let region = section.region else { continue }
            for task in section.tasks { add(region: region, bucket: task.bucket, status: task.status) }
        }
    }

    /// Counts one task standing in `region`.
    public mutating func add(region: Region, bucket: Bucket, status: Status) {
        byRegion[region.rawValue].add(status)
        if region.isLimited {
            planned.add(status)
            byBucket[bucket.rawValue].add(status)
        }
        if status == .done { score += Score.points(for: bucket) }
    }

    /// The counts of one region.
    public func counts(in region: Region) -> TaskCounts { byRegion[region.rawValue] }

    /// How many tasks `region` planned (`counts(in:).planned`); nil for the Backlog, which is not planned for
    /// a day: its counts say what it held, day by day, not what was left undone (REPORTS.md).
    public func planned(in region: Region) -> Int? { region.isLimited ? counts(in: region).planned : nil }

    /// The completion of `region` (`TaskCounts.completion`); nil for the Backlog, which is not planned.
    public func completion(in region: Region) -> Double? { region.isLimited ? counts(in: region).completion : nil }

    /// The counts of one bucket (Morning, Afternoon and Evening).
    public func counts(of bucket: Bucket) -> TaskCounts { byBucket[bucket.rawValue] }

    /// The completion fraction of the day's plan (`TaskCounts.completion`).
    public var completion: Double? { planned.completion }

    /// Whether the day keeps the must streak going: at least one must task in Morning, Afternoon or Evening
    /// was done and none was left open or moved on (a must task cancelled on purpose does not break it).
    public var keepsMustStreak: Bool {
        let must = counts(of: .must)
        return must.done > 0 && must.open == 0 && must.moved == 0
    }

    /// Both days' figures together.
    public static func + (lhs: DayStatistics, rhs: DayStatistics) -> DayStatistics {
        var sum = lhs
        sum.add(rhs)
        return sum
    }

    /// Adds another day's figures to these, in place.
    public mutating func add(_ other: DayStatistics) {
        planned = planned + other.planned
        for index in 0..<FourCounts.count {
            byRegion[index] = byRegion[index] + other.byRegion[index]
            byBucket[index] = byBucket[index] + other.byBucket[index]
        }
        score += other.score
    }
}

/// Four counts side by side, by index 0 to 3 (a region's or a bucket's raw value; the index is taken modulo
/// four, so no index traps): the regions (four) or the buckets (three) of `DayStatistics`.
private struct FourCounts: Hashable, Sendable {
    static let count = 4
    private var first = TaskCounts(), second = TaskCounts(), third = TaskCounts(), fourth = TaskCounts()

    subscript(index: Int) -> TaskCounts {
        get {
            switch index & 3 {
            case 0: first
            case 1: second
            case 2: third
            default: fourth
            }
        }
        set {
            switch index & 3 {
            case 0: first = newValue
            case 1: second = newValue
            case 2: third = newValue
            default: fourth = newValue
            }
        }
    }
}

/// The bucket-weighted score: points per done task, after the priority scoring of planning apps that
/// weigh P0 to P3 as 7, 4, 3 and 2 points. The 1-3-5 buckets are the first three priorities: the must task
/// is P0, complementary P1, misc P2; P3 ("someday") has no bucket of its own.
public enum Score {
    /// The points a done task of `bucket` is worth: must 7, complementary 4, misc 3.
    public static func points(for bucket: Bucket) -> Int {
        switch bucket {
        case .must: 7
        case .complementary: 4
        case .misc: 3
        }
    }

    /// The most a day can score in its three limited regions when every slot of the 1-3-5 rule holds a done
    /// task: 3 × (7 + 3 × 4 + 5 × 3) = 102.
    public static let fullDay = Region.allCases.filter(\.isLimited).count
        * Bucket.allCases.reduce(0) { $0 + $1.limit * points(for: $1) }
}
