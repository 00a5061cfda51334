import DayPlan
import DayPlanFlow

/// `dayplan stop`: stops timing the running task, adding the time since `dayplan start` to its `@spent:`.
enum StopCommand {
    /// The word that runs it: `dayplan stop`.
    static let name = "stop"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Stop timing the running task, adding the time to its @spent:",
        arguments: nil,
        about: """
            Stops the task dayplan start is timing: the minutes from its @running: to now are added to its
            @spent: (1h20m, say), and @running: is taken away; every other byte stays. The task is looked
            for in the day's file (today's, or --date's) and in the 7 day files before it, where rollover
            leaves a task that ran past the day's end: its time counts on the day of its file, and a line
            says so.

            Nothing running is exit 1, so that a script can tell. It holds the plan folder's lock, as
            rollover does, and prints a line for each task stopped: path:line: what changed.
            """,
        options: DaySession.options + [Clock.nowOption, .quiet],
        exitCodes: [(0, "stopped"),
                    (1, "no task is being timed, or its @running: is after now; nothing changed"),
                    (2, "usage or I/O error, such as a missing or read-only file")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        if let text = arguments.options["--now"], let problem = Clock.inject(now: text) {
            err.line("dayplan stop: \(problem.message)")
            return .failure
        }

        // 1. The day's file and the days before it, under the lock, and now.
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: true)
        } catch {
            err.line("dayplan stop: \(error.message)")
            return error.code
        }
        defer { session.release() }
        let hour: Int, now: LocalTime
        do {
            (hour, now) = try session.timingClock(arguments)
        } catch {
            err.line("dayplan stop: \(error.message)")
            return error.code
        }
        let timed: [TimedFile]
        do {
            timed = try session.timedFiles(dayStartsAt: hour).filter { !$0.running.isEmpty }
        } catch {
            err.line("dayplan stop: \(error.message)")
            return error.code
        }
        guard !timed.isEmpty else {
            err.line("dayplan stop: no task is being timed in \(session.file.path)"
                     + (session.bytes == nil ? " (it does not exist)" : "") + " or the \(DaySession.daysLookedBackForATimer) day files before it; start one with 'dayplan start TASK'")
            return .findings
        }

        // 2. Each file's running tasks stopped, as one write of that file.
        var changes: [TimedChange] = []
        for file in timed {
            let stopped: (bytes: [UInt8], changes: [TimedChange], warnings: [String])
            do {
                stopped = try session.stopAll(in: file, at: now)
            } catch {
                err.line("dayplan stop: \(error.message)")
                return error.code
            }
            do {
                if file.file.path == session.file.path {
                    try session.write(stopped.bytes)
                } else {
                    try session.write(stopped.bytes, to: file.file)
                }
            } catch {
                err.line("dayplan stop: \(error.message); nothing changed in \(file.file.path)")
                return .failure
            }
            if !arguments.flags.contains("--quiet") { for change in stopped.changes { out.line(change.said) } }
            for warning in stopped.warnings { err.line(warning) }
            changes += stopped.changes
        }

        // 3. The post-stop hook (docs/hooks.md); it cannot undo the write.
        out.flush()
        Hooks.after("post-stop", in: session.planFolder, Hooks.changes(name, day: session.file.day, changes.map { ($0.file, $0.line, $0.summary) }),
                    command: name, err: &err)
        return .success
    }
}
