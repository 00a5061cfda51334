import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

@Suite struct RolloverCommandTests {
    typealias F = RolloverFixtures

    // MARK: - What it writes

    /// What rollover does not carry although it is open is named, one line each, as lint names it;
    /// and a new day made empty in advance (front matter only) is filled after what it holds.
    @Test func namesWhatItLeavesBehindAndFillsAnEmptyDay() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "layout = YYYY-MM-DD.md\n")
        try folder.write("2026-11-20.md", """
            # 2026-11-20 Friday

            ## Morning ☀️
            1. [ ] Numbered, read as misc
            - [x] Packed
              - [ ] Charger

            ## Habits
            - [ ] Stretch

            """)
        try folder.write("2026-11-21.md", "---\ntags: daily\n---\n")
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        // Exit 1: what is left behind is said where cron or a timer shows it, not only on standard error.
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr == """
            2026-11-20.md:6:3: warning: This open sub-task stands under a done task, so rollover leaves it behind with its parent; mark it done or cancelled, or move it out as a task of its own. Left behind: `- [ ] Charger` [DP039/open-subtask-under-finished-task]
            2026-11-20.md:9:1: error: This open task stands under `## Habits`, which is not a region, so the 1-3-5 rule does not count it and rollover will not carry it; move it under a region heading (Morning, Afternoon, Evening or Backlog). Left behind: `- [ ] Stretch` [DP020/task-outside-region]

            """)
        #expect(try folder.read("2026-11-21.md") == """
            ---
            tags: daily
            ---
            # 2026-11-21

            ## Morning

            ## Afternoon

            ## Evening

            ## Backlog
            - [ ] Numbered, read as misc @from:2026-11-20

            """)
        #expect(try folder.read("2026-11-20.md").contains("1. [>] Numbered, read as misc\n"))
    }

    @Test func mondayStartsFromFridayAcrossTheWeekend() throws {
        let folder = try TemporaryFolder()
        let tuesday = "# 2026-11-24\n\n## Morning\n* [ ] Planned ahead\n"
        try folder.write(["2026-11-18.md": F.wednesday, "2026-11-20.md": F.friday, "2026-11-24.md": tuesday,
                          "notes.md": "- [ ] not a day file\n", "2026-13-01.md": "# not a date\n"])
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == F.mondaySummary)
        #expect(run.stderr == "")
        #expect(try folder.read("2026-11-23.md") == F.monday)
        #expect(try folder.read("2026-11-20.md") == F.fridayAfter)
        #expect(try folder.read("2026-11-18.md") == F.wednesday)
        #expect(try folder.read("2026-11-24.md") == tuesday)
        #expect(try folder.read("notes.md") == "- [ ] not a day file\n")
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-18.md", "2026-11-20.md", "2026-11-23.md",
                                         "2026-11-24.md", "2026-13-01.md", "notes.md"])
    }

    @Test func existingNewDayKeepsEveryByteAndGetsTheTasksInserted() throws {
        let folder = try TemporaryFolder()
        let planned = """
            # 2026-11-23
            Planned on Sunday evening.

            ## Morning
            * [ ] Write the talk
              already here, so it is not added again

            ## Backlog
            - [x] Something done early   \t

            ## Notes
            Keep this.
            """
        try folder.write(["2026-11-20.md": F.friday, "2026-11-23.md": planned])
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026-11-23.md") == """
            # 2026-11-23
            Planned on Sunday evening.

            ## Morning
            * [ ] Write the talk
              already here, so it is not added again
            - [ ] Reply to Bo @carry

            ## Backlog
            - [x] Something done early   \t
            + [/] Update the onboarding doc #docs @from:2026-11-20
              the section on local setup is stale
            - [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-18
            + [ ] Learn Swift macros

            ## Notes
            Keep this.
            """)
        #expect(try folder.read("2026-11-20.md") == F.fridayAfter)
        #expect(run.stdout == "2026-11-23.md from 2026-11-20.md: 1 carried, 1 deferred to the backlog, 2 expired, "
                + "1 already planned; the backlog holds 3 tasks\n")
    }

    @Test func crlfFilesStayCRLF() throws {
        let folder = try TemporaryFolder()
        let crlf = { (text: String) in text.replacingOccurrences(of: "\n", with: "\r\n") }
        try folder.write("2026-11-20.md", crlf(F.friday))
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026-11-20.md") == crlf(F.fridayAfter))
        #expect(try folder.read("2026-11-23.md") == crlf(F.monday))
    }

    @Test func twiceInARowChangesNothingTheSecondTime() throws {
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-18.md": F.wednesday, "2026-11-20.md": F.friday])
        let first = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(first.status == 0)
        let afterFirst = try folder.contents(withLock: true)
        let second = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(second.status == 0)
        #expect(try folder.contents(withLock: true) == afterFirst)
        #expect(second.stdout == "2026-11-23.md from 2026-11-20.md: 0 carried, 0 deferred to the backlog, 0 expired; "
                + "the backlog holds 3 tasks (nothing to change)\n")
    }

    @Test func withNoEarlierPlanItStartsABlankDay() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-24.md", "# 2026-11-24\n")  // later days do not count
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "2026-11-23.md: no earlier plan, started a blank day\n")
        #expect(try folder.read("2026-11-23.md") == "# 2026-11-23\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        let again = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(again.stdout == "2026-11-23.md: no earlier plan; the file is kept as it is\n")
    }

    @Test func aWeekOfDailyRunsKeepsEveryOpenTaskExactlyOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-16.md", """
            # 2026-11-16

            ## Morning
            * [ ] Write the talk @carry
            + [ ] Review the pull request
            - [ ] Reply to Bo

            ## Backlog
            - [ ] Renew passport @expires:2026-11-19
            - [ ] Sort photos

            """)
        var open: Set<String> = ["Write the talk", "Review the pull request", "Reply to Bo", "Renew passport", "Sort photos"]
        var day = try #require(Day("2026-11-16"))
        let expiry = try #require(Day("2026-11-19"))
        for step in 1...7 {
            let newest = try #require(try folder.listing().filter { $0.hasSuffix(".md") }.max())
            // The person works: finishes the first open task, and captures a new one in the Backlog.
            var lines = try folder.read(newest).components(separatedBy: "\n")
            let document = DayDocument(parsing: try folder.read(newest))
            if let first = document.allTasks.first(where: { $0.status.isOpen && !["Write the talk", "Renew passport"].contains($0.title) }) {
                lines[first.line - 1] = lines[first.line - 1].replacingOccurrences(of: "[ ]", with: "[x]")
                    .replacingOccurrences(of: "[/]", with: "[x]")
                open.remove(first.title)
            }
            lines.insert("- [ ] Captured on day \(step)", at: lines.count - 1)
            open.insert("Captured on day \(step)")
            try folder.write(newest, lines.joined(separator: "\n"))

            day = day.adding(days: step == 5 ? 2 : 1)  // and skips a day once
            let run = try Binary.run(["rollover", "--date", "\(day)"], in: folder.url)
            #expect(run.status == 0, "\(run.stderr)")
            if day > expiry { open.remove("Renew passport") }
            let counts = try folder.openTasks()
            #expect(Set(counts.keys) == open, "after rolling into \(day)")
            #expect(counts.values.allSatisfy { $0 == 1 }, "after rolling into \(day): \(counts)")
            #expect(DayDocument(parsing: try folder.read(day.fileName)).tasks(in: .morning).map(\.title) == ["Write the talk"])
        }
        #expect(try folder.listing().filter { $0.hasSuffix(".md") }.count == 8)
    }

    // MARK: - Dry run

    @Test func dryRunShowsWhatWouldBeWrittenAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n* [ ] Write the talk @carry\n- [x] Done\n\n## Backlog\n- [ ] Old @expires:2026-11-01\n")
        let before = try folder.contents(withLock: true)
        let run = try Binary.run(["rollover", "--date", "2026-11-21", "--dry-run"], in: folder.url)
        #expect(run.status == 0)
        #expect(try folder.contents(withLock: true) == before)
        #expect(run.stdout == """
            2026-11-21.md would be created:
             1 + # 2026-11-21
             2 +
             3 + ## Morning
             4 + * [ ] Write the talk @carry
             5 +
             6 + ## Afternoon
             7 +
             8 + ## Evening
             9 +
            10 + ## Backlog
            2026-11-20.md would change:
             4 - * [ ] Write the talk @carry
             4 + * [>] Write the talk @carry
             8 - - [ ] Old @expires:2026-11-01
             8 + - [-] Old @expires:2026-11-01 @expired
            dry run, nothing written: 2026-11-21.md from 2026-11-20.md: 1 carried, 0 deferred to the backlog, 1 expired; the backlog holds 0 tasks

            """)

        // Into an existing day: only the lines it would add.
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [ ] Mine\n")
        let existing = try folder.contents(withLock: true)
        let into = try Binary.run(["rollover", "--date", "2026-11-21", "--dry-run"], in: folder.url)
        #expect(try folder.contents(withLock: true) == existing)
        #expect(into.stdout.hasPrefix("2026-11-21.md would get 1 line:\n5 + * [ ] Write the talk @carry\n2026-11-20.md would change:\n"))
    }

    // MARK: - Refusals and errors

    @Test func refusesASourceWithAmbiguousStructureAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] A\n## Morning\n- [ ] B\n")
        let before = try folder.contents()
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            2026-11-20.md:5:1: error: `## Morning` is a second Morning heading; merge its tasks into the first one. [DP021/duplicate-region]
            2026-11-20.md: rollover refused because of the error above; nothing changed

            """)
        #expect(try folder.contents() == before)
    }

    @Test func refusesAnExistingNewDayWithAmbiguousStructure() throws {
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-20.md": F.friday, "2026-11-23.md": "# 2026-11-23\n## Backlog\n## Backlog\n"])
        let before = try folder.contents()
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("2026-11-23.md:3:1: error: `## Backlog` is a second Backlog heading"))
        #expect(run.stderr.contains("[DP021/duplicate-region]\n"))
        #expect(try folder.contents() == before)
    }

    @Test func refusesAnExistingNewDayHeadedWithAnotherDay() throws {
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-20.md": F.friday, "2026-11-23.md": F.friday])
        let before = try folder.contents()
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == """
            2026-11-23.md:1:1: error: This file is the plan of 2026-11-23, but its heading says 2026-11-20; fix the heading. [DP012/day-mismatch]
            2026-11-23.md: rollover refused because of the error above; nothing changed

            """)
        #expect(try folder.contents() == before)
    }

    @Test func refusesInvalidUTF8() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", bytes: Array("# 2026-11-20\n## Morning\n- [ ] Caf".utf8) + [0xE9, 0x0A])
        let before = try folder.contents()
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("2026-11-20.md:3:10: error: Invalid UTF-8 (byte 0xE9)"))
        #expect(try folder.contents() == before)
    }

    @Test func newDayPathThatIsNotAFileIsAnErrorAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", F.friday)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("2026-11-23.md"), withIntermediateDirectories: false)
        let before = try folder.contents()
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan rollover: 2026-11-23.md: exists but is not a readable day file; nothing changed\n")
        #expect(try folder.contents() == before)

        // A dangling link in its place is no better.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("2026-11-23.md"))
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("2026-11-23.md").path,
                                                   withDestinationPath: "nowhere.md")
        let dangling = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(dangling.status == 2)
        #expect(dangling.stderr.contains("2026-11-23.md: exists but is not a readable day file"))
        #expect(try folder.read("2026-11-20.md") == F.friday)
    }

    @Test func unreadableSourceIsAnErrorAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-19.md", F.wednesday.replacingOccurrences(of: "2026-11-18", with: "2026-11-19"))
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("2026-11-20.md").path,
                                                   withDestinationPath: "missing/2026-11-20.md")
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan rollover: 2026-11-20.md: not a readable file; nothing changed\n")
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-19.md", "2026-11-20.md"])
    }

    @Test func failingWriteOfTheNewDayChangesNothing() throws {
        // `ulimit -f 0` makes every write fail, even for root, who can write to any folder chmod allows.
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-18.md": F.wednesday, "2026-11-20.md": F.friday])
        let before = try folder.contents()
        let run = try shell("ulimit -f 0; exec \"$0\" rollover --date 2026-11-23", in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("dayplan rollover: "))
        #expect(run.stderr.contains("2026-11-23.md: cannot write: File too large; nothing changed"))
        #expect(try folder.contents() == before)
        #expect(try folder.leftovers() == [])
    }

    @Test func failingWriteOfTheOldDayChangesNothingAndTheNextRunDoesItAll() throws {
        // The new day is small and the old one large: with a 1-block file size limit only the old day's write fails.
        // Both files are written beside their places before either is put in place, so that failure leaves the
        // folder as it was (the new day is not in place either).
        let folder = try TemporaryFolder()
        let big = F.friday + (1...300).map { "Friday's note \($0).\n" }.joined()
        try folder.write("2026-11-20.md", big)
        let before = try folder.contents()
        let reference = try folder.copy()
        try Binary.run(["rollover", "--date", "2026-11-23"], in: reference.url)
        #expect(big.utf8.count > 4096 && F.monday.utf8.count < 512)

        let limited = try shell("ulimit -f 1; exec \"$0\" rollover --date 2026-11-23", in: folder)
        #expect(limited.status == 2)
        #expect(limited.stderr.contains("2026-11-20.md: cannot write: File too large; nothing changed"))
        #expect(try folder.contents() == before)
        #expect(try folder.leftovers() == [])

        let rerun = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(rerun.status == 0)
        #expect(try folder.contents() == reference.contents())
    }

    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "as root, a folder is unwritable only to another user, and setpriv is not there to become one"))
    func unwritableFolderIsAnErrorAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", F.friday)
        // Root writes anywhere chmod allows or not: as root, run as nobody, to whom root's 0755 folder is read-only.
        let asRoot = getuid() == 0
        let command = (asRoot ? "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : "exec ")
            + "\"$0\" rollover --date 2026-11-23"
        if !asRoot { try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path) }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path) }

        let noLock = try shell(command, in: folder)
        #expect(noLock.status == 2)
        #expect(noLock.stderr == "dayplan rollover: .dayplan.lock: cannot open the lock file: Permission denied; nothing changed\n")
        #expect(try folder.listing() == ["2026-11-20.md"])

        // With a lock file anyone may open (and an old day anyone may write, or rollover stops before writing
        // anything), the run gets as far as writing the new day, and stops there.
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let lock = try folder.write(".dayplan.lock", "")
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: lock.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: folder.url.appendingPathComponent("2026-11-20.md").path)
        if !asRoot { try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.url.path) }
        let noTemporary = try shell(command, in: folder)
        #expect(noTemporary.status == 2)
        #expect(noTemporary.stderr.hasPrefix("dayplan rollover: "))
        #expect(noTemporary.stderr.hasSuffix(": cannot create a temporary file: Permission denied; nothing changed\n"))
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-20.md"])
        #expect(try folder.read("2026-11-20.md") == F.friday)
    }

    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "as root, a file is unreadable only to another user, and setpriv is not there to become one"))
    func unreadableFilesAreErrorsAndChangeNothing() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("2026-11-20.md", F.friday)
        let target = try folder.write("2026-11-23.md", "# 2026-11-23\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        let command = (getuid() == 0 ? "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : "exec ")
            + "\"$0\" rollover --date 2026-11-23"

        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: source.path)
        let old = try shell(command, in: folder)
        #expect(old.status == 2)
        #expect(old.stderr == "dayplan rollover: 2026-11-20.md: cannot open: Permission denied; nothing changed\n")

        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: source.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: target.path)
        let new = try shell(command, in: folder)
        #expect(new.status == 2)
        #expect(new.stderr == "dayplan rollover: 2026-11-23.md: cannot open: Permission denied; nothing changed\n")

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target.path)
        #expect(try folder.read("2026-11-20.md") == F.friday)
        #expect(try folder.read("2026-11-23.md") == "# 2026-11-23\n")
        #expect(try folder.leftovers() == [])
    }

    @Test func missingFolderAndBadArgumentsAreUsageErrors() throws {
        let folder = try TemporaryFolder()
        let cases: [([String], [String: String], String)] = [
            (["--dir", "no-such-folder"], [:], "dayplan rollover: no-such-folder: no such folder\n"),
            (["--date", "2026-02-30"], [:], "dayplan rollover: --date '2026-02-30' is not a date; write YYYY-MM-DD\n"),
            (["--dryrun"], [:], "dayplan rollover: unknown option '--dryrun' (did you mean '--dry-run'?)\nRun 'dayplan rollover --help' for usage.\n"),
            (["2026-11-20.md"], [:], "dayplan rollover: takes no paths; name the plan folder with --dir DIR\nRun 'dayplan rollover --help' for usage.\n"),
            (["--day-starts-at", "24"], [:], "dayplan rollover: --day-starts-at '24' is not an hour; give a whole number from 0 to 23\n"),
            ([], ["DAYPLAN_DAY_STARTS_AT": "six"], "dayplan rollover: DAYPLAN_DAY_STARTS_AT 'six' is not an hour; give a whole number from 0 to 23\n"),
        ]
        for (arguments, environment, message) in cases {
            let run = try Binary.run(["rollover"] + arguments, in: folder.url, environment: environment)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr == message)
        }
        #expect(try folder.listing() == [])
    }

    // MARK: - Where and when

    @Test func folderComesFromDirThenDAYPLAN_DIRThenTheCurrentFolder() throws {
        let plans = try TemporaryFolder(), other = try TemporaryFolder(), here = try TemporaryFolder()
        for folder in [plans, other, here] { try folder.write(".dayplan/config", "") }  // plan folders, so that rollover may start a first day
        let fromEnvironment = try Binary.run(["rollover", "--date", "2026-11-23"], in: here.url,
                                             environment: ["DAYPLAN_DIR": plans.url.path])
        #expect(fromEnvironment.status == 0)
        #expect(try plans.listing().contains("2026-11-23.md"))
        #expect(fromEnvironment.stdout == "\(plans.url.path)/2026-11-23.md: no earlier plan, started a blank day\n")

        try Binary.run(["rollover", "--date", "2026-11-24", "--dir", other.url.path + "/"], in: here.url,
                       environment: ["DAYPLAN_DIR": plans.url.path])
        #expect(try other.listing().contains("2026-11-24.md"))
        #expect(!(try plans.listing().contains("2026-11-24.md")))

        try Binary.run(["rollover", "--date", "2026-11-25"], in: here.url)
        #expect(try here.listing() == [".dayplan", ".dayplan.lock", "2026-11-25.md"])
    }

    @Test(arguments: [
        // DAYPLAN_NOW is 2026-11-21 02:30 UTC, or 2026-11-20 15:00 UTC (01:00 on the 21st, ten hours east).
        ("UTC", 1_795_228_200, nil, nil, "2026-11-21"),
        ("UTC", 1_795_228_200, "4", nil, "2026-11-20"),
        ("UTC", 1_795_228_200, nil, "4", "2026-11-20"),
        ("UTC", 1_795_228_200, "2", "4", "2026-11-21"),
        ("XYZ-10", 1_795_186_800, nil, nil, "2026-11-21"),
        ("XYZ-10", 1_795_186_800, "2", nil, "2026-11-20"),
        ("XYZ+5", 1_795_186_800, nil, nil, "2026-11-20"),
    ] as [(String, Int, String?, String?, String)])
    func todayIsLocalAndStartsAtTheGivenHour(_ zone: String, _ now: Int, _ flag: String?, _ environment: String?,
                                             _ expected: String) throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "")
        var variables = ["TZ": zone, "DAYPLAN_NOW": String(now)]
        if let environment { variables["DAYPLAN_DAY_STARTS_AT"] = environment }
        let run = try Binary.run(["rollover"] + (flag.map { ["--day-starts-at", $0] } ?? []), in: folder.url,
                                 environment: variables)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.listing() == [".dayplan", ".dayplan.lock", "\(expected).md"])
    }

    // MARK: - Housekeeping

    @Test func leftoverTemporaryFilesOfGoneProcessesAreRemoved() throws {
        let folder = try TemporaryFolder()
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let alive = ProcessInfo.processInfo.processIdentifier
        try folder.write(["2026-11-20.md": F.friday,
                          ".2026-11-23.md.\(gone.processIdentifier).dayplan-tmp": "half a file",
                          ".2026-11-20.md.dayplan-tmp": "no process id",
                          ".2026-11-19.md.\(alive).dayplan-tmp": "a live process's file",
                          ".hidden": "kept"])
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 0)
        #expect(try folder.listing() == [".2026-11-19.md.\(alive).dayplan-tmp", ".dayplan.lock", ".hidden",
                                         "2026-11-20.md", "2026-11-23.md"])

        // A dry run removes nothing.
        try folder.write(".x.\(gone.processIdentifier).dayplan-tmp", "left")
        try Binary.run(["rollover", "--date", "2026-11-23", "--dry-run"], in: folder.url)
        #expect(try folder.listing().contains(".x.\(gone.processIdentifier).dayplan-tmp"))
    }

    @Test func newDayTakesTheOldDaysFileMode() throws {
        let folder = try TemporaryFolder()
        let source = try folder.write("2026-11-20.md", F.friday)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: source.path)
        try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("2026-11-23.md").path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let kept = try FileManager.default.attributesOfItem(atPath: source.path)[.posixPermissions] as? Int
        #expect(kept == 0o600)
    }

    @Test func listedInHelp() throws {
        let overview = try Binary.run(["--help"])
        #expect(overview.stdout.contains(try Regex("\n  rollover +Open a new day")))
        let help = try Binary.run(["rollover", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: dayplan rollover [--dir DIR] [--date YYYY-MM-DD] [--day-starts-at HOUR] [--dry-run] [--undo]\n"))
    }
}

/// Runs `script` with `/bin/sh`, the dayplan binary as `$0`, in `folder`.
func shell(_ script: String, in folder: TemporaryFolder) throws -> Binary.Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, Binary.url.path]
    process.currentDirectoryURL = folder.url
    process.environment = Binary.environment
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Binary.Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self), stdoutBytes: [UInt8](out)).withoutPlanFolderLine()
}
