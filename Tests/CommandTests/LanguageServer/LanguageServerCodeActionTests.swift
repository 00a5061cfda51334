import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Code actions through the real binary: quick fixes for over-limit tasks, repeated metadata and near-miss
/// headings, and the mark/move refactors on any task line; each applied in an editor-side buffer and checked
/// against what `dayplan mark`/`move` or the library would write.
@Suite struct LanguageServerCodeActionTests {
    let uri = "file:///plans/2026-11-21.md"

    static let plan = """
        # 2026-11-21

        ## Morning ☀️
        * [ ] Ship the release 😀
        * [ ] Write the retro
          with the timeline
        - [ ] Tea @carry @carry

        ## Evenings
        Quiet.

        ## Backlog

        """

    func session(_ encoding: String) throws -> (LanguageServerClient, [JSONValue]) {
        let client = try LanguageServerClient()
        try client.initialize(encodings: [encoding])
        client.open(uri, Self.plan)
        let diagnostics = try client.diagnostics(for: uri)
        return (client, diagnostics)
    }

    /// The actions for a range, with the diagnostics of `codes` as context.
    func actions(_ client: LanguageServerClient, line: Int, _ diagnostics: [JSONValue], codes: [String]) throws -> [JSONValue] {
        let context = diagnostics.filter { codes.contains($0["code"]?.stringValue ?? "") }
        let result = try client.result("textDocument/codeAction", LanguageServerClient.params(uri, [
            "range": ["start": ["line": .integer(line), "character": 0], "end": ["line": .integer(line), "character": 0]],
            "context": ["diagnostics": .array(context)],
        ]))
        return try #require(result.arrayValue)
    }

    func applying(_ action: JSONValue?, encoding: String) throws -> String {
        let edits = try #require(action?["edit"]?["changes"]?[uri]?.arrayValue)
        var buffer = EditorBuffer(Self.plan, encoding: encoding)
        buffer.apply(edits)
        return buffer.text
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func anOverLimitTaskMovesToTheBacklogOrARegionWithRoom(encoding: String) throws {
        let (client, diagnostics) = try session(encoding)
        #expect(diagnostics.contains { $0["code"] == "DP101" })
        let actions = try actions(client, line: 4, diagnostics, codes: ["DP101"])
        let fixes = actions.filter { $0["kind"] == "quickfix" }
        #expect(fixes.compactMap { $0["title"]?.stringValue } == [
            "Move “Write the retro” to the Backlog",
            "Move “Write the retro” to Afternoon (its must bucket has room)",
            "Move “Write the retro” to Evening (its must bucket has room)",
        ])
        #expect(fixes.first?["isPreferred"] == true)
        #expect(fixes.first?["diagnostics"]?[0]?["code"] == "DP101")
        // The same bytes the library's edit API writes, notes carried along.
        let expected = try DayEditor(Array(Self.plan.utf8)).move(taskAt: 5, to: .backlog).after
        #expect(Array(try applying(fixes.first, encoding: encoding).utf8) == expected)
        #expect(try applying(fixes.first, encoding: encoding).hasSuffix("## Backlog\n* [ ] Write the retro\n  with the timeline\n"))
        #expect(try client.shutDown() == 0)
    }

    /// vim-lsp and ALE send one diagnostic of a line (the first) with a code action request: the fixes of the line's
    /// other findings come from the server's own, each once, whatever the client sent.
    @Test func theFixesOfALinesFindingsComeWhateverDiagnosticsTheClientSends() throws {
        let (client, diagnostics) = try session("utf-16")
        for codes in [[], ["DP023"], ["DP101"]] {
            let fixes = try actions(client, line: 4, diagnostics, codes: codes).filter { $0["kind"] == "quickfix" }
            let titles = fixes.compactMap { $0["title"]?.stringValue }
            #expect(titles.filter { $0 == "Move “Write the retro” to the Backlog" }.count == 1, "\(codes): \(titles)")
            #expect(fixes.first { $0["title"] == "Move “Write the retro” to the Backlog" }?["diagnostics"]?[0]?["code"] == "DP101")
        }
        #expect(try client.shutDown() == 0)
    }

    @Test func aRepeatedWordIsKeptOnce() throws {
        let (client, diagnostics) = try session("utf-16")
        let fix = try actions(client, line: 6, diagnostics, codes: ["DP035"]).first { $0["kind"] == "quickfix" }
        #expect(fix?["title"] == "Keep one @carry")
        #expect(try applying(fix, encoding: "utf-16").contains("\n- [ ] Tea @carry\n"))
        #expect(try client.shutDown() == 0)
    }

    @Test func aNearMissHeadingIsRenamed() throws {
        let (client, diagnostics) = try session("utf-16")
        let fix = try actions(client, line: 8, diagnostics, codes: ["DP023"]).first { $0["kind"] == "quickfix" }
        #expect(fix?["title"] == "Rename the heading to “## Evening”")
        let fixed = try applying(fix, encoding: "utf-16")
        #expect(fixed.contains("\n## Evening\nQuiet.\n"))
        #expect(!Linter.lint(Array(fixed.utf8), fileName: "2026-11-21.md").contains { $0.rule == .nearRegionHeading })
        #expect(try client.shutDown() == 0)
    }

    /// `fmt` adds the missing `## Evening` and keeps `## Evenings` after the Backlog; renaming it
    /// would make a second Evening, which fmt refuses, so the rename is not offered. Stale diagnostics sent back
    /// by the client are worked out on the text as it is now.
    @Test func aQuickFixThatWouldBreakTheFileIsNotOffered() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let formatted = "# 2026-11-21\n\n## Morning\n* [ ] Ship it\n\n## Afternoon\n\n## Evening\n\n## Backlog\n\n## Evenings\nQuiet.\n"
        #expect(Linter.lint(Array(formatted.utf8), fileName: "2026-11-21.md").map(\.rule) == [.nearRegionHeading])
        client.open(uri, formatted)
        let diagnostics = try client.diagnostics(for: uri)
        let warning = try #require(diagnostics.first { $0["code"] == "DP023" })
        #expect(warning["range"]?["start"]?["line"] == 11)
        let result = try client.result("textDocument/codeAction", LanguageServerClient.params(uri, [
            "range": ["start": ["line": 11, "character": 0], "end": ["line": 11, "character": 0]],
            "context": ["diagnostics": [warning]],
        ]))
        #expect(try #require(result.arrayValue).filter { $0["kind"] == "quickfix" }.isEmpty)
        // In a day without an Evening, the same heading is renamed.
        let plain = "# 2026-11-21\n\n## Morning\n\n## Evenings\nQuiet.\n\n## Backlog\n"
        client.change(uri, plain, version: 2)
        let fresh = try #require(try client.diagnostics(for: uri, version: 2).first { $0["code"] == "DP023" })
        let fixes = try client.result("textDocument/codeAction", LanguageServerClient.params(uri, [
            "range": ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]],
            "context": ["diagnostics": [fresh]],
        ]))
        #expect(fixes.arrayValue?.first { $0["kind"] == "quickfix" }?["title"] == "Rename the heading to “## Evening”")
        #expect(try client.shutDown() == 0)
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func anyTaskLineCanBeMarkedAndMoved(encoding: String) throws {
        let (client, diagnostics) = try session(encoding)
        // The cursor on a note line stands for its task.
        let refactors = try actions(client, line: 5, diagnostics, codes: []).filter { $0["kind"] != "quickfix" }
        #expect(refactors.compactMap { $0["title"]?.stringValue } == [
            "Mark done: Write the retro", "Mark in progress: Write the retro", "Cancel: Write the retro",
            "Move to Afternoon: Write the retro", "Move to Evening: Write the retro", "Move to the Backlog: Write the retro",
        ])
        let done = try applying(refactors.first, encoding: encoding)
        #expect(done == Self.plan.replacingOccurrences(of: "* [ ] Write the retro", with: "* [x] Write the retro"))
        // On a line with an emoji before the change, positions are right in both encodings.
        let first = try actions(client, line: 3, diagnostics, codes: []).first { $0["title"] == "Mark done: Ship the release 😀" }
        #expect(try applying(first, encoding: encoding).contains("* [x] Ship the release 😀\n"))
        #expect(try client.shutDown() == 0)
    }

    @Test func aMoveThatWouldBreakALimitIsNotOfferedAndNoTaskNoRefactor() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let text = "# 2026-11-21\n\n## Morning\n* [ ] Ship it\n\n## Afternoon\n* [ ] Already the must\n"
        client.open(uri, text)
        _ = try client.diagnostics(for: uri)
        func titles(line: Int) throws -> [String] {
            try #require(try client.result("textDocument/codeAction", LanguageServerClient.params(uri, [
                "range": ["start": ["line": .integer(line), "character": 0], "end": ["line": .integer(line), "character": 0]],
                "context": ["diagnostics": []],
            ])).arrayValue).compactMap { $0["title"]?.stringValue }
        }
        // Afternoon's one must slot is taken: moving the Morning must there is not offered.
        #expect(try titles(line: 3) == ["Mark done: Ship it", "Mark in progress: Ship it", "Cancel: Ship it",
                                        "Move to Evening: Ship it", "Move to the Backlog: Ship it"])
        // No task on the day heading: the daily commands, as source actions that run them; on a blank line, nothing.
        #expect(try titles(line: 0) == ["Roll over into today", "Open today's file", "Open tomorrow's file", "Open yesterday's file"])
        #expect(try titles(line: 1) == [])
        #expect(try client.shutDown() == 0)
    }

    /// A box with stray blanks in a region: the server pushes DP038 for it and offers the quick fix that writes
    /// the box with one mark, the rest of the line as written.
    @Test func aBoxWithStrayBlanksHasAQuickFix() throws {
        let uri = "file:///plans/2026-11-22.md"
        let plan = "# 2026-11-22\n\n## Morning\n- [ x] Water the plants 🌱\n\n## Backlog\n"
        let client = try LanguageServerClient()
        try client.initialize(encodings: ["utf-16"])
        client.open(uri, plan)
        let diagnostics = try client.diagnostics(for: uri)
        let loose = try #require(diagnostics.first { $0["code"] == "DP038" })
        #expect(loose["range"]?["start"]?["line"] == 3)
        let result = try client.result("textDocument/codeAction", LanguageServerClient.params(uri, [
            "range": ["start": ["line": 3, "character": 0], "end": ["line": 3, "character": 0]],
            "context": ["diagnostics": [loose]],
        ]))
        let fix = try #require(result.arrayValue?.first { $0["kind"] == "quickfix" })
        #expect(fix["title"] == "Write it `[x]`")
        let edits = try #require(fix["edit"]?["changes"]?[uri]?.arrayValue)
        var buffer = EditorBuffer(plan, encoding: "utf-16")
        buffer.apply(edits)
        #expect(buffer.text == "# 2026-11-22\n\n## Morning\n- [x] Water the plants 🌱\n\n## Backlog\n")
        #expect(try client.shutDown() == 0)
    }

    /// The title's plain words for when, offered as `dayplan add` reads them (docs/capture.md): days count from the
    /// file's day, another day becomes `@on:`, the line alone changes.
    @Test func plainWordsOnATaskLineAreOfferedAsTheirReading() throws {
        let text = "# 2026-11-21\n\n## Morning\n- [ ] Call the dentist tomorrow at 15:00 for 30m #health\n- [ ] Read 1984\n\n## Backlog\n"
        let client = try LanguageServerClient()
        try client.initialize(encodings: ["utf-16"])
        client.open(uri, text)
        _ = try client.diagnostics(for: uri)
        func actions(line: Int) throws -> [JSONValue] {
            try #require(try client.result("textDocument/codeAction", LanguageServerClient.params(uri, [
                "range": ["start": ["line": .integer(line), "character": 0], "end": ["line": .integer(line), "character": 0]],
                "context": ["diagnostics": []],
            ])).arrayValue)
        }
        let read = try #require(try actions(line: 3).first { $0["title"]?.stringValue?.hasPrefix("Read ") == true })
        #expect(read["title"]?.stringValue == "Read 'tomorrow', 'at 15:00', 'for 30m' as: scheduled for Sunday 2026-11-22 at 15:00, 30 minutes")
        #expect(read["kind"] == "refactor.rewrite")
        let edits = try #require(read["edit"]?["changes"]?[uri]?.arrayValue)
        var buffer = EditorBuffer(text, encoding: "utf-16")
        buffer.apply(edits)
        #expect(buffer.text == text.replacingOccurrences(of: "- [ ] Call the dentist tomorrow at 15:00 for 30m #health\n",
                                                         with: "- [ ] 15:00 Call the dentist #health @on:2026-11-22/afternoon @est:30m\n"))
        // A title without such words is offered no reading.
        #expect(!(try actions(line: 4)).contains { $0["title"]?.stringValue?.hasPrefix("Read ") == true })
    }
}
