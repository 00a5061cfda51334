import DayPlan
import DayPlanICalendar
import DayPlanJSON

/// `dayplan remind`: announces the events and timed tasks that start soon, each once.
enum RemindCommand {
    /// The word that runs it: `dayplan remind`.
    static let name = "remind"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Announce the events and timed tasks starting soon, each once (run it every minute)",
        arguments: nil,
        about: """
            Announces the calendar events (from the calendars the settings name) and the open tasks with a
            time of day (`- [ ] 09:00 Title`) that start from now to --within later (default 10m): one line
            each on standard output, and the command the setting remind-command names, run once for each
            with the reminder's title and details as its last two arguments and a JSON object on standard
            input (unset: notify-send where present; empty: none). It is run directly, never through a
            shell, and killed past DAYPLAN_HOOK_TIMEOUT seconds (default 10), like a hook; a failure is
            named on standard error and the reminder stands.

            Each item is announced once: what was announced is remembered in .dayplan/reminded (so the plan
            folder must have been made by dayplan init), written atomically under the plan folder's lock.
            Run it every minute from a systemd user timer, launchd or cron: docs/remind.md has the recipes.
            --now sets the time for a run (tests, and trying it out). --dry-run shows what would be
            announced, and neither remembers it nor runs the command.
            """,
        options: [
            .option("--within", "DURATION", .text, "How far ahead to look: 10m (default), 1h, 1h30m; 0m for what starts now."),
            Clock.nowOption,
            .flag("--dry-run", "Show what would be announced; remember nothing and run no command."),
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "Where to look for the plan folder (default: the current folder)."),
        ],
        exitCodes: [(0, "done (nothing to announce is fine)"), (1, "announced, but something in a calendar could not be read"),
                    (2, "usage or I/O error, such as a folder without .dayplan/")])

    /// Where the reminders announced are remembered, inside the plan folder.
    static let logPath = ".dayplan/reminded"

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan remind: \(message)")
            return .failure
        }
        if let text = arguments.options["--now"], let problem = Clock.inject(now: text) { return fail(problem.message) }
        let withinText = arguments.options["--within"] ?? "10m"
        guard let within = duration(withinText) else {
            return fail("--within '\(withinText)' is not a duration; write minutes or hours, such as 10m, 1h or 1h30m (at most 24h)")
        }
        let planFolder: PlanFolder
        do {
            planFolder = try PlanFolder.find(dir: arguments.options["--dir"])
        } catch {
            return fail(error.message)
        }
        guard planFolder.isInitialized else {
            return fail("\(planFolder.path) has no .dayplan/ folder, where remind remembers what it announced; make it a plan folder with 'dayplan init'")
        }
        guard let now = Clock.now() else { return fail("cannot read the local time") }

        // The days the window touches: today, and tomorrow when it reaches past midnight.
        let days = now.secondOfDay / 60 + within >= 1440 ? [now.day, now.day.adding(days: 1)] : [now.day]
        let (calendar, failures) = CalendarSources.read(planFolder)
        for failure in failures { err.line("dayplan remind: \(failure.message)") }
        var problems = calendar.problems
        let zones = SystemZones.zones()
        var schedules: [DaySchedule] = []
        let files: [PlanFolder.DayFile]
        do {
            files = try planFolder.dayFiles()
        } catch {
            return fail(error.message)
        }
        for day in days {
            let events = calendar.events(on: day, zones: zones)
            problems += events.problems
            // The day's open timed tasks, from its file (a day without one has none).
            var tasks: [PlannedTime] = []
            switch DayFileOfPlan.find(day, in: planFolder, files: files) {
            case .success(let file) where !file.isNew:
                do {
                    tasks = PlannedTime.tasks(in: DayDocument(parsing: try FileSystem.read(file.path)))
                } catch {
                    return fail(error.message)
                }
            case .success: break
            case .failure(let duplicates): return fail(duplicates.message)
            }
            schedules.append(DaySchedule(day: day, events: events.events, tasks: tasks, hours: planFolder.settings.regionHours))
        }
        // Each once: the days asked for name the same problem of an event each (a time zone not known).
        var named = Set<CalendarProblem>()
        problems = problems.filter { named.insert($0).inserted }
        for problem in problems { err.line("\(problem.source):\(problem.line): warning: \(problem.message)") }

        // What is due and not yet announced is decided, and remembered, under the lock; announced after it.
        let reminders: [Reminder]
        do {
            let (lock, _) = try PlanLock.take(in: planFolder, exclusive: true) { _ in [] }
            defer { lock.release() }
            let path = planFolder.path(of: logPath)
            var log = ReminderLog()
            if FileSystem.kind(of: path) != .missing {
                log = ReminderLog(parsing: try FileSystem.read(path))
                for line in log.unread { err.line("dayplan remind: warning: \(path):\(line): not a line remind wrote; left out") }
            }
            reminders = Reminder.due(in: schedules, now: now, within: within, log: log)
            if !arguments.flags.contains("--dry-run") {
                let before = log
                for reminder in reminders { log.add(reminder.start, key: reminder.item.key) }
                log.forget(before: now)
                if log != before || !log.unread.isEmpty { try FileSystem.replace(path, with: log.text) }
            }
        } catch {
            return fail("\(error.message); nothing announced")
        }

        let command = planFolder.settings.remindCommand ?? (ChildProcess.isPresent("notify-send") ? ["notify-send"] : [])
        for reminder in reminders {
            out.line(line(reminder, today: now.day))
            guard !command.isEmpty, !arguments.flags.contains("--dry-run") else { continue }
            out.flush()
            let (title, details) = notification(reminder)
            let outcome = ChildProcess.run(command + [title, details], input: input(reminder),
                                           environment: ChildProcess.environment(removing: []), timeout: Hooks.timeout, err: &err)
            let shown = command.joined(separator: " ")
            if let reason = outcome.failedToStart {
                err.line("dayplan remind: warning: remind-command '\(shown)' could not be run: \(reason); the reminder was printed")
            } else if outcome.timedOut {
                err.line("dayplan remind: warning: remind-command '\(shown)' ran past \(Hooks.timeout) seconds and was killed; the reminder was printed")
            } else if outcome.status != 0 {
                err.line("dayplan remind: warning: remind-command '\(shown)' failed with exit status \(outcome.status); the reminder was printed")
            }
        }
        return failures.isEmpty && problems.isEmpty ? .success : .findings
    }

    /// `10m`, `1h`, `1h30m`, `90m` as minutes, up to a day; nil for anything else.
    static func duration(_ text: String) -> Int? {
        // Hours, then minutes, each at most once: `1h30m`.
        var total = 0, number: Int?, seen = 0
        for character in text {
            if character.isASCII, let digit = character.wholeNumberValue {
                let value = (number ?? 0) * 10 + digit
                guard value <= 1440 else { return nil }
                number = value
            } else if let value = number, character == "h" && seen == 0 || character == "m" && seen < 2 {
                seen = character == "h" ? 1 : 2
                total += character == "h" ? value * 60 : value
                number = nil
            } else {
                return nil
            }
        }
        guard number == nil, seen > 0, total <= 1440 else { return nil }
        return total
    }

    /// The line printed for a reminder: `10:00-10:30 Standup (Room 4): event, in 5 minutes`.
    static func line(_ reminder: Reminder, today: Day) -> String {
        let item = reminder.item
        var text = (reminder.day == today ? "" : "\(reminder.day) ") + item.clock + " " + oneLine(item.title)
        if let location = item.location, !location.isEmpty { text += " (\(oneLine(location)))" }
        let what = item.kind == .event ? "event" : "task in \(item.region?.name ?? "the plan")"
        return text + ": \(what), \(reminder.when)"
    }

    /// The title and details the command gets: `10:00 Standup` and `in 5 minutes · Room 4`.
    static func notification(_ reminder: Reminder) -> (title: String, details: String) {
        let item = reminder.item
        var details = [reminder.when]
        if let location = item.location, !location.isEmpty { details.append(oneLine(location)) }
        if item.kind == .task { details.append("\(item.region?.name ?? "") task") }
        return (item.clock + " " + oneLine(item.title), details.joined(separator: " · "))
    }

    /// The JSON object the command gets on standard input: what the reminder is, for a script.
    static func input(_ reminder: Reminder) -> [UInt8] {
        let item = reminder.item
        var members: [JSONValue.Member] = [
            .init("kind", .string(item.kind.rawValue)), .init("title", .string(item.title)),
            .init("day", .string("\(reminder.day)")), .init("start", .string(RegionHours.clock(item.start))),
            .init("end", item.end.map { .string(RegionHours.clock($0)) } ?? .null),
            .init("minutesAway", .integer(reminder.minutesAway)),
        ]
        if let location = item.location { members.append(.init("location", .string(location))) }
        if let region = item.region { members.append(.init("region", .string(region.name))) }
        return JSONValue.object(members).serialized() + [UInt8(ascii: "\n")]
    }

    /// A title or location on one line: its line breaks as spaces.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
