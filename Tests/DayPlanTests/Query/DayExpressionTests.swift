import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct DayExpressionTests {
    /// Saturday 2026-11-21.
    let today = Day("2026-11-21")!

    func days(_ word: String) -> String? {
        DayExpression.days(word, today: today).map { "\($0.lowerBound)…\($0.upperBound)" }
    }

    @Test func wordsNameDaysRelativeToToday() {
        #expect(days("today") == "2026-11-21…2026-11-21")
        #expect(days("yesterday") == "2026-11-20…2026-11-20")
        #expect(days("tomorrow") == "2026-11-22…2026-11-22")
        #expect(days("-7d") == "2026-11-14…2026-11-14")
        #expect(days("-0d") == "2026-11-21…2026-11-21")
        #expect(days("-2w") == "2026-11-07…2026-11-07")
        #expect(days("this-week") == "2026-11-16…2026-11-22")
        #expect(days("last-week") == "2026-11-09…2026-11-15")
        #expect(days("this-month") == "2026-11-01…2026-11-30")
        #expect(days("last-month") == "2026-10-01…2026-10-31")
        #expect(days("this-year") == "2026-01-01…2026-12-31")
        #expect(days("last-year") == "2025-01-01…2025-12-31")
    }

    @Test func datesMonthsAndYears() {
        #expect(days("2026-02-14") == "2026-02-14…2026-02-14")
        #expect(days("2024-02") == "2024-02-01…2024-02-29")
        #expect(days("2025") == "2025-01-01…2025-12-31")
    }

    @Test func lastMonthInJanuaryIsLastDecember() {
        #expect(DayExpression.days("last-month", today: Day("2027-01-05")!).map(\.lowerBound.description) == "2026-12-01")
    }

    @Test func aWeekStartsOnMondayEvenOnASunday() {
        #expect(DayExpression.week(of: Day("2026-11-22")!).lowerBound.description == "2026-11-16")
        #expect(DayExpression.week(of: Day("2026-11-16")!).lowerBound.description == "2026-11-16")
    }

    @Test(arguments: ["", "now", "-7", "-d", "-7x", "2026-13", "2026-02-30", "+7d", "26", "-7days"])
    func otherWordsNameNoDay(_ word: String) {
        #expect(DayExpression.days(word, today: today) == nil)
    }
}
