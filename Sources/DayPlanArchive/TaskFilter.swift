import DayPlan

/// Which tasks `dayplan query` lists: every condition given must hold; within one condition, any of its
/// values will do (`--status open,done` is open or done).
public struct TaskFilter: Sendable {
    /// The statuses wanted; nil for any.
    public var statuses: Set<Status>? { didSet { statusBits = Self.bits(of: statuses, \.bit) } }
    /// Tag patterns, any of which a task's tags must match; empty for any task.
    public var tags: [TagPattern]
    /// The regions wanted; nil for any.
    public var regions: Set<Region>? { didSet { regionBits = Self.bits(of: regions, \.bit) } }
    /// The buckets wanted; nil for any.
    public var buckets: Set<Bucket>? { didSet { bucketBits = Self.bits(of: buckets, \.bit) } }
    /// The first day looked at; nil for no limit.
    public var since: Day?
    /// The last day looked at; nil for no limit.
    public var until: Day?
    /// Words the title must contain, ignoring case; nil for any title.
    public var text: String?
    /// The days a task's `@due:` must fall in; nil for any task, with a deadline or not.
    public var due: ClosedRange<Day>?
    /// The days a task's `@on:` must fall in; nil for any task, scheduled or not.
    public var on: ClosedRange<Day>?
    /// The `@priority:` words a task must have one of (`MetadataKey.priorities`); nil for any task.
    public var priorities: Set<String>?

    /// Makes a filter; with no arguments it matches every task.
    public init(statuses: Set<Status>? = nil, tags: [TagPattern] = [], regions: Set<Region>? = nil,
                buckets: Set<Bucket>? = nil, since: Day? = nil, until: Day? = nil, text: String? = nil) {
        self.statuses = statuses
        self.tags = tags
        self.regions = regions
        self.buckets = buckets
        self.since = since
        self.until = until
        self.text = text
        statusBits = Self.bits(of: statuses, \.bit)
        regionBits = Self.bits(of: regions, \.bit)
        bucketBits = Self.bits(of: buckets, \.bit)
    }

    // The three sets as bits, one per value (every bit for nil), kept with them: a query tests every task of
    // the archive against them, and a set's `contains` hashes its value each time.
    private var statusBits: UInt8 = .max
    private var regionBits: UInt8 = .max
    private var bucketBits: UInt8 = .max

    private static func bits<Value>(of set: Set<Value>?, _ bit: (Value) -> UInt8) -> UInt8 {
        guard let set else { return .max }
        var bits: UInt8 = 0
        for value in set { bits |= bit(value) }
        return bits
    }

    /// Whether the day is within `since` and `until`.
    public func contains(_ day: Day) -> Bool {
        (since.map { $0 <= day } ?? true) && (until.map { day <= $0 } ?? true)
    }

    /// Whether a task, as it stands on one day, matches every condition but the days.
    public func matches(_ task: ArchivedTask) -> Bool {
        if statusBits & task.status.bit == 0 || regionBits & task.region.bit == 0 || bucketBits & task.bucket.bit == 0 {
            return false
        }
        if !tags.isEmpty {
            let counted = task.countedTags
            guard tags.contains(where: { pattern in counted.contains { pattern.matches($0) } }) else { return false }
        }
        if let text, !text.isEmpty, !task.title.lowercased().contains(text.lowercased()) { return false }
        if let due, !(task.due.map(due.contains) ?? false) { return false }
        if let on, !(task.on.map(on.contains) ?? false) { return false }
        if let priorities, !(task.priority.map(priorities.contains) ?? false) { return false }
        return true
    }

    /// Whether the task at `index` of a day file matches every condition but the days (`matches(_:)`),
    /// making the task only when the title is to be looked at.
    public func matches(_ day: ArchivedDay, at index: Int) -> Bool {
        let record = day.records[index]
        if statusBits & record.status.bit == 0 || regionBits & record.region.bit == 0 || bucketBits & record.bucket.bit == 0 {
            return false
        }
        if let due, !(day.due(at: index).map(due.contains) ?? false) { return false }
        if let on, !(day.on(at: index).map(on.contains) ?? false) { return false }
        if let priorities, !(day.priority(at: index).map(priorities.contains) ?? false) { return false }
        return tags.isEmpty && (text ?? "").isEmpty ? true : matches(day[index])
    }

    /// The statuses a `--status` word stands for: `open` (to do and in progress), `todo`, `in-progress`,
    /// `done`, `moved`, `cancelled`, `any`; nil for another word.
    public static func statuses(named word: String) -> Set<Status>? {
        switch word {
        case "open": [.todo, .inProgress]
        case "any": Set(Status.allCases)
        default: Status(name: word).map { [$0] }
        }
    }

    /// The words `statuses(named:)` reads.
    public static let statusWords = ["open", "todo", "in-progress", "done", "moved", "cancelled", "any"]
}

/// A `--tag` pattern: `work` matches the tag `work` only; `home/*` matches `home` and every tag below it
/// (`home/garden`, `home/garden/roses`). A leading `#` is optional; case counts, as in titles.
public struct TagPattern: Hashable, Sendable {
    /// The tag, or the prefix before `/*`, without `#`.
    public let name: String
    /// Whether tags below `name` match too.
    public let includesChildren: Bool

    /// Reads a pattern; nil when what is left is not a tag name (FORMAT.md §3.2).
    public init?(_ text: String) {
        var body = Substring(text)
        if body.first == "#" { body = body.dropFirst() }
        includesChildren = body.hasSuffix("/*")
        if includesChildren { body = body.dropLast(2) }
        guard isTagName(body.utf8) else { return nil }
        name = String(body)
    }

    /// Whether a tag (without `#`) matches.
    public func matches(_ tag: String) -> Bool {
        tag == name || (includesChildren && tag.hasPrefix(name + "/"))
    }
}

/// One bit per value, for `TaskFilter`'s sets kept as bits.
extension Status {
    fileprivate var bit: UInt8 {
        switch self {
        case .todo: 1
        case .inProgress: 2
        case .done: 4
        case .moved: 8
        case .cancelled: 16
        }
    }
}

extension Region {
    fileprivate var bit: UInt8 { 1 << UInt8(rawValue) }
}

extension Bucket {
    fileprivate var bit: UInt8 { 1 << UInt8(rawValue) }
}
