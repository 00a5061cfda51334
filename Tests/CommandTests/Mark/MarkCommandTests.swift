import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

@Suite struct MarkCommandTests {
    typealias F = DailyFixtures

    /// `mark` on a line lint just named (a checkbox outside the regions) says what the line holds,
    /// why it is no task, and the nearest tasks; it answered "the tasks are:" and an empty list.
    @Test func markOnALineLintNamedSaysWhatIsThere() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Todo\n- [ ] Call the plumber\n")
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        #expect(lint.stdout.hasPrefix("2026-11-21.md:4:"))
        let run = try Binary.run(["mark", "done", "2026-11-21.md:4"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == "dayplan mark: 2026-11-21.md:4: no task on this line (it holds \"- [ ] Call the plumber\", a checkbox "
                + "dayplan does not read as a task: lint says why, and under ## Morning, ## Afternoon, ## Evening or ## Backlog "
                + "it is one); the file has no tasks\n")
    }

    /// `done-date = yes` makes mark done write `@done:` today (after the task's last word), and
    /// marking it anything else takes the date away; without the setting only the box changes (above).
    @Test func theDoneDateSettingWritesTheDayATaskWasDone() throws {
        let folder = try F.folder()
        try folder.write(".dayplan/config", "done-date = yes\n")
        let now = ["DAYPLAN_NOW": "1795341600"]  // 2026-11-22 10:00 UTC
        let done = try Binary.run(["mark", "done", "passport", "--date", "2026-11-21"], in: folder.url, environment: now)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(of: "- [ ] Renew passport @from:2026-11-13\n",
                                                                              with: "- [x] Renew passport @from:2026-11-13 @done:2026-11-22\n"))
        let again = try Binary.run(["mark", "todo", "passport", "--date", "2026-11-21"], in: folder.url, environment: now)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try folder.read("2026-11-21.md") == F.today)
        try folder.write(".dayplan/config", "done-date = maybe\n")
        let bad = try Binary.run(["mark", "done", "passport", "--date", "2026-11-21"], in: folder.url, environment: now)
        #expect(bad.status == 2 && bad.stderr.contains("done-date: `maybe` is neither yes nor no"), "\(bad.stderr)")
    }

    @Test func marksByAPartOfTheTitleChangingOneByte() throws {
        let folder = try F.folder()
        let run = try Binary.run(["mark", "done", "passport"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:14: marked done (was to do): Renew passport\n")
        #expect(run.stderr == "")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(of: "- [ ] Renew", with: "- [x] Renew"))
    }

    @Test func anExactTitleWinsOverLongerOnes() throws {
        let folder = try F.folder()
        let run = try Binary.run(["mark", "doing", "Buy", "milk"], in: folder.url)
        #expect(run.stdout == "2026-11-21.md:11: marked in progress (was to do): Buy milk\n")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(of: "- [ ] Buy milk\n", with: "- [/] Buy milk\n"))
    }

    @Test func fileAndLineAsLintPrintsThemOnANoteLine() throws {
        let folder = try F.folder()
        let run = try Binary.run(["mark", "cancel", "2026-11-21.md:6"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:4: marked cancelled (was to do): Write the talk #work\n")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(of: "* [ ] Write", with: "* [-] Write"))
        // The same status again: nothing written, said so.
        let again = try Binary.run(["mark", "cancel", "2026-11-21.md:4"], in: folder.url)
        #expect(again.status == 0 && again.stdout == "2026-11-21.md:4: already cancelled: Write the talk #work\n")
    }

    @Test func anAmbiguousOrMissingMatchListsTheCandidates() throws {
        let folder = try F.folder()
        let ambiguous = try Binary.run(["mark", "done", "buy"], in: folder.url)
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stdout == "")
        #expect(ambiguous.stderr == """
            dayplan mark: 2 tasks in 2026-11-21.md match 'buy'; name one by its title or as FILE:LINE:
              2026-11-21.md:11: - [ ] Buy milk
              2026-11-21.md:15: - [ ] Buy milk powder

            """)
        let missing = try Binary.run(["mark", "done", "dentist"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("dayplan mark: no task in 2026-11-21.md matches 'dentist'; the tasks are:\n  2026-11-21.md:4: * [ ] Write the talk #work\n"))
        let noTask = try Binary.run(["mark", "done", "2026-11-21.md:3"], in: folder.url)
        #expect(noTask.status == 1)
        // What is on the line, and the nearest tasks (it listed every task, or an empty list).
        #expect(noTask.stderr == """
            dayplan mark: 2026-11-21.md:3: no task on this line (it holds "## Morning ☀️"); the nearest task is:
              2026-11-21.md:4: * [ ] Write the talk #work

            """)
        let blank = try Binary.run(["mark", "done", "2026-11-21.md:9"], in: folder.url)
        #expect(blank.stderr == """
            dayplan mark: 2026-11-21.md:9: no task on this line (it is blank); the nearest tasks are:
              2026-11-21.md:8: - [x] Reply to Ana
              2026-11-21.md:11: - [ ] Buy milk

            """)
        // A checklist line outside the regions is not a task to mark.
        #expect(try Binary.run(["mark", "done", "not a task"], in: folder.url).status == 1)
        #expect(try folder.read("2026-11-21.md") == F.today)
    }

    @Test func reopeningIntoAFullBucketIsRefused() throws {
        let text = F.today.replacingOccurrences(of: "## Afternoon\n", with: "## Afternoon\n* [ ] Call the bank\n* [x] Gym\n")
        let folder = try F.folder(today: text)
        let run = try Binary.run(["mark", "todo", "Gym"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == "dayplan mark: 2026-11-21.md: Afternoon has 1 open must task; the limit is 1 [DP101/bucket-limit]; "
                + "there is room for a complementary or misc task in Afternoon, and for a must task in Evening; nothing changed\n")
        #expect(try folder.read("2026-11-21.md") == text)
    }

    @Test func aMissingFileIsAnError() throws {
        let folder = try F.folder()
        let other = try Binary.run(["mark", "done", "2026-11-19.md:3"], in: folder.url)
        #expect(other.status == 2 && other.stderr == "dayplan mark: 2026-11-19.md: no such file\n")
        let tomorrow = try Binary.run(["mark", "done", "milk", "--date", "tomorrow"], in: folder.url)
        #expect(tomorrow.status == 2)
        #expect(tomorrow.stderr == "dayplan mark: 2026-11-22.md: no such file; there is no plan for 2026-11-22 yet "
                + "(start it with 'dayplan rollover', or capture a task with 'dayplan add')\n")
        #expect(try folder.listing() == [".dayplan", ".dayplan.lock", ".gitignore", "2026-11-21.md"])
    }

    @Test func aFileWithAmbiguousStructureIsRefused() throws {
        let folder = try F.folder(today: F.today + "## Morning\n- [ ] again\n")
        let run = try Binary.run(["mark", "done", "passport"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("[DP021/duplicate-region]\n2026-11-21.md: not changed, because of the error above\n"))
    }

    @Test(.enabled(if: DailyFixtures.canTryReadOnly, "skipped: as root a file is read-only only to another user, and setpriv is not there"))
    func aReadOnlyFileIsAnError() throws {
        let (run, unchanged) = try F.runOnReadOnlyFile(["mark", "done", "passport"])
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan mark: 2026-11-21.md: cannot write: Permission denied; nothing changed\n")
        #expect(unchanged)
    }

    @Test func usage() throws {
        let folder = try F.folder()
        // A word where the status goes that is none is named as such (`NewUserTrapsTests`); no status at all gets the usage.
        let run = try Binary.run(["mark"], in: folder.url)
        #expect(run.status == 2 && run.stderr.hasPrefix("dayplan mark: give a status (done, doing, todo, cancel) and a task"))
        let unknown = try Binary.run(["mark", "finished", "milk"], in: folder.url)
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("dayplan mark: unknown status 'finished'; use done, doing, todo or cancel"))
        #expect(try Binary.run(["mark", "--help"]).stdout.hasPrefix("USAGE: dayplan mark [--date YYYY-MM-DD] [--dir DIR] [--day-starts-at HOUR] [done|doing|todo|cancel TASK]\n"))
    }
}
