import DayPlan

/// `dayplan mark`: sets a task's status (done, doing, todo, cancel).
enum MarkCommand {
    /// The statuses a person sets, by the word they type.
    static let statuses: [(word: String, status: Status)] = [("done", .done), ("doing", .inProgress), ("todo", .todo), ("cancel", .cancelled)]

    /// The word that runs it: `dayplan mark`.
    static let name = "mark"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Mark a task done, doing, todo or cancel",
        arguments: Value(placeholder: "done|doing|todo|cancel TASK", kind: .text),
        about: """
            Sets the status of one task of the day's file (today's, or --date's): done [x], doing [/],
            todo [ ] or cancel [-]. Only the status mark changes; every other byte stays.

            TASK is FILE:LINE, as dayplan lint prints it (the task's line or one of its notes' lines; any
            day file), or the task's exact title, or a part of exactly one title (case is ignored). No
            match, or more than one, is exit 1 listing the candidates.

            Reopening a task (todo, doing) is refused when its bucket is full (the 1-3-5 rule), naming
            where there is room. It holds the plan folder's lock, as rollover does, and prints one line:
            path:line: what changed.
            """,
        options: DaySession.options + [
            .flag("--with-subtasks", listedInUsage: false, "Marking a task done or cancelled marks its open sub-tasks (- [ ] … in its notes) the same; without it, each one left open is named."),
            .quiet,
        ],
        exitCodes: [(0, "done (or the task already had that status)"),
                    (1, "no task or more than one matches, its bucket is full, or the file has errors; nothing changed"),
                    (2, "usage or I/O error, such as a missing or read-only file")])

    static func run(_ arguments: Arguments) -> ExitCode {
        let statusWord = arguments.positionals.first ?? ""
        let words = statuses.map(\.word)
        guard let status = statuses.first(where: { $0.word == statusWord })?.status,
              let selector = TaskSelector(Array(arguments.positionals.dropFirst())) else {
            var err = Output.error
            if !statusWord.isEmpty, !words.contains(statusWord) {
                // A word where the status goes that is none: name it, rather than repeat the whole usage.
                let guess = closest(to: statusWord, among: words).map { " (did you mean '\($0)'?)" } ?? ""
                err.line("dayplan mark: unknown status '\(statusWord)'\(guess); use \(words.dropLast().joined(separator: ", ")) or "
                         + "\(words.last ?? "")\nRun 'dayplan mark --help' for usage.")
            } else {
                err.line("dayplan mark: give a status (\(words.joined(separator: ", "))) and a task: FILE:LINE, a title, "
                         + "or a part of one\nRun 'dayplan mark --help' for usage.")
            }
            err.flush()
            return .failure
        }
        let withSubtasks = arguments.flags.contains("--with-subtasks")
        // A task finished or cancelled with open sub-tasks says which it leaves open (rollover would leave them behind).
        func openSubtasks(_ placed: PlacedTask, _ change: DayEdit) -> [String] {
            guard !withSubtasks, status == .done || status == .cancelled else { return [] }
            return placed.task.subtasks.filter(\.status.isOpen).map { item in
                "\(placed.task.line + 1 + item.note): warning: the sub-task `\(item.title)` is still open under a \(status) task; "
                    + "mark it, or give --with-subtasks to mark the task's open sub-tasks \(status) with it"
            }
        }
        return DaySession.change("mark", arguments, task: selector, warnings: openSubtasks) { editor, placed, session throws(EditError) in
            try editor.setStatus(status, ofTaskAt: placed.task.line, doneDate: session.doneDate(arguments), subtasks: withSubtasks)
        }
    }
}
