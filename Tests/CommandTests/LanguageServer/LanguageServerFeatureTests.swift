import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Formatting, hover, completion, symbols, folding and inlay hints, through the real binary.
@Suite struct LanguageServerFeatureTests {
    let uri = "file:///plans/2026-11-21.md"

    static let plan = """
        # 2026-11-21

        ## Morning
        * [x] Finished early
        + [ ] Draft the report 😀 #work
        + [/] Review 仕事 #work @carry
        - [ ] Call the bank #admin
          ask about the card
          and the fee

        ## Afternoon

        ## Evening
        * [ ] Dinner with Sam

        ## Backlog
        - [ ] Renew passport #admin @expires:2026-12-15 @from:2026-11-19

        ## Notes
        Slept well.

        """

    private func session(_ text: String = LanguageServerFeatureTests.plan, encoding: String = "utf-16",
                         environment: [String: String] = [:], root: URL? = nil) throws -> LanguageServerClient {
        let client = try LanguageServerClient(environment: environment)
        try client.initialize(encodings: [encoding], root: root)
        client.open(uri, text)
        _ = try client.diagnostics(for: uri)
        return client
    }

    // MARK: - Formatting

    @Test(arguments: ["utf-16", "utf-8"])
    func formatsToExactlyWhatFmtWrites(encoding: String) throws {
        let messy = "#  2026-11-21\r\n## Evening\r\n-  [ ]   Call mum 😀 @carry   #family\r\n\r\n\r\n## Morning\r\n*\t[X]\t仕事 report\r\n"
            + "\tnote\r\n## Notes\r\nkept  as is   \r\n"
        let client = try session(messy, encoding: encoding)
        let fmt = try Binary.run(["fmt"], stdin: Array(messy.utf8))
        #expect(fmt.status == 0)
        let edits = try #require(try client.result("textDocument/formatting", LanguageServerClient.params(uri, ["options": ["tabSize": 4, "insertSpaces": true]])).arrayValue)
        var buffer = EditorBuffer(messy, encoding: encoding)
        buffer.apply(edits)
        #expect(Array(buffer.text.utf8) == fmt.stdoutBytes)
        #expect(try client.shutDown() == 0)
    }

    @Test func formatsWithMinimalEdits() throws {
        var text = LanguageServerFeatureTests.plan
        text = text.replacingOccurrences(of: "* [ ] Dinner with Sam", with: "*   [ ] Dinner   with Sam")
        let client = try session(text)
        let edits = try #require(try client.result("textDocument/formatting", LanguageServerClient.params(uri)).arrayValue)
        #expect(edits == [["range": ["start": ["line": 13, "character": 0], "end": ["line": 14, "character": 0]],
                           "newText": "* [ ] Dinner with Sam\n"]])
        #expect(try client.shutDown() == 0)
    }

    @Test func formatsAFileWithTooManyChangesForTheSmallestDiff() throws {
        // Every other line of 3,000 changes: past the diff's search limit, one edit replaces the span.
        var text = "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        for index in 0..<3_000 { text += index % 2 == 0 ? "-  [ ] Task \(index)\n" : "- [ ] Task \(index)\n" }
        let client = try session(text)
        let edits = try #require(try client.result("textDocument/formatting", LanguageServerClient.params(uri)).arrayValue)
        #expect(edits.count == 1)
        var buffer = EditorBuffer(text)
        buffer.apply(edits)
        guard case .changed(let canonical) = Formatter.format(Array(text.utf8)) else {
            Issue.record("the file should need formatting")
            return
        }
        #expect(buffer.text == String(decoding: canonical, as: UTF8.self))
        #expect(try client.shutDown() == 0)
    }

    @Test func leavesCanonicalAndRefusedFilesAlone() throws {
        let client = try session()
        #expect(try client.result("textDocument/formatting", LanguageServerClient.params(uri)) == [])
        let refused = "# 2026-11-21\n## Morning\n*  [ ] a\n## Morning\n"
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                 "contentChanges": [["text": .string(refused)]]])
        #expect(codes(of: try client.diagnostics(for: uri, version: 2)).contains("DP021"))
        #expect(try client.result("textDocument/formatting", LanguageServerClient.params(uri)) == [])
        #expect(try client.shutDown() == 0)
    }

    // MARK: - Hover

    @Test func hoversOverARegionWithItsOpenTasksAgainstTheLimits() throws {
        let client = try session()
        let morning = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 2, "character": 4]]))
        #expect(morning["contents"]?["kind"] == "markdown")
        #expect(morning["contents"]?["value"]?.stringValue?.contains("must 0/1 · complementary 2/3 · misc 1/5") == true)
        #expect(morning["range"] == ["start": ["line": 2, "character": 0], "end": ["line": 2, "character": 10]])
        let backlog = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 15, "character": 0]]))
        #expect(backlog["contents"]?["value"]?.stringValue == "**Backlog**: 1 open task (must 0 · complementary 0 · misc 1); no limit.")
        let notes = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 18, "character": 2]]))
        #expect(notes == .null)
        #expect(try client.shutDown() == 0)
    }

    @Test func hoversOverATaskWithWhatItIs() throws {
        let client = try session()
        let review = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 5, "character": 12]]))
        #expect(review["contents"]?["value"]?.stringValue
                == "**in progress** · complementary · Morning\n\ntags: #work\n\ncarry: comes back tomorrow if unfinished")
        let passport = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 16, "character": 0]]))
        #expect(passport["contents"]?["value"]?.stringValue == """
            **to do** · misc · Backlog

            tags: #admin

            from 2026-11-19 (2 days before this day)

            expires 2026-12-15 (24 days after this day)
            """)
        let bank = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 6, "character": 0]]))
        #expect(bank["contents"]?["value"]?.stringValue?.hasSuffix("2 note lines") == true)
        #expect(try client.shutDown() == 0)
    }

    @Test func hoversOverDeadlinesScheduledDaysRoutinesAndSubtasks() throws {
        let text = "# 2026-11-21\n\n## Backlog\n- [ ] Tax return @due:2026-11-20\n- [ ] Dentist @on:2026-11-24/afternoon\n- [ ] Pack @every:weekday\n  - [x] passport\n  - [ ] charger\n"
        let client = try session(text)
        func hover(_ line: Int) throws -> String? {
            try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": .integer(line), "character": 2]]))["contents"]?["value"]?.stringValue
        }
        #expect(try hover(3)?.hasSuffix("**overdue**: due 2026-11-20 (1 day before this day)") == true)
        #expect(try hover(4)?.hasSuffix("scheduled for 2026-11-24, Afternoon (3 days after this day)") == true)
        #expect(try hover(5)?.contains("routine: every weekday") == true)
        #expect(try hover(5)?.contains("2 sub-tasks, 1 open") == true)
        #expect(try client.shutDown() == 0)
    }

    /// On a `@key` word, hover says what the key means (the metadata table's summary) and, for a date, when that is
    /// from today, over the word alone; elsewhere on the line, the whole task.
    @Test func hoverOnAMetadataWordSaysWhatTheKeyMeans() throws {
        let text = "# 2026-11-21\n\n## Backlog\n- [ ] Tax return @due:2026-11-30 @carry @from:2026-11-26\n"
        let client = try session(text, environment: ["DAYPLAN_NOW": "2026-11-27T08:00"])
        func hover(_ character: Int) throws -> JSONValue {
            try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 3, "character": .integer(character)]]))
        }
        let due = try hover(22)
        #expect(due["contents"]?["value"]?.stringValue == "**`@due:2026-11-30`**\n\n" + MetadataKey.named("due")!.summary
                + "\n\ndue in 3 days, Monday 2026-11-30")
        let from = try hover(45)
        #expect(from["contents"]?["value"]?.stringValue?.hasSuffix("\n\nfrom yesterday, Thursday 2026-11-26") == true, "\(from)")
        #expect(due["range"]?["start"]?["character"]?.intValue == 17 && due["range"]?["end"]?["character"]?.intValue == 32)
        let carry = try hover(35)
        #expect(carry["contents"]?["value"]?.stringValue == "**`@carry`**\n\n" + MetadataKey.named("carry")!.summary)
        let title = try hover(8)
        #expect(title["contents"]?["value"]?.stringValue?.hasPrefix("**to do** · misc · Backlog") == true)
        #expect(try client.shutDown() == 0)
    }

    /// On another tool's spelling (`📅 2026-11-30`, `[due:: …]`, `⏫`), hover says which key it is, with its value
    /// and what the key means, over the spelling alone; the task's hover lists the priority.
    @Test func hoverOnAnotherToolsSpellingSaysWhichKeyItIs() throws {
        let text = "# 2026-11-21\n\n## Backlog\n- [ ] Tax return ⏫ 📅 2026-11-30 [start:: 2026-11-28]\n"
        let client = try session(text, environment: ["DAYPLAN_NOW": "2026-11-27T08:00"])
        func hover(_ character: Int) throws -> JSONValue {
            try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 3, "character": .integer(character)]]))
        }
        // UTF-16 columns: `⏫` is one unit at 17, `📅` two at 19 and 20, its date 22 to 31.
        let due = try hover(25)
        #expect(due["contents"]?["value"]?.stringValue == "**`📅 2026-11-30`**: Obsidian Tasks' spelling of `@due:2026-11-30`\n\n"
                + MetadataKey.named("due")!.summary + "\n\ndue in 3 days, Monday 2026-11-30", "\(due)")
        #expect(due["range"]?["start"]?["character"]?.intValue == 19 && due["range"]?["end"]?["character"]?.intValue == 32, "\(due)")
        let priority = try hover(17)
        #expect(priority["contents"]?["value"]?.stringValue?.hasPrefix("**`⏫`**: Obsidian Tasks' spelling of `@priority:high`\n\n") == true, "\(priority)")
        let start = try hover(40)
        #expect(start["contents"]?["value"]?.stringValue?.hasPrefix("**`[start:: 2026-11-28]`**: Dataview's spelling of `@start:2026-11-28`") == true, "\(start)")
        let task = try hover(8)["contents"]?["value"]?.stringValue ?? ""
        #expect(task.contains("priority high") && task.contains("due 2026-11-30"), "\(task)")
        #expect(try client.shutDown() == 0)
    }

    // MARK: - Completion

    private func labels(_ completion: JSONValue) -> [String] {
        completion["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
    }

    private func typeAndComplete(_ client: LanguageServerClient, line: Int, text: String, version: Int) throws -> JSONValue {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .integer(version)], "contentChanges": [
            ["range": ["start": ["line": .integer(line), "character": 0], "end": ["line": .integer(line), "character": 0]], "text": .string(text)],
        ]])
        let end = EditorBuffer(text).position(of: text.endIndex)
        return try client.result("textDocument/completion", LanguageServerClient.params(uri, ["position": ["line": .integer(line), "character": .integer(end.character)]]))
    }

    @Test func completesMetadataKeysAfterAnAt() throws {
        let client = try session()
        let completion = try typeAndComplete(client, line: 9, text: "- [ ] Plan 😀 @ca", version: 2)
        #expect(labels(completion) == MetadataKey.all.map { "@" + $0.name + ($0.takesValue ? ":" : "") })
        let carry = try #require(completion["items"]?[0])
        #expect(carry["documentation"]?.stringValue?.contains("comes back the next day") == true)
        // The edit replaces the word typed, its @ included, with the label itself (a client that inserts the label
        // or the items' common prefix, as Emacs' built-in completion does, writes one @), wherever the emoji puts it
        // in UTF-16.
        #expect(carry["textEdit"] == ["range": ["start": ["line": 9, "character": 14], "end": ["line": 9, "character": 17]], "newText": "@carry"])
        // No filterText: the label is it (yegappan/lsp matched a filterText against the word without its `@`).
        #expect(completion["items"]?.arrayValue?.allSatisfy { $0["label"] == $0["textEdit"]?["newText"] && $0["filterText"] == nil } == true)
        #expect(try client.shutDown() == 0)
    }

    /// With `initializationOptions.completeAfterSigil` (the plugin sets it for ALE, which completes the keyword before
    /// the cursor only and drops every item that does not start with it), a tag's and a key's edit replaces the word
    /// after the sigil; the label stays the whole word.
    @Test func completesAfterTheSigilWhenAsked() throws {
        let client = try LanguageServerClient()
        _ = try client.initialize(encodings: ["utf-16"], options: ["completeAfterSigil": true])
        client.open(uri, LanguageServerFeatureTests.plan)
        _ = try client.diagnostics(for: uri)
        let tags = try typeAndComplete(client, line: 9, text: "- [ ] Plan #wo", version: 2)
        let work = try #require(tags["items"]?.arrayValue?.first { $0["label"] == "#work" }, "\(tags)")
        #expect(work["textEdit"] == ["range": ["start": ["line": 9, "character": 12], "end": ["line": 9, "character": 14]], "newText": "work"])
        // Typed before the first: `@ca` then the tag's line.
        let keys = try typeAndComplete(client, line: 9, text: "- [ ] Plan @ca", version: 3)
        let carry = try #require(keys["items"]?[0])
        #expect(carry["label"] == "@carry")
        #expect(carry["textEdit"] == ["range": ["start": ["line": 9, "character": 12], "end": ["line": 9, "character": 14]], "newText": "carry"])
        #expect(try client.shutDown() == 0)
    }

    @Test func completesDatesAfterExpiresFromToday() throws {
        // 2026-11-23 12:00 UTC, a Monday.
        let client = try session(environment: ["DAYPLAN_NOW": "1795435200"])
        let completion = try typeAndComplete(client, line: 9, text: "- [ ] Plan @expires:2026", version: 2)
        let items = try #require(completion["items"]?.arrayValue)
        #expect(labels(completion).prefix(3) == ["2026-11-23", "2026-11-24", "2026-11-25"])
        #expect(items.first?["detail"] == "today, Monday")
        #expect(items.contains { $0["label"] == "2026-11-30" && $0["detail"] == "next Monday" })
        #expect(items.last?["label"] == "2026-12-07")
        #expect(items.first?["textEdit"]?["range"] == ["start": ["line": 9, "character": 20], "end": ["line": 9, "character": 24]])
        #expect(try client.shutDown() == 0)
    }

    @Test func completesTagsFromThePlanFolderAndRereadsThemWhenFilesChange() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Backlog\n- [ ] Weed #garden\n- [ ] Mow #garden\n")
        try folder.write("archive/2025-01-01.md", "# 2025-01-01\n\n## Backlog\n- [ ] Old #attic\n")
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Backlog\n- [ ] on disk only #stale\n")
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md"))
        let client = try LanguageServerClient()
        try client.initialize(root: folder.url, watchFiles: true)
        let registration = try client.next { $0["method"] == "client/registerCapability" }
        #expect(registration["params"]?["registrations"]?[0]?["method"] == "workspace/didChangeWatchedFiles")
        client.write(LanguageServerClient.frame(["jsonrpc": "2.0", "id": registration["id"] ?? nil, "result": nil]))
        client.open(uri, LanguageServerFeatureTests.plan)
        _ = try client.diagnostics(for: uri)
        func complete(_ version: Int) throws -> [String] {
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .integer(version)], "contentChanges": [
                ["range": ["start": ["line": 9, "character": 0], "end": ["line": 10, "character": 0]], "text": "- [ ] Tidy #\n"],
            ]])
            return labels(try client.result("textDocument/completion", LanguageServerClient.params(uri, ["position": ["line": 9, "character": 12]])))
        }
        // The open document counts as the editor holds it (#work, #admin), not as it is on disk (#stale).
        #expect(try complete(2) == ["#admin", "#garden", "#work", "#attic"])
        try folder.write("2026-11-19.md", "# 2026-11-19\n\n## Backlog\n- [ ] New #fresh\n")
        #expect(try complete(3) == ["#admin", "#garden", "#work", "#attic"])
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-19.md"))), "type": 1]]])
        #expect(try complete(4) == ["#admin", "#garden", "#work", "#attic", "#fresh"])
        // Saving a file reads them again too.
        try folder.write("2026-11-18.md", "# 2026-11-18\n\n## Backlog\n- [ ] Newer #saved\n")
        client.notify("textDocument/didSave", LanguageServerClient.params(uri))
        #expect(try complete(5) == ["#admin", "#garden", "#work", "#attic", "#fresh", "#saved"])
        #expect(try client.shutDown() == 0)
    }

    @Test func completesBucketsWithRoomAtTheStartOfATaskLine() throws {
        let client = try session()
        // Morning: must 0/1 (the must task is done), complementary 2/3, misc 1/5: all have room.
        let morning = try typeAndComplete(client, line: 9, text: "", version: 2)
        #expect(labels(morning) == ["* [ ] must", "+ [ ] complementary", "- [ ] misc"])
        #expect(morning["items"]?[0]?["textEdit"]?["newText"] == "* [ ] ")
        // Evening's must is taken.
        let evening = try typeAndComplete(client, line: 14, text: "+", version: 3)
        #expect(labels(evening) == ["+ [ ] complementary", "- [ ] misc"])
        #expect(evening["items"]?[0]?["textEdit"]?["range"] == ["start": ["line": 14, "character": 0], "end": ["line": 14, "character": 1]])
        // Not in Notes, not mid-line.
        let notes = try typeAndComplete(client, line: 20, text: "", version: 4)
        #expect(labels(notes).isEmpty)
        let midLine = try typeAndComplete(client, line: 14, text: "x", version: 5)
        #expect(labels(midLine).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    // MARK: - Outline

    @Test func listsRegionsWithTheirTasksAsSymbols() throws {
        let client = try session()
        let symbols = try #require(try client.result("textDocument/documentSymbol", LanguageServerClient.params(uri)).arrayValue)
        #expect(symbols.map { $0["name"]?.stringValue ?? "" } == ["Morning", "Afternoon", "Evening", "Backlog", "Notes"])
        let morning = symbols[0]
        #expect(morning["detail"] == "must 0/1 · complementary 2/3 · misc 1/5")
        #expect(morning["range"] == ["start": ["line": 2, "character": 0], "end": ["line": 8, "character": 13]])
        #expect(morning["children"]?.arrayValue?.map { $0["name"]?.stringValue ?? "" }
                == ["Finished early", "Draft the report 😀 #work", "Review 仕事 #work", "Call the bank #admin"])
        let bank = morning["children"]?[3]
        #expect(bank?["detail"] == "to do · misc")
        #expect(bank?["range"] == ["start": ["line": 6, "character": 0], "end": ["line": 8, "character": 13]])
        #expect(bank?["selectionRange"] == ["start": ["line": 6, "character": 0], "end": ["line": 6, "character": 26]])
        #expect(symbols[1]["children"] == [])
        #expect(try client.shutDown() == 0)
    }

    @Test func foldsEachSectionAndEachTaskWithNotes() throws {
        let client = try session()
        let ranges = try client.result("textDocument/foldingRange", LanguageServerClient.params(uri))
        #expect(ranges == [
            ["startLine": 2, "endLine": 8, "kind": "region"], ["startLine": 6, "endLine": 8],
            ["startLine": 12, "endLine": 13, "kind": "region"], ["startLine": 15, "endLine": 16, "kind": "region"],
            ["startLine": 18, "endLine": 19, "kind": "region"],
        ])
        #expect(try client.shutDown() == 0)
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func hintsTheRoomLeftAtTheEndOfEachLimitedRegionHeading(encoding: String) throws {
        let text = "# 2026-11-21\n\n## Morning 😀\n* [ ] a\n* [ ] b\n\n## Evening\n- [ ] c\n\n## Backlog\n"
        let client = try session(text, encoding: encoding)
        let hints = try client.result("textDocument/inlayHint", LanguageServerClient.params(uri, [
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 8, "character": 0]],
        ]))
        // "## Morning 😀" is a decorated region heading (FORMAT.md 1.1): its hint stands after the emoji, which
        // is two UTF-16 code units and four UTF-8 bytes.
        #expect(hints == [
            ["position": ["line": 2, "character": encoding == "utf-8" ? 15 : 13], "label": "room: must 0 (1 over) · complementary 3 · misc 5",
             "paddingLeft": true, "tooltip": "Open tasks: must 2/1 · complementary 0/3 · misc 0/5"],
            ["position": ["line": 6, "character": 10], "label": "room: must 1 · complementary 3 · misc 4",
             "paddingLeft": true, "tooltip": "Open tasks: must 0/1 · complementary 0/3 · misc 1/5"],
        ])
        let morning = "# 2026-11-21\n\n## Morning\n* [ ] a\n* [ ] b\n"
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(morning)]]])
        let full = try client.result("textDocument/inlayHint", LanguageServerClient.params(uri, [
            "range": ["start": ["line": 0, "character": 0], "end": ["line": 9, "character": 0]],
        ]))
        #expect(full[0]?["label"] == "room: must 0 (1 over) · complementary 3 · misc 5")
        let outside = try client.result("textDocument/inlayHint", LanguageServerClient.params(uri, [
            "range": ["start": ["line": 3, "character": 0], "end": ["line": 4, "character": 0]],
        ]))
        #expect(outside == [])
        #expect(try client.shutDown() == 0)
    }
}

/// The rule ids of published diagnostics.
private func codes(of diagnostics: [JSONValue]) -> [String] {
    diagnostics.compactMap { $0["code"]?.stringValue }
}
