/// Why an edit of a day file cannot be made; in every case nothing may be applied.
public enum EditError: Error, Hashable, Sendable {
    /// No task of a region stands on that line (its line or one of its notes' lines).
    case noTask(line: Int)
    /// The file has errors that make its structure a guess (FORMAT.md's formatting blockers, such as a region
    /// twice or a code fence never closed): an edit could land in the wrong place.
    case refused([Diagnostic])
    /// The edit would make a bucket of a limited region hold more open tasks than the 1-3-5 rule allows.
    case bucketFull(BucketFull)
    /// The word is not metadata the format reads (`MetadataKey.all`, with a well-formed value), or the key
    /// is not one of theirs.
    case notMetadata(String)
    /// The edited file, read back, does not say what the edit meant; a bug, reported rather than written.
    case checkFailed(String)

    /// A sentence a person can act on.
    public var message: String {
        switch self {
        case .noTask(let line):
            "line \(line) holds no task of a region"
        case .refused(let reasons):
            "the file has \(reasons.count == 1 ? "an error" : "errors") that make\(reasons.count == 1 ? "s" : "") its structure a guess "
                + "(line \(reasons.map { String($0.start.line) }.joined(separator: ", "))); fix \(reasons.count == 1 ? "it" : "them") first"
        case .bucketFull(let full):
            full.message + "; " + full.room
        case .notMetadata(let word):
            "`\(word)` is not metadata dayplan reads; use "
                + MetadataKey.all.map { "@" + $0.name + ($0.takesDate ? ":YYYY-MM-DD" : $0.takesValue ? ":…" : "") }.joined(separator: ", ")
        case .checkFailed(let problem):
            "the edited file would not say what was meant (\(problem)), so nothing was changed; please report this"
        }
    }
}

/// A bucket of a limited region with no room for one more open task, and where there is room.
public struct BucketFull: Hashable, Sendable {
    /// The region the task was to go to.
    public let region: Region
    /// The bucket that is full.
    public let bucket: Bucket
    /// How many open tasks the bucket holds now.
    public let open: Int
    /// The other buckets of the same region that have room, in bucket order.
    public let bucketsWithRoom: [Bucket]
    /// The other limited regions whose bucket of the same kind has room, in region order.
    public let regionsWithRoom: [Region]

    /// Makes the description of a full bucket.
    public init(region: Region, bucket: Bucket, open: Int, bucketsWithRoom: [Bucket], regionsWithRoom: [Region]) {
        self.region = region
        self.bucket = bucket
        self.open = open
        self.bucketsWithRoom = bucketsWithRoom
        self.regionsWithRoom = regionsWithRoom
    }

    /// How many open tasks the bucket may hold.
    public var limit: Int { bucket.limit }

    /// As `dayplan lint` says it: "Morning has 1 open must task; the limit is 1".
    public var message: String {
        "\(region.name) has \(open) open \(bucket) task\(open == 1 ? "" : "s"); the limit is \(limit)"
    }

    /// Why a change is refused, as the commands say it: the message, the rule, and where there is room
    /// ("Morning has 1 open must task; the limit is 1 [DP101/bucket-limit]; there is room for …").
    public var refusal: String {
        "\(message) [\(Rule.bucketLimit)]; \(room)"
    }

    /// Where there is room instead: "there is room for a misc task in Morning, and for a must task in Evening".
    public var room: String {
        func list(_ words: [String], _ joiner: String) -> String {
            words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(joiner) " + (words.last ?? "")
        }
        var places: [String] = []
        if !bucketsWithRoom.isEmpty {
            places.append("for \(list(bucketsWithRoom.map(\.description), "or").withArticle) task in \(region.name)")
        }
        if !regionsWithRoom.isEmpty {
            places.append("for \(bucket.description.withArticle) task in \(list(regionsWithRoom.map(\.name), "and"))")
        }
        return places.isEmpty ? "there is no room in any limited region for it; the Backlog has no limit"
            : "there is room " + places.joined(separator: ", and ")
    }
}

private extension String {
    /// "a must", "an ..."; every bucket name starts with a consonant.
    var withArticle: String { "a " + self }
}
