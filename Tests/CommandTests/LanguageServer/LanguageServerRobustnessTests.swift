import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan lsp` against hostile positions and framing, over real pipes: it never traps and never hangs. Every
/// wait has a timeout (`LanguageServerClient.patience`, or less), so a hang fails a test instead of blocking it.
@Suite struct LanguageServerRobustnessTests {
    let uri = "file:///plans/2026-11-21.md"
    static let text = "# 2026-11-21\n\n## Morning\n- [ ] Write 😀 the report\n"

    /// The character just after the 😀 on line 3, in each encoding (4 UTF-8 bytes, 2 UTF-16 units, 1 scalar).
    static let afterTheEmoji = ["utf-8": 16, "utf-16": 14, "utf-32": 13]

    /// The task titles of the document as the server holds it, from its outline.
    func titles(_ client: LanguageServerClient) throws -> [String] {
        let symbols = try #require(try client.result("textDocument/documentSymbol", LanguageServerClient.params(uri)).arrayValue)
        return symbols.flatMap { $0["children"]?.arrayValue ?? [] }.compactMap { $0["name"]?.stringValue }
    }

    func change(_ client: LanguageServerClient, version: Int, _ changes: [JSONValue]) {
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .integer(version)],
                                                 "contentChanges": .array(changes)])
    }

    static func position(_ line: JSONValue, _ character: JSONValue) -> JSONValue { ["line": line, "character": character] }

    @Test(arguments: ["utf-8", "utf-16", "utf-32"])
    func hugePositionsAreClampedInEveryEncoding(encoding: String) throws {
        let client = try LanguageServerClient()
        let capabilities = try client.initialize(encodings: [encoding])
        #expect(capabilities["positionEncoding"]?.stringValue == encoding)
        client.open(uri, Self.text)
        let largest = JSONValue.integer(Int.max)
        // Int.max, and integers past any Int, mean the end of the line (or of the document, for a line).
        for character in [largest, .number("9223372036854775808"), .number("18446744073709551616"), .number("1" + String(repeating: "0", count: 40))] {
            let hover = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": Self.position(3, character)]))
            #expect(hover["contents"]?["value"]?.stringValue?.hasPrefix("**to do**") == true, "\(character)")
            #expect(hover["range"] == ["start": ["line": 3, "character": 0], "end": Self.position(3, .integer(Self.afterTheEmoji[encoding]! + 11))])
            let completion = try client.result("textDocument/completion", LanguageServerClient.params(uri, ["position": Self.position(3, character)]))
            #expect(completion["items"] == [])
            let pastTheEnd = try client.request("textDocument/hover", LanguageServerClient.params(uri, ["position": Self.position(character, character)]))
            #expect(pastTheEnd["error"] == nil)
        }
        // A change at the end of line 3 given as Int.max; one past the end of the document; one in the middle.
        change(client, version: 2, [
            ["range": ["start": Self.position(3, largest), "end": Self.position(3, largest)], "text": " now"],
            ["range": ["start": Self.position(largest, 0), "end": Self.position(largest, largest)], "text": "- [ ] Tail\n"],
            ["range": ["start": Self.position(3, .integer(Self.afterTheEmoji[encoding]!)), "end": Self.position(3, .integer(Self.afterTheEmoji[encoding]! + 4))],
             "text": "!"],
        ])
        _ = try client.diagnostics(for: uri, version: 2)
        #expect(try titles(client) == ["Write 😀! report now", "Tail"])
        // A range from the start of line 3 to Int.max of it: the whole line's text.
        change(client, version: 3, [["range": ["start": Self.position(3, 0), "end": Self.position(3, largest)], "text": "- [x] Done"]])
        _ = try client.diagnostics(for: uri, version: 3)
        #expect(try titles(client) == ["Done", "Tail"])
        #expect(try client.shutDown() == 0)
        #expect(client.garbage.isEmpty)
    }

    /// Coordinates that are no whole number from 0: every request answers InvalidParams, naming the field.
    static let notCoordinates: [JSONValue] = [
        .number("-1"), .integer(Int.min), .number("-9223372036854775809"), .number("1.5"), .number("3.0"), .number("1e3"),
        .number("1E400"), .number("-0"), "3", .null, true, [], [:],
    ]

    @Test func coordinatesThatAreNoWholeNumberAreInvalidParams() throws {
        let client = try LanguageServerClient()
        try client.initialize(encodings: ["utf-8"])
        client.open(uri, Self.text)
        for value in Self.notCoordinates {
            for (method, field) in [("textDocument/hover", "position.character"), ("textDocument/completion", "position.line")] {
                let position = field.hasSuffix("line") ? Self.position(value, 0) : Self.position(3, value)
                let response = try client.request(method, LanguageServerClient.params(uri, ["position": position]))
                #expect(response["error"]?["code"]?.intValue == -32602, "\(method) \(value)")
                #expect(response["error"]?["message"]?.stringValue?.hasPrefix(field) == true, "\(response)")
            }
            for method in ["textDocument/codeAction", "textDocument/inlayHint"] {
                let range: JSONValue = ["start": Self.position(0, 0), "end": Self.position(value, 0)]
                let response = try client.request(method, LanguageServerClient.params(uri, ["range": range, "context": ["diagnostics": []]]))
                #expect(response["error"]?["code"]?.intValue == -32602, "\(method) \(value)")
                #expect(response["error"]?["message"]?.stringValue?.hasPrefix("range.end.line") == true, "\(response)")
            }
        }
        // A missing position, and a range that ends before it starts.
        let missing = try client.request("textDocument/hover", LanguageServerClient.params(uri))
        #expect(missing["error"]?["message"] == "position is missing or not a position")
        let backwards: JSONValue = ["start": Self.position(3, 2), "end": Self.position(3, 1)]
        for method in ["textDocument/codeAction", "textDocument/inlayHint"] {
            let response = try client.request(method, LanguageServerClient.params(uri, ["range": backwards]))
            #expect(response["error"]?["code"]?.intValue == -32602)
            #expect(response["error"]?["message"] == "range ends (line 3, character 1) before it starts (line 3, character 2)")
        }
        #expect(try client.shutDown() == 0)
    }

    /// The client's copies of our diagnostics, sent back with a code action request, may hold any range.
    @Test func codeActionsPassOverDiagnosticsWithRangesPastTheEnd() throws {
        let client = try LanguageServerClient()
        try client.initialize(encodings: ["utf-8"])
        client.open(uri, "# 2026-11-21\n\n## Morning\n- [ ] a @carry @carry\n\n## Evenings\n")
        let edge = JSONValue.integer(Int.max)
        let diagnostics: [JSONValue] = [
            ["range": ["start": Self.position(edge, 0), "end": Self.position(edge, edge)], "code": "DP023", "message": "x"],
            ["range": ["start": Self.position(3, edge), "end": Self.position(edge, edge)], "code": "DP035", "message": "x"],
            ["range": ["start": Self.position(3, 12), "end": Self.position(3, 5)], "code": "DP035", "message": "x"],
            ["range": ["start": Self.position(-1, 0), "end": Self.position(3, 5)], "code": "DP101", "message": "x"],
            ["range": ["start": Self.position(5, 0), "end": Self.position(5, 11)], "code": "DP023", "message": "x"],
        ]
        let actions = try #require(try client.result("textDocument/codeAction", LanguageServerClient.params(uri, [
            "range": ["start": Self.position(3, 0), "end": Self.position(3, edge)], "context": ["diagnostics": .array(diagnostics)],
        ])).arrayValue)
        // The refactors of the task under the cursor are there; no quick fix came of the ranges past the end.
        #expect(actions.contains { $0["title"] == "Mark done: a" })
        // The one near-miss heading whose range is right is renamed, once; the repeated @carry on the line asked about
        // gets its fix from the server's own finding (a client may send none, or a broken copy), once.
        #expect(actions.filter { $0["kind"] == "quickfix" }.map { $0["title"] } == ["Rename the heading to “## Evening”", "Keep one @carry"])
        #expect(try client.shutDown() == 0)
    }

    /// A ranged change the server cannot apply (a negative line, a range ending before it starts, no text)
    /// leaves its copy out of step: requests on it fail (RequestFailed) rather than answer from the wrong
    /// text, its diagnostics are withdrawn, and the whole text brings it back.
    @Test func aChangeThatCannotBeAppliedLeavesTheDocumentOutOfStepUntilItsWholeText() throws {
        for bad: JSONValue in [
            ["range": ["start": Self.position(-1, 0), "end": Self.position(0, 0)], "text": "x"],
            ["range": ["start": Self.position(3, 4), "end": Self.position(3, 2)], "text": "x"],
            ["range": ["start": Self.position(0, 0), "end": Self.position(0, .number("0.5"))], "text": "x"],
            ["range": ["start": Self.position(0, 0), "end": Self.position(0, 0)]],
        ] {
            let client = try LanguageServerClient()
            try client.initialize(encodings: ["utf-8"])
            // Two open must tasks in the Morning: one finding, withdrawn while the document is out of step.
            client.open(uri, "# 2026-11-21\n\n## Morning\n* [ ] one\n* [ ] two\n")
            #expect(try client.diagnostics(for: uri, version: 1).contains { $0["code"] == "DP101" })
            change(client, version: 2, [bad, ["range": ["start": Self.position(0, 0), "end": Self.position(0, 0)], "text": "y"]])
            #expect(try client.diagnostics(for: uri, version: 2).isEmpty)
            for method in ["textDocument/hover", "textDocument/formatting", "textDocument/documentSymbol"] {
                let response = try client.request(method, LanguageServerClient.params(uri, ["position": Self.position(3, 0)]))
                #expect(response["error"]?["code"]?.intValue == -32803, "\(method)")
                #expect(response["error"]?["message"]?.stringValue?.contains("out of step with the editor") == true)
            }
            change(client, version: 3, [["text": "# 2026-11-21\n\n## Morning\n- [ ] three\n"]])
            _ = try client.diagnostics(for: uri, version: 3)
            #expect(try titles(client) == ["three"])
            #expect(try client.shutDown() == 0)
            #expect(client.standardError.contains("this change and the rest are not applied"))
        }
    }

    // MARK: - Framing

    @Test func anEndlessHeaderEndsTheServerWithAMessage() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        // 16 MiB of header lines and never the blank line that ends a header block.
        let line = Array("X-Padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".utf8)
        var header = Array("Content-Length: 2\r\n".utf8)
        while header.count < 16 << 20 { header += line }
        let accepted = client.feed(header)
        let status = client.exitStatus(timeout: 10)
        if status == nil { client.process.terminate() }
        #expect(status == 2)
        // It stopped reading soon after 64 KiB, so it never held the 16 MiB.
        let taken = try #require(accepted(10))
        #expect(taken < 1 << 20)
        #expect(client.standardError.contains(
            "dayplan lsp: a header block of more than 64 KiB without the blank line that ends it (Content-Length: 2\\x0D\\x0AX-Padding: aaaaaaaaaa…): no message can be found after it; ending"))
        #expect(client.garbage.isEmpty)
    }

    @Test func aHeaderJustUnderTheLimitIsRead() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let body = Array(#"{"jsonrpc":"2.0","id":"near","method":"shutdown"}"#.utf8)
        var header = Array("Content-Length: \(body.count)\r\n".utf8)
        let padding = (64 << 10) - header.count - 13
        header += Array("X-Padding: \(String(repeating: "a", count: padding))\r\n".utf8)
        #expect(header.count == 64 << 10)
        // Fed in small pieces, so the server looks for the header's end many times.
        let fed = client.feed(header + Array("\r\n".utf8) + body, piece: 100)
        #expect(try client.response(to: "near")["result"] == .null)
        #expect(fed(10) == header.count + 2 + body.count)
        client.notify("exit")
        #expect(client.exitStatus() == 0)
    }

    @Test func aMessageOverTheLimitIsSkippedWithoutBeingHeld() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let largest = 512 << 20
        let header = Array("Content-Length: \(largest + 1)\r\n\r\n".utf8)
        let after = LanguageServerClient.frame(["jsonrpc": "2.0", "id": "after", "method": "shutdown"])
        let finished = client.feed([(header, 1), ([UInt8](repeating: 0x20, count: 1 << 16), largest >> 16), ([0x20], 1), (after, 1)])
        let skipped = try client.next { $0["error"] != nil && $0["id"] == .null }
        #expect(skipped["error"] == ["code": -32700, "message": .string("Parse error: a message of \(largest + 1) bytes, more than the 512 MiB a message may be; skipped")])
        // The message after it is read and answered.
        #expect(try client.response(to: "after")["result"] == .null)
        #expect(finished(LanguageServerClient.patience) == header.count + largest + 1 + after.count)
        if let peak = client.peakMemory { #expect(peak < 200 << 20, "the server held \(peak >> 20) MiB") }
        client.notify("exit")
        #expect(client.exitStatus() == 0)
        #expect(client.standardError.contains("dayplan lsp: a message of 536870913 bytes, more than the 512 MiB a message may be; skipped"))
    }

    @Test func aLengthPastAnyIntegerIsSkippedToTheEndOfInput() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        client.write(Array("Content-Length: 99999999999999999999999\r\n\r\n".utf8) + LanguageServerClient.frame(["jsonrpc": "2.0", "id": 5, "method": "shutdown"]))
        let skipped = try client.next { $0["error"] != nil && $0["id"] == .null }
        #expect(skipped["error"]?["message"] == "Parse error: a message of more bytes than can be counted, more than the 512 MiB a message may be; skipped")
        client.closeInput()
        #expect(client.exitStatus(timeout: 10) == 1)
    }

    @Test func malformedHeadersAreAnsweredAndTheNextMessageRead() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let cases: [(String, String)] = [
            ("Content-Length: -5\r\n\r\n", "a Content-Length that is not a length (-5)"),
            ("Content-Length: +5\r\n\r\n", "a Content-Length that is not a length (+5)"),
            ("Content-Length: 0x10\r\n\r\n", "a Content-Length that is not a length (0x10)"),
            ("Content-Length:\r\n\r\n", "a Content-Length that is not a length ()"),
            ("Content-Length: 2\r\nContent-Length: 3\r\n\r\n", "two different Content-Length fields (2 and 3)"),
            ("\r\n\r\n", "a header block without Content-Length"),
            ("Content-Length 2\r\n\r\n", "a header line without ':' (Content-Length 2)"),
            ("Content-Length: \u{1B}[2J\r\n\r\n", "a Content-Length that is not a length (\\x1B[2J)"),
        ]
        for (header, problem) in cases {
            client.write(Array(header.utf8))
            let error = try client.next { $0["error"] != nil && $0["id"] == .null }
            #expect(error["error"] == ["code": -32700, "message": .string("Parse error: " + problem)])
        }
        // The same length twice, and spaces and tabs around it, are fine.
        let body = Array(#"{"jsonrpc":"2.0","id":"twice","method":"shutdown"}"#.utf8)
        client.write(Array("Content-Length: \(body.count)\r\ncontent-length:\t\(body.count) \r\n\r\n".utf8) + body)
        #expect(try client.response(to: "twice")["result"] == .null)
        // A body shorter than announced, then the end of input: the server ends, and says so.
        client.write(Array("Content-Length: 100\r\n\r\n{\"jsonrpc\":".utf8))
        client.closeInput()
        #expect(client.exitStatus(timeout: 10) == 0)
        #expect(client.standardError.contains("dayplan lsp: the input closed in the middle of a message (34 bytes of it read)"))
        #expect(client.garbage.isEmpty)
    }

    @Test func aHeaderCutOffByTheEndOfInputEndsTheServer() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        client.write(Array("Content-Length: 12\r\n\r".utf8))
        client.closeInput()
        #expect(client.exitStatus(timeout: 10) == 1)
        #expect(client.standardError.contains("dayplan lsp: the input closed in the middle of a message (21 bytes of it read)"))
    }
}
