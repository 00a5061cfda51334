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
            return .failure(DaySession.Failure(code: .findings, message: "\(path):\(line): no task on this line; the tasks are:"
                                               + listing(editor.tasks)))
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
}
