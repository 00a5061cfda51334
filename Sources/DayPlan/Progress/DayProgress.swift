/// How a day is going, as `dayplan status` shows it: the open tasks of each bucket of each limited region
/// against the 1-3-5 limits, what is finished, the day's completion, and the Backlog by age.
///
/// **Completion** is done of planned: the tasks of Morning, Afternoon and Evening that are done, out of all
/// tasks there except the cancelled ones (a cancelled task was dropped on purpose, so it is not counted
/// either way; a task moved on to a later day was planned and not done). Backlog tasks and sub-tasks do not
/// count. With nothing planned there is no fraction.
public struct DayProgress: Hashable, Sendable {
    /// The day the progress is reckoned for (the Backlog's ages count from it).
    public let day: Day
    /// Morning, Afternoon and Evening, in order.
    public let regions: [RegionProgress]
    /// The Backlog's open tasks by age.
    public let backlog: BacklogAges
    /// The open tasks with a `@due:` day that has come or passed (overdue) or comes within `dueSoonDays`
    /// (due soon), any region or the Backlog, soonest first.
    public let deadlines: [Deadline]
    /// The open tasks with a priority above Obsidian Tasks' normal (`@priority:` highest, high or medium), any
    /// region or the Backlog, highest first, then in file order.
    public let prioritized: [Prioritized]

    /// How many days ahead a deadline counts as due soon: today and the next three days.
    public static let dueSoonDays = 3

    /// An open task with a deadline that needs attention.
    public struct Deadline: Hashable, Sendable {
        /// The task.
        public let task: PlanTask
        /// Its `@due:` day.
        public let due: Day
        /// Days from the day to the deadline: 0 due today, negative overdue, positive due soon.
        public let daysLeft: Int
        /// Whether the deadline is today or past.
        public var isOverdue: Bool { daysLeft <= 0 }
    }

    /// An open task with a high priority, and its region.
    public struct Prioritized: Hashable, Sendable {
        /// The task (its `metadata.priority` is set).
        public let task: PlanTask
        /// Where it is.
        public let region: Region
    }

    /// What one limited region holds.
    public struct RegionProgress: Hashable, Sendable {
        /// The region.
        public let region: Region
        /// Open tasks (to do or in progress) per bucket, by `Bucket.rawValue`: must, complementary, misc.
        public let open: [Int]
        /// Tasks done.
        public let done: Int
        /// Tasks cancelled.
        public let cancelled: Int
        /// Tasks moved on to a later day (`[>]`).
        public let moved: Int

        /// Open tasks of one bucket.
        public func open(_ bucket: Bucket) -> Int { open[bucket.rawValue] }
    }

    /// The open tasks of the Backlog grouped by how long ago their `@from:` day was.
    public struct BacklogAges: Hashable, Sendable {
        /// All open Backlog tasks.
        public let open: Int
        /// `@from:` the day itself (or later).
        public let today: Int
        /// `@from:` the day before.
        public let yesterday: Int
        /// `@from:` two to six days before.
        public let thisWeek: Int
        /// `@from:` seven or more days before.
        public let older: Int
        /// Without `@from:` (captured straight into the Backlog).
        public let undated: Int
        /// The task with the earliest `@from:` day (the first of them in the file); nil when none has one.
        public let oldest: PlanTask?
    }

    /// Tasks done in the limited regions.
    public var done: Int { regions.reduce(0) { $0 + $1.done } }

    /// Tasks planned in the limited regions: all but the cancelled ones.
    public var planned: Int {
        regions.reduce(0) { $0 + $1.open.reduce(0, +) + $1.done + $1.moved }
    }

    /// `done / planned`, from 0 to 1; nil when nothing is planned: `TaskCounts.completion`, the one
    /// definition `dayplan report` uses too.
    public var completion: Double? {
        counts.completion
    }

    /// The limited regions' tasks by status, as `dayplan report` counts a day.
    public var counts: TaskCounts {
        regions.reduce(TaskCounts()) { sum, region in
            let open = region.open.reduce(0, +)
            return sum + TaskCounts(planned: open + region.done + region.cancelled + region.moved, done: region.done,
                                    cancelled: region.cancelled, moved: region.moved, open: open)
        }
    }

    /// Reckons the progress of a parsed day file on `day`.
    public init(_ document: DayDocument, on day: Day) {
        self.day = day
        var regions: [RegionProgress] = []
        for region in Region.allCases where region.isLimited {
            var open = [0, 0, 0], done = 0, cancelled = 0, moved = 0
            for task in document.tasks(in: region) {
                switch task.status {
                case .todo, .inProgress: open[task.bucket.rawValue] += 1
                case .done: done += 1
                case .cancelled: cancelled += 1
                case .moved: moved += 1
                }
            }
            regions.append(RegionProgress(region: region, open: open, done: done, cancelled: cancelled, moved: moved))
        }
        self.regions = regions
        var today = 0, yesterday = 0, thisWeek = 0, older = 0, undated = 0
        var oldest: PlanTask?
        let open = document.tasks(in: .backlog).filter(\.status.isOpen)
        for task in open {
            switch BacklogAge(of: task, on: day) {
            case .undated: undated += 1
            case .today: today += 1
            case .yesterday: yesterday += 1
            case .thisWeek: thisWeek += 1
            case .older: older += 1
            }
            guard let from = task.metadata.from else { continue }
            if oldest?.metadata.from.map({ from < $0 }) ?? true { oldest = task }
        }
        backlog = BacklogAges(open: open.count, today: today, yesterday: yesterday, thisWeek: thisWeek, older: older,
                              undated: undated, oldest: oldest)
        deadlines = document.allTasks.compactMap { task -> Deadline? in
            guard task.status.isOpen, let due = task.metadata.due else { return nil }
            let left = day.days(until: due)
            return left <= DayProgress.dueSoonDays ? Deadline(task: task, due: due, daysLeft: left) : nil
        }.sorted { ($0.daysLeft, $0.task.line) < ($1.daysLeft, $1.task.line) }
        let rank = { (task: PlanTask) in task.metadata.priority.flatMap { MetadataKey.priorities.firstIndex(of: $0) } ?? Int.max }
        prioritized = Region.allCases.flatMap { region in
            document.tasks(in: region).filter { $0.status.isOpen && rank($0) <= 2 }.map { Prioritized(task: $0, region: region) }
        }.sorted { (rank($0.task), $0.task.line) < (rank($1.task), $1.task.line) }
    }
}

/// How long ago a Backlog task was first planned (its `@from:` day, `LongCarried.age(of:on:)`), in the groups
/// `dayplan status` counts and the apps show the Backlog by: today, yesterday, this week, older, undated.
public enum BacklogAge: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// `@from:` the day itself (or later).
    case today
    /// `@from:` the day before.
    case yesterday
    /// `@from:` two to six days before.
    case thisWeek
    /// `@from:` seven or more days before.
    case older
    /// Without `@from:`.
    case undated

    /// The group of `task` on `day`.
    public init(of task: PlanTask, on day: Day) {
        switch LongCarried.age(of: task, on: day) {
        case nil: self = .undated
        case (...0)?: self = .today
        case 1?: self = .yesterday
        case (2...6)?: self = .thisWeek
        default: self = .older
        }
    }

    /// As `dayplan status` words it: "today", "yesterday", "this week", "older", "undated".
    public var description: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .thisWeek: "this week"
        case .older: "older"
        case .undated: "undated"
        }
    }
}
