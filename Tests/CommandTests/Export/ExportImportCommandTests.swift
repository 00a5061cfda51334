import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan export` and `dayplan import`, run as built: the round trip through a real plan folder, the
/// golden output on Examples/week, and what each refuses.
@Suite struct ExportImportCommandTests {
    /// The corpus of real-style files as one archive: case N's `2026-11-20.md` as the file of day N from
    /// 2026-01-01 (its heading still says 2026-11-20, a DP012 finding that export keeps as written).
    static func corpusArchive() throws -> (folder: TemporaryFolder, files: [String: [UInt8]]) {
        let cases = Repository.url("Tests/DayPlanTests/Corpus/Cases")
        let names = try FileManager.default.contentsOfDirectory(atPath: cases.path).filter { !$0.hasPrefix(".") }.sorted()
        let folder = try TemporaryFolder()
        var files: [String: [UInt8]] = [:]
        var day = Day("2026-01-01")!
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: cases.appendingPathComponent(name).appendingPathComponent("2026-11-20.md")))
            try folder.write(day.fileName, bytes: bytes)
            files[day.fileName] = bytes
            day = day.adding(days: 1)
        }
        return (folder, files)
    }

    /// `export | import` into an empty folder writes each file's canonical form, byte for byte; exporting
    /// that gives the same JSON (each task's `line` aside, where the original was not canonical); and once
    /// canonical, export and import are exact inverses.
    @Test(arguments: ["json", "jsonl"])
    func theCorpusRoundTripsThroughAnEmptyFolder(format: String) throws {
        let (archive, originals) = try Self.corpusArchive()
        let export = try Binary.run(["export", "--format", format], in: archive.url)
        let refused = originals.filter { !DayDocument(parsing: $0.value).formattingBlockers.isEmpty }
        #expect(export.status == (refused.isEmpty ? 0 : 1), "\(export.stderr)")
        for name in refused.keys { #expect(export.stderr.contains("\(name): left out because of the error")) }
        let empty = try TemporaryFolder()
        try empty.write("export.json", bytes: export.stdoutBytes)
        try FileManager.default.createDirectory(at: empty.url.appendingPathComponent("plans"), withIntermediateDirectories: true)
        let imported = try Binary.run(["import", "../export.json"], in: empty.url.appendingPathComponent("plans"))
        #expect(imported.status == 0, "\(imported.stderr)")
        let written = try FolderSnapshot(empty.url.appendingPathComponent("plans"))
        #expect(written.entries.count == originals.count - refused.count)
        for (name, bytes) in originals where refused[name] == nil {
            #expect(written[name].map([UInt8].init) == DayDocument(parsing: bytes).canonicalBytes(), "\(name)")
        }
        let again = try Binary.run(["export", "--format", format, "plans"], in: empty.url)
        #expect(again.status == 0)
        #expect(Self.withoutLines(again.stdout) == Self.withoutLines(export.stdout))
        // Canonical files: import then export gives the same JSON, byte for byte.
        let second = try TemporaryFolder()
        try second.write("export.json", bytes: again.stdoutBytes)
        #expect(try Binary.run(["import", "export.json", "--dir", "."], in: second.url).status == 0)
        try FileManager.default.removeItem(at: second.url.appendingPathComponent("export.json"))
        #expect(try Binary.run(["export", "--format", format], in: second.url).stdoutBytes == again.stdoutBytes)
    }

    /// The JSON text with every task's `"line":N,` member left out.
    static func withoutLines(_ json: String) -> String {
        json.replacingOccurrences(of: #"\{"line":[0-9]+,"#, with: "{", options: .regularExpression)
    }

    // MARK: - Golden files

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

    /// Compares `bytes` with the golden file `name`, or records it with RECORD_GOLDEN=1.
    static func expectGolden(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = golden.appendingPathComponent(name)
        if recording { try Data(bytes).write(to: url) }
        let expected = try [UInt8](Data(contentsOf: url))
        #expect(bytes == expected, "\(name) differs; re-record with RECORD_GOLDEN=1 and review the diff", sourceLocation: sourceLocation)
    }

    @Test(arguments: [(["export"], "week.json"), (["export", "--format", "jsonl"], "week.jsonl"),
                      (["export", "--format", "ics"], "week.ics"), (["export", "--format", "ics", "--all"], "week-all.ics")])
    func examplesWeekMatchesItsGoldenFile(arguments: [String], name: String) throws {
        let run = try Binary.run(arguments + ["Examples/week"], in: Repository.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        try Self.expectGolden(run.stdoutBytes, name)
    }

    // MARK: - Choosing days

    @Test func sinceAndUntilChooseDaysAndTheFolderIsFoundLikeRollover() throws {
        let week = try TemporaryFolder()
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.url("Examples/week").path) {
            try week.write("2026/11/" + name, bytes: [UInt8](try Data(contentsOf: Repository.url("Examples/week/" + name))))
        }
        try FileManager.default.createDirectory(at: week.url.appendingPathComponent(".dayplan"), withIntermediateDirectories: true)
        let run = try Binary.run(["export", "--format", "jsonl", "--since", "2026-11-17", "--until", "2026-11-19"],
                                 in: week.url.appendingPathComponent("2026"))
        #expect(run.status == 0, "\(run.stderr)")
        let dates = run.stdout.split(separator: "\n").map { String($0.dropFirst(9).prefix(10)) }
        #expect(dates == ["2026-11-17", "2026-11-18", "2026-11-19"])
        // The calendar follows tasks from before --since, and writes only the days from it on.
        let ics = try Binary.run(["export", "--format", "ics", "--since", "2026-11-20", "--dir", week.url.path])
        let full = try Binary.run(["export", "--format", "ics", "--dir", week.url.path])
        #expect(ics.status == 0 && ics.stdout == full.stdout)
    }

    @Test(arguments: [
        (["export", "--since", "yesterday"], "dayplan export: --since 'yesterday' is not a date; write YYYY-MM-DD\n"),
        (["export", "--since", "2026-11-20", "--until", "2026-11-19"], "dayplan export: --until 2026-11-19 is before --since 2026-11-20\n"),
        (["export", "--all"], "dayplan export: --all is for --format ics or todotxt (JSON holds every task)\n"),
        (["export", "missing"], "dayplan export: missing: cannot open: No such file or directory\n"),
    ])
    func usageMistakesAreExitTwo(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let run = try Binary.run(arguments, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == message)
        #expect(run.stdout == "")
    }

    @Test func aFileFmtWouldRefuseIsLeftOutWithItsFindings() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] Tea\n\n## Morning\n- [ ] Coffee\n")
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [ ] Tea\n")
        try folder.write("notes.md", "no date here\n")
        let run = try Binary.run(["export", "--format", "jsonl", ".", "notes.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix(#"{"date":"2026-11-21""#) && run.stdout.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("2026-11-20.md:6:1: error: "))
        #expect(run.stderr.contains("dayplan export: ./2026-11-20.md: left out because of the error above (dayplan fmt refuses it too)"))
        #expect(run.stderr.contains("dayplan export: notes.md: left out: neither its name (YYYY-MM-DD.md) nor its day heading gives its date"))
    }

    // MARK: - Import

    static let day20 = "# 2026-11-20\n\n## Morning\n* [ ] Draft the report #work\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
    static let day21 = "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Renew passport\n"

    /// The JSON export of a folder holding `files`.
    static func export(_ files: [String: String]) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        for (name, text) in files { try folder.write(name, text) }
        return try Binary.run(["export"], in: folder.url).stdoutBytes
    }

    @Test func importWritesIntoThePlanFoldersLayout() throws {
        let json = try Self.export(["2026-11-20.md": Self.day20, "2026-11-21.md": Self.day21])
        let home = try TemporaryFolder()
        try home.write("export.json", bytes: json)
        #expect(try Binary.run(["init", "--layout", "YYYY/MM/YYYY-MM-DD.md", "plans"], in: home.url).status == 0)
        let run = try Binary.run(["import", "export.json", "--dir", "plans"], in: home.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "created plans/2026/11/2026-11-20.md\ncreated plans/2026/11/2026-11-21.md\n")
        #expect(run.stderr == "2 days: 2 created, 0 replaced, 0 unchanged\n")
        #expect(try home.read("plans/2026/11/2026-11-20.md") == Self.day20)
        #expect(try home.read("plans/2026/11/2026-11-21.md") == Self.day21)
        // Again: the same content is left alone, also when the file says it in another form.
        try home.write("plans/2026/11/2026-11-21.md", Self.day21.replacingOccurrences(of: "\n\n## Backlog", with: "\n## Backlog  "))
        let before = try FolderSnapshot(home.url)
        let again = try Binary.run(["import", "export.json", "--dir", "plans"], in: home.url)
        #expect(again.status == 0)
        #expect(again.stdout == "unchanged plans/2026/11/2026-11-20.md\nunchanged plans/2026/11/2026-11-21.md\n")
        #expect(try FolderSnapshot(home.url) == before)
    }

    @Test func aDifferingFileStopsTheWholeImportUnlessForced() throws {
        let json = try Self.export(["2026-11-20.md": Self.day20, "2026-11-21.md": Self.day21])
        let folder = try TemporaryFolder()
        try folder.write("export.json", bytes: json)
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [x] Something else\n")
        let before = try FolderSnapshot(folder.url)
        let refused = try Binary.run(["import", "export.json"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.stderr == "dayplan import: 2026-11-21.md: exists with other content; --force replaces it\ndayplan import: nothing written\n")
        #expect(try FolderSnapshot(folder.url) == before, "nothing written, not even the day that does not exist yet")
        // A dry run says what would happen, and writes nothing either.
        let dry = try Binary.run(["import", "export.json", "--dry-run", "--force"], in: folder.url)
        #expect(dry.status == 0)
        #expect(dry.stdout == "would create 2026-11-20.md\nwould replace 2026-11-21.md\n")
        #expect(dry.stderr == "2 days: 1 to create, 1 to replace, 0 unchanged (dry run, nothing written)\n")
        #expect(try FolderSnapshot(folder.url) == before)
        let forced = try Binary.run(["import", "export.json", "--force"], in: folder.url)
        #expect(forced.status == 0)
        #expect(forced.stdout == "created 2026-11-20.md\nreplaced 2026-11-21.md\n")
        #expect(try folder.read("2026-11-21.md") == Self.day21)
        #expect(try folder.read("2026-11-20.md") == Self.day20)
    }

    @Test(arguments: [
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x"},{"title":"y"},{"title":"Ship","status":"finished"}]}]}]}"#,
         #"dayplan import: bad.json: days[0].regions[0].tasks[2].status: unknown status "finished"; the statuses are "todo", "in-progress", "done", "moved", "cancelled"; nothing written"#),
        ("{\"version\":1,\n\"days\":[,]}", "dayplan import: bad.json: not JSON: line 2, column 9 (byte 22): unexpected ','; expected a value; nothing written"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x @carry"}]}]}]}"#,
         #"dayplan import: bad.json: days[0].regions[0].tasks[0].title: would not read back as written: the day file would say "x" here, not "x @carry"; nothing written"#),
    ])
    func badInputIsNamedAtItsJSONPathAndNothingIsWritten(json: String, message: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("bad.json", json)
        try folder.write("2026-11-19.md", Self.day20.replacingOccurrences(of: "20", with: "19"))
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["import", "bad.json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == message + "\n")
        #expect(run.stdout == "")
        #expect(try FolderSnapshot(folder.url) == before)
    }

    @Test func importReadsJSONLinesFromStandardInput() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-19.md", "# 2026-11-19\n")
        let source = try TemporaryFolder()
        try source.write("2026-11-21.md", Self.day21)
        let lines = try Binary.run(["export", "--format", "jsonl"], in: source.url)
        let run = try Binary.run(["import", "-"], in: folder.url, stdin: lines.stdoutBytes)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026-11-21.md") == Self.day21)
    }

    @Test func importNeedsOneFile() throws {
        let folder = try TemporaryFolder()
        let run = try Binary.run(["import"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan import: name the JSON file to import (- for standard input)\n")
    }
}
