import DayPlan
import DayPlanJSON

/// `dayplan rollover`: closes the most recent day plan and opens a new day from it.
enum RolloverCommand {
    /// The word that runs it: `dayplan rollover`.
    static let name = "rollover"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Open a new day from the most recent plan, carrying unfinished tasks",
        arguments: nil,
        about: """
            Opens the plan for DATE from the newest day file dated before it, anywhere below the plan
            folder: after a weekend, Monday starts from Friday. With no earlier plan, it starts the day
            from the plan folder's template, or a blank day.

            The plan folder is the first folder holding .dayplan/ (made by 'dayplan init'), from DIR or
            the current folder upwards; without one, DIR or the current folder itself, which must then
            hold a day file already. DATE's file goes where the layout setting puts it (by default where
            the newest day file is, or DIR/DATE.md), folders made as needed; a day already planned
            elsewhere in the folder is used where it is. Two files holding the same day are an error.

            In the old day, finished and cancelled tasks stay as they are and each open task is marked
            [>] (moved): a task flagged @carry comes back in the same region and bucket, other tasks
            of Morning, Afternoon and Evening go to the Backlog with @from:<old day>, and the open
            Backlog moves forward as it is. A task bound for the Backlog whose @expires: day has passed
            is marked [-] with @expired in the old day instead, and not carried.

            What rollover cannot carry stays in the old day and is named, one line each on standard error,
            as lint names it: a task outside the regions (under ## Notes, or a typo such as ## Evenings), a
            broken or unknown status box, an open sub-task under a finished task, a box with no title. The
            summary counts them and the exit code is 1, so that a run from cron or a timer is noticed;
            --allow-left-behind keeps exit 0.

            If DATE's file exists already, every byte of it is kept and the tasks are added to it,
            skipping any whose title it already has. Running rollover again for the same DATE changes
            nothing. Every write is atomic, the new day first; a run that is cut short is completed by
            the next. While it runs it holds the plan folder's lock (.dayplan.lock), which fmt --write
            takes too, so two writers never interleave.
            """,
        options: [
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "Where to look for the plan folder (default: the current folder)."),
            .option("--date", "YYYY-MM-DD", .date, "The day to open (default: today in the local time zone). More than 7 days from today needs --force."),
            .option("--day-starts-at", "HOUR", .hour, environment: "DAYPLAN_DAY_STARTS_AT",
                    "Before this hour (0-23) it is still yesterday, for work past midnight (default: the day-starts-at setting, else 0)."),
            .flag("--dry-run", short: "n", "Write nothing; show the new day and the old day's changed lines."),
            .flag("--force", short: "f", listedInUsage: false, "Open a --date more than 7 days away from today."),
            .flag("--allow-left-behind", listedInUsage: false, "Exit 0 although an open task (or a line that may be one) was left in the old day; each is still named on standard error."),
            .flag("--undo", "Reverse the last rollover: the old day's marks go back and what it put into the new day leaves it; edits made since are kept and named (docs/rollover.md)."),
            .quiet,
        ],
        exitCodes: [(0, "done (or nothing to do)"),
                    (1, "an open task was left in the old day (each named; the rest rolled over), or a day file (or the template) has errors that would make rollover a guess, or two files hold the same day (nothing changed)"),
                    (2, "usage or I/O error, a bad settings file, or a folder that is not a plan folder")],
        strayArguments: "takes no paths; name the plan folder with --dir DIR")

    /// How far from today `--date` may be without `--force`: a week either way.
    static let dateWithoutForce = 7

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        // The plan folder's absolute path is named once, on standard error, before the first message about its files
        // or the summary, so that a cron log says where it happened (set once the arguments are checked and the
        // folder is known to be a plan folder).
        var folder: PlanFolder?
        var named = false
        func namePlanFolder() {
            guard !named, let folder else { return }
            err.line("plan folder: \(folder.absolutePath)")
            named = true
        }
        func fail(_ message: String) -> ExitCode {
            namePlanFolder()
            err.line("dayplan rollover: \(message)")
            return .failure
        }

        // 1. Arguments (a stray path was refused by the spec): the folder and the day to open.
        let dryRun = arguments.flags.contains("--dry-run")
        let quiet = arguments.flags.contains("--quiet")
        let planFolder: PlanFolder
        do {
            planFolder = try PlanFolder.find(dir: arguments.options["--dir"])
        } catch {
            return fail(error.message)
        }
        if arguments.flags.contains("--undo") {
            if arguments.options["--date"] != nil || arguments.flags.contains("--force") {
                return fail("--undo reverses the last rollover, whatever its day, so it takes no --date or --force; nothing changed")
            }
            folder = planFolder
            namePlanFolder()
            return undo(planFolder, dryRun: dryRun, quiet: quiet, out: &out, err: &err)
        }
        let today: Day
        switch Clock.today(in: planFolder, dayStartsAt: arguments.options["--day-starts-at"]) {
        case .success(let day): today = day
        case .failure(let problem): return fail(problem.message)
        }
        let day: Day
        if let text = arguments.options["--date"] {
            guard let given = Day(text) else {
                return fail("--date '\(text)' is not a date; write YYYY-MM-DD")
            }
            let distance = today.days(until: given)
            guard abs(distance) <= dateWithoutForce || arguments.flags.contains("--force") else {
                return fail("--date \(given) is \(abs(distance)) days \(distance > 0 ? "after" : "before") today (\(today)); "
                            + "rollover would move every open task there, so a date more than \(dateWithoutForce) days away "
                            + "needs --force (nothing changed)")
            }
            day = given
        } else {
            day = today
        }

        // 2. The old day and the new day's file, under their lock (the guard rails first: a folder that is not a plan
        // folder and holds no day file is refused before anything is made there).
        let files: RolloverFiles
        do {
            files = try RolloverFiles.open(planFolder, day: day, dryRun: dryRun)
        } catch {
            if error.namesPlanFolder { folder = planFolder; namePlanFolder() }
            for line in error.lines { err.line(line) }
            return error.code
        }
        defer { files.release() }
        folder = planFolder
        if !files.warnings.isEmpty { namePlanFolder() }
        for line in files.warnings { err.line(line) }
        let sourcePath = files.sourcePath, targetPath = files.target.path, templatePath = files.templatePath
        let creates = files.creates

        // Rollover refusing a file, or its check failing: what is wrong, and that nothing changed.
        func refused(_ error: RolloverError) -> ExitCode {
            switch error {
            case .sourceRefused(let diagnostics), .targetRefused(let diagnostics):
                let isSource = if case .sourceRefused = error { true } else { false }
                let name = isSource ? sourcePath : templatePath ?? targetPath
                namePlanFolder()
                for diagnostic in diagnostics {
                    err.line(FindingFormat.line(diagnostic, file: name))
                }
                err.line("\(name): rollover refused because of the error\(diagnostics.count == 1 ? "" : "s") above"
                         + (!isSource && templatePath != nil ? " in the template for new days" : "") + "; nothing changed")
                return .findings
            case .checkFailed(let problems):
                return fail("the computed files failed their check, so nothing was written (please report this):\n"
                            + problems.map { "  - " + $0 }.joined(separator: "\n"))
            }
        }

        // 3. Work out both files (the library, on values), then read them back and check them. A template is the
        // new day's existing text: the tasks go into its (possibly decorated) region headings.
        let plan: Rollover
        do throws(RolloverError) {
            plan = try Rollover(opening: day, from: files.source, existing: files.targetBytes, routines: files.routines,
                                history: files.history, metadataStyle: planFolder.settings.metadataStyle)
            try plan.verify()
            if FaultHook.isSet("failed-check") {
                throw .checkFailed(["the check was made to fail (DAYPLAN_FAULT=failed-check)"])
            }
        } catch {
            return refused(error)
        }

        // What stays behind although it is open is never silent: one line each, as lint names it, a count in the
        // summary, and exit 1 (unless --allow-left-behind), so that cron or a timer shows it, not only a log.
        for finding in plan.leftBehind {
            namePlanFolder()
            err.line(FindingFormat.line(finding, file: sourcePath))
        }
        // An empty box (a template's `- [ ]` placeholder) is named but is no task left behind: it never fails a morning.
        let leftBehindExit: ExitCode = leftBehindTasks(plan) == 0 || arguments.flags.contains("--allow-left-behind") ? .success : .findings

        // 4. A dry run shows what would be written, and stops.
        if dryRun {
            if !quiet {
                namePlanFolder()
                show(plan, creates: creates, targetPath: targetPath, sourcePath: sourcePath, to: &out)
                out.line("dry run, nothing written: "
                         + describe(plan, creates: creates, template: templatePath, targetPath: targetPath, sourcePath: sourcePath))
                for line in placements(plan) { out.line(line) }
            }
            return leftBehindExit
        }

        // The pre-rollover hook may refuse the rollover (docs/hooks.md); a rollover that changes nothing runs no hook.
        let hookInput: [JSONValue.Member] = [
            .init("command", "rollover"), .init("day", .string("\(day)")),
            .init("source", sourcePath.isEmpty ? .null : .string(sourcePath)), .init("target", .string(targetPath)),
            .init("created", .bool(creates)),
            .init("counts", .object([.init("carried", .integer(plan.summary.carried)), .init("deferred", .integer(plan.summary.deferred)),
                                     .init("expired", .integer(plan.summary.expired)), .init("scheduled", .integer(plan.summary.scheduled)),
                                     .init("routines", .integer(plan.summary.routines)), .init("backlog", .integer(plan.summary.backlog))])),
        ]
        let writes = creates || plan.changesSource || plan.changesTarget
        if writes, let outcome = Hooks.run("pre-rollover", in: planFolder, hookInput, err: &err), let failure = outcome.failure {
            namePlanFolder()
            err.line("dayplan rollover: refused: \(failure); nothing changed")
            return .findings
        }

        // 5. Both files written as one change (RolloverFiles.write): staged and flushed, then put in place, the new
        // day first.
        let madeFolders: [String]
        do {
            madeFolders = try files.write(plan)
        } catch {
            namePlanFolder()
            for line in error.lines { err.line(line) }
            return error.code
        }
        // What it wrote, recorded for --undo (in .dayplan/; a record that cannot be written is a warning: the
        // rollover stands).
        if writes {
            let record = RolloverRecord(sourcePath: RolloverRecordFile.relative(sourcePath, in: planFolder),
                                        targetPath: RolloverRecordFile.relative(targetPath, in: planFolder),
                                        sourceBefore: files.source?.bytes, sourceAfter: plan.sourceAfter ?? files.source?.bytes,
                                        targetBefore: creates ? nil : files.targetBytes, targetAfter: plan.targetAfter,
                                        madeFolders: madeFolders.map { RolloverRecordFile.relative($0, in: planFolder) })
            do {
                _ = try RolloverRecordFile.write(record, in: planFolder)
            } catch {
                namePlanFolder()
                err.line("dayplan rollover: warning: \(error.message); this rollover has no --undo")
            }
        }

        // 6. The summary, then the post-rollover hook (it cannot undo the rollover).
        if !quiet {
            namePlanFolder()
            out.line(describe(plan, creates: creates, template: templatePath, targetPath: targetPath, sourcePath: sourcePath))
            for line in placements(plan) { out.line(line) }
        }
        if writes {
            out.flush()
            Hooks.after("post-rollover", in: planFolder, hookInput, command: "rollover", err: &err)
        }
        return leftBehindExit
    }

    /// One line per scheduled task or routine placed: where it went, and why not where it was meant to.
    static func placements(_ plan: Rollover) -> [String] {
        plan.placements.map { placement in
            let what = switch placement.reason {
            case .scheduled: "scheduled"
            case .routine: "routine"
            case .carried: "carried"
            }
            // A routine due on a day nobody rolled over into comes once, saying which day it was due.
            let missed = placement.missedDay.map { " (due \(Weekday(of: $0).name) \($0), a day without a rollover)" } ?? ""
            // A routine's unfinished copy the old day moved on comes to the routine's region: one copy, not two.
            let copy = placement.reason == .routine ? placement.oldDayLine.map { " (the unfinished copy of line \($0) of the old day; no second copy)" } ?? "" : ""
            guard let wanted = placement.wanted else { return "\(what): \(placement.title) → \(placement.region)\(missed)\(copy)" }
            return "\(what): \(placement.title) → Backlog: \(wanted) has no room for another \(placement.bucket) task"
                + (placement.reason == .scheduled ? " (still scheduled: tried again at the next rollover)" : missed)
        }
    }

    // MARK: - Output

    /// One line: where the day came from and what moved.
    /// How many of what rollover names as left behind are tasks (or may be): all but empty boxes.
    static func leftBehindTasks(_ plan: Rollover) -> Int {
        plan.leftBehind.filter { $0.rule != .emptyTitle }.count
    }

    static func describe(_ plan: Rollover, creates: Bool, template: String?, targetPath: String, sourcePath: String) -> String {
        guard plan.sourceDay != nil else {
            return !creates ? "\(targetPath): no earlier plan; the file is kept as it is"
                : template.map { "\(targetPath): no earlier plan, started the day from \($0)" }
                ?? "\(targetPath): no earlier plan, started a blank day"
        }
        let counts = plan.summary
        var text = "\(targetPath) from \(sourcePath): \(counts.carried) carried, \(counts.deferred) deferred to the backlog, "
            + "\(counts.expired) expired"
        if counts.alreadyPlanned > 0 { text += ", \(counts.alreadyPlanned) already planned" }
        if counts.scheduled > 0 { text += ", \(counts.scheduled) scheduled" }
        if counts.routines > 0 { text += ", \(counts.routines) routine\(counts.routines == 1 ? "" : "s") added" }
        if counts.overdue > 0 { text += ", \(counts.overdue) overdue" }
        if leftBehindTasks(plan) > 0 {
            text += ", \(leftBehindTasks(plan)) left behind in \(sourcePath) (named above)"
        }
        text += "; the backlog holds \(counts.backlog) task\(counts.backlog == 1 ? "" : "s")"
        if template != nil { text += "; made from \(template ?? "")" }
        if !creates && !plan.changesTarget && !plan.changesSource { text += " (nothing to change)" }
        return text
    }

    /// The new day's lines to be added (all of them for a new file) and the old day's lines to change.
    static func show(_ plan: Rollover, creates: Bool, targetPath: String, sourcePath: String, to out: inout Output) {
        // A new day made from a template is added whole, not only the lines rollover put into the template.
        var added = plan.addedLines.map { ($0.line, $0.text) }
        if creates && plan.targetBefore != nil {
            var lines = String(decoding: plan.targetAfter, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if lines.last == "" { lines.removeLast() }
            added = lines.enumerated().map { ($0.offset + 1, String($0.element.hasSuffix("\r") ? $0.element.dropLast() : $0.element)) }
        }
        let width = String(max(added.last?.0 ?? 0, plan.sourceChanges.last?.line ?? 0)).count
        func row(_ line: Int, _ sign: String, _ text: String) -> String {
            let digits = String(line)
            return String(repeating: " ", count: max(0, width - digits.count)) + digits + " " + sign
                + (text.isEmpty ? "" : " " + text)
        }
        if creates || plan.changesTarget {
            out.line(creates
                     ? "\(targetPath) would be created:"
                     : "\(targetPath) would get \(added.count) line\(added.count == 1 ? "" : "s"):")
            for (line, text) in added { out.line(row(line, "+", text)) }
        }
        if plan.changesSource {
            out.line("\(sourcePath) would change:")
            for change in plan.sourceChanges {
                out.line(row(change.line, "-", change.old))
                out.line(row(change.line, "+", change.new))
            }
        }
    }
}
