import Foundation
import Testing

@Suite struct FmtCommandTests {
    static let messy = "#   2026-11-21\n## Morning\n*  [X] Ship it\n"
    static let tidy = "# 2026-11-21\n\n## Morning\n* [x] Ship it\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"

    @Test func filtersStandardInput() throws {
        for arguments in [["fmt"], ["fmt", "-"]] {
            let run = try Binary.run(arguments, stdin: Array(Self.messy.utf8))
            #expect(run.status == 0)
            #expect(run.stdout == Self.tidy)
            #expect(run.stderr.isEmpty)
        }
    }

    @Test func printsFormattedFilesWithoutTouchingThem() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", Self.messy)
        let run = try Binary.run(["fmt", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == Self.tidy)
        #expect(try folder.read("2026-11-21.md") == Self.messy)
    }

    @Test func checkListsWhatWouldChangeAndExitsOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", Self.messy)
        try folder.write("2026-11-22.md", Self.tidy.replacingOccurrences(of: "21", with: "22"))
        let run = try Binary.run(["fmt", "--check", "."], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "./2026-11-21.md\n")
        #expect(try folder.read("2026-11-21.md") == Self.messy)

        let clean = try Binary.run(["fmt", "--check", "2026-11-22.md"], in: folder.url)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
    }

    @Test func writeRewritesAtomicallyKeepingTheModeAndOnlyWhenChanged() throws {
        let folder = try TemporaryFolder()
        let messy = try folder.write("2026-11-21.md", Self.messy)
        let tidy = try folder.write("2026-11-22.md", Self.tidy.replacingOccurrences(of: "21", with: "22"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: messy.path)
        let tidyBefore = try FileManager.default.attributesOfItem(atPath: tidy.path)

        let run = try Binary.run(["fmt", "--write", "."], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "./2026-11-21.md\n")  // the files it changed, one a line
        #expect(run.stderr.isEmpty)
        #expect(try folder.read("2026-11-21.md") == Self.tidy)
        let attributes = try FileManager.default.attributesOfItem(atPath: messy.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // The unchanged file was not rewritten: same inode, same modification time.
        let tidyAfter = try FileManager.default.attributesOfItem(atPath: tidy.path)
        #expect(tidyAfter[.systemFileNumber] as? Int == tidyBefore[.systemFileNumber] as? Int)
        #expect(tidyAfter[.modificationDate] as? Date == tidyBefore[.modificationDate] as? Date)
        // No temporary file is left behind; the lock it held stays, empty.
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-21.md", "2026-11-22.md"])
        #expect(try folder.read(".dayplan.lock") == "")

        let again = try Binary.run(["fmt", "--check", "."], in: folder.url)
        #expect(again.status == 0)
    }

    @Test func writeListsTheFilesItChangedUnlessQuiet() throws {
        let folder = try TemporaryFolder()
        try folder.write(["2026/11/2026-11-21.md": Self.messy, "2026/11/2026-11-22.md": Self.messy.replacingOccurrences(of: "21", with: "22"),
                          "2026/11/2026-11-23.md": Self.tidy.replacingOccurrences(of: "21", with: "23")])
        let run = try Binary.run(["fmt", "-w", "2026"], in: folder.url)
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout == "2026/11/2026-11-21.md\n2026/11/2026-11-22.md\n")
        try folder.write("2026/11/2026-11-21.md", Self.messy)
        let quiet = try Binary.run(["fmt", "-wq", "2026/11/2026-11-21.md"], in: folder.url)
        #expect(quiet.status == 0 && quiet.stdout == "" && quiet.stderr == "")
        #expect(try folder.read("2026/11/2026-11-21.md") == Self.tidy)
        // The lock is taken in the folder the files were found in.
        #expect(try folder.listing() == [".dayplan.lock", "2026"])
    }

    @Test func writeFollowsASymbolicLinkInsteadOfReplacingIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("real/plan.md", Self.messy)
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("2026-11-21.md").path,
                                                   withDestinationPath: "real/plan.md")
        let run = try Binary.run(["fmt", "--write", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder.url.appendingPathComponent("2026-11-21.md").path)
        #expect(link == "real/plan.md")
        #expect(try folder.read("real/plan.md") == Self.tidy)
    }

    @Test func searchesFoldersForDayFilesSkippingHiddenOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026/11/2026-11-21.md", Self.messy)
        try folder.write(".git/2026-11-20.md", Self.messy)
        try folder.write(".hidden/2026-11-19.md", Self.messy)
        try folder.write("notes.md", Self.messy)
        try folder.write("2026-11-3.md", Self.messy)
        let run = try Binary.run(["fmt", "--check", "."], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "./2026/11/2026-11-21.md\n")
    }

    @Test func leavesABrokenFileAloneAndSaysWhy() throws {
        let folder = try TemporaryFolder()
        let broken = "# 2026-11-21\n## Morning\n* [ ] A\n## Morning\n* [ ] B\n"
        try folder.write("2026-11-21.md", broken)
        let run = try Binary.run(["fmt", "--write", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("2026-11-21.md:4:1: error: `## Morning` is a second Morning heading"))
        #expect(run.stderr.contains("[DP021/duplicate-region]"))
        #expect(try folder.read("2026-11-21.md") == broken)

        // As a filter, it passes the input through so an editor's buffer is kept.
        let filter = try Binary.run(["fmt"], stdin: Array(broken.utf8))
        #expect(filter.status == 1)
        #expect(filter.stdout == broken)
        #expect(filter.stderr.contains("<stdin>:4:1: error:"))
    }

    /// Typed at a prompt with no path, fmt says what it expects instead of waiting silently for input. A real
    /// terminal comes from util-linux's `script`, which runs the command on a pseudo-terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux script is not installed; skipped"))
    func withATerminalOnStandardInputItSaysWhatItExpects() throws {
        let folder = try TemporaryFolder()
        let run = try shell("timeout 20 script -qec \"$0 fmt\" /dev/null < /dev/null", in: folder)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("dayplan fmt: no file given, and standard input is a terminal."))
        #expect(run.stdout.contains("pipe one in (dayplan fmt < 2026-11-21.md)"))

        // Piped input keeps working as the editor's filter.
        let piped = try Binary.run(["fmt"], stdin: Array("# 2026-11-21\n## Morning\n".utf8))
        #expect(piped.status == 0)
        #expect(piped.stdout.hasPrefix("# 2026-11-21\n\n## Morning\n"))
    }

    /// A day file as Obsidian writes it is formatted keeping the person's
    /// decoration, code spans and link destinations, keeps `## Evenings` after the region it follows,
    /// and lint names the near-miss heading and the checkbox outside the regions (exit 1: the open one is an error).
    @Test func aRealWorldFileKeepsItsDecorationAndIsNamedWhereItIsNotRead() throws {
        let folder = try TemporaryFolder()
        let text = """
            ---
            tags: daily
            ---
            # 2026-11-21 Saturday
            ## Morning ☀️
            1.  [ ] Run `git  log`  on [the notes](<my  notes.md>)
            ### Evening 🌙
            -[x] Called mum
            ## Evenings
            - [ ] Not counted

            """
        try folder.write("2026-11-21.md", text)
        let formatted = try Binary.run(["fmt", "2026-11-21.md"], in: folder.url)
        #expect(formatted.status == 0, "\(formatted.stderr)")
        #expect(formatted.stdout == """
            ---
            tags: daily
            ---
            # 2026-11-21 Saturday

            ## Morning ☀️
            - [ ] Run `git  log` on [the notes](<my  notes.md>)

            ## Afternoon

            ### Evening 🌙
            - [x] Called mum

            ## Evenings
            - [ ] Not counted

            ## Backlog

            """)
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.split(separator: "\n").map { $0.split(separator: "[").last ?? "" } == [
            "DP038/task-like-line]", "DP038/task-like-line]", "DP023/near-region-heading]", "DP020/task-outside-region]",
        ])
    }

    @Test func reportsMissingPathsAndUsageErrorsWithExitTwo() throws {
        let folder = try TemporaryFolder()
        let missing = try Binary.run(["fmt", "nope/2026-11-21.md"], in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope/2026-11-21.md: cannot open: No such file or directory"))

        let typo = try Binary.run(["fmt", "--wirte"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown option '--wirte' (did you mean '--write'?)"))

        let both = try Binary.run(["fmt", "--check", "--write", "x"])
        #expect(both.status == 2)

        let stdinWrite = try Binary.run(["fmt", "--write"])
        #expect(stdinWrite.status == 2)
        #expect(stdinWrite.stderr.contains("--write needs files"))
    }

    @Test func keepsCrlfFilesCrlf() throws {
        let run = try Binary.run(["fmt"], stdin: Array("# 2026-11-21\r\n## Morning\r\n* [ ]  a\r\n".utf8))
        #expect(run.status == 0)
        #expect(run.stdout == "# 2026-11-21\r\n\r\n## Morning\r\n* [ ] a\r\n\r\n## Afternoon\r\n\r\n## Evening\r\n\r\n## Backlog\r\n")
    }

    @Test func theExamplesAreCanonical() throws {
        let examples = Repository.url("Examples")
        let run = try Binary.run(["fmt", "--check", examples.path])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}

@Suite struct TopLevelCommandTests {
    @Test func helpAndVersion() throws {
        let help = try Binary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: dayplan <command>"))
        #expect(help.stdout.contains("fmt"))
        let fmtHelp = try Binary.run(["fmt", "--help"])
        #expect(fmtHelp.status == 0)
        #expect(fmtHelp.stdout.contains("USAGE: dayplan fmt"))
        let version = try Binary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("dayplan "))
    }

    @Test func unknownCommandsGetAHint() throws {
        let run = try Binary.run(["fnt"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown command 'fnt' (did you mean 'fmt'?)"))
        let none = try Binary.run([])
        #expect(none.status == 2)
        #expect(none.stderr.contains("USAGE"))
    }

    /// A box with stray blanks in a region: lint names it (DP038, a warning: exit 1 with `--strict`), `fmt --write`
    /// writes it with one mark and says so, and lint is then quiet; the title and everything else stay as written.
    @Test func writeMakesABoxWithStrayBlanksCanonical() throws {
        let folder = try TemporaryFolder()
        let loose = "# 2026-11-21\n\n## Morning\n+ [] Print the handouts\n- [ x] Water the plants\n- [x ] Buy stamps\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        try folder.write("2026-11-21.md", loose)
        let before = try Binary.run(["lint", "--strict", "2026-11-21.md"], in: folder.url)
        #expect(before.status == 1)
        #expect(before.stdout.components(separatedBy: "DP038").count - 1 == 3, "\(before.stdout)")
        #expect(before.stdout.contains("2026-11-21.md:5:"), "\(before.stdout)")
        let run = try Binary.run(["fmt", "--write", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md\n")
        #expect(try folder.read("2026-11-21.md") == "# 2026-11-21\n\n## Morning\n+ [ ] Print the handouts\n- [x] Water the plants\n- [x] Buy stamps\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        let after = try Binary.run(["lint", "--strict", "2026-11-21.md"], in: folder.url)
        #expect(after.status == 0, "\(after.stdout)")
    }
}
