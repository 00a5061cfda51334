import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// A FIFO, a device or a huge file where a day file, a setting or an argument is
/// expected ends at once with exit 2 and a message, never a wait; the lock is never held while waiting.
@Suite(.tags(.slow)) struct NoHangTests {
    typealias F = RolloverFixtures

    /// A plan folder whose `name` is a FIFO (no writer ever comes).
    static func withFIFO(at name: String, files: [String: String] = [:]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(files)
        let path = folder.url.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(path, 0o644) == 0)
        return folder
    }

    /// Runs `dayplan ARGUMENTS` under `timeout`, so that a hang fails the test instead of blocking the suite.
    static func run(_ arguments: String, in folder: TemporaryFolder) throws -> Binary.Run {
        try shell("timeout 20 \"$0\" \(arguments)", in: folder)
    }

    @Test(arguments: ["add Task", "status", "mark done Task", "move Task --to evening"])
    func aFIFONamedLikeTodaysFile(command: String) throws {
        let folder = try Self.withFIFO(at: "2026-11-21.md", files: ["2026-11-20.md": F.friday])
        let run = try Self.run(command, in: folder)
        #expect(run.status == 2, "\(command): \(run.status) \(run.stderr)")
        #expect(run.stderr.contains("2026-11-21.md: a FIFO (named pipe), not a regular file, so it was not read"), "\(run.stderr)")
        // The lock is free again: a rollover runs at once.
        #expect(try Self.run("rollover --date 2026-11-22", in: folder).status != 124)
    }

    @Test func aFIFOWhereASettingsFileIsExpected() throws {
        let settings = try Self.withFIFO(at: ".dayplan/config", files: ["2026-11-20.md": F.friday])
        let bad = try Self.run("rollover --date 2026-11-23", in: settings)
        #expect(bad.status == 2 && bad.stderr.contains("config: a FIFO (named pipe), not a regular file"), "\(bad.stderr)")

        let template = try Self.withFIFO(at: ".dayplan/template.md", files: [".dayplan/config": "template = .dayplan/template.md\n"])
        let new = try Self.run("rollover --date 2026-11-23", in: template)
        #expect(new.status == 2 && new.stderr.contains("template.md: a FIFO (named pipe), not a regular file"), "\(new.stderr)")

        let routines = try Self.withFIFO(at: ".dayplan/routines.md", files: [".dayplan/config": "", "2026-11-20.md": F.friday])
        let carried = try Self.run("rollover --date 2026-11-23", in: routines)
        #expect(carried.status == 2 && carried.stderr.contains("routines.md: a FIFO (named pipe), not a regular file"), "\(carried.stderr)")

        let ignore = try Self.withFIFO(at: ".gitignore")
        let initialised = try Self.run("init .", in: ignore)
        #expect(initialised.status == 2 && initialised.stderr.contains(".gitignore: a FIFO (named pipe), not a regular file"), "\(initialised.stderr)")
    }

    @Test func aFIFOAsAMergeArgument() throws {
        let folder = try Self.withFIFO(at: "theirs.md", files: ["base.md": F.friday, "ours.md": F.friday])
        let run = try Self.run("merge base.md ours.md theirs.md", in: folder)
        #expect(run.status == 2 && run.stderr.contains("theirs.md: a FIFO (named pipe), not a regular file"), "\(run.stderr)")
        #expect(try folder.read("ours.md") == F.friday)
    }

    /// The size cap holds for a regular file too, checked before it is read (a sparse 600 MB file reads as zeros).
    @Test func aRegularFileOverTheCapIsRefusedUnread() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("2026-11-21.md").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 600 << 20) == 0)
        for command in ["lint 2026-11-21.md", "fmt --check 2026-11-21.md", "status 2026-11-21", "export 2026-11-21.md"] {
            let run = try Self.run(command, in: folder)
            #expect(run.status == 2, "\(command)")
            #expect(run.stderr.contains("2026-11-21.md: larger than 512 MiB, too large to be a day file"), "\(command): \(run.stderr)")
        }
    }

    /// Titles reach a terminal with their control characters escaped; a pipe gets them as they are.
    @Test func titlesAreEscapedOnATerminal() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Backlog\n- [ ] Evil \u{1B}]0;pwned\u{07} title\n")
        let terminal = try shell("timeout 20 script -qec \"'$0' query --status todo .\" /dev/null", in: folder)
        #expect(terminal.stdout.contains("Evil \\x1B]0;pwned\\x07 title"), "\(terminal.stdout)")
        #expect(!terminal.stdout.contains("\u{1B}]0;"))
        let marked = try shell("timeout 20 script -qec \"'$0' mark done Evil\" /dev/null", in: folder)
        #expect(marked.stdout.contains("Evil \\x1B]0;pwned\\x07 title"), "\(marked.stdout)")
        let piped = try Binary.run(["query", "--status", "done", "."], in: folder.url)
        #expect(piped.stdout.contains("Evil \u{1B}]0;pwned\u{07} title"))
    }

    /// Invalid UTF-8 on the command line is refused with its position, never replaced with U+FFFD.
    @Test func invalidUTF8ArgumentsAreRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Backlog\n- [ ] One\n")
        let run = try shell("\"$0\" add \"$(printf 'caf\\351')\"", in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan: word 2 of the command line is not valid UTF-8 (caf\\xE9); dayplan reads its arguments as UTF-8, so nothing was done\n")
        #expect(try folder.read("2026-11-21.md") == "# 2026-11-21\n\n## Backlog\n- [ ] One\n")
    }
}
