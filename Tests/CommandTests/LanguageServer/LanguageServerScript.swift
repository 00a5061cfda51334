// A language-server session made from arbitrary bytes: the bytes pick framed messages (initialize, didOpen,
// didChange whole and by range, hover, completion, formatting, code actions, outline, cancellations, …),
// positions at the edges of every integer type, wrong types, and broken framing.
//
// Compiled twice: into CommandTests, which replay the fuzzer's finds (`Tests/Fuzz/lsp-regressions/`) and
// seeded scripts through the built `dayplan lsp`, and with the server's sources into the libFuzzer target
// (`Tests/Fuzz/run-lsp.sh`), which runs the same stream through the server in process.
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// Turns fuzzer bytes into a stream of framed language-server messages.
struct LanguageServerScript {
    private let bytes: [UInt8]
    private var next = 0
    private var stream: [UInt8] = []
    private var nextID = 0

    /// The messages `input` picks, framed as a client sends them (some of them broken on purpose).
    static func stream(from input: [UInt8]) -> [UInt8] {
        var script = LanguageServerScript(bytes: input)
        script.play()
        return script.stream
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Reading the input

    private var atEnd: Bool { next >= bytes.count }

    private mutating func byte() -> Int {
        guard next < bytes.count else { return 0 }
        next += 1
        return Int(bytes[next - 1])
    }

    private mutating func pick<T>(_ options: [T]) -> T {
        options[byte() % options.count]
    }

    /// Up to `limit` bytes of the input, as they are.
    private mutating func chunk(_ limit: Int) -> [UInt8] {
        let count = min(byte() % (limit + 1), bytes.count - next)
        defer { next += count }
        return Array(bytes[next..<(next + count)])
    }

    // MARK: - Values

    /// Numbers at the edges of every integer type, and some that are no integer at all, as JSON text.
    static let edges = [
        "0", "1", "2", "3", "-1", "-2", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32768",
        "-32769", "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295",
        "4294967296", "9007199254740993", "9223372036854775806", "9223372036854775807", "9223372036854775808",
        "-9223372036854775807", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "340282366920938463463374607431768211456", "99999999999999999999999999999999999",
        "-99999999999999999999999999999999999", "-0", "0.0", "1.5", "3.0", "-0.5", "1e3", "1E400", "-1e400",
        "2.5e-7", "1e-400",
    ]

    /// A line or character: half the time small (to land inside the text), else an edge or a value of the
    /// wrong type.
    private mutating func coordinate() -> JSONValue {
        switch byte() % 8 {
        case 0, 1, 2, 3: return .integer(byte() % 12)
        case 4, 5, 6: return .number(pick(LanguageServerScript.edges))
        default: return pick([.null, true, "3", [], [:], .number("7")])
        }
    }

    private mutating func position() -> JSONValue {
        switch byte() % 16 {
        case 0: return pick([.null, "0:0", [0, 0], [:], ["line": 0], ["character": 0]])
        default: return ["line": coordinate(), "character": coordinate()]
        }
    }

    private mutating func range() -> JSONValue {
        switch byte() % 16 {
        case 0: return pick([.null, [:], ["start": ["line": 0, "character": 0]], [0, 0, 1, 1]])
        default: return ["start": position(), "end": position()]
        }
    }

    static let uris = ["file:///plans/2026-11-21.md", "file:///plans/2026-11-22.md", "untitled:Untitled-1",
                       "file:///plans/notes%20and%20more.md"]

    /// Most often the document opened at the start, so that requests find it open.
    private mutating func uri() -> JSONValue {
        .string(byte() % 4 != 0 ? LanguageServerScript.uris[0] : pick(LanguageServerScript.uris))
    }

    static let plan = """
        # 2026-11-21

        ## Morning
        * [x] Release 2.4 #work @sticky
        + [/] Refactor the 😀 export module #work @carry
        - [ ] Send the invoice to Müller & Söhne #admin @from:2026-11-19
        - [ ] Buy a card @expires:2026-11-20 @expires:2026-11-20

        ## Afternoon
        * [ ] one
        * [ ] two 漢字
        - [ ] Fix the squeaky bike brake #home
          the rear brake; the pads might be fine

        ## Evenings
        + [ ] Rehearse the talk twice @carry @due:2026-11-2

        ## Backlog
        - [ ] Learn three phrases of Ελληνικά @from:2026-11-17
        * [ ] Decide on the new laptop @expires:2026-11-30

        """

    /// A document's text: the sample plan, bytes of the input, or both; sometimes with CRLF or lone CR.
    private mutating func text() -> JSONValue {
        var text: String
        switch byte() % 4 {
        case 0: text = LanguageServerScript.plan
        case 1: text = String(decoding: chunk(200), as: UTF8.self)
        case 2: text = LanguageServerScript.plan + String(decoding: chunk(60), as: UTF8.self)
        default: text = pick(["", "\n", "@", "#", "- [ ] ", "## Morning\n- ", "😀", "\r\n", "\r"])
        }
        switch byte() % 8 {
        case 0: text = text.replacingNewlines(with: "\r\n")
        case 1: text = text.replacingNewlines(with: "\r")
        default: break
        }
        return .string(text)
    }

    // MARK: - Messages

    private mutating func frame(_ message: JSONValue) {
        let body = message.serialized()
        stream += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    private mutating func request(_ method: String, _ params: JSONValue) {
        nextID += 1
        let id: JSONValue = byte() % 16 == 0 ? pick(["a", .number("-1"), .number("1.5"), .number(LanguageServerScript.edges[byte() % 30])]) : .integer(nextID)
        frame(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
    }

    private mutating func notify(_ method: String, _ params: JSONValue) {
        frame(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    private mutating func initialize() {
        let encodings: JSONValue = pick([
            .null, ["utf-8"], ["utf-16"], ["utf-32"], ["utf-32", "utf-16"], ["utf-16", "utf-8", "utf-32"], "utf-8", [1],
        ])
        request("initialize", ["processId": nil, "capabilities": [
            "general": ["positionEncodings": encodings],
            "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": .bool(byte() % 2 == 0)]],
        ]])
        notify("initialized", [:])
    }

    private func document(_ uri: JSONValue) -> JSONValue { ["uri": uri] }

    private mutating func play() {
        if byte() % 16 != 0 { initialize() }
        if byte() % 4 != 0 {
            notify("textDocument/didOpen", ["textDocument": ["uri": .string(LanguageServerScript.uris[0]), "languageId": "markdown",
                                                             "version": 1, "text": .string(LanguageServerScript.plan)]])
        }
        while !atEnd {
            switch byte() % 22 {
            case 0:
                notify("textDocument/didOpen", ["textDocument": ["uri": uri(), "languageId": "markdown",
                                                                 "version": coordinate(), "text": text()]])
            case 1:
                notify("textDocument/didChange", ["textDocument": ["uri": uri(), "version": coordinate()],
                                                  "contentChanges": [["text": text()]]])
            case 2, 3, 4:
                var changes: [JSONValue] = []
                for _ in 0...(byte() % 3) {
                    switch byte() % 16 {
                    case 0: changes.append(["range": range()])
                    case 1: changes.append(["range": range(), "text": 5])
                    default: changes.append(["range": range(), "text": text()])
                    }
                }
                notify("textDocument/didChange", ["textDocument": ["uri": uri(), "version": coordinate()],
                                                  "contentChanges": .array(changes)])
            case 5, 6:
                request("textDocument/hover", ["textDocument": document(uri()), "position": position()])
            case 7, 8:
                request("textDocument/completion", ["textDocument": document(uri()), "position": position()])
            case 9:
                request("textDocument/formatting", ["textDocument": document(uri()), "options": ["tabSize": 4, "insertSpaces": true]])
            case 10, 11:
                var diagnostics: [JSONValue] = []
                for _ in 0..<(byte() % 3) {
                    diagnostics.append(["range": range(), "code": pick(["DP101", "DP035", "DP023", "DP001", 7, .null]),
                                        "message": "x"])
                }
                request("textDocument/codeAction", ["textDocument": document(uri()), "range": range(),
                                                    "context": ["diagnostics": .array(diagnostics)]])
            case 12:
                request(pick(["textDocument/documentSymbol", "textDocument/foldingRange"]), ["textDocument": document(uri())])
            case 13:
                var params: [JSONValue.Member] = [.init("textDocument", document(uri()))]
                if byte() % 4 != 0 { params.append(.init("range", range())) }
                request("textDocument/inlayHint", .object(params))
            case 14:
                notify("textDocument/didClose", ["textDocument": document(uri())])
            case 15:
                notify("$/cancelRequest", ["id": pick([.integer(nextID), .integer(nextID + 1), .number(pick(LanguageServerScript.edges)), "a"])])
            case 16:
                // Parameters of the wrong shape.
                let method = pick(["textDocument/hover", "textDocument/completion", "textDocument/codeAction",
                                   "textDocument/formatting", "textDocument/inlayHint", "textDocument/didChange"])
                let params: JSONValue = pick([.null, 3, "x", [], [:], ["textDocument": 3], ["textDocument": ["uri": 3]],
                                              ["textDocument": document(uri()), "position": "x", "range": 7, "contentChanges": 3]])
                if byte() % 2 == 0 { request(method, params) } else { notify(method, params) }
            case 17:
                notify(pick(["textDocument/didSave", "workspace/didChangeWatchedFiles", "workspace/somethingNew", "$/setTrace"]),
                       ["textDocument": document(uri())])
            case 18:
                if byte() % 4 == 0 {
                    request("shutdown", .null)
                    if byte() % 2 == 0 { notify("exit", .null) }
                } else {
                    initialize()
                }
            case 19:
                // A body of the input's bytes, framed right.
                let body = chunk(120)
                stream += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
            default:
                if brokenFraming() { return }
                // A blank line ends whatever header block the broken frame left open, so that the messages after
                // it are read again (most of the time: without it, every later message is lost).
                if byte() % 4 != 0 { stream += Array("\r\n\r\n".utf8) }
            }
        }
    }

    /// Appends a broken frame; returns true when nothing can follow it (the server reads past the rest).
    private mutating func brokenFraming() -> Bool {
        func add(_ text: String) { stream += Array(text.utf8) }
        switch byte() % 16 {
        case 0: add("Content-Type: application/json\r\n\r\n")
        case 1: add("Content-Length: -5\r\n\r\n")
        case 2: add("Content-Length: five\r\n\r\n")
        case 3: add("Content-Length: 2\r\nContent-Length: 7\r\n\r\n{}")
        case 4: add("Content-Length: 2\r\ncontent-length:2\r\n\r\n{}")
        case 5: add("no colon here\r\n\r\n")
        case 6: add("\r\n\r\n")
        case 7: add("Content-Length: 2\n\n{}")
        case 8: add("content-length: \t 2 \t\r\nX-Other: y\r\n\r\n{}")
        case 9: add("Content-Length: \(pick(LanguageServerScript.edges))\r\n\r\n")
        case 10: add("X-Padding: " + String(repeating: "a", count: byte() * 16) + "\r\n")
        case 11: stream += chunk(40)
        case 12:
            // A body shorter than announced, then the end.
            add("Content-Length: \(byte() + 10)\r\n\r\n{\"jsonrpc\":")
            return true
        case 13:
            // A header cut off by the end of input.
            add(pick(["Content-Len", "Content-Length: 1", "Content-Length: 12\r\n", "Content-Length: 12\r\n\r"]))
            return true
        case 14:
            // Longer than a message may be: everything after it is read past.
            add("Content-Length: \(pick(["536870913", "9223372036854775807", "99999999999999999999999"]))\r\n\r\n")
            return byte() % 2 == 0
        default: add("Content-Length: 0\r\n\r\n")
        }
        return false
    }
}

extension String {
    /// The text with each `\n` replaced by `ending`.
    fileprivate func replacingNewlines(with ending: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: ending)
    }
}
