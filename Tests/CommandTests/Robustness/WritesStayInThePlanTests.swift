import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Writes stay in the plan folder, reads of settings paths too, and dayplan
/// changes and removes only files that are its own.
@Suite struct WritesStayInThePlanTests {
    typealias F = RolloverFixtures

    /// Links planted under every temporary name the next few hundred processes could have used (the old names
    /// `.NAME.PID.dayplan-tmp`) lead nowhere: the write makes its own file, the outside file is untouched, and the
    /// day file stays a regular file.
    @Test func plantedLinksForTemporaryNamesAreNeverFollowed() throws {
        let folder = try TemporaryFolder()
        let outside = try TemporaryFolder()
        let target = try outside.write("victim.txt", "not dayplan's\n")
        try folder.write("2026-11-20.md", LockTests.untidyFriday)
        let next = Int(ProcessInfo.processInfo.processIdentifier)
        for pid in next..<(next + 400) {
            symlink(target.path, folder.url.appendingPathComponent(".2026-11-20.md.\(pid).dayplan-tmp").path)
        }
        let run = try Binary.run(["fmt", "--write", "2026-11-20.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try outside.read("victim.txt") == "not dayplan's\n")
        #expect(try folder.read("2026-11-20.md") == F.friday)
        let kind = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("2026-11-20.md").path)[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
        // The planted links are not dayplan's files: left as they are (no regular file of this user).
        #expect(try folder.listing().filter { $0.hasSuffix(".dayplan-tmp") }.count == 400)
    }

    /// `report -o` writes into a device or a pipe (never replacing it), and refuses a FIFO nobody reads at once.
    @Test func reportOutputIntoDevicesAndPipes() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", F.friday)
        // Standard output in a pipe, named as /dev/stdout names it (a link of the test's own, so that a binary with
        // the old bug replaces that link, not the system's /dev/stdout): the report arrives through the pipe.
        #expect(symlink("/dev/fd/1", folder.url.appendingPathComponent("stdout").path) == 0)
        let piped = try shell("\"$0\" report -o stdout . | cat", in: folder)
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("2026-11-20"), "\(piped.stdout)")
        // A null device stays the device it is. As root the test makes one of its own (a binary with the old bug
        // would turn the system's /dev/null into a file); as another user /dev/null cannot be replaced anyway.
        let device = getuid() == 0 ? folder.url.appendingPathComponent("null").path : "/dev/null"
        if getuid() == 0 { #expect(mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0) }
        let null = try Binary.run(["report", "-o", device, "."], in: folder.url)
        #expect(null.status == 0)
        var deviceInfo = stat()
        #expect(lstat(device, &deviceInfo) == 0 && (deviceInfo.st_mode & S_IFMT) == S_IFCHR)
        // A FIFO with no reader: refused without waiting, and still a FIFO.
        let fifo = folder.url.appendingPathComponent("out.fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let refused = try shell("timeout 20 \"$0\" report -o out.fifo .", in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("out.fifo: a FIFO (named pipe) that nothing reads, so nothing was written"), "\(refused.stderr)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        // A FIFO with a reader gets the report. The reader is started first, but may not have opened the FIFO by
        // the time report looks (report then refuses, as above), so report is tried again until it has; the
        // reader is bounded, so that a report that never writes fails the test rather than hangs it.
        let read = try shell("timeout 60 cat out.fifo > got.txt & "
                             + "for i in $(seq 300); do \"$0\" report -o out.fifo . 2>/dev/null && break; sleep 0.1; done; wait $!",
                             in: folder)
        #expect(read.status == 0)
        #expect(try folder.read("got.txt").contains("2026-11-20"))
    }

    /// A template outside the plan folder (by `..` or through a link) is refused, never copied into a new day.
    @Test func aTemplateOutsideThePlanIsRefused() throws {
        let home = try TemporaryFolder()
        try home.write("secret.txt", "# {{date}}\n\nthe secret\n")
        try home.write("plan/.dayplan/config", "template = ../secret.txt\n")
        let dotted = try Binary.run(["rollover", "--date", "2026-11-23"], in: home.url.appendingPathComponent("plan"))
        #expect(dotted.status == 2)
        #expect(dotted.stderr.contains(".dayplan/config:1: template: `../secret.txt` leads out of the plan folder"), "\(dotted.stderr)")
        #expect(try home.listing() == ["plan", "secret.txt"])

        try home.write("plan/.dayplan/config", "template = .dayplan/template.md\n")
        #expect(symlink(home.url.appendingPathComponent("secret.txt").path,
                        home.url.appendingPathComponent("plan/.dayplan/template.md").path) == 0)
        let linked = try Binary.run(["rollover", "--date", "2026-11-23"], in: home.url.appendingPathComponent("plan"))
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("the template is outside the plan folder"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("plan/2026-11-23.md").path))
    }

    /// `fmt --write` rewrites day files only; other Markdown files are named and left byte for byte.
    @Test func fmtWriteLeavesFilesThatAreNoDayFiles() throws {
        let folder = try TemporaryFolder()
        let notes = "# Shopping\n- [ ] buy milk\n"
        try folder.write("notes.md", notes)
        try folder.write("2026-11-20.md", LockTests.untidyFriday)
        try folder.write("plan.md", LockTests.untidyFriday)  // a day heading makes it a day file
        let run = try Binary.run(["fmt", "--write", "notes.md", "2026-11-20.md", "plan.md"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "2026-11-20.md\nplan.md\n")
        #expect(run.stderr == "dayplan fmt: notes.md: not a day file (neither its name, YYYY-MM-DD.md, nor a day heading says which day it plans), so it was left as it is\n")
        #expect(try folder.read("notes.md") == notes)
        #expect(try folder.read("plan.md") == F.friday)
    }

    /// Rollover removes only dayplan's own leftovers: not `my-backup.dayplan-tmp`, not another user's file, not one
    /// still locked by a live run; but one whose process id is now some other live process's, once unlocked.
    @Test func cleanupRemovesOnlyDayplansOwnLeftovers() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", F.friday)
        let alive = ProcessInfo.processInfo.processIdentifier
        try folder.write(["my-backup.dayplan-tmp": "mine", ".notes.md.dayplan-tmp": "mine too",
                          // The current form: a live process id, but unlocked, so its run is gone (the id reused).
                          ".2026-11-20.md.\(alive)-1f2e3d4c5b6a7988.dayplan-tmp": "left by a killed run",
                          ".2026-11-21.md.\(alive)-aa.dayplan-tmp": "locked by a live run"])
        let locked = open(folder.url.appendingPathComponent(".2026-11-21.md.\(alive)-aa.dayplan-tmp").path, O_RDONLY)
        #expect(locked >= 0 && flock(locked, LOCK_EX) == 0)
        defer { close(locked) }
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.listing() == [".2026-11-21.md.\(alive)-aa.dayplan-tmp", ".dayplan.lock", ".notes.md.dayplan-tmp",
                                         "2026-11-20.md", "2026-11-23.md", "my-backup.dayplan-tmp"])
    }

    /// A killed `add` (or mark, move) leaves its temporary file; the next one removes it.
    @Test func theNextAddRemovesAKilledAddsLeftover() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Backlog\n- [ ] One\n")
        try folder.write(".2026-11-21.md.999999-0123456789abcdef.dayplan-tmp", "half")
        let run = try Binary.run(["add", "Two"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-21.md"])
    }

    /// Rollover removes killed runs' leftovers in the plan folder and beside its two files in a folder below.
    @Test func rolloverRemovesLeftoversInTheFoldersOfALayout() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q", "--layout", "YYYY/MM/YYYY-MM-DD.md"], in: folder.url).status == 0)
        try folder.write("2026/11/2026-11-20.md", "# 2026-11-20\n\n## Backlog\n- [ ] One\n")
        try folder.write("2026/11/.2026-11-20.md.999999-0123456789abcdef.dayplan-tmp", "half")
        try folder.write(".2026-11-19.md.999999-0123456789abcdef.dayplan-tmp", "half too")
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("2026/11").path).sorted()
                == ["2026-11-20.md", "2026-11-21.md"])
        #expect(try folder.listing().filter { $0.hasSuffix(".dayplan-tmp") } == [])
    }
}
