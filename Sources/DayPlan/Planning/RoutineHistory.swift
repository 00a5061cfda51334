/// When the copies of routines were last closed (done or cancelled), read from recent day files: what a repeat
/// counted from completion (`@every:done+3d`) is due by (FORMAT.md §6.9).
public struct RoutineHistory: Sendable {
    /// The latest day a task of each title was closed on, by title identity.
    private var closed: [String: Day] = [:]

    /// No history: every repeat counted from completion is due.
    public init() {}

    /// The history of the given days, in any order.
    public init(days: [(day: Day, document: DayDocument)]) {
        for (day, document) in days { record(document, of: day) }
    }

    /// Adds what `document`, the plan of `day`, closed.
    public mutating func record(_ document: DayDocument, of day: Day) {
        for task in document.allTasks where task.status == .done || task.status == .cancelled {
            if closed[task.identity].map({ $0 < day }) ?? true { closed[task.identity] = day }
        }
    }

    /// The latest day a task of `identity`'s title was done or cancelled on, among the days recorded.
    public func lastClosed(_ identity: String) -> Day? { closed[identity] }

    /// How many days before the new day a rollover needs the plans of to know the routines' last closed days: the
    /// longest wait of a repeat counted from completion among `routines`' open tasks, 0 when there is none.
    public static func lookback(of routines: DayDocument?) -> Int {
        var longest = 0
        for task in routines?.allTasks ?? [] where task.status.isOpen {
            if case .afterDone(let days) = task.metadata.every?.unbounded { longest = max(longest, days) }
        }
        return longest
    }
}
