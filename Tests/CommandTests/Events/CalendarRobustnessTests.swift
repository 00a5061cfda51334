import Foundation
import Testing

/// Calendars that trapped or grew without bound, through every command that reads them: `events`, `lint`,
/// `status`, `remind`. Each exits 0, 1 or 2, names the line where there is one, and prints a bounded output.
@Suite struct CalendarRobustnessTests {
    /// A plan folder whose one calendar (`cal.ics`) holds `events` (VEVENT bodies), with a day file of today
    /// (DAYPLAN_NOW is 2026-11-21 12:00 UTC).
    func planFolder(_ events: String...) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = cal.ics\n")
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Must\n\n- [ ] 10:00 call\n")
        try folder.write("cal.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events.map { "BEGIN:VEVENT\r\n\($0)\r\nEND:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n")
        return folder
    }

    static let commands: [[String]] = [["events"], ["lint", "2026-11-21.md"], ["status"], ["remind", "--within", "24h", "--dry-run"]]

    @Test(arguments: [CalendarBoundsCase.hugeWeeks, .hugeWeeksAllDay])
    func aDurationPastTheCalendarIsNamedByEveryCommand(_ kind: CalendarBoundsCase) throws {
        let start = kind == .hugeWeeks ? "DTSTART:20261121T090000" : "DTSTART;VALUE=DATE:20261121"
        let folder = try planFolder("SUMMARY:huge\r\n\(start)\r\nDURATION:P" + String(repeating: "999999999W", count: 20_000), "SUMMARY:kept\r\nDTSTART:20261121T150000")
        for command in Self.commands {
            let run = try Binary.run(command, in: folder.url)
            #expect([0, 1, 2].contains(run.status), "\(command): \(run.status) \(run.stderr.prefix(300))")
            #expect((run.stdout + run.stderr).contains("cal.ics:6: "), "\(command): \(run.stderr.prefix(300))")
            #expect((run.stdout + run.stderr).contains("is longer than 10,000 years; the event is skipped"), "\(command)")
        }
        let events = try Binary.run(["events"], in: folder.url)
        #expect(events.stdout.contains("kept") && !events.stdout.contains("huge"), "\(events.stdout)")
    }

    @Test func aWeeklyRuleOfHugeCountAndIntervalIsReadByEveryCommand() throws {
        let folder = try planFolder("SUMMARY:far\r\nDTSTART:20261116T090000Z\r\nDTEND:20261116T093000Z\r\nRRULE:FREQ=WEEKLY;BYDAY=SA;INTERVAL=20000;COUNT=999999999")
        for command in Self.commands {
            let run = try Binary.run(command, in: folder.url)
            #expect([0, 1].contains(run.status), "\(command): \(run.status) \(run.stderr.prefix(300))")
        }
        // The Saturday of DTSTART's week is its second instance; the next is 20,000 weeks later.
        let events = try Binary.run(["events"], in: folder.url)
        #expect(events.stdout.contains("09:00-09:30  far"), "\(events.stdout)")
    }

    @Test func anEventOverlappingTheDayAllItsLifeIsOneEntryAndOneWarning() throws {
        // A daily event from year 1 lasting to 2026 overlaps the day some 740,000 times.
        let folder = try planFolder("SUMMARY:ever\r\nDTSTART:00010101T090000Z\r\nDTEND:20261231T090000Z\r\nRRULE:FREQ=DAILY",
                                    "SUMMARY:ever too\r\nDTSTART;VALUE=DATE:00010101\r\nDTEND;VALUE=DATE:20261231\r\nRRULE:FREQ=DAILY")
        for command in Self.commands {
            let run = try Binary.run(command, in: folder.url)
            #expect([0, 1].contains(run.status), "\(command): \(run.status)")
            let lines = (run.stdout + run.stderr).split(separator: "\n")
            #expect(lines.count < 40, "\(command): \(lines.count) lines")
        }
        let events = try Binary.run(["events"], in: folder.url)
        #expect(events.stdout.components(separatedBy: "all day").count == 3, "\(events.stdout)")
        #expect(events.stderr.components(separatedBy: "occurrences of this event overlap 2026-11-21").count == 3, "\(events.stderr)")
    }

    @Test func remindNamesEachCalendarWarningOnce() throws {
        // Today and tomorrow each find the unknown zone of the daily event.
        let folder = try planFolder("SUMMARY:mars\r\nDTSTART;TZID=Mars/Olympus:20261101T230000\r\nRRULE:FREQ=DAILY")
        let run = try Binary.run(["remind", "--within", "24h", "--dry-run"], in: folder.url)
        #expect(run.stderr.components(separatedBy: "Mars/Olympus").count == 2, "\(run.stderr)")
    }

    @Test func oneUnreadableFileOfAVdirHidesNoOtherEvents() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = vdir\n")
        try folder.write("vdir/work/a.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:first\r\nDTSTART:20261121T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        try folder.write("vdir/work/c.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:last\r\nDTSTART:20261121T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        // Past the largest file read (a sparse file: no disk taken); unreadable even to root, as a mode is not.
        let big = try folder.write("vdir/work/b.ics", "")
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        let run = try Binary.run(["events"], in: folder.url)
        #expect(run.stdout.contains("first") && run.stdout.contains("last"), "\(run.stdout)")
        #expect(run.stderr.contains("b.ics"), "\(run.stderr)")
    }

    @Test func rdateWithoutARuleAndUntilBeforeStartThroughTheCommand() throws {
        let folder = try planFolder("SUMMARY:extra\r\nDTSTART:20261101T090000Z\r\nRDATE:20261121T140000Z",
                                    "SUMMARY:once\r\nDTSTART:20261121T080000Z\r\nRRULE:FREQ=DAILY;UNTIL=20261101T000000Z")
        let run = try Binary.run(["events"], in: folder.url)
        #expect(run.stdout.contains("14:00") && run.stdout.contains("extra"), "\(run.stdout)")
        #expect(run.stdout.contains("once"), "\(run.stdout)")
        #expect(run.stderr.contains("cal.ics:11: warning: RRULE's UNTIL is before DTSTART"), "\(run.stderr)")
    }
}

/// The two ways of writing the huge duration: on a timed event and on an all-day one.
enum CalendarBoundsCase: String, CustomTestStringConvertible, Sendable {
    case hugeWeeks, hugeWeeksAllDay
    var testDescription: String { rawValue }
}
