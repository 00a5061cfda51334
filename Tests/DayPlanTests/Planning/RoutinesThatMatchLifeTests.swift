import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `@every:` counted from completion (`done+3d`), ordinal weekdays (`month:2nd-tue`), an end
/// (`until:`, `times:` from a `start:`), and one copy for days nobody rolled over into.
@Suite struct RoutinesThatMatchLifeTests {
    static func day(_ text: String) -> Day { Day(text)! }

    @Test(arguments: [
        ("done+3d", "done+3d"), ("DONE+14d", "done+2w"), ("done+2w", "done+2w"), ("month:2nd-tue", "month:2nd-tue"),
        ("month:LAST-fri", "month:last-fri"), ("month:5th-sun", "month:5th-sun"), ("day,until:2026-12-24", "day,until:2026-12-24"),
        ("mon,thu,start:2026-12-03,times:5", "mon,thu,start:2026-12-03,times:5"), ("week:2/2026-11-23,times:3", "week:2/2026-11-23,times:3"),
        ("done+3d,start:2026-12-01,until:2027-01-31", "done+3d,start:2026-12-01,until:2027-01-31"), ("weekday,start:2027-01-04", "weekday,start:2027-01-04"),
    ])
    func newRecurrencesReadAndWriteBack(_ text: String, _ canonical: String) throws {
        #expect(try #require(Recurrence(text)).description == canonical)
        #expect(Recurrence(canonical)?.description == canonical)
    }

    @Test(arguments: [
        ("3d", "a repeat every few days counts from the day it was done: write `done+3d`"),
        ("done+0d", "`done+` takes days or weeks, up to a year, as in `done+3d` or `done+2w`"),
        ("done+3", "`done+` takes days or weeks, up to a year, as in `done+3d` or `done+2w`"),
        ("done+60w", "`done+` takes days or weeks, up to a year, as in `done+3d` or `done+2w`"),
        ("month:6th-tue", "`6th` is not an ordinal; write 1st, 2nd, 3rd, 4th, 5th or last, as in `month:last-fri`"),
        ("month:2nd-tues", "`tues` is not a weekday; write `month:2nd-tue` with mon, tue, wed, thu, fri, sat or sun"),
        ("day,until:2026-13-01", "`until:` takes a date, as in `until:2026-12-31`"),
        ("sat,times:6", "`times:` counts the due days from a first day: add `start:YYYY-MM-DD` before it, as in `sat,start:2026-12-05,times:6`"),
        ("sat,start:2026-12-05,times:0", "`times:` takes a count from 1 to 999, as in `times:6`"),
        ("done+3d,start:2026-12-01,times:4", "a repeat counted from completion ends on a day, not after a count: write `until:YYYY-MM-DD`"),
        ("day,until:2026-12-24,start:2026-12-01", "`until:` is written once, after the repeat and its `start:`, before nothing else"),
        ("day,until:2026-12-24,until:2026-12-25", "`until:` is written once, after the repeat and its `start:`, before nothing else"),
        ("day,start:2026-12-24,until:2026-12-01", "it ends (2026-12-01) before it starts (2026-12-24)"),
        ("until:2026-12-24", "`until:2026-12-24` is none of day, weekday, weekend, mon to sun, month:…, week:…, yearly:… or done+…"),
        ("mon,mon", "`mon` is listed twice"),
    ])
    func badValuesSayWhy(_ text: String, _ reason: String) {
        #expect(Recurrence(text) == nil)
        #expect(Recurrence.problem(in: text) == reason)
    }

    @Test func theFindingIsDP050WithTheReason() {
        let document = DayDocument(parsing: "# 2026-12-01\n\n## Morning\n- [ ] Water the ferns @every:3d\n")
        #expect(document.diagnostics.map(\.rule) == [.badRecurrence])
        #expect(document.diagnostics.first?.message
                == "`@every:3d` is not a recurrence: a repeat every few days counts from the day it was done: write `done+3d`; FORMAT.md §3.5 lists them (day, weekday, mon,wed,fri, month:last, month:2nd-tue, done+3d, …).")
    }

    @Test func ordinalWeekdaysFallOnTheirDays() throws {
        let december = (1...31).map { Day(year: 2026, month: 12, day: $0)! }
        #expect(december.filter { Recurrence("month:2nd-tue")!.isDue(on: $0) }.map(\.day) == [8])
        #expect(december.filter { Recurrence("month:1st-tue")!.isDue(on: $0) }.map(\.day) == [1])
        #expect(december.filter { Recurrence("month:last-fri")!.isDue(on: $0) }.map(\.day) == [25])
        #expect(december.filter { Recurrence("month:last-thu")!.isDue(on: $0) }.map(\.day) == [31])
        #expect(december.filter { Recurrence("month:5th-thu")!.isDue(on: $0) }.map(\.day) == [31])
        #expect(december.filter { Recurrence("month:5th-tue")!.isDue(on: $0) }.map(\.day) == [29])
        // A month without a fifth Friday has none.
        #expect(december.filter { Recurrence("month:5th-fri")!.isDue(on: $0) }.isEmpty)
    }

    @Test func endsAreKept() throws {
        let december = (1...31).map { Day(year: 2026, month: 12, day: $0)! }
        #expect(december.filter { Recurrence("day,until:2026-12-24")!.isDue(on: $0) }.map(\.day) == Array(1...24))
        #expect(december.filter { Recurrence("mon,thu,start:2026-12-03,times:5")!.isDue(on: $0) }.map(\.day) == [3, 7, 10, 14, 17])
        #expect(december.filter { Recurrence("weekday,start:2026-12-30")!.isDue(on: $0) }.map(\.day) == [30, 31])
        #expect(december.filter { Recurrence("week:1/2026-11-30,times:2")!.isDue(on: $0) }.map(\.day) == [7])
    }

    @Test func missedDaysGiveOneCopyForTheLatest() throws {
        let sunday = try #require(Recurrence("sun"))
        // From Friday's plan into Monday: Sunday was missed, so one copy, for Sunday.
        #expect(sunday.dueDay(opening: Self.day("2026-12-14"), after: Self.day("2026-12-11"), lastClosed: nil) == Self.day("2026-12-13"))
        #expect(sunday.dueDay(opening: Self.day("2026-12-15"), after: Self.day("2026-12-14"), lastClosed: nil) == nil)
        // Three weeks away: one copy, for the last Sunday.
        #expect(sunday.dueDay(opening: Self.day("2027-01-05"), after: Self.day("2026-12-11"), lastClosed: nil) == Self.day("2027-01-03"))
        // An end passed while away still gives the one copy for the last due day before it.
        let advent = try #require(Recurrence("day,until:2026-12-24"))
        #expect(advent.dueDay(opening: Self.day("2026-12-28"), after: Self.day("2026-12-23"), lastClosed: nil) == Self.day("2026-12-24"))
        #expect(advent.dueDay(opening: Self.day("2026-12-29"), after: Self.day("2026-12-28"), lastClosed: nil) == nil)
        // Not before its start.
        let later = try #require(Recurrence("day,start:2027-01-04"))
        #expect(later.dueDay(opening: Self.day("2027-01-03"), after: Self.day("2026-12-20"), lastClosed: nil) == nil)
    }

    @Test func completionStartsTheWait() throws {
        let ferns = try #require(Recurrence("done+3d"))
        let monday = Self.day("2026-12-07")
        #expect(ferns.dueDay(opening: monday, after: nil, lastClosed: nil) == monday)
        #expect(ferns.dueDay(opening: monday, after: nil, lastClosed: monday.adding(days: -2)) == nil)
        #expect(ferns.dueDay(opening: monday, after: nil, lastClosed: monday.adding(days: -3)) == monday)
        #expect(ferns.dueDay(opening: monday, after: nil, lastClosed: monday.adding(days: -30)) == monday)
        let ended = try #require(Recurrence("done+3d,until:2026-12-06"))
        #expect(ended.dueDay(opening: monday, after: nil, lastClosed: nil) == nil)
    }

    @Test func historyKeepsTheLatestClosedDay() {
        let history = RoutineHistory(days: [
            (Self.day("2026-12-03"), DayDocument(parsing: "## Morning\n- [x] Water the ferns\n- [>] Call Bo\n")),
            (Self.day("2026-12-01"), DayDocument(parsing: "## Morning\n- [-] Water the ferns\n- [ ] Read\n")),
        ])
        #expect(history.lastClosed("Water the ferns") == Self.day("2026-12-03"))
        #expect(history.lastClosed("Call Bo") == nil && history.lastClosed("Read") == nil)
        #expect(RoutineHistory.lookback(of: DayDocument(parsing: "## Morning\n- [ ] a @every:done+3d\n- [ ] b @every:done+2w,until:2027-01-01\n- [x] c @every:done+4w\n")) == 14)
    }
}

/// A month of rollovers (December 2026) with one routine of each new kind, days skipped as a person skips
/// them (a weekend away, Christmas), and the person closing what the day holds. Nothing is doubled, nothing
/// skipped: checked below, and the whole month kept as a golden file.
///
/// Re-record after an intended change with `RECORD_GOLDEN=1 swift test --filter RoutineMonthGoldenTests`, then
/// review the diff.
@Suite struct RoutineMonthGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/routines-month.txt")
    static let routines = """
        ## Morning
        - [ ] Water the ferns @every:done+3d
        + [ ] Team retro @every:month:2nd-tue

        ## Afternoon
        * [ ] Pay the rent @every:month:last-fri
        - [ ] Physio exercises @every:mon,thu,start:2026-12-03,times:5
        - [ ] Light the advent candle @every:day,until:2026-12-24

        ## Evening
        - [ ] Take out the bins @every:sun

        """
    /// The days nobody rolls over into.
    static let skipped: Set<Int> = [12, 13, 25, 26, 27]

    @Test func aMonthOfRollovers() throws {
        let routines = DayDocument(parsing: Self.routines)
        var previous = (day: Day("2026-11-30")!, bytes: Array("# 2026-11-30\n\n## Backlog\n- [ ] Book the flights\n".utf8))
        var history = RoutineHistory()
        var log = ""
        var copies: [String: [Int]] = [:]  // each routine's title: the days a copy was added on
        var closedFerns: [Int] = []
        for number in 1...31 where !Self.skipped.contains(number) {
            let day = Day(year: 2026, month: 12, day: number)!
            let plan = try Rollover(opening: day, from: previous, existing: nil, routines: routines, history: history)
            try plan.verify()
            let titles = DayDocument(parsing: plan.targetAfter).allTasks.filter(\.status.isOpen).map(\.title)
            for routine in routines.allTasks {
                #expect(titles.filter { $0 == routine.title }.count <= 1, "\(day): \(routine.title) twice")
            }
            var line = "\(day) \(Weekday(of: day).abbreviation):"
            for placement in plan.placements where placement.reason == .routine {
                // Yesterday's unfinished copy, brought to the routine's region: no copy added.
                if placement.oldDayLine != nil {
                    line += " ~\(placement.title) (yesterday's copy)" + (placement.region == .backlog ? " → Backlog" : "") + ";"
                    continue
                }
                copies[placement.title, default: []].append(number)
                line += " +\(placement.title)" + (placement.missedDay.map { " (due \($0))" } ?? "")
                    + (placement.region == .backlog ? " → Backlog" : "") + ";"
            }
            // The person closes every routine copy of the day, except that the ferns wait on days divisible by 5.
            var bytes = plan.targetAfter
            var closed: [String] = []
            for task in DayDocument(parsing: bytes).allTasks where task.status.isOpen && routines.allTasks.contains(where: { $0.title == task.title }) {
                if task.title == "Water the ferns" && number % 5 == 0 { continue }
                if let taskLine = TaskLine(task, in: bytes) { bytes[taskLine.box.lowerBound + 1] = UInt8(ascii: "x") }
                closed.append(task.title)
                if task.title == "Water the ferns" { closedFerns.append(number) }
            }
            line += closed.isEmpty ? "" : " done: " + closed.joined(separator: ", ")
            log += line + "\n"
            history.record(DayDocument(parsing: bytes), of: day)
            previous = (day, bytes)
        }
        // Nothing skipped, nothing doubled: each routine's copies are the days the calendar says, a missed one once.
        #expect(copies["Team retro"] == [8])
        #expect(copies["Pay the rent"] == [28])
        #expect(copies["Physio exercises"] == [3, 7, 10, 14, 17])
        #expect(copies["Light the advent candle"] == Array(1...24).filter { !Self.skipped.contains($0) })
        #expect(copies["Take out the bins"] == [6, 14, 20, 28])
        // The ferns come three days after each watering, a wait counted over skipped days too.
        let ferns = try #require(copies["Water the ferns"])
        for (added, watered) in zip(ferns.dropFirst(), closedFerns) {
            #expect(added == (watered + 3...31).first { !Self.skipped.contains($0) }, "ferns added on \(added) after watering on \(watered)")
        }
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try log.write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(log == expected, "routines-month.txt differs; re-record with RECORD_GOLDEN=1 and review the diff")
    }
}
