import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct ArchiveReportTests {
    /// A day on which the must task was done (and completion is 100%), or not (0%).
    func day(_ date: String, mustDone: Bool) -> [ArchivedTask] {
        [ArchivedTask(day: Day(date)!, file: "\(date).md", line: 4, column: 1, region: .morning, bucket: .must,
                      status: mustDone ? .done : .todo, title: "Must \(date)")]
    }

    func report(_ tasks: [ArchivedTask], today: String, grouping: ArchiveReport.Grouping? = nil) -> ArchiveReport {
        ArchiveReport(paths: TaskPath.follow(tasks), today: Day(today)!, grouping: grouping)
    }

    @Test func daysWithoutAPlanAreSkippedNotBreaking() {
        // Friday, then Monday and Tuesday: a weekend without files keeps the run.
        let tasks = day("2026-11-13", mustDone: true) + day("2026-11-16", mustDone: true) + day("2026-11-17", mustDone: true)
        let streak = report(tasks, today: "2026-11-18").mustStreak
        #expect(streak.current == 3)
        #expect(streak.longest == 3)
        #expect(streak.longestFirst?.description == "2026-11-13")
    }

    @Test func todayNotDoneYetDoesNotEndTheCurrentStreak() {
        let tasks = day("2026-11-19", mustDone: true) + day("2026-11-20", mustDone: true) + day("2026-11-21", mustDone: false)
        #expect(report(tasks, today: "2026-11-21").mustStreak.current == 2)
        // The next day, the 21st is over and ended it.
        #expect(report(tasks, today: "2026-11-22").mustStreak.current == 0)
        #expect(report(tasks, today: "2026-11-22").mustStreak.longest == 2)
    }

    @Test func theLongestRunIsTheLatestOfEquals() {
        let tasks = day("2026-11-16", mustDone: true) + day("2026-11-17", mustDone: false) + day("2026-11-18", mustDone: true)
            + day("2026-11-19", mustDone: false)
        let streak = report(tasks, today: "2026-11-20").mustStreak
        #expect(streak == ArchiveReport.Streak(current: 0, longest: 1, longestFirst: Day("2026-11-18"), longestLast: Day("2026-11-18")))
    }

    @Test func aCancelledMustTaskDoesNotBreakTheStreakButNeedsAnotherDone() {
        var stats = DayStatistics()
        stats.add(region: .morning, bucket: .must, status: .cancelled)
        #expect(!stats.keepsMustStreak)
        stats.add(region: .afternoon, bucket: .must, status: .done)
        #expect(stats.keepsMustStreak)
        stats.add(region: .backlog, bucket: .must, status: .todo)
        #expect(stats.keepsMustStreak)
        stats.add(region: .evening, bucket: .must, status: .moved)
        #expect(!stats.keepsMustStreak)
    }

    @Test func completionAndScoreDefinitions() {
        var stats = DayStatistics()
        #expect(stats.completion == nil)
        stats.add(region: .morning, bucket: .misc, status: .cancelled)
        #expect(stats.completion == nil)
        stats.add(region: .morning, bucket: .complementary, status: .done)
        stats.add(region: .evening, bucket: .misc, status: .inProgress)
        #expect(stats.completion == 0.5)
        // A backlog task done scores but is not planned.
        stats.add(region: .backlog, bucket: .must, status: .done)
        #expect(stats.completion == 0.5)
        #expect(stats.score == 4 + 7)
        #expect(Score.fullDay == 102)
    }

    @Test func theSameDefinitionFromADocument() {
        let document = DayDocument(parsing: Array("""
            # 2026-11-20

            ## Morning
            * [x] Ship it
            + [/] Refactor
              - [ ] a sub-task is no task

            ## Habits
            - [x] not in a region

            ## Backlog
            - [x] Old thing
            """.utf8))
        let stats = DayStatistics(document)
        #expect(stats.planned == TaskCounts(planned: 2, done: 1, cancelled: 0, moved: 0, open: 1))
        #expect(stats.counts(in: .backlog).done == 1)
        #expect(stats.score == 7 + 3)
    }

    @Test func periodsGroupByIsoWeekAndMonth() {
        let tasks = day("2026-11-15", mustDone: true) + day("2026-11-16", mustDone: true) + day("2026-12-01", mustDone: false)
        let weeks = report(tasks, today: "2026-12-01", grouping: .week).periods
        #expect(weeks.map(\.label) == ["2026-W46", "2026-W47", "2026-W49"])
        #expect(weeks.map(\.plans) == [1, 1, 1])
        let months = report(tasks, today: "2026-12-01", grouping: .month).periods
        #expect(months.map(\.label) == ["2026-11", "2026-12"])
        #expect(months.map(\.statistics.planned.done) == [2, 0])
        #expect(months[0].first.description == "2026-11-15")
        #expect(ArchiveReport.period(of: Day("2027-01-01")!, grouping: .week).label == "2026-W53")
        #expect(ArchiveReport.period(of: Day("2026-01-01")!, grouping: .week).label == "2026-W01")
        #expect(ArchiveReport.Grouping.suited(toDays: 31) == .day)
        #expect(ArchiveReport.Grouping.suited(toDays: 90) == .week)
        #expect(ArchiveReport.Grouping.suited(toDays: 365) == .month)
    }

    @Test func theReportsDaysLimitTheFiguresButNotAPathsFirstDay() {
        let tasks = [
            ArchivedTask(day: Day("2026-11-10")!, file: "a", line: 1, column: 1, region: .morning, bucket: .misc, status: .moved, title: "Old"),
            ArchivedTask(day: Day("2026-11-20")!, file: "b", line: 1, column: 1, region: .morning, bucket: .misc, status: .done, title: "Old"),
        ]
        let report = ArchiveReport(paths: TaskPath.follow(tasks), since: Day("2026-11-15"), today: Day("2026-11-21")!)
        #expect(report.days.count == 1)
        #expect(report.leadTime.longest == 10)
        #expect(report.mostMigrated.map(\.moves) == [1])
        #expect(report.first.description == "2026-11-15")
        #expect(report.calendarDays == 7)
    }
}
