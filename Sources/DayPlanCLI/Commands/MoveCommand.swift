import DayPlan

/// `dayplan move`: moves a task, with its notes and sub-tasks, to another region or bucket.
enum MoveCommand {
    /// The word that runs it: `dayplan move`.
    static let name = "move"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Move a task to another region or bucket",
        arguments: Value(placeholder: "TASK", kind: .text),
        about: """
            Moves one task of the day's file (today's, or --date's), with its notes and sub-tasks, to the
            region --to names, after that region's last task (a missing region heading is added); with
            --must, --complementary or --misc, to that bucket too (its bullet changes). Within its own
            region only the bullet changes. Every other line stays as it was.

            TASK is FILE:LINE, as dayplan lint prints it, or the task's exact title, or a part of exactly
            one title (case is ignored). No match, or more than one, is exit 1 listing the candidates.

            A move that would put more open tasks in a bucket than the 1-3-5 rule allows (1 must,
            3 complementary, 5 misc per region) is exit 1, naming where there is room; nothing is
            written. It holds the plan folder's lock, as rollover does, and prints one line: path:line:
            what changed.

            With --on DATE instead of --to, the task is moved to a later day: it gets @on:DATE (any @on:
            it had is replaced), and from the Backlog that day's rollover places it (FORMAT.md §6.2); a
            task of a region goes to the Backlog at the next rollover as usual. 'dayplan review' offers
            it for tasks carried for long.
            """,
        options: [
            .choice("--to", noun: "region", Region.allCases.map(\.lowercaseName), "The region to move the task to (required unless --on)."),
            .option("--on", "YYYY-MM-DD", .date, "Schedule a Backlog task for that day instead (@on:DATE)."),
        ] + BucketFlags.options + DaySession.options + [.quiet],
        exitCodes: [(0, "moved (or already there)"),
                    (1, "no task or more than one matches, the bucket is full, or the file has errors; nothing changed"),
                    (2, "usage or I/O error, such as a missing or read-only file")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var err = Output.error
        defer { err.flush() }
        let region = arguments.options["--to"].flatMap { name in Region.allCases.first { $0.lowercaseName == name } }
        let bucket: Bucket?
        switch BucketFlags.bucket(arguments) {
        case .success(let given): bucket = given
        case .failure(let problem):
            err.line("dayplan move: \(problem.message)\nRun 'dayplan move --help' for usage.")
            return .failure
        }
        if let on = arguments.options["--on"] {
            guard let day = Day(on), arguments.options["--to"] == nil, bucket == nil, let selector = TaskSelector(arguments.positionals) else {
                err.line("dayplan move: give a task and --on YYYY-MM-DD (a real date), without --to or a bucket\nRun 'dayplan move --help' for usage.")
                return .failure
            }
            err.flush()
            return DaySession.change("move", arguments, task: selector) { editor, placed, _ throws(EditError) in
                try editor.replaceMetadata(with: "@on:\(day)", onTaskAt: placed.task.line)
            }
        }
        guard let region, let selector = TaskSelector(arguments.positionals) else {
            err.line("dayplan move: give a task (FILE:LINE, a title, or a part of one) and --to REGION\nRun 'dayplan move --help' for usage.")
            return .failure
        }
        err.flush()
        return DaySession.change("move", arguments, task: selector) { editor, placed, _ throws(EditError) in
            try editor.move(taskAt: placed.task.line, to: region, bucket: bucket)
        }
    }
}
