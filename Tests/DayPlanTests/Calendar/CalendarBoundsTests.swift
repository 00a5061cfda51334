import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A calendar's values out of range, rules counted rather than walked, components that never close, many
/// overrides of one event, and events that overlap a day many times: each read without a trap, in work
/// bounded by the bytes and the day asked, giving what the plain walk gives.
@Suite struct CalendarBoundsTests {
    /// `DURATION:P` and `999999999W` `times` times: weeks that sum past what an Int holds in seconds.
    static func hugeDuration(_ times: Int) -> String { "P" + String(repeating: "999999999W", count: times) }

    @Test func aDurationPastTenThousandYearsIsNamedAndItsEventSkipped() {
        for start in ["DTSTART:20261130T090000", "DTSTART;VALUE=DATE:20261130"] {
            for duration in [Self.hugeDuration(1), Self.hugeDuration(20_000), "P9999999999999999999999D", "PT99999999999H"] {
                let bytes = calendar("SUMMARY:kept\r\nDTSTART:20261130T080000",
                                     "SUMMARY:huge\r\n\(start)\r\nDURATION:\(duration)\r\nRRULE:FREQ=DAILY")
                for days in [nil, Day("2026-11-30")!...Day("2026-11-30")!] {
                    var reader = EventCalendar(days: days)
                    reader.read(bytes, source: "big.ics")
                    let day = reader.events(on: Day("2026-11-30")!, zones: FixedZones())
                    #expect(day.events.map(\.title) == ["kept"], "\(start) \(duration.prefix(30))")
                    #expect(reader.problems.map(\.description).contains { $0.hasPrefix("big.ics:10: DURATION `P") && $0.hasSuffix("is longer than 10,000 years; the event is skipped") },
                            "\(reader.problems)")
                }
            }
        }
        // The longest read: 10,000 years to the day.
        #expect(CalendarDuration("P3652425D") == CalendarDuration(days: 3_652_425, seconds: 0))
        #expect(Array("P3652426D".utf8).withUnsafeBufferPointer { CalendarDuration.read(bytes: $0) } == .tooLong)
        #expect(Array("P1X".utf8).withUnsafeBufferPointer { CalendarDuration.read(bytes: $0) } == .unreadable)
    }

    @Test func aWeeklyRuleWithAHugeCountAndIntervalIsGlancedAtWithoutOverflow() {
        // COUNT × INTERVAL × a week in seconds is past Int.max: the glance at it trapped.
        let bytes = calendar("SUMMARY:far\r\nDTSTART:20261130T090000\r\nDTEND:20261130T100000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;INTERVAL=20000;COUNT=999999999")
        for days in [nil, Day("2026-11-30")!...Day("2026-12-01")!] {
            var reader = EventCalendar(days: days)
            reader.read(bytes, source: "far.ics")
            #expect(reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events.map(\.title) == ["far"])
            #expect(reader.events(on: Day("2026-12-07")!, zones: FixedZones()).events.isEmpty)
        }
    }

    @Test func componentsThatNeverCloseAreEachNamedOnce() {
        // N BEGIN:X, then N END:Y: each END looked through every open component before.
        let count = 5_000
        let text = "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X\r\n", count: count) + String(repeating: "END:Y\r\n", count: count)
            + "BEGIN:VEVENT\r\nSUMMARY:after\r\nDTSTART:20261130T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        var reader = EventCalendar()
        reader.read(Array(text.utf8), source: "open.ics")
        #expect(reader.problems.filter { $0.message == "END:Y without BEGIN:Y; skipped" }.count == count)
        #expect(reader.problems.first?.line == count + 2)
        #expect(reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events.map(\.title) == ["after"])
    }

    @Test func manyOverridesOfOneUIDFindTheFirstMaster() {
        // 2,000 events of one UID and 2,000 overrides of it: each override takes its day from the first.
        var events: [String] = []
        for _ in 0..<2_000 { events.append("UID:same\r\nSUMMARY:master\r\nDTSTART:20261101T090000\r\nRRULE:FREQ=DAILY") }
        for index in 0..<2_000 {
            let day = CivilDays.day(CivilDays.number(of: Day("2026-11-02")!) + index)!
            let stamp = "\(day)".replacingOccurrences(of: "-", with: "")
            events.append("UID:same\r\nRECURRENCE-ID:\(stamp)T090000\r\nSUMMARY:moved\r\nDTSTART:\(stamp)T100000")
        }
        var reader = EventCalendar()
        reader.read(calendar(events), source: "many.ics")
        let titles = reader.events(on: Day("2026-11-05")!, zones: FixedZones()).events.map(\.title)
        // The first master's instance is moved; the 1,999 others (same UID, later in the file) keep theirs.
        #expect(titles.filter { $0 == "moved" }.count == 1)
        #expect(titles.filter { $0 == "master" }.count == 1_999)
    }

    @Test func countedRulesFromYearOneAreCountedNotWalked() throws {
        // DAILY;BYDAY=MO from a Monday of year 1 with COUNT=k: the k-th Monday is the last instance.
        let start = CivilDays.number(year: 1, month: 1, day: 1)
        let monday = start + CivilDays.floorMod(0 - CivilDays.weekday(start), 7)
        let asked = CivilDays.number(of: Day("2026-11-30")!)
        #expect(CivilDays.weekday(asked) == 0)
        let k = (asked - monday) / 7 + 1
        let first = CivilDays.day(monday)!, stamp = "\(first)".replacingOccurrences(of: "-", with: "")
        var events: [String] = []
        for index in 0..<2_000 {
            events.append("SUMMARY:d\(index)\r\nDTSTART:\(stamp)T090000\r\nRRULE:FREQ=DAILY;BYDAY=MO;COUNT=\(k - index % 2)")
        }
        var reader = EventCalendar()
        reader.read(calendar(events), source: "old.ics")
        #expect(reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events.count == 1_000)
        #expect(reader.events(on: Day("2026-11-23")!, zones: FixedZones()).events.count == 2_000)
        #expect(reader.events(on: Day("2026-12-07")!, zones: FixedZones()).events.isEmpty)

        // YEARLY;BYDAY=MO (every Monday of a year) with COUNT from year 1: the same by the year's counts.
        let yearly = try RecurrenceRule(parsing: "FREQ=YEARLY;BYDAY=MO;COUNT=\(k)")
        let at = monday * CivilDays.secondsPerDay
        let found = yearly.instances(start: at, untilWall: nil, in: (asked - 7) * CivilDays.secondsPerDay..<(asked + 8) * CivilDays.secondsPerDay)
        #expect(found == [(asked - 7) * CivilDays.secondsPerDay, asked * CivilDays.secondsPerDay])
    }

    @Test func countingSkippedPeriodsGivesWhatTheWalkGives() throws {
        // Generated small rules of every frequency and part, asked for a range months to centuries after
        // DTSTART: what counting whole cycles gives is what a walk from DTSTART gives.
        var random = EventCalendarPropertyTests.Seeded(state: 55)
        let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var compared = 0, nonEmpty = 0
        for _ in 0..<300 {
            let frequency = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].randomElement(using: &random)!
            var text = "FREQ=\(frequency);COUNT=\(Int.random(in: 1...3_000, using: &random))"
            if Bool.random(using: &random) { text += ";INTERVAL=\(Int.random(in: 1...5, using: &random))" }
            if Bool.random(using: &random) {
                let ordinal = frequency == "MONTHLY" || frequency == "YEARLY"
                text += ";BYDAY=" + (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    (ordinal && Bool.random(using: &random) ? "\([1, 2, -1, 3].randomElement(using: &random)!)" : "") + weekdays.randomElement(using: &random)!
                }.joined(separator: ",")
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                text += ";BYMONTH=" + (0..<Int.random(in: 1...3, using: &random)).map { _ in "\(Int.random(in: 1...12, using: &random))" }.joined(separator: ",")
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                text += ";BYMONTHDAY=" + (0..<Int.random(in: 1...2, using: &random)).map { _ in "\([1, 13, 29, 31, -1].randomElement(using: &random)!)" }.joined(separator: ",")
            }
            if Int.random(in: 0..<4, using: &random) == 0 { text += ";WKST=\(weekdays.randomElement(using: &random)!)" }
            let rule = try RecurrenceRule(parsing: text)
            let start = CivilDays.number(year: 1990, month: 1, day: 1) * CivilDays.secondsPerDay + Int.random(in: 0..<86_400 * 800, using: &random)
            for _ in 0..<3 {
                let span = [40, 400, 4_000, 20_000].randomElement(using: &random)!
                let from = start + Int.random(in: 0..<86_400 * span, using: &random)
                // Long ranges too (an event lasting years), over which runs of periods without a day are skipped.
                let length = Bool.random(using: &random) ? Int.random(in: 1...40, using: &random) : Int.random(in: 600...3_000, using: &random)
                let range = from..<(from + 86_400 * length)
                let walked = rule.instances(start: start, untilWall: nil, in: start..<range.upperBound).filter { range.contains($0) }
                let counted = rule.instances(start: start, untilWall: nil, in: range)
                #expect(counted == walked, "\(text) from \(start) in \(range)")
                compared += 1
                if !walked.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > compared / 10)
    }

    @Test func anEventLongerThanItsRuleIsOneAllDayEntryNamedOnce() {
        // A daily event from year 1 lasting until 2026 overlaps each day of 2026 some 740,000 times.
        for event in ["DTSTART:00010101T090000\r\nDTEND:20261231T090000", "DTSTART;VALUE=DATE:00010101\r\nDTEND;VALUE=DATE:20261231",
                      "DTSTART:20261101T090000\r\nDURATION:P3D"] {
            let bytes = calendar("SUMMARY:ever\r\n\(event)\r\nRRULE:FREQ=DAILY", "SUMMARY:other\r\nDTSTART:20261130T080000")
            for days in [nil, Day("2026-11-30")!...Day("2026-11-30")!] {
                var reader = EventCalendar(days: days)
                reader.read(bytes, source: "ever.ics")
                let day = reader.events(on: Day("2026-11-30")!, zones: FixedZones())
                #expect(day.events.map { "\($0.isAllDay) \($0.title) \($0.start)-\($0.end)" }
                        == ["true ever 2026-11-30T00:00-2026-12-01T00:00", "false other 2026-11-30T08:00-2026-11-30T08:00"], "\(event)")
                #expect(day.problems.count == 1, "\(day.problems)")
                #expect(day.problems.first?.line == 3)
                #expect(day.problems.first?.message.contains("occurrences of this event overlap 2026-11-30") == true)
            }
        }
    }

    @Test func aLongEventOfARareOrNeverDayIsFoundWithoutWalkingItsYears() {
        // Every 29 February from the year 4 to 2024: 492 of them, each lasting to the end of 2026.
        var leap = EventCalendar()
        leap.read(calendar("SUMMARY:leap\r\nDTSTART:00040229T090000\r\nDTEND:20261231T090000\r\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29"), source: "l.ics")
        let day = leap.events(on: Day("2026-11-30")!, zones: FixedZones())
        #expect(day.events.map(\.title) == ["leap"])
        #expect(day.problems.map(\.message) == ["at least 65 occurrences of this event overlap 2026-11-30 (each lasts longer than its rule repeats); shown once, as all day"])
        // A day that never comes (30 February), in 500 events lasting 9,999 years: DTSTART only.
        let never = (0..<500).map { "SUMMARY:never \($0)\r\nDTSTART:00010101T090000\r\nDTEND:99991231T090000\r\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30" }
        var reader = EventCalendar()
        reader.read(calendar(never), source: "n.ics")
        let shown = reader.events(on: Day("2026-11-30")!, zones: FixedZones())
        #expect(shown.events.count == 500)
        #expect(shown.problems.isEmpty)
    }

    @Test func anRDATEWithoutARuleAddsItsInstances() {
        let bytes = calendar("SUMMARY:twice\r\nDTSTART:20261130T090000\r\nDURATION:PT1H\r\nRDATE:20261202T090000,20261203T140000")
        #expect(shown(bytes, on: "2026-11-30") == ["09:00-10:00 twice"])
        #expect(shown(bytes, on: "2026-12-02") == ["09:00-10:00 twice"])
        #expect(shown(bytes, on: "2026-12-03") == ["14:00-15:00 twice"])
        #expect(shown(bytes, on: "2026-12-01") == [])
    }

    @Test func untilBeforeDTSTARTKeepsDTSTARTAndSaysSo() {
        let bytes = calendar("SUMMARY:once\r\nDTSTART:20261130T090000\r\nRRULE:FREQ=DAILY;UNTIL=20261101T000000Z")
        #expect(shown(bytes, on: "2026-11-30") == ["09:00-09:00 once"])
        #expect(shown(bytes, on: "2026-12-01") == [])
        var reader = EventCalendar()
        reader.read(bytes, source: "u.ics")
        #expect(reader.problems.map(\.description) == ["u.ics:6: RRULE's UNTIL is before DTSTART: only DTSTART is shown (RFC 5545 makes it the first occurrence whatever the rule says)"])
        // The same day, in another zone: not surely before, not named.
        var near = EventCalendar()
        near.read(calendar("SUMMARY:near\r\nDTSTART:20261130T090000\r\nRRULE:FREQ=DAILY;UNTIL=20261130T080000Z"), source: "n.ics")
        #expect(near.problems.isEmpty)
    }
}

/// A calendar of `events` given as an array.
func calendar(_ events: [String]) -> [UInt8] {
    Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.map { "BEGIN:VEVENT\r\n\($0)\r\nEND:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n").utf8)
}
