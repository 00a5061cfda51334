import DayPlan

extension LanguageServer {
    /// `textDocument/codeAction`: quick fixes for the findings that have an obvious fix, and on any task line
    /// the refactors a person reaches for (mark it, move it). Every edit comes from the library's edit API
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

        func action(_ title: String, _ kind: String, _ edit: DayEdit, diagnostic: JSONValue? = nil, preferred: Bool = false) {
            var members: [JSONValue.Member] = [.init("title", .string(title)), .init("kind", .string(kind))]
            if let diagnostic { members.append(.init("diagnostics", [diagnostic])) }
            if preferred { members.append(.init("isPreferred", true)) }
            members.append(.init("edit", ["changes": .object([.init(uri, .array(edit.edits.map { text in
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

        // Quick fixes, for the findings the client sends back.
        for diagnostic in params?["context"]?["diagnostics"]?.arrayValue ?? [] {
            // The client's copies of our own diagnostics: one whose range is not a range is passed over.
            guard let code = diagnostic["code"]?.stringValue,
                  let range = try? Position.range(diagnostic["range"], named: "diagnostic.range"),
                  let offsets = try? document.offsets(of: range, in: encoding, named: "diagnostic.range") else { continue }
            let line = libraryLine(offsets.lowerBound)
            switch code {
            case Rule.bucketLimit.id:
                // One open task too many: to the Backlog (never limited), or to a region with room in its bucket.
                guard let placed = editor.task(at: line) else { continue }
                if let edit = try? editor.move(taskAt: line, to: .backlog) {
                    action("Move “\(placed.task.title)” to the Backlog", "quickfix", edit, diagnostic: diagnostic, preferred: true)
                }
                for region in Region.allCases where region.isLimited && region != placed.region {
                    if let edit = try? editor.move(taskAt: line, to: region) {
                        action("Move “\(placed.task.title)” to \(region.name) (its \(placed.task.bucket) bucket has room)", "quickfix", edit,
                               diagnostic: diagnostic)
                    }
                }
            case Rule.repeatedMetadata.id:
                // The same word twice: keep one.
                let word = String(decoding: document.bytes[offsets], as: UTF8.self)
                if word.hasPrefix("@"), let edit = try? editor.replaceMetadata(with: word, onTaskAt: line), edit.changesFile {
                    action("Keep one \(word)", "quickfix", edit, diagnostic: diagnostic, preferred: true)
                }
            case Rule.nearRegionHeading.id:
                // `## Evenings` → `## Evening`: the heading's level kept, its text the region's name.
                let lineStart = document.lineStarts[document.line(containing: offsets.lowerBound)]
                var end = lineStart
                while end < document.bytes.count, document.bytes[end] != UInt8(ascii: "\n"), document.bytes[end] != UInt8(ascii: "\r") { end += 1 }
                let text = String(decoding: document.bytes[lineStart..<end], as: UTF8.self)
                let level = text.prefix { $0 == "#" }.count
                guard let region = Region.nearMiss(headingText: text.dropFirst(level)) else { continue }
                let heading = String(repeating: "#", count: level) + " " + region.name
                actions.append(["title": .string("Rename the heading to “\(heading)”"), "kind": "quickfix",
                                "diagnostics": [diagnostic], "isPreferred": true,
                                "edit": ["changes": .object([.init(uri, [["range": document.range(lineStart, end, in: encoding),
                                                                           "newText": .string(heading)]])])]])
            default:
                continue
            }
        }

        // Refactors on the task under the cursor: its status, and its region.
        let line = libraryLine(start)
        if let placed = editor.task(at: line) {
            let names: [(Status, String)] = [(.done, "Mark done"), (.inProgress, "Mark in progress"), (.todo, "Mark to do"),
                                             (.cancelled, "Cancel")]
            for (status, title) in names where status != placed.task.status {
                if let edit = try? editor.setStatus(status, ofTaskAt: placed.task.line) {
                    action("\(title): \(placed.task.title)", "refactor.rewrite", edit)
                }
            }
            for region in Region.allCases where region != placed.region {
                if let edit = try? editor.move(taskAt: placed.task.line, to: region) {
                    action("Move to \(region == .backlog ? "the Backlog" : region.name): \(placed.task.title)", "refactor.move", edit)
                }
            }
        }
        return .array(actions)
    }
}
