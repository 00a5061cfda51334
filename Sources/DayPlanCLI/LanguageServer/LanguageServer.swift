import DayPlan
import DayPlanArchive
import DayPlanJSON

/// An error a request is answered with: a JSON-RPC or protocol error code and a sentence.
struct ResponseError: Error {
    /// The JSON-RPC or protocol error code.
    let code: Int
    /// What went wrong, for the person reading the editor's log.
    let message: String

    /// The message is not JSON, or its header is broken.
    static let parseError = -32700
    /// The message is JSON but not a request, or comes after shutdown.
    static let invalidRequest = -32600
    /// No such method.
    static let methodNotFound = -32601
    /// The parameters are not what the method takes.
    static let invalidParams = -32602
    /// A request came before `initialize`.
    static let serverNotInitialized = -32002
    /// The request is valid but cannot be answered now (a document out of step with the editor).
    static let requestFailed = -32803
    /// The client cancelled the request before the server got to it.
    static let requestCancelled = -32800

    /// The parameters lack something the method needs.
    static func invalid(_ what: String) -> ResponseError { ResponseError(code: invalidParams, message: what) }
}

/// `dayplan lsp`: the Language Server Protocol over standard input and output, one message at a time.
///
/// The server reads whatever messages have arrived as one batch, answers them in order and then pushes the
/// diagnostics of every document that changed, once: typing fast sends many changes, and only the last text
/// needs checking. Within a batch a request that `$/cancelRequest` cancelled is answered with
/// `RequestCancelled` instead of being worked on.
struct LanguageServer {
    /// Where the session stands in the protocol's lifecycle.
    enum State { case uninitialized, running, shutDown }

    /// Where the session stands.
    var state = State.uninitialized
    /// The framed messages in and out.
    var channel: MessageChannel
    /// Standard error, the only place the server writes to besides the channel.
    var log = Output.error
    /// How positions count characters, agreed at `initialize`.
    var encoding = PositionEncoding.utf16
    /// Open documents by URI.
    var documents: [String: TextDocument] = [:]
    /// Documents whose diagnostics are due, in the order they changed.
    var changed: [String] = []
    /// Requests cancelled in the current batch.
    var cancelled: Set<JSONValue> = []
    /// The plan folder and the tags used in it.
    var workspace = Workspace()
    /// Whether the client can be asked to watch the plan folder's files.
    var canWatchFiles = false
    /// Which documents are day files of their plan, checked and formatted; other Markdown (a README, notes older
    /// than an adopted plan) is left alone: no diagnostics, no formatting.
    var adoption = PlanAdoption()
    /// The plan folder's day files and their tasks as read from disk (`PlanIndex`); nil until needed.
    var planIndexCache: PlanIndex?
    /// The plan folder's hours for lint's rules on the clock (region hours, the calendars' events), the folder they
    /// are of and the calendars' stamp when read: read again when the stamp changes or the plan folder's files did
    /// (`forgetPlanFiles`).
    var dayHoursCache: (folder: String, calendars: [String?], hours: DayHours)?
    /// The plan folder's tasks across days with the open documents' text in them, and the `generation` it was
    /// made for.
    var archiveCache: (generation: Int, archive: TaskArchive)?
    /// Counts the changes to open documents (opened, changed, closed), so that what is made from them is made again.
    var generation = 0
    /// Whether the client pulls diagnostics (`textDocument/diagnostic`, `workspace/diagnostic`): then the server
    /// answers those and pushes none, so that no finding is shown twice.
    var pullsDiagnostics = false
    /// Whether a pulling client may be asked to pull again (`workspace/diagnostic/refresh`): unless it says it
    /// cannot (`workspace.diagnostics.refreshSupport` false). yegappan/lsp answers the request without naming it.
    var canRefreshDiagnostics = false
    /// Whether a document's whole text came since the last batch (a reload, `:edit!`), which a pulling client
    /// may not pull for: the server then asks it to (`canRefreshDiagnostics`).
    var wholeTextArrived = false
    /// Whether the client applies edits the server asks for (`workspace/applyEdit`), as commands send them.
    var canApplyEdits = false
    /// Whether the client's edits may make files and name documents (`CreateFile` in `documentChanges`), as
    /// rollover's new day needs.
    var canCreateFiles = false
    /// Whether the client opens a file the server asks it to (`window/showDocument`).
    var canShowDocuments = false
    /// Whether a completion of a `#tag` or `@key` edits the word after its sigil (`home` after `#ho`'s `#`) rather than
    /// the word from it: `initializationOptions.completeAfterSigil`, for a client that completes keywords only and
    /// drops every item that does not start with the keyword typed (ALE; the dayplan plugin sets it for ALE).
    var completesAfterSigil = false
    /// How many requests the server has sent the client (`workspace/applyEdit` and `window/showDocument` for
    /// commands, `workspace/diagnostic/refresh`): each gets an id of its own.
    var requestsSent = 0

    init(channel: MessageChannel = MessageChannel()) {
        self.channel = channel
    }

    /// Serves until `exit` or the end of input; returns the exit code (0 after `shutdown`, 1 without).
    mutating func run() -> ExitCode {
        defer { log.flush() }
        while true {
            var batch = arrivals()
            if batch.isEmpty {
                if let problem = channel.broken {
                    note(problem + "; ending")
                    return .failure
                }
                if channel.ended {
                    if channel.isSkipping {
                        note("the input closed in the middle of a message being skipped")
                    } else if channel.partialCount > 0 {
                        note("the input closed in the middle of a message (\(channel.partialCount) bytes of it read)")
                    }
                    note("the input closed; ending")
                    return state == .shutDown ? .success : .findings
                }
                _ = channel.fill(wait: true)
                continue
            }
            var next = 0
            while next < batch.count {
                let message = batch[next]
                next += 1
                switch message {
                case .failure(let error):
                    send(["jsonrpc": "2.0", "id": nil, "error": error.json])
                case .success(let message):
                    // What came in while the last message was handled joins the batch, so that a request
                    // queued behind long work can still be cancelled.
                    if message["id"] != nil, message["method"] != nil { batch += arrivals() }
                    if let code = handle(message) { return code }
                }
            }
            cancelled.removeAll()
            publishDiagnostics()
            log.flush()
        }
    }

    /// Every message that has arrived and not been read yet, noting the requests they cancel.
    private mutating func arrivals() -> [Result<JSONValue, ResponseError>] {
        var frames: [MessageChannel.Frame] = []
        repeat {
            while let frame = channel.nextFrame() { frames.append(frame) }
        } while channel.fill(wait: false)
        for case .tooLarge(let problem) in frames { note(problem) }
        let messages = frames.map(message(of:))
        for case .success(let message) in messages where message["method"]?.stringValue == "$/cancelRequest" {
            if let id = message["params"]?["id"] { cancelled.insert(id) }
        }
        return messages
    }

    /// A frame's JSON, or the parse error it is answered with.
    private func message(of frame: MessageChannel.Frame) -> Result<JSONValue, ResponseError> {
        switch frame {
        case .badHeader(let problem), .tooLarge(let problem):
            return .failure(ResponseError(code: ResponseError.parseError, message: "Parse error: \(problem)"))
        case .body(let bytes):
            do {
                return .success(try JSONValue(parsing: bytes))
            } catch {
                return .failure(ResponseError(code: ResponseError.parseError, message: "Parse error: \(error)"))
            }
        }
    }

    /// Handles one message; returns an exit code when the session is over.
    private mutating func handle(_ message: JSONValue) -> ExitCode? {
        guard message.objectValue != nil else {
            send(["jsonrpc": "2.0", "id": nil,
                  "error": ResponseError(code: ResponseError.invalidRequest, message: "Invalid request: not a JSON object").json])
            return nil
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (registering file watchers): nothing waits for it.
            if id != nil, message["result"] != nil || message["error"] != nil { return nil }
            send(["jsonrpc": "2.0", "id": validID(id) ?? .null,
                  "error": ResponseError(code: ResponseError.invalidRequest, message: "Invalid request: no method").json])
            return nil
        }
        let params = message["params"]
        guard let id else {
            return notification(method, params)
        }
        guard let requestID = validID(id) else {
            send(["jsonrpc": "2.0", "id": nil, "error": ResponseError(
                code: ResponseError.invalidRequest, message: "Invalid request: an id is a number or a string").json])
            return nil
        }
        let response: Result<Reply, ResponseError>
        if cancelled.contains(requestID) {
            response = .failure(ResponseError(code: ResponseError.requestCancelled, message: "\(method) was cancelled"))
        } else if state == .uninitialized, method != "initialize" {
            response = .failure(ResponseError(code: ResponseError.serverNotInitialized,
                                              message: "The server is not initialized yet: send initialize first"))
        } else if state == .shutDown {
            response = .failure(ResponseError(code: ResponseError.invalidRequest,
                                              message: "The server is shut down: only exit is left"))
        } else {
            do throws(ResponseError) {
                response = .success(try reply(method, params))
            } catch {
                response = .failure(error)
            }
        }
        switch response {
        case .success(.value(let result)): send(["jsonrpc": "2.0", "id": requestID, "result": result])
        case .success(.written(let result)):
            var json = JSONTextWriter(capacity: result.count + 64)
            json.open("jsonrpc")
            json.string("2.0")
            json.member("id")
            json.value(requestID)
            json.member("result")
            json.append(written: result)
            json.close()
            channel.send(json)
        case .failure(let error): send(["jsonrpc": "2.0", "id": requestID, "error": error.json])
        }
        return nil
    }

    /// An id as JSON-RPC allows it: a string or an integer.
    private func validID(_ id: JSONValue?) -> JSONValue? {
        switch id {
        case .string?: return id
        case .number(let text)? where Int(text) != nil: return id
        default: return nil
        }
    }

    /// What a request is answered with: a value, or its JSON text written already.
    enum Reply {
        /// A value, serialized with the response.
        case value(JSONValue)
        /// JSON text: the diagnostics, which may hold thousands of findings, are written as text, not built as values.
        case written([UInt8])
    }

    /// Answers a request, or throws the error it is answered with.
    private mutating func reply(_ method: String, _ params: JSONValue?) throws(ResponseError) -> Reply {
        switch method {
        case "textDocument/diagnostic": return .written(try documentDiagnostic(params))
        case "workspace/diagnostic": return .written(try workspaceDiagnostics(params))
        default: return .value(try request(method, params))
        }
    }

    /// Answers a request whose result is a value, or throws the error it is answered with.
    private mutating func request(_ method: String, _ params: JSONValue?) throws(ResponseError) -> JSONValue {
        switch method {
        case "initialize":
            guard state == .uninitialized else {
                throw ResponseError(code: ResponseError.invalidRequest, message: "initialize was already sent")
            }
            return initialize(params)
        case "shutdown":
            state = .shutDown
            return nil
        case "textDocument/formatting": return try formatting(params)
        // A Markdown file that is no day of the plan (its README, notes) gets none of a day's help: no hover,
        // completion of the plan's tags and keys, outline, folding or 1-3-5 hints (as it gets no diagnostics).
        case "textDocument/hover": return isNoPlanDay(params) ? nil : try hover(params)
        case "textDocument/completion":
            return isNoPlanDay(params) ? ["isIncomplete": false, "items": []] : try completion(params)
        case "textDocument/documentSymbol": return isNoPlanDay(params) ? [] : try documentSymbols(params)
        case "textDocument/foldingRange": return isNoPlanDay(params) ? [] : try foldingRanges(params)
        case "textDocument/inlayHint": return isNoPlanDay(params) ? [] : try inlayHints(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/documentLink": return try documentLinks(params)
        case "textDocument/references": return try references(params)
        case "workspace/symbol": return try workspaceSymbols(params)
        case "textDocument/semanticTokens/full": return try semanticTokens(params, range: false)
        case "textDocument/semanticTokens/range": return try semanticTokens(params, range: true)
        case "workspace/executeCommand": return try executeCommand(params)
        default:
            throw ResponseError(code: ResponseError.methodNotFound, message: "Unknown method \(method)")
        }
    }

    /// Handles a notification; returns an exit code for `exit`.
    private mutating func notification(_ method: String, _ params: JSONValue?) -> ExitCode? {
        if method == "exit" {
            note(state == .shutDown ? "exit after shutdown" : "exit without shutdown")
            return state == .shutDown ? .success : .findings
        }
        // Before initialize, and after shutdown, notifications are dropped.
        guard state == .running else { return nil }
        switch method {
        case "initialized":
            registerFileWatchers()
            prefetchPlanFolder()
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave":
            planFilesChanged([params?["textDocument"]?["uri"]?.stringValue].compactMap { $0 }, listAgain: false)
        case "workspace/didChangeWatchedFiles":
            // FileChangeType: 1 created, 2 changed, 3 deleted.
            let changes = params?["changes"]?.arrayValue ?? []
            planFilesChanged(changes.compactMap { $0["uri"]?.stringValue },
                             listAgain: changes.contains { $0["type"]?.intValue != 2 })
        case "workspace/didChangeWorkspaceFolders", "workspace/didChangeConfiguration", "$/cancelRequest", "$/setTrace":
            break
        default:
            if !method.hasPrefix("$/") { note("ignored the notification \(method)") }
        }
        return nil
    }

    // MARK: - Lifecycle

    private mutating func initialize(_ params: JSONValue?) -> JSONValue {
        state = .running
        let offered = params?["capabilities"]?["general"]?["positionEncodings"]?.arrayValue ?? []
        // UTF-8 first (dayplan's own columns count bytes), then UTF-32; UTF-16, which every client has, otherwise.
        encoding = [PositionEncoding.utf8, .utf32].first { offered.contains(.string($0.rawValue)) } ?? .utf16
        canWatchFiles = params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
        pullsDiagnostics = params?["capabilities"]?["textDocument"]?["diagnostic"]?.objectValue != nil
        canRefreshDiagnostics = pullsDiagnostics
            && params?["capabilities"]?["workspace"]?["diagnostics"]?["refreshSupport"]?.boolValue != false
        canApplyEdits = params?["capabilities"]?["workspace"]?["applyEdit"]?.boolValue == true
        let workspaceEdit = params?["capabilities"]?["workspace"]?["workspaceEdit"]
        canCreateFiles = workspaceEdit?["documentChanges"]?.boolValue == true
            && workspaceEdit?["resourceOperations"]?.arrayValue?.contains("create") == true
        canShowDocuments = params?["capabilities"]?["window"]?["showDocument"]?["support"]?.boolValue == true
        completesAfterSigil = params?["initializationOptions"]?["completeAfterSigil"]?.boolValue == true
        let rootURI = params?["workspaceFolders"]?[0]?["uri"]?.stringValue ?? params?["rootUri"]?.stringValue
        workspace.root = rootURI.flatMap(Workspace.path(ofURI:)) ?? params?["rootPath"]?.stringValue
            ?? Clock.environment("DAYPLAN_DIR")
        note("initialized: positions in \(encoding.rawValue), plan folder \(workspace.root ?? "not known yet")")
        let capabilities: JSONValue = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "documentFormattingProvider": true,
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": ["@", "#", ":"], "resolveProvider": false],
            "documentSymbolProvider": true,
            "foldingRangeProvider": true,
            "inlayHintProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix", "refactor.rewrite", "refactor.move", "source"]],
            "definitionProvider": true,
            "documentLinkProvider": ["resolveProvider": false],
            "referencesProvider": true,
            "workspaceSymbolProvider": true,
            "semanticTokensProvider": ["legend": LanguageServer.semanticTokensLegend, "full": true, "range": true],
            "executeCommandProvider": ["commands": .array(LanguageServer.commandNames.map(JSONValue.string))],
        ]
        guard pullsDiagnostics, case .object(var members) = capabilities else {
            return ["capabilities": capabilities, "serverInfo": ["name": "dayplan", "version": .string(version)]]
        }
        members.append(.init("diagnosticProvider", ["identifier": "dayplan", "interFileDependencies": false,
                                                    "workspaceDiagnostics": true]))
        return ["capabilities": .object(members), "serverInfo": ["name": "dayplan", "version": .string(version)]]
    }

    /// Asks the client to report changes to the plan folder's Markdown files, so that tags stay current.
    private mutating func registerFileWatchers() {
        guard canWatchFiles else { return }
        send(["jsonrpc": "2.0", "id": "dayplan-watch-day-files", "method": "client/registerCapability", "params": [
            "registrations": [[
                "id": "dayplan-day-files", "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": [["globPattern": "**/*.md"]]],
            ]],
        ]])
    }

    // MARK: - Documents

    private mutating func didOpen(_ params: JSONValue?) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue,
              let text = item["text"]?.stringValue else { return note("didOpen without a document") }
        documents[uri] = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: Array(text.utf8))
        if workspace.root == nil, let path = Workspace.path(ofURI: uri) {
            workspace.root = FileSystem.directory(of: path)
            prefetchPlanFolder()
        }
        // A day file the plan folder's listing does not have (made since it was read): list the folder again.
        if let path = Workspace.path(ofURI: uri), Day(fileNameOf: path) != nil, let index = planIndexCache,
           !index.files.contains(where: { $0.path == path }) {
            planFilesChanged([uri], listAgain: true)
        }
        markChanged(uri)
    }

    private mutating func didChange(_ params: JSONValue?) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else {
            return note("didChange for a document that is not open")
        }
        documents[uri] = nil  // held alone while it changes, so that its bytes are edited in place
        let changes = params?["contentChanges"]?.arrayValue ?? [.null]  // not a list: a change that cannot be applied
        for (index, change) in changes.enumerated() {
            do throws(ResponseError) {
                guard change.objectValue != nil else { throw .invalid("contentChanges[\(index)] is not a change") }
                guard let text = change["text"]?.stringValue else { throw .invalid("contentChanges[\(index)].text is missing") }
                if let range = change["range"], !range.isNull {
                    let name = "contentChanges[\(index)].range"
                    document.replace(try document.offsets(of: try Position.range(range, named: name), in: encoding, named: name),
                                     with: Array(text.utf8))
                } else {
                    let bytes = Array(text.utf8)
                    // A reload, unless it is the text the server has: yegappan/lsp sends a buffer's whole text again,
                    // unchanged, each time the buffer is entered, and a refresh asked then can cross its next request.
                    if bytes != document.bytes || document.outOfStep != nil { wholeTextArrived = true }
                    document = TextDocument(uri: uri, version: document.version, text: bytes)
                }
            } catch {
                // A notification has no answer: the change and those after it (made to a text the server does not
                // have) are not applied, and the document is out of step until its whole text comes again.
                document.outOfStep = "a change to it could not be applied (\(error.message))"
                note("didChange for \(uri): \(error.message); this change and the rest are not applied, and requests on"
                     + " the document fail until the editor sends its whole text (reopen the file)")
                break
            }
        }
        document.version = params?["textDocument"]?["version"]?.intValue ?? document.version
        documents[uri] = document
        markChanged(uri)
    }

    private mutating func didClose(_ params: JSONValue?) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else { return }
        documents[uri] = nil
        generation += 1
        changed.removeAll { $0 == uri }
        send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": ["uri": .string(uri), "diagnostics": []]])
    }

    private mutating func markChanged(_ uri: String) {
        generation += 1
        if !changed.contains(uri) { changed.append(uri) }
    }

    /// The open document a request names, or the error it is answered with.
    func document(_ params: JSONValue?) throws(ResponseError) -> TextDocument {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else { throw .invalid("textDocument.uri is missing") }
        guard let document = documents[uri] else { throw .invalid("\(uri) is not open") }
        if let problem = document.outOfStep {
            throw ResponseError(code: ResponseError.requestFailed,
                                message: "The server's copy of \(uri) is out of step with the editor: \(problem); reopen the file")
        }
        return document
    }

    /// Whether the request's document is open and no day file of its plan (a README, a note): false when it is a
    /// day, or not open (the request's own handler then answers, or names the error).
    mutating func isNoPlanDay(_ params: JSONValue?) -> Bool {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue, documents[uri] != nil,
              let analysis = analysis(of: uri) else { return false }
        return !isPlanDay(uri, analysis)
    }

    /// Whether the document at `uri` is a day file of its plan (`PlanAdoption.isPlanDay`), so that the server checks
    /// and formats it.
    mutating func isPlanDay(_ uri: String, _ analysis: Analysis) -> Bool {
        adoption.isPlanDay(Workspace.path(ofURI: uri), heading: analysis.document.day)
    }

    /// A document's analysis, made once per version and kept with it.
    mutating func analysis(of uri: String) -> Analysis? {
        guard var document = documents.removeValue(forKey: uri) else { return nil }
        // The plan folder's carried-warning-days, once the folder is known (an initialized one is from the start).
        let days = planIndexCache?.planFolder.settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays
        let analysis = document.analysis(fileName: Workspace.path(ofURI: uri), carriedWarningDays: days, hours: dayHours())
        documents[uri] = document
        return analysis
    }

    /// The plan folder's hours (`CalendarDays.hours(of:)`), as lint reads them; the calendars are read once the
    /// folder is known, only when its settings name some, and again when one of them changed on disk (a calendar
    /// app or vdirsyncer wrote it: the server is not told of files outside what the editor watches). What of
    /// them cannot be read goes to the log.
    mutating func dayHours() -> DayHours {
        guard let folder = planIndexCache?.planFolder else { return DayHours() }
        let calendars = folder.settings.calendars.isEmpty ? [] : CalendarSources.stamp(of: folder)
        if let cache = dayHoursCache, cache.folder == folder.path, cache.calendars == calendars { return cache.hours }
        let (hours, problems) = CalendarDays.hours(of: folder)
        for problem in problems { log.line("dayplan lsp: " + problem) }
        dayHoursCache = (folder.path, calendars, hours)
        return hours
    }

    // MARK: - Output

    /// Sends a message to the client.
    mutating func send(_ message: JSONValue) {
        channel.send(message)
    }

    /// Writes a line to standard error, the only place the server logs to.
    mutating func note(_ text: String) {
        log.line("dayplan lsp: " + text)
    }
}

extension ResponseError {
    /// `{"code":…,"message":…}`.
    var json: JSONValue { ["code": .integer(code), "message": .string(message)] }
}
