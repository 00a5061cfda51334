import DayPlan
import DayPlanArchive

/// `dayplan report`: how the plans went over a period of the archive, as text with charts, JSON, CSV or a
/// self-contained HTML page.
enum ReportCommand {
    /// The word that runs it: `dayplan report`.
    static let name = "report"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Report how the plans went: completion, score, streaks, migrated tasks, backlog, tags",
        arguments: Value(placeholder: "PATH ...", kind: .paths),
        about: """
            Reports on the day files from --since to --until (by default from the first day file to today):
            planned, done, cancelled and moved tasks by region and bucket, completion (done ÷ (planned −
            cancelled)), the bucket-weighted score (must 7, complementary 4, misc 3 points per task done),
            the must streak and the completion streak (days at 80% or more), the tasks moved on most often,
            the backlog's size and age, the days from first planned to done, and the tags with the most
            tasks done. docs/REPORTS.md defines every figure.

            With no PATH, reads the plan folder (found from --dir, DAYPLAN_DIR or the current folder, as
            rollover finds it); a folder stands for the day files below it. A task moved on by rollover
            ([>]) is one task across days, as in 'dayplan query'. A day file that cannot be read is named
            on standard error and the rest are reported.

            Text output draws charts (sparklines, a calendar heat map, bars) with Unicode blocks when
            standard output is a terminal. --since and --until take the words 'dayplan query' takes. Today
            is the local date (or DAYPLAN_NOW); before the day-starts-at hour (DAYPLAN_DAY_STARTS_AT or the
            setting) it is still yesterday, as for rollover.
            """,
        options: [
            .flag("--week", "This week, Monday to today."),
            .flag("--month", "This month, to today."),
            .flag("--year", "This year, to today."),
            .flag("--spent", "Time spent (@spent:, from dayplan start and stop) against estimated (@est:), per tag and bucket (text or json)."),
            .option("--since", "DAY", .date, "The first day reported on (YYYY-MM-DD, -30d, last-month, …)."),
            .option("--until", "DAY", .date, "The last day reported on (default: today)."),
            .choice("--by", noun: "grouping", ArchiveReport.Grouping.allCases.map(\.rawValue),
                    "The rows of the period table (default: day for up to 31 days, week up to 182, else month)."),
            .choice("--format", Format.allCases.map(\.rawValue),
                    "text (default; charts on a terminal), json (every figure), csv (the period table), html (one self-contained page; with -o)."),
            .option("--output", short: "o", "FILE", .file, "Write the report to FILE (a file is replaced atomically; a device or a pipe such as /dev/stdout is written into) instead of standard output."),
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "With no PATH, where to look for the plan folder (default: the current folder)."),
        ],
        exitCodes: [(0, "done"),
                    (1, "a day file has errors that make its reading a guess (named on standard error; the rest reported)"),
                    (2, "usage or I/O error (a file that cannot be read is named; the rest are still reported)")])

    /// How the report is written.
    enum Format: String, CaseIterable {
        case text, json, csv, html
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan report: \(message)")
            return .failure
        }

        let format = arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text
        if arguments.flags.contains("--spent"), format == .csv || format == .html || arguments.options["--output"] != nil {
            return fail("--spent is written to standard output, as text or json\nRun 'dayplan report --help' for usage.")
        }
        guard let today = QueryCommand.today(dir: arguments.options["--dir"]) else { return fail("cannot read the local time") }
        var since: Day?, until: Day?
        switch QueryCommand.window(arguments, today: today) {
        case .success(let window): (since, until) = window
        case .failure(let usage): return fail(usage.message + "\nRun 'dayplan report --help' for usage.")
        }
        let periods = ["--week": "this-week", "--month": "this-month", "--year": "this-year"].filter { arguments.flags.contains($0.key) }
        if let period = periods.first {
            guard periods.count == 1, since == nil, until == nil else {
                return fail("give one of --week, --month, --year, or --since/--until\nRun 'dayplan report --help' for usage.")
            }
            since = DayExpression.days(period.value, today: today, firstWeekday: Clock.firstWeekday())?.lowerBound
            until = today
        }
        if let since, since > (until ?? today) {
            return fail("--since \(since) is after \(until == nil ? "today (\(today)), where the report ends" : "--until \(until!)")")
        }
        let grouping = arguments.options["--by"].flatMap(ArchiveReport.Grouping.init(rawValue:))

        let found: (paths: [String], shown: @Sendable (String) -> String)
        switch Archive.paths(arguments.positionals, dir: arguments.options["--dir"]) {
        case .success(let paths): found = paths
        case .failure(let error): return fail(error.message)
        }
        let archive = Archive.read(found.paths, shown: found.shown, command: "report", figures: true, err: &err)
        if arguments.flags.contains("--spent") {
            // The time tracked, against the estimates: a report of its own (docs/time-tracking.md).
            let spent = SpentReport(archive: TaskArchive(days: archive.days), since: since, until: until, today: today)
            switch format {
            case .text: out.write(SpentText.text(spent))
            case .json: out.write(bytes: SpentText.json(spent))
            case .csv, .html: break  // refused above
            }
            return archive.exitCode
        }
        let report = ArchiveReport(archive: TaskArchive(days: archive.days), since: since, until: until, today: today,
                                   grouping: grouping)

        let output = arguments.options["--output"]
        // The report goes out as it is made: to standard output, or gathered for FILE, replaced atomically.
        var gathered: [UInt8] = []
        func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            if output == nil { out.write(bytes: bytes) } else { gathered.append(contentsOf: bytes) }
        }
        switch format {
        case .text:
            var text = TextReport.text(report, charts: output == nil && isatty(1) != 0)
            text.withUTF8(put)
        case .json: JSONReport.write(report, to: put)  // megabytes over years: never a string, never held whole
        case .csv:
            var table = CSVReport.table(report)
            table.withUTF8(put)
        case .html:
            var page = HTMLReport.page(report)
            page.withUTF8(put)
        }
        if let output {
            do {
                try FileSystem.writeOutput(output, with: gathered)
            } catch {
                return fail(error.message)
            }
        }
        return archive.exitCode
    }
}
