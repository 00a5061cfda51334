import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Workspace symbols of a fresh server, asked right after the day is opened (answered from the newest files while
/// the older ones are still being read), against the same request once the whole folder is read: the same
/// symbols in the same order, on a generated plan folder of a year and more.
@Suite struct LanguageServerSymbolsTests {
    /// Titles that come back across days: "Call Ana" and "Renew passport" are moved on and continued; "Café review",
    /// "Kelvin review" and "09:00 Stand-up review" are each one title spelled two ways (canonically equivalent, a
    /// time in another spelling), "Review budget #work" one with metadata among its words.
    static let titles = ["Review budget #work", "Call Ana", "Renew passport", "review the slides", "Water plants",
                         "Book flight", "Café review", "Cafe\u{301} review", "Kelvin review", "\u{212A}elvin review",
                         "Review budget @est:1h #work", "9:00 Stand-up review", "09:00 Stand-up review"]

    /// 420 day files from a seed, every status, many tasks moved on; the newest one (2026-11-21) also open in the
    /// editor, with text of its own. With `carried`, the shape rollover leaves: a task moved on (`[>]`) the day
    /// before and continued that day, and two lines of its title moved on 400 days before and never continued.
    static func planFolder(carried: Bool = false) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "")
        var random = SplitMix64(seed: 35)
        let last = try #require(Day(year: 2026, month: 11, day: 21))
        for offset in (0..<420).reversed() {
            let day = last.adding(days: -offset)
            var lines = ["# \(day)", "", "## Morning"]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let status = [" ", "x", ">", ">", "/", "-"].randomElement(using: &random)!
                lines.append("- [\(status)] \(titles.randomElement(using: &random)!)")
            }
            lines += ["", "## Backlog", "- [ ] Call Ana"]
            if carried, offset == 400 { lines += ["- [>] Review  the carried plan", "- [>] Review the @due:2026-01-01 carried plan"] }
            if carried, offset == 1 { lines.append("- [>] Review the carried plan") }
            lines.append("")
            try folder.write("\(day).md", lines.joined(separator: "\n"))
        }
        return folder
    }

    static let today = "# 2026-11-21\n\n## Morning\n- [ ] Review budget #work\n- [>] Renew passport\n\n## Backlog\n- [ ] Call Ana\n"

    /// A fresh session on `folder` with today's file open, holding `today`.
    func session(_ folder: TemporaryFolder, today: String = Self.today) throws -> LanguageServerClient {
        let client = try LanguageServerClient(environment: ["DAYPLAN_NOW": "1795341600"])  // 2026-11-22 10:00 UTC
        _ = try client.initialize(root: folder.url)
        client.open(LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md")), today)
        return client
    }

    @Test func theFirstRequestGivesWhatTheWholeFolderGives() throws {
        let folder = try Self.planFolder()
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md"))
        // "review": hundreds of matches, most of them in the newest files; "" the newest tasks of all; "ana" and
        // "passport" tasks moved on and continued later; "flight review" none.
        for query in ["review", "", "ana", "passport", "flight review"] {
            let fresh = try session(folder)
            let first = try #require(try fresh.result("workspace/symbol", ["query": .string(query)]).arrayValue)
            #expect(try fresh.shutDown() == 0)
            let read = try session(folder)
            // References join the whole folder's tasks first: the symbols are then found in the whole folder.
            _ = try read.result("textDocument/references", LanguageServerClient.params(uri, [
                "position": ["line": 3, "character": 4], "context": ["includeDeclaration": true],
            ]))
            let whole = try #require(try read.result("workspace/symbol", ["query": .string(query)]).arrayValue)
            #expect(try read.shutDown() == 0)
            #expect(first == whole, "query \(query)")
            if query.isEmpty { #expect(whole.count == 500) }
            if query == "review" { #expect(whole.count > 100) }
            if query == "flight review" { #expect(whole.isEmpty) }
        }
    }

    @Test func aTaskCarriedOverIsDecidedByTheFilesHoldingItsTitle() throws {
        let folder = try Self.planFolder(carried: true)
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md"))
        let today = Self.today + "- [ ] Review\tthe carried plan\n"
        // The 20th's task is not continued by today's: the two older lines wait first, and today's continues the
        // second; so both stand last. "" and "review": the newest tasks answer, the carried ones among them.
        for query in ["", "review", "carried"] {
            let fresh = try session(folder, today: today)
            let first = try #require(try fresh.result("workspace/symbol", ["query": .string(query)]).arrayValue)
            #expect(try fresh.shutDown() == 0)
            let read = try session(folder, today: today)
            _ = try read.result("textDocument/references", LanguageServerClient.params(uri, [
                "position": ["line": 3, "character": 4], "context": ["includeDeclaration": true],
            ]))
            let whole = try #require(try read.result("workspace/symbol", ["query": .string(query)]).arrayValue)
            #expect(try read.shutDown() == 0)
            #expect(first == whole, "query \(query)")
            let carried = first.filter { $0["name"]?.stringValue == "Review the carried plan" }
                .map { $0["containerName"]?.stringValue?.prefix(10) ?? "" }
            #expect(carried == ["2026-11-21", "2026-11-20"], "query \(query)")
        }
    }
}
