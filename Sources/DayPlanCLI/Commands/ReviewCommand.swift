import DayPlan
import DayPlanJSON

/// `dayplan review`: the day's tasks carried for long, oldest first, each with its three choices as commands.
enum ReviewCommand {
    /// The word that runs it: `dayplan review`.
    static let name = "review"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "List tasks carried for long with the commands to decide on each, or (--evening) decide on the day's open tasks",
        arguments: nil,
        about: """
            Lists the open tasks of the day's plan (today's, or --date's) first planned carried-warning-days
            (the setting; 7 when not set) or more days ago, by their @from: day: the ones dayplan lint
            reports as DP052 long-carried. Oldest first, each with its age and three choices, each a command
            ready to run: do it today (dayplan move --to the first region whose bucket has room), schedule
            it (dayplan move --on, a week from the day: @on:), or cancel it (dayplan mark cancel). Tasks are
            named by their title, so that running one choice does not change the others.

            Without --evening it reads and changes nothing. --format json writes one JSON document,
            {"version":1,"file","day","carriedWarningDays","tasks":[…]} (docs/review.md lists its fields).

            With --evening, the evening shutdown: each open task of the day's regions in turn, asked on
            standard input (t tomorrow, o DAY on a later day, b the Backlog, c cancel, d done after all, k or
            Enter keep; q keeps the rest), then all the decisions written as one change of the day's file,
            one line each saying what happens, and tomorrow as rollover would make it now. Tomorrow and a
            day are @on:DAY/REGION (the task's region), which that day's rollover places; a running timer is
            stopped first. For a script: --plan FILE (- for standard input), one 'CHOICE TASK' a line, and
            --rest CHOICE for the tasks it does not name (else they are kept). --dry-run writes nothing.
            docs/review.md shows it.
            """,
        options: [
            .choice("--format", Format.allCases.map(\.rawValue), "text (default) or json."),
            .flag("--evening", "The evening shutdown: decide on each open task of the day's regions, written as one change."),
            .option("--plan", "FILE", .file, "With --evening: the decisions, one 'CHOICE TASK' a line (- reads standard input)."),
            .option("--rest", "CHOICE", .text, "With --evening: the decision for every task the plan does not name (tomorrow, backlog, cancel, done, keep or a day)."),
            .flag("--dry-run", "With --evening: say what would happen and show tomorrow; write nothing."),
        ] + DaySession.options,
        exitCodes: [(0, "listed (also when no task is carried for long), or the evening's decisions written"),
                    (1, "with --evening: a decision the file refuses, or a plan naming no open task of the day; nothing changed"),
                    (2, "usage or I/O error, such as a day without a file or a plan's line that is no choice")],
        strayArguments: "takes no arguments; give the day with --date")

    /// How the review is written.
    enum Format: String, CaseIterable {
        case text, json
    }

    /// One task to decide on: where it stands, how old it is, and the three choices as commands.
    struct Choice {
        let task: PlanTask
        let region: Region
        let age: Int
        /// Do it today: nil when it is in a region already, or when no region has room for its bucket.
        let today: String?
        /// Where it would go today, or why it cannot.
        let todayNote: String
        let schedule: String
        let cancel: String
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        if arguments.flags.contains("--evening") { return evening(arguments) }
        for option in ["--plan", "--rest"] where arguments.options[option] != nil {
            var err = Output.error
            err.line("dayplan review: \(option) decides on the day's tasks with --evening; add --evening\nRun 'dayplan review --help' for usage.")
            err.flush()
            return .failure
        }
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: false)
        } catch {
            err.line("dayplan review: \(error.message)")
            return error.code
        }
        guard let bytes = session.bytes else {
            err.line(session.missingFileMessage(name, arguments))
            return .failure
        }
        let day = session.file.day
        let days = session.planFolder.settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays
        let choices = self.choices(in: bytes, on: day, days: days, date: arguments.options["--date"])
        switch arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text {
        case .text:
            out.write(text(choices, file: session.file.path, day: day, days: days))
        case .json:
            out.write(bytes: json(choices, file: session.file.path, day: day, days: days).serialized())
            out.write("\n")
        }
        return .success
    }

    /// The day's tasks carried `days` days or more, oldest first (in file order for one age), with their choices;
    /// `date`, when the person gave `--date`, is passed on to the commands.
    static func choices(in bytes: [UInt8], on day: Day, days: Int, date: String?) -> [Choice] {
        let editor = DayEditor(bytes)
        let carried = StatusCommand.carriedForLong(DayDocument(parsing: bytes), on: day, days: days).tasks
        let dated = date.map { " --date \(quoted($0))" } ?? ""
        return carried.compactMap { item -> Choice? in
            guard let placed = editor.task(at: item.task.line) else { return nil }
            let title = quoted(item.task.title)
            var today: String?
            let note: String
            if placed.region != .backlog {
                note = "it is in the \(placed.region) already"
            } else if let region = LongCarried.regionWithRoom(for: item.task, in: editor) {
                today = "dayplan move\(dated) --to \(region.lowercaseName) \(title)"
                note = "into the \(region)"
            } else {
                note = "no region has room for another \(item.task.bucket) task"
            }
            return Choice(task: item.task, region: placed.region, age: item.age, today: today, todayNote: note,
                          schedule: "dayplan move\(dated) --on \(LongCarried.scheduledDay(after: day)) \(title)",
                          cancel: "dayplan mark\(dated) cancel \(title)")
        }
    }

    /// A word for a POSIX shell: as it is when it is plain, else in single quotes.
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./:@%+=,".unicodeScalars.contains($0)
        }
        return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    // MARK: - Output

    /// The tasks as lines for people, each followed by its choices.
    static func text(_ choices: [Choice], file: String, day: Day, days: Int) -> String {
        guard !choices.isEmpty else {
            return "\(file): no open task was first planned \(days) days or more before \(day); nothing to decide\n"
        }
        var text = "\(file): \(choices.count) task\(choices.count == 1 ? "" : "s") carried \(days) days or more, oldest first\n"
        for choice in choices {
            text += "\n\(choice.task.title): first planned on \(choice.task.metadata.from!), \(choice.age) days ago "
                + "(\(choice.region), line \(choice.task.line))\n"
            text += "  do it today:  " + (choice.today.map { "\($0)    # \(choice.todayNote)" } ?? "(\(choice.todayNote))") + "\n"
            text += "  schedule it:  \(choice.schedule)\n"
            text += "  cancel it:    \(choice.cancel)\n"
        }
        return Output.escaped(text)
    }

    /// The review as one JSON document, version 1.
    static func json(_ choices: [Choice], file: String, day: Day, days: Int) -> JSONValue {
        let tasks = choices.map { choice -> JSONValue in
            .object([
                .init("title", .string(choice.task.title)), .init("line", .integer(choice.task.line)),
                .init("region", .string(choice.region.lowercaseName)), .init("bucket", .string(choice.task.bucket.description)),
                .init("from", .string(choice.task.metadata.from!.description)), .init("age", .integer(choice.age)),
                .init("doToday", choice.today.map(JSONValue.string) ?? .null), .init("doTodayNote", .string(choice.todayNote)),
                .init("schedule", .string(choice.schedule)), .init("cancel", .string(choice.cancel)),
            ])
        }
        return .object([.init("version", .integer(1)), .init("file", .string(file)), .init("day", .string(day.description)),
                        .init("carriedWarningDays", .integer(days)), .init("tasks", .array(tasks))])
    }
}
