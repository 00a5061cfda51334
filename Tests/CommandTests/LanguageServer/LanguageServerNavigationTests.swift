import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Navigation across days through the real binary: definition and document links from dates to day files (in the
/// plan folder's layout), references along a task's path across days, workspace symbols, semantic tokens, and the
/// folder's pulled diagnostics.
@Suite struct LanguageServerNavigationTests {
    /// A plan folder in a nested layout (`YYYY/MM/`): "Call Ana" moved on from the 19th to the 20th to the 21st.
    static func planFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\n")
        try folder.write("2026/11/2026-11-19.md", "# 2026-11-19\n\n## Morning\n* [x] Plan the week\n\n## Backlog\n- [>] Call Ana\n")
        try folder.write("2026/11/2026-11-20.md",
                         "# 2026-11-20\n\n## Morning\n* [ ] Ship it #work\n\n## Backlog\n- [>] Call Ana @from:2026-11-19\n")
        try folder.write("2026/11/2026-11-21.md", today)
        try folder.write("README.md", "# Plans\n\n- [ ] not a task of the plan\n")
        return folder
    }

    static let today = """
        # 2026-11-21

        ## Morning
        * [ ] Ship it #work @due:2026-11-22
        + [x] Review 😀 the notes @on:2026-11-21

        ## Backlog
        - [ ] Call Ana @from:2026-11-20

        """

    func session(_ folder: TemporaryFolder, encoding: String = "utf-16", more: [JSONValue.Member] = [])
        throws -> (LanguageServerClient, String) {
        let (client, uri, _) = try sessionWithCapabilities(folder, encoding: encoding, more: more)
        return (client, uri)
    }

    /// A session on the plan folder with today's file open, and the server's capabilities.
    func sessionWithCapabilities(_ folder: TemporaryFolder, encoding: String = "utf-16", more: [JSONValue.Member] = [])
        throws -> (LanguageServerClient, String, JSONValue) {
        let client = try LanguageServerClient(environment: ["DAYPLAN_NOW": "1795341600"])  // 2026-11-22 10:00 UTC
        let capabilities = try client.initialize(encodings: [encoding], root: folder.url, more: more)
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026/11/2026-11-21.md"))
        client.open(uri, Self.today)
        return (client, uri, capabilities)
    }

    func dayURI(_ folder: TemporaryFolder, _ path: String) -> String {
        LanguageServerClient.uri(folder.url.appendingPathComponent(path))
    }

    func at(_ line: Int, _ character: Int) -> JSONValue {
        ["line": .integer(line), "character": .integer(character)]
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func datesGoToTheirDayFilesInThePlanLayout(encoding: String) throws {
        let folder = try Self.planFolder()
        let (client, uri) = try session(folder, encoding: encoding)
        func target(_ line: Int, _ character: Int) throws -> [String] {
            let result = try client.result("textDocument/definition", LanguageServerClient.params(uri, ["position": at(line, character)]))
            return try #require(result.arrayValue ?? (result.isNull ? [] : nil)).compactMap { $0["uri"]?.stringValue }
        }
        // @from: to the day the task came from, in the nested layout; on the date's first and last character.
        #expect(try target(7, 21) == [dayURI(folder, "2026/11/2026-11-20.md")])
        #expect(try target(7, 31) == [dayURI(folder, "2026/11/2026-11-20.md")])
        // @due: to a day with no file yet: where the layout puts it.
        #expect(try target(3, 30) == [dayURI(folder, "2026/11/2026-11-22.md")])
        // @on: after an emoji: the column is counted in the session's encoding.
        let onColumn = encoding == "utf-8" ? 32 : 30
        #expect(try target(4, onColumn) == [dayURI(folder, "2026/11/2026-11-21.md")])
        // The day heading goes to the day's own file; a title, a tag, or a line past the end go nowhere.
        #expect(try target(0, 5) == [dayURI(folder, "2026/11/2026-11-21.md")])
        #expect(try target(3, 8) == [])
        #expect(try target(3, 16) == [])
        #expect(try target(999, 999) == [])

        let links = try #require(try client.result("textDocument/documentLink", LanguageServerClient.params(uri)).arrayValue)
        #expect(links.map { $0["target"]?.stringValue ?? "" } == [
            dayURI(folder, "2026/11/2026-11-21.md"), dayURI(folder, "2026/11/2026-11-22.md"),
            dayURI(folder, "2026/11/2026-11-21.md"), dayURI(folder, "2026/11/2026-11-20.md"),
        ])
        #expect(links[3]["range"] == ["start": at(7, 21), "end": at(7, 31)])
        #expect(links[1]["tooltip"]?.stringValue?.contains("no file yet") == true)
        #expect(try client.shutDown() == 0)
    }

    /// Definition answers anywhere on a dated key's word (`@due:`, not only its digits), and wiki links to a day
    /// (`[[2026-11-20]]`, `[[2026-11-19|Thursday]]`, in a title, a note or free text) go to that day's file, as
    /// definition and as document links.
    @Test func wikiLinksAndTheWholeKeyWordGoToTheDay() throws {
        let folder = try Self.planFolder()
        let text = "# 2026-11-21\n\n## Morning\n* [ ] Ship it @due:2026-11-22 see [[2026-11-20]]\n  as on [[2026-11-19|Thursday]]\n\n## Notes\nWritten after [[2026-11-20]].\n[[2026-13-40]] [[not a day]]\n"
        let client = try LanguageServerClient(environment: ["DAYPLAN_NOW": "1795341600"])
        _ = try client.initialize(encodings: ["utf-16"], root: folder.url)
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026/11/2026-11-21.md"))
        client.open(uri, text)
        func target(_ line: Int, _ character: Int) throws -> [String] {
            let result = try client.result("textDocument/definition", LanguageServerClient.params(uri, ["position": at(line, character)]))
            return try #require(result.arrayValue ?? (result.isNull ? [] : nil)).compactMap { $0["uri"]?.stringValue }
        }
        #expect(try target(3, 14) == [dayURI(folder, "2026/11/2026-11-22.md")])  // on the @ of @due:
        #expect(try target(3, 16) == [dayURI(folder, "2026/11/2026-11-22.md")])  // on `due`
        #expect(try target(3, 40) == [dayURI(folder, "2026/11/2026-11-20.md")])  // in [[2026-11-20]]
        #expect(try target(4, 12) == [dayURI(folder, "2026/11/2026-11-19.md")])  // in a note, with a label
        #expect(try target(7, 16) == [dayURI(folder, "2026/11/2026-11-20.md")])  // in free text
        #expect(try target(8, 3) == [] && target(8, 18) == [])
        let links = try #require(try client.result("textDocument/documentLink", LanguageServerClient.params(uri)).arrayValue)
        #expect(links.map { $0["target"]?.stringValue ?? "" } == [
            dayURI(folder, "2026/11/2026-11-21.md"), dayURI(folder, "2026/11/2026-11-22.md"), dayURI(folder, "2026/11/2026-11-20.md"),
            dayURI(folder, "2026/11/2026-11-19.md"), dayURI(folder, "2026/11/2026-11-20.md"),
        ])
        #expect(links[2]["range"] == ["start": at(3, 34), "end": at(3, 48)])
        #expect(try client.shutDown() == 0)
    }

    @Test func referencesFollowATaskAcrossDaysAsQueryHistoryDoes() throws {
        let folder = try Self.planFolder()
        let (client, uri) = try session(folder)
        func references(_ line: Int, declaration: Bool = true) throws -> [JSONValue] {
            try #require(try client.result("textDocument/references", LanguageServerClient.params(uri, [
                "position": at(line, 4), "context": ["includeDeclaration": .bool(declaration)],
            ])).arrayValue)
        }
        let path = try references(7)
        #expect(path.map { $0["uri"]?.stringValue ?? "" } == [
            dayURI(folder, "2026/11/2026-11-19.md"), dayURI(folder, "2026/11/2026-11-20.md"), dayURI(folder, "2026/11/2026-11-21.md"),
        ])
        #expect(path.map { $0["range"]?["start"]?["line"] ?? nil } == [6, 6, 7])
        // The lines `dayplan query --history` lists for it, the same path.
        let query = try Binary.run(["query", "--history", "--text", "Call Ana", "--dir", folder.url.path])
        #expect(query.stdout.split(separator: "\n").map { $0.split(separator: ":")[1] } == ["7", "7", "8"])
        #expect(try references(7, declaration: false).count == 2)
        // A task that stands alone is its own only reference; a line with no task has none.
        #expect(try references(3).count == 1)
        #expect(try references(1).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func filesChangedOnDiskAreReadAgainWhenTheEditorSaysSo() throws {
        let folder = try Self.planFolder()
        let (client, uri) = try session(folder)
        func references() throws -> Int {
            try #require(try client.result("textDocument/references", LanguageServerClient.params(uri, [
                "position": at(7, 4), "context": ["includeDeclaration": true],
            ])).arrayValue).count
        }
        func symbols(_ query: String) throws -> Int {
            try #require(try client.result("workspace/symbol", ["query": .string(query)]).arrayValue).count
        }
        #expect(try references() == 3)
        #expect(try symbols("brand new") == 0)
        // Ana was called on the 20th after all: the path ends there, and today's task stands alone.
        try folder.write("2026/11/2026-11-20.md", "# 2026-11-20\n\n## Morning\n* [ ] Ship it #work\n\n## Backlog\n- [x] Call Ana\n")
        try folder.write("2026/11/2026-11-24.md", "# 2026-11-24\n\n## Backlog\n- [ ] Brand new thing\n")
        // Not told yet: what was read stands.
        #expect(try references() == 3)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [
            ["uri": .string(dayURI(folder, "2026/11/2026-11-20.md")), "type": 2],
            ["uri": .string(dayURI(folder, "2026/11/2026-11-24.md")), "type": 1],
        ]])
        #expect(try references() == 1)
        #expect(try symbols("brand new") == 1)
        // A file removed is gone from the symbols once the editor says so.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("2026/11/2026-11-24.md"))
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(dayURI(folder, "2026/11/2026-11-24.md")), "type": 3]]])
        #expect(try symbols("brand new") == 0)
        #expect(try client.shutDown() == 0)
    }

    @Test func workspaceSymbolsAreTheFoldersTasksByTitle() throws {
        let folder = try Self.planFolder()
        let (client, _) = try session(folder)
        func symbols(_ query: String) throws -> [JSONValue] {
            try #require(try client.result("workspace/symbol", ["query": .string(query)]).arrayValue)
        }
        // "Call Ana" moved on twice is one task: where it stands last, the open document's line.
        let ana = try symbols("call ANA")
        #expect(ana.map { $0["name"]?.stringValue ?? "" } == ["Call Ana"])
        #expect(ana.first?["location"]?["range"]?["start"] == at(7, 0))
        #expect(ana.first?["containerName"]?.stringValue?.hasPrefix("2026-11-21 · Backlog") == true)
        // Every word must be in the title; newest day first.
        #expect(try symbols("ship").map { $0["containerName"]?.stringValue?.prefix(10) ?? "" } == ["2026-11-21", "2026-11-20"])
        #expect(try symbols("ship nothing").isEmpty)
        #expect(try symbols("").count == 5)
        // The README's checklist is no day of the plan.
        #expect(try symbols("not a task").isEmpty)
        let bad = try client.request("workspace/symbol", ["query": 3])
        #expect(bad["error"]?["code"] == -32602)
        #expect(try client.shutDown() == 0)
    }

    @Test(arguments: ["utf-16", "utf-8"])
    func semanticTokensMarkRegionsBucketsStatusesTagsAndMetadata(encoding: String) throws {
        let folder = try Self.planFolder()
        let (client, uri, capabilities) = try sessionWithCapabilities(folder, encoding: encoding)
        #expect(capabilities["semanticTokensProvider"]?["full"] == true)
        let legend = try #require(capabilities["semanticTokensProvider"]?["legend"])
        let types = try #require(legend["tokenTypes"]?.arrayValue).compactMap(\.stringValue)
        let data = try #require(try client.result("textDocument/semanticTokens/full", LanguageServerClient.params(uri))["data"]?.arrayValue)
            .compactMap(\.intValue)
        #expect(data.count % 5 == 0)
        var tokens: [(line: Int, character: Int, length: Int, type: String, modifiers: Int)] = []
        var line = 0, character = 0
        for index in stride(from: 0, to: data.count, by: 5) {
            line += data[index]
            character = data[index] == 0 ? character + data[index + 1] : data[index + 1]
            tokens.append((line, character, data[index + 2], types[data[index + 3]], data[index + 4]))
        }
        let lines = Self.today.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func text(_ token: (line: Int, character: Int, length: Int, type: String, modifiers: Int)) -> String {
            let units = encoding == "utf-8" ? Array(lines[token.line].utf8).map(UInt16.init) : Array(lines[token.line].utf16)
            let slice = Array(units[token.character..<(token.character + token.length)])
            return encoding == "utf-8" ? String(decoding: slice.map(UInt8.init), as: UTF8.self) : String(decoding: slice, as: UTF16.self)
        }
        #expect(tokens.map { "\($0.type) \(text($0))" } == [
            "namespace ## Morning", "enumMember *", "keyword [ ]", "decorator #work", "property @due:2026-11-22",
            "enumMember +", "keyword [x]", "property @on:2026-11-21",
            "namespace ## Backlog", "enumMember -", "keyword [ ]", "property @from:2026-11-20",
        ])
        // A done task's box is `deprecated`; an open one's is not.
        #expect(tokens.filter { $0.type == "keyword" }.map(\.modifiers) == [0, 1, 0])
        // A range gives the tokens of its lines only.
        let ranged = try client.result("textDocument/semanticTokens/range", LanguageServerClient.params(uri, [
            "range": ["start": at(7, 0), "end": at(8, 0)],
        ]))["data"]?.arrayValue
        #expect(ranged?.count == 15)
        #expect(ranged?.first == 7)
        // The README is no day file of the plan: not coloured as one.
        let readme = dayURI(folder, "README.md")
        client.open(readme, "# Plans\n\n## Morning\n- [ ] not a task of the plan\n")
        #expect(try client.result("textDocument/semanticTokens/full", LanguageServerClient.params(readme))["data"] == [])
        #expect(try client.shutDown() == 0)
    }

    /// A file of the plan folder that is no day (its README) gets none of a day's help: no hover, no completion of
    /// the plan's tags or keys, no outline, folding ranges or 1-3-5 inlay hints; a day file still gets them all.
    @Test func theREADMEOfThePlanFolderGetsNoneOfADaysHelp() throws {
        let folder = try Self.planFolder()
        let (client, uri) = try session(folder)
        let readme = dayURI(folder, "README.md")
        let text = "# Plans\n\n## Morning\n- [ ] not a task of the plan #work @ca\n"
        client.open(readme, text)
        func ask(_ method: String, _ document: String, _ more: [String: JSONValue] = [:]) throws -> JSONValue {
            try client.result(method, LanguageServerClient.params(document, more))
        }
        let range: JSONValue = ["start": at(0, 0), "end": at(9, 0)]
        #expect(try ask("textDocument/hover", readme, ["position": at(2, 4)]).isNull)
        #expect(try ask("textDocument/completion", readme, ["position": at(3, 42)])["items"] == [])
        #expect(try ask("textDocument/documentSymbol", readme) == [])
        #expect(try ask("textDocument/foldingRange", readme) == [])
        #expect(try ask("textDocument/inlayHint", readme, ["range": range]) == [])
        // The day file beside it: all of them.
        #expect(try !ask("textDocument/hover", uri, ["position": at(2, 4)]).isNull)
        #expect(try ask("textDocument/documentSymbol", uri).arrayValue?.isEmpty == false)
        #expect(try ask("textDocument/inlayHint", uri, ["range": range]).arrayValue?.isEmpty == false)
        #expect(try client.shutDown() == 0)
    }

    @Test func folderDiagnosticsArePulledWithLintsAdoptionRules() throws {
        let folder = try Self.planFolder()
        try folder.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\nadopted = 2026-11-20\n")
        // Before the plan was adopted: a note, left alone, whatever it holds.
        try folder.write("2026/11/2026-11-19.md", "# 2026-11-19\n\n## Morning\n* [ ] One\n* [ ] Two\n")
        try folder.write("2026/11/2026-11-20.md", "# 2026-11-20\n\n## Morning\n* [ ] One\n* [ ] Two\n")
        let (client, uri) = try session(folder, more: [.init("textDocument", ["diagnostic": ["dynamicRegistration": false]])])
        // A client that pulls is told so, and gets no pushed diagnostics.
        let document = try client.result("textDocument/diagnostic", LanguageServerClient.params(uri))
        #expect(document["kind"] == "full")
        #expect(document["items"]?.arrayValue?.isEmpty == true)
        let result = try client.result("workspace/diagnostic", ["previousResultIds": []])
        let reports = try #require(result["items"]?.arrayValue)
        #expect(Set(reports.compactMap { $0["uri"]?.stringValue }) == [uri, dayURI(folder, "2026/11/2026-11-20.md")])
        let open = try #require(reports.first { $0["uri"]?.stringValue == uri })
        #expect(open["version"] == 1)
        let older = try #require(reports.first { $0["uri"]?.stringValue != uri })
        #expect(older["version"]?.isNull == true)
        #expect(older["items"]?.arrayValue?.map { $0["code"] ?? nil } == ["DP101"])
        #expect(older["items"]?[0]?["range"]?["start"] == at(4, 0))
        // The same findings `dayplan lint` reports for the folder.
        let lint = try Binary.run(["lint", folder.url.path])
        #expect(lint.stdout.split(separator: "\n").count == 1)
        #expect(lint.stdout.contains("2026-11-20.md:5:1"))
        #expect(!client.takeAll().contains { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri })
        // Pulled again with the ids it gave: nothing changed, nothing read again; then one file changes on disk.
        let ids: [JSONValue] = reports.map { ["uri": $0["uri"] ?? nil, "value": $0["resultId"] ?? nil] }
        let again = try #require(try client.result("workspace/diagnostic", ["previousResultIds": .array(ids)])["items"]?.arrayValue)
        #expect(again.map { $0["kind"] ?? nil } == ["unchanged", "unchanged"])
        try folder.write("2026/11/2026-11-20.md", "# 2026-11-20\n\n## Morning\n* [ ] One\n")
        let changed = try #require(try client.result("workspace/diagnostic", ["previousResultIds": .array(ids)])["items"]?.arrayValue)
        #expect(changed.first { $0["uri"]?.stringValue != uri }?["kind"] == "full")
        #expect(changed.first { $0["uri"]?.stringValue != uri }?["items"] == [])
        #expect(changed.first { $0["uri"]?.stringValue == uri }?["kind"] == "unchanged")
        let resultID = try #require(document["resultId"])
        #expect(try client.result("textDocument/diagnostic", LanguageServerClient.params(uri, ["previousResultId": resultID]))["kind"] == "unchanged")
        #expect(try client.shutDown() == 0)
    }

    @Test func positionsOutOfRangeAndBadParamsAreProperErrors() throws {
        let folder = try Self.planFolder()
        let (client, uri) = try session(folder)
        for method in ["textDocument/definition", "textDocument/references"] {
            #expect(try client.request(method, LanguageServerClient.params(uri, ["position": at(Int.max, Int.max)]))["error"] == nil)
            #expect(try client.request(method, LanguageServerClient.params(uri, ["position": ["line": -1, "character": 0]]))["error"]?["code"] == -32602)
            #expect(try client.request(method, LanguageServerClient.params(uri))["error"]?["code"] == -32602)
            #expect(try client.request(method, LanguageServerClient.params("file:///nowhere/2026-11-21.md", ["position": at(0, 0)]))["error"]?["code"] == -32602)
        }
        #expect(try client.request("textDocument/semanticTokens/range", LanguageServerClient.params(uri, [
            "range": ["start": at(5, 0), "end": at(1, 0)],
        ]))["error"]?["code"] == -32602)
        #expect(try client.request("textDocument/documentLink", [:])["error"]?["code"] == -32602)
        #expect(try client.request("workspace/diagnostic", 7)["error"]?["code"] == -32602)
        #expect(try client.shutDown() == 0)
    }

    /// A pulling client whose document's whole text came again (a reload, `:edit!`) is asked to pull again
    /// (`workspace/diagnostic/refresh`): yegappan/lsp pulls after its own edits only. An edit of a range asks
    /// nothing, nor does the same whole text sent again, and a client that says it cannot be refreshed is never asked.
    @Test func aPullingClientIsAskedToPullAgainAfterAReload() throws {
        let folder = try Self.planFolder()
        let (client, uri) = try session(folder, more: [.init("textDocument", ["diagnostic": [:]])])
        _ = try client.result("textDocument/diagnostic", LanguageServerClient.params(uri))
        _ = client.takeAll()
        client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                 "contentChanges": [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": " "]]])
        _ = try client.result("textDocument/diagnostic", LanguageServerClient.params(uri))
        #expect(!client.takeAll().contains { $0["method"] == "workspace/diagnostic/refresh" })
        client.change(uri, Self.today, version: 3)
        let refresh = try client.next { $0["method"] == "workspace/diagnostic/refresh" }
        #expect(refresh["id"] != nil && refresh["params"] == nil)
        // Answered, as a client answers it; the next pull has the reloaded text's findings.
        client.write(LanguageServerClient.frame(["jsonrpc": "2.0", "id": refresh["id"] ?? nil, "result": nil]))
        let pulled = try client.result("textDocument/diagnostic", LanguageServerClient.params(uri))
        #expect(pulled["kind"] == "full")
        // The same whole text again (yegappan/lsp sends it on entering the buffer) is no reload: nothing is asked.
        client.change(uri, Self.today, version: 4)
        _ = try client.result("textDocument/diagnostic", LanguageServerClient.params(uri))
        #expect(client.takeAll().filter { $0["method"] == "workspace/diagnostic/refresh" }.isEmpty)
        #expect(try client.shutDown() == 0)

        let (quiet, quietURI) = try session(folder, more: [.init("textDocument", ["diagnostic": [:]]),
                                                           .init("workspace", ["diagnostics": ["refreshSupport": false]])])
        quiet.change(quietURI, Self.today, version: 2)
        _ = try quiet.result("textDocument/diagnostic", LanguageServerClient.params(quietURI))
        #expect(!quiet.takeAll().contains { $0["method"] == "workspace/diagnostic/refresh" })
        #expect(try quiet.shutDown() == 0)
    }

    /// Seeded random requests to every new method, with positions anywhere (huge, on emoji, past the end), parameters
    /// of every shape and edits in between: each is answered (a result, or InvalidParams / RequestFailed), and the
    /// server ends with 0 after them, having written no file.
    @Test func randomRequestsToTheNewMethodsAreAnsweredWithoutACrash() throws {
        let folder = try Self.planFolder()
        let (client, uri) = try session(folder, more: [.init("textDocument", ["diagnostic": [:]])])
        var random = SplitMix64(seed: 35)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        func number() -> JSONValue { pick([0, 1, 3, 7, 8, 31, 32, 1000, .number("9223372036854775807"), .number("99999999999999999999"),
                                           .number("-1"), .number("1.5"), "x", .null]) }
        func position() -> JSONValue { pick([["line": number(), "character": number()], .null, 3, [:]]) }
        let methods = ["textDocument/definition", "textDocument/documentLink", "textDocument/references", "workspace/symbol",
                       "textDocument/semanticTokens/full", "textDocument/semanticTokens/range", "textDocument/diagnostic",
                       "workspace/diagnostic", "workspace/executeCommand"]
        let documents: [JSONValue] = [["uri": .string(uri)], ["uri": "file:///nowhere.md"], ["uri": 3], .null, "x"]
        for round in 0..<300 {
            if round % 7 == 0 {
                client.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .integer(round + 2)],
                                                         "contentChanges": [["range": ["start": position(), "end": position()],
                                                                             "text": pick(["x", "\n- [ ] Call Ana @from:2026-11-20", "😀", "# "])]]])
                if round % 21 == 0 { client.change(uri, Self.today, version: round + 2) }
            }
            let params: JSONValue = pick([
                ["textDocument": pick(documents), "position": position(), "context": ["includeDeclaration": pick([true, false, 3])]],
                ["textDocument": pick(documents), "range": ["start": position(), "end": position()]],
                ["query": pick(["", "call", "😀", 3, .null, "a b c"])],
                ["command": pick(["dayplan.markDone", "dayplan.addToBacklog", "dayplan.openToday", "dayplan.rollover", "x", 3]),
                 "arguments": pick([[], [["uri": .string(uri), "position": position(), "title": pick(["t", "", "@carry", 3])]], 3, ["x"]])],
                .null, 3, [:],
            ])
            let response = try client.request(pick(methods), params)
            if let error = response["error"] {
                #expect([-32602, -32803].contains(error["code"]?.intValue ?? 0), "\(error)")
            } else {
                #expect(response["result"] != nil)
            }
        }
        #expect(try client.shutDown() == 0)
        #expect(client.garbage.isEmpty)
        #expect(try folder.read("2026/11/2026-11-21.md") == Self.today)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026/11/2026-11-22.md").path))
    }

    @Test func withoutAPlanFolderNavigationFindsNothing() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let uri = "untitled:Untitled-1"
        client.open(uri, Self.today)
        #expect(try client.result("textDocument/references", LanguageServerClient.params(uri, ["position": at(7, 4)])) == [])
        #expect(try client.result("workspace/symbol", ["query": "ana"]) == [])
        #expect(try client.result("workspace/diagnostic", ["previousResultIds": []])["items"] == [])
        #expect(try client.shutDown() == 0)
    }
}
