import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// The rules on the clock (DP060, DP061, DP062) through the built binary: a plan folder whose settings name
/// region hours and an `.ics` calendar; `dayplan lint` gives each finding with file, line and column.
@Suite struct TimeRulesCommandTests {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:budget\r
        SUMMARY:Budget meeting\r
        DTSTART;TZID=Europe/Berlin:20261121T100000\r
        DTEND;TZID=Europe/Berlin:20261121T110000\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:standup\r
        SUMMARY:Stand-up\r
        DTSTART:20261102T080000Z\r
        DURATION:PT1H\r
        RRULE:FREQ=WEEKLY;BYDAY=SA\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static let day = """
        # 2026-11-21

        ## Morning
        * [ ] Write the report @est:2h
        - [ ] 10:30 - 11:30 Review
        - [ ] 13:00 Lunch with Bo

        ## Afternoon
        - [ ] 14:00 - 15:00 Call the bank
        - [ ] 14:30 Tea

        ## Evening

        ## Backlog

        """

    func planFolder(config: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", config)
        try folder.write("work.ics", Self.calendar)
        try folder.write("2026-11-21.md", Self.day)
        return folder
    }

    @Test func lintChecksTheDayAgainstItsHoursAndCalendar() throws {
        let folder = try planFolder(config: "morning = 08:00-12:00\ncalendars = work.ics\n")
        // Berlin: the stand-up is 09:00-10:00 there, the budget meeting 10:00-11:00; the Morning has 4h less 2h.
        let run = try Binary.run(["lint"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(run.stdout == """
            2026-11-21.md:5:1: warning: “Review” at 10:30 - 11:30 overlaps the event “Budget meeting” (10:00-11:00); change one of the times [DP061/time-overlap]
            2026-11-21.md:5:1: warning: Morning's estimates add up to 3h but it has 2h free (4h less 2h of events); move a task to another region or the Backlog, or estimate again [DP062/over-capacity]
            2026-11-21.md:6:1: warning: “Lunch with Bo” is planned at 13:00, outside Morning's hours (08:00-12:00); move it to Afternoon or change its time [DP060/time-outside-region]
            2026-11-21.md:10:1: warning: “Tea” at 14:30 overlaps “Call the bank” at 14:00 - 15:00 (line 9); change one of the times [DP061/time-overlap]

            """)
        #expect(run.stderr == "4 warnings in 1 of 1 file\n")
        #expect(run.status == 0)
        let strict = try Binary.run(["lint", "--strict", "--format", "json"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("\"rule\":\"DP062\""), "\(strict.stdout)")
    }

    @Test func withoutCalendarsOnlyTheTasksAndTheHours() throws {
        let folder = try planFolder(config: "morning = 08:00-12:00\n")
        let run = try Binary.run(["lint"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(run.stdout == """
            2026-11-21.md:6:1: warning: “Lunch with Bo” is planned at 13:00, outside Morning's hours (08:00-12:00); move it to Afternoon or change its time [DP060/time-outside-region]
            2026-11-21.md:10:1: warning: “Tea” at 14:30 overlaps “Call the bank” at 14:00 - 15:00 (line 9); change one of the times [DP061/time-overlap]

            """)
    }

    @Test func aCalendarThatIsNotThereIsNamedAndTheRestChecked() throws {
        let folder = try planFolder(config: "calendars = missing.ics\n")
        let run = try Binary.run(["lint"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(run.stderr.hasPrefix("dayplan lint: "), "\(run.stderr)")
        #expect(run.stderr.contains("missing.ics: no such calendar file or folder"), "\(run.stderr)")
        #expect(run.stdout.contains("[DP061/time-overlap]") && !run.stdout.contains("Budget meeting"))
        #expect(run.status == 0)
        let quiet = try Binary.run(["lint", "--quiet"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(quiet.stderr == "")
    }

    /// The pre-commit hook runs lint: it gets the same findings from standard input.
    @Test func standardInputIsCheckedWithTheSameSettings() throws {
        let folder = try planFolder(config: "morning = 08:00-12:00\ncalendars = work.ics\n")
        let run = try Binary.run(["lint", "--stdin-filename", "2026-11-21.md", "-"], in: folder.url,
                                 stdin: Array(Self.day.utf8), environment: ["TZ": "Europe/Berlin"])
        #expect(run.stdout.split(separator: "\n").count == 4, "\(run.stdout)")
        #expect(run.stdout.contains("2026-11-21.md:5:1: warning: “Review” at 10:30 - 11:30 overlaps the event “Budget meeting”"))
    }

    /// lint reads the calendars for the days its files are named for (the events of other days are passed over
    /// at a glance), and reads them again, whole, for a file whose heading names another day.
    @Test func eachFileIsCheckedAgainstItsOwnDaysEvents() throws {
        let folder = try planFolder(config: "calendars = work.ics\n")
        // 2026-11-28 is a Saturday: the weekly stand-up (09:00-10:00 in Berlin), a week after the first file.
        try folder.write("2026-11-28.md", "# 2026-11-28\n\n## Morning\n- [ ] 09:30 Run\n\n## Backlog\n")
        let both = try Binary.run(["lint", "2026-11-21.md", "2026-11-28.md"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(both.stdout.contains("2026-11-21.md:5:1: warning: “Review” at 10:30 - 11:30 overlaps the event “Budget meeting”"), "\(both.stdout)")
        #expect(both.stdout.contains("2026-11-28.md:4:1: warning: “Run” at 09:30 overlaps the event “Stand-up” (09:00-10:00)"), "\(both.stdout)")
        // Named for the 14th, headed the 21st: checked against the 21st's events.
        try folder.write("2026-11-14.md", Self.day)
        let other = try Binary.run(["lint", "2026-11-14.md"], in: folder.url, environment: ["TZ": "Europe/Berlin"])
        #expect(other.stdout.contains("2026-11-14.md:5:1: warning: “Review” at 10:30 - 11:30 overlaps the event “Budget meeting”"), "\(other.stdout)")
    }
}

/// The language server reports the rules on the clock from the plan folder's region hours and calendars, as
/// `dayplan lint` does.
@Suite struct LanguageServerTimeRulesTests {
    func findings(config: String) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", config)
        try folder.write("work.ics", TimeRulesCommandTests.calendar)
        try folder.write("2026-11-21.md", TimeRulesCommandTests.day)
        let client = try LanguageServerClient(environment: ["TZ": "Europe/Berlin"])
        _ = try client.initialize(root: folder.url)
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md"))
        client.open(uri, TimeRulesCommandTests.day)
        let diagnostics = try client.diagnostics(for: uri)
        #expect(try client.shutDown() == 0)
        return diagnostics.filter { ["DP060", "DP061", "DP062"].contains($0["code"]?.stringValue ?? "") }.map {
            "\($0["range"]?["start"]?["line"]?.intValue ?? -1): \($0["code"]?.stringValue ?? "") \($0["severity"]?.intValue ?? 0)"
        }
    }

    @Test func theFoldersHoursAndCalendarsDecide() throws {
        // Lines from 0: the review (4) overlaps the budget meeting and tips the Morning over; lunch (5) is outside it.
        #expect(try findings(config: "morning = 08:00-12:00\ncalendars = work.ics\n") == ["4: DP061 2", "4: DP062 2", "5: DP060 2", "9: DP061 2"])
        // The default Morning (06:00-12:00) holds 6h less 2h of events: 3h of tasks fit.
        #expect(try findings(config: "calendars = work.ics\n") == ["4: DP061 2", "5: DP060 2", "9: DP061 2"])
    }

    /// A calendar written while the server runs (a calendar app's `.ics`, or an event's file vdirsyncer adds to a
    /// vdir by renaming it into place) counts from the next analysis, without a restart and without the editor
    /// telling the server of the file.
    @Test func aCalendarChangedOnDiskCountsAtTheNextChange() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = work.ics, vdir\n")
        try folder.write("work.ics", TimeRulesCommandTests.calendar)
        try folder.write("vdir/personal/.keep", "")
        try folder.write("2026-11-21.md", TimeRulesCommandTests.day)
        let client = try LanguageServerClient(environment: ["TZ": "Europe/Berlin"])
        _ = try client.initialize(root: folder.url)
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md"))
        func overlaps(version: Int) throws -> [String] {
            try client.diagnostics(for: uri, version: version).filter { $0["code"] == "DP061" }.map {
                "\($0["range"]?["start"]?["line"]?.intValue ?? -1): \($0["message"]?.stringValue ?? "")"
            }
        }
        client.open(uri, TimeRulesCommandTests.day)
        #expect(try overlaps(version: 1).contains { $0.hasPrefix("4: ") && $0.contains("Budget meeting") })
        // The budget meeting is taken out of work.ics: the review no longer overlaps it.
        let withoutBudget = TimeRulesCommandTests.calendar.replacingOccurrences(
            of: "BEGIN:VEVENT\r\nUID:budget\r\nSUMMARY:Budget meeting\r\nDTSTART;TZID=Europe/Berlin:20261121T100000\r\nDTEND;TZID=Europe/Berlin:20261121T110000\r\nEND:VEVENT\r\n",
            with: "")
        #expect(withoutBudget != TimeRulesCommandTests.calendar)
        try folder.write("work.ics", withoutBudget)
        client.change(uri, TimeRulesCommandTests.day, version: 2)
        #expect(try overlaps(version: 2).allSatisfy { !$0.hasPrefix("4: ") })
        // An event's file renamed into the vdir's calendar folder: the review overlaps it.
        let dentist = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:dentist\r\nSUMMARY:Dentist\r\n"
            + "DTSTART;TZID=Europe/Berlin:20261121T110000\r\nDTEND;TZID=Europe/Berlin:20261121T113000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try folder.write("vdir/personal/.dentist.tmp", dentist)
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("vdir/personal/.dentist.tmp"),
                                         to: folder.url.appendingPathComponent("vdir/personal/dentist.ics"))
        client.change(uri, TimeRulesCommandTests.day, version: 3)
        #expect(try overlaps(version: 3).contains { $0.hasPrefix("4: ") && $0.contains("Dentist") })
        #expect(try client.shutDown() == 0)
    }
}
