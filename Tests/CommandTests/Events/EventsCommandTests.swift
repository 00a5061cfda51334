import Foundation
import Testing

/// `dayplan events` end to end: a plan folder whose settings name an `.ics` file and a vdir folder, "now"
/// injected, no network.
@Suite struct EventsCommandTests {
    /// A plan folder with `calendars = personal.ics, vdir` (a vdir of one calendar folder, one event a file).
    func planFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = personal.ics, vdir\nmorning = 07:00-12:00\n")
        try folder.write("personal.ics", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:dentist\r
            SUMMARY:Dentist\\, Dr. Lee\r
            DTSTART;TZID=Europe/Berlin:20261121T163000\r
            DURATION:PT45M\r
            BEGIN:VALARM\r
            TRIGGER:-PT15M\r
            END:VALARM\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:trip\r
            SUMMARY:Trip\r
            DTSTART;VALUE=DATE:20261120\r
            DTEND;VALUE=DATE:20261123\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            SUMMARY:broken\r
            DTSTART:tomorrow\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        try folder.write("vdir/work/standup.ics", """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:standup
            SUMMARY:Standup
            LOCATION:Room 4
            DTSTART:20261102T090000Z
            DTEND:20261102T091500Z
            RRULE:FREQ=WEEKLY;BYDAY=MO,SA
            END:VEVENT
            END:VCALENDAR

            """)
        try folder.write("vdir/work/.hidden.ics", "not read")
        return folder
    }

    @Test func showsTheDaysEventsInOrder() throws {
        let folder = try planFolder()
        // DAYPLAN_NOW is 2026-11-21 12:00 UTC, a Saturday; the local zone is Berlin.
        let run = try Binary.run(["events"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(run.status == 1)
        #expect(run.stdout == """
            Events on Saturday 2026-11-21:
              all day      Trip
              10:00-10:15  Standup (Room 4)
              16:30-17:15  Dentist, Dr. Lee

            """)
        #expect(run.stderr == "personal.ics:20: warning: DTSTART `tomorrow` is not a DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS, Z for UTC)\npersonal.ics:18: warning: this VEVENT has no readable DTSTART; skipped\n")
    }

    @Test func writesVersionedJSON() throws {
        let folder = try planFolder()
        let run = try Binary.run(["events", "--date", "2026-11-23", "--format", "json"], in: folder.url, environment: ["TZ": "UTC"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(object["day"] as? String == "2026-11-23")
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["title"] as? String } == ["Standup"])
        #expect(events.first?["start"] as? String == "2026-11-23T09:00")
        #expect(events.first?["recurring"] as? Bool == true)
        #expect(events.first?["source"] as? String == "vdir/work/standup.ics")
        #expect((object["problems"] as? [Any])?.count == 2)
    }

    @Test func namesAMissingCalendarAndSaysWhenNoneIsSet() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = gone.ics\n")
        let run = try Binary.run(["events"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan events: gone.ics: no such calendar file or folder (the setting calendars names it)\n")
        try folder.write(".dayplan/config", "\n")
        let none = try Binary.run(["events", "2026-11-22"], in: folder.url)
        #expect(none.status == 0)
        #expect(none.stdout.hasPrefix("No calendars set for Sunday 2026-11-22;"))
        try folder.write(".dayplan/config", "afternoon = 11:00-18:00\n")
        let bad = try Binary.run(["events"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(".dayplan/config:1: afternoon: Afternoon (11:00-18:00) begins before Morning (06:00-12:00) ends"), "\(bad.stderr)")
    }

    /// The calendars are read one after another into the same memory: a file shorter than the one before, one
    /// much longer, an empty one and one that is not a calendar each give their own events and problems, as
    /// when each is the only calendar.
    @Test func eachCalendarFileIsReadWhole() throws {
        func event(_ title: String, _ hour: Int) -> String {
            "BEGIN:VEVENT\r\nUID:\(title)\r\nSUMMARY:\(title)\r\nDTSTART:20261121T\(hour < 10 ? "0" : "")\(hour)0000\r\nDURATION:PT30M\r\nEND:VEVENT\r\n"
        }
        // Far-off events make a file long; its last event is on the day.
        func file(_ title: String, hour: Int, padding: Int) -> String {
            let far = (0..<padding).map { "BEGIN:VEVENT\r\nUID:\(title)-\($0)\r\nSUMMARY:\(title) far \($0)\r\nDTSTART:20240101T090000\r\nEND:VEVENT\r\n" }
            return "BEGIN:VCALENDAR\r\n" + far.joined() + event(title, hour) + "END:VCALENDAR\r\n"
        }
        let files = [("long.ics", file("Long", hour: 8, padding: 3_000)), ("short.ics", file("Short", hour: 9, padding: 0)),
                     ("empty.ics", ""), ("longer.ics", file("Longer", hour: 10, padding: 9_000)),
                     ("text.ics", "no calendar here\n"), ("last.ics", file("Last", hour: 11, padding: 10))]
        let folder = try TemporaryFolder()
        for (name, text) in files { try folder.write(name, text) }
        try folder.write(".dayplan/config", "calendars = \(files.map(\.0).joined(separator: ", "))\n")
        let together = try Binary.run(["events", "--date", "2026-11-21"], in: folder.url, environment: ["TZ": "UTC"])
        var lines: [String] = [], problems = ""
        for (name, _) in files {
            try folder.write(".dayplan/config", "calendars = \(name)\n")
            let alone = try Binary.run(["events", "--date", "2026-11-21"], in: folder.url, environment: ["TZ": "UTC"])
            lines += alone.stdout.split(separator: "\n").dropFirst().map(String.init)
            problems += alone.stderr
        }
        #expect(together.stdout.split(separator: "\n").dropFirst().map(String.init) == lines.sorted())
        #expect(lines.sorted() == ["  08:00-08:30  Long", "  09:00-09:30  Short", "  10:00-10:30  Longer", "  11:00-11:30  Last"])
        #expect(together.stderr == problems)
        #expect(problems.contains("text.ics:1"), "\(problems)")
        // lint reads them for its day only, into the same memory too.
        try folder.write(".dayplan/config", "calendars = \(files.map(\.0).joined(separator: ", "))\n")
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n\n* [ ] 10:15 Call the bank\n")
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url, environment: ["TZ": "UTC"])
        #expect(lint.stdout.contains("overlaps the event “Longer” (10:00-10:30)"), "\(lint.stdout)")
    }

    /// Calendars written by Python's `icalendar`, their instances computed by `python-dateutil` (rrulestr)
    /// and `zoneinfo`, compared with what dayplan finds, day by day for 70 days.
    @Test func agreesWithPythonOnRecurrences() throws {
        guard let python = pythonWith("icalendar, dateutil, zoneinfo") else {
            print("skipped: no python3 with icalendar and python-dateutil (.ci/run installs them)")
            return
        }
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = py.ics, pyvdir\n")
        try folder.write("cross.py", Self.script)
        let made = try Binary.program(URL(fileURLWithPath: python), ["cross.py"], in: folder.url, environment: ["PATH": "/usr/bin:/bin"])
        #expect(made.status == 0, "\(made.stderr)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: [String]])
        #expect(expected.count == 70)
        for (day, want) in expected.sorted(by: { $0.key < $1.key }) {
            let run = try Binary.run(["events", day, "--format", "json"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
            #expect(run.status == 0, "\(run.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let found = (object["events"] as? [[String: Any]] ?? []).map { event in
                (event["allDay"] as? Bool == true ? "all-day" : String((event["start"] as? String ?? "").suffix(5))) + " " + (event["title"] as? String ?? "")
            }
            #expect(found.sorted() == want.sorted(), "\(day)")
        }
    }

    /// Writes py.ics and a vdir (pyvdir/cal/*.ics) with icalendar, and prints {day: ["HH:MM title" | "all-day title"]}
    /// for 2026-10-20 and the 69 days after, in Europe/Berlin.
    static let script = #"""
    import json, os
    from datetime import date, datetime, timedelta
    from zoneinfo import ZoneInfo
    from icalendar import Calendar, Event, vRecur
    from dateutil.rrule import rrulestr

    berlin, ny, tokyo, utc = ZoneInfo("Europe/Berlin"), ZoneInfo("America/New_York"), ZoneInfo("Asia/Tokyo"), ZoneInfo("UTC")
    first = date(2026, 10, 20)
    days = [first + timedelta(days=i) for i in range(70)]
    specs = [
        # (uid, title, dtstart, rrule, exdates, overrides {recurrence-id: new start or None for cancelled})
        ("w", "weekly NY", datetime(2026, 10, 5, 9, 0, tzinfo=ny), "FREQ=WEEKLY;BYDAY=MO,WE", [datetime(2026, 10, 21, 9, 0, tzinfo=ny)],
         {datetime(2026, 11, 2, 9, 0, tzinfo=ny): datetime(2026, 11, 3, 13, 0, tzinfo=ny), datetime(2026, 11, 9, 9, 0, tzinfo=ny): None}),
        ("d", "daily count", datetime(2026, 10, 30, 7, 30, tzinfo=berlin), "FREQ=DAILY;COUNT=5", [], {}),
        ("m", "second tuesday", datetime(2026, 1, 13, 18, 0, tzinfo=berlin), "FREQ=MONTHLY;BYDAY=2TU;UNTIL=20261231T000000Z", [], {}),
        ("l", "last day", datetime(2026, 5, 31, 12, 0, tzinfo=utc), "FREQ=MONTHLY;BYMONTHDAY=-1", [], {}),
        ("f", "biweekly", datetime(2026, 10, 22, 10, 15), "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=7;WKST=SU", [], {}),
        ("t", "tokyo", datetime(2026, 11, 10, 8, 0, tzinfo=tokyo), None, [], {}),
        ("y", "last friday", datetime(2025, 11, 28, 11, 0, tzinfo=berlin), "FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR", [], {}),
    ]
    cal = Calendar(); cal.add("prodid", "-//cross-check//"); cal.add("version", "2.0")
    os.makedirs("pyvdir/cal", exist_ok=True)
    want = {d.isoformat(): [] for d in days}
    def local(dt):
        return (dt.replace(tzinfo=berlin) if dt.tzinfo is None else dt.astimezone(berlin))
    for n, (uid, title, start, rule, exdates, overrides) in enumerate(specs):
        target = cal if n % 2 == 0 else Calendar()
        e = Event(); e.add("uid", uid); e.add("summary", title); e.add("dtstart", start); e.add("duration", timedelta(minutes=30))
        if rule:
            e.add("rrule", vRecur.from_ical(rule))
        for x in exdates: e.add("exdate", x)
        target.add_component(e)
        for rid, moved in overrides.items():
            o = Event(); o.add("uid", uid); o.add("summary", title + " (moved)"); o.add("recurrence-id", rid)
            o.add("dtstart", moved or rid); o.add("duration", timedelta(minutes=30))
            if moved is None: o.add("status", "CANCELLED")
            target.add_component(o)
        if target is not cal:
            open(f"pyvdir/cal/{uid}.ics", "wb").write(target.to_ical())
        starts = list(rrulestr(rule, dtstart=start)) if rule and ("COUNT" in rule or "UNTIL" in rule) else \
            list(rrulestr(rule, dtstart=start).between(start - timedelta(days=1), datetime(2027, 1, 31, tzinfo=start.tzinfo), inc=True)) if rule else [start]
        if start not in starts: starts.insert(0, start)
        starts = [s for s in starts if s not in exdates and s not in overrides]
        starts += [m for m in overrides.values() if m is not None]
        for s in starts:
            key = local(s).date().isoformat()
            if key in want:
                want[key].append(local(s).strftime("%H:%M") + " " + title + (" (moved)" if s in overrides.values() else ""))
    a = Event(); a.add("uid", "a"); a.add("summary", "conference"); a.add("dtstart", date(2026, 11, 17)); a.add("dtend", date(2026, 11, 20))
    cal.add_component(a)
    for i in range(3):
        want[(date(2026, 11, 17) + timedelta(days=i)).isoformat()].append("all-day conference")
    open("py.ics", "wb").write(cal.to_ical())
    print(json.dumps(want))
    """#
}
