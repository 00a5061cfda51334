import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The worked example of REPORTS.md, figure by figure, as the document derives them by hand.
@Suite struct ReportsDocumentTests {
    func report() throws -> ArchiveReport {
        ArchiveReport(paths: try WorkedExample.paths(), today: WorkedExample.today)
    }

    @Test func theExampleHasThreeDays() throws {
        #expect(try WorkedExample.files().map(\.name) == ["2026-11-18.md", "2026-11-19.md", "2026-11-20.md"])
    }

    @Test func perDayCountsCompletionScoreAndBacklog() throws {
        let days = try report().days
        #expect(days.map(\.day.description) == ["2026-11-18", "2026-11-19", "2026-11-20"])
        let planned = days.map(\.statistics.planned)
        #expect(planned.map(\.planned) == [5, 2, 5])
        #expect(planned.map(\.done) == [3, 1, 4])
        #expect(planned.map(\.cancelled) == [1, 0, 0])
        #expect(planned.map(\.moved) == [1, 1, 0])
        #expect(planned.map(\.open) == [0, 0, 1])
        #expect(days.map(\.statistics.completion) == [0.75, 0.5, 0.8])
        #expect(days.map(\.statistics.score) == [14, 3, 17])
        #expect(days.map(\.statistics.keepsMustStreak) == [true, false, true])
        #expect(days.map(\.backlog) == [1, 2, 1])
        #expect(days.map(\.backlogMeanAge) == [2, 2, 1])
        #expect(days.map(\.backlogOldestAge) == [2, 3, 1])
    }

    @Test func totals() throws {
        let total = try report().total
        #expect(total.planned == TaskCounts(planned: 12, done: 8, cancelled: 1, moved: 2, open: 1))
        #expect(total.completion == 8.0 / 11.0)
        #expect(total.score == 34)
        #expect(total.counts(in: .backlog) == TaskCounts(planned: 4, done: 0, cancelled: 0, moved: 3, open: 1))
        #expect(total.counts(of: .must) == TaskCounts(planned: 3, done: 2, cancelled: 0, moved: 1, open: 0))
    }

    @Test func pathsMovesAndFirstPlannedDays() throws {
        let migrated = try report().mostMigrated
        #expect(migrated.map(\.title) == ["Fix the bike #home/bike", "Call the bank #admin", "Plan the workshop #work"])
        #expect(migrated.map(\.moves) == [2, 2, 1])
        #expect(migrated.map(\.firstPlanned.description) == ["2026-11-16", "2026-11-18", "2026-11-19"])
        #expect(migrated.map(\.latest.status) == [.done, .done, .todo])
    }

    @Test func streaks() throws {
        let report = try report()
        #expect(report.mustStreak == ArchiveReport.Streak(current: 1, longest: 1, longestFirst: Day("2026-11-20"),
                                                          longestLast: Day("2026-11-20")))
        #expect(report.completionStreak == ArchiveReport.Streak(current: 1, longest: 1, longestFirst: Day("2026-11-20"),
                                                                longestLast: Day("2026-11-20")))
    }

    @Test func leadTimeAndTopTags() throws {
        let report = try report()
        #expect(report.leadTime == ArchiveReport.LeadTime(count: 8, median: 0, mean: 0.75, longest: 4))
        // The implied `inbox` is no top tag: the three tasks without a tag are counted apart.
        #expect(report.topTags == [ArchiveReport.TagCount(tag: "work", done: 3), ArchiveReport.TagCount(tag: "admin", done: 1),
                                   ArchiveReport.TagCount(tag: "home/bike", done: 1)])
        #expect(report.untaggedDone == 3)
    }
}
