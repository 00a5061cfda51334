import Foundation
import Testing
@testable import DayPlan

/// `dayplan review --evening`, the built binary: the decisions from a plan, from answers on standard input and in
/// a real terminal, written as one change; tomorrow shown as the next morning's rollover then makes it. Friday
/// 2026-12-04, a quarter past eight in the evening.
@Suite struct EveningReviewCommandTests {
    static let evening = ["DAYPLAN_NOW": "2026-12-04T20:15"]
    static let nextMorning = ["DAYPLAN_NOW": "2026-12-05T07:00"]
    static let day = """
        # 2026-12-04

        ## Morning
        + [ ] Write the report #work
        - [x] Coffee

        ## Afternoon
        * [/] Call Ana @carry
        - [ ] Buy milk
          - [ ] oat

        ## Evening
        - [ ] Read a chapter @running:19:30
        + [ ] Fix the shelf

        ## Backlog
        - [ ] Fix the bike

        """

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        _ = try folder.write(".dayplan/config", "")
        _ = try folder.write("2026-12-04.md", day)
        return folder
    }

    /// A script's plan and --rest: one line per task saying what happens, the file written once with exactly those
    /// edits, then tomorrow as the next morning's rollover makes it, line for line.
    @Test func aPlanIsWrittenAsOneChangeAndTomorrowIsShownAsRolloverMakesIt() throws {
        let folder = try Self.folder()
        let plan = "# tonight\ntomorrow Write the report\n\nfriday/afternoon Call Ana\ndone 2026-12-04.md:9\ncancel chapter\n"
        let run = try Binary.run(["review", "--evening", "--plan", "-", "--rest", "backlog"], in: folder.url,
                                 stdin: Array(plan.utf8), environment: Self.evening)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout == """
            2026-12-04.md:4: tomorrow, Saturday 2026-12-05, in the Morning: Write the report #work
            2026-12-04.md:8: Friday 2026-12-11, in the Afternoon (it waits in the Backlog until then): Call Ana
            2026-12-04.md:9: done, with its 1 open sub-task: Buy milk
            2026-12-04.md:13: cancelled; timing stopped after 45m: Read a chapter
            2026-12-04.md:14: to the Backlog at the next rollover: Fix the shelf
            evening review: 1 for tomorrow, 1 for a later day, 1 done, 1 cancelled, 1 to the Backlog (written as one change of 2026-12-04.md)

            Tomorrow, Saturday 2026-12-05, as rollover would make it now (2026-12-05.md):
              Morning
                + [ ] Write the report #work @from:2026-12-04
              Afternoon: nothing planned
              Evening: nothing planned
              Backlog: 3 open tasks
            2026-12-05.md from 2026-12-04.md: 0 carried, 2 deferred to the backlog, 0 expired, 1 scheduled; the backlog holds 3 tasks
            scheduled: Write the report #work → Morning

            """)
        #expect(try folder.read("2026-12-04.md") == Self.day
            .replacingOccurrences(of: "+ [ ] Write the report #work\n", with: "+ [ ] Write the report #work @on:2026-12-05/morning\n")
            .replacingOccurrences(of: "* [/] Call Ana @carry\n", with: "* [/] Call Ana @carry @on:2026-12-11/afternoon\n")
            .replacingOccurrences(of: "- [ ] Buy milk\n  - [ ] oat\n", with: "- [x] Buy milk\n  - [x] oat\n")
            .replacingOccurrences(of: "- [ ] Read a chapter @running:19:30\n", with: "- [-] Read a chapter @spent:45m\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-12-05.md").path))

        // The next morning's rollover makes what the review showed.
        let rollover = try Binary.run(["rollover"], in: folder.url, environment: Self.nextMorning)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        #expect(try folder.read("2026-12-05.md") == """
            # 2026-12-05

            ## Morning
            + [ ] Write the report #work @from:2026-12-04

            ## Afternoon

            ## Evening

            ## Backlog
            * [/] Call Ana @carry @on:2026-12-11/afternoon @from:2026-12-04
            + [ ] Fix the shelf @from:2026-12-04
            - [ ] Fix the bike

            """)
    }

    /// Answers typed on standard input: an unknown one and a day gone by are asked again, `?` lists the choices,
    /// Enter keeps a task, `q` keeps the rest, and each kept task is said.
    @Test func answersOnStandardInputAreAskedAgainUntilTheyAreChoices() throws {
        let folder = try Self.folder()
        let run = try Binary.run(["review", "--evening"], in: folder.url, stdin: Array("soon\no 2026-12-01\n?\nt\n\nq\n".utf8),
                                 environment: Self.evening)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("""
            2026-12-04.md: the evening review of Friday 2026-12-04: 5 open tasks in the day's regions, one at a time
            choices: t tomorrow, o DAY (on a day: friday, 2026-12-08, next week), b backlog, c cancel, d done, k keep (Enter), q keep the rest, ? help

            [1/5] Morning: + [ ] Write the report #work
            decide (t/o DAY/b/c/d/k, q, ?):   `soon` is not a choice; type ? for the choices

            [1/5] Morning: + [ ] Write the report #work
            decide (t/o DAY/b/c/d/k, q, ?):   2026-12-01 is not after 2026-12-04; give a later day, or t for tomorrow

            """), "\(run.stdout)")
        #expect(run.stdout.contains("  b: to the Backlog; c: cancel; d: done after all; k or Enter: keep it as it is; q: keep the rest\n"))
        #expect(run.stdout.contains("[3/5] Afternoon: - [ ] Buy milk\ndecide (t/o DAY/b/c/d/k, q, ?): (the 3 tasks left are kept as they are)\n"))
        #expect(run.stdout.contains("""
            2026-12-04.md:4: tomorrow, Saturday 2026-12-05, in the Morning: Write the report #work
            2026-12-04.md:8: left as it is: Call Ana
            evening review: 1 for tomorrow, 1 kept (written as one change of 2026-12-04.md)

            """))
        #expect(try folder.read("2026-12-04.md") == Self.day
            .replacingOccurrences(of: "+ [ ] Write the report #work\n", with: "+ [ ] Write the report #work @on:2026-12-05/morning\n"))

        // The end of input keeps what is left, said, and writes what was decided.
        _ = try folder.write("2026-12-04.md", Self.day)
        let cut = try Binary.run(["review", "--evening"], in: folder.url, stdin: Array("d\n".utf8), environment: Self.evening)
        #expect(cut.status == 0, "\(cut.stderr)")
        #expect(cut.stdout.contains("(end of input: the 4 tasks left are kept as they are)\n"))
        #expect(try folder.read("2026-12-04.md").contains("+ [x] Write the report #work\n"))
    }

    /// --dry-run says what would happen and shows tomorrow, and writes nothing (nor holds the lock for writing).
    @Test func aDryRunWritesNothing() throws {
        let folder = try Self.folder()
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["review", "--evening", "--dry-run", "--rest", "tomorrow"], in: folder.url, environment: Self.evening)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("evening review: 5 for tomorrow (dry run, nothing written)\n"))
        #expect(run.stdout.contains("""
              Afternoon
                * [/] Call Ana @carry
                - [ ] Buy milk @from:2026-12-04
                  - [ ] oat
              Evening
                - [ ] Read a chapter @from:2026-12-04
                + [ ] Fix the shelf @from:2026-12-04

            """), "\(run.stdout)")
        #expect(try FolderSnapshot(folder.url) == before)
    }

    /// A plan's bad line is named by file, line and column, and nothing changes: no choice is exit 2, a task that
    /// is not an open one of the regions (or decided twice) exit 1; --plan without --evening is a usage error.
    @Test func aBadPlanChangesNothingAndSaysWhere() throws {
        let folder = try Self.folder()
        _ = try folder.write("plan.txt", "t Write the report\n  soon Call Ana\n")
        let snapshot = try FolderSnapshot(folder.url)
        let word = try Binary.run(["review", "--evening", "--plan", "plan.txt"], in: folder.url, environment: Self.evening)
        #expect(word.status == 2)
        #expect(word.stderr == "dayplan review: plan.txt:2:3: `soon` is not a choice; use t tomorrow, o DAY (on a day: friday, "
                + "2026-12-08, next week), b backlog, c cancel, d done, k keep; nothing changed\n")
        for (plan, message) in [("d Fix the bike\n", "plan.txt:1:1: `Fix the bike` is not an open task of the day's regions (the evening review decides on those); nothing changed"),
                                ("d Coffee\n", "plan.txt:1:1: `Coffee` is not an open task of the day's regions (the evening review decides on those); nothing changed"),
                                ("t Call Ana\nb Call\n", "plan.txt:2:1: `Call Ana` is decided on by an earlier line; nothing changed"),
                                ("t Nobody\n", "plan.txt:1:1: no task in 2026-12-04.md matches 'Nobody'")] {
            _ = try folder.write("plan.txt", plan)
            let run = try Binary.run(["review", "--evening", "--plan", "plan.txt"], in: folder.url, environment: Self.evening)
            #expect(run.status == 1, "\(plan)")
            #expect(run.stderr.hasPrefix("dayplan review: " + message), "\(run.stderr)")
        }
        _ = try folder.write("plan.txt", "t Write the report\n  soon Call Ana\n")
        #expect(try FolderSnapshot(folder.url) == snapshot)
        let usage = try Binary.run(["review", "--plan", "plan.txt"], in: folder.url, environment: Self.evening)
        #expect(usage.status == 2)
        #expect(usage.stderr.hasPrefix("dayplan review: --plan decides on the day's tasks with --evening; add --evening\n"))
        let rest = try Binary.run(["review", "--evening", "--rest", "someday"], in: folder.url, environment: Self.evening)
        #expect(rest.status == 2)
        #expect(rest.stderr.hasPrefix("dayplan review: --rest 'someday' is not a choice"))
        #expect(try FolderSnapshot(folder.url) == snapshot)
    }

    /// The post-review hook gets each decision as a change, after the write; a review that writes nothing runs none.
    @Test func thePostReviewHookGetsTheDecisions() throws {
        let folder = try Self.folder()
        let hook = try folder.write(".dayplan/hooks/post-review", "#!/bin/sh\ncat > \"$DAYPLAN_DIR/hook.json\"\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        let keep = try Binary.run(["review", "--evening", "--rest", "keep"], in: folder.url, environment: Self.evening)
        #expect(keep.status == 0, "\(keep.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("hook.json").path))
        let run = try Binary.run(["review", "--evening", "--plan", "-"], in: folder.url, stdin: Array("t Write\n".utf8), environment: Self.evening)
        #expect(run.status == 0, "\(run.stderr)")
        let input = try folder.read("hook.json")
        #expect(input.contains(#""command":"review","day":"2026-12-04","changes":[{"file":"2026-12-04.md","line":4,"#
                               + #""summary":"tomorrow, Saturday 2026-12-05, in the Morning: Write the report #work"},"#), "\(input)")
    }

    /// A person at a terminal: the prompt for each task, the answers typed, and the day written.
    @Test func aPersonAnswersInATerminal() throws {
        guard TmuxSession.tmux != nil else {
            print("EveningReviewCommandTests: skipped: tmux is not installed (.ci/run installs it)")
            return
        }
        let folder = try Self.folder()
        let session = try TmuxSession("sh -c 'TZ=UTC DAYPLAN_NOW=2026-12-04T20:15 dayplan review --evening; echo status=$?; sleep 30'",
                                      in: folder.url)
        var shown = try session.wait(seconds: 30) { $0.contains("[1/5] Morning: + [ ] Write the report #work") }
        #expect(shown.contains("decide (t/o DAY/b/c/d/k, q, ?):"), "\(shown)")
        for answer in ["t", "friday afternoon", "d", "c", "b"] {
            try session.send(answer, literal: true)
            try session.send("Enter")
        }
        shown = try session.wait(seconds: 30) { $0.contains("status=") }
        #expect(shown.contains("decide (t/o DAY/b/c/d/k, q, ?): friday afternoon"), "\(shown)")
        #expect(shown.contains("evening review: 1 for tomorrow, 1 for a later day, 1 done, 1 cancelled, 1 to the Backlog (written as one change of 2026-12-04.md)"), "\(shown)")
        #expect(shown.contains("Tomorrow, Saturday 2026-12-05, as rollover would make it now (2026-12-05.md):"))
        #expect(shown.contains("status=0"))
        #expect(try folder.read("2026-12-04.md").contains("* [/] Call Ana @carry @on:2026-12-11/afternoon\n"))
    }

    /// The review holds no lock while it asks: another program may write the day meanwhile (here, a task added at the
    /// top), and each decision goes to its task found again by title; a task gone meanwhile stops it all, nothing
    /// written.
    @Test func aFileChangedWhileAskingIsDecidedOnByTitle() throws {
        guard TmuxSession.tmux != nil else {
            print("EveningReviewCommandTests: skipped: tmux is not installed (.ci/run installs it)")
            return
        }
        for removed in [false, true] {
            let folder = try Self.folder()
            let session = try TmuxSession("sh -c 'TZ=UTC DAYPLAN_NOW=2026-12-04T20:15 dayplan review --evening; echo status=$?; sleep 30'",
                                          in: folder.url)
            var shown = try session.wait(seconds: 30) { $0.contains("[1/5] Morning") }
            #expect(shown.contains("[1/5] Morning"), "\(shown)")
            try session.send("t", literal: true)
            try session.send("Enter")
            shown = try session.wait(seconds: 30) { $0.contains("[2/5] Afternoon") }
            // Meanwhile: `dayplan add` puts a task first (every line below moves), or Call Ana is removed by hand.
            var meanwhile = Self.day.replacingOccurrences(of: "## Morning\n", with: "## Morning\n- [ ] Added meanwhile\n")
            if removed { meanwhile = meanwhile.replacingOccurrences(of: "* [/] Call Ana @carry\n", with: "") }
            _ = try folder.write("2026-12-04.md", meanwhile)
            for answer in ["c", "d", "k", "k"] {
                try session.send(answer, literal: true)
                try session.send("Enter")
            }
            shown = try session.wait(seconds: 30) { $0.contains("status=") }
            if removed {
                #expect(shown.contains("2026-12-04.md changed while the review was asked, and `Call Ana` is no longer one open task"), "\(shown)")
                #expect(shown.contains("status=1"), "\(shown)")
                #expect(try folder.read("2026-12-04.md") == meanwhile)
            } else {
                #expect(shown.contains("status=0"), "\(shown)")
                #expect(shown.contains("2026-12-04.md:9: cancelled: Call Ana"), "\(shown)")
                #expect(try folder.read("2026-12-04.md") == meanwhile
                    .replacingOccurrences(of: "+ [ ] Write the report #work\n", with: "+ [ ] Write the report #work @on:2026-12-05/morning\n")
                    .replacingOccurrences(of: "* [/] Call Ana @carry\n", with: "* [-] Call Ana @carry\n")
                    .replacingOccurrences(of: "- [ ] Buy milk\n  - [ ] oat\n", with: "- [x] Buy milk\n  - [x] oat\n"))
            }
        }
    }
}
