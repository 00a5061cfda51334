/// One task followed across days: the day it was first planned, each day rollover moved it on (`[>]`), and
/// where it stands last.
///
/// Two archived tasks are steps of the same path when they have the same identity (the title, as rollover
/// compares it: `PlanTask.identity`) and the earlier one is moved on (`[>]`): rollover marked it there and
/// put it in a later day, so the next day holding that title holds the live task. A task with the same
/// title on a later day after one that was done or cancelled is a new task.
public struct TaskPath: Sendable {
    /// Every day the task stands in, in day order (same day: file, then line order). Never empty. A slice:
    /// the paths `follow` makes share one buffer, so that an archive's tasks are not allocated once each.
    public let steps: ArraySlice<ArchivedTask>

    /// Where the task stands last in the archive: its state.
    public var latest: ArchivedTask { steps[steps.index(before: steps.endIndex)] }

    /// How many days it was moved on: its `[>]` steps. A migration, in Bullet Journal's words.
    public let moves: Int

    /// The day it was first planned: its first day in the archive, or an earlier `@from:` day on any step
    /// (rollover writes the day the task was planned for when it defers it to the Backlog).
    public let firstPlanned: Day

    /// Makes a path from steps in day order.
    public init(steps: [ArchivedTask]) {
        self.init(steps: steps[...])
    }

    /// Makes a path from steps in day order.
    public init(steps: ArraySlice<ArchivedTask>) {
        precondition(!steps.isEmpty, "a task path has at least one step")
        self.steps = steps
        var moves = 0
        var firstPlanned = steps[steps.startIndex].day
        for index in steps.indices {
            if steps[index].status == .deferred { moves += 1 }
            if let from = steps[index].from, from < firstPlanned { firstPlanned = from }
        }
        self.moves = moves
        self.firstPlanned = firstPlanned
    }

    /// Joins archived tasks into paths. `tasks` may be in any order; paths come out ordered by their latest
    /// step (day, file, line).
    public static func follow(_ tasks: [ArchivedTask]) -> [TaskPath] {
        // Work on indices: an archive holds tens of thousands of tasks, and moving the values themselves
        // (two strings each) costs more than reading the files.
        var order = Array(tasks.indices)
        if !zip(order, order.dropFirst()).allSatisfy({ !precedes(tasks[$0.1], tasks[$0.0]) }) {
            order.sort { precedes(tasks[$0], tasks[$1]) }
        }
        var next = [Int](repeating: -1, count: tasks.count)   // the step after each task on its path
        var tail: [Int] = []                                   // per path: its last task so far
        var heads: [Int] = []                                  // per path: its first task
        // Per identity, the paths whose last step is moved on (waiting for their next day), oldest first.
        var waiting: [String: [Int]] = [:]
        for index in order {
            let day = tasks[index].day
            var path = -1
            if !waiting.isEmpty, var open = waiting[tasks[index].title],
               let found = open.firstIndex(where: { tasks[tail[$0]].day < day }) {
                path = open.remove(at: found)
                waiting[tasks[index].title] = open.isEmpty ? nil : open
                next[tail[path]] = index
                tail[path] = index
            } else {
                path = heads.count
                heads.append(index)
                tail.append(index)
            }
            if tasks[index].status == .deferred { waiting[tasks[index].title, default: []].append(path) }
        }
        // Paths in the order of their last step, which is its position in `order`.
        var position = [Int](repeating: 0, count: tasks.count)
        for (rank, index) in order.enumerated() { position[index] = rank }
        let sortedPaths = heads.indices.sorted { position[tail[$0]] < position[tail[$1]] }
        // Every path's steps side by side in one array; each path is a slice of it.
        var buffer: [ArchivedTask] = []
        buffer.reserveCapacity(tasks.count)
        var bounds: [Range<Int>] = []
        bounds.reserveCapacity(sortedPaths.count)
        for path in sortedPaths {
            let start = buffer.count
            var index = heads[path]
            while index >= 0 {
                buffer.append(tasks[index])
                index = next[index]
            }
            bounds.append(start..<buffer.count)
        }
        return bounds.map { TaskPath(steps: buffer[$0]) }
    }

    /// Day, then file (byte order), then line.
    static func precedes(_ a: ArchivedTask, _ b: ArchivedTask) -> Bool {
        if a.day != b.day { return a.day < b.day }
        if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
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
