import Foundation
import Testing

@Suite struct LintCommandTests {
    static let clean = "# 2026-11-20\n\n## Morning\n* [ ] Ship it\n"
    /// Two open must tasks in the morning: an error at line 5, column 1.
    static let overfull = "# 2026-11-21\n\n## Morning\n* [ ] Ship it\n* [ ] Ship that too\n"
    /// An unknown metadata key: a warning at line 4, column 12.
    static let unknownKey = "# 2026-11-22\n\n## Morning\n- [ ] Call @mood:later\n"

    static let overfullLine = "Morning has 2 open must tasks; the limit is 1 [DP101/bucket-limit]"

    func folder(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (name, text) in files { try folder.write(name, text) }
        return folder
    }

    // MARK: - Text

    @Test func textListsFindingsAndSummarises() throws {
        let folder = try folder(["2026-11-20.md": Self.clean, "2026-11-21.md": Self.overfull,
                                 "2026-11-22.md": Self.unknownKey])
        let run = try Binary.run(["lint"], in: folder.url)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0] == "2026-11-21.md:5:1: error: \(Self.overfullLine)")
        #expect(lines[1].hasPrefix("2026-11-22.md:4:12: warning: Unknown metadata key `@mood:`"))
        #expect(lines[1].hasSuffix(" [DP036/unknown-metadata]"))
        #expect(lines[2] == "")
        #expect(run.stderr == "1 error and 1 warning in 2 of 3 files\n")
        #expect(run.status == 1)
    }

    @Test func aCleanFolderPassesQuietly() throws {
        let folder = try folder(["2026-11-20.md": Self.clean, "2026-11-21.md": "# 2026-11-21\n"])
        let run = try Binary.run(["lint"], in: folder.url)
        #expect(run.stdout == "")
        #expect(run.stderr == "2 files checked, no problems\n")
        #expect(run.status == 0)

        let empty = try self.folder(["notes.md": Self.overfull])
        let nothing = try Binary.run(["lint"], in: empty.url)
        #expect(nothing.stdout == "")
        #expect(nothing.stderr == "no day files (YYYY-MM-DD.md) to check\n")
        #expect(nothing.status == 0)
    }

    @Test func warningsPassUnlessStrict() throws {
        let folder = try folder(["2026-11-22.md": Self.unknownKey])
        let relaxed = try Binary.run(["lint", "."], in: folder.url)
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.hasPrefix("./2026-11-22.md:4:12: warning: "))
        #expect(relaxed.stderr == "1 warning in 1 of 1 file\n")
        let strict = try Binary.run(["lint", "--strict", "."], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.stdout == relaxed.stdout)
    }

    /// The same open task twice in one region is two tasks, and lint names the
    /// second as a possible slip (DP025, a warning) without changing the file.
    @Test func aTaskWrittenTwiceIsNamedAndLeftAsItIs() throws {
        let text = "# 2026-11-22\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Drink water\n- [ ] Drink water\n"
        let folder = try folder(["2026-11-22.md": text])
        let run = try Binary.run(["lint", "2026-11-22.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-22.md:11:1: warning: The same task as line 10: both are kept, and rollover carries both. "
                + "If one is a slip, remove it. [DP025/repeated-task]\n")
        #expect(try folder.read("2026-11-22.md") == text)
    }

    /// A conflict copy named on the command line is known by the last part of its path (the bytes after the
    /// last `/`), however deep the path and however many `/`s in a row; a day file named so is no copy.
    @Test func aConflictCopyNamedByItsPathIsNamedAsACopy() throws {
        let name = "2026-11-21.sync-conflict-20261121-081500-ABCDEFG.md"
        let day = "# 2026-11-21\n\n## Morning\n* [ ] Ship it\n"
        let folder = try folder(["notes/2026/\(name)": day, "notes/2026/2026-11-21.md": day])
        let run = try Binary.run(["lint", "notes//2026/\(name)", "notes//2026/2026-11-21.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "notes//2026/\(name):1:1: error: This is Syncthing's conflict copy of 2026-11-21.md: two devices "
                + "changed that day at once, and one device's changes are only here; merge it task by task with `dayplan resolve` "
                + "(rollover refuses 2026-11-21 until then). [DP004/conflict-copy]\n")
    }

    @Test func theDayHeadingMustMatchTheFileName() throws {
        let folder = try folder(["2026-11-23.md": Self.clean])
        let run = try Binary.run(["lint"], in: folder.url)
        #expect(run.stdout.hasPrefix("2026-11-23.md:1:3: error: The day heading says 2026-11-20 but the file is named 2026-11-23.md"))
        #expect(run.status == 1)
    }

    // MARK: - JSON

    @Test func jsonIsOneDocumentWithEveryFinding() throws {
        let folder = try folder(["2026-11-20.md": Self.clean, "2026-11-21.md": Self.overfull,
                                 "2026-11-22.md": Self.unknownKey])
        let run = try Binary.run(["lint", "--format", "json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        #expect(document["files"] as? Int == 3)
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 2)
        let first = try #require(diagnostics.first)
        #expect(first["file"] as? String == "2026-11-21.md")
        #expect(first["line"] as? Int == 5)
        #expect(first["column"] as? Int == 1)
        #expect(first["endLine"] as? Int == 5)
        #expect(first["endColumn"] as? Int == 20)
        #expect(first["severity"] as? String == "error")
        #expect(first["rule"] as? String == "DP101")
        #expect(first["name"] as? String == "bucket-limit")
        #expect(first["message"] as? String == "Morning has 2 open must tasks; the limit is 1")
        #expect(diagnostics.last?["severity"] as? String == "warning")
        #expect(Set(first.keys) == ["file", "line", "column", "endLine", "endColumn", "severity", "rule", "name", "message"])
    }

    @Test func jsonWithoutFindingsIsStillJSON() throws {
        let folder = try folder(["2026-11-20.md": Self.clean])
        let run = try Binary.run(["lint", "--format=json"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "{\"version\":1,\"files\":1,\"diagnostics\":[]}\n")
        let empty = try TemporaryFolder()
        let none = try Binary.run(["lint", "--format", "json"], in: empty.url)
        #expect(none.stdout == "{\"version\":1,\"files\":0,\"diagnostics\":[]}\n")
        #expect(none.status == 0)
    }

    @Test func jsonEscapesQuotesBackslashesAndControlCharacters() throws {
        let name = "we\"ird\\name\twith\nbreaks.md"
        let heading = "# \"quoted\" \\ back\u{01}slash"
        let folder = try folder([name: heading + "\n"])
        let run = try Binary.run(["lint", "--format", "json", name], in: folder.url)
        #expect(run.stdout.contains("\\u0001"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["file"] as? String == name)
        #expect(diagnostics.first?["rule"] as? String == "DP011")
        #expect((diagnostics.first?["message"] as? String)?.contains(heading) == true)
    }

    // MARK: - GitHub

    @Test func githubWritesWorkflowCommands() throws {
        let folder = try folder(["2026-11-21.md": Self.overfull, "2026-11-22.md": Self.unknownKey])
        let run = try Binary.run(["lint", "--format", "github"], in: folder.url)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == "::error file=2026-11-21.md,line=5,col=1,endColumn=20,title=DP101/bucket-limit::Morning has 2 open must tasks; the limit is 1")
        #expect(lines.last?.hasPrefix("::warning file=2026-11-22.md,line=4,col=12,endColumn=23,title=DP036/unknown-metadata::Unknown metadata key `@mood:`") == true)
        #expect(run.status == 1)
    }

    @Test func githubEscapesDataAndProperties() throws {
        let name = "100%, done: new\nline.md"
        let folder = try folder([name: "# 50% off, now: \rtoday\n"])
        let run = try Binary.run(["lint", "--format", "github", name], in: folder.url)
        #expect(run.stdout == "::warning file=100%25%2C done%3A new%0Aline.md,line=1,col=3,endColumn=23,title=DP011/bad-day-heading::The day heading `# 50%25 off, now: %0Dtoday` holds no date, so the day comes from the file name; write the date as `YYYY-MM-DD` in it (other words may stay).\n")
        #expect(run.status == 0)
    }

    // MARK: - Exit codes and mistakes

    @Test func aMissingPathIsAnError() throws {
        let folder = try folder(["2026-11-21.md": Self.overfull])
        let run = try Binary.run(["lint", "2026-11-21.md", "nope.md"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan lint: nope.md: cannot open: No such file or directory\n")
    }

    @Test func anUnreadableFileIsReportedAndTheRestStillChecked() throws {
        let folder = try folder(["2026-11-21.md": Self.overfull, "2026-11-22.md": Self.clean])
        // Root reads any file whatever its mode; reading /proc/self/mem at its start fails for everyone.
        var unreadable = "/proc/self/mem"
        if getuid() != 0 {
            unreadable = "2026-11-22.md"
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.url.appendingPathComponent(unreadable).path)
        } else {
            try #require(FileManager.default.fileExists(atPath: unreadable), "no way to make an unreadable file as root")
        }
        let run = try Binary.run(["lint", "2026-11-21.md", unreadable], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout == "2026-11-21.md:5:1: error: \(Self.overfullLine)\n")
        #expect(run.stderr.contains("dayplan lint: \(unreadable): cannot "))
        #expect(run.stderr.hasSuffix("1 error in 1 of 1 file; 1 file could not be read\n"))
    }

    @Test(arguments: [
        (["--strct"], "unknown option '--strct' (did you mean '--strict'?)"),
        (["--format", "xml"], "unknown format 'xml'; use text, json or github"),
        (["--format"], "--format needs a value"),
        (["--strict=yes"], "--strict takes no value"),
    ])
    func usageMistakesExitTwoWithAHint(_ arguments: [String], _ message: String) throws {
        let folder = try TemporaryFolder()
        let run = try Binary.run(["lint"] + arguments, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == "dayplan lint: \(message)\nRun 'dayplan lint --help' for usage.\n")
    }

    @Test func helpDescribesTheCommand() throws {
        let run = try Binary.run(["lint", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("USAGE: dayplan lint [--format text|json|github] [--strict] [--stdin-filename NAME] [PATH ...]"))
        let overview = try Binary.run(["--help"])
        #expect(overview.stdout.contains(try Regex("\n  lint +Check day files against the format and the 1-3-5 rule")))
    }

    // MARK: - Standard input

    @Test func standardInputIsNamedByStdinFilename() throws {
        let unnamed = try Binary.run(["lint", "-"], stdin: Array(Self.overfull.utf8))
        #expect(unnamed.stdout == "<stdin>:5:1: error: \(Self.overfullLine)\n")
        #expect(unnamed.status == 1)

        let named = try Binary.run(["lint", "--stdin-filename", "plans/2026-11-20.md", "-"], stdin: Array(Self.overfull.utf8))
        let lines = named.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("plans/2026-11-20.md:1:3: error: The day heading says 2026-11-21 but the file is named 2026-11-20.md") == true)
        #expect(lines.last == "plans/2026-11-20.md:5:1: error: \(Self.overfullLine)")

        let clean = try Binary.run(["lint", "-", "--stdin-filename", "2026-11-20.md"], stdin: Array(Self.clean.utf8))
        #expect(clean.status == 0)
        #expect(clean.stdout == "")
    }

    // MARK: - Folders

    @Test func foldersStandForTheirDayFilesHiddenFoldersSkipped() throws {
        let folder = try folder([
            "2026-11-21.md": Self.overfull,
            "2026/2026-01-02.md": "# 2026-01-02\n\n## Morning\n* [ ] A\n* [ ] B\n",
            ".git/2026-01-03.md": Self.overfull,
            ".obsidian/plans/2026-01-04.md": Self.overfull,
            "notes.md": Self.overfull,
            "2026/.2026-01-05.md": Self.overfull,
        ])
        let run = try Binary.run(["lint"], in: folder.url)
        #expect(run.stdout == """
            2026-11-21.md:5:1: error: \(Self.overfullLine)
            2026/2026-01-02.md:5:1: error: \(Self.overfullLine)

            """)
        #expect(run.stderr == "2 errors in 2 of 2 files\n")

        // A file named on the command line is checked whatever its name.
        let explicit = try Binary.run(["lint", "notes.md", "2026"], in: folder.url)
        #expect(explicit.stdout == """
            2026/2026-01-02.md:5:1: error: \(Self.overfullLine)
            notes.md:5:1: error: \(Self.overfullLine)

            """)
    }

    @Test func manyFilesComeOutInPathOrderEveryTime() throws {
        let folder = try TemporaryFolder()
        var expected: [String] = []
        var day = 0
        // More files than one batch, in folders that interleave with the files in byte order.
        for year in ["2024", "2025", "2025-archive"] {
            for index in 0..<250 {
                day += 1
                let name = "\(year)/2024-\(String(format: "%02d", 1 + index / 28))-\(String(format: "%02d", 1 + index % 28)).md"
                try folder.write(name, "# 2024-\(String(format: "%02d", 1 + index / 28))-\(String(format: "%02d", 1 + index % 28))\n\n## Morning\n* [ ] A\n* [ ] B \(day)\n")
                expected.append("\(name):5:1: error: \(Self.overfullLine)")
            }
        }
        expected.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let first = try Binary.run(["lint"], in: folder.url)
        #expect(first.stdout == expected.joined(separator: "\n") + "\n")
        #expect(first.stderr == "750 errors in 750 of 750 files\n")
        let second = try Binary.run(["lint"], in: folder.url)
        #expect(second.stdout == first.stdout)
        let twice = try Binary.run(["lint", "2025", "2024", "2025"], in: folder.url)
        #expect(twice.stdout.split(separator: "\n").count == 500)
        #expect(twice.stdout == expected.filter { !$0.hasPrefix("2025-archive") }.joined(separator: "\n") + "\n")
    }
}
