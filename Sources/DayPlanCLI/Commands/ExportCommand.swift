import DayPlan
import DayPlanExport
import DayPlanICalendar

/// `dayplan export`: day files as versioned JSON (a document or JSON Lines) or as iCalendar to-dos.
enum ExportCommand {
    /// The word that runs it: `dayplan export`.
    static let name = "export"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Write day files as JSON (schema version 1) or iCalendar to-dos",
        arguments: Value(placeholder: "PATH ...", kind: .paths),
        about: """
            Writes the model of each day to standard output, oldest day first: its date, front matter,
            preamble, the four regions with their tasks (bucket, status, title, words, tags, metadata,
            notes, sub-tasks, line) and the free text between them, and the other sections as text.
            docs/EXPORT.md documents every field; 'dayplan import' reads it back. With no PATH, exports
            every day file of the plan folder (found from DIR or the current folder, as rollover finds it);
            a folder stands for the day files below it.

            --format json writes one document, {"version":1,"days":[...]}, a day a line; jsonl writes
            JSON Lines, one day object a line. ics writes one iCalendar (RFC 5545) VCALENDAR with a VTODO
            per open task (every task with --all), for calendar and reminders apps: the same task keeps
            its UID from day to day, also after rollover moved it, and is written once: a task open on
            two days (still open on an older day, and deferred into a later Backlog) as the newest has it.
            A task with a time of day (09:00 Title) gets it as its start, and an alarm when it is open.
            todotxt writes the same tasks, each once, as todo.txt lines for a todo.txt app: (A) must, (B)
            complementary, the creation date from @from:, tags as +tag, due: and t: (scheduled), and with
            --all "x DATE" for a finished task (docs/interop.md).

            A file with an error that blocks formatting (fmt would refuse it) is not exported: its
            findings are printed on standard error and the exit code is 1.
            """,
        options: [
            .choice("--format", Format.allCases.map(\.rawValue),
                    "json (default): one JSON document. jsonl: one day a line. ics: iCalendar to-dos. todotxt: todo.txt lines."),
            .option("--since", "YYYY-MM-DD", .date, "Only days on or after this one."),
            .option("--until", "YYYY-MM-DD", .date, "Only days on or before this one."),
            .flag("--all", "With --format ics or todotxt: every task, done, cancelled and moved on too (default: open tasks only)."),
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR",
                    "Where to look for the plan folder when no PATH is given (default: the current folder)."),
        ],
        exitCodes: [(0, "all exported"), (1, "a file was left out: it has errors that block formatting, or no date"),
                    (2, "usage or I/O error (the other files are still exported)")])

    /// What is written.
    enum Format: String, CaseIterable {
        case json, jsonl, ics, todotxt

        /// Whether the tasks are written one by one, each once, from day records (the calendar's way).
        var isTaskList: Bool { self == .ics || self == .todotxt }
    }

    /// What reading one file gave.
    enum Outcome {
        /// The day for the calendar, or its JSON text (made, and the record let go, on the worker's thread).
        case day(DayRecord?, json: [UInt8])
        /// Findings that block formatting: the file is left out.
        case refused([Diagnostic])
        /// No date in the file's name or its day heading.
        case undated
        /// A date outside --since/--until (known only once read, for a file not named by its day).
        case outside
        /// Why the file could not be read.
        case unreadable(String)
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan export: \(message)")
            return .failure
        }

        let format = arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .json
        var bounds: [Day?] = []
        for name in ["--since", "--until"] {
            guard let text = arguments.options[name] else { bounds.append(nil); continue }
            guard let day = Day(text) else { return fail("\(name) '\(text)' is not a date; write YYYY-MM-DD") }
            bounds.append(day)
        }
        let since = bounds[0], until = bounds[1]
        if let since, let until, until < since { return fail("--until \(until) is before --since \(since)") }
        if arguments.flags.contains("--all"), !format.isTaskList { return fail("--all is for --format ics or todotxt (JSON holds every task)") }

        // The files, each with the day its name gives, oldest first: the plan folder's, or those named.
        var files: [(path: String, day: Day?)]
        do {
            if arguments.positionals.isEmpty {
                let folder = try PlanFolder.find(dir: arguments.options["--dir"])
                files = try folder.dayFiles().map { ($0.path, $0.day) }
            } else {
                var paths = try FileSystem.expand(arguments.positionals)
                if arguments.positionals.count > 1 { paths = LintCommand.sortedOnce(paths) }
                files = paths.map { path in (path, Day(fileNameOf: path)) }
                // Oldest first, for rollover's chain of days in the calendar; files not named by a day keep their place.
                let dated = files.enumerated().compactMap { entry in entry.element.day.map { (day: $0, order: entry.offset) } }
                // Day files named in one folder are in that order already (sorted by name).
                if dated.count == files.count, zip(dated, dated.dropFirst()).contains(where: { $0.day > $1.day }) {
                    files = dated.sorted { ($0.day, $0.order) < ($1.day, $1.order) }.map { files[$0.order] }
                }
            }
        } catch {
            return fail(error.message)
        }
        // The calendar reads the days before --since too, to follow a task through rollover to its first day.
        files = files.filter { file in
            guard let day = file.day else { return true }
            return (until.map { day <= $0 } ?? true) && (format.isTaskList || since.map { day >= $0 } ?? true)
        }

        var document = ExportDocument(framing: format == .jsonl ? .lines : .document)
        var calendar = CalendarExport(includesFinished: arguments.flags.contains("--all"))
        if format.isTaskList {
            // A first pass learns the newest day of each task, so that a task open on two days is written once;
            // what a file holds that cannot be read is said by the second.
            forEachInBatches(files, work: { file in read(file.path, day: file.day, format: format, since: since, until: until) }) { _, outcome in
                if case .day(let record?, _) = outcome { calendar.survey(record, written: since.map { record.date >= $0 } ?? true) }
            }
            calendar.endSurvey()
        }
        out.write(bytes: format == .ics ? calendar.start() : format == .todotxt ? [] : document.start())
        var leftOut = 0, unreadable = 0
        // Each file goes to its worker with the day its name gives, found once above.
        forEachInBatches(files, work: { file in read(file.path, day: file.day, format: format, since: since, until: until) }) { file, outcome in
            let path = file.path
            switch outcome {
            case .day(let record, let json):
                if let record, format == .todotxt {
                    for entry in calendar.writtenEntries(record, written: since.map { record.date >= $0 } ?? true) {
                        out.line(TodoTxt.line(entry.task, finished: entry.day))
                    }
                } else if let record {
                    out.write(bytes: calendar.day(record, written: since.map { record.date >= $0 } ?? true))
                } else {
                    document.day(serialized: json) { out.write(bytes: $0) }
                }
            case .refused(let findings):
                for finding in findings { err.line(FindingFormat.line(finding, file: path)) }
                err.line("dayplan export: \(path): left out because of the error\(findings.count == 1 ? "" : "s") above "
                         + "(dayplan fmt refuses it too); fix \(findings.count == 1 ? "it" : "them") and export again")
                leftOut += 1
            case .undated:
                err.line("dayplan export: \(path): left out: neither its name (YYYY-MM-DD.md) nor its day heading gives its date")
                leftOut += 1
            case .outside:
                break
            case .unreadable(let message):
                err.line("dayplan export: \(message)")
                unreadable += 1
            }
        }
        out.write(bytes: format == .ics ? calendar.finish() : format == .todotxt ? [] : document.finish())
        if unreadable > 0 { return .failure }
        return leftOut > 0 ? .findings : .success
    }

    /// Reads one file into its record; `day` is the day its name gives, if any. Runs on any thread: it touches
    /// nothing shared.
    static func read(_ path: String, day: Day?, format: Format, since: Day?, until: Day?) -> Outcome {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            return .unreadable(error.message)
        }
        if !format.isTaskList {
            // Written from the file as read, without a record made first, nor a string for each title.
            var skipped: Outcome?
            let (document, json) = DayRecord.json(ofFile: bytes) { document in
                guard let date = day ?? document.day else { skipped = .undated; return nil }
                if let until, date > until { skipped = .outside; return nil }
                if let since, date < since { skipped = .outside; return nil }
                return date
            }
            if let skipped { return skipped }
            guard let json else { return .refused(document.formattingBlockers) }
            return .day(nil, json: json)
        }
        let document = DayDocument(parsing: bytes)
        guard let date = day ?? document.day else { return .undated }
        if let until, date > until { return .outside }
        guard let record = DayRecord(document: document, date: date) else { return .refused(document.formattingBlockers) }
        return .day(record, json: [])
    }
}
