import Foundation
import Testing

/// `dayplan query` end to end: filters, the three formats, a task followed across days, and bad files.
@Suite struct QueryCommandTests {
    /// A copy of Examples/week in a temporary folder, to add files to.
    func week() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let source = Repository.url("Examples/week")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".md") {
            try folder.write(name, bytes: [UInt8](try Data(contentsOf: source.appendingPathComponent(name))))
        }
        return folder
    }

    @Test func listsEachTaskOnceAsItStandsLast() throws {
        let run = try Binary.run(["query", "--text", "bike brake"], in: Repository.url("Examples/week"))
        #expect(run.status == 0)
        // Open, first planned on the 17th: four days old today.
        #expect(run.stdout == "2026-11-20.md:10:1: [ ] Fix the squeaky bike brake #home  (4 days old)\n")
        #expect(run.stderr == "1 task in 5 day files\n")
    }

    @Test func historyListsEveryDayOfThePath() throws {
        let run = try Binary.run(["query", "--history", "--text", "bike brake"], in: Repository.url("Examples/week"))
        #expect(run.stdout == """
            2026-11-17.md:24:1: [>] Fix the squeaky bike brake #home
            2026-11-18.md:27:1: [>] Fix the squeaky bike brake #home
            2026-11-19.md:23:1: [>] Fix the squeaky bike brake #home
            2026-11-20.md:10:1: [ ] Fix the squeaky bike brake #home

            """)
    }

    @Test func filtersCombine() throws {
        let folder = Repository.url("Examples/week")
        let open = try Binary.run(["query", "--status", "open", "--tag", "home/*,admin", "--region", "afternoon"], in: folder)
        #expect(open.stdout == "2026-11-20.md:10:1: [ ] Fix the squeaky bike brake #home  (4 days old)\n")
        let must = try Binary.run(["query", "--bucket", "must", "--since", "2026-11-19", "--until", "2026-11-19"], in: folder)
        #expect(must.stdout == "2026-11-19.md:4:1: [x] Finish the staging migration #work\n")
        // On the 18th the bike brake was still in the backlog, moved on to the 19th.
        let then = try Binary.run(["query", "--until", "2026-11-18", "--text", "BRAKE"], in: folder)
        #expect(then.stdout == "2026-11-18.md:27:1: [>] Fix the squeaky bike brake #home\n")
        let moved = try Binary.run(["query", "--status", "moved"], in: folder)
        #expect(moved.stdout == "")
        #expect(moved.status == 0)
        let words = try Binary.run(["query", "--since", "yesterday", "--status", "cancelled"], in: folder)
        #expect(words.stdout == "2026-11-20.md:15:1: [-] Cinema with Sam\n")
        let inbox = try Binary.run(["query", "--tag", "inbox", "--status", "cancelled"], in: folder)
        #expect(inbox.stdout == "2026-11-20.md:15:1: [-] Cinema with Sam\n")
    }

    /// `--due` and `--on` windows over Examples/plan-ahead (the planning keys). Binary.run's DAYPLAN_NOW is
    /// 2026-11-21, so `this-week` is 2026-11-16 to 2026-11-22.
    @Test func dueAndOnWindows() throws {
        let folder = Repository.url("Examples/plan-ahead")
        let due = try Binary.run(["query", "--history", "--due", "2026-11-23"], in: folder)
        #expect(due.status == 0)
        #expect(due.stdout == "2026-11-22.md:14:1: [>] Return the library books\n2026-11-23.md:16:1: [>] Return the library books\n"
                + "2026-11-24.md:15:1: [x] Return the library books\n")
        let month = try Binary.run(["query", "--due", "2026-11", "--status", "any"], in: folder)
        #expect(month.stdout.contains("Draft the grant report") && month.stdout.contains("Return the library books"))
        // Placed on its day, a task is no longer scheduled: as things stood on the 23rd, the dentist was.
        let on = try Binary.run(["query", "--until", "2026-11-23", "--on", "2026-11-24"], in: folder)
        #expect(on.stdout == "2026-11-23.md:14:1: [>] Book the dentist #health\n")
        #expect(try Binary.run(["query", "--on", "2026-11-24"], in: folder).stdout == "")
        let bad = try Binary.run(["query", "--due", "someday"], in: folder)
        #expect(bad.status == 2 && bad.stderr.contains("--due 'someday' names no day"))
    }

    @Test func jsonHasEachTaskWithItsPath() throws {
        let run = try Binary.run(["query", "--history", "--format", "json", "--text", "zauberberg"], in: Repository.url("Examples/week"))
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["today"] as? String == "2026-11-21")
        let tasks = try #require(document["tasks"] as? [[String: Any]])
        #expect(tasks.count == 1)
        #expect(tasks[0]["title"] as? String == "Read two chapters of \"Der Zauberberg\"")
        #expect(tasks[0]["status"] as? String == "todo")
        #expect(tasks[0]["region"] as? String == "backlog")
        #expect(tasks[0]["moves"] as? Int == 3)
        #expect(tasks[0]["firstPlanned"] as? String == "2026-11-17")
        #expect(tasks[0]["tags"] as? [String] == [])
        let history = try #require(tasks[0]["history"] as? [[String: Any]])
        #expect(history.map { $0["day"] as? String } == ["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"])
        #expect(history.map { $0["status"] as? String } == ["moved", "moved", "moved", "todo"])
    }

    @Test func tsvHasAHeaderAndEscapesTabs() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] Run `a\tb` #dev\n")
        let run = try Binary.run(["query", "--format", "tsv"], in: folder.url)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == "task\tfile\tline\tcolumn\tday\tregion\tbucket\tstatus\ttitle\ttags\tfirst_planned\tmoves")
        #expect(lines[1] == "1\t2026-11-20.md\t4\t1\t2026-11-20\tmorning\tmisc\ttodo\tRun `a\\tb` #dev\tdev\t2026-11-20\t0")
    }

    @Test func usageMistakesExitTwo() throws {
        let folder = Repository.url("Examples/week")
        let since = try Binary.run(["query", "--since", "last-fortnight"], in: folder)
        #expect(since.status == 2)
        #expect(since.stderr.hasPrefix("dayplan query: --since 'last-fortnight' names no day"))
        let order = try Binary.run(["query", "--since", "2026-11-20", "--until", "2026-11-19"], in: folder)
        #expect(order.status == 2)
        #expect(order.stderr.hasPrefix("dayplan query: --until 2026-11-19 is before --since 2026-11-20"))
        let tag = try Binary.run(["query", "--tag", "a b"], in: folder)
        #expect(tag.status == 2)
        let status = try Binary.run(["query", "--status", "finished"], in: folder)
        #expect(status.status == 2)
        #expect(status.stderr.contains("unknown status 'finished'"))
        let missing = try Binary.run(["query", "no-such-folder"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("dayplan query: no-such-folder: cannot open"))
    }

    @Test func aBadFileIsNamedAndTheRestListed() throws {
        let folder = try week()
        // A day file that cannot be read (a link to nowhere), one that is not text, one with a region twice.
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("2026-11-10.md").path,
                                                   withDestinationPath: "gone.md")
        try folder.write("2026-11-11.md", bytes: Array("# 2026-11-11\n\n## Morning\n- [ ] x\u{0}y\n".utf8))
        try folder.write("2026-11-12.md", "# 2026-11-12\n\n## Morning\n- [ ] Twice\n\n## Morning\n- [ ] Again\n")
        let run = try Binary.run(["query", "--status", "cancelled"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout == "2026-11-16.md:14:1: [-] Call the bank about the card #admin\n2026-11-20.md:15:1: [-] Cinema with Sam\n")
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 4)
        #expect(errors[0].hasPrefix("dayplan query: 2026-11-10.md: cannot open"))
        #expect(errors[1].hasPrefix("2026-11-11.md:4:8: error: A NUL byte"))
        #expect(errors[1].hasSuffix("[DP002/binary-content] (read as far as it goes; 'dayplan lint 2026-11-11.md' lists every finding)"))
        #expect(errors[2].hasPrefix("2026-11-12.md:6:1: error: "))
        #expect(errors[2].contains("[DP021/duplicate-region]"))
        #expect(errors[3] == "2 tasks in 7 day files")

        // Without the unreadable file: exit 1, for the files read as a guess.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("2026-11-10.md"))
        let guessed = try Binary.run(["query", "--status", "cancelled"], in: folder.url)
        #expect(guessed.status == 1)
        #expect(guessed.stdout == run.stdout)
    }

    @Test func aFileNamedOtherwiseNeedsADayHeading() throws {
        let folder = try TemporaryFolder()
        try folder.write("draft.md", "## Morning\n- [ ] Untethered\n")
        try folder.write("plan.md", "# 2026-11-19\n\n## Morning\n- [ ] Tethered\n")
        let run = try Binary.run(["query", "draft.md", "plan.md", "--format", "tsv"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan query: draft.md: neither its name (YYYY-MM-DD.md) nor its day heading says which day it plans; left out\n")
        #expect(run.stdout.hasSuffix("\t2026-11-19\tmorning\tmisc\ttodo\tTethered\t\t2026-11-19\t0\n"))
    }

    @Test func withNoPathItReadsThePlanFolderFromBelow() throws {
        let folder = try week()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".dayplan"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("notes"), withIntermediateDirectories: true)
        let run = try Binary.run(["query", "--text", "cinema"], in: folder.url.appendingPathComponent("notes"))
        #expect(run.stdout == "../2026-11-20.md:15:1: [-] Cinema with Sam\n")
        let dir = try Binary.run(["query", "--text", "cinema"], environment: ["DAYPLAN_DIR": folder.url.path])
        #expect(dir.stdout == "\(folder.url.path)/2026-11-20.md:15:1: [-] Cinema with Sam\n")
    }
}
