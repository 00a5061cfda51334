import DayPlan
import DayPlanJSON

extension LanguageServer {
    /// The commands `workspace/executeCommand` runs, as `initialize` advertises them.
    static let commandNames = ["dayplan.openToday", "dayplan.openTomorrow", "dayplan.openYesterday", "dayplan.rollover",
                               "dayplan.addToBacklog", "dayplan.markDone"]

    /// `workspace/executeCommand`: the daily commands from the editor, each through the same library path as the
    /// command line (`DayFileOfPlan`, `Rollover`, `DayEditor`). The server writes no file: a change is sent to the
    /// editor as `workspace/applyEdit` (on the text the editor holds when the file is open), a file to open as
    /// `window/showDocument`; the result says what was sent.
    ///
    /// - `dayplan.openToday`, `dayplan.openTomorrow`, `dayplan.openYesterday`: that day's file (today as rollover
    ///   reckons it, `day-starts-at` included), or where the layout puts a new one. Result `{uri, path, exists}`.
    /// - `dayplan.rollover`: rolls the newest earlier day over into today, as `dayplan rollover` does (routines,
    ///   the template for a new day); the new day is made by a `CreateFile` edit.
    /// - `dayplan.addToBacklog` `[{title, uri?}]`: adds the task to the Backlog of `uri`'s day, else today's; a day
    ///   without a file is made as `dayplan add` makes it (the template, or a blank day), by a `CreateFile` edit.
    /// - `dayplan.markDone` `[{uri, position}]`: marks the task at `position` (its line or a note's) done.
    mutating func executeCommand(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        guard let command = params?["command"]?.stringValue else { throw .invalid("command is missing or not a string") }
        let arguments = params?["arguments"] ?? .array([])
        guard arguments.arrayValue != nil else { throw .invalid("arguments is not an array") }
        let argument = arguments[0] ?? [:]
        guard argument.objectValue != nil else { throw .invalid("arguments[0] is not an object") }
        switch command {
        case "dayplan.openToday": return try openDay(offset: 0)
        case "dayplan.openTomorrow": return try openDay(offset: 1)
        case "dayplan.openYesterday": return try openDay(offset: -1)
        case "dayplan.rollover": return try rollOver()
        case "dayplan.addToBacklog": return try addToBacklog(argument)
        case "dayplan.markDone": return try markDone(argument)
        default:
            throw .invalid("Unknown command \(command); the commands are " + LanguageServer.commandNames.joined(separator: ", "))
        }
    }

    /// The plan folder, or the error a command is answered with when there is none.
    private mutating func commandIndex() throws(ResponseError) -> PlanIndex {
        guard let index = planIndex() else {
            throw ResponseError(code: ResponseError.requestFailed,
                                message: "No plan folder is known (open a day file, or give the editor a workspace folder)")
        }
        return index
    }

    /// The day a task marked done from the editor gets as `@done:` (`done-date = yes` in the plan folder's
    /// settings), as `dayplan mark` does; nil when the setting is off or no plan folder is known.
    mutating func doneDate() -> Day? {
        guard let index = planIndex(), index.planFolder.settings.writesDoneDate else { return nil }
        return try? today(in: index)
    }

    /// Today as rollover reckons it in the plan folder.
    private func today(in index: PlanIndex) throws(ResponseError) -> Day {
        switch Clock.today(in: index.planFolder, dayStartsAt: nil) {
        case .success(let day): return day
        case .failure(let problem): throw ResponseError(code: ResponseError.requestFailed, message: problem.message)
        }
    }

    /// A file's text as the editor holds it when it is open, else as it is on disk; nil when it does not exist.
    private func currentText(of path: String) throws(ResponseError) -> TextDocument? {
        let uri = Workspace.fileURI(ofPath: path)
        if let open = documents[uri] {
            if let problem = open.outOfStep {
                throw ResponseError(code: ResponseError.requestFailed, message: "The server's copy of \(uri) is out of step: \(problem)")
            }
            return open
        }
        guard FileSystem.kind(of: path) != .missing else { return nil }
        do {
            return TextDocument(uri: uri, version: 0, text: try FileSystem.read(path))
        } catch {
            throw ResponseError(code: ResponseError.requestFailed, message: error.message)
        }
    }

    /// Asks the editor to apply `edit` (a `WorkspaceEdit`); an error when it cannot be asked.
    private mutating func apply(_ edit: JSONValue, label: String) throws(ResponseError) {
        guard canApplyEdits else {
            throw ResponseError(code: ResponseError.requestFailed,
                                message: "The editor does not take edits from the server (workspace.applyEdit), so \(label) cannot be made from it")
        }
        requestsSent += 1
        send(["jsonrpc": "2.0", "id": .string("dayplan-apply-\(requestsSent)"), "method": "workspace/applyEdit",
              "params": ["label": .string(label), "edit": edit]])
    }

    /// `{"changes":{uri:[edits]}}` turning each document's text into its new bytes, by whole lines.
    private func changes(_ files: [(document: TextDocument, after: [UInt8])]) -> JSONValue {
        .object(files.map { .init($0.document.uri, .array(LanguageServer.edits(from: $0.document, to: $0.after, in: encoding))) })
    }

    /// The `documentChanges` that make the file `uri` holding `bytes`: a `CreateFile` and the text put into it.
    private static func creating(_ uri: String, _ bytes: [UInt8]) -> [JSONValue] {
        [["kind": "create", "uri": .string(uri), "options": ["ignoreIfExists": true]],
         ["textDocument": ["uri": .string(uri), "version": nil], "edits": [[
             "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
             "newText": .string(String(decoding: bytes, as: UTF8.self)),
         ]]]]
    }

    private mutating func openDay(offset: Int) throws(ResponseError) -> JSONValue {
        let index = try commandIndex()
        let day = try today(in: index).adding(days: offset)
        let target = index.files(of: day)
        guard let path = target.paths.first else { return nil }
        let uri = Workspace.fileURI(ofPath: path)
        if canShowDocuments {
            requestsSent += 1
            send(["jsonrpc": "2.0", "id": .string("dayplan-show-\(requestsSent)"), "method": "window/showDocument",
                  "params": ["uri": .string(uri), "takeFocus": true]])
        }
        return ["uri": .string(uri), "path": .string(path), "day": .string(day.description), "exists": .bool(!target.isNew)]
    }

    private mutating func rollOver() throws(ResponseError) -> JSONValue {
        let index = try commandIndex()
        let day = try today(in: index)
        let files: RolloverFiles
        do {
            files = try RolloverFiles.open(index.planFolder, day: day, dryRun: true)
        } catch {
            throw ResponseError(code: ResponseError.requestFailed, message: error.lines.joined(separator: "\n"))
        }
        files.release()
        // The editor's text of either day when it is open: that is what the person sees and what the edit applies to.
        var source = files.source
        let sourceDocument = try files.source == nil ? nil : currentText(of: files.sourcePath)
        if let sourceDocument, let day = source?.day { source = (day, sourceDocument.bytes) }
        let targetDocument = files.creates ? nil : try currentText(of: files.target.path)
        let plan: Rollover
        do throws(RolloverError) {
            plan = try Rollover(opening: day, from: source, existing: targetDocument?.bytes ?? files.targetBytes,
                                routines: files.routines, history: files.history,
                                metadataStyle: files.planFolder.settings.metadataStyle)
            try plan.verify()
        } catch {
            // As `dayplan rollover` says it: each finding, as lint names it, in the file it is in.
            let message: String
            switch error {
            case .sourceRefused(let reasons), .targetRefused(let reasons):
                let isSource = if case .sourceRefused = error { true } else { false }
                let name = isSource ? files.sourcePath : files.templatePath ?? files.target.path
                message = reasons.map { FindingFormat.line($0, file: name) }.joined(separator: "\n")
                    + "\n\(name): rollover refused because of the error\(reasons.count == 1 ? "" : "s") above; nothing changed"
            case .checkFailed(let problems):
                message = "the computed files failed their check, so nothing was changed (please report this): "
                    + problems.joined(separator: "; ")
            }
            throw ResponseError(code: ResponseError.requestFailed, message: message)
        }
        if files.creates, !canCreateFiles {
            throw ResponseError(code: ResponseError.requestFailed,
                                message: "The editor cannot make files from the server's edits (workspace.workspaceEdit.resourceOperations"
                                    + " has no create), so the new day \(files.target.path) cannot be made from it; run dayplan rollover")
        }
        let targetURI = Workspace.fileURI(ofPath: files.target.path)
        guard plan.changesSource || plan.changesTarget || files.creates else {
            return ["day": .string(day.description), "uri": .string(targetURI), "changed": false]
        }
        var changed: [(document: TextDocument, after: [UInt8])] = []
        if let sourceDocument, let after = plan.sourceAfter, plan.changesSource { changed.append((sourceDocument, after)) }
        if let targetDocument, plan.changesTarget { changed.append((targetDocument, plan.targetAfter)) }
        var documentChanges: [JSONValue] = []
        if files.creates { documentChanges += LanguageServer.creating(targetURI, plan.targetAfter) }
        for file in changed {
            documentChanges.append(["textDocument": ["uri": .string(file.document.uri), "version": nil],
                                    "edits": .array(LanguageServer.edits(from: file.document, to: file.after, in: encoding))])
        }
        try apply(["documentChanges": .array(documentChanges)], label: "dayplan rollover into \(day)")
        let summary = plan.summary
        return ["day": .string(day.description), "uri": .string(targetURI), "changed": true, "created": .bool(files.creates),
                "carried": .integer(summary.carried), "deferred": .integer(summary.deferred), "expired": .integer(summary.expired)]
    }

    private mutating func addToBacklog(_ argument: JSONValue) throws(ResponseError) -> JSONValue {
        guard let title = argument["title"]?.stringValue else { throw .invalid("arguments[0].title is missing or not a string") }
        let path: String
        let day: Day?
        if let uri = argument["uri"]?.stringValue {
            guard let given = Workspace.path(ofURI: uri) else { throw .invalid("arguments[0].uri is not a file: URI") }
            path = given
            let name = FileSystem.name(of: given)
            day = Day.isFileName(name) ? Day(name.prefix(10)) : nil
        } else {
            let index = try commandIndex()
            let today = try today(in: index)
            guard let found = index.files(of: today).paths.first else { throw .invalid("two or more files hold \(today)") }
            path = found
            day = today
        }
        // As `dayplan add` reads a title: words, #tags and metadata, into the misc bucket; an error is not written.
        let prefix = "\(Bucket.misc.bullet) [ ] "
        guard !title.contains("\n"), let (task, findings) = PlanTask.parsing(line: prefix + title), !task.title.isEmpty else {
            throw .invalid("'\(title)' is not a title: it needs words that are not metadata, on one line")
        }
        if let error = findings.first(where: { $0.severity == .error }) {
            throw .invalid("'\(title)': \(error.message) [\(error.rule)]")
        }
        guard let document = try currentText(of: path) else {
            guard let day else { throw .invalid("\(path): no such file, and its name is not a day's (YYYY-MM-DD.md)") }
            return try addToNewDay(task, day: day, path: path)
        }
        let edit: DayEdit
        do {
            let editor = DayEditor(document.bytes)
            // Captured on the file's day (its name's, else its heading's), as `dayplan add` captures it.
            if let captureDay = day ?? editor.document.day {
                edit = try editor.capture(task, on: captureDay)
            } else {
                edit = try editor.insert(task, into: .backlog)
            }
        } catch {
            throw ResponseError(code: ResponseError.requestFailed, message: "\(path): \(error.message); nothing changed")
        }
        try apply(["changes": changes([(document, edit.after)])], label: "dayplan add: \(task.title)")
        return ["uri": .string(document.uri), "line": .integer(edit.line - 1), "summary": .string(edit.summary)]
    }

    /// `dayplan.addToBacklog` for a day without a file: the new day as `dayplan add` starts it (the template, or
    /// a blank day) with the task in its Backlog, made by a `CreateFile` edit.
    private mutating func addToNewDay(_ task: PlanTask, day: Day, path: String) throws(ResponseError) -> JSONValue {
        let index = try commandIndex()
        guard canCreateFiles else {
            throw ResponseError(code: ResponseError.requestFailed,
                                message: "The editor cannot make files from the server's edits (workspace.workspaceEdit.resourceOperations"
                                    + " has no create), so \(path) cannot be made from it; run dayplan add")
        }
        let new: (bytes: [UInt8], warnings: [String], template: String?)
        do {
            new = try DaySession.newDay(day, at: path, in: index.planFolder)
        } catch {
            throw ResponseError(code: ResponseError.requestFailed, message: error.message)
        }
        let edit: DayEdit
        do {
            edit = try DayEditor(new.bytes).capture(task, on: day)
        } catch {
            throw ResponseError(code: ResponseError.requestFailed, message: "\(path): \(error.message); nothing changed")
        }
        let uri = Workspace.fileURI(ofPath: path)
        try apply(["documentChanges": .array(LanguageServer.creating(uri, edit.after))], label: "dayplan add: \(task.title)")
        return ["uri": .string(uri), "line": .integer(edit.line - 1), "summary": .string(edit.summary), "created": true]
    }

    private mutating func markDone(_ argument: JSONValue) throws(ResponseError) -> JSONValue {
        guard let uri = argument["uri"]?.stringValue else { throw .invalid("arguments[0].uri is missing or not a string") }
        let position = try Position(argument["position"], named: "arguments[0].position")
        guard let path = Workspace.path(ofURI: uri) else { throw .invalid("arguments[0].uri is not a file: URI") }
        guard let document = try currentText(of: path) else { throw .invalid("\(path): no such file") }
        var editor = DayEditor(document.bytes)
        editor.style = planIndex()?.planFolder.settings.metadataStyle ?? .dayplan
        let offset = document.offset(of: position, in: encoding)
        var line = 1
        for byte in document.bytes[..<offset] where byte == UInt8(ascii: "\n") { line += 1 }
        guard let placed = editor.task(at: line) else { throw .invalid("no task at line \(position.line) of \(uri)") }
        let edit: DayEdit
        do {
            // As `dayplan mark done`: the status mark, and `@done:` today when the plan's `done-date` is on.
            edit = try editor.setStatus(.done, ofTaskAt: placed.task.line, doneDate: doneDate())
        } catch {
            throw ResponseError(code: ResponseError.requestFailed, message: "\(path): \(error.message); nothing changed")
        }
        if edit.changesFile { try apply(["changes": changes([(document, edit.after)])], label: "dayplan mark done: \(placed.task.title)") }
        return ["uri": .string(document.uri), "changed": .bool(edit.changesFile), "summary": .string(edit.summary)]
    }
}
