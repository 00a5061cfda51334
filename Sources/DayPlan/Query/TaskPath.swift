/// One task followed across days: the day it was first planned, each day rollover moved it on (`[>]`), and
/// where it stands last.
///
/// Two archived tasks are steps of the same path when they have the same identity (the title, as rollover
/// compares it: `PlanTask.identity`) and the earlier one is moved on (`[>]`): rollover marked it there and
/// put it in a later day, so the next day holding that title holds the live task. A task with the same
/// title on a later day after one that was done or cancelled is a new task.
public struct TaskPath: Sendable {
    /// Every day the task stands in, in day order (same day: file, then line order). Never empty.
    public let steps: [ArchivedTask]

    /// Where the task stands last in the archive: its state.
    public var latest: ArchivedTask { steps[steps.count - 1] }

    /// How many days it was moved on: its `[>]` steps. A migration, in Bullet Journal's words.
    public var moves: Int { steps.reduce(0) { $0 + ($1.status == .deferred ? 1 : 0) } }

    /// The day it was first planned: its first day in the archive, or an earlier `@from:` day on any step
    /// (rollover writes the day the task was planned for when it defers it to the Backlog).
    public var firstPlanned: Day {
        steps.reduce(steps[0].day) { earliest, step in step.from.map { min($0, earliest) } ?? earliest }
    }

    /// Makes a path from steps in day order.
    public init(steps: [ArchivedTask]) {
        precondition(!steps.isEmpty, "a task path has at least one step")
        self.steps = steps
    }

    /// Joins archived tasks into paths. `tasks` may be in any order; paths come out ordered by their latest
    /// step (day, file, line).
    public static func follow(_ tasks: [ArchivedTask]) -> [TaskPath] {
        let ordered = tasks.sorted(by: precedes)
        // Per identity, the paths whose last step is moved on (waiting for their next day), oldest first.
        var waiting: [String: [Int]] = [:]
        var paths: [[ArchivedTask]] = []
        paths.reserveCapacity(ordered.count)
        for task in ordered {
            var index: Int?
            if var open = waiting[task.identity], let first = open.first(where: { paths[$0].last.map { $0.day < task.day } ?? false }) {
                open.removeAll { $0 == first }
                waiting[task.identity] = open.isEmpty ? nil : open
                index = first
            }
            let target: Int
            if let index {
                paths[index].append(task)
                target = index
            } else {
                paths.append([task])
                target = paths.count - 1
            }
            if task.status == .deferred { waiting[task.identity, default: []].append(target) }
        }
        return paths.map(TaskPath.init(steps:)).sorted { precedes($0.latest, $1.latest) }
    }

    /// Day, then file (byte order), then line.
    static func precedes(_ a: ArchivedTask, _ b: ArchivedTask) -> Bool {
        if a.day != b.day { return a.day < b.day }
        if a.file != b.file { return Array(a.file.utf8).lexicographicallyPrecedes(b.file.utf8) }
        return a.line < b.line
    }
}

/// `dayplan query`'s selection: each task once, as it stands on the last day looked at.
public enum TaskQuery {
    /// One task found: its path, and the step it is shown as (its latest within the filter's days).
    public struct Match: Sendable {
        /// The whole task, every day it stands in.
        public let path: TaskPath
        /// Where it stands on the last day within `since`…`until`: what the filter was tested on.
        public let shown: ArchivedTask
    }

    /// The tasks matching `filter`, in the order of their shown step (day, file, line).
    ///
    /// A task is its path (`TaskPath`). Its steps outside `since`…`until` are set aside; its latest step
    /// left is its state in those days, and every other condition is tested on it. So `--status open
    /// --until 2026-11-20` is what was open on 2026-11-20, and a task moved on and done later is done.
    public static func run(_ filter: TaskFilter, on paths: [TaskPath]) -> [Match] {
        var matches: [Match] = []
        for path in paths {
            guard let shown = path.steps.last(where: { filter.contains($0.day) }), filter.matches(shown) else { continue }
            matches.append(Match(path: path, shown: shown))
        }
        return matches.sorted { TaskPath.precedes($0.shown, $1.shown) }
    }
}
