import DayPlan

/// The figures `dayplan report` shows for the days from `first` through `last` of an archive. REPORTS.md
/// defines each, with a worked example.
public struct ArchiveReport: Sendable {
    /// How the period table groups days.
    public enum Grouping: String, CaseIterable, Sendable {
        /// One row per day with a plan.
        case day
        /// One row per ISO week (Monday to Sunday), written `2026-W47`.
        case week
        /// One row per month, written `2026-11`.
        case month

        /// The grouping for a window of `days` days: days up to a month, weeks up to half a year, else months.
        public static func suited(toDays days: Int) -> Grouping {
            days <= 31 ? .day : days <= 182 ? .week : .month
        }
    }

    /// One day with a plan.
    public struct DayFigures: Sendable {
        /// The day.
        public let day: Day
        /// Its figures (all its files together, should it have several).
        public let statistics: DayStatistics
        /// The backlog that day: the Backlog's tasks not done or cancelled (open, or moved on to the next day).
        public let backlog: Int
        /// How many days, on average, those tasks had waited since first planned (`TaskPath.firstPlanned`).
        public let backlogMeanAge: Double?
        /// How many days the oldest of them had waited.
        public let backlogOldestAge: Int?
    }

    /// One row of the period table.
    public struct Period: Sendable {
        /// `2026-11-20`, `2026-W47` or `2026-11`.
        public let label: String
        /// Its first and last day, within the report's days.
        public let first: Day, last: Day
        /// How many of its days have a plan.
        public let plans: Int
        /// Its days' figures added together.
        public let statistics: DayStatistics
        /// The backlog on its last day with a plan.
        public let backlog: Int?
    }

    /// A run of consecutive plans (days without a day file skipped) that each meet a condition.
    public struct Streak: Sendable, Equatable {
        /// The run that ends on the last day with a plan; today, when it does not meet the condition yet, is
        /// left out rather than ending it (the day is not over).
        public let current: Int
        /// The longest run within the report's days.
        public let longest: Int
        /// The first and last day of the longest run (the latest, when several are as long); nil when it is 0.
        public let longestFirst: Day?, longestLast: Day?
    }

    /// A task that was moved (`[>]`) again and again.
    public struct MigratedTask: Sendable {
        /// Its title.
        public let title: String
        /// How many days it was moved on, over its whole path.
        public let moves: Int
        /// The day it was first planned.
        public let firstPlanned: Day
        /// Where it stands last: its status (done, cancelled, still open, or moved on to a day not in the
        /// archive), day, file and line.
        public let latest: ArchivedTask
    }

    /// How long tasks done in the report's days took, from first planned to done, in days.
    public struct LeadTime: Sendable, Equatable {
        /// How many tasks were done.
        public let count: Int
        /// The median, in days (the mean of the two middle ones for an even count); nil with no task.
        public let median: Double?
        /// The mean, in days.
        public let mean: Double?
        /// The longest, in days.
        public let longest: Int?
    }

    /// A tag and the tasks done under it.
    public struct TagCount: Sendable, Equatable {
        /// The tag as written, without `#` (never the implied `inbox` of a task without one).
        public let tag: String
        /// Tasks done with it in the report's days.
        public let done: Int
    }

    /// A day counts towards the completion streak when its completion is at least this: 80%.
    public static let completionThreshold = 0.8
    /// How many tasks the most-migrated list and tags the top-tags list hold at most.
    public static let listLength = 10

    /// The first and last day reported on.
    public let first: Day, last: Day
    /// The day the report was made ("today", injected).
    public let today: Day
    /// How `periods` groups days.
    public let grouping: Grouping
    /// Every reported day's figures together.
    public let total: DayStatistics
    /// The days with a plan, in order.
    public let days: [DayFigures]
    /// The period table.
    public let periods: [Period]
    /// Days on which the must task was done (`DayStatistics.keepsMustStreak`).
    public let mustStreak: Streak
    /// Days whose completion was at least `completionThreshold`.
    public let completionStreak: Streak
    /// The tasks moved on most often, of those standing in the report's days: most moves first.
    public let mostMigrated: [MigratedTask]
    /// From first planned to done, for the tasks done in the report's days.
    public let leadTime: LeadTime
    /// The tags written on the most tasks done in the report's days, most first.
    public let topTags: [TagCount]
    /// The tasks done in the report's days without a tag (in the implied `inbox`), which no `topTags` entry counts.
    public let untaggedDone: Int

    /// The number of calendar days reported on.
    public var calendarDays: Int { first.days(until: last) + 1 }

    /// Computes the report over `paths` as `TaskPath.follow` makes them (the whole archive, so that a task's
    /// first day counts even when it is before `since`) for the days `since` through `until`: by default from
    /// the archive's first day through `today`.
    public init(paths: [TaskPath], since: Day? = nil, until: Day? = nil, today: Day, grouping: Grouping? = nil) {
        self.init(archive: TaskArchive(tasks: paths.flatMap { $0.steps }), since: since, until: until, today: today,
                  grouping: grouping)
    }

    /// Computes the report over an archive (the whole of it, so that a task's first day counts even when it
    /// is before `since`) for the days `since` through `until`: by default from the archive's first day
    /// through `today`.
    public init(archive: TaskArchive, since: Day? = nil, until: Day? = nil, today: Day, grouping: Grouping? = nil) {
        let earliest = archive.days.first { $0.count > 0 }?.day
        let last = until ?? today
        let first = min(since ?? earliest ?? last, last)
        self.first = first
        self.last = last
        self.today = today
        let window = first...last
        self.grouping = grouping ?? .suited(toDays: first.days(until: last) + 1)

        // Per day of the window with a plan, in order (the day files come in day order): the figures, and
        // its backlog's size and ages. Each day file brings its figures as if every task stood alone
        // (`ArchivedDay`); only the tasks that continue another, or are moved on, are looked at one by one.
        // The day being added up, made a `DayFigures` once the next day starts (days can span several files).
        var current: (day: Day, statistics: DayStatistics, backlog: (count: Int, totalAge: Int, oldest: Int))?
        var days: [DayFigures] = []
        days.reserveCapacity(archive.days.count)
        func addCurrent() {
            guard let day = current else { return }
            days.append(DayFigures(day: day.day, statistics: day.statistics, backlog: day.backlog.count,
                                   backlogMeanAge: day.backlog.count == 0 ? nil : Double(day.backlog.totalAge) / Double(day.backlog.count),
                                   backlogOldestAge: day.backlog.count == 0 ? nil : day.backlog.oldest))
        }
        var migrated: [MigratedTask] = []
        var leadTimes: [Int] = []
        var tagCounts: [String: Int] = [:]
        var untaggedDone = 0
        // The first planned day of each step of the paths of more than one step.
        var linkedFirstPlanned: [TaskArchive.Step: Day] = [:]
        for dayIndex in archive.days.indices {
            // Field by field, not the day file copied whole (a dozen references counted, on memory a worker wrote).
            guard archive.days[dayIndex].count > 0 else { continue }
            let day = archive.days[dayIndex].day
            let inWindow = window.contains(day)
            let fileLeadTimes = leadTimes.count
            if inWindow {
                let figures = archive.days[dayIndex].figures
                if current?.day != day {
                    addCurrent()
                    current = (day, DayStatistics(), (0, 0, 0))
                }
                current!.statistics.add(figures.statistics)
                for (tag, done) in figures.doneTags { tagCounts[tag, default: 0] += done }
                untaggedDone += figures.untaggedDone
                leadTimes += figures.leadTimes
                current!.backlog.count += figures.backlog.count
                current!.backlog.totalAge += figures.backlog.totalAge
                current!.backlog.oldest = max(current!.backlog.oldest, figures.backlog.oldest)
            }
            guard archive.days[dayIndex].hasMovedOn || archive.hasLinks(inDay: dayIndex) else { continue }
            let file = archive.days[dayIndex]
            for index in file.records.indices {
                let record = file.records[index]
                let step = TaskArchive.Step(day: dayIndex, index: index)
                let alone = archive.standsAlone(step)
                if !alone {
                    if archive.previous(before: step) == nil {
                        // The first step of a path of several: its first planned day holds for every step.
                        let path = archive.path(through: step)
                        let firstPlanned = archive.firstPlanned(of: path)
                        for step in path { linkedFirstPlanned[step] = firstPlanned }
                    }
                    // Its age counts from its path's first planned day, not its own.
                    let own = record.from.map { $0 < file.day ? $0.days(until: file.day) : 0 } ?? 0
                    let age = (linkedFirstPlanned[step] ?? archive.firstPlanned(through: step)).days(until: file.day)
                    if inWindow, age != own {
                        if record.status == .done, let at = leadTimes[fileLeadTimes...].firstIndex(of: own) {
                            leadTimes[at] = age  // done, it is its path's last step
                        }
                        if record.region == .backlog, record.status != .done, record.status != .cancelled {
                            current!.backlog.totalAge += age - own
                            current!.backlog.oldest = max(current!.backlog.oldest, age)
                        }
                    }
                }
                // A path moved on is listed at its last step, when one of its steps is in the window.
                if record.status == .moved || !alone, archive.next(after: step) == nil {
                    let path = alone ? [step] : archive.path(through: step)
                    let moves = path.reduce(0) { $0 + (archive.days[$1.day].status(at: $1.index) == .moved ? 1 : 0) }
                    guard moves > 0, path.contains(where: { window.contains(archive.days[$0.day].day) }) else { continue }
                    let latest = file[index]
                    migrated.append(MigratedTask(title: latest.title, moves: moves, firstPlanned: archive.firstPlanned(of: path),
                                                 latest: latest))
                }
            }
        }

        addCurrent()
        self.days = days
        var total = DayStatistics()
        for figures in days { total.add(figures.statistics) }
        self.total = total
        periods = ArchiveReport.periods(of: days, grouping: self.grouping, within: window)
        mustStreak = ArchiveReport.streak(of: days, today: today) { $0.keepsMustStreak }
        completionStreak = ArchiveReport.streak(of: days, today: today) {
            ($0.completion ?? 0) >= ArchiveReport.completionThreshold
        }
        mostMigrated = Array(migrated.sorted {
            ($0.moves, $1.firstPlanned, $1.title) > ($1.moves, $0.firstPlanned, $0.title)
        }.prefix(ArchiveReport.listLength))
        let sortedTimes = leadTimes.sorted()
        let median: Double? = sortedTimes.isEmpty ? nil : sortedTimes.count % 2 == 1
            ? Double(sortedTimes[sortedTimes.count / 2])
            : Double(sortedTimes[sortedTimes.count / 2 - 1] + sortedTimes[sortedTimes.count / 2]) / 2
        leadTime = LeadTime(count: sortedTimes.count, median: median,
                            mean: sortedTimes.isEmpty ? nil : Double(sortedTimes.reduce(0, +)) / Double(sortedTimes.count),
                            longest: sortedTimes.last)
        self.untaggedDone = untaggedDone
        topTags = Array(tagCounts.map { TagCount(tag: $0.key, done: $0.value) }
            .sorted { $0.done != $1.done ? $0.done > $1.done : $0.tag < $1.tag }
            .prefix(ArchiveReport.listLength))
    }

    /// The current and longest runs of days meeting `condition`.
    static func streak(of days: [DayFigures], today: Day, _ condition: (DayStatistics) -> Bool) -> Streak {
        var longest = 0, run = 0
        var longestLast: Day?, runFirst: Day?
        var longestFirst: Day?
        for figures in days {
            if condition(figures.statistics) {
                if run == 0 { runFirst = figures.day }
                run += 1
                if run >= longest {
                    longest = run
                    longestFirst = runFirst
                    longestLast = figures.day
                }
            } else {
                run = 0
            }
        }
        var current = 0
        for (index, figures) in days.enumerated().reversed() {
            if condition(figures.statistics) {
                current += 1
            } else if index == days.count - 1, figures.day == today {
                continue  // today is not over
            } else {
                break
            }
        }
        return Streak(current: current, longest: longest, longestFirst: longest > 0 ? longestFirst : nil,
                      longestLast: longest > 0 ? longestLast : nil)
    }

    /// The days grouped into periods.
    static func periods(of days: [DayFigures], grouping: Grouping, within window: ClosedRange<Day>) -> [Period] {
        var result: [Period] = []
        var index = 0
        while index < days.count {
            let (label, span) = ArchiveReport.period(of: days[index].day, grouping: grouping)
            var sum = DayStatistics()
            var plans = 0
            var backlog: Int?
            while index < days.count, span.contains(days[index].day) {
                sum.add(days[index].statistics)
                plans += 1
                backlog = days[index].backlog
                index += 1
            }
            result.append(Period(label: label, first: max(span.lowerBound, window.lowerBound),
                                 last: min(span.upperBound, window.upperBound), plans: plans, statistics: sum,
                                 backlog: backlog))
        }
        return result
    }

    /// The label and days of the period `day` falls in.
    public static func period(of day: Day, grouping: Grouping) -> (label: String, days: ClosedRange<Day>) {
        switch grouping {
        case .day:
            return (day.description, day...day)
        case .week:
            let week = DayExpression.week(of: day)
            let thursday = week.lowerBound.adding(days: 3)
            let januaryFirst = Day(year: thursday.year, month: 1, day: 1) ?? thursday
            let number = januaryFirst.days(until: thursday) / 7 + 1
            return ("\(thursday.description.prefix(4))-W\(number < 10 ? "0" : "")\(number)", week)
        case .month:
            let range = DayExpression.days(String(day.description.prefix(7)), today: day) ?? day...day
            return (String(day.description.prefix(7)), range)
        }
    }
}
