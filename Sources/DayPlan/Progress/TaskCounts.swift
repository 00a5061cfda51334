/// How many tasks stand in each status: the counts every figure of `dayplan report` (and `status`) is made of.
public struct TaskCounts: Hashable, Sendable {
    /// Every task counted, whatever its status.
    public var planned = 0
    /// Done `[x]`.
    public var done = 0
    /// Cancelled `[-]`: dropped on purpose.
    public var cancelled = 0
    /// Moved on `[>]` by rollover to a later day.
    public var moved = 0
    /// Still open: to do `[ ]` or in progress `[/]`.
    public var open = 0

    /// No tasks.
    public init() {}

    /// Counts given one by one; `planned` should be the sum of the others.
    public init(planned: Int, done: Int, cancelled: Int, moved: Int, open: Int) {
        self.planned = planned
        self.done = done
        self.cancelled = cancelled
        self.moved = moved
        self.open = open
    }

    /// Counts one task.
    public mutating func add(_ status: Status) {
        planned += 1
        switch status {
        case .done: done += 1
        case .cancelled: cancelled += 1
        case .moved: moved += 1
        case .todo, .inProgress: open += 1
        }
    }

    /// Both counts together.
    public static func + (lhs: TaskCounts, rhs: TaskCounts) -> TaskCounts {
        var sum = lhs
        sum.planned += rhs.planned
        sum.done += rhs.done
        sum.cancelled += rhs.cancelled
        sum.moved += rhs.moved
        sum.open += rhs.open
        return sum
    }

    /// The completion fraction: done / (planned − cancelled), from 0 to 1. A cancelled task was dropped on
    /// purpose, so it counts neither for nor against; a task moved on or still open counts against. Nil when
    /// nothing is left to count (no task, or every task cancelled).
    public var completion: Double? {
        let counted = planned - cancelled
        return counted > 0 ? Double(done) / Double(counted) : nil
    }
}
