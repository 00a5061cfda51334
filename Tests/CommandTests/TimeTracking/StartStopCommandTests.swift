import DayPlan
import Foundation
import Testing

/// `dayplan start` and `dayplan stop` on the built binary, in temporary plan folders, the clock injected.
@Suite struct StartStopCommandTests {
    static let yesterday = """
        # 2026-11-20

        ## Morning
        * [ ] Write the talk @est:2h

        ## Backlog

        """
    static let today = """
        # 2026-11-21

        ## Morning
        * [ ] Write the talk @est:2h @spent:10m
        + [ ] Review the pull request
        - [x] Send the invoice

        ## Backlog
        - [ ] Sort photos

        """

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", yesterday)
        try folder.write("2026-11-21.md", today)
        return folder
    }

    static func at(_ clock: String, on day: String = "2026-11-21") -> [String: String] {
        ["DAYPLAN_NOW": "\(day)T\(clock)"]
    }

    /// Start writes `@running:` (and marks a task to do doing), stop adds the minutes to `@spent:` and takes
    /// `@running:` away; nothing else of the file changes.
    @Test func startThenStopAddsTheTimeToSpent() throws {
        let folder = try Self.folder()
        let start = try Binary.run(["start", "talk"], in: folder.url, environment: Self.at("09:05"))
        #expect(start.status == 0 && start.stderr == "", "\(start.stderr)")
        #expect(start.stdout == "2026-11-21.md:4: started at 09:05 and marked doing: Write the talk\n")
        #expect(try folder.read("2026-11-21.md") == Self.today.replacingOccurrences(
            of: "* [ ] Write the talk @est:2h @spent:10m\n", with: "* [/] Write the talk @est:2h @spent:10m @running:09:05\n"))
        // status shows what is timed, for how long so far.
        let status = try Binary.run(["status"], in: folder.url, environment: Self.at("09:25"))
        #expect(status.stdout.contains("\nTiming     Write the talk since 09:05 (20m so far, 10m spent before); stop with 'dayplan stop'\n"),
                "\(status.stdout)")
        let json = try Binary.run(["status", "--format", "json"], in: folder.url, environment: Self.at("09:25"))
        #expect(json.stdout.contains(#""timing":[{"title":"Write the talk","line":4,"region":"Morning","since":"09:05","minutes":20,"spent":10}]"#),
                "\(json.stdout)")
        let again = try Binary.run(["start", "Write the talk"], in: folder.url, environment: Self.at("09:30"))
        #expect(again.status == 0 && again.stdout == "2026-11-21.md:4: already timed since 09:05: Write the talk\n")
        let stop = try Binary.run(["stop"], in: folder.url, environment: Self.at("10:25"))
        #expect(stop.status == 0 && stop.stderr == "", "\(stop.stderr)")
        #expect(stop.stdout == "2026-11-21.md:4: stopped after 1h20m: Write the talk (@spent:1h30m)\n")
        #expect(try folder.read("2026-11-21.md") == Self.today.replacingOccurrences(
            of: "* [ ] Write the talk @est:2h @spent:10m\n", with: "* [/] Write the talk @est:2h @spent:1h30m\n"))
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    /// A second start stops the first, saying so, and starts the other in the same write.
    @Test func aSecondStartStopsTheFirstAndSaysSo() throws {
        let folder = try Self.folder()
        try Binary.run(["start", "talk"], in: folder.url, environment: Self.at("09:00"))
        let second = try Binary.run(["start", "pull request"], in: folder.url, environment: Self.at("09:45"))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == """
            2026-11-21.md:4: stopped after 45m: Write the talk (@spent:55m), to time one task at a time
            2026-11-21.md:5: started at 09:45 and marked doing: Review the pull request

            """)
        let text = try folder.read("2026-11-21.md")
        #expect(text.contains("* [/] Write the talk @est:2h @spent:55m\n"))
        #expect(text.contains("+ [/] Review the pull request @running:09:45\n"))
        #expect(text.components(separatedBy: "@running:").count == 2)
    }

    /// Nothing running is exit 1 with a sentence; a finished task is refused; no task is a usage error.
    @Test func stopWithNothingRunningAndStartOnAFinishedTaskAreRefused() throws {
        let folder = try Self.folder()
        let stop = try Binary.run(["stop"], in: folder.url, environment: Self.at("09:00"))
        #expect(stop.status == 1 && stop.stdout == "")
        #expect(stop.stderr == "dayplan stop: no task is being timed in 2026-11-21.md or the 7 day files before it; start one with 'dayplan start TASK'\n")
        let done = try Binary.run(["start", "invoice"], in: folder.url, environment: Self.at("09:00"))
        #expect(done.status == 1 && done.stderr.contains("`Send the invoice` is done; reopen it first"), "\(done.stderr)")
        let none = try Binary.run(["start"], in: folder.url, environment: Self.at("09:00"))
        #expect(none.status == 2 && none.stderr.hasPrefix("dayplan start: give a task"))
        #expect(try folder.read("2026-11-21.md") == Self.today)
        // A start written by hand after now is named, not counted as negative time.
        try folder.write("2026-11-21.md", Self.today.replacingOccurrences(of: "- [ ] Sort photos", with: "- [ ] Sort photos @running:11:00"))
        let early = try Binary.run(["stop"], in: folder.url, environment: Self.at("10:00"))
        #expect(early.status == 1 && early.stderr.contains("2026-11-21.md:9: `Sort photos` is timed from 2026-11-21T11:00, after now"), "\(early.stderr)")
    }

    /// A task left running at the day's end: rollover leaves `@running:` on the old day's line, and stop the
    /// next morning closes it there, the time counted on its own day, with a note that it crossed midnight.
    @Test func aTaskRunningPastMidnightIsStoppedOnItsOwnDay() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", Self.today)
        try Binary.run(["start", "talk"], in: folder.url, environment: Self.at("23:30"))
        let rollover = try Binary.run(["rollover"], in: folder.url, environment: Self.at("00:05", on: "2026-11-22"))
        #expect(rollover.status == 0, "\(rollover.stderr)")
        #expect(try folder.read("2026-11-21.md").contains("* [>] Write the talk @est:2h @spent:10m @running:23:30\n"))
        #expect(try folder.read("2026-11-22.md").contains("* [/] Write the talk @from:2026-11-21 @est:2h\n"))
        let stop = try Binary.run(["stop"], in: folder.url, environment: Self.at("00:20", on: "2026-11-22"))
        #expect(stop.status == 0)
        #expect(stop.stdout == "2026-11-21.md:4: stopped after 50m: Write the talk (@spent:1h)\n")
        #expect(stop.stderr == "2026-11-21.md:4: note: it ran from 2026-11-21T23:30 to 2026-11-22T00:20, past midnight; "
                + "all of it counts on 2026-11-21, the day of its file\n")
        #expect(try folder.read("2026-11-21.md").contains("* [>] Write the talk @est:2h @spent:1h\n"))
        #expect(!(try folder.read("2026-11-22.md")).contains("@spent:"))
    }

    /// The running start is in the file, so a crash between start and stop loses nothing: a process killed
    /// after start (here, the machine gone: the next run is a new process) is stopped by the next stop; and a
    /// start killed after it stopped the old day's task but before it wrote today's has started nothing, so
    /// the next start starts it, and no task is timed twice.
    /// A task left timed over two rollovers (a long weekend): its `@running:` stays on its own old day's `[>]` line,
    /// two day files back, and stop still finds it there, with the warning of a stretch that long.
    @Test func aTaskLeftRunningOverTwoRolloversIsStillFound() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-19.md", "# 2026-11-19\n\n## Morning\n* [>] Write the talk @running:17:00\n\n## Backlog\n")
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n\n## Backlog\n* [>] Write the talk @from:2026-11-19\n")
        try folder.write("2026-11-21.md", Self.today)
        let stop = try Binary.run(["stop"], in: folder.url, environment: Self.at("09:00"))
        #expect(stop.status == 0, "\(stop.stderr)")
        #expect(stop.stdout == "2026-11-19.md:4: stopped after 40h: Write the talk (@spent:40h)\n")
        #expect(stop.stderr.contains("2026-11-19.md:4: warning: it ran for 40h; if it was left running, correct its @spent: by hand"), "\(stop.stderr)")
        #expect(try folder.read("2026-11-19.md") == "# 2026-11-19\n\n## Morning\n* [>] Write the talk @spent:40h\n\n## Backlog\n")
        #expect(try folder.read("2026-11-21.md") == Self.today)
    }

    /// `start FILE:LINE` on the plan folder's own day file (how the view's T names a task) stops a task timed in the
    /// day before, as a start by title does.
    @Test func startByFileAndLineStopsTheTaskOfTheDayBefore() throws {
        let folder = try Self.folder()
        try folder.write("2026-11-20.md", Self.yesterday.replacingOccurrences(of: "@est:2h", with: "@est:2h @running:22:00"))
        let start = try Binary.run(["start", "2026-11-21.md:5"], in: folder.url, environment: Self.at("08:30"))
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stdout.hasPrefix("2026-11-20.md:4: stopped after 10h30m: Write the talk (@spent:10h30m), to time one task at a time\n"), "\(start.stdout)")
        #expect(start.stdout.hasSuffix("2026-11-21.md:5: started at 08:30 and marked doing: Review the pull request\n"), "\(start.stdout)")
        #expect(try folder.read("2026-11-20.md").contains("* [ ] Write the talk @est:2h @spent:10h30m\n"))
        // A file of that name outside the plan folder is timed on its own: the plan's timed task runs on.
        let elsewhere = try TemporaryFolder()
        try elsewhere.write("notes/2026-11-21.md", Self.today)
        let path = elsewhere.url.appendingPathComponent("notes/2026-11-21.md").path
        let alone = try Binary.run(["start", path + ":4"], in: folder.url, environment: Self.at("08:40"))
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout == "\(path):4: started at 08:40 and marked doing: Write the talk\n")
        #expect(try elsewhere.read("notes/2026-11-21.md").contains("* [/] Write the talk @est:2h @spent:10m @running:08:40\n"))
        #expect(try folder.read("2026-11-21.md").contains("+ [/] Review the pull request @running:08:30\n"))
    }

    /// post-start gets the start and the stop it made first; post-stop gets the stop (docs/hooks.md).
    @Test func theHooksGetWhatStartAndStopChanged() throws {
        let folder = try Self.folder()
        for hook in ["post-start", "post-stop"] {
            let file = try folder.write(".dayplan/hooks/\(hook)", "#!/bin/sh\ncat > \"$DAYPLAN_DIR/\(hook).json\"\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        #expect(try Binary.run(["start", "talk"], in: folder.url, environment: Self.at("09:00")).status == 0)
        #expect(try Binary.run(["start", "pull request"], in: folder.url, environment: Self.at("09:30")).status == 0)
        #expect(try folder.read("post-start.json").contains(#""command":"start","day":"2026-11-21","changes":[{"file":"2026-11-21.md","line":4,"#
                                                            + #""summary":"stopped after 30m: Write the talk (@spent:40m), to time one task at a time"},"#
                                                            + #"{"file":"2026-11-21.md","line":5,"summary":"started at 09:30 and marked doing: Review the pull request"}]"#))
        #expect(try Binary.run(["stop"], in: folder.url, environment: Self.at("10:00")).status == 0)
        #expect(try folder.read("post-stop.json").contains(#""command":"stop","day":"2026-11-21","changes":[{"file":"2026-11-21.md","line":5,"#
                                                           + #""summary":"stopped after 30m: Review the pull request (@spent:30m)"}]"#))
    }

    @Test func aKilledRunLosesNoTime() throws {
        let folder = try Self.folder()
        try folder.write("2026-11-20.md", Self.yesterday.replacingOccurrences(of: "@est:2h", with: "@est:2h @running:22:00"))
        let killed = try Binary.run(["start", "pull request"], in: folder.url,
                                    environment: Self.at("08:00").merging(["DAYPLAN_FAULT": "start-between-writes"]) { $1 })
        #expect(killed.status == SIGKILL)
        #expect(try folder.read("2026-11-20.md").contains("* [ ] Write the talk @est:2h @spent:10h\n"))
        #expect(try folder.read("2026-11-21.md") == Self.today)
        let stop = try Binary.run(["stop"], in: folder.url, environment: Self.at("08:01"))
        #expect(stop.status == 1, "nothing is running after the killed start: \(stop.stdout)")
        let start = try Binary.run(["start", "pull request"], in: folder.url, environment: Self.at("08:02"))
        #expect(start.status == 0 && start.stdout == "2026-11-21.md:5: started at 08:02 and marked doing: Review the pull request\n")
        let later = try Binary.run(["stop"], in: folder.url, environment: Self.at("08:32"))
        #expect(later.stdout == "2026-11-21.md:5: stopped after 30m: Review the pull request (@spent:30m)\n")
        #expect(!(try folder.read("2026-11-21.md")).contains("@running:"))
    }
}
