import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A calendar read for a few days (`EventCalendar(days:)`) passes over the events that cannot take place on
/// them at a glance (`EventGlance`): on those days it gives exactly the events the whole reading gives, and of
/// the problems the whole reading names, those it names are among them, in the same order.
@Suite struct EventGlanceTests {
    typealias Seeded = EventCalendarPropertyTests.Seeded

    @Test func givesTheSameEventsOnItsDaysAsTheWholeReading() {
        var random = Seeded(state: 3638)
        let zones = FoundationZones(local: TimeZone(identifier: "America/New_York")!)
        var compared = 0, nonEmpty = 0, passedOver = 0
        for round in 0..<150 {
            let first = Day("2026-10-20")!.adding(days: Int.random(in: -3...48, using: &random))
            let days = first...first.adding(days: Int.random(in: 0...2, using: &random))
            var whole = EventCalendar(), glanced = EventCalendar(days: days)
            for index in 0..<Int.random(in: 1...3, using: &random) {
                let bytes = EventCalendarReadingTests.source(&random, name: "s\(index)")
                whole.read(bytes, source: "s\(index).ics")
                glanced.read(bytes, source: "s\(index).ics")
            }
            passedOver += glanced.passedOver
            // Its problems are the whole reading's, less those of the events passed over.
            var rest = whole.problems[...]
            for problem in glanced.problems {
                guard let at = rest.firstIndex(of: problem) else {
                    Issue.record("round \(round): \(problem) is not among the whole reading's problems")
                    break
                }
                rest = rest[(at + 1)...]
            }
            var day = days.lowerBound
            while day <= days.upperBound {
                let ours = glanced.events(on: day, zones: zones), theirs = whole.events(on: day, zones: zones)
                #expect(ours == theirs, "round \(round), \(day) of \(days)")
                compared += 1
                if !ours.events.isEmpty { nonEmpty += 1 }
                day = day.adding(days: 1)
            }
        }
        // The generator makes days with events, and calendars with events to pass over.
        #expect(nonEmpty > compared / 3)
        #expect(passedOver > 500, "\(passedOver) events passed over")
    }

    /// DAILY and WEEKLY rules, ended (COUNT, UNTIL) or not, around the days asked for, in zones far apart, with
    /// DTENDs in other zones: the glance never passes over an event the whole reading gives on the day.
    @Test func countedAndEndedRulesGiveTheSameEvents() {
        var random = Seeded(state: 3639)
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        let day = Day("2026-11-30")!
        var shown = 0, passedOver = 0
        for round in 0..<300 {
            // The local zone too, from the furthest east to the furthest west.
            let zones = FoundationZones(local: TimeZone(identifier: pick(["Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago"]))!)
            var events: [String] = []
            for index in 0..<20 {
                let start = CivilDays.date(CivilDays.number(of: day) - Int.random(in: 0...120, using: &random))
                let allDay = Int.random(in: 0..<5, using: &random) == 0
                let date = String(format: "%04d%02d%02d", start.0, start.1, start.2)
                var event = ["UID:r\(index)", "SUMMARY:Rule \(index)",
                             allDay ? "DTSTART;VALUE=DATE:\(date)" : "DTSTART\(pick(["", ";TZID=America/Los_Angeles", ";TZID=Asia/Tokyo", ";TZID=Pacific/Kiritimati", ";TZID=Pacific/Pago_Pago"])):\(date)T\(pick(["000000", "083000", "233000"]))"]
                switch Int.random(in: 0..<3, using: &random) {
                case 0: event.append(allDay ? "DURATION:P\(Int.random(in: 1...3, using: &random))D" : "DURATION:PT\(pick(["30M", "2H", "26H"]))")
                case 1:
                    // A DTEND, in another zone than DTSTART's now and then.
                    let end = CivilDays.date(CivilDays.number(year: start.0, month: start.1, day: start.2) + Int.random(in: allDay ? 1...3 : 0...1, using: &random))
                    let endDate = String(format: "%04d%02d%02d", end.0, end.1, end.2)
                    event.append(allDay ? "DTEND;VALUE=DATE:\(endDate)" : "DTEND\(pick(["", ";TZID=Pacific/Kiritimati", ";TZID=Pacific/Pago_Pago"])):\(endDate)T\(pick(["010000", "120000", "235900"]))")
                default: break
                }
                var rule = "FREQ=\(pick(["DAILY", "WEEKLY"]))"
                if Int.random(in: 0..<2, using: &random) == 0 { rule += ";INTERVAL=\(Int.random(in: 1...3, using: &random))" }
                if rule.contains("WEEKLY"), Int.random(in: 0..<2, using: &random) == 0 { rule += ";BYDAY=\(pick(["MO", "SU", "MO,TH", "TU,SA,SU"]))" }
                let ends = Int.random(in: 0..<5, using: &random)
                if ends == 0 {
                    // Without an end.
                } else if ends <= 2 {
                    rule += ";COUNT=\(Int.random(in: 1...40, using: &random))"
                } else {
                    let until = CivilDays.date(CivilDays.number(of: day) + Int.random(in: -10...3, using: &random))
                    rule += String(format: ";UNTIL=%04d%02d%02d", until.0, until.1, until.2) + (allDay ? "" : "T\(pick(["000000Z", "235959Z", "120000"]))")
                }
                if Int.random(in: 0..<6, using: &random) == 0 { rule += ";WKST=SU" }
                event.append("RRULE:" + rule)
                events.append(event.joined(separator: "\r\n"))
            }
            let bytes = Array(("BEGIN:VCALENDAR\r\n" + events.map { "BEGIN:VEVENT\r\n\($0)\r\nEND:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n").utf8)
            var whole = EventCalendar(), glanced = EventCalendar(days: day...day)
            whole.read(bytes, source: "r.ics")
            glanced.read(bytes, source: "r.ics")
            let ours = glanced.events(on: day, zones: zones)
            #expect(ours == whole.events(on: day, zones: zones), "round \(round)")
            shown += ours.events.count
            passedOver += glanced.passedOver
        }
        #expect(shown > 200 && passedOver > 1_000, "\(shown) shown, \(passedOver) passed over")
    }

    @Test func passesOverWhatCannotReachTheDays() {
        let bytes = calendar(
            "UID:far\r\nSUMMARY:Far away\r\nDTSTART:20250101T090000\r\nDURATION:PT1H",
            "UID:near\r\nSUMMARY:Today\r\nDTSTART:20261130T090000\r\nDTEND:20261130T100000",
            "UID:long\r\nSUMMARY:A long trip\r\nDTSTART;VALUE=DATE:20261101\r\nDTEND;VALUE=DATE:20261205",
            "UID:later\r\nSUMMARY:Weekly, starting later\r\nDTSTART:20270101T090000\r\nRRULE:FREQ=WEEKLY",
            "UID:weekly\r\nSUMMARY:Weekly\r\nDTSTART:20240101T110000\r\nRRULE:FREQ=DAILY\r\nDURATION:PT15M",
            "UID:alarm\r\nSUMMARY:With an alarm\r\nDTSTART:20250301T090000\r\nBEGIN:VALARM\r\nTRIGGER:-PT15M\r\nDTSTART:20261130T000000\r\nEND:VALARM",
            "UID:counted\r\nSUMMARY:Four weeks in October\r\nDTSTART:20261001T090000\r\nRRULE:FREQ=WEEKLY;COUNT=4;BYDAY=TH",
            "UID:until\r\nSUMMARY:Daily until the 20th\r\nDTSTART:20261101T090000\r\nRRULE:FREQ=DAILY;UNTIL=20261120T000000Z",
            "UID:fifth\r\nSUMMARY:The fifth Monday\r\nDTSTART:20261102T080000\r\nRRULE:FREQ=WEEKLY;COUNT=5",
            "UID:monthly\r\nSUMMARY:Monthly, counted\r\nDTSTART:20250130T070000\r\nRRULE:FREQ=MONTHLY;COUNT=2;BYMONTHDAY=30")
        let day = Day("2026-11-30")!
        var glanced = EventCalendar(days: day...day)
        glanced.read(bytes, source: "a.ics")
        // A monthly rule is read whole, though its count ended long ago: not every month has a 30th.
        #expect(glanced.passedOver == 5)
        #expect(glanced.events(on: day, zones: FixedZones()).events.map(\.title) == ["A long trip", "The fifth Monday", "Today", "Weekly"])
    }

    /// `bytes` read for `day` alone, and whole.
    static func read(_ bytes: [UInt8], for day: Day) -> (glanced: EventCalendar, whole: EventCalendar) {
        var glanced = EventCalendar(days: day...day), whole = EventCalendar()
        glanced.read(bytes, source: "test.ics")
        whole.read(bytes, source: "test.ics")
        return (glanced, whole)
    }

    @Test func leavesWhatItCannotDecideToTheWholeReading() {
        // A folded DTSTART, a bad DURATION, an RDATE before a series that starts later, a missing DTSTART: each is
        // read whole, and named as before.
        let bytes = calendar(
            "UID:folded\r\nSUMMARY:Folded\r\nDTST\r\n ART:20250101T090000",
            "UID:bad\r\nSUMMARY:Bad duration\r\nDTSTART:20250101T090000\r\nDURATION:soon",
            "UID:extra\r\nSUMMARY:Extra date\r\nDTSTART:20270101T090000\r\nRRULE:FREQ=YEARLY;COUNT=1\r\nRDATE:20261130T120000",
            "UID:none\r\nSUMMARY:No start")
        let day = Day("2026-11-30")!
        let (glanced, whole) = Self.read(bytes, for: day)
        #expect(glanced.passedOver == 0)
        #expect(glanced.problems == whole.problems && glanced.problems.count == 2)
        #expect(glanced.events(on: day, zones: FixedZones()).events.map(\.title) == ["Extra date"])
    }

    @Test func anOverrideOfAnEventPassedOverIsStillOneOfARecurringEvent() {
        // The series starts after the day asked for; one occurrence is moved onto it.
        let bytes = calendar(
            "UID:series\r\nSUMMARY:Series\r\nDTSTART:20261210T090000\r\nRRULE:FREQ=WEEKLY;COUNT=4",
            "UID:series\r\nRECURRENCE-ID:20261217T090000\r\nSUMMARY:Series (moved)\r\nDTSTART:20261130T150000")
        let day = Day("2026-11-30")!
        let (glanced, whole) = Self.read(bytes, for: day)
        #expect(glanced.passedOver == 1)
        let ours = glanced.events(on: day, zones: FixedZones()).events
        #expect(ours == whole.events(on: day, zones: FixedZones()).events)
        #expect(ours.map(\.isRecurring) == [true])
    }

    @Test func namesADayOutsideItsDays() {
        let day = Day("2026-11-30")!
        var glanced = EventCalendar(days: day...day)
        glanced.read(calendar("UID:a\r\nSUMMARY:A\r\nDTSTART:20261201T090000"), source: "d.ics")
        let other = glanced.events(on: day.adding(days: 1), zones: FixedZones())
        #expect(other.problems.map(\.message) == ["read for 2026-11-30 to 2026-11-30 only; the events of 2026-12-01 may be missing"])
        #expect(glanced.events(on: day, zones: FixedZones()).problems.isEmpty)
    }
}
