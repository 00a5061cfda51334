import DayPlan

/// todo.txt (github.com/todotxt/todo.txt), a task a line, read into dayplan's tasks:
/// - `x` and a space first: done, then its completion date and, after that, its creation date (both optional);
/// - else `(A)` to `(Z)` and a space first: the priority, `(A)` must, `(B)` complementary, the others misc (as no
///   priority is); then its creation date;
/// - `+project` and `@context` words: tags (`#project`, `#context`);
/// - `due:YYYY-MM-DD` is `@due:`, `t:YYYY-MM-DD` (the threshold, the day it is meant to start) is `@on:`, and on a
///   done task `pri:A` is its priority;
/// - every other word, `key:value` ones included, stays in the title as written.
public enum TodoTxt {
    /// The tasks of a todo.txt file's `bytes`, named `name` in problems and sources; with `done`, a done.txt,
    /// whose tasks are done whether or not they start with `x`. Blank lines are skipped. A line that is no task
    /// dayplan can hold (a control character, words lint would call an error) is a problem, and the rest are read.
    public static func tasks(in bytes: [UInt8], named name: String, done: Bool = false) -> (tasks: [ForeignTask], problems: [ForeignProblem]) {
        var tasks: [ForeignTask] = [], problems: [ForeignProblem] = []
        var number = 0
        for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            let line = String(decoding: raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw, as: UTF8.self)
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            do {
                tasks.append(try task(line, source: "\(name):\(number)", done: done))
            } catch {
                problems.append(error)
            }
        }
        return (tasks, problems)
    }

    /// One line's task.
    static func task(_ line: String, source: String, done: Bool) throws(ForeignProblem) -> ForeignTask {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var isDone = done, finished: Day?, created: Day?, priority: Character?
        if words.first == "x" {
            isDone = true
            words.removeFirst()
            if let day = leadingDay(words) {
                finished = day
                words.removeFirst()
                if let day = leadingDay(words) {
                    created = day
                    words.removeFirst()
                }
            }
        } else {
            if let first = words.first, first.count == 3, first.first == "(", first.last == ")",
               let letter = first.dropFirst().first, letter.isASCII, letter.isUppercase {
                priority = letter
                words.removeFirst()
            }
            if let day = leadingDay(words) {
                created = day
                words.removeFirst()
            }
        }
        var title: [String] = [], kept: [String] = []
        var due: Day?, on: Day?
        for word in words {
            if word.count > 1, word.first == "+" || word.first == "@" {
                if let tag = ForeignTasks.tag(String(word.dropFirst())) {
                    title.append(tag)
                } else {
                    title.append(word)
                    kept.append("'\(word)' is no tag dayplan reads, and stays a word of the title")
                }
                continue
            }
            if let colon = word.firstIndex(of: ":"), colon != word.startIndex {
                let key = word[..<colon], value = word[word.index(after: colon)...]
                switch key {
                case "due", "t":
                    if let day = Day(value) {
                        if key == "due" { due = day } else { on = day }
                        continue
                    }
                    kept.append("'\(word)' is no date (YYYY-MM-DD), and stays a word of the title")
                case "pri" where isDone && value.count == 1 && value.first?.isUppercase == true:
                    priority = value.first
                    continue
                default:
                    // A link (`https://…`) is no key:value word.
                    if !value.hasPrefix("//") { kept.append("'\(word)' stays a word of the title: dayplan has no key \(key)") }
                }
            }
            title.append(word)
        }
        let bucket: Bucket = switch priority {
        case "A": .must
        case "B": .complementary
        default: .misc
        }
        let metadata = TaskMetadata(on: on, due: due, from: created)
        let task = try ForeignTasks.task(title, bucket: bucket, status: isDone ? .done : .todo, metadata: metadata, source: source)
        return ForeignTask(task: task, finished: finished, source: source, kept: kept)
    }

    /// The first word as a day, when it is one (`2026-11-21`).
    static func leadingDay(_ words: [String]) -> Day? {
        words.first.flatMap { Day($0) }
    }

    /// A task as a todo.txt line: `x DONE CREATED` or `(A) CREATED`, the title with each `#tag` as `+tag`, then
    /// `due:` and `t:`. `finished` is the day a finished task was finished (its day file's), for the `x` line.
    public static func line(_ task: PlanTask, finished: Day?) -> String {
        var words: [String] = []
        let isFinished = !task.status.isOpen
        if isFinished {
            words.append("x")
            if let day = task.metadata.done ?? finished {
                words.append(day.description)
                if let from = task.metadata.from { words.append(from.description) }
            }
        } else {
            switch task.bucket {
            case .must: words.append("(A)")
            case .complementary: words.append("(B)")
            case .misc: break
            }
            if let from = task.metadata.from { words.append(from.description) }
        }
        let tags = Set(task.tags)
        for word in task.title.split(separator: " ") {
            let name = word.dropFirst()
            words.append(word.first == "#" && tags.contains(String(name)) ? "+" + name : String(word))
        }
        if isFinished, task.bucket != .misc { words.append(task.bucket == .must ? "pri:A" : "pri:B") }
        if let due = task.metadata.due { words.append("due:\(due)") }
        if let on = task.metadata.on { words.append("t:\(on)") }
        return words.joined(separator: " ")
    }
}
