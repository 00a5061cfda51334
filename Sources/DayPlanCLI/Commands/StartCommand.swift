import DayPlan
import DayPlanFlow

/// `dayplan start`: starts timing a task (`@running:HH:MM` on its line), stopping the one timed before.
enum StartCommand {
    /// The word that runs it: `dayplan start`.
    static let name = "start"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Start timing a task (dayplan stop adds the time to its @spent:)",
        arguments: Value(placeholder: "TASK", kind: .text),
        about: """
            Starts timing one open task of the day's file (today's, or --date's): its line gets
            @running:HH:MM, the time it started, and a task still to do is marked doing [/]. The
            running start is in the file itself, so it survives a crash or a reboot; dayplan stop adds
            the time since to the task's @spent: (docs/time-tracking.md).

            One task is timed at a time in a plan folder: a task already running (in this day's file, or
            in the 7 day files before it, where rollover leaves it) is stopped first, and a line says so.

            TASK is FILE:LINE, as dayplan lint prints it, or the task's exact title, or a part of exactly
            one title (case is ignored). It holds the plan folder's lock, as rollover does, and prints a
            line for each change: path:line: what changed.
            """,
        options: DaySession.options + [Clock.nowOption, .quiet],
        exitCodes: [(0, "started (or the task was running already)"),
                    (1, "no task or more than one matches, the task is finished, or a running task cannot be stopped; nothing changed"),
                    (2, "usage or I/O error, such as a missing or read-only file")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        guard let selector = TaskSelector(arguments.positionals) else {
            err.line("dayplan start: give a task: FILE:LINE, a title, or a part of one\nRun 'dayplan start --help' for usage.")
            return .failure
        }
        if let text = arguments.options["--now"], let problem = Clock.inject(now: text) {
            err.line("dayplan start: \(problem.message)")
            return .failure
        }

        // 1. The day's file under the lock, the task, and now.
        let (session, editor, placed): (DaySession, DayEditor, PlacedTask)
        let hour: Int, now: LocalTime
        do {
            (session, editor, placed) = try DaySession.openSelecting(name, arguments, task: selector, asItsDay: true)
        } catch {
            err.line(error.message)
            return error.code
        }
        defer { session.release() }
        let path = session.file.path, bytes = editor.bytes
        do {
            (hour, now) = try session.timingClock(arguments)
        } catch {
            err.line("dayplan start: \(error.message)")
            return error.code
        }
        guard placed.task.status.isOpen else {
            err.line("dayplan start: \(path):\(placed.task.line): `\(placed.task.title)` is \(placed.task.status); "
                     + "reopen it first ('dayplan mark doing \(path):\(placed.task.line)'); nothing changed")
            return .findings
        }

        // 2. What is timed now: this task already (nothing to do), or another, to be stopped first.
        var timed: [TimedFile]
        do {
            timed = try session.timedFiles(dayStartsAt: hour)
        } catch {
            err.line("dayplan start: \(error.message)")
            return error.code
        }
        let ownIndex = timed.firstIndex { $0.file.path == path }
        if let ownIndex, let running = timed[ownIndex].running.first(where: { $0.placed.task.line == placed.task.line }) {
            out.line("\(path):\(placed.task.line): already timed since \(TaskTime.clockText(running.since.secondOfDay / 60)): \(placed.task.title)")
            return .success
        }
        var said: [TimedChange] = [], warnings: [String] = []
        var stoppedHere: [UInt8]?
        do throws(DaySession.Failure) {
            for index in timed.indices where !timed[index].running.isEmpty {
                let stopped = try session.stopAll(in: timed[index], at: now)
                said += stopped.changes.map { TimedChange(file: $0.file, line: $0.line, summary: $0.summary + ", to time one task at a time") }
                warnings += stopped.warnings
                if index == ownIndex {
                    stoppedHere = stopped.bytes
                } else {
                    // Another day's file: written on its own, before this day's (a run killed between the
                    // two has stopped the old task and started none: the next start starts it).
                    do {
                        try session.write(stopped.bytes, to: timed[index].file)
                    } catch {
                        throw DaySession.Failure(code: .failure, message: "\(error.message); nothing changed")
                    }
                    FaultHook.crash(at: "start-between-writes")
                }
            }
        } catch {
            err.line("dayplan start: \(error.message)")
            return error.code
        }

        // 3. Start it, with any stop in this file, as one write.
        var starting = DayEditor(stoppedHere ?? bytes)
        starting.style = editor.style
        let change: DayEdit
        do {
            let started = try TimeTracking.start(taskAt: placed.task.line, at: now, in: starting)
            change = DayEdit.steps(from: bytes, to: started, summary: started.summary)
        } catch {
            for change in said { out.line(change.said) }
            return DaySession.report(error, command: name, path: path, to: &err)
        }
        do {
            try session.write(change.after)
        } catch {
            for change in said { out.line(change.said) }
            err.line("dayplan start: \(error.message); nothing changed in \(path)")
            return .failure
        }
        let changes = said + [TimedChange(file: path, line: change.line, summary: change.summary)]
        if !arguments.flags.contains("--quiet") {
            for change in changes { out.line(change.said) }
        }
        for warning in warnings { err.line(warning) }

        // 4. The post-start hook (docs/hooks.md); it cannot undo the write.
        out.flush()
        Hooks.after("post-start", in: session.planFolder, Hooks.changes(name, day: session.file.day, changes.map { ($0.file, $0.line, $0.summary) }),
                    command: name, err: &err)
        return .success
    }
}
