import DayPlan

/// How `mark` and `move` name a task: `FILE:LINE` (as `dayplan lint` prints it, so that an editor's quickfix
/// list can drive them), an exact title, or a case-insensitive part of one title.
enum TaskSelector: Equatable {
    /// A line of a file: the task's line or one of its notes' lines.
    case line(file: String, line: Int)
    /// A title, exactly, or a part of exactly one title.
    case text(String)

    /// Reads the words naming the task: one `FILE:LINE` word (FILE ends in `.md` or is a file), else the words
    /// joined by spaces as a title.
    init?(_ words: [String]) {
        guard !words.isEmpty else { return nil }
        if words.count == 1, let colon = words[0].lastIndex(of: ":") {
            let file = String(words[0][..<colon]), number = words[0][words[0].index(after: colon)...]
            if let line = Int(number), line > 0, !file.isEmpty, file.hasSuffix(".md") || FileSystem.kind(of: file) == .file {
                self = .line(file: file, line: line)
                return
            }
        }
        let text = words.joined(separator: " ")
        guard !text.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        self = .text(text)
    }

    /// The task selected in a file (shown as `path` in messages): exit 1 with the candidates when no task, or
    /// more than one, matches.
    func select(in editor: DayEditor, path: String) -> Result<PlacedTask, DaySession.Failure> {
        func listing(_ tasks: [PlacedTask]) -> String {
            tasks.map { "\n  \(path):\($0.task.line): \($0.task.canonicalLine)" }.joined()
        }
        switch self {
        case .line(_, let line):
            if let placed = editor.task(at: line) { return .success(placed) }
            return .failure(DaySession.Failure(code: .findings, message: "\(path):\(line): no task on this line "
                                               + Self.describe(line: line, in: editor.bytes) + Self.nearest(line, in: editor.tasks, listing)))
        case .text(let text):
            let tasks = editor.tasks
            let exact = tasks.filter { $0.task.title == text }
            if exact.count == 1, let only = exact.first { return .success(only) }
            let needle = text.lowercased()
            let matching = exact.isEmpty ? tasks.filter { $0.task.title.lowercased().contains(needle) } : exact
            if matching.count == 1, let only = matching.first { return .success(only) }
            if matching.isEmpty {
                return .failure(DaySession.Failure(code: .findings, message: "no task in \(path) matches '\(text)'"
                                                   + (tasks.isEmpty ? "; it has no tasks" : "; the tasks are:" + listing(tasks))))
            }
            return .failure(DaySession.Failure(code: .findings, message: "\(matching.count) tasks in \(path) match '\(text)'; "
                                               + "name one by its title or as FILE:LINE:" + listing(matching)))
        }
    }

    /// What line `number` of `bytes` holds, for a message: `(it holds "…")`, `(it is blank)`, or `(the file has N
    /// lines)` past the end; long lines cut at 80 characters.
    static func describe(line number: Int, in bytes: [UInt8]) -> String {
        var start = 0, current = 1
        while current < number, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            start = newline + 1
            current += 1
        }
        guard current == number, start < bytes.count else {
            let lines = bytes.count { $0 == UInt8(ascii: "\n") } + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
            return "(the file has \(lines) line\(lines == 1 ? "" : "s"))"
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        var text = String(decoding: bytes[start..<end], as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) { return "(it is blank)" }
        if text.count > 80 { text = String(text.prefix(79)) + "…" }
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        let isCheckbox = ["- [", "* [", "+ ["].contains { trimmed.hasPrefix($0) }
        return "(it holds \"\(Output.escaped(text))\"" + (isCheckbox ? ", a checkbox dayplan does not read as a task: "
            + "lint says why, and under ## Morning, ## Afternoon, ## Evening or ## Backlog it is one)" : ")")
    }

    /// The tasks nearest line `number`, the one before it and the one after: `; the nearest tasks are: …`, or that
    /// the file has none.
    static func nearest(_ number: Int, in tasks: [PlacedTask], _ listing: ([PlacedTask]) -> String) -> String {
        guard !tasks.isEmpty else { return "; the file has no tasks" }
        let before = tasks.last { $0.task.line < number }, after = tasks.first { $0.task.line > number }
        let near = [before, after].compactMap { $0 }
        return "; the nearest task\(near.count == 1 ? " is" : "s are"):" + listing(near)
    }
}
