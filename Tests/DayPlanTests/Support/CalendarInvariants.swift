// The promises of the calendar reader and of import's reading, as plain functions that list what is broken.
//
// Compiled twice: into `swift test` (CalendarFuzzRegressionTests replays Tests/Fuzz/calendar-regressions and
// Tests/Fuzz/import-regressions), and with the library's sources into the libFuzzer targets
// (`Tests/Fuzz/run.sh --target calendar|import`), so CI and the fuzzer check the same promises. A trap, a run
// over the fuzzer's -timeout or past its -rss_limit_mb is a failure of its own.
#if canImport(DayPlan)
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync
#endif

enum CalendarInvariants {
    /// The zones the calendar is read with: a local one an hour east, and two named ones.
    static let zones = FixedZones(local: 3600, zones: ["Europe/Berlin": 3600, "America/New_York": -18_000])

    /// The days asked: two fixed ones (the test calendars' month) and the day of the input's first DTSTART.
    static func days(of input: [UInt8]) -> [Day] {
        var days = [Day("2026-11-21"), Day("2026-11-30")].compactMap { $0 }
        let key = Array("DTSTART".utf8)
        if input.count > key.count, let at = (0...(input.count - key.count)).first(where: { input[$0..<($0 + key.count)].elementsEqual(key) }) {
            var index = at + key.count
            while index < input.count, input[index] != UInt8(ascii: ":"), index - at < 80 { index += 1 }
            let digits = input.dropFirst(index + 1).prefix(8)
            if digits.count == 8, digits.allSatisfy({ (0x30...0x39).contains($0) }) {
                let text = String(decoding: digits, as: UTF8.self)
                let dashed = "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))"
                if let day = Day(dashed) { days.append(day) }
            }
        }
        return days
    }

    /// The calendar reader on any bytes: it never traps; every event it gives for a day reaches that day and
    /// ends no earlier than it starts; and a calendar read for a day only (`EventCalendar(days:)`, which passes
    /// events over at a glance) gives that day the same events as one read whole.
    static func calendar(_ input: [UInt8]) -> [String] {
        var broken: [String] = []
        var whole = EventCalendar()
        whole.read(input, source: "fuzz.ics")
        for day in days(of: input) {
            let found = whole.events(on: day, zones: zones)
            for event in found.events {
                if event.end < event.start { broken.append("\(day): \(event.title) ends before it starts") }
                if event.start.day > day || event.end.day < day {
                    broken.append("\(day): \(event.title) (\(event.start)-\(event.end)) is not on the day")
                }
            }
            var glanced = EventCalendar(days: day...day)
            glanced.read(input, source: "fuzz.ics")
            let seen = glanced.events(on: day, zones: zones)
            if seen.events != found.events {
                broken.append("\(day): read for the day only gives \(seen.events.map(\.title)), read whole \(found.events.map(\.title))")
            }
        }
        return broken
    }

    /// Import's reading on any bytes: `ExportDocument.days(parsing:)` never traps, nor does writing each day it
    /// reads in canonical form and reading that back, as `dayplan import` does.
    static func importReading(_ input: [UInt8]) -> [String] {
        guard let days = try? ExportDocument.days(parsing: input) else { return [] }
        for record in days {
            let bytes = record.canonicalBytes()
            let document = DayDocument(parsing: bytes)
            _ = DayRecord(document: document, date: record.date)
        }
        return []
    }
}
