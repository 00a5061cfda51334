import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// The language server checks and formats only day files of the plan. It formatted any
/// Markdown it was handed: a `README.md` with `- [ ] buy milk` got four region headings appended.
@Suite struct LanguageServerNotesTests {
    static let note = "# Shopping\n\n- [ ] buy milk\n- [x] bread\n"

    @Test func aNoteThatIsNoDayFileIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write("README.md", Self.note)
        let client = try LanguageServerClient(in: folder.url)
        try client.initialize()
        let readme = folder.url.appendingPathComponent("README.md").absoluteString
        client.open(readme, Self.note)
        #expect(try client.diagnostics(for: readme).isEmpty)
        #expect(try client.result("textDocument/formatting", LanguageServerClient.params(readme, ["options": ["tabSize": 4, "insertSpaces": true]])).arrayValue?.isEmpty == true)
        // A day file beside it is checked and formatted as ever.
        let day = folder.url.appendingPathComponent("2026-11-21.md").absoluteString
        client.open(day, "# 2026-11-21\n- [ ] outside\n")
        #expect(try client.diagnostics(for: day).isEmpty == false)
        #expect(try client.result("textDocument/formatting", LanguageServerClient.params(day, ["options": ["tabSize": 4, "insertSpaces": true]])).arrayValue?.isEmpty == false)
        #expect(try client.shutDown() == 0)
    }

    @Test func notesOlderThanAnAdoptedPlanAreLeftAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "adopted = 2026-11-21\n")
        let old = folder.url.appendingPathComponent("Daily/2025-03-10.md").absoluteString
        let new = folder.url.appendingPathComponent("Daily/2026-11-22.md").absoluteString
        let text = "## Todo\n- [ ] a\n- [x] b\n"
        try folder.write("Daily/2025-03-10.md", text)
        try folder.write("Daily/2026-11-22.md", text)
        let client = try LanguageServerClient(in: folder.url)
        try client.initialize()
        client.open(old, text)
        #expect(try client.diagnostics(for: old).isEmpty)
        client.open(new, text)
        #expect(try client.diagnostics(for: new).isEmpty == false)
        #expect(try client.shutDown() == 0)
    }
}

/// Rule links in diagnostics pointed to `https://github.com/OWNER/dayplan/...`, a site that is
/// not the project's. They now point to RULES.md on this machine (installed, or in the checkout built from).
@Suite struct LanguageServerRuleLinkTests {
    @Test func ruleLinksPointToAFileThatExists() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let uri = "file:///plans/2026-11-21.md"
        client.open(uri, "# 2026-11-21\n- [ ] outside\n")
        let diagnostic = try #require(try client.diagnostics(for: uri).first)
        let href = try #require(diagnostic["codeDescription"]?["href"]?.stringValue)
        #expect(href.hasPrefix("file:///") && href.hasSuffix("RULES.md#dp020-task-outside-region"), "\(href)")
        let path = try #require(URL(string: String(href.prefix { $0 != "#" }))?.path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!href.contains("OWNER"))
        #expect(try client.shutDown() == 0)
    }
}
