import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// What a path that is not a plain day file stands for (a link, a folder), and files or folders that cannot be
/// read or written.
extension BadInputTests {
    // MARK: - What the name stands for

    @Test func aDayFileThatIsASymbolicLink() throws {
        // To a file elsewhere: read through, written through (the target changes, the link stays a link).
        let plan = "# 2026-11-20\n## Morning\n- [ ] Call Bo\n"
        func linked(_ folder: TemporaryFolder) throws {
            try folder.write("real/plan.md", plan)
            try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent(Self.name).path,
                                                       withDestinationPath: "real/plan.md")
        }
        let lint = try Self.attempt(Self.lint, linked)
        #expect(lint.run.status == 0 && lint.run.stderr == "1 file checked, no problems\n")
        #expect(lint.changedNothing)
        let check = try Self.attempt(Self.check, linked)
        #expect(check.run.status == 1 && check.run.stdout == "\(Self.name)\n")
        #expect(check.changedNothing)
        let write = try Self.attempt(Self.write, linked)
        #expect(write.run.status == 0 && write.run.stderr == "")
        #expect(write.after[Self.name] == nil && write.after.entries[Self.name] == .link("real/plan.md"))
        #expect(write.after["real/plan.md"] == Data("# 2026-11-20\n\n## Morning\n- [ ] Call Bo\n\n## Afternoon\n\n## Evening\n\n## Backlog\n".utf8))
        #expect(write.after.temporaryFiles == [])
        let rollover = try Self.attempt(Self.rollover, linked)
        #expect(rollover.run.status == 0)
        #expect(rollover.run.stdout == "2026-11-21.md from 2026-11-20.md: 0 carried, 1 deferred to the backlog, 0 expired; the backlog holds 1 task\n")
        #expect(rollover.after.entries[Self.name] == .link("real/plan.md"))
        #expect(rollover.after["real/plan.md"] == Data(plan.replacingOccurrences(of: "[ ]", with: "[>]").utf8))
        #expect(rollover.after.temporaryFiles == [])

        // Leading nowhere, or to itself: an error naming it, also in a folder run (it is not skipped).
        for (target, reason) in [("nowhere.md", "No such file or directory"), (Self.name, "Too many levels of symbolic links")] {
            func broken(_ folder: TemporaryFolder) throws {
                try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent(Self.name).path,
                                                           withDestinationPath: target)
            }
            let lint = try Self.attempt(Self.lint, broken)
            #expect(lint.run.status == 2)
            #expect(lint.run.stderr == "dayplan lint: \(Self.name): cannot open: \(reason)\n")
            #expect(lint.changedNothing)
            let folderLint = try Self.attempt(["lint", "."], broken)
            #expect(folderLint.run.status == 2)
            #expect(folderLint.run.stderr == "dayplan lint: ./\(Self.name): cannot open: \(reason)\n0 files checked, no problems; 1 file could not be read\n")
            for arguments in [Self.check, Self.write, ["fmt", "--write", "."]] {
                let fmt = try Self.attempt(arguments, broken)
                #expect(fmt.run.status == 2, "\(arguments)")
                #expect(fmt.run.stderr == "dayplan fmt: \(arguments.last == "." ? "./" : "")\(Self.name): cannot open: \(reason)\n")
                #expect(fmt.changedNothing)
            }
            let rollover = try Self.attempt(Self.rollover, broken)
            #expect(rollover.run.status == 2)
            #expect(rollover.run.stderr == "dayplan rollover: \(Self.name): not a readable file; nothing changed\n")
            #expect(rollover.changedNothing)
        }
    }

    @Test(arguments: [["fmt", "--write", name], ["rollover", "--date", "2026-11-21"]])
    func aLinkedDayFileKilledWhileWrittenLeavesNoTemporaryFileBesideItsTarget(_ arguments: [String]) throws {
        // The temporary file goes beside the link's target, in another folder: the next run cleans up there too.
        let folder = try TemporaryFolder()
        try folder.write("real/plan.md", "# 2026-11-20\n## Morning\n- [ ] Call Bo\n")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent(Self.name).path,
                                                   withDestinationPath: "real/plan.md")
        let reference = try folder.copyTree()
        try FileManager.default.createSymbolicLink(atPath: reference.url.appendingPathComponent(Self.name).path,
                                                   withDestinationPath: "real/plan.md")
        #expect(try Binary.run(arguments, in: reference.url).status == 0)

        let point = arguments[0] == "fmt" ? "before-rename" : "before-source-rename"
        let killed = try Binary.run(arguments, in: folder.url, environment: ["DAYPLAN_FAULT": point])
        #expect(killed.status == SIGKILL)
        #expect(try FolderSnapshot(folder.url).temporaryFiles.count == 1)
        #expect(try FolderSnapshot(folder.url).temporaryFiles.allSatisfy { $0.hasPrefix("real/.plan.md.") })

        let rerun = try Binary.run(arguments, in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stderr == "")
        #expect(try FolderSnapshot(folder.url) == FolderSnapshot(reference.url))
    }

    @Test func aFolderNamedLikeADayFile() throws {
        // A folder stands for the day files below it: here none. Rollover does not take it for a day.
        func folderNamed(_ folder: TemporaryFolder) throws {
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(Self.name), withIntermediateDirectories: false)
        }
        let lint = try Self.attempt(Self.lint, folderNamed)
        #expect(lint.run.status == 0)
        #expect(lint.run.stdout == "" && lint.run.stderr == "no day files (YYYY-MM-DD.md) to check\n")
        #expect(lint.changedNothing)
        for arguments in [Self.check, Self.write] {
            let fmt = try Self.attempt(arguments, folderNamed)
            #expect(fmt.run.status == 0 && fmt.run.stdout == "" && fmt.run.stderr == "", "\(arguments)")
            #expect(fmt.changedNothing)
        }
        // (In a plan folder: in a folder with no day file and no .dayplan/, rollover would refuse to start.)
        let rollover = try Self.attempt(Self.rollover) { folder in
            try folderNamed(folder)
            try folder.write(".dayplan/config", "")
        }
        #expect(rollover.run.status == 0)
        #expect(rollover.run.stdout == "2026-11-21.md: no earlier plan, started a blank day\n")
        #expect(rollover.after.entries[Self.name] == .folder(mode: 0o755))
        #expect(rollover.after["2026-11-21.md"] == Data("# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n".utf8))

        // In the place of the day rollover opens, it is an error.
        let blocked = try Self.attempt(Self.rollover) { folder in
            try folder.write(Self.name, "# 2026-11-20\n## Morning\n- [ ] Call Bo\n")
            try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("2026-11-21.md"), withIntermediateDirectories: false)
        }
        #expect(blocked.run.status == 2)
        #expect(blocked.run.stderr == "dayplan rollover: 2026-11-21.md: exists but is not a readable day file; nothing changed\n")
        #expect(blocked.changedNothing)
    }

    // MARK: - Permissions and file systems

    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "skipped: as root a file is unreadable only to another user, and setpriv is not there to become one"))
    func unreadableFiles() throws {
        // A day file no one may read, in a folder anyone may write (so that rollover gets as far as reading it).
        func unreadable(_ folder: TemporaryFolder) throws {
            let file = try folder.write(Self.name, "# 2026-11-20\n\n## Morning\n- [ ] Call Bo\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        }
        let lint = try Self.attempt(Self.lint, asNobody: true, unreadable)
        #expect(lint.run.status == 2)
        #expect(lint.run.stderr == "dayplan lint: \(Self.name): cannot open: Permission denied\n0 files checked, no problems; 1 file could not be read\n")
        #expect(lint.changedNothing)
        for arguments in [Self.check, Self.write] {
            let fmt = try Self.attempt(arguments, asNobody: true, unreadable)
            #expect(fmt.run.status == 2)
            #expect(fmt.run.stderr == "dayplan fmt: \(Self.name): cannot open: Permission denied\n")
            #expect(fmt.changedNothing)
        }
        let rollover = try Self.attempt(Self.rollover, asNobody: true, unreadable)
        #expect(rollover.run.status == 2)
        #expect(rollover.run.stderr == "dayplan rollover: \(Self.name): cannot open: Permission denied; nothing changed\n")
        #expect(rollover.changedNothing)

        // A folder of day files no one may read stops a folder run before anything is checked or written
        // (2026-11-21.md would be rewritten otherwise): its files would be left out without a word.
        func unreadableFolder(_ folder: TemporaryFolder) throws {
            try folder.write("2026-11-21.md", "#  2026-11-21\n")
            try folder.write("2026/\(Self.name)", "# 2026-11-20\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.url.appendingPathComponent("2026").path)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        }
        for (arguments, command) in [(["lint", "."], "lint"), (["fmt", "--check", "."], "fmt"), (["fmt", "--write", "."], "fmt")] {
            let run = try Self.attempt(arguments, asNobody: true, unreadableFolder)
            #expect(run.run.status == 2, "\(arguments)")
            #expect(run.run.stdout == "")
            #expect(run.run.stderr == "dayplan \(command): ./2026: cannot read the folder: Permission denied\n")
            #expect(run.changedNothing)
        }
    }

    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                   "skipped: as root a file is read-only only to another user, and setpriv is not there to become one"))
    func aReadOnlyDayFile() throws {
        // Mode 0444 in a folder anyone may write: the rename would get past the mode, but a read-only file
        // is left alone, as a write in place would have to.
        func readOnly(_ folder: TemporaryFolder) throws {
            let file = try folder.write(Self.name, "# 2026-11-20\n## Morning\n- [ ] Call Bo\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        }
        let lint = try Self.attempt(Self.lint, asNobody: true, readOnly)
        #expect(lint.run.status == 0 && lint.run.stderr == "1 file checked, no problems\n")
        let check = try Self.attempt(Self.check, asNobody: true, readOnly)
        #expect(check.run.status == 1 && check.run.stdout == "\(Self.name)\n")
        #expect(check.changedNothing)
        let write = try Self.attempt(Self.write, asNobody: true, readOnly)
        #expect(write.run.status == 2)
        #expect(write.run.stderr == "dayplan fmt: \(Self.name): cannot write: Permission denied\n")
        #expect(write.changedNothing)
        // Rollover finds out before writing the new day, so it does not stop half-way.
        let rollover = try Self.attempt(Self.rollover, asNobody: true, readOnly)
        #expect(rollover.run.status == 2)
        #expect(rollover.run.stderr == "dayplan rollover: \(Self.name): cannot write: Permission denied; nothing changed\n")
        #expect(rollover.changedNothing)

        // An old day with nothing open is not written: the new day gets its mode, but stays writable.
        let archived = try Self.attempt(Self.rollover) { folder in
            let file = try folder.write(Self.name, "# 2026-11-20\n## Morning\n- [x] Call Bo\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        }
        #expect(archived.run.status == 0, "\(archived.run.stderr)")
        #expect(archived.after.entries["2026-11-21.md"].map { if case .file(let mode, _) = $0 { mode } else { 0 } } == 0o644)
        #expect(archived.after.entries[Self.name] == archived.before.entries[Self.name])
    }

    @Test func aPlanFolderOnAReadOnlyFileSystem() throws {
        let disk = try ScratchFileSystem.mountOrSkip(size: "1m", for: "a read-only file system")
        defer { disk.unmount() }
        let plan = "# 2026-11-20\n## Morning\n- [ ] Call Bo\n"
        try disk.folder.write(Self.name, plan)
        try disk.remountReadOnly()
        let before = try FolderSnapshot(disk.url, skipping: [])

        // Reading works.
        let lint = try Binary.run(Self.lint, in: disk.url)
        #expect(lint.status == 0 && lint.stderr == "1 file checked, no problems\n")
        let check = try Binary.run(Self.check, in: disk.url)
        #expect(check.status == 1 && check.stdout == "\(Self.name)\n")
        let dryRun = try Binary.run(Self.rollover + ["--dry-run"], in: disk.url)
        #expect(dryRun.status == 0)
        #expect(dryRun.stdout.hasSuffix("dry run, nothing written: 2026-11-21.md from 2026-11-20.md: 0 carried, 1 deferred to the backlog, 0 expired; the backlog holds 1 task\n"))

        // Writing fails, naming the path.
        let write = try Binary.run(Self.write, in: disk.url)
        #expect(write.status == 2)
        #expect(write.stderr == "dayplan fmt: \(Self.name): cannot write: Read-only file system\n")
        let rollover = try Binary.run(Self.rollover, in: disk.url)
        #expect(rollover.status == 2)
        #expect(rollover.stderr == "dayplan rollover: .dayplan.lock: cannot open the lock file: Read-only file system; nothing changed\n")
        let elsewhere = try TemporaryFolder()
        let named = try Binary.run(Self.rollover + ["--dir", disk.url.path], in: elsewhere.url)
        #expect(named.status == 2)
        #expect(named.stderr == "dayplan rollover: \(disk.url.path)/.dayplan.lock: cannot open the lock file: Read-only file system; nothing changed\n")

        #expect(try FolderSnapshot(disk.url, skipping: []) == before)
        #expect(try elsewhere.listing() == [])
    }
}
