import DayPlan

/// One task followed across days: the day it was first planned, each day rollover moved it on (`[>]`), and
/// where it stands last.
///
/// Two archived tasks are steps of the same path when they have the same identity (the title, as rollover
/// compares it: `PlanTask.identity`) and the earlier one is moved (`[>]`): rollover marked it there and
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
            if steps[index].status == .moved { moves += 1 }
            if let from = steps[index].from, from < firstPlanned { firstPlanned = from }
        }
        self.moves = moves
        self.firstPlanned = firstPlanned
    }

    /// Joins archived tasks into paths. `tasks` may be in any order; paths come out ordered by their latest
    /// step (day, file, line). `TaskArchive` does the joining.
    public static func follow(_ tasks: [ArchivedTask]) -> [TaskPath] {
        TaskArchive(tasks: tasks).paths
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
        let archive = TaskArchive(tasks: paths.flatMap { $0.steps })
        return run(filter, on: archive).map { shown in
            Match(path: TaskPath(steps: archive.path(through: shown).map { archive[$0] }), shown: archive[shown])
        }
    }

    /// The steps tasks matching `filter` are shown as, in day order (day, file, line): the same selection as
    /// `run(_:on:)` over the archive's paths, without making them.
    public static func run(_ filter: TaskFilter, on archive: TaskArchive) -> [TaskArchive.Step] {
        var shown: [TaskArchive.Step] = []
        for dayIndex in archive.days.indices where filter.contains(archive.days[dayIndex].day) {
            let day = archive.days[dayIndex]
            for index in 0..<day.count {
                let step = TaskArchive.Step(day: dayIndex, index: index)
                // Its path's latest step within the days: the next one, if any, is after `until`.
                if !archive.standsAlone(step), let next = archive.next(after: step), filter.contains(archive.days[next.day].day) {
                    continue
                }
                if filter.matches(day, at: index) { shown.append(step) }
            }
        }
        return shown
    }
}
