import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan import` writes only what it means and only where the plan's listing will find it again: day-file paths
/// follow one rule for symbolic links, shared by listing and every writer; a value from the document is one value of
/// its key; and a failed write leaves every day as it was.
@Suite struct ImportSafetyTests {
    typealias E = ExportImportCommandTests

    /// A document of one day, 2026-11-20, whose Backlog holds `task` (a JSON object).
    static func document(_ task: String, date: String = "2026-11-20") -> String {
        #"{"version":1,"days":[{"date":"\#(date)","regions":[{"region":"backlog","tasks":[\#(task)]}]}]}"#
    }

    /// A plan folder `plan` with the layout `YYYY/MM/YYYY-MM-DD.md` in `home`, its `2026` a symbolic link to `target`
    /// (relative to the plan folder), whose folder is made.
    static func planWithLinkedYear(to target: String, in home: TemporaryFolder) throws {
        #expect(try Binary.run(["init", "-q", "--layout", "YYYY/MM/YYYY-MM-DD.md", "plan"], in: home.url).status == 0)
        try FileManager.default.createDirectory(at: home.url.appendingPathComponent("plan").appendingPathComponent(target),
                                                withIntermediateDirectories: true)
        #expect(symlink(target, home.url.appendingPathComponent("plan/2026").path) == 0)
    }

    /// The trial's case: the year folder a link out of the plan. Listing did not follow it and writing did, so the
    /// second import replaced the first's file without --force. Now every writer refuses to write through it
    /// (exit 2, naming the link), and nothing is written outside.
    @Test func aYearFolderLinkedOutsideThePlanIsRefusedByEveryWriter() throws {
        let home = try TemporaryFolder()
        try Self.planWithLinkedYear(to: "../outside", in: home)
        let outside = home.url.appendingPathComponent("outside").resolvingSymlinksInPath().path
        try home.write("first.json", Self.document(#"{"title":"Pay rent"}"#))
        try home.write("plan/2025/12/2025-12-31.md", "# 2025-12-31\n\n## Morning\n- [ ] Call Bo\n")
        let before = try FolderSnapshot(home.url, skipping: ["plan/.dayplan.lock"])
        let imported = try Binary.run(["import", "first.json", "--dir", "plan"], in: home.url)
        #expect(imported.status == 2)
        #expect(imported.stderr.hasPrefix("dayplan import: plan/2026: a symbolic link to \(outside), outside the plan folder "), "\(imported.stderr)")
        #expect(imported.stderr.hasSuffix(", or point the link at a folder inside it; nothing written\n"), "\(imported.stderr)")
        #expect(imported.stdout == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
        #expect(try FolderSnapshot(home.url, skipping: ["plan/.dayplan.lock"]) == before)

        // A dry run says so too.
        let dry = try Binary.run(["import", "first.json", "--dry-run", "--dir", "plan"], in: home.url)
        #expect(dry.status == 2)
        #expect(dry.stderr == imported.stderr)

        // Rollover and add write the day through the same rule.
        let rollover = try Binary.run(["rollover", "--date", "2026-11-21", "--dir", "plan"], in: home.url)
        #expect(rollover.status == 2)
        #expect(rollover.stderr.contains("plan/2026: a symbolic link to \(outside), outside the plan folder"), "\(rollover.stderr)")
        let add = try Binary.run(["add", "Buy milk", "--date", "2026-11-21", "--dir", "plan"], in: home.url)
        #expect(add.status == 2)
        #expect(add.stderr.contains("plan/2026: a symbolic link to \(outside), outside the plan folder"), "\(add.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
        #expect(try FolderSnapshot(home.url, skipping: ["plan/.dayplan.lock"]) == before)
    }

    /// Without `.dayplan/` the lock goes beside the day files: not outside either, through the link.
    @Test func aLinkOutOfAFolderWithoutSettingsGetsNoLockFileOutside() throws {
        let home = try TemporaryFolder()
        try home.write("plan/2025/12/2025-12-31.md", "# 2025-12-31\n\n## Morning\n- [ ] Call Bo\n")
        try FileManager.default.createDirectory(at: home.url.appendingPathComponent("outside"), withIntermediateDirectories: true)
        #expect(symlink("../outside", home.url.appendingPathComponent("plan/2026").path) == 0)
        try home.write("first.json", Self.document(#"{"title":"Pay rent"}"#))
        for arguments in [["import", "first.json", "--dir", "plan"], ["rollover", "--date", "2026-11-21", "--dir", "plan"]] {
            let run = try Binary.run(arguments, in: home.url)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr.contains("plan/2026: a symbolic link to "), "\(run.stderr)")
            #expect(try home.listing() == ["first.json", "outside", "plan"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.appendingPathComponent("outside").path) == [])
        }
    }

    /// A link that stays inside the plan (here to a hidden folder, which the listing does not walk by itself) is
    /// followed by listing as by writing: the second import sees the first's file and refuses without --force, and
    /// rollover finds the earlier plan there.
    @Test func aYearFolderLinkedInsideThePlanIsListedWhereItIsWritten() throws {
        let home = try TemporaryFolder()
        try Self.planWithLinkedYear(to: ".years/2026", in: home)
        try home.write("first.json", Self.document(#"{"title":"Pay rent","metadata":{"carry":true}}"#))
        try home.write("second.json", Self.document(#"{"title":"Something else"}"#))
        let first = try Binary.run(["import", "first.json", "--dir", "plan"], in: home.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "created plan/2026/11/2026-11-20.md\n")
        let written = try home.read("plan/.years/2026/11/2026-11-20.md")
        #expect(written.contains("- [ ] Pay rent @carry"))

        let second = try Binary.run(["import", "second.json", "--dir", "plan"], in: home.url)
        #expect(second.status == 1)
        #expect(second.stderr == "dayplan import: plan/2026/11/2026-11-20.md: exists with other content; --force replaces it\n"
                + "dayplan import: nothing written\n")
        #expect(try home.read("plan/.years/2026/11/2026-11-20.md") == written)

        let rollover = try Binary.run(["rollover", "--date", "2026-11-21", "--dir", "plan"], in: home.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        #expect(rollover.stdout.contains("from plan/2026/11/2026-11-20.md"), "\(rollover.stdout)")
        #expect(try home.read("plan/.years/2026/11/2026-11-21.md").contains("- [ ] Pay rent @carry"))
        // Add finds the day rollover made, through the link, and adds to it.
        let add = try Binary.run(["add", "Buy milk", "--date", "2026-11-21", "--dir", "plan"], in: home.url)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try home.read("plan/.years/2026/11/2026-11-21.md").contains("- [ ] Buy milk"))
        let lint = try Binary.run(["lint", "--dir", "plan"], in: home.url)
        #expect(!lint.stderr.contains("files hold"), "\(lint.stderr)")
    }

    /// A link to a folder the listing reaches without it too is read once: each day is one file, not two.
    @Test func aLinkToAFolderListedAnywayHoldsEachDayOnce() throws {
        let home = try TemporaryFolder()
        try Self.planWithLinkedYear(to: "archive/2026", in: home)
        try home.write("plan/archive/2026/11/2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] Call Bo\n")
        #expect(symlink(".", home.url.appendingPathComponent("plan/archive/loop").path) == 0)
        let rollover = try Binary.run(["rollover", "--date", "2026-11-21", "--dir", "plan"], in: home.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        #expect(rollover.stdout.hasPrefix("plan/2026/11/2026-11-21.md from plan/archive/2026/11/2026-11-20.md"), "\(rollover.stdout)")
        #expect(try home.read("plan/archive/2026/11/2026-11-21.md").contains("Call Bo"))
        let again = try Binary.run(["rollover", "--date", "2026-11-21", "--dir", "plan"], in: home.url)
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// What stands where a new day's file goes, unlisted (a FIFO is no day file), is never replaced: named, and no day
    /// is written.
    @Test func whatTheListingDidNotFindIsNeverReplaced() throws {
        let folder = try TemporaryFolder()
        let json = try E.export(["2026-11-20.md": E.day20, "2026-11-21.md": E.day21])
        try folder.write("export.json", bytes: json)
        try folder.write("2026-11-19.md", "# 2026-11-19\n")
        #expect(mkfifo(folder.url.appendingPathComponent("2026-11-21.md").path, 0o644) == 0)
        let run = try Binary.run(["import", "export.json"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan import: 2026-11-21.md: a FIFO (named pipe) is there, but the plan folder's listing found "
                + "no day file in its place, so it is not replaced; nothing written\n")
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-19.md", "2026-11-21.md", "export.json"])
        #expect(try folder.read("2026-11-19.md") == "# 2026-11-19\n")
        var info = stat()
        #expect(lstat(folder.url.appendingPathComponent("2026-11-21.md").path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    /// The trial's case: a value holding another key's word was written as two keys, and the next rollover
    /// expired the task. Each key's value is one value of its kind, or the document is refused at its path.
    @Test(arguments: [("due", "2026-12-05"), ("done", "2026-12-05"), ("on", "2026-12-05"), ("estimate", "1h"),
                      ("expires", "2026-12-05"), ("from", "2026-12-05")])
    func aValueCannotSmuggleMetadataIn(field: String, value: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-19.md", "# 2026-11-19\n")
        try folder.write("bad.json", Self.document(#"{"title":"Pay rent","metadata":{"\#(field)":"\#(value) @expires:2026-11-01"}}"#))
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["import", "bad.json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("dayplan import: bad.json: days[0].regions[0].tasks[0].metadata.\(field): "
                                     + "\"\(value) @expires:2026-11-01\" is not "), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("; nothing written\n"))
        #expect(try FolderSnapshot(folder.url) == before)
    }

    /// Three days, the last too large for the file size limit: before, the first two were written and the third
    /// was not. Every day is staged and flushed before any is put in place, so nothing is.
    @Test func aFailedWriteOfOneDayWritesNoDay() throws {
        let big = "# 2026-11-22\n\n## Backlog\n" + (1...300).map { "- [ ] Task number \($0)\n" }.joined()
        let json = try E.export(["2026-11-20.md": E.day20, "2026-11-21.md": E.day21, "2026-11-22.md": big])
        let folder = try TemporaryFolder()
        try folder.write("export.json", bytes: json)
        try folder.write("2026-11-19.md", "# 2026-11-19\n")
        let before = try FolderSnapshot(folder.url, skipping: [".dayplan.lock", "export.json"])
        let limited = try shell("ulimit -f 1; exec \"$0\" import export.json", in: folder)
        #expect(limited.status == 2)
        #expect(limited.stderr == "dayplan import: 2026-11-22.md: cannot write: File too large; nothing written\n", "\(limited.stderr)")
        #expect(limited.stdout == "")
        #expect(try FolderSnapshot(folder.url, skipping: [".dayplan.lock", "export.json"]) == before)
        let rerun = try Binary.run(["import", "export.json"], in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try folder.read("2026-11-22.md").hasSuffix("- [ ] Task number 300\n"))
    }

    /// The same through the fault hook, in a layout of folders: a failed write of the last day leaves no day, no
    /// temporary file and no folder made for them.
    @Test func aWriteMadeToFailLeavesTheFolderAsItWas() throws {
        let json = try E.export(["2026-11-20.md": E.day20, "2026-11-21.md": E.day21, "2026-12-01.md": "# 2026-12-01\n"])
        let home = try TemporaryFolder()
        try home.write("export.json", bytes: json)
        #expect(try Binary.run(["init", "-q", "--layout", "YYYY/MM/YYYY-MM-DD.md", "plan"], in: home.url).status == 0)
        let before = try FolderSnapshot(home.url, skipping: ["plan/.dayplan.lock"])
        let run = try Binary.run(["import", "export.json", "--dir", "plan"], in: home.url, environment: ["DAYPLAN_FAULT": "import-failed-write"])
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan import: plan/2026/12/2026-12-01.md: cannot write: the write was made to fail "
                + "(DAYPLAN_FAULT=import-failed-write); nothing written\n")
        #expect(run.stdout == "")
        #expect(try FolderSnapshot(home.url, skipping: ["plan/.dayplan.lock"]) == before)
    }

    /// Killed once every day is staged, before any is in place: every day file is as it was; killed after the
    /// first is in place: that one is whole. Either way the next run writes the rest and removes the leftovers.
    @Test(arguments: ["import-before-renames", "import-between-renames"])
    func aKilledImportIsCompletedByTheNextRun(point: String) throws {
        let json = try E.export(["2026-11-20.md": E.day20, "2026-11-21.md": E.day21])
        let folder = try TemporaryFolder()
        try folder.write("export.json", bytes: json)
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [x] Something else\n")
        let killed = try Binary.run(["import", "--force", "export.json"], in: folder.url, environment: ["DAYPLAN_FAULT": point])
        #expect(killed.status == SIGKILL)
        let after = try FolderSnapshot(folder.url)
        if point == "import-before-renames" {
            #expect(after["2026-11-20.md"] == nil)
            #expect(try folder.read("2026-11-21.md") == "# 2026-11-21\n\n## Morning\n- [x] Something else\n")
            #expect(after.temporaryFiles.count == 2)
        } else {
            #expect(try folder.read("2026-11-20.md") == E.day20)
            #expect(try folder.read("2026-11-21.md") == "# 2026-11-21\n\n## Morning\n- [x] Something else\n")
            #expect(after.temporaryFiles.count == 1)
        }
        let rerun = try Binary.run(["import", "--force", "export.json"], in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try folder.read("2026-11-20.md") == E.day20)
        #expect(try folder.read("2026-11-21.md") == E.day21)
        #expect(try FolderSnapshot(folder.url).temporaryFiles == [])
    }
}
