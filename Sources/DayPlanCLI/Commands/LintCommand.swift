import DayPlan

/// `dayplan lint`: checks day files against the format and the 1-3-5 rule.
enum LintCommand {
    /// The word that runs it: `dayplan lint`.
    static let name = "lint"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Check day files against the format and the 1-3-5 rule",
        arguments: Value(placeholder: "PATH ...", kind: .paths),
        about: """
            Checks day files and reports every finding with its file, line, column, severity and rule
            (docs/RULES.md lists the rules). With no PATH, checks the day files (YYYY-MM-DD.md) below the
            current folder; a folder stands for the day files below it, hidden folders (.git among them)
            skipped; a file is checked whatever its name; - reads standard input.

            Columns count UTF-8 bytes from 1.
            """,
        options: [
            .choice("--format", Format.allCases.map(\.rawValue),
                    #"text (default): path:line:column: severity: message [rule], with a one-line summary on standard error. json: one JSON document, {"version":1,"files":N,"diagnostics":[…]}. github: GitHub Actions workflow commands (::error file=…::…)."#),
            .flag("--strict", "Warnings fail the run too (exit 1); information (a task carried for long) never does."),
            .option("--stdin-filename", "NAME", .file,
                    "The name standard input is reported under, and checked against its day heading (default <stdin>). For editors and git hooks."),
            .flag("--quiet", short: "q", listedInUsage: false, "No summary line on standard error: only the findings (for editors that read any error output as a failure)."),
        ],
        exitCodes: [(0, "no errors (warnings and information allowed)"), (1, "errors (or warnings with --strict)"),
                    (2, "usage or I/O error (other files are still checked and reported)")])

    /// How findings are written.
    enum Format: String, CaseIterable {
        case text, json, github
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }

        let format = arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text
        let strict = arguments.flags.contains("--strict")
        let stdinName = arguments.options["--stdin-filename"] ?? "<stdin>"

        // Files as given, folders as their day files; sorted and each once, so the output order is fixed.
        var paths: [String]
        // The sync tools' conflict copies of day files in the folders (DP004), found in the same walk.
        var copies: [String] = []
        do {
            paths = try FileSystem.expand(arguments.positionals.isEmpty ? ["."] : arguments.positionals,
                                          findingCopies: true, copies: &copies)
            // One folder's day files come sorted already.
            if arguments.positionals.count > 1 { paths = sortedOnce(paths) }
        } catch {
            err.line("dayplan lint: \(error.message)")
            return .failure
        }
        let searchedHere = arguments.positionals.isEmpty
        @Sendable func shownName(_ path: String) -> String {
            if path == "-" { return stdinName }
            if searchedHere, path.hasPrefix("./") { return String(path.dropFirst(2)) }
            return path
        }

        // In a plan folder adopted in a folder of older notes, only the plan's day files are checked.
        var adoption = PlanAdoption()
        let stdinPath = arguments.options["--stdin-filename"] ?? "-"
        var adoptedDays: [Day] = []
        for path in paths {
            if let day = adoption.adopted(for: path == "-" ? stdinPath : path), !adoptedDays.contains(day) { adoptedDays.append(day) }
        }
        // Read only from here on, by every core: each path's folder is known already.
        let adopted = adoption, anyAdopted = !adoptedDays.isEmpty
        if format == .json { out.write("{\"version\":1,\"files\":\(paths.count),\"diagnostics\":[") }
        var errors = 0, warnings = 0, information = 0, filesWithFindings = 0, unreadable = 0, leftAlone = 0
        var identities: [(name: String, identity: FileSystem.Identity, hasFindings: Bool)] = []
        var wroteDiagnostic = false
        // Read and checked on every core, a bounded batch at a time; reported in path order.
        // Today's tasks first planned this many days ago or more are reported (DP052, information): the setting of the
        // plan folder lint runs in (DAYPLAN_DIR or the current folder), else 7.
        let planFolder = try? PlanFolder.find(dir: nil)
        // Today's plan gets its overdue tasks reported (DP051); older days are history. Today as that plan folder
        // reckons it (its day-starts-at), as status and rollover do, so that they count the same findings.
        let today = planFolder.flatMap { try? Clock.today(in: $0, dayStartsAt: nil).get() } ?? Clock.today()
        let carriedWarningDays = planFolder?.settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays
        // Its region hours and, when the settings name calendars, their events (DP060, DP061, DP062), read for the
        // days the files' names give (others are read when asked); what of a calendar cannot be read is named, and
        // its events are not checked.
        let (hours, calendarProblems) = CalendarDays.hours(of: planFolder, days: namedDays(paths.map { $0 == "-" ? stdinName : $0 }))
        if !arguments.flags.contains("--quiet") {
            for problem in calendarProblems { err.line("dayplan lint: \(problem)") }
        }
        forEachInBatches(paths, work: { path in
            check(path, shownAs: shownName(path), format: format, today: today, carriedWarningDays: carriedWarningDays,
                  hours: hours, adopted: anyAdopted ? adopted.known(for: path == "-" ? stdinPath : path) : nil)
        }) { path, report in
            if report.leftAlone {
                leftAlone += 1
                return
            }
            if let identity = report.identity {
                identities.append((shownName(path), identity, report.errors + report.warnings > 0))
            }
            if let failure = report.failure {
                err.line("dayplan lint: \(failure)")
                unreadable += 1
                return
            }
            errors += report.errors
            warnings += report.warnings
            information += report.information
            if report.errors + report.warnings > 0 { filesWithFindings += 1 }
            guard !report.output.isEmpty else { return }
            if format == .json { out.write(wroteDiagnostic ? ",\n" : "\n") }
            out.write(bytes: report.output)
            wroteDiagnostic = true
        }
        // Day files that are one file (links, hard links): found from the files read, one finding each (DP003).
        // Sorted by file, so that the names of one file stand together (no dictionary: its first use costs more
        // than the sort).
        let byFile = identities.indices.sorted { a, b in
            let x = identities[a].identity, y = identities[b].identity
            return x.device != y.device ? x.device < y.device : x.inode != y.inode ? x.inode < y.inode : a < b
        }
        var shared: [(name: String, others: [String], names: Int, hasFindings: Bool)] = []
        var runStart = 0
        while runStart < byFile.count {
            let first = identities[byFile[runStart]].identity
            var runEnd = runStart + 1
            while runEnd < byFile.count, identities[byFile[runEnd]].identity.device == first.device,
                  identities[byFile[runEnd]].identity.inode == first.inode { runEnd += 1 }
            let run = byFile[runStart..<runEnd]
            for index in run where run.count > 1 || identities[index].identity.names > 1 {
                let name = identities[index].name
                shared.append((name, run.map { identities[$0].name }.filter { $0 != name }, identities[index].identity.names,
                               identities[index].hasFindings))
            }
            runStart = runEnd
        }
        for (name, others, names, hasFindings) in shared {
            let top = SourcePosition(offset: 0, line: 1, column: 1)
            let finding = Diagnostic(.sharedFile, from: top, to: top, Rule.sharedFileMessage(others: others, names: names))
            var text: [UInt8] = []
            FindingFormat(format).write(finding, file: name, to: &text)
            if format == .json { out.write(wroteDiagnostic ? ",\n" : "\n") }
            out.write(bytes: text)
            wroteDiagnostic = true
            errors += 1
            if !hasFindings { filesWithFindings += 1 }
        }
        // A conflict copy named as a file is checked as a day file, and named as a copy too.
        let folderCopies = copies
        copies += paths.filter { ConflictCopyName(fileName: FileSystem.name(of: $0)) != nil }
        for path in sortedOnce(copies) {
            guard let copy = ConflictCopyName(fileName: FileSystem.name(of: path)) else { continue }
            let top = SourcePosition(offset: 0, line: 1, column: 1)
            var text: [UInt8] = []
            FindingFormat(format).write(Diagnostic(.conflictCopy, from: top, to: top, Rule.conflictCopyMessage(copy)),
                                        file: shownName(path), to: &text)
            if format == .json { out.write(wroteDiagnostic ? ",\n" : "\n") }
            out.write(bytes: text)
            wroteDiagnostic = true
            errors += 1
            // A copy named as a file is counted with the files checked already.
            if folderCopies.contains(path) || !(identities.first { $0.name == shownName(path) }?.hasFindings ?? false) {
                filesWithFindings += 1
            }
        }
        if format == .json { out.write(wroteDiagnostic ? "\n]}\n" : "]}\n") }
        if format == .text, !arguments.flags.contains("--quiet") {
            var summary = summaryLine(errors: errors, warnings: warnings, inFiles: filesWithFindings,
                                      of: paths.count + folderCopies.count - unreadable - leftAlone, unreadable: unreadable)
            if information > 0 {
                summary += "; \(information) information finding\(information == 1 ? "" : "s") (never a failure)"
            }
            if leftAlone > 0 {
                let since = adoptedDays.min().map { " (adopted \($0))" } ?? ""
                summary += "; \(leftAlone) note\(leftAlone == 1 ? "" : "s") left alone: no day file\(leftAlone == 1 ? "" : "s") of the plan\(since)"
            }
            err.line(summary)
        }

        if unreadable > 0 { return .failure }
        return errors > 0 || (strict && warnings > 0) ? .findings : .success
    }

    /// The paths in byte order, each once (byte for byte: two spellings of the same file both stay).
    static func sortedOnce(_ paths: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(paths.count)
        // Sorted, the last path kept is the same bytes as the next exactly when it does not precede it.
        for path in paths.sorted(by: FileSystem.precedes) where result.last.map({ FileSystem.precedes($0, path) }) ?? true {
            result.append(path)
        }
        return result
    }

    /// The days from the first to the last that `names` (day files' paths) give; nil when one gives none, as a
    /// file that is not named for its day may be any day.
    static func namedDays(_ names: [String]) -> ClosedRange<Day>? {
        var first: Day?, last: Day?
        for name in names {
            guard let day = Day(fileNameOf: name) else { return nil }
            first = min(first ?? day, day)
            last = max(last ?? day, day)
        }
        guard let first, let last else { return nil }
        return first...last
    }

    /// What checking one file gave: its findings written in the chosen format, or why it could not be read.
    struct Report {
        var output: [UInt8] = []
        var errors = 0
        var warnings = 0
        var information = 0
        var failure: String?
        /// A note of an adopted folder that is no day file of the plan: not checked.
        var leftAlone = false
        /// Which file was read, to find day files that are one file (DP003).
        var identity: FileSystem.Identity?
    }

    /// Reads and checks one file. Runs on any thread: it touches nothing shared. With `adopted` (the day its plan
    /// folder adopted a folder of notes), a file dated before it or not dated at all (by name or day heading) is
    /// left alone.
    static func check(_ path: String, shownAs name: String, format: Format, today: Day?,
                      carriedWarningDays: Int = Settings.defaultCarriedWarningDays, hours: DayHours = DayHours(),
                      adopted: Day? = nil) -> Report {
        var report = Report()
        let settings = Settings(adopted: adopted)
        let named = Day(fileNameOf: name)
        if adopted != nil, let named, !settings.isPlanDay(named) {
            report.leftAlone = true
            return report
        }
        let bytes: [UInt8]
        do {
            (bytes, report.identity) = try FileSystem.readWithIdentity(path)
        } catch {
            report.failure = error.message.hasPrefix("-:") ? name + error.message.dropFirst(1) : error.message
            return report
        }
        if adopted != nil, named == nil, !settings.isPlanDay(DayDocument(parsing: bytes).day) {
            report.leftAlone = true
            return report
        }
        let findings = Linter.lint(bytes, fileName: name, today: today, carriedWarningDays: carriedWarningDays, hours: hours)
        for finding in findings {
            switch finding.severity {
            case .error: report.errors += 1
            case .warning: report.warnings += 1
            case .information: report.information += 1
            }
            if format == .json, !report.output.isEmpty { report.output += ",\n".utf8 }
            FindingFormat(format).write(finding, file: name, to: &report.output)
        }
        return report
    }

    /// "3 errors and 1 warning in 2 of 10 files", or "10 files checked, no problems".
    static func summaryLine(errors: Int, warnings: Int, inFiles bad: Int, of total: Int, unreadable: Int) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var line: String
        if total == 0 && unreadable == 0 {
            line = "no day files (YYYY-MM-DD.md) to check"
        } else if errors + warnings == 0 {
            line = "\(count(total, "file")) checked, no problems"
        } else {
            let found = [errors > 0 ? count(errors, "error") : nil, warnings > 0 ? count(warnings, "warning") : nil]
            line = "\(found.compactMap { $0 }.joined(separator: " and ")) in \(bad) of \(count(total, "file"))"
        }
        if unreadable > 0 { line += "; \(count(unreadable, "file")) could not be read" }
        return line
    }
}
