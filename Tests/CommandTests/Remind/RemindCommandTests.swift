import Foundation
import Testing

/// `dayplan remind` end to end: a plan folder whose settings name a calendar, "now" injected with `--now`,
/// the reminder command a script of the test that records what it was given. `Golden/*.txt` are what it
/// prints; re-record after an intended change with `RECORD_GOLDEN=1 swift test --filter RemindCommandTests`.
@Suite struct RemindCommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

    /// A plan folder made by init's rules (`.dayplan/config`) with `calendars = work.ics` and `settings`.
    func planFolder(_ settings: String = "remind-command =\n") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = work.ics\n" + settings)
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
            UID:dentist\r
            SUMMARY:Dentist\\, Dr. Lee\r
            DTSTART;TZID=Europe/Berlin:20261121T173000\r
            DURATION:PT45M\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:review\r
            SUMMARY:Review $(touch pwned) "quoted"\r
            DTSTART:20261121T090500Z\r
            DTEND:20261121T100000Z\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:late\r
            SUMMARY:Late call\r
            DTSTART:20261121T235500Z\r
            DTEND:20261122T002000Z\r
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
            - [ ] 09:10 Call the bank
            - [x] 09:02 Already done
            - [ ] Untimed @est:30m

            ## Afternoon
            * [/] 16:30 - 17:00 Send the invoices

            ## Backlog
            - [ ] 09:20 Not on the clock in the Backlog

            """)
        return folder
    }

    func expectGolden(_ text: String, _ name: String) throws {
        let file = Self.golden.appendingPathComponent(name)
        if Self.recording { try Data(text.utf8).write(to: file) }
        #expect(text == (try String(contentsOf: file, encoding: .utf8)), "Golden/\(name)")
    }

    @Test func announcesWhatStartsWithinTheWindowOnce() throws {
        let folder = try planFolder()
        let first = try Binary.run(["remind", "--now", "2026-11-21T08:55"], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "")
        try expectGolden(first.stdout, "08-55.txt")
        // A minute later: the same items are not announced again; nothing else is due.
        let again = try Binary.run(["remind", "--now", "2026-11-21T08:56"], in: folder.url)
        #expect(again.status == 0 && again.stdout == "", "\(again.stdout)\(again.stderr)")
        // What was announced is remembered in the plan folder's state, one line each.
        #expect(try folder.read(".dayplan/reminded") == """
            2026-11-21T09:00\tevent uid:standup 2026-11-21T09:00
            2026-11-21T09:05\tevent uid:review 2026-11-21T09:05

            """)
        // A wider window at 16:00 takes the dentist (17:30 in Berlin, 16:30 UTC) and prints the time left in hours.
        let later = try Binary.run(["remind", "--now", "2026-11-21T15:20", "--within", "1h10m"], in: folder.url)
        try expectGolden(later.stdout, "15-20-within-1h10m.txt")
        // Near midnight the window reaches into the next day; the late call of 23:55 is announced at 23:50.
        let night = try Binary.run(["remind", "--now", "2026-11-21T23:50"], in: folder.url)
        #expect(night.stdout == "23:55-00:20 Late call: event, in 5 minutes\n")
        let morning = try Binary.run(["remind", "--now", "2026-11-22T08:50"], in: folder.url)
        #expect(morning.stdout == "09:00-09:15 Standup (Room 4): event, in 10 minutes\n")
    }

    @Test func aDryRunRemembersNothing() throws {
        let folder = try planFolder()
        let dry = try Binary.run(["remind", "--now", "2026-11-21T08:55", "--dry-run"], in: folder.url)
        try expectGolden(dry.stdout, "08-55.txt")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".dayplan/reminded").path))
        let real = try Binary.run(["remind", "--now", "2026-11-21T08:55"], in: folder.url)
        try expectGolden(real.stdout, "08-55.txt")
    }

    @Test func runsTheCommandWithArgumentsNeverThroughAShell() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("notify", """
            #!/bin/sh
            for word in "$@"; do printf '[%s]' "$word" >> "$(dirname "$0")/calls"; done
            printf '\\n' >> "$(dirname "$0")/calls"
            cat >> "$(dirname "$0")/inputs"

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let planFolder = try self.planFolder("remind-command = \(script.path) --urgency=low\n")
        // The script lives outside the plan folder here; its calls are recorded beside it.
        let run = try Binary.run(["remind", "--now", "2026-11-21T08:55"], in: planFolder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(try folder.read("calls") == """
            [--urgency=low][09:00-09:15 Standup][in 5 minutes · Room 4]
            [--urgency=low][09:05-10:00 Review $(touch pwned) "quoted"][in 10 minutes]

            """)
        #expect(!FileManager.default.fileExists(atPath: planFolder.url.appendingPathComponent("pwned").path))
        let inputs = try folder.read("inputs").split(separator: "\n")
        #expect(inputs.first == #"{"kind":"event","title":"Standup","day":"2026-11-21","start":"09:00","end":"09:15","minutesAway":5,"location":"Room 4"}"#)
    }

    @Test func aFailingCommandIsNamedAndTheReminderStands() throws {
        let folder = try planFolder("remind-command = /bin/false\n")
        let run = try Binary.run(["remind", "--now", "2026-11-21T08:55", "--within", "0m"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        let due = try Binary.run(["remind", "--now", "2026-11-21T09:00", "--within", "0m"], in: folder.url)
        #expect(due.status == 0)
        #expect(due.stdout == "09:00-09:15 Standup (Room 4): event, now\n")
        #expect(due.stderr == "dayplan remind: warning: remind-command '/bin/false' failed with exit status 1; the reminder was printed\n")
        #expect(try folder.read(".dayplan/reminded").contains("uid:standup"))

        let missing = try planFolder("remind-command = no-such-notifier --flag\n")
        let notRun = try Binary.run(["remind", "--now", "2026-11-21T08:55"], in: missing.url)
        #expect(notRun.status == 0)
        #expect(notRun.stderr.hasPrefix("dayplan remind: warning: remind-command 'no-such-notifier --flag' could not be run: "))
    }

    @Test func aCommandThatHangsIsKilledAtTheLimit() throws {
        let scripts = try TemporaryFolder()
        let script = try scripts.write("hang", "#!/bin/sh\nsleep 30\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let folder = try planFolder("remind-command = \(script.path)\n")
        let started = Date()
        let run = try Binary.run(["remind", "--now", "2026-11-21T08:55", "--within", "1m"], in: folder.url,
                                 environment: ["DAYPLAN_HOOK_TIMEOUT": "1"])
        #expect(run.stdout == "")
        let due = try Binary.run(["remind", "--now", "2026-11-21T08:59", "--within", "1m"], in: folder.url,
                                 environment: ["DAYPLAN_HOOK_TIMEOUT": "1"])
        #expect(run.status == 0 && due.status == 0)
        #expect(due.stderr == "dayplan remind: warning: remind-command '\(script.path)' ran past 1 seconds and was killed; the reminder was printed\n")
        #expect(Date().timeIntervalSince(started) < 25, "killed at the limit, not waited for")
    }

    @Test func refusesWhatItCannotUse() throws {
        let plain = try TemporaryFolder()
        try plain.write("2026-11-21.md", "# 2026-11-21\n")
        let run = try Binary.run(["remind"], in: plain.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("has no .dayplan/ folder, where remind remembers what it announced; make it a plan folder with 'dayplan init'"))
        let folder = try planFolder()
        for (arguments, message) in [(["--within", "10"], "--within '10' is not a duration"), (["--within", "25h"], "--within '25h' is not a duration"),
                                     (["--now", "9:00"], "--now '9:00' is not a time"), (["--now", "2026-11-21 25:00"], "--now '2026-11-21 25:00' is not a time")] {
            let refused = try Binary.run(["remind"] + arguments, in: folder.url)
            #expect(refused.status == 2)
            #expect(refused.stderr.hasPrefix("dayplan remind: " + message), "\(refused.stderr)")
        }
    }

    /// Run every minute of a simulated morning (the binary, an injected clock), each event and open timed task of
    /// Morning, Afternoon and Evening is announced exactly once (not one that is done, nor one in the Backlog). (The library's test runs a whole day, and two, every minute.)
    @Test func everyMinuteOverAMorningEachItemOnce() throws {
        let folder = try planFolder()
        var announced: [String: Int] = [:]
        for minute in stride(from: 8 * 60 + 40, to: 9 * 60 + 30, by: 1) {
            let now = String(format: "2026-11-21T%02d:%02d", minute / 60, minute % 60)
            let run = try Binary.run(["remind", "--now", now], in: folder.url)
            #expect(run.status == 0, "\(run.stderr)")
            for line in run.stdout.split(separator: "\n") { announced[String(line.prefix(17)), default: 0] += 1 }
        }
        #expect(announced == ["09:00-09:15 Stand": 1, "09:05-10:00 Revie": 1, "09:10 Call the ba": 1])
    }
}
