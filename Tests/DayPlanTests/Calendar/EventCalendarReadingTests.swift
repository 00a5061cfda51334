import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `EventCalendar` reads each event's text only when the event is on a day asked for, from byte ranges kept
/// while reading: for calendars made at random (folded lines, time zones, rules with COUNT, UNTIL and BYDAY,
/// EXDATEs, RDATEs, overrides, all-day and cancelled events, lower-case names, alarms, broken lines), it gives
/// the same problems and the same events on every day as the plain reading (`PlainCalendar`).
@Suite struct EventCalendarReadingTests {
    typealias Seeded = EventCalendarPropertyTests.Seeded

    /// One random calendar source: its bytes.
    static func source(_ random: inout Seeded, name: String) -> [UInt8] {
        func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        func stamp(day: Int, minute: Int) -> String {
            // Days from 2026-10-20, the zone changes of Europe (10-25) and of the US (11-01) among them.
            let (year, month, dayOfMonth) = CivilDays.date(CivilDays.number(year: 2026, month: 10, day: 20) + day)
            return String(format: "%04d%02d%02d", year, month, dayOfMonth)
                + (minute < 0 ? "" : String(format: "T%02d%02d00", minute / 60, minute % 60))
        }
        let zones = ["", "", "TZID=Europe/Berlin", "TZID=America/New_York", "TZID=\"Asia/Kolkata\"", "TZID=/Europe/Berlin", "TZID=Mars/Olympus", "Z"]
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//dayplan test//EN"]
        if chance(30) { lines += ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "END:STANDARD", "END:VTIMEZONE"] }
        var uids: [(uid: String, start: String, zone: String)] = []
        for index in 0..<Int.random(in: 5...30, using: &random) {
            let uid = "\(name)-\(index)@test"
            let allDay = chance(20)
            let day = Int.random(in: 0...40, using: &random)
            let zone = allDay ? "" : pick(zones)
            func time(_ name: String, day: Int, minute: Int) -> String {
                if allDay { return "\(name);VALUE=DATE:\(stamp(day: day, minute: -1))" }
                if zone == "Z" { return "\(name):\(stamp(day: day, minute: minute))Z" }
                return zone.isEmpty ? "\(name):\(stamp(day: day, minute: minute))" : "\(name);\(zone):\(stamp(day: day, minute: minute))"
            }
            let minute = Int.random(in: 0..<96, using: &random) * 15
            var event = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261001T000000Z",
                         (chance(15) ? "summary" : "SUMMARY") + ":\(pick(["Standup", "Lunch\\, long", "Review\\; notes", "Über \\\\ café", "Plan\\nweek"])) \(index)",
                         time(pick(["DTSTART", "DTSTART", "DTSTART", "dtstart"]), day: day, minute: minute)]
            if chance(40) { event.append("LOCATION;LANGUAGE=en:Room \(Int.random(in: 1...9, using: &random))") }
            switch Int.random(in: 0..<4, using: &random) {
            case 0: event.append(time("DTEND", day: day + (allDay ? Int.random(in: 1...3, using: &random) : 0), minute: min(minute + 60, 1439)))
            case 1: event.append("DURATION:\(pick(["PT15M", "PT1H30M", "P1D", "PT25H", "P1W", "bad"]))")
            case 2: event.append(time("DTEND", day: day + 1, minute: 30))
            default: break
            }
            if chance(40) {
                var rule = "FREQ=\(pick(["DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "YEARLY"]))"
                if chance(40) { rule += ";INTERVAL=\(Int.random(in: 1...3, using: &random))" }
                switch Int.random(in: 0..<3, using: &random) {
                case 0: rule += ";COUNT=\(Int.random(in: 1...12, using: &random))"
                case 1: rule += ";UNTIL=\(stamp(day: day + Int.random(in: 0...30, using: &random), minute: allDay ? -1 : 1439))\(allDay ? "" : "Z")"
                default: break
                }
                if rule.contains("WEEKLY"), chance(50) { rule += ";BYDAY=\(pick(["MO,WE,FR", "TU", "SA,SU"]))" }
                if rule.contains("MONTHLY"), chance(50) { rule += ";BYDAY=\(pick(["2TU", "-1FR", "1MO,3MO"]))" }
                if chance(5) { rule = "FREQ=HOURLY" }
                event.append("RRULE:\(rule)")
                if chance(50) { event.append(time("EXDATE", day: day + 7 * Int.random(in: 0...3, using: &random), minute: minute)) }
                if chance(20) { event.append(time("EXDATE", day: day + 1, minute: minute) + "," + stamp(day: day + 2, minute: allDay ? -1 : minute)) }
                if chance(15) { event.append(time("RDATE", day: day + Int.random(in: 1...9, using: &random), minute: minute + 15)) }
                uids.append((uid, time("RECURRENCE-ID", day: day + 7, minute: minute), zone))
            }
            if chance(10) { event.append("STATUS:\(pick(["CANCELLED", "cancelled", "CONFIRMED"]))") }
            if chance(15) { event += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "DTSTART:20261101T000000", "END:VALARM"] }
            if chance(10) { event.append("DESCRIPTION:" + String(repeating: "a long description, ", count: Int.random(in: 1...12, using: &random))) }
            if chance(5) { event.append(pick(["this line has no colon", "X-BROKEN;PARAM=\"unclosed:value", "DTSTART:2026-11-30", "DTEND;VALUE=DATE:20261130", "RECURRENCE-ID;RANGE=THISANDFUTURE:20261101T090000"])) }
            event.append("END:VEVENT")
            lines += event
        }
        // Overrides: moved, retitled or cancelled occurrences of the recurring events.
        for (uid, id, zone) in uids where chance(50) {
            let day = Int.random(in: 0...45, using: &random), minute = Int.random(in: 0..<96, using: &random) * 15
            var start = zone == "Z" ? "DTSTART:\(stamp(day: day, minute: minute))Z" : zone.isEmpty ? "DTSTART:\(stamp(day: day, minute: minute))" : "DTSTART;\(zone):\(stamp(day: day, minute: minute))"
            if id.contains("VALUE=DATE") { start = "DTSTART;VALUE=DATE:\(stamp(day: day, minute: -1))" }
            lines += ["BEGIN:VEVENT", "UID:\(uid)", id, "SUMMARY:moved", start] + (chance(30) ? ["STATUS:CANCELLED"] : []) + ["END:VEVENT"]
        }
        if chance(10) { lines.append("END:VTODO") }
        if !chance(5) { lines.append("END:VCALENDAR") }
        // Folded at random places (inside names and parameters too), with CRLF or LF.
        let breakBytes: [UInt8] = chance(70) ? [0x0D, 0x0A] : [0x0A]
        var bytes: [UInt8] = chance(10) ? [0xEF, 0xBB, 0xBF] : []
        for line in lines {
            var rest = Array(line.utf8)
            while rest.count > 1, chance(20) {
                let cut = Int.random(in: 1..<rest.count, using: &random)
                bytes += rest[..<cut] + breakBytes + [chance(50) ? 0x20 : 0x09]
                rest = Array(rest[cut...])
            }
            bytes += rest + breakBytes
            if chance(3) { bytes += breakBytes }
        }
        return bytes
    }

    @Test func givesTheSameDaysAsThePlainReading() {
        var random = Seeded(state: 3636)
        let zones = FoundationZones(local: TimeZone(identifier: "Europe/Berlin")!)
        var compared = 0, nonEmpty = 0
        for round in 0..<120 {
            var calendar = EventCalendar(), plain = PlainCalendar()
            for index in 0..<Int.random(in: 1...3, using: &random) {
                let bytes = Self.source(&random, name: "s\(index)")
                calendar.read(bytes, source: "s\(index).ics")
                plain.read(bytes, source: "s\(index).ics")
            }
            #expect(calendar.problems == plain.problems, "round \(round)")
            for offset in stride(from: -2, through: 60, by: Int.random(in: 1...4, using: &random)) {
                let day = Day("2026-10-20")!.adding(days: offset)
                let ours = calendar.events(on: day, zones: zones), theirs = plain.events(on: day, zones: zones)
                #expect(ours == theirs, "round \(round), \(day)")
                compared += 1
                if !ours.events.isEmpty { nonEmpty += 1 }
            }
        }
        // The generator makes days with events, not only empty ones.
        #expect(nonEmpty > compared / 2)
    }

    @Test func anOverrideInASecondSourceChangesItsOwnMaster() {
        // The masters of overrides are found in their own source; with a source before them, the override
        // took an occurrence from the event of the first source at the same index.
        var reader = EventCalendar()
        reader.read(calendar("UID:a\r\nSUMMARY:first\r\nDTSTART:20261102T090000\r\nRRULE:FREQ=DAILY"), source: "a.ics")
        reader.read(calendar("UID:b\r\nSUMMARY:second\r\nDTSTART:20261102T100000\r\nRRULE:FREQ=DAILY",
                               "UID:b\r\nRECURRENCE-ID:20261103T100000\r\nSUMMARY:second (moved)\r\nDTSTART:20261103T150000"), source: "b.ics")
        let day = reader.events(on: Day("2026-11-03")!, zones: FixedZones()).events
        #expect(day.map(\.title) == ["first", "second (moved)"])
    }

    @Test func countedRulesSkipTheirEarlyPeriodsExactly() throws {
        // A DAILY or WEEKLY rule with COUNT counts the periods before the range asked instead of walking them:
        // it gives what a walk from DTSTART gives.
        var random = Seeded(state: 3637)
        let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        for _ in 0..<400 {
            var text = "FREQ=\(Bool.random(using: &random) ? "WEEKLY" : "DAILY");COUNT=\(Int.random(in: 1...80, using: &random))"
            if Bool.random(using: &random) { text += ";INTERVAL=\(Int.random(in: 1...3, using: &random))" }
            if text.hasPrefix("FREQ=WEEKLY"), Bool.random(using: &random) {
                text += ";BYDAY=" + (0..<Int.random(in: 1...4, using: &random)).map { _ in weekdays.randomElement(using: &random)! }.joined(separator: ",")
            }
            if Int.random(in: 0..<4, using: &random) == 0 { text += ";WKST=\(weekdays.randomElement(using: &random)!)" }
            let rule = try RecurrenceRule(parsing: text)
            let start = CivilDays.number(year: 2026, month: 1, day: 1) * CivilDays.secondsPerDay + Int.random(in: 0..<86_400 * 30, using: &random)
            let until: Int? = Int.random(in: 0..<4, using: &random) == 0 ? start + Int.random(in: 0..<86_400 * 400, using: &random) : nil
            for _ in 0..<6 {
                let from = start + Int.random(in: -86_400 * 10..<86_400 * 600, using: &random)
                let range = from..<(from + 86_400 * Int.random(in: 1...5, using: &random))
                let walked = rule.instances(start: start, untilWall: until, in: start..<max(range.upperBound, start + 1)).filter { range.contains($0) }
                #expect(rule.instances(start: start, untilWall: until, in: range) == walked, "\(text) from \(start) in \(range)")
            }
        }
    }
}
