import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan lsp`'s lifecycle and its answers to bad messages, over real pipes.
@Suite struct LanguageServerLifecycleTests {
    let uri = "file:///plans/2026-11-21.md"

    @Test func answersRequestsBeforeInitializeWithServerNotInitialized() throws {
        let client = try LanguageServerClient()
        let early = try client.request("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 0, "character": 0]]))
        #expect(early["error"]?["code"]?.intValue == -32002)
        // A notification before initialize is dropped: the document is not open afterwards.
        client.open(uri, "# 2026-11-21\n")
        try client.initialize()
        let hover = try client.request("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": 0, "character": 0]]))
        #expect(hover["error"]?["code"]?.intValue == -32602)
        #expect(try client.shutDown() == 0)
        #expect(client.garbage.isEmpty)
    }

    @Test func initializesWithTheCapabilitiesItServes() throws {
        let client = try LanguageServerClient()
        let capabilities = try client.initialize()
        #expect(capabilities["positionEncoding"] == "utf-16")
        #expect(capabilities["textDocumentSync"]?["change"] == 2)
        #expect(capabilities["textDocumentSync"]?["openClose"] == true)
        for provider in ["documentFormattingProvider", "hoverProvider", "documentSymbolProvider", "foldingRangeProvider",
                         "inlayHintProvider", "definitionProvider", "referencesProvider", "workspaceSymbolProvider"] {
            #expect(capabilities[provider] == true, "\(provider)")
        }
        #expect(capabilities["completionProvider"]?["triggerCharacters"] == ["@", "#", ":"])
        #expect(capabilities["codeActionProvider"]?["codeActionKinds"] == ["quickfix", "refactor.rewrite", "refactor.move", "source"])
        #expect(capabilities["executeCommandProvider"]?["commands"]?.arrayValue?.count == 6)
        #expect(capabilities["semanticTokensProvider"]?["range"] == true)
        // A client that does not pull diagnostics is not offered them: it gets them pushed.
        #expect(capabilities["diagnosticProvider"] == nil)
        let again = try client.request("initialize", ["capabilities": [:]])
        #expect(again["error"]?["code"]?.intValue == -32600)
        #expect(try client.shutDown() == 0)
    }

    @Test func answersUnknownMethodsAndRequestsAfterShutdown() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        let unknown = try client.request("textDocument/teleport", [:])
        #expect(unknown["error"]?["code"]?.intValue == -32601)
        #expect(unknown["error"]?["message"]?.stringValue == "Unknown method textDocument/teleport")
        let dollar = try client.request("$/somethingNew", [:])
        #expect(dollar["error"]?["code"]?.intValue == -32601)
        // An unknown notification gets no answer; the next request is answered as usual.
        client.notify("workspace/somethingElse")
        #expect(try client.request("shutdown", nil)["result"] == .null)
        let late = try client.request("textDocument/hover", LanguageServerClient.params(uri))
        #expect(late["error"]?["code"]?.intValue == -32600)
        client.notify("exit")
        #expect(client.exitStatus() == 0)
        #expect(client.takeAll().isEmpty)
    }

    @Test func exitWithoutShutdownEndsWithOne() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        client.notify("exit")
        #expect(client.exitStatus() == 1)
    }

    @Test func aClosedInputEndsTheServer() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        client.open(uri, "# 2026-11-21\n\n## Morning\n")
        _ = try client.diagnostics(for: uri)
        client.closeInput()
        #expect(client.exitStatus() == 1)
        #expect(client.standardError.contains("the input closed"))
    }

    @Test func keepsServingAfterMalformedMessages() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        func error(after bytes: [UInt8]) throws -> JSONValue {
            client.write(bytes)
            return try client.next { $0["error"] != nil && $0["id"] == .null }
        }
        let notJSON = try error(after: Array("Content-Length: 9\r\n\r\n{\"id\": 1,".utf8))
        #expect(notJSON["error"]?["code"]?.intValue == -32700)
        #expect(notJSON["error"]?["message"]?.stringValue == "Parse error: at byte 9: unexpected end of input in an object")
        let badUTF8 = try error(after: Array("Content-Length: 4\r\n\r\n\"".utf8) + [0xC3, 0x28, 0x22])
        #expect(badUTF8["error"]?["code"]?.intValue == -32700)
        let noLength = try error(after: Array("Content-Type: application/json\r\n\r\n".utf8))
        #expect(noLength["error"]?["code"]?.intValue == -32700)
        let badLength = try error(after: Array("Content-Length: lots\r\n\r\n".utf8))
        #expect(badLength["error"]?["code"]?.intValue == -32700)
        let array = try error(after: LanguageServerClient.frame([1, 2]))
        #expect(array["error"]?["code"]?.intValue == -32600)
        let noMethod = try error(after: LanguageServerClient.frame(["jsonrpc": "2.0", "params": [:]]))
        #expect(noMethod["error"]?["code"]?.intValue == -32600)
        let badID = try error(after: LanguageServerClient.frame(["jsonrpc": "2.0", "id": [1], "method": "shutdown"]))
        #expect(badID["error"]?["code"]?.intValue == -32600)
        // A header with other fields and any case is fine.
        let body = Array(#" {"jsonrpc":"2.0","id":"s","method":"shutdown"}  "#.utf8)
        client.write(Array("content-length:\(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8) + body)
        #expect(try client.response(to: "s")["result"] == .null)
        client.notify("exit")
        #expect(client.exitStatus() == 0)
        #expect(client.garbage.isEmpty)
    }

    @Test func answersACancelledRequestWithRequestCancelled() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        client.open(uri, "# 2026-11-21\n\n## Morning\n")
        // The request and its cancellation arrive together, so the server sees the cancellation first.
        let id: JSONValue = 99
        client.write(LanguageServerClient.frame(["jsonrpc": "2.0", "id": id, "method": "textDocument/formatting",
                                                 "params": LanguageServerClient.params(uri)])
                     + LanguageServerClient.frame(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": id]]))
        let response = try client.response(to: id)
        #expect(response["error"]?["code"]?.intValue == -32800)
        // A cancellation for a request already answered changes nothing.
        client.notify("$/cancelRequest", ["id": id])
        #expect(try client.shutDown() == 0)
    }

    @Test func logsToStandardErrorOnly() throws {
        let client = try LanguageServerClient()
        try client.initialize()
        client.notify("textDocument/didChange", LanguageServerClient.params("file:///nowhere.md", ["contentChanges": []]))
        #expect(try client.shutDown() == 0)
        #expect(client.standardError.contains("dayplan lsp: didChange for a document that is not open"))
        #expect(client.garbage.isEmpty)
    }

    @Test func acceptsStdioAndRefusesOtherArguments() throws {
        let help = try Binary.run(["lsp", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Language Server Protocol"))
        let wrong = try Binary.run(["lsp", "--tcp"])
        #expect(wrong.status == 2)
        let stdio = try Binary.run(["lsp", "--stdio"], stdin: LanguageServerClient.frame(["jsonrpc": "2.0", "method": "exit"]))
        #expect(stdio.status == 1)
        #expect(stdio.stdout.isEmpty)
    }
}
