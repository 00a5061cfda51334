import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `workspace/executeCommand` through the real binary: each command's change arrives as `workspace/applyEdit` (or a
/// file to open as `window/showDocument`), equals what the command line writes, and the server itself writes no file.
@Suite struct LanguageServerCommandTests {
    static let now = "1795341600"  // 2026-11-22 10:00 UTC

    /// A plan folder whose newest day is 2026-11-21, that day open in the editor.
    func session(applyEdit: Bool = true, config: String = "") throws -> (LanguageServerClient, TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", config)
        try folder.write("2026-11-21.md", LanguageServerNavigationTests.today)
        let client = try LanguageServerClient(environment: ["DAYPLAN_NOW": Self.now])
        try client.initialize(root: folder.url, more: applyEdit ? [
            .init("workspace", ["applyEdit": true, "workspaceEdit": ["documentChanges": true, "resourceOperations": ["create"]]]),
            .init("window", ["showDocument": ["support": true]]),
        ] : [])
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md"))
        client.open(uri, LanguageServerNavigationTests.today)
        return (client, folder, uri)
    }

    /// Runs a command; returns its result and the `workspace/applyEdit` request it sent (answered as applied).
    func run(_ client: LanguageServerClient, _ command: String, _ arguments: [JSONValue] = []) throws -> (JSONValue, JSONValue?) {
        let result = try client.result("workspace/executeCommand", ["command": .string(command), "arguments": .array(arguments)])
        let request = client.takeAll().first { $0["method"] == "workspace/applyEdit" || $0["method"] == "window/showDocument" }
        if let request {
            client.write(LanguageServerClient.frame(["jsonrpc": "2.0", "id": request["id"] ?? nil, "result": ["applied": true]]))
        }
        return (result, request)
    }

    /// With `done-date = yes` in the plan's settings, mark done from the editor writes `@done:` today,
    /// exactly as `dayplan mark done` does with the same settings and clock.
    @Test func markDoneWritesTheDoneDateWhenTheSettingsAskForIt() throws {
        // The folder is kept to the end: the server reads its settings.
        let (client, folder, uri) = try session(config: "done-date = yes\n")
        let (_, request) = try run(client, "dayplan.markDone", [["uri": .string(uri), "position": ["line": 3, "character": 4]]])
        var buffer = EditorBuffer(LanguageServerNavigationTests.today)
        buffer.apply(try #require(request?["params"]?["edit"]?["changes"]?[uri]?.arrayValue))
        #expect(buffer.text.contains("* [x] Ship it #work @due:2026-11-22 @done:2026-11-22\n"), "\(buffer.text)")
        let marked = try TemporaryFolder()
        try marked.write(".dayplan/config", "done-date = yes\n")
        try marked.write("2026-11-21.md", LanguageServerNavigationTests.today)
        let cli = try Binary.run(["mark", "done", "Ship it", "--dir", marked.url.path, "--date", "2026-11-21"],
                                 environment: ["DAYPLAN_NOW": Self.now])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(buffer.text == (try marked.read("2026-11-21.md")))
        #expect(try folder.read("2026-11-21.md") == LanguageServerNavigationTests.today)
        #expect(try client.shutDown() == 0)
    }

    @Test func markDoneAndAddToTheBacklogAreEditsTheEditorApplies() throws {
        let (client, folder, uri) = try session()
        let (done, request) = try run(client, "dayplan.markDone", [["uri": .string(uri), "position": ["line": 3, "character": 4]]])
        #expect(done["changed"] == true)
        #expect(request?["method"] == "workspace/applyEdit")
        var buffer = EditorBuffer(LanguageServerNavigationTests.today)
        buffer.apply(try #require(request?["params"]?["edit"]?["changes"]?[uri]?.arrayValue))
        // Exactly what `dayplan mark done` writes: the status mark and nothing else.
        let marked = try TemporaryFolder()
        try marked.write("2026-11-21.md", LanguageServerNavigationTests.today)
        try Binary.run(["mark", "done", "Ship it", "--dir", marked.url.path, "--date", "2026-11-21"])
        #expect(buffer.text == (try marked.read("2026-11-21.md")))
        #expect(buffer.text.contains("* [x] Ship it #work"))
        // The server wrote nothing: the file on disk is as it was.
        #expect(try folder.read("2026-11-21.md") == LanguageServerNavigationTests.today)

        let (added, insert) = try run(client, "dayplan.addToBacklog", [["title": "Buy milk #home", "uri": .string(uri)]])
        #expect(added["line"] == 8)
        var after = EditorBuffer(LanguageServerNavigationTests.today)
        after.apply(try #require(insert?["params"]?["edit"]?["changes"]?[uri]?.arrayValue))
        #expect(after.text.hasSuffix("- [ ] Call Ana @from:2026-11-20\n- [ ] Buy milk #home @from:2026-11-21\n"))
        #expect(try client.shutDown() == 0)
    }

    /// Today (2026-11-22) has no file yet: the server makes it as `dayplan add` does (the template here), by a
    /// `CreateFile` edit, and writes nothing itself; an editor that cannot make files gets an error naming the
    /// command that can.
    @Test func addToTheBacklogOfADayWithoutAFileMakesTheDayAsAddDoes() throws {
        let (client, folder, _) = try session(config: "template = .dayplan/template.md\n")
        try folder.write(".dayplan/template.md", "# {{date}}\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Water plants\n")
        let (added, request) = try run(client, "dayplan.addToBacklog", [["title": "Buy milk #home"]])
        let newURI = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-22.md"))
        #expect(added["created"] == true)
        #expect(added["uri"]?.stringValue == newURI)
        let changes = try #require(request?["params"]?["edit"]?["documentChanges"]?.arrayValue)
        #expect(changes.first?["kind"] == "create")
        #expect(changes.first?["uri"]?.stringValue == newURI)
        let newText = try #require(changes.dropFirst().first?["edits"]?[0]?["newText"]?.stringValue)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-11-22.md").path))
        let cli = try Binary.run(["add", "Buy milk #home", "--to", "backlog", "--dir", folder.url.path],
                                 environment: ["DAYPLAN_NOW": Self.now])
        #expect(cli.status == 0, "\(cli.stderr)")
        #expect(newText == (try folder.read("2026-11-22.md")))
        #expect(newText.contains("- [ ] Water plants\n- [ ] Buy milk #home @from:2026-11-22\n"), "\(newText)")
        #expect(try client.shutDown() == 0)

        let plain = try TemporaryFolder()
        try plain.write(".dayplan/config", "")
        try plain.write("2026-11-21.md", LanguageServerNavigationTests.today)
        let noCreate = try LanguageServerClient(environment: ["DAYPLAN_NOW": Self.now])
        try noCreate.initialize(root: plain.url, more: [.init("workspace", ["applyEdit": true])])
        let refused = try noCreate.request("workspace/executeCommand", ["command": "dayplan.addToBacklog", "arguments": [["title": "x"]]])
        #expect(refused["error"]?["code"] == -32803)
        #expect(refused["error"]?["message"]?.stringValue?.contains("run dayplan add") == true)
        #expect(try noCreate.shutDown() == 0)
    }

    @Test func rolloverCreatesTheNewDayAsTheCommandLineDoes() throws {
        let (client, folder, uri) = try session()
        let (result, request) = try run(client, "dayplan.rollover")
        #expect(result["day"] == "2026-11-22")
        #expect(result["created"] == true)
        let changes = try #require(request?["params"]?["edit"]?["documentChanges"]?.arrayValue)
        let newURI = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-22.md"))
        #expect(changes.first?["kind"] == "create")
        #expect(changes.first?["uri"]?.stringValue == newURI)
        let newText = try #require(changes[1]["edits"]?[0]?["newText"]?.stringValue)
        var old = EditorBuffer(LanguageServerNavigationTests.today)
        old.apply(try #require(changes.first { $0["textDocument"]?["uri"]?.stringValue == uri }?["edits"]?.arrayValue))
        // The same files `dayplan rollover` writes from the same folder.
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-11-22.md").path) == false)
        try Binary.run(["rollover", "--dir", folder.url.path], environment: ["DAYPLAN_NOW": Self.now])
        #expect(newText == (try folder.read("2026-11-22.md")))
        #expect(old.text == (try folder.read("2026-11-21.md")))
        #expect(try client.shutDown() == 0)
    }

    @Test func aRolloverTheEditorCannotMakeOrTheFilesRefuseIsAnError() throws {
        // Edits, but no files made by them: the new day cannot be made from the editor.
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "")
        try folder.write("2026-11-21.md", LanguageServerNavigationTests.today)
        let client = try LanguageServerClient(environment: ["DAYPLAN_NOW": Self.now])
        try client.initialize(root: folder.url, more: [.init("workspace", ["applyEdit": true])])
        let noCreate = try client.request("workspace/executeCommand", ["command": "dayplan.rollover"])
        #expect(noCreate["error"]?["code"] == -32803)
        #expect(noCreate["error"]?["message"]?.stringValue?.contains("run dayplan rollover") == true)
        // The old day open in the editor with a conflict marker: refused as `dayplan rollover` refuses it, naming it.
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-21.md"))
        client.open(uri, LanguageServerNavigationTests.today + "<<<<<<< ours\n- [ ] a\n=======\n- [ ] b\n>>>>>>> theirs\n")
        let refused = try client.request("workspace/executeCommand", ["command": "dayplan.rollover"])
        #expect(refused["error"]?["code"] == -32803)
        #expect(refused["error"]?["message"]?.stringValue?.contains("DP041") == true)
        #expect(refused["error"]?["message"]?.stringValue?.contains("rollover refused") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-11-22.md").path))
        #expect(try client.shutDown() == 0)
    }

    @Test func openCommandsShowTheDaysFile() throws {
        let (client, folder, uri) = try session()
        let (yesterday, show) = try run(client, "dayplan.openYesterday")
        #expect(yesterday["exists"] == true)
        #expect(show?["method"] == "window/showDocument")
        #expect(show?["params"]?["uri"]?.stringValue == uri)
        let (today, _) = try run(client, "dayplan.openToday")
        #expect(today["exists"] == false)
        #expect(today["uri"]?.stringValue == LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-22.md")))
        let (tomorrow, _) = try run(client, "dayplan.openTomorrow")
        #expect(tomorrow["day"] == "2026-11-23")
        #expect(try client.shutDown() == 0)
    }

    @Test func badCommandsAreErrorsAndNothingIsWrittenWithoutApplyEdit() throws {
        let (client, folder, uri) = try session(applyEdit: false)
        func code(_ params: JSONValue) throws -> JSONValue? {
            try client.request("workspace/executeCommand", params)["error"]?["code"]
        }
        #expect(try code(["command": "dayplan.nothing"]) == -32602)
        #expect(try code(["arguments": []]) == -32602)
        #expect(try code(["command": "dayplan.markDone", "arguments": 3]) == -32602)
        #expect(try code(["command": "dayplan.markDone", "arguments": [["uri": .string(uri)]]]) == -32602)
        #expect(try code(["command": "dayplan.markDone", "arguments": [["uri": .string(uri), "position": ["line": 1, "character": 0]]]]) == -32602)
        #expect(try code(["command": "dayplan.markDone", "arguments": [["uri": "file:///nowhere/2026-11-21.md", "position": ["line": 1, "character": 0]]]]) == -32602)
        #expect(try code(["command": "dayplan.addToBacklog", "arguments": [["title": "@carry", "uri": .string(uri)]]]) == -32602)
        // The editor takes no edits from the server: the command says so, and writes nothing itself.
        #expect(try code(["command": "dayplan.markDone", "arguments": [["uri": .string(uri), "position": ["line": 3, "character": 0]]]]) == -32803)
        #expect(try code(["command": "dayplan.rollover"]) == -32803)
        #expect(try folder.read("2026-11-21.md") == LanguageServerNavigationTests.today)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-11-22.md").path))
        #expect(try client.shutDown() == 0)
    }
}

/// The server reports long-carried tasks (DP052, information) from the plan folder's own
/// `carried-warning-days`, as `dayplan lint` does.
@Suite struct LanguageServerLongCarriedTests {
    static let day = "# 2026-11-22\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Renew passport @from:2026-11-18\n"

    func codes(config: String) throws -> [JSONValue] {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", config)
        try folder.write("2026-11-22.md", Self.day)
        let client = try LanguageServerClient(environment: ["DAYPLAN_NOW": LanguageServerCommandTests.now])
        _ = try client.initialize(root: folder.url)
        let uri = LanguageServerClient.uri(folder.url.appendingPathComponent("2026-11-22.md"))
        client.open(uri, Self.day)
        let diagnostics = try client.diagnostics(for: uri)
        #expect(try client.shutDown() == 0)
        return diagnostics.filter { $0["code"] == "DP052" }.map { $0["severity"] ?? nil }
    }

    @Test func theFoldersSettingDecides() throws {
        // Planned four days ago: carried for long from three days on, not from the default seven.
        #expect(try codes(config: "carried-warning-days = 3\n") == [3])
        #expect(try codes(config: "").isEmpty)
    }
}
