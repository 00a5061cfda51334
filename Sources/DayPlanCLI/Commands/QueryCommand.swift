import DayPlan
import DayPlanArchive
import DayPlanJSON

/// `dayplan query`: every task over the archive that matches the filters, each task once.
enum QueryCommand {
    /// The word that runs it: `dayplan query`.
    static let name = "query"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "List the tasks of day files that match filters, each task once across days",
        arguments: Value(placeholder: "PATH ...", kind: .paths),
        about: """
            Lists every task of the day files that matches all the filters given, as FILE:LINE:COLUMN: [x]
            title, a line an editor's quickfix list reads. With no PATH, reads the plan folder (found from
            --dir, DAYPLAN_DIR or the current folder, as rollover finds it); a folder stands for the day
            files below it; a file is read whatever its name.

            A task moved on by rollover ([>]) is one task across days: the days holding the same title
            after a [>] are its later steps. It is listed once, as it stands on the last day within --since
            and --until (its latest state), and the filters are tested on that; --history lists its whole
            path, day by day. A day file that cannot be read is named on standard error and the rest are
            still read.

            Days for --since and --until: YYYY-MM-DD, YYYY-MM, YYYY, today, yesterday, tomorrow, -7d
            (7 days ago), -2w, this-week, last-week, this-month, last-month, this-year, last-year; --since
            takes the first day of what it names, --until the last. Today is the local date (or
            DAYPLAN_NOW); before the day-starts-at hour (DAYPLAN_DAY_STARTS_AT or the setting) it is still
            yesterday, as for rollover.
            """,
        options: [
            .choice("--status", TaskFilter.statusWords, "Only tasks with this status (open is to do or in progress; moved is [>]). Default: any."),
            .option("--tag", "TAG", .tag, "Only tasks with this tag; home/* also matches every tag below home; a comma separates tags, any of which will do; inbox is a task without tags."),
            .choice("--region", Region.allCases.map(\.lowercaseName), "Only tasks in this region."),
            .choice("--bucket", Bucket.allCases.map(\.description), "Only tasks in this bucket."),
            .option("--since", "DAY", .date, "Only days from this one (see above for the words it takes)."),
            .option("--until", "DAY", .date, "Only days up to this one."),
            .option("--text", "WORDS", .text, "Only tasks whose title contains these words (case ignored)."),
            .option("--due", "DAYS", .date, "Only tasks whose @due: deadline falls in these days (a day, YYYY-MM, this-week, -7d, …)."),
            .option("--on", "DAYS", .date, "Only tasks scheduled (@on:) for these days."),
            .option("--priority", "WORDS", .text, "Only tasks with one of these priorities (@priority:, or another tool's ⏫ or [priority:: high]), comma-separated: highest, high, medium, low, lowest."),
            .flag("--history", "List each task's whole path, every day it stands in, not only its latest state."),
            .choice("--format", Format.allCases.map(\.rawValue),
                    #"text (default): FILE:LINE:COLUMN: [x] title. json: {"version":1,"tasks":[…]}. tsv: a header line and a line per task, tab-separated."#),
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "With no PATH, where to look for the plan folder (default: the current folder)."),
        ],
        exitCodes: [(0, "done (also when no task matches)"),
                    (1, "a day file has errors that make its reading a guess (named on standard error; the rest listed)"),
                    (2, "usage or I/O error (a file that cannot be read is named; the rest are still listed)")])

    /// How matches are written.
    enum Format: String, CaseIterable {
        case text, json, tsv
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan query: \(message)")
            return .failure
        }

        let format = arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text
        let history = arguments.flags.contains("--history")
        guard let today = today(dir: arguments.options["--dir"]) else { return fail("cannot read the local time") }
        let filter: TaskFilter
        switch QueryCommand.filter(arguments, today: today) {
        case .success(let made): filter = made
        case .failure(let usage): return fail(usage.message + "\nRun 'dayplan query --help' for usage.")
        }

        let found: (paths: [String], shown: @Sendable (String) -> String)
        switch Archive.paths(arguments.positionals, dir: arguments.options["--dir"]) {
        case .success(let paths): found = paths
        case .failure(let error): return fail(error.message)
        }
        let archive = Archive.read(found.paths, shown: found.shown, command: "query", figures: false, err: &err)
        let tasks = TaskArchive(days: archive.days)
        let matches = TaskQuery.run(filter, on: tasks)
        // The steps written for a match: its whole path with --history, else the step it is shown as.
        func steps(of match: TaskArchive.Step) -> [TaskArchive.Step] {
            history && !tasks.standsAlone(match) ? tasks.path(through: match) : [match]
        }

        switch format {
        case .text:
            // The lines of a run of matches at a time, made on all cores and written in order.
            let runs = stride(from: 0, to: matches.count, by: matchesPerRun).map { $0..<min($0 + matchesPerRun, matches.count) }
            forEachInBatches(runs, batchSize: outputRunsInFlight, work: { run in
                var text: [UInt8] = []
                for match in matches[run] {
                    if history && !tasks.standsAlone(match) {
                        for step in tasks.path(through: match) { appendLine(step, of: tasks, to: &text) }
                    } else {
                        appendLine(match, of: tasks, to: &text, age: openAge(match, of: tasks, today: today))
                    }
                }
                return text
            }) { _, text in out.write(bytes: text) }
            let count = matches.count
            err.line("\(count) task\(count == 1 ? "" : "s") in \(archive.files - archive.unreadable) day file\(archive.files - archive.unreadable == 1 ? "" : "s")")
        case .json:
            let documentTasks = matches.map { match -> JSONValue in
                let shown = tasks[match]
                var members = stepMembers(shown)
                members.append(JSONValue.Member("tags", .array(shown.tags.map(JSONValue.string))))
                members.append(JSONValue.Member("firstPlanned", .string(tasks.firstPlanned(through: match).description)))
                members.append(JSONValue.Member("moves", .integer(tasks.moves(through: match))))
                // Days from the first planned day to today (open) or to the day it stands on.
                let first = tasks.firstPlanned(through: match)
                let open = tasks.days[match.day].status(at: match.index).isOpen
                members.append(JSONValue.Member("age", .integer(first.days(until: open ? today : tasks.days[match.day].day))))
                if history {
                    members.append(JSONValue.Member("history", .array(steps(of: match).map { .object(stepMembers(tasks[$0])) })))
                }
                return .object(members)
            }
            let document: JSONValue = ["version": 1, "today": .string(today.description),
                                       "files": .integer(archive.files), "tasks": .array(documentTasks)]
            out.write(bytes: document.serialized())
            out.write("\n")
        case .tsv:
            out.line(["task", "file", "line", "column", "day", "region", "bucket", "status", "title", "tags",
                      "first_planned", "moves"].joined(separator: "\t"))
            for (number, match) in matches.enumerated() {
                let firstPlanned = tasks.firstPlanned(through: match).description, moves = String(tasks.moves(through: match))
                for step in steps(of: match).map({ tasks[$0] }) {
                    let fields = [String(number + 1), step.file, String(step.line), String(step.column),
                                  step.day.description, step.region.lowercaseName, step.bucket.description,
                                  step.status.name, step.title, step.tags.joined(separator: ","),
                                  firstPlanned, moves]
                    out.line(fields.map(tsvField).joined(separator: "\t"))
                }
            }
        }
        return archive.exitCode
    }

    /// Today, as rollover has it: the local date (or DAYPLAN_NOW); before DAYPLAN_DAY_STARTS_AT, else the plan
    /// folder's day-starts-at setting (the folder found from `dir`, DAYPLAN_DIR or the current folder), it
    /// is still yesterday.
    static func today(dir: String?) -> Day? {
        // As rollover reckons it (Clock, DAYPLAN_DAY_STARTS_AT, then the plan folder's setting), when there is a
        // plan folder; else as any command without one does.
        guard let folder = try? PlanFolder.find(dir: dir)
        else { return Clock.today() }
        return try? Clock.today(in: folder, dayStartsAt: nil).get()
    }

    /// The first and last day `--since` and `--until` name, or what is wrong with them.
    static func window(_ arguments: Arguments, today: Day) -> Result<(since: Day?, until: Day?), UsageError> {
        var bounds: [Day?] = []
        for name in ["--since", "--until"] {
            guard let text = arguments.options[name] else { bounds.append(nil); continue }
            guard let days = DayExpression.days(text, today: today, firstWeekday: Clock.firstWeekday()) else {
                return .failure(UsageError("\(name) '\(text)' names no day; write YYYY-MM-DD, YYYY-MM, YYYY, -7d, or one of "
                                           + DayExpression.words.joined(separator: ", ")))
            }
            bounds.append(name == "--since" ? days.lowerBound : days.upperBound)
        }
        if let since = bounds[0], let until = bounds[1], until < since {
            return .failure(UsageError("--until \(until) is before --since \(since)"))
        }
        return .success((bounds[0], bounds[1]))
    }

    /// The filter the options describe, or what is wrong with them.
    static func filter(_ arguments: Arguments, today: Day) -> Result<TaskFilter, UsageError> {
        var filter = TaskFilter()
        switch window(arguments, today: today) {
        case .success(let window): (filter.since, filter.until) = window
        case .failure(let usage): return .failure(usage)
        }
        filter.statuses = arguments.options["--status"].flatMap(TaskFilter.statuses(named:))
        filter.regions = arguments.options["--region"].map { word in Set(Region.allCases.filter { $0.lowercaseName == word }) }
        filter.buckets = arguments.options["--bucket"].map { word in Set(Bucket.allCases.filter { $0.description == word }) }
        if let text = arguments.options["--tag"] {
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let pattern = TagPattern(String(word)) else {
                    return .failure(UsageError("--tag '\(word)' is not a tag; a tag is letters, digits, _, - and /, optionally ending in /* for the tags below it"))
                }
                filter.tags.append(pattern)
            }
        }
        filter.text = arguments.options["--text"]
        if let text = arguments.options["--priority"] {
            let words = text.lowercased().split(separator: ",").map(String.init)
            guard !words.isEmpty, words.allSatisfy(MetadataKey.priorities.contains) else {
                return .failure(UsageError("--priority '\(text)' names no priority; give \(MetadataKey.priorities.joined(separator: ", ")), comma-separated"))
            }
            filter.priorities = Set(words)
        }
        for (name, window) in [("--due", \TaskFilter.due), ("--on", \TaskFilter.on)] {
            guard let text = arguments.options[name] else { continue }
            guard let days = DayExpression.days(text, today: today, firstWeekday: Clock.firstWeekday()) else {
                return .failure(UsageError("\(name) '\(text)' names no day; write YYYY-MM-DD, YYYY-MM, YYYY, -7d, or one of "
                                           + DayExpression.words.joined(separator: ", ")))
            }
            filter[keyPath: window] = days
        }
        return .success(filter)
    }

    /// How many matches' lines one worker makes at a time (--history writes every task of the archive).
    static let matchesPerRun = 1024

    /// Appends `FILE:LINE:COLUMN: [x] title`, a line an editor's quickfix list reads, for one step, from the
    /// archive's bytes (no string made per task: --history writes every task of the archive).
    /// An open task's age in days, from the day it was first planned to `today`, when it is a day or more; nil for
    /// a task that is not open.
    static func openAge(_ step: TaskArchive.Step, of archive: TaskArchive, today: Day) -> Int? {
        guard archive.days[step.day].status(at: step.index).isOpen else { return nil }
        let age = archive.firstPlanned(through: step).days(until: today)
        return age >= 1 ? age : nil
    }

    /// `FILE:LINE:COLUMN: [x] title`, and for an open task planned a day or more before today, `  (N days old)`.
    static func appendLine(_ step: TaskArchive.Step, of archive: TaskArchive, to text: inout [UInt8], age: Int? = nil) {
        var file = archive.days[step.day].file
        file.withUTF8 { text.append(contentsOf: $0) }
        text.append(UInt8(ascii: ":"))
        text.appendDecimal(archive.days[step.day].line(at: step.index))
        text.append(UInt8(ascii: ":"))
        text.appendDecimal(archive.days[step.day].column(at: step.index))
        // Byte by byte: appending a literal's UTF-8 view goes through the generic sequence path.
        text.append(UInt8(ascii: ":"))
        text.append(UInt8(ascii: " "))
        text.append(UInt8(ascii: "["))
        text.append(archive.days[step.day].status(at: step.index).markByte)
        text.append(UInt8(ascii: "]"))
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: archive.days[step.day].titleUTF8(at: step.index))
        if let age { text.append(contentsOf: "  (\(age) day\(age == 1 ? "" : "s") old)".utf8) }
        text.append(UInt8(ascii: "\n"))
    }

    /// Where a task stands on one day, as JSON members.
    static func stepMembers(_ step: ArchivedTask) -> [JSONValue.Member] {
        [JSONValue.Member("file", .string(step.file)), JSONValue.Member("line", .integer(step.line)),
         JSONValue.Member("column", .integer(step.column)), JSONValue.Member("day", .string(step.day.description)),
         JSONValue.Member("region", .string(step.region.lowercaseName)),
         JSONValue.Member("bucket", .string(step.bucket.description)),
         JSONValue.Member("status", .string(step.status.name)),
         JSONValue.Member("title", .string(step.title))]
    }

    /// A TSV field: tabs, line breaks and backslashes written `\t`, `\n`, `\r`, `\\`, so that every line is a row.
    static func tsvField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 13 || $0 == 92 }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\\": escaped += "\\\\"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
