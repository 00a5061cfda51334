import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Documents kept in sync as they are typed, and diagnostics that are exactly lint's, at the right positions
/// in both position encodings.
@Suite struct LanguageServerSyncTests {
    /// A diagnostic reduced to what a test compares.
    struct Seen: Equatable, CustomStringConvertible {
        let code: String
        let severity: Int
        let message: String
        let range: [Int]

        var description: String { "\(code) \(range) \(message)" }
    }

    /// What the server should publish for `text`: `dayplan lint`'s findings, positions worked out by the editor.
    static func expected(_ text: String, fileName: String?, encoding: String) -> [Seen] {
        let buffer = EditorBuffer(text, encoding: encoding)
        return Linter.lint(Array(text.utf8), fileName: fileName).map { finding in
            let start = buffer.position(ofByte: finding.start.offset), end = buffer.position(ofByte: finding.end.offset)
            return Seen(code: finding.rule.id, severity: finding.severity == .error ? 1 : 2, message: finding.message,
                        range: [start.line, start.character, end.line, end.character])
        }
    }

    static func seen(_ diagnostics: [JSONValue]) -> [Seen] {
        diagnostics.map { diagnostic in
            let range = diagnostic["range"]
            return Seen(code: diagnostic["code"]?.stringValue ?? "", severity: diagnostic["severity"]?.intValue ?? 0,
                        message: diagnostic["message"]?.stringValue ?? "",
                        range: [range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["line"],
                                range?["end"]?["character"]].map { $0?.intValue ?? -1 })
        }
    }

    static let awkward = "# 2026-11-21\r\n\r\n## Morning\r\n* [ ] 😀 仕事\tplan @foo:bar\r\n* [ ] second must 🇫🇷 @carry @carry\r\n"
        + "- [?] 日本 unknown\r\n\t- [ ] café\r\n\r\n## Evening\n- [ ] a\rb 😀 @x:1\n+ [ ]\n## Backlog\n- [ ] tail 🧑‍🤝‍🧑 @expires:2026-02-30"

    @Test(arguments: ["utf-16", "utf-8"])
    func publishesLintsFindingsAtTheRightPositions(encoding: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("2026-11-22.md")
        let uri = LanguageServerClient.uri(file)
        let client = try LanguageServerClient()
        let capabilities = try client.initialize(encodings: encoding == "utf-8" ? ["utf-8", "utf-16"] : ["utf-16"], root: folder.url)
        #expect(capabilities["positionEncoding"]?.stringValue == encoding)
        client.open(uri, Self.awkward)
        let diagnostics = try client.diagnostics(for: uri, version: 1)
        let expected = Self.expected(Self.awkward, fileName: file.path, encoding: encoding)
        #expect(Self.seen(diagnostics) == expected)
        // The day heading is checked against the file name, and every rule of the sample is there.
        #expect(Set(expected.map(\.code)) == ["DP012", "DP030", "DP032", "DP033", "DP035", "DP036", "DP101"])
        for diagnostic in diagnostics {
            #expect(diagnostic["source"] == "dayplan")
            let code = diagnostic["code"]?.stringValue ?? ""
            let rule = try #require(Rule.named(code))
            #expect(diagnostic["codeDescription"]?["href"]?.stringValue?.hasSuffix("RULES.md#\(code.lowercased())-\(rule.name)") == true)
        }
        // Closing the document clears its diagnostics.
        client.notify("textDocument/didClose", LanguageServerClient.params(uri))
        #expect(try client.diagnostics(for: uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    /// A binary with no RULES.md near it (a copy on its own) links no rule: each diagnostic leaves out
    /// `codeDescription`, which the protocol makes optional, rather than sending it as null.
    @Test func withoutRulesDocumentDiagnosticsLeaveOutTheirLink() throws {
        let folder = try TemporaryFolder()
        // Deeper than the folders the server looks in for docs/RULES.md, so none of them is outside this folder.
        let bin = folder.url.appendingPathComponent("a/b/c/d/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("dayplan")
        try FileManager.default.copyItem(at: Binary.url, to: copy)
        let client = try LanguageServerClient(binary: copy)
        try client.initialize()
        let uri = "file:///tmp/2026-11-22.md"
        client.open(uri, Self.awkward)
        let diagnostics = try client.diagnostics(for: uri, version: 1)
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            #expect(diagnostic["code"]?.stringValue?.hasPrefix("DP") == true)
            #expect(diagnostic["codeDescription"] == nil, "\(diagnostic)")
        }
        #expect(try client.shutDown() == 0)
    }

    /// A file saved with old Mac line endings: the protocol ends a line at a lone CR, as the editor does, so each
    /// checklist item dayplan names there (it reads the file as one line) is marked on its own line.
    @Test func findingsAfterLoneCarriageReturnsLandOnTheirItems() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let uri = "file:///tmp/2026-11-20.md"
        client.open(uri, "# 2026-11-20\r\r## Morning\r* [ ] Call the bank\r- [x] Paid the rent\r\r## Backlog\r- [ ] Renew passport\r")
        let seen = Self.seen(try client.diagnostics(for: uri))
        #expect(seen.map(\.code) == ["DP020", "DP024", "DP020"])
        #expect(seen.map(\.range) == [[3, 0, 3, 19], [4, 0, 4, 19], [7, 0, 7, 20]])
        #expect(try client.shutDown() == 0)
    }

    /// Today's plan with a Backlog carried for long (DP052, information, one finding per task) and titles JSON must
    /// escape: what the server pushes on each edit, and what a pulling client gets, are lint's findings, in lint's order,
    /// at the editor's positions.
    @Test func todaysPlanWithLongCarriedTasksGetsLintsFindingsPushedAndPulled() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("2026-11-22.md")
        let uri = LanguageServerClient.uri(file)
        var text = "# 2026-11-22\n\n## Morning\n* [ ] One\n* [ ] Two\n\n## Backlog\n"
        let titles = ["Quote \"the plan\" back", "Path C:\\notes\\day", "Café 😀 日本", "Plain"]
        for (index, title) in titles.enumerated() { text += "- [ ] \(title) @from:2026-11-\(10 + index)\n" }
        text += "- [ ] Fresh @from:2026-11-21\n"
        let today = try #require(Day(year: 2026, month: 11, day: 22))
        func expected(_ text: String) -> [Seen] {
            let buffer = EditorBuffer(text, encoding: "utf-16")
            return Linter.lint(Array(text.utf8), fileName: file.path, today: today).map { finding in
                let start = buffer.position(ofByte: finding.start.offset), end = buffer.position(ofByte: finding.end.offset)
                return Seen(code: finding.rule.id, severity: finding.severity == .error ? 1 : finding.severity == .warning ? 2 : 3,
                            message: finding.message, range: [start.line, start.character, end.line, end.character])
            }
        }
        #expect(expected(text).map(\.code) == ["DP101", "DP052", "DP052", "DP052", "DP052"])
        #expect(expected(text).contains { $0.message.hasPrefix("Quote \"the plan\" back was first planned on 2026-11-10, 12 days ago") })

        let pushing = try LanguageServerClient(environment: ["DAYPLAN_NOW": LanguageServerCommandTests.now])
        try pushing.initialize(root: folder.url)
        pushing.open(uri, text)
        #expect(Self.seen(try pushing.diagnostics(for: uri, version: 1)) == expected(text))
        // Typed on: the findings after the edit are pushed with the new version.
        let edited = text.replacingOccurrences(of: "- [ ] Plain", with: "- [ ] Plain 😀 typed")
        pushing.change(uri, edited, version: 2)
        #expect(Self.seen(try pushing.diagnostics(for: uri, version: 2)) == expected(edited))
        #expect(expected(edited) != expected(text))
        #expect(try pushing.shutDown() == 0)

        let pulling = try LanguageServerClient(environment: ["DAYPLAN_NOW": LanguageServerCommandTests.now])
        try pulling.initialize(root: folder.url, more: [.init("textDocument", ["diagnostic": ["dynamicRegistration": false]])])
        pulling.open(uri, text)
        let report = try pulling.result("textDocument/diagnostic", LanguageServerClient.params(uri))
        #expect(report["kind"] == "full")
        #expect(Self.seen(try #require(report["items"]?.arrayValue)) == expected(text))
        try folder.write("2026-11-22.md", text)
        let folderReport = try pulling.result("workspace/diagnostic", ["previousResultIds": []])
        let items = try #require(folderReport["items"]?[0]?["items"]?.arrayValue)
        #expect(Self.seen(items) == expected(text))
        #expect(try pulling.shutDown() == 0)
    }

    @Test func aDocumentNotNamedLikeADayIsNotCheckedAgainstItsName() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        client.open("untitled:Untitled-1", "# 2026-11-21\n\n## Morning\n")
        #expect(try client.diagnostics(for: "untitled:Untitled-1").isEmpty)
        client.open("file:///tmp/notes.md", "# 2026-11-21\n\n## Morning\n")
        #expect(try client.diagnostics(for: "file:///tmp/notes.md").isEmpty)
        client.open("file:///tmp/2026-11-20.md", "# 2026-11-21\n\n## Morning\n")
        #expect(Self.seen(try client.diagnostics(for: "file:///tmp/2026-11-20.md")).map(\.code) == ["DP012"])
        #expect(try client.shutDown() == 0)
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func followsEditsTypedCharacterByCharacter(encoding: String) throws {
        let uri = "file:///plans/2026-11-21.md"
        let client = try LanguageServerClient()
        try client.initialize(encodings: [encoding])
        var buffer = EditorBuffer("# 2026-11-21\r\n\r\n## Morning\r\n\r\n## Backlog\r\n", encoding: encoding)
        client.open(uri, buffer.text)
        var version = 1
        func change(_ changes: [JSONValue]) {
            version += 1
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .integer(version)],
                                                     "contentChanges": .array(changes)])
        }
        // Type a task on the empty line under Morning, one character (one grapheme) at a time.
        var cursor = buffer.index(line: 3, character: 0)
        for character in "*  [ ]  Write 😀 the 仕事 report\t#work 🇫🇷 @carry @carry @sticky" {
            let offset = buffer.text.unicodeScalars.distance(from: buffer.text.unicodeScalars.startIndex, to: cursor)
            change([buffer.replace(cursor..<cursor, with: String(character))])
            cursor = buffer.text.unicodeScalars.index(buffer.text.unicodeScalars.startIndex, offsetBy: offset + character.unicodeScalars.count)
        }
        // Backspace over " @sticky", one scalar at a time.
        for _ in 0..<8 {
            let before = buffer.text.unicodeScalars.index(before: cursor)
            let offset = buffer.text.unicodeScalars.distance(from: buffer.text.unicodeScalars.startIndex, to: before)
            change([buffer.replace(before..<cursor, with: "")])
            cursor = buffer.text.unicodeScalars.index(buffer.text.unicodeScalars.startIndex, offsetBy: offset)
        }
        // A new line and a second must task, then a change across lines, several changes in one message.
        change([buffer.replace(cursor..<cursor, with: "\r\n* [/] Second 🧑‍🤝‍🧑 must")])
        let first = buffer.replace(buffer.index(line: 0, character: 2)..<buffer.index(line: 2, character: 3), with: "2026-11-21\n\n## ")
        let second = buffer.replace(buffer.index(line: 5, character: 0)..<buffer.index(line: 5, character: 0), with: "\n- [ ] errand\n")
        change([first, second])

        let diagnostics = try client.diagnostics(for: uri, version: version)
        #expect(Self.seen(diagnostics) == Self.expected(buffer.text, fileName: "/plans/2026-11-21.md", encoding: encoding))
        #expect(Self.seen(diagnostics).map(\.code) == ["DP035", "DP101"])

        // The server holds the same text: formatting it gives exactly fmt's output of the editor's text.
        let edits = try #require(try client.result("textDocument/formatting", LanguageServerClient.params(uri)).arrayValue)
        guard case .changed(let canonical) = Formatter.format(Array(buffer.text.utf8)) else {
            Issue.record("the typed text should need formatting")
            return
        }
        buffer.apply(edits)
        #expect(buffer.text == String(decoding: canonical, as: UTF8.self))
        #expect(try client.shutDown() == 0)
        #expect(client.garbage.isEmpty)
    }

    /// Edits where line breaks meet: a `\n` typed after a lone `\r` makes one `\r\n` break of two, a `\r`
    /// typed before a `\n` too, and deleting what stood between a `\r` and a `\n` joins them.
    @Test(arguments: [
        ("- [ ] a\r@foo:1\n", 4, 0, 4, 0, "\n"),
        ("- [ ] a\r\r@foo:1\n", 5, 0, 5, 0, "\n"),
        ("- [ ] a\rX\n@foo:1\n", 4, 0, 4, 1, ""),
        ("- [ ] a\n@foo:1\n", 3, 7, 3, 7, "\r"),
        ("- [ ] a\r\n@foo:1\n", 3, 7, 4, 0, "\r"),
        ("- [ ] a\r\n@foo:1\n", 3, 7, 4, 0, "\n\r"),
        ("- [ ] a @foo:1\n", 3, 7, 3, 7, "\r\n\r"),
    ])
    func joinsAndSplitsLineBreaks(task: String, fromLine: Int, fromCharacter: Int, toLine: Int, toCharacter: Int,
                                  text: String) throws {
        let uri = "file:///plans/2026-11-21.md"
        let client = try LanguageServerClient()
        try client.initialize()
        var buffer = EditorBuffer("# 2026-11-21\n\n## Morning\n" + task + "## Backlog\n- [ ] z @bar:2\n")
        client.open(uri, buffer.text)
        let change = buffer.replace(buffer.index(line: fromLine, character: fromCharacter)..<buffer.index(line: toLine, character: toCharacter),
                                    with: text)
        #expect(change["range"] == ["start": ["line": .integer(fromLine), "character": .integer(fromCharacter)],
                                    "end": ["line": .integer(toLine), "character": .integer(toCharacter)]])
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [change]])
        let diagnostics = try client.diagnostics(for: uri, version: 2)
        #expect(Self.seen(diagnostics) == Self.expected(buffer.text, fileName: nil, encoding: "utf-16"))
        #expect(try client.shutDown() == 0)
    }

    /// Pieces the random edits insert: line breaks of every kind (a lone CR among them, which the protocol
    /// counts as a line break and the format does not), characters of one to four UTF-8 bytes and two
    /// UTF-16 units, tabs, and the words of a plan.
    static let pieces = ["a", "😀", "仕", "é", "\t", "\r", "\n", "\r\n", "\r", "\n", "x\r", "\ny", " @carry", " #tag", "- [ ] ", "* [ ] x\n",
                         "## Morning\n", "## Backlog\r\n", "🇫🇷", "🧑‍🤝‍🧑", " @foo:1", "  note\n", "# 2026-11-21\n"]

    @Test(arguments: ["utf-16", "utf-8", "utf-32"])
    func staysInStepThroughSeededRandomEdits(encoding: String) throws {
        let uri = "file:///plans/2026-11-21.md"
        let client = try LanguageServerClient()
        try client.initialize(encodings: [encoding])
        var buffer = EditorBuffer(Self.awkward, encoding: encoding)
        client.open(uri, buffer.text)
        var random = SplitMix64(seed: ["utf-8": 8, "utf-16": 16, "utf-32": 32][encoding] ?? 0)
        var version = 1
        for round in 1...400 {
            // Positions as an editor might send them, a few past the end of their line or of the document.
            let lines = buffer.lineStarts.count
            // Line starts most often, where line breaks meet.
            // Now and then a line or character at the very edge of Int, which means the end of the line or document.
            func anyPosition() -> (line: Int, character: Int) {
                (random.next() % 32 == 0 ? Int.max : Int(random.next() % UInt64(lines + 1)),
                 random.next() % 16 == 0 ? Int.max : random.next() % 2 == 0 ? 0 : Int(random.next() % 40))
            }
            var (from, to) = (anyPosition(), anyPosition())
            var start = buffer.index(line: from.line, character: from.character)
            var end = buffer.index(line: to.line, character: to.character)
            if start > end { swap(&start, &end); swap(&from, &to) }
            if random.next() % 3 == 0 { (to, end) = (from, start) }  // an insertion
            if random.next() % 4 == 0, end > start { to = from; end = start }
            let piece = random.next() % 5 == 0 ? "" : Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
            buffer.text.unicodeScalars.replaceSubrange(start..<end, with: piece.unicodeScalars)
            version += 1
            client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .integer(version)], "contentChanges": [[
                "range": ["start": ["line": .integer(from.line), "character": .integer(from.character)],
                          "end": ["line": .integer(to.line), "character": .integer(to.character)]],
                "text": .string(piece),
            ]]])
            if round % 50 == 0 {
                let diagnostics = try client.diagnostics(for: uri, version: version)
                #expect(Self.seen(diagnostics) == Self.expected(buffer.text, fileName: "/plans/2026-11-21.md", encoding: encoding),
                        "after \(round) edits: \(buffer.text.debugDescription)")
            }
        }
        let edits = try #require(try client.result("textDocument/formatting", LanguageServerClient.params(uri)).arrayValue)
        if case .changed(let canonical) = Formatter.format(Array(buffer.text.utf8)) {
            buffer.apply(edits)
            #expect(buffer.text == String(decoding: canonical, as: UTF8.self))
        } else {
            #expect(edits.isEmpty)
        }
        #expect(try client.shutDown() == 0)
    }

    @Test func servesAHundredThousandTaskDocument() throws {
        let uri = "file:///plans/2026-11-21.md"
        var text = "# 2026-11-21\n\n## Morning\n* [ ] The one thing 😀\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        for index in 0..<100_000 {
            text += index == 50_000 ? "-   [ ]   Task \(index) #bulk\n" : "- [ ] Task \(index) #bulk @from:2026-11-20\n"
        }
        let client = try LanguageServerClient()
        try client.initialize()
        let clock = ContinuousClock()
        let opened = clock.now
        client.open(uri, text)
        #expect(try client.diagnostics(for: uri, version: 1).isEmpty)
        let openTime = clock.now - opened
        // One character typed in the middle.
        let line = 10 + 60_000
        let typed = clock.now
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [
            ["range": ["start": ["line": .integer(line), "character": 6], "end": ["line": .integer(line), "character": 6]], "text": "x"],
        ]])
        #expect(try client.diagnostics(for: uri, version: 2).isEmpty)
        let changeTime = clock.now - typed
        let edits = try #require(try client.result("textDocument/formatting", LanguageServerClient.params(uri)).arrayValue)
        #expect(edits == [["range": ["start": ["line": 50_010, "character": 0], "end": ["line": 50_011, "character": 0]],
                           "newText": "- [ ] Task 50000 #bulk\n"]])
        let symbols = try #require(try client.result("textDocument/documentSymbol", LanguageServerClient.params(uri)).arrayValue)
        #expect(symbols.last?["children"]?.arrayValue?.count == 100_000)
        print("100,000 tasks: open to diagnostics \(openTime), one change to diagnostics \(changeTime)")
        #expect(changeTime < .seconds(30))
        #expect(try client.shutDown() == 0)
    }
}
