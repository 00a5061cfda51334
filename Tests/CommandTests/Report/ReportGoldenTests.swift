import Foundation
import Testing

/// `dayplan report` and `dayplan query` on whole archives, compared with golden files in `Golden/`: the
/// week in `Examples/week`, and a generated year (`Fixtures/year`: `gen_archive.py --days 365 --seed 135
/// --start 2025-11-22`, the benchmark's generator, committed so that the test needs no Python). Today is
/// 2026-11-21 (Binary.environment).
///
/// Re-record after an intended change with `RECORD_GOLDEN=1 swift test --filter ReportGoldenTests`, then
/// review the diff.
@Suite struct ReportGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let year = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/year")
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

    /// Each golden file: its name, the archive it is made from, and the command's arguments.
    static let cases: [(name: String, archive: String, arguments: [String])] = [
        ("week.report.txt", "week", ["report"]),
        ("week.report.json", "week", ["report", "--format", "json"]),
        ("week.report.csv", "week", ["report", "--format", "csv"]),
        ("week.report.html", "week", ["report", "--format", "html"]),
        ("week.query.txt", "week", ["query"]),
        ("week.query-history.json", "week", ["query", "--history", "--format", "json"]),
        ("week.query-open.tsv", "week", ["query", "--status", "open", "--format", "tsv"]),
        ("year.report.txt", "year", ["report"]),
        ("year.report.json", "year", ["report", "--format", "json"]),
        ("year.report.csv", "year", ["report", "--format", "csv"]),
        ("year.report.html", "year", ["report", "--format", "html"]),
        ("year.report-week.csv", "year", ["report", "--since", "2026-01", "--until", "2026-03", "--by", "week", "--format", "csv"]),
        ("year.query-work-done.txt", "year", ["query", "--status", "done", "--tag", "work", "--since", "2026-11-01"]),
    ]

    static func folder(_ archive: String) -> URL {
        archive == "week" ? Repository.url("Examples/week") : year
    }

    @Test func theGeneratedYearIsAWholeYear() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.year.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(names.count == 365)
        #expect(names.first == "2025-11-22.md")
        #expect(names.last == "2026-11-21.md")
    }

    @Test(arguments: cases.map(\.name))
    func matchesGolden(_ name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        let run = try Binary.run(testCase.arguments, in: Self.folder(testCase.archive))
        #expect(run.status == 0, "\(run.stderr)")
        let url = Self.golden.appendingPathComponent(name)
        if Self.recording {
            try Data(run.stdoutBytes).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(run.stdout == expected, "\(name) differs; re-record with RECORD_GOLDEN=1 and review the diff")
        // The two machine formats stay readable by a strict reader.
        if name.hasSuffix(".json") {
            #expect(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) is [String: Any])
        }
    }

    @Test func theHTMLPageNeedsNothingFromOutside() throws {
        for archive in ["week", "year"] {
            let page = try String(contentsOf: Self.golden.appendingPathComponent("\(archive).report.html"), encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            for outside in ["<script", "src=", "href=", "url(", "@import", "http:", "https:"] {
                #expect(!page.contains(outside), "\(archive).report.html holds \(outside)")
            }
            #expect(page.contains("prefers-color-scheme: dark"))
            #expect(page.contains("@media print"))
            #expect(page.components(separatedBy: "<svg").count - 1 >= 5)
        }
    }
}
