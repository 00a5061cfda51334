import DayPlan
import DayPlanFlow
import DayPlanJSON

extension LanguageServer {
    /// `textDocument/codeAction`: quick fixes for the findings that have an obvious fix, on any task line
    /// the refactors a person reaches for (mark it, move it), and on the day heading the daily commands (roll over,
    /// open today's, tomorrow's or yesterday's file) as source actions that run them (`executeCommand`). Every edit comes from the library's edit API
    /// (`DayEditor`), the same minimal edits as `dayplan mark` and `dayplan move`, so an action never touches a
    /// byte outside its task's lines and never breaks a 1-3-5 limit.
    mutating func codeActions(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let range = try Position.range(params?["range"], named: "range")
        let start = try document.offsets(of: range, in: self.encoding, named: "range").lowerBound
        let editor = DayEditor(document.bytes)
        var actions: [JSONValue] = []
        let uri = document.uri
        let encoding = self.encoding

        func action(_ title: String, _ kind: String, _ edit: DayEdit) { action(title, kind, edits: edit.edits) }
        func action(_ title: String, _ kind: String, edits: [TextEdit]) {
            var members: [JSONValue.Member] = [.init("title", .string(title)), .init("kind", .string(kind))]
            members.append(.init("edit", ["changes": .object([.init(uri, .array(edits.map { text in
                ["range": document.range(text.offset, text.offset + text.removing, in: encoding),
                 "newText": .string(String(decoding: text.inserting, as: UTF8.self))]
            }))])]))
            actions.append(.object(members))
        }
        /// The library's 1-based line (lines end at `\n`) of a byte offset.
        func libraryLine(_ offset: Int) -> Int {
            var line = 1
            for byte in document.bytes[..<min(offset, document.bytes.count)] where byte == UInt8(ascii: "\n") { line += 1 }
            return line
        }

        // Quick fixes, for the findings the client sends back, and for the server's own findings in the range the
        // client did not send (vim-lsp and ALE send one diagnostic of a line): each from its rule (`Rule.quickFixes`),
        // worked out on the text as it is now, and only those whose result has no error the text did not have.
        let fileName = Workspace.path(ofURI: uri)
        let findings = analysis(of: uri)?.findings ?? []
        func quickFixes(_ rule: Rule, at offsets: Range<Int>, for diagnostic: JSONValue) {
            for fix in rule.quickFixes(in: document.bytes, at: offsets) where !LanguageServer.breaks(fix.edits, document.bytes, fileName: fileName, findings: findings) {
                var members: [JSONValue.Member] = [.init("title", .string(fix.title)), .init("kind", "quickfix"),
                                                   .init("diagnostics", [diagnostic])]
                if fix.isPreferred { members.append(.init("isPreferred", true)) }
                members.append(.init("edit", ["changes": .object([.init(uri, .array(fix.edits.map { text in
                    ["range": document.range(text.offset, text.offset + text.removing, in: encoding),
                     "newText": .string(String(decoding: text.inserting, as: UTF8.self))]
                }))])]))
                actions.append(.object(members))
            }
        }
        var sent: Set<String> = []
        for diagnostic in params?["context"]?["diagnostics"]?.arrayValue ?? [] {
            // The client's copies of our own diagnostics: one whose range is not a range is passed over.
            guard let code = diagnostic["code"]?.stringValue, let rule = Rule.named(code),
                  let range = try? Position.range(diagnostic["range"], named: "diagnostic.range"),
                  let offsets = try? document.offsets(of: range, in: encoding, named: "diagnostic.range") else { continue }
            sent.insert("\(rule.id) \(offsets.lowerBound) \(offsets.upperBound)")
            quickFixes(rule, at: offsets, for: diagnostic)
        }
        let requested = try document.offsets(of: range, in: self.encoding, named: "range")
        if let analysis = analysis(of: uri), isPlanDay(uri, analysis) {
            for finding in findings where finding.start.offset <= requested.upperBound && requested.lowerBound <= finding.end.offset
                && !sent.contains("\(finding.rule.id) \(finding.start.offset) \(finding.end.offset)") {
                let diagnostic: JSONValue = [
                    "range": document.range(finding.start.offset, finding.end.offset, in: encoding),
                    "severity": .integer(LanguageServer.severityCode(of: finding)),
                    "code": .string(finding.rule.id), "source": "dayplan", "message": .string(finding.message),
                ]
                quickFixes(finding.rule, at: finding.start.offset..<finding.end.offset, for: diagnostic)
            }
        }

        // Refactors on the task under the cursor: its status, and its region.
        let line = libraryLine(start)
        if let placed = editor.task(at: line) {
            let names: [(Status, String)] = [(.done, "Mark done"), (.inProgress, "Mark in progress"), (.todo, "Mark to do"),
                                             (.cancelled, "Cancel")]
            let doneDate = doneDate()
            for (status, title) in names where status != placed.task.status {
                if let edit = try? editor.setStatus(status, ofTaskAt: placed.task.line, doneDate: doneDate) {
                    action("\(title): \(placed.task.title)", "refactor.rewrite", edit)
                }
            }
            for region in Region.allCases where region != placed.region {
                if let edit = try? editor.move(taskAt: placed.task.line, to: region) {
                    action("Move to \(region == .backlog ? "the Backlog" : region.name): \(placed.task.title)", "refactor.move", edit)
                }
            }
            // The title's plain words for when, read as `dayplan add` reads them (docs/capture.md).
            if placed.task.status.isOpen, let day = analysis(of: uri)?.document.day ?? Clock.today(),
               let (capture, edits) = LanguageServer.captureEdit(placed, in: document.bytes, on: day,
                                                                 hours: planIndex()?.planFolder.settings.regionHours ?? .defaults) {
                action("Read '\(capture.phrases.joined(separator: "', '"))' as: \(capture.summary)", "refactor.rewrite", edits: edits)
            }
        }
        // On the day heading, the daily commands (`workspace/executeCommand`), as source actions.
        if let heading = analysis(of: uri)?.document.dayHeadingLine, heading == line {
            for (title, command) in [("Roll over into today", "dayplan.rollover"), ("Open today's file", "dayplan.openToday"),
                                     ("Open tomorrow's file", "dayplan.openTomorrow"), ("Open yesterday's file", "dayplan.openYesterday")] {
                actions.append(["title": .string(title), "kind": "source",
                                "command": ["title": .string(title), "command": .string(command), "arguments": []]])
            }
        }
        return .array(actions)
    }

    /// The edit that writes what the plain words of `placed`'s title say (`Capture`), on a day file of `day`: the
    /// words read taken out, the time put first, `@est:` and `@due:` set, and a day other than `day` as `@on:`
    /// (with the region the words or the time, by the plan folder's `hours`, name). nil when the title holds no such phrase.
    static func captureEdit(_ placed: PlacedTask, in bytes: [UInt8], on day: Day, hours: RegionHours) -> (Capture, [TextEdit])? {
        let capture = Capture(reading: placed.task.title, today: day)
        guard !capture.isEmpty else { return nil }
        var words = capture.metadataWords
        if let on = capture.day, on != day { words.append("@on:\(on)" + (capture.region(in: hours).map { "/\($0.lowercaseName)" } ?? "")) }
        var after: [UInt8]
        do {
            after = try DayEditor(bytes).setTitle((capture.time.map { "\($0) " } ?? "") + capture.title, ofTaskAt: placed.task.line).after
            for word in words { after = try DayEditor(after).replaceMetadata(with: word, onTaskAt: placed.task.line).after }
        } catch {
            return nil
        }
        // One edit, of the bytes between what the two files share at their start and at their end: the task's line.
        let prefix = zip(bytes, after).prefix { $0 == $1 }.count
        let suffix = zip(bytes[prefix...].reversed(), after[prefix...].reversed()).prefix { $0 == $1 }.count
        return (capture, [TextEdit(offset: prefix, removing: bytes.count - suffix - prefix,
                                   inserting: Array(after[prefix..<(after.count - suffix)]))])
    }

    /// Whether applying `edits` to `bytes` would make a file with an error it does not have now (`findings` are
    /// lint's findings for `bytes`): more errors of some rule than before, such as a second `## Evening` made by
    /// renaming `## Evenings` in a day that has one. Such a fix is never offered: `fmt` would then refuse the file.
    static func breaks(_ edits: [TextEdit], _ bytes: [UInt8], fileName: String?, findings: [Diagnostic]) -> Bool {
        var before: [String: Int] = [:]
        for finding in findings where finding.severity == .error { before[finding.rule.id, default: 0] += 1 }
        var after: [String: Int] = [:]
        for finding in Linter.lint(TextEdit.apply(edits, to: bytes), fileName: fileName, today: Clock.today())
        where finding.severity == .error {
            after[finding.rule.id, default: 0] += 1
            if after[finding.rule.id, default: 0] > before[finding.rule.id, default: 0] { return true }
        }
        return false
    }
}
