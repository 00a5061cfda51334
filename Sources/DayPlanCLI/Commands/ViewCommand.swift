import DayPlan
import DayPlanView

/// `dayplan view`: the day as an app, full screen in the terminal. The model (panes, slots, selection, keys,
/// undo) is the library's `DayView`; this file holds the flow: the day opened, the terminal taken, and the loop
/// of frames, keys, the file's stamp and the clock, until a way out gives the terminal back.
enum ViewCommand {
    /// The word that runs it: `dayplan view`.
    static let name = "view"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Show the day full screen in the terminal, and change it with keys",
        arguments: Value(placeholder: "DATE", kind: .date),
        about: """
            Shows the day's plan (today's, or DATE's or --date's) full screen: Morning, Afternoon and Evening
            with their 1-3-5 slots (the empty ones too), the Backlog by age, the day's progress, what is on
            now and next, and lint's count. Keys mark, move, add, edit, schedule and undo; ? lists them
            (docs/view.md). Every change is made as mark, move and add make it: under the plan folder's
            lock, on the file as read again under it, written atomically, with their post- hooks; a change
            the 1-3-5 rule refuses is not written and the last line says why and where there is room.

            The file is read again when it changes on disk (looked at every quarter of a second and on
            every key). Colour is used unless NO_COLOR is set. Standard input and output must be a
            terminal; for the day as text, use dayplan status.
            """,
        options: DaySession.options + [
            .flag("--mouse", "Turn on the mouse: a click selects a task, the wheel moves the selection."),
        ],
        exitCodes: [(0, "quit"), (2, "usage or I/O error, or standard input or output not a terminal")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var err = Output.error
        defer { err.flush() }
        guard var arguments = DaySession.takingDateWord(arguments, command: name, err: &err) else { return .failure }
        guard Terminal.isInteractive else {
            err.line("dayplan view: standard input and output must be a terminal; for the day as text, run 'dayplan status'")
            return .failure
        }
        var view: DayView
        var path: String
        var planFolder: PlanFolder
        do {
            (view, path, planFolder) = try open(arguments)
        } catch {
            err.line("dayplan view: \(error.message)")
            return error.code
        }
        arguments.options["--date"] = view.context.day.description
        setlocale(LC_CTYPE, "")
        let mouse = arguments.flags.contains("--mouse")
        guard Terminal.start(mouse: mouse) else {
            err.line("dayplan view: cannot set the terminal's mode; for the day as text, run 'dayplan status'")
            return .failure
        }
        defer { Terminal.stop() }
        let colour = (Clock.environment("NO_COLOR") ?? "").isEmpty
        var store = DiskDayStore(arguments: arguments)
        var screen = ViewScreen(path: path, colour: colour, widthOf: Terminal.width)
        var shown: CellGrid?
        var stamp = FileSystem.stamp(of: path)
        var reader = KeyReader()

        /// Reads the file again when its stamp changed.
        func look() {
            let now = FileSystem.stamp(of: path)
            guard now != stamp else { return }
            stamp = now
            view.reload(FileSystem.kind(of: path) == .file ? try? FileSystem.read(path) : nil)
        }

        /// Shows `day`: its file read, and the store, the path and the stamp made its own.
        func show(_ day: Day) {
            let next = arguments.dated(day)
            do {
                (view, path, planFolder) = try open(next)
                arguments = next
                store = DiskDayStore(arguments: arguments)
                screen.path = path
                stamp = FileSystem.stamp(of: path)
            } catch {
                view.say("dayplan view: \(error.message)", refusal: true)
            }
        }

        loop: while true {
            let size = Terminal.size
            let grid = screen.draw(view, columns: size.columns, rows: size.rows)
            let bytes = TerminalBytes.frame(from: shown, to: grid)
            if !bytes.isEmpty { Terminal.write(bytes) }
            shown = grid

            var wake = Terminal.wait(milliseconds: 250)
            if wake.redraw { shown = nil }
            var keys = reader.keys(wake.input)
            if reader.isWaiting {
                // The rest of an escape sequence comes at once; a lone Escape has nothing after it.
                wake = Terminal.wait(milliseconds: 30)
                keys += reader.keys(wake.input)
                if reader.isWaiting { keys += reader.flush() }
            }
            look()
            if case .success(let today) = Clock.today(in: planFolder, dayStartsAt: arguments.options["--day-starts-at"]) {
                let minute = Clock.now().flatMap { $0.day == view.context.day ? $0.secondOfDay / 60 : nil }
                view.clock(today: today, minute: minute)
            }
            for key in keys {
                if case .click(let column, let row) = key {
                    if let place = shown?.task(atColumn: column, row: row) { view.select(task: place.task, inPane: place.pane) }
                    continue
                }
                look()
                let effect = view.press(key, store: &store)
                stamp = FileSystem.stamp(of: path)
                if let warning = store.hookWarning, let said = view.message { view.say(said.text + "; " + warning) }
                switch effect {
                case .none: break
                case .quit: break loop
                case .redraw: shown = nil
                case .suspend:
                    Terminal.suspend()
                    shown = nil
                case .openEditor(let line):
                    Terminal.handOver()
                    let problem = edit(path, line: line)
                    Terminal.resume()
                    shown = nil
                    look()
                    if let problem { view.say(problem, refusal: true) }
                case .openDay(let day):
                    show(day)
                case .previewRollover:
                    view.showRolloverPreview(rollover(arguments, dryRun: true).lines)
                case .rollover:
                    let done = rollover(arguments, dryRun: false)
                    if done.status != 2, case .success(let today) = Clock.today(in: planFolder, dayStartsAt: arguments.options["--day-starts-at"]) {
                        show(today)
                    }
                    view.say(done.summary, refusal: done.status == 2)
                case .startTiming(let line):
                    let run = command(StartCommand.name, ["\(path):\(line)"], arguments)
                    look()
                    view.say(run.summary, refusal: run.status != 0)
                case .stopTiming:
                    let run = command(StopCommand.name, [], arguments)
                    look()
                    view.say(run.summary, refusal: run.status != 0)
                }
            }
        }
        return .success
    }

    /// The view of the day `arguments` name, its file's path and its plan folder: read as `dayplan status` reads it
    /// (without the lock), with the calendars' events and the settings.
    static func open(_ arguments: Arguments) throws(DaySession.Failure) -> (DayView, String, PlanFolder) {
        let session = try DaySession.open(arguments, writing: false)
        let day = session.file.day
        let settings = session.planFolder.settings
        let (_, _, calendarDays) = CalendarDays.read(session.planFolder, days: day...day)
        let events = calendarDays?.dayEvents(on: day).events ?? []
        let today = (try? Clock.today(in: session.planFolder, dayStartsAt: arguments.options["--day-starts-at"]).get()) ?? day
        let minute = Clock.now().flatMap { $0.day == day ? $0.secondOfDay / 60 : nil }
        let context = DayView.Context(fileName: session.file.path, day: day, today: today, minute: minute, events: events,
                                      hours: settings.regionHours,
                                      carriedWarningDays: settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays,
                                      writesDoneDate: settings.writesDoneDate,
                                      missingFile: session.missingFileMessage(name, arguments, capture: true))
        return (DayView(session.bytes, context: context), session.file.path, session.planFolder)
    }

    /// What `dayplan rollover` printed, run by `rollover(_:dryRun:)`.
    struct RolloverRun {
        /// Its standard output's lines, then its standard error's.
        let lines: [String]
        /// Its exit status: 0 done, 1 done with open items left behind, 2 refused or failed.
        let status: Int32
        /// A sentence for the status line: what it did, what it left behind, or why it did nothing.
        let summary: String
    }

    /// Runs `dayplan rollover` (the dry run for the preview) on the view's plan folder, as its own process, so that
    /// the view's `R` is exactly the command: the lock, both files written as one change, the record `--undo`
    /// reads, the hooks and what it names as left behind.
    static func rollover(_ arguments: Arguments, dryRun: Bool) -> RolloverRun {
        let run = command(RolloverCommand.name, dryRun ? ["--dry-run"] : [], arguments)
        guard !run.failedToStart else { return RolloverRun(lines: run.said, status: 2, summary: run.summary) }
        let said = run.said, errors = run.errors, status = run.status
        var summary = said.joined(separator: "; ")
        if status == 1 {
            let named = errors.filter { $0.contains(": warning: ") || $0.contains(": error: ") }.count
            summary += "; \(named) open item\(named == 1 ? "" : "s") left behind, named by 'dayplan rollover --dry-run'"
        } else if status != 0 {
            summary = (errors.isEmpty ? ["dayplan rollover ended with status \(status)"] : errors).joined(separator: "; ")
        }
        return RolloverRun(lines: said + errors, status: status, summary: summary)
    }

    /// What a dayplan command the view runs printed: its lines, its exit status, and a sentence for the status line
    /// (what it said, or on a failure what it said on standard error).
    struct CommandRun {
        let said: [String], errors: [String]
        let status: Int32
        /// Whether it did not start at all (then `summary` says why).
        let failedToStart: Bool
        let summary: String
    }

    /// Runs `dayplan NAME WORDS…` with the view's `--dir` and `--day-starts-at` as its own process, so that what a key
    /// does is exactly the command: its lock, its files, its hooks, its messages.
    static func command(_ name: String, _ words: [String], _ arguments: Arguments) -> CommandRun {
        var line = [CommandLine.arguments.first ?? "dayplan", name] + words
        for option in ["--dir", "--day-starts-at"] {
            if let value = arguments.options[option] { line += [option, value] }
        }
        let outcome = ChildProcess.capture(line, timeout: 120, errors: .kept)
        if let why = outcome.failedToStart {
            return CommandRun(said: ["cannot run dayplan \(name): \(why)"], errors: [], status: 2, failedToStart: true,
                              summary: "cannot run dayplan \(name): \(why); nothing changed")
        }
        func lines(_ bytes: [UInt8]) -> [String] {
            String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let said = lines(outcome.output), errors = lines(outcome.errors).filter { !$0.hasPrefix("plan folder: ") }
        let status = outcome.timedOut ? 2 : outcome.status
        let summary = (status == 0 ? said + errors : errors.isEmpty ? said + ["dayplan \(name) ended with status \(status)"] : errors)
            .joined(separator: "; ")
        return CommandRun(said: said, errors: errors, status: status, failedToStart: false, summary: summary)
    }

    /// Runs `$VISUAL` (else `$EDITOR`, else vi) on `path` at `line`, through the shell as editors are named, and
    /// waits for it; what went wrong, if anything.
    static func edit(_ path: String, line: Int) -> String? {
        let script = "exec ${VISUAL:-${EDITOR:-vi}} \"+$1\" \"$2\""
        let words = ["/bin/sh", "-c", script, "dayplan-view", String(line), path]
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ)
        guard started == 0 else { return "cannot start the editor (\(String(cString: strerror(started))))" }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status == 0 ? nil : "the editor ended with status \(status >> 8)"
    }
}
