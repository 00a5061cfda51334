import Testing
@testable import DayPlan
@testable import DayPlanFlow

/// The week's first day, from the day it starts on, and the day a locale starts its week on.
@Suite struct WeekOverviewTests {
    /// Every day of a fortnight falls in the week starting on the latest first weekday on or before it.
    @Test(arguments: [Weekday.monday, .sunday, .saturday])
    func eachDayIsInTheWeekStartingOnItsFirstWeekday(_ first: Weekday) {
        let monday = Day("2026-11-16")!
        for offset in 0..<14 {
            let day = monday.adding(days: offset)
            let start = WeekOverview.start(of: day, firstWeekday: first)
            #expect(Weekday(of: start) == first, "\(day)")
            #expect(start <= day && start.days(until: day) < 7, "\(day): \(start)")
        }
    }

    @Test(arguments: [
        ("en_US.UTF-8", Weekday.sunday), ("en_GB.UTF-8", .monday), ("de_DE@euro", .monday), ("pt-BR", .sunday),
        ("ja_JP.eucJP", .sunday), ("ar_EG.UTF-8", .saturday), ("fa_IR", .saturday), ("fr_CA", .sunday), ("nb_NO", .monday),
        ("sr_RS@latin", .monday), ("en_us", .sunday),
    ])
    func aLocalesTerritorySaysTheFirstWeekday(_ locale: String, _ first: Weekday) {
        #expect(WeekOverview.firstWeekday(locale: locale) == first, "\(locale)")
    }

    @Test(arguments: ["C", "POSIX", "C.UTF-8", "en", "", "_", "en_", "en_U1", "zh_Hans"])
    func aLocaleWithoutATerritorySaysNothing(_ locale: String) {
        #expect(WeekOverview.firstWeekday(locale: locale) == nil, "\(locale)")
    }
}
