import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Time zones from Foundation's database, for the tests only (the library takes them as `TimeZoneRules`).
struct FoundationZones: TimeZoneRules {
    var local: TimeZone

    func offset(ofZone id: String, at instant: Int) -> Int? {
        TimeZone(identifier: id)?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    func localOffset(at instant: Int) -> Int {
        local.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }
}

/// A calendar of `events` (VEVENT bodies), in one VCALENDAR.
func calendar(_ events: String...) -> [UInt8] {
    Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.map { "BEGIN:VEVENT\r\n\($0)\r\nEND:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n").utf8)
}

/// The events of `day` in `bytes`, as `HH:MM-HH:MM title` (all-day: `all-day title`).
func shown(_ bytes: [UInt8], on day: String, zones: some TimeZoneRules = FixedZones()) -> [String] {
    var reader = EventCalendar()
    reader.read(bytes, source: "test.ics")
    return reader.events(on: Day(day)!, zones: zones).events.map { event in
        event.isAllDay ? "all-day \(event.title)" : "\(event.start.clock)-\(event.end.clock) \(event.title)"
    }
}

@Suite struct EventCalendarTests {
    @Test func unfoldsLinesAndUnescapesText() {
        let bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Team\r\n  meeting\\, weekly\\; room \\\\1\\nfloor 2\r\nLOCATION;LANGUAGE=en:Room\n\t 4\r\nDTSTART:20261130T090000\r\nDTEND:20261130T100000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        var reader = EventCalendar()
        reader.read(bytes, source: "a.ics")
        let events = reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events
        #expect(events.map(\.title) == ["Team meeting, weekly; room \\1\nfloor 2"])
        #expect(events.first?.location == "Room 4")
        #expect(events.first?.line == 2)
        #expect(reader.problems.isEmpty)
    }

    @Test func readsUTCFloatingAndDuration() {
        let zones = FixedZones(local: 3600)
        let bytes = calendar("SUMMARY:utc\r\nDTSTART:20261130T080000Z\r\nDURATION:PT1H30M",
                             "SUMMARY:floating\r\nDTSTART:20261130T080000\r\nDTEND:20261130T083000",
                             "SUMMARY:no end\r\nDTSTART:20261130T120000")
        #expect(shown(bytes, on: "2026-11-30", zones: zones) == ["08:00-08:30 floating", "09:00-10:30 utc", "12:00-12:00 no end"])
    }

    @Test func allDayEventsAreListedFirstAndTakeNoHours() {
        let bytes = calendar("SUMMARY:trip\r\nDTSTART;VALUE=DATE:20261129\r\nDTEND;VALUE=DATE:20261202",
                             "SUMMARY:talk\r\nDTSTART:20261130T070000")
        #expect(shown(bytes, on: "2026-11-30") == ["all-day trip", "07:00-07:00 talk"])
        #expect(shown(bytes, on: "2026-12-01") == ["all-day trip"])
        #expect(shown(bytes, on: "2026-12-02") == [])
        var reader = EventCalendar()
        reader.read(bytes, source: "x")
        #expect(reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events[0].minutes(on: Day("2026-11-30")!) == nil)
        #expect(reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events[1].minutes(on: Day("2026-11-30")!) == 420..<420)
    }

    @Test func anEventOverMidnightTouchesBothDays() {
        let bytes = calendar("SUMMARY:night\r\nDTSTART:20261130T230000\r\nDTEND:20261201T010000")
        #expect(shown(bytes, on: "2026-11-30") == ["23:00-01:00 night"])
        #expect(shown(bytes, on: "2026-12-01") == ["23:00-01:00 night"])
        var reader = EventCalendar()
        reader.read(bytes, source: "x")
        let event = reader.events(on: Day("2026-12-01")!, zones: FixedZones()).events[0]
        #expect(event.minutes(on: Day("2026-12-01")!) == 0..<60)
        #expect(event.minutes(on: Day("2026-11-30")!) == 1380..<1440)
    }

    @Test func tzidTimesFollowSummerTimeIntoTheLocalZone() {
        // A weekly 09:00 New York meeting, read in Berlin: the US changes its clocks on 2026-03-08, Europe on
        // 2026-03-29, so for three weeks the meeting is an hour earlier in Berlin.
        let zones = FoundationZones(local: TimeZone(identifier: "Europe/Berlin")!)
        let bytes = calendar("SUMMARY:standup\r\nDTSTART;TZID=America/New_York:20260302T090000\r\nDTEND;TZID=America/New_York:20260302T093000\r\nRRULE:FREQ=WEEKLY")
        #expect(shown(bytes, on: "2026-03-02", zones: zones) == ["15:00-15:30 standup"])
        #expect(shown(bytes, on: "2026-03-09", zones: zones) == ["14:00-14:30 standup"])
        #expect(shown(bytes, on: "2026-03-30", zones: zones) == ["15:00-15:30 standup"])
        // A time skipped by the change is read with the offset before it (02:30 is 03:30).
        let skipped = calendar("SUMMARY:gap\r\nDTSTART;TZID=Europe/Berlin:20260329T023000")
        #expect(shown(skipped, on: "2026-03-29", zones: zones) == ["03:30-03:30 gap"])
        // An unknown zone is named, and its times read as local.
        var reader = EventCalendar()
        reader.read(calendar("SUMMARY:x\r\nDTSTART;TZID=Mars/Olympus:20260302T090000"), source: "m.ics")
        let day = reader.events(on: Day("2026-03-02")!, zones: zones)
        #expect(day.events.map(\.start.clock) == ["09:00"])
        #expect(day.problems.map(\.description) == ["m.ics:3: TZID `Mars/Olympus` is no time zone dayplan knows (it reads IANA names such as Europe/Berlin); its times are read as local time"])
    }

    @Test(arguments: [
        // (rule, DTSTART day, days with an instance among 2026-01-01 … 2026-12-31, first few)
        ("FREQ=DAILY;COUNT=3", "20260105", ["2026-01-05", "2026-01-06", "2026-01-07"]),
        ("FREQ=DAILY;INTERVAL=10;UNTIL=20260201", "20260105", ["2026-01-05", "2026-01-15", "2026-01-25"]),
        ("FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4", "20260106", ["2026-01-06", "2026-01-08", "2026-01-13", "2026-01-15"]),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20260210T235959Z", "20260105", ["2026-01-05", "2026-01-19", "2026-02-02"]),
        ("FREQ=MONTHLY;BYDAY=2TU;COUNT=3", "20260113", ["2026-01-13", "2026-02-10", "2026-03-10"]),
        ("FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", "20260130", ["2026-01-30", "2026-02-27", "2026-03-27"]),
        ("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3", "20260131", ["2026-01-31", "2026-02-28", "2026-03-31"]),
        ("FREQ=MONTHLY;COUNT=4", "20260131", ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"]),
        ("FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR;COUNT=2", "20260213", ["2026-02-13", "2026-03-13"]),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;COUNT=1", "20260329", ["2026-03-29"]),
        ("FREQ=YEARLY;BYMONTH=1,7;COUNT=2", "20260110", ["2026-01-10", "2026-07-10"]),
    ])
    func expandsEachRulePart(rule: String, start: String, expected: [String]) {
        let bytes = calendar("SUMMARY:r\r\nDTSTART:\(start)T100000\r\nRRULE:\(rule)")
        var reader = EventCalendar()
        reader.read(bytes, source: "r.ics")
        #expect(reader.problems.isEmpty)
        var days: [String] = []
        var day = Day("2026-01-01")!
        while day.year == 2026 {
            if !reader.events(on: day, zones: FixedZones()).events.isEmpty { days.append(day.description) }
            day = day.adding(days: 1)
        }
        #expect(Array(days.prefix(expected.count)) == expected)
        if rule.contains("COUNT") || rule.contains("UNTIL") { #expect(days == expected) }
    }

    @Test func exdateAndOverridesMoveAndCancelInstances() {
        let bytes = calendar(
            "UID:w1\r\nSUMMARY:weekly\r\nDTSTART;TZID=Europe/Berlin:20261102T100000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY\r\nEXDATE;TZID=Europe/Berlin:20261109T100000",
            "UID:w1\r\nRECURRENCE-ID;TZID=Europe/Berlin:20261116T100000\r\nSUMMARY:weekly (moved)\r\nDTSTART;TZID=Europe/Berlin:20261117T140000\r\nDTEND;TZID=Europe/Berlin:20261117T150000",
            "UID:w1\r\nRECURRENCE-ID:20261123T090000Z\r\nSTATUS:CANCELLED\r\nSUMMARY:weekly\r\nDTSTART;TZID=Europe/Berlin:20261123T100000")
        let zones = FoundationZones(local: TimeZone(identifier: "Europe/Berlin")!)
        #expect(shown(bytes, on: "2026-11-02", zones: zones) == ["10:00-11:00 weekly"])
        #expect(shown(bytes, on: "2026-11-09", zones: zones) == [])
        #expect(shown(bytes, on: "2026-11-16", zones: zones) == [])
        #expect(shown(bytes, on: "2026-11-17", zones: zones) == ["14:00-15:00 weekly (moved)"])
        #expect(shown(bytes, on: "2026-11-23", zones: zones) == [])
        #expect(shown(bytes, on: "2026-11-30", zones: zones) == ["10:00-11:00 weekly"])
    }

    /// A source's bytes may be used again once read (the command line reads every calendar into the same
    /// memory): the texts of its events, folded or not, and a cancelled override stay as they were read.
    @Test func keepsNothingOfTheBytesItRead() {
        var bytes = calendar(
            "UID:w1\r\nSUMMARY:Weekly\r\n  review\r\nLOCATION:Room\r\n\t 4\r\nDTSTART:20261102T100000\r\nDURATION:PT1H\r\nRRULE:FREQ=WEEKLY",
            "UID:w1\r\nRECURRENCE-ID:20261109T100000\r\nSTATUS:CANCELLED\r\nSUMMARY:Weekly\r\nDTSTART:20261109T100000",
            "UID:w1\r\nRECURRENCE-ID:20261116T100000\r\nSUMMARY:Moved\r\nDTSTART:20261117T140000\r\nDTEND:20261117T150000")
        for days in [nil, Day("2026-11-02")!...Day("2026-11-17")!] {
            var reader = EventCalendar(days: days)
            bytes.withUnsafeBufferPointer { reader.read($0, source: "w.ics") }
            let kept = bytes
            for index in bytes.indices { bytes[index] = UInt8(ascii: "X") }
            func shown(_ day: String) -> [String] {
                reader.events(on: Day(day)!, zones: FixedZones()).events.map { "\($0.start.clock) \($0.title) (\($0.location ?? "-"), \($0.uid ?? "-"))" }
            }
            #expect(shown("2026-11-02") == ["10:00 Weekly review (Room 4, w1)"])
            #expect(shown("2026-11-09") == [])
            #expect(shown("2026-11-16") == [])
            #expect(shown("2026-11-17") == ["14:00 Moved (-, w1)"])
            #expect(reader.problems.isEmpty)
            bytes = kept
        }
    }

    @Test func aContentLineExtendsOverItsFoldedLines() {
        let bytes = Array("SUMMARY:a\r\n b\r\n\tc\r\nUID:x\nEND:VEVENT".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(ContentLine.extent(at: 0, in: buffer) == 0..<19)
            #expect(ContentLine.extent(at: 19, in: buffer) == 19..<25)
            // The last line, without a line break.
            #expect(ContentLine.extent(at: 25, in: buffer) == 25..<35)
        }
    }

    @Test func brokenInputIsNamedAndTheRestRead() {
        let bytes = Array("""
            BEGIN:VCALENDAR
            this line has no colon
            BEGIN:VEVENT
            SUMMARY:no start
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:bad rule
            DTSTART:20261130T090000
            RRULE:FREQ=HOURLY
            DURATION:one hour
            END:VEVENT
            BEGIN:VEVENT
            SUMMARY:bad date
            DTSTART:2026-11-30
            END:VEVENT
            END:VTODO
            BEGIN:VEVENT
            SUMMARY:fine
            DTSTART:20261130T100000
            """.utf8) + [0x0A, 0xFF, 0x0A]
        var reader = EventCalendar()
        reader.read(bytes, source: "b.ics")
        #expect(reader.problems.map(\.description) == [
            "b.ics:2: `this line has no colon` is no content line (NAME:value); skipped",
            "b.ics:3: this VEVENT has no readable DTSTART; skipped",
            "b.ics:9: RRULE: FREQ=HOURLY is not read (dayplan reads DAILY, WEEKLY, MONTHLY and YEARLY); only the first occurrence is shown",
            "b.ics:10: DURATION `one hour` is not a duration such as PT1H30M or P1D; the event is read without it",
            "b.ics:14: DTSTART `2026-11-30` is not a DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS, Z for UTC)",
            "b.ics:12: this VEVENT has no readable DTSTART; skipped",
            "b.ics:16: END:VTODO without BEGIN:VTODO; skipped",
            "b.ics:20: `\u{FFFD}` is no content line (NAME:value); skipped",
            "b.ics:17: this VEVENT has no END:VEVENT; read up to the end of the file",
        ])
        #expect(reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events.map(\.title) == ["bad rule", "fine"])
        #expect(reader.events(on: Day("2026-12-01")!, zones: FixedZones()).events.isEmpty)
    }

    @Test func aRuleWithoutEndIsExpandedOnlyToTheDayAsked() {
        // Daily since the year 1000: asking for one day in 2026 walks only the periods around it.
        let bytes = calendar("SUMMARY:forever\r\nDTSTART:10000101T080000\r\nRRULE:FREQ=DAILY")
        #expect(shown(bytes, on: "2026-11-30") == ["08:00-08:00 forever"])
    }

    @Test func aLargeFileIsReadInOneLinearPass() {
        var text = "BEGIN:VCALENDAR\r\n"
        for i in 0..<20_000 { text += "BEGIN:VEVENT\r\nUID:\(i)\r\nSUMMARY:event \(i)\r\nDTSTART:20261130T\(10 + i % 10)0000Z\r\nEND:VEVENT\r\n" }
        text += "END:VCALENDAR\r\n"
        var reader = EventCalendar()
        reader.read(Array(text.utf8), source: "big.ics")
        #expect(reader.events(on: Day("2026-11-30")!, zones: FixedZones()).events.count == 20_000)
    }
}

/// Expanding never crashes and never returns an instance outside the day asked, for rules made at random.
@Suite struct EventCalendarPropertyTests {
    /// A small seeded generator (SplitMix64), so a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func expansionStaysInsideTheDayAsked() {
        var random = Seeded(state: 36)
        let zones = FoundationZones(local: TimeZone(identifier: "America/New_York")!)
        let parts = ["FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=HOURLY", "INTERVAL=3", "INTERVAL=0", "COUNT=5",
                     "UNTIL=20270101", "UNTIL=20261201T000000Z", "BYDAY=MO,WE", "BYDAY=2TU,-1FR", "BYDAY=5SU", "BYMONTHDAY=31,-1",
                     "BYMONTHDAY=30", "BYMONTH=2", "BYMONTH=13", "WKST=SU", "BYSETPOS=1", "", "=", "FREQ=DAILY;FREQ=WEEKLY"]
        let starts = ["DTSTART:20260131T233000", "DTSTART:20260329T020000Z", "DTSTART;TZID=Europe/Berlin:20261025T023000",
                      "DTSTART;VALUE=DATE:20260229", "DTSTART;VALUE=DATE:20240229", "DTSTART;TZID=Asia/Kolkata:20261231T235959",
                      "DTSTART;TZID=Nowhere/Land:20260101T000000", "DTSTART:20261301T000000"]
        let ends = ["", "\r\nDTEND:20260201T010000", "\r\nDURATION:P2D", "\r\nDURATION:PT25H", "\r\nDTEND;VALUE=DATE:20260303", "\r\nDURATION:-PT1H"]
        for _ in 0..<300 {
            let rule = (0..<Int.random(in: 1...4, using: &random)).map { _ in parts.randomElement(using: &random)! }.joined(separator: ";")
            let text = "SUMMARY:p\r\n\(starts.randomElement(using: &random)!)\(ends.randomElement(using: &random)!)\r\nRRULE:\(rule)\r\nEXDATE:20261101T000000Z"
            var reader = EventCalendar()
            reader.read(calendar(text), source: "p.ics")
            for _ in 0..<8 {
                let day = Day("2026-01-01")!.adding(days: Int.random(in: -400...800, using: &random))
                for event in reader.events(on: day, zones: zones).events {
                    #expect(event.start <= event.end, "\(text)")
                    let touches = event.isAllDay ? event.start.day <= day && day < event.end.day
                        : event.start.day <= day && (day < event.end.day || event.end == LocalTime(day: day, secondOfDay: 0) && event.start == event.end
                                                     || event.end.day == day)
                    #expect(touches, "\(text) on \(day): \(event.start)–\(event.end)")
                    #expect(event.isAllDay || event.minutes(on: day) != nil, "\(text) on \(day)")
                }
            }
        }
    }
}
