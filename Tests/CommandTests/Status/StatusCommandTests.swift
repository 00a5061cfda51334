import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan status` on the example week: `Golden/DATE.txt` and `Golden/DATE.json` are what it prints for
/// `Examples/week/DATE.md`. Re-record after an intended change with `RECORD_GOLDEN=1 swift test --filter
/// StatusCommandTests`, then review the diff.
@Suite struct StatusCommandTests {
    typealias F = DailyFixtures
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    static let week = Repository.url("Examples/week")
    static let days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]

    @Test(arguments: days, ["txt", "json"])
    func matchesGolden(_ day: String, _ format: String) throws {
        let run = try Binary.run(["status", day] + (format == "json" ? ["--format", "json"] : []), in: Self.week)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let file = Self.golden.appendingPathComponent("\(day).\(format)")
        if Self.recording {
            try Data(run.stdout.utf8).write(to: file)
        }
        #expect(run.stdout == (try String(contentsOf: file, encoding: .utf8)))
    }

    @Test func theJSONIsAVersionedDocument() throws {
        for day in Self.days {
            let run = try Binary.run(["status", day, "--format", "json"], in: Self.week)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(object["version"] as? Int == 3)
            #expect(object["day"] as? String == day)
            let regions = try #require(object["regions"] as? [[String: Any]])
            #expect(regions.map { $0["region"] as? String } == ["Morning", "Afternoon", "Evening"])
            let document = DayDocument(parsing: try [UInt8](Data(contentsOf: Self.week.appendingPathComponent("\(day).md"))))
            let progress = DayProgress(document, on: try #require(Day(day)))
            #expect(object["done"] as? Int == progress.done && object["planned"] as? Int == progress.planned)
        }
    }

    @Test func todayByDefaultWithTheBacklogByAge() throws {
        let folder = try F.folder()
        let run = try Binary.run(["status"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            2026-11-21.md: Saturday 2026-11-21, 1 of 4 done (25%)
            Morning    must 1/1 · complementary 1/3 · misc 0/5 · 1 done
            Afternoon  must 0/1 · complementary 0/3 · misc 1/5
            Evening    must 0/1 · complementary 0/3 · misc 0/5
            Backlog    2 open: 0 today, 0 yesterday, 0 this week, 1 older, 1 undated; oldest: Renew passport (from 2026-11-13, 8 days ago)
            Carried    Renew passport (8 days); 7 days or more: decide with 'dayplan review'
            1 error in the file; see them with 'dayplan lint 2026-11-21.md'

            """)
        let json = try Binary.run(["status", "today", "--format", "json"], in: folder.url)
        #expect(json.stdout.hasPrefix(#"{"version":3,"file":"2026-11-21.md","day":"2026-11-21","done":1,"planned":4,"completion":0.25,"#))
        #expect(json.stdout.hasSuffix(#""backlog":{"open":2,"today":0,"yesterday":0,"thisWeek":0,"older":1,"undated":1,"oldest":{"title":"Renew passport","line":14,"from":"2026-11-13","age":8}},"deadlines":[],"prioritized":[],"errors":1,"warnings":0,"carriedWarningDays":7,"carried":[{"title":"Renew passport","line":14,"from":"2026-11-13","age":8}],"timing":[],"now":"12:00","allDay":[],"schedule":[],"next":null,"time":[{"region":"Morning","hours":"06:00-12:00","busy":0,"estimated":0,"free":360,"left":0},{"region":"Afternoon","hours":"12:00-18:00","busy":0,"estimated":0,"free":360,"left":360},{"region":"Evening","hours":"18:00-23:00","busy":0,"estimated":0,"free":300,"left":300}]}"# + "\n"))
    }

    @Test func overdueAndDueSoonTasksAreListed() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", """
            # 2026-11-21

            ## Morning
            - [ ] Tax return @due:2026-11-19
            - [x] Done on time @due:2026-11-20
            - [ ] Grant report @due:2026-11-21

            ## Backlog
            - [ ] Passport @due:2026-11-24
            - [ ] Far away @due:2026-12-24

            """)
        let run = try Binary.run(["status", "2026-11-21"], in: folder.url)
        #expect(run.status == 0)
        // The two overdue deadlines are lint's DP051 warnings too, and status counts them as lint does.
        #expect(run.stdout.hasSuffix("""
            Overdue    Tax return (due 2026-11-19, 2 days ago)
            Overdue    Grant report (due today)
            Due soon   Passport (due 2026-11-24, in 3 days)
            2 warnings in the file; see them with 'dayplan lint 2026-11-21.md'

            """))
        let json = try Binary.run(["status", "2026-11-21", "--format", "json"], in: folder.url)
        #expect(json.stdout.contains(#""deadlines":[{"title":"Tax return","line":4,"due":"2026-11-19","daysLeft":-2,"overdue":true},{"title":"Grant report","line":6,"due":"2026-11-21","daysLeft":0,"overdue":true},{"title":"Passport","line":9,"due":"2026-11-24","daysLeft":3,"overdue":false}],"#))
    }

    @Test func completionLeavesCancelledOut() throws {
        let folder = try F.folder(today: "# 2026-11-21\n## Morning\n- [x] a\n- [-] b\n- [>] c\n- [ ] d\n  - [x] sub\n## Backlog\n- [x] e\n")
        let run = try Binary.run(["status"], in: folder.url)
        #expect(run.stdout.hasPrefix("2026-11-21.md: Saturday 2026-11-21, 1 of 3 done (33%)\n"))
        #expect(run.stdout.contains("Morning    must 0/1 · complementary 0/3 · misc 1/5 · 1 done · 1 cancelled · 1 moved\n"))
        let empty = try F.folder(today: "# 2026-11-21\n## Backlog\n- [ ] e\n")
        #expect(try Binary.run(["status"], in: empty.url).stdout.hasPrefix("2026-11-21.md: Saturday 2026-11-21, nothing planned yet\n"))
        #expect(try Binary.run(["status", "--format", "json"], in: empty.url).stdout.contains(#""done":0,"planned":0,"completion":null,"#))
    }

    @Test func aDayWithoutAFileIsAnError() throws {
        let folder = try F.folder()
        let run = try Binary.run(["status", "2026-11-22"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "dayplan status: 2026-11-22.md: no such file; there is no plan for 2026-11-22 yet (start it with 'dayplan rollover')\n")
        #expect(try Binary.run(["status", "someday"], in: folder.url).stderr == "dayplan status: --date 'someday' is not a date; write YYYY-MM-DD\n")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "skipped: script (util-linux) is not there to give a terminal"))
    func colourOnlyOnATerminalAndNotWithNoColor() throws {
        let folder = try F.folder(today: F.today.replacingOccurrences(of: "## Afternoon\n", with: "## Afternoon\n* [ ] a\n* [ ] b\n"))
        // `script` runs the command with a terminal as its standard output.
        func onTerminal(_ environment: String) throws -> String {
            try shell("\(environment) /usr/bin/script -qec \"'$0' status\" /dev/null", in: folder).stdout
        }
        let coloured = try onTerminal("")
        #expect(coloured.contains("\u{1B}[1;31m2/1\u{1B}[0m"), "over the limit: red")
        #expect(coloured.contains("\u{1B}[33m1/1\u{1B}[0m"), "full: yellow")
        let plain = try onTerminal("NO_COLOR=1")
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("Afternoon  must 2/1 ·"))
        #expect(plain.contains("2 errors in the file; see them with 'dayplan lint 2026-11-21.md'"))
        #expect(!(try Binary.run(["status"], in: folder.url).stdout.contains("\u{1B}[")), "not a terminal: no colour")
    }

    /// The day on the clock: a plan folder whose settings name a calendar, "now" injected.
    func clockFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = work.ics\nmorning = 07:00-12:00\n")
        try folder.write("work.ics", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:standup\r
            SUMMARY:Standup\r
            LOCATION:Room 4\r
            DTSTART:20261102T090000Z\r
            DTEND:20261102T091500Z\r
            RRULE:FREQ=DAILY\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:review\r
            SUMMARY:Design review\r
            DTSTART:20261121T090000Z\r
            DTEND:20261121T103000Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:dentist\r
            SUMMARY:Dentist\r
            DTSTART;TZID=Europe/Berlin:20261121T173000\r
            DURATION:PT45M\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:trip\r
            SUMMARY:Trip\r
            DTSTART;VALUE=DATE:20261121\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        try folder.write("2026-11-21.md", """
            # 2026-11-21

            ## Morning
            * [ ] 10:45 - 11:30 Write the report
            - [ ] Review the draft @est:45m
            - [x] 08:00 Done early

            ## Afternoon
            + [ ] 16:00 Call the bank @est:20m

            ## Backlog
            - [ ] 09:20 Not on the clock in the Backlog

            """)
        return folder
    }

    @Test(arguments: ["09:10", "16:40"], ["txt", "json"])
    func onTheClockMatchesGolden(_ now: String, _ format: String) throws {
        let folder = try clockFolder()
        let run = try Binary.run(["status", "--now", "2026-11-21T\(now)"] + (format == "json" ? ["--format", "json"] : []), in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let file = Self.golden.appendingPathComponent("clock-\(now.replacingOccurrences(of: ":", with: "-")).\(format)")
        if Self.recording { try Data(run.stdout.utf8).write(to: file) }
        #expect(run.stdout == (try String(contentsOf: file, encoding: .utf8)))
    }

    @Test func anotherDayShowsItsScheduleWithoutNow() throws {
        let folder = try clockFolder()
        try folder.write("2026-11-22.md", "# 2026-11-22\n")
        let run = try Binary.run(["status", "2026-11-22", "--now", "2026-11-21T09:10"], in: folder.url)
        #expect(run.stdout.hasSuffix("""
            Schedule   09:00-09:15  Standup (Room 4)
            Free       Morning 4h45m free of 5h · Afternoon 6h free of 6h · Evening 5h free of 5h

            """), "\(run.stdout)")
        let json = try Binary.run(["status", "2026-11-22", "--format", "json"], in: folder.url)
        #expect(json.stdout.contains(#""now":null,"allDay":[],"schedule":[{"kind":"event","title":"Standup","start":"09:00","end":"09:15","location":"Room 4","region":null,"source":"work.ics","line":3}],"next":null,"#))
    }
}
