import DayPlan
import DayPlanFlow

extension ReviewCommand {
    /// `dayplan review --evening`, the evening shutdown: each open task of the day's regions in turn, a decision
    /// for each (asked at the prompt, or from `--plan FILE` and `--rest CHOICE` for a script), all of them written as
    /// one change of the day's file (the library's `EveningShutdown`), then tomorrow as rollover would make it now.
    static func evening(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        let dryRun = arguments.flags.contains("--dry-run")
        func fail(_ code: ExitCode, _ message: String) -> ExitCode {
            err.line("dayplan review: \(message)")
            return code
        }
        if arguments.options["--format"] != nil {
            return fail(.failure, "--evening writes for people; --format is for the list of long-carried tasks\nRun 'dayplan review --help' for usage.")
        }

        // 1. The day's file and its open tasks, read without the lock: a person may take minutes to answer, and
        // meanwhile rollover, add or an editor must not wait on the review.
        let reading: DaySession
        do {
            reading = try DaySession.open(arguments, writing: false)
        } catch {
            return fail(error.code, error.message)
        }
        guard let bytesAsked = reading.bytes else {
            err.line(reading.missingFileMessage(name, arguments))
            return .failure
        }
        let day = reading.file.day, path = reading.file.path
        var editor = DayEditor(bytesAsked)
        editor.style = reading.planFolder.settings.metadataStyle
        let tasks = EveningShutdown.openTasks(in: editor)

        // 2. The decisions: from the plan and --rest, else asked one task at a time.
        var decisions: [(line: Int, decision: EveningShutdown.Decision)]
        do {
            if arguments.options["--plan"] != nil || arguments.options["--rest"] != nil {
                decisions = try planned(arguments, tasks: tasks, in: editor, path: path, day: day)
            } else {
                decisions = asked(tasks, path: path, day: day, out: &out)
            }
        } catch {
            return fail(error.code, error.message)
        }

        // Then the file under the lock (for a dry run, as it was read). Changed meanwhile, each decision goes to its
        // task found again by its title among the open tasks of the regions; one not found once stops it all.
        var session = reading
        if !dryRun {
            do {
                session = try DaySession.open(arguments, writing: true)
            } catch {
                return fail(error.code, error.message)
            }
        }
        var released = false
        func release() {
            if !released, !dryRun { session.release() }
            released = true
        }
        defer { release() }
        if let now = session.bytes, now != bytesAsked {
            var current = DayEditor(now)
            current.style = editor.style
            let open = EveningShutdown.openTasks(in: current)
            var moved: [(line: Int, decision: EveningShutdown.Decision)] = []
            for (line, decision) in decisions {
                let title = editor.task(at: line)?.task.title ?? ""
                let found = open.filter { $0.task.title == title }
                guard found.count == 1, let task = found.first else {
                    return fail(.findings, "\(path) changed while the review was asked, and `\(title)` is no longer one open task of its "
                                + "regions; nothing changed; run the review again")
                }
                moved.append((task.task.line, decision))
            }
            decisions = moved
            editor = current
        } else if session.bytes == nil {
            return fail(.failure, "\(path) was removed while the review was asked; nothing changed")
        }

        // 3. All of them as one edit, written once (nothing for a dry run, or when no byte changes).
        let clock: (hour: Int, now: LocalTime)
        do {
            clock = try session.timingClock(arguments)
        } catch {
            return fail(error.code, error.message)
        }
        let outcome: EveningShutdown.Outcome
        do {
            outcome = try EveningShutdown.apply(decisions, in: editor, day: day, now: clock.now, dayStartsAt: clock.hour,
                                                doneDate: session.doneDate(arguments))
        } catch {
            return fail(.findings, "\(path): \(error.message); nothing changed")
        }
        if outcome.edit.changesFile, !dryRun {
            do {
                try session.write(outcome.edit.after)
            } catch {
                return fail(.failure, "\(error.message); nothing changed")
            }
        }
        release()
        for said in outcome.said { out.line(Output.escaped("\(path):\(said.line): \(said.text)")) }
        let written = outcome.edit.changesFile ? (dryRun ? "dry run, nothing written" : "written as one change of \(path)") : "nothing to write"
        out.line(tasks.isEmpty ? "\(path): no open task in the day's regions; nothing to decide"
                 : "\(outcome.edit.summary) (\(written))")
        if outcome.edit.changesFile, !dryRun {
            out.flush()
            Hooks.after("post-review", in: session.planFolder, Hooks.changes("review", day: day, outcome.said.map { (path, $0.line, $0.text) }),
                        command: "review", err: &err)
        }

        // 4. Tomorrow, as the rollover into it would make it now (from the file as the decisions leave it).
        tomorrow(after: outcome.edit.after, of: day, in: session.planFolder, out: &out, err: &err)
        return .success
    }

    /// Why the decisions cannot be read: the code and the message (with FILE:LINE:COLUMN for a plan's line).
    struct PlanProblem: Error {
        let code: ExitCode
        let message: String
    }

    /// The decisions `--plan FILE` (`-`: standard input) and `--rest CHOICE` give. A plan's line is `CHOICE TASK`:
    /// a choice word (`tomorrow`, `backlog`, `cancel`, `done`, `keep`, or a day such as `friday`,
    /// `2026-12-08/afternoon`) and the task as `dayplan mark` names one; blank lines and `#` comments are skipped.
    /// The tasks no line names get `--rest` (else they are kept).
    static func planned(_ arguments: Arguments, tasks: [PlacedTask], in editor: DayEditor, path: String, day: Day)
        throws(PlanProblem) -> [(line: Int, decision: EveningShutdown.Decision)] {
        var chosen: [Int: EveningShutdown.Decision] = [:]
        if let plan = arguments.options["--plan"] {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(plan)
            } catch {
                throw PlanProblem(code: .failure, message: "\(error.message); nothing changed")
            }
            let name = plan == "-" ? "<stdin>" : plan
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, raw) in lines.enumerated() {
                let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
                let indent = line.prefix { $0 == " " || $0 == "\t" }.count
                let text = line.dropFirst(indent)
                guard !text.isEmpty, !text.hasPrefix("#") else { continue }
                let word = text.prefix { $0 != " " && $0 != "\t" }
                let place = "\(name):\(index + 1):\(indent + 1)"
                guard let decision = EveningShutdown.Decision(reading: String(word), today: day) else {
                    throw PlanProblem(code: .failure, message: "\(place): `\(word)` is not a choice; use \(EveningShutdown.Decision.choices); nothing changed")
                }
                let words = text.dropFirst(word.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                guard let selector = TaskSelector(words) else {
                    throw PlanProblem(code: .failure, message: "\(place): `\(word)` names no task; write the choice, then the task; nothing changed")
                }
                let placed: PlacedTask
                switch selector.select(in: editor, path: path) {
                case .success(let found): placed = found
                case .failure(let problem): throw PlanProblem(code: .findings, message: "\(place): \(problem.message); nothing changed")
                }
                guard tasks.contains(placed) else {
                    throw PlanProblem(code: .findings, message: "\(place): `\(placed.task.title)` is not an open task of the day's regions "
                                      + "(the evening review decides on those); nothing changed")
                }
                guard chosen[placed.task.line] == nil else {
                    throw PlanProblem(code: .findings, message: "\(place): `\(placed.task.title)` is decided on by an earlier line; nothing changed")
                }
                chosen[placed.task.line] = decision
            }
        }
        var rest = EveningShutdown.Decision.keep
        if let word = arguments.options["--rest"] {
            guard let decision = EveningShutdown.Decision(reading: word, today: day) else {
                throw PlanProblem(code: .failure, message: "--rest '\(word)' is not a choice; use \(EveningShutdown.Decision.choices)")
            }
            rest = decision
        }
        return tasks.map { ($0.task.line, chosen[$0.task.line] ?? rest) }
    }

    /// Asks for each task's decision on standard input, one line each (Enter keeps it, `q` keeps the rest; so
    /// does the end of input, said).
    static func asked(_ tasks: [PlacedTask], path: String, day: Day, out: inout Output) -> [(line: Int, decision: EveningShutdown.Decision)] {
        guard !tasks.isEmpty else { return [] }
        out.line("\(path): the evening review of \(Weekday(of: day).name) \(day): \(tasks.count) open task\(tasks.count == 1 ? "" : "s") "
                 + "in the day's regions, one at a time")
        out.line("choices: \(EveningShutdown.Decision.choices) (Enter), q keep the rest, ? help")
        func left(_ count: Int) -> String {
            count == 1 ? "the task left is kept as it is" : "the \(count) tasks left are kept as they are"
        }
        var decisions: [(line: Int, decision: EveningShutdown.Decision)] = []
        var index = 0
        while index < tasks.count {
            let placed = tasks[index]
            out.write(Output.escaped("\n[\(index + 1)/\(tasks.count)] \(placed.region): \(placed.task.canonicalLine)\n"))
            out.write("decide (t/o DAY/b/c/d/k, q, ?): ")
            out.flush()
            guard let answer = readLine() else {
                out.line("\n(end of input: " + left(tasks.count - index) + ")")
                break
            }
            let trimmed = answer.trimmingBlanks
            if trimmed == "q" || trimmed == "quit" {
                out.line("(" + left(tasks.count - index) + ")")
                break
            }
            if trimmed == "?" || trimmed == "help" {
                out.line("  t: tomorrow, in the same region; o DAY: on that day (friday, next week, 2026-12-08, friday afternoon);")
                out.line("  b: to the Backlog; c: cancel; d: done after all; k or Enter: keep it as it is; q: keep the rest")
                continue
            }
            guard let decision = trimmed.isEmpty ? .keep : EveningShutdown.Decision(reading: trimmed, today: day) else {
                out.line("  `\(Output.escaped(trimmed))` is not a choice; type ? for the choices")
                continue
            }
            if case .on(let chosen, _) = decision, chosen <= day {
                out.line("  \(chosen) is not after \(day); give a later day, or t for tomorrow")
                continue
            }
            decisions.append((placed.task.line, decision))
            index += 1
        }
        out.line("")
        return decisions
    }

    /// Prints the day after `day` as the rollover into it would make it now, the day's file being `after`: its
    /// regions' tasks, how many the Backlog holds, and rollover's summary and placements (as `rollover --dry-run`).
    static func tomorrow(after bytes: [UInt8], of day: Day, in planFolder: PlanFolder, out: inout Output, err: inout Output) {
        let next = day.adding(days: 1)
        var files: RolloverFiles
        do {
            files = try RolloverFiles.open(planFolder, day: next, dryRun: true)
        } catch {
            for line in error.lines { err.line(line) }
            err.line("dayplan review: tomorrow cannot be shown (above); the review stands")
            return
        }
        defer { files.release() }
        if files.source?.day == day { files.source = (day, bytes) }
        let plan: Rollover
        do throws(RolloverError) {
            plan = try Rollover(opening: next, from: files.source, existing: files.targetBytes, routines: files.routines,
                                history: files.history, metadataStyle: planFolder.settings.metadataStyle)
        } catch {
            err.line("dayplan review: tomorrow cannot be shown: rollover would refuse (dayplan rollover --dry-run --date \(next) says why); the review stands")
            return
        }
        let document = DayDocument(parsing: plan.targetAfter)
        let lines = plan.targetAfter.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        out.line("\nTomorrow, \(Weekday(of: next).name) \(next), as rollover would make it now (\(files.target.path)):")
        for region in Region.allCases where region.isLimited {
            let tasks = document.sections.filter { $0.region == region }.flatMap(\.tasks)
            out.line("  \(region)" + (tasks.isEmpty ? ": nothing planned" : ""))
            // Each task with its notes and sub-tasks, as the file will hold them.
            for task in tasks {
                for line in task.line..<(task.line + task.lineSpan) where lines.indices.contains(line - 1) {
                    let text = String(decoding: lines[line - 1], as: UTF8.self)
                    out.line(Output.escaped("    " + (text.hasSuffix("\r") ? String(text.dropLast()) : text)))
                }
            }
        }
        let backlog = document.sections.filter { $0.region == .backlog }.flatMap(\.tasks).filter(\.status.isOpen).count
        out.line("  Backlog: \(backlog) open task\(backlog == 1 ? "" : "s")")
        out.line(RolloverCommand.describe(plan, creates: files.creates, template: files.templatePath, targetPath: files.target.path,
                                          sourcePath: files.sourcePath))
        for line in RolloverCommand.placements(plan) { out.line(Output.escaped(line)) }
        if RolloverCommand.leftBehindTasks(plan) > 0 {
            out.line("(dayplan rollover --dry-run --date \(next) names what it would leave behind)")
        }
    }
}

extension String {
    /// The text without the blanks (spaces, tabs, a carriage return) at either end.
    fileprivate var trimmingBlanks: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
