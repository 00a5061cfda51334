import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct DayTests {
    @Test func readsAndWritesIsoDates() {
        #expect(Day("2026-11-21")?.description == "2026-11-21")
        #expect(Day("0001-01-01")?.description == "0001-01-01")
        #expect(Day("2024-02-29") != nil)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-11-31", "2026-1-21", "26-11-21",
                      "2026/11/21", "2026-11-2a", "", "2026-11-21 ", "１２３４-11-21"])
    func rejectsWhatIsNotADate(_ text: String) {
        #expect(Day(text) == nil)
    }

    /// From bytes in one piece (a slice of a file's bytes, read where they are) and from bytes that are not (a
    /// lazy view, copied first), a date reads as from its string.
    @Test(arguments: ["2026-11-21", "2024-02-29", "0000-01-01", "9999-12-31", "2026-02-29", "2026-11-2a", "2026/11/21",
                      "2026-1-211", "+026-11-21"])
    func readsBytesInOnePieceOrNot(_ text: String) {
        let bytes = Array(("x" + text + "y").utf8)
        let slice = bytes[1..<(bytes.count - 1)]
        #expect(Day(utf8: slice) == Day(text))
        #expect(Day(utf8: slice.lazy.map { $0 }) == Day(text))
        #expect((Day(text) != nil) == ["2026-11-21", "2024-02-29", "0000-01-01", "9999-12-31"].contains(text))
    }

    @Test func countsDaysAcrossMonthsYearsAndLeapDays() throws {
        let day = try #require(Day("2026-11-21"))
        #expect(day.adding(days: 10).description == "2026-12-01")
        #expect(day.adding(days: 41).description == "2027-01-01")
        #expect(day.adding(days: -326).description == "2025-12-30")
        #expect(try #require(Day("2024-02-28")).adding(days: 1).description == "2024-02-29")
        #expect(try #require(Day("2100-02-28")).adding(days: 1).description == "2100-03-01")
        #expect(day.days(until: try #require(Day("2026-12-25"))) == 34)
    }

    @Test func walksEveryDayOfFourCenturiesConsistently() throws {
        var day = try #require(Day("1900-01-01"))
        var broken: [String] = []
        for _ in 0..<(400 * 366) {
            let next = day.adding(days: 1)
            if !(next > day) || Day(next.description) != next || day.days(until: next) != 1 {
                broken.append("\(day) -> \(next)")
            }
            day = next
        }
        #expect(broken.isEmpty)
        #expect(day.description == "2300-10-31")
    }

    @Test func ordersChronologically() throws {
        #expect(try #require(Day("2026-11-21")) < #require(Day("2026-12-01")))
        #expect(try #require(Day("2025-12-31")) < #require(Day("2026-01-01")))
    }
}
