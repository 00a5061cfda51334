import DayPlan
import DayPlanFlow
import DayPlanJSON

/// `dayplan status`: how the day is going.
enum StatusCommand {
    /// The word that runs it: `dayplan status`.
    static let name = "status"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Show what is left today: open tasks per bucket, completion, the Backlog by age",
        arguments: Value(placeholder: "DATE", kind: .date),
        about: """
            Shows the day's plan (today's, or DATE's or --date's: YYYY-MM-DD, today, yesterday or tomorrow) at a glance:
            for Morning, Afternoon and Evening, the open tasks of each bucket against its limit (must 0/1 ·
            complementary 2/3 · misc 4/5) and how many are done, cancelled or moved on; the day's
            completion; and the Backlog's open tasks by the age of their @from: day (today, yesterday, this
            week: 2 to 6 days, older: 7 or more, and undated), with the oldest and its age; the open tasks
            first planned carried-warning-days (7 unless the setting says) or more days ago, oldest first,
            each with its age, to decide on with dayplan review; and how many errors and warnings dayplan
            lint finds in the file.

            Completion is done of planned: the tasks of Morning, Afternoon and Evening that are done, out of
            all of them except the cancelled ones. Backlog tasks and sub-tasks do not count.

            Colour is used only when standard output is a terminal and NO_COLOR is not set. --format json
            writes one JSON document, {"version":3,…} (docs/daily-loop.md lists its fields).
            """,
        options: [
            .choice("--format", Format.allCases.map(\.rawValue), "text (default) or json."),
            Clock.nowOption,
        ] + DaySession.options,
        exitCodes: [(0, "shown"), (2, "usage or I/O error, such as a day without a file")])

    /// How the status is written.
    enum Format: String, CaseIterable {
        case text, json
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        // DATE and --date say the same, as every command that acts on one day takes --date.
        guard let arguments = DaySession.takingDateWord(arguments, command: "status", err: &err) else { return .failure }
        if let text = arguments.options["--now"], let problem = Clock.inject(now: text) {
            err.line("dayplan status: \(problem.message)")
            return .failure
        }
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: false)
        } catch {
            err.line("dayplan status: \(error.message)")
            return error.code
        }
        guard let bytes = session.bytes else {
            err.line(session.missingFileMessage(name, arguments))
            return .failure
        }
        let document = DayDocument(parsing: bytes)
        let progress = DayProgress(document, on: session.file.day)
        let carried = carriedForLong(document, on: session.file.day,
                                     days: session.planFolder.settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays)
        // What lint finds is never hidden behind the counts: a count of errors and warnings, to look at with lint.
        // Against the plan folder's region hours and calendars, as lint checks it (DP060, DP061, DP062).
        // The calendars are read once, for lint and for the day on the clock.
        let (hours, _, calendarDays) = CalendarDays.read(session.planFolder, days: session.file.day...session.file.day)
        // As lint checks the file: today's overdue tasks (DP051) and long-carried ones too, so that the counts agree.
        let today = try? Clock.today(in: session.planFolder, dayStartsAt: arguments.options["--day-starts-at"]).get()
        let findings = Linter.lint(document, fileName: session.file.path, today: today,
                                   carriedWarningDays: session.planFolder.settings.carriedWarningDays ?? Settings.defaultCarriedWarningDays,
                                   hours: hours)
        let errors = findings.filter { $0.severity == .error }.count
        let counts = (errors: errors, warnings: findings.filter { $0.severity == .warning }.count)
        // The day on the clock: its events (from the calendars the settings name) and timed tasks, and now.
        let day = session.file.day
        let events = calendarDays?.reportedEvents(on: [day], command: name, err: &err)[day] ?? []
        let schedule = DaySchedule(day: day, events: events, tasks: PlannedTime.tasks(in: document),
                                   hours: session.planFolder.settings.regionHours)
        let clock = Clock.now().flatMap { $0.day == day ? $0.secondOfDay / 60 : nil }
        let onTheClock = OnTheClock(schedule: schedule, now: clock, calendars: !session.planFolder.settings.calendars.isEmpty)
        // The task `dayplan start` is timing, if it is in this file.
        let hour = (try? Clock.dayStartHour(in: session.planFolder, option: arguments.options["--day-starts-at"]).get()) ?? 0
        let timing = TimeTracking.running(in: document, of: day, dayStartsAt: hour)
        switch arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text {
        case .text:
            let colour = isatty(1) == 1 && (Clock.environment("NO_COLOR") ?? "").isEmpty
            let shown = text(progress, file: session.file.path, findings: counts, colour: colour, carried: carried, clock: onTheClock,
                             timing: timing, now: Clock.now())
            // Coloured text is dayplan's own escapes around parts escaped one by one; plain text is escaped whole.
            if colour { out.write(painted: shown) } else { out.write(shown) }
        case .json:
            out.write(bytes: json(progress, file: session.file.path, findings: counts, carried: carried, clock: onTheClock,
                                  timing: timing, now: Clock.now()))
        }
        return .success
    }

    /// The day's open Backlog tasks carried `days` days or more (DP052), oldest first, with their ages.
    static func carriedForLong(_ document: DayDocument, on day: Day, days: Int) -> (days: Int, tasks: [(task: PlanTask, age: Int)]) {
        (days, LongCarried.tasks(in: document, on: day, days: days))
    }

    // MARK: - Text

    /// The status as lines for people; with `colour`, ANSI colours: full buckets yellow, over-full red.
    static func text(_ progress: DayProgress, file: String, findings: (errors: Int, warnings: Int), colour: Bool,
                     carried: (days: Int, tasks: [(task: PlanTask, age: Int)]) = (7, []), clock: OnTheClock? = nil,
                     timing: [TimeTracking.Running] = [], now: LocalTime? = nil) -> String {
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        // With colours the text goes to a terminal as it is: what came from the file is escaped here.
        func shown(_ text: String) -> String { colour ? Output.escaped(text) : text }
        let file = shown(file)
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)" }
        var text = "\(file): \(Weekday(of: progress.day).name) \(progress.day), "
        if progress.planned == 0 {
            text += "nothing planned yet\n"
        } else {
            let percent = (progress.done * 100 + progress.planned / 2) / progress.planned
            text += paint("\(progress.done) of \(progress.planned) done (\(percent)%)", progress.done == progress.planned ? "32" : "1") + "\n"
        }
        let width = Region.allCases.map(\.name.count).max() ?? 0
        for region in progress.regions {
            var parts = Bucket.allCases.map { bucket in
                let open = region.open(bucket)
                let count = "\(open)/\(bucket.limit)"
                return "\(bucket) " + (open > bucket.limit ? paint(count, "1;31") : open == bucket.limit ? paint(count, "33") : count)
            }
            if region.done > 0 { parts.append(paint(plural(region.done, "done"), "32")) }
            if region.cancelled > 0 { parts.append(plural(region.cancelled, "cancelled")) }
            if region.moved > 0 { parts.append(plural(region.moved, "moved")) }
            text += paint(region.region.name.padding(width), "1") + "  " + parts.joined(separator: " · ") + "\n"
        }
        let backlog = progress.backlog
        text += paint(Region.backlog.name.padding(width), "1") + "  \(backlog.open) open"
        if backlog.open > 0 {
            var ages = ["\(backlog.today) today", "\(backlog.yesterday) yesterday", "\(backlog.thisWeek) this week", "\(backlog.older) older"]
            if backlog.undated > 0 { ages.append("\(backlog.undated) undated") }
            text += ": " + ages.joined(separator: ", ")
            if let oldest = backlog.oldest, let from = oldest.metadata.from {
                let days = from.days(until: progress.day)
                text += "; oldest: \(shown(oldest.title)) (from \(from), \(days) day\(days == 1 ? "" : "s") ago)"
            }
        }
        text += "\n"
        // Tasks carried past the setting: their ages, and where to decide on them.
        if !carried.tasks.isEmpty {
            text += paint("Carried".padding(width), "33") + "  "
                + carried.tasks.map { "\(shown($0.task.title)) (\($0.age) days)" }.joined(separator: ", ")
                + "; \(carried.days) days or more: decide with 'dayplan review'\n"
        }
        for deadline in progress.deadlines {
            let days = abs(deadline.daysLeft), plural = days == 1 ? "" : "s"
            let when = deadline.daysLeft == 0 ? "due today" : deadline.daysLeft < 0 ? "due \(deadline.due), \(days) day\(plural) ago"
                : "due \(deadline.due), in \(days) day\(plural)"
            text += paint((deadline.isOverdue ? "Overdue" : "Due soon").padding(width), deadline.isOverdue ? "1;31" : "33")
                + "  \(shown(deadline.task.title)) (\(when))\n"
        }
        if !progress.prioritized.isEmpty {
            text += paint("Priority".padding(width), "1") + "  "
                + progress.prioritized.map { "\(shown($0.task.title)) (\($0.task.metadata.priority ?? ""), \($0.region.name))" }.joined(separator: ", ") + "\n"
        }
        for running in timing {
            let since = TaskTime.clockText(running.since.secondOfDay / 60)
            let details = [now.map { TimeTracking.minutes(from: running.since, to: $0) }.flatMap { $0 > 0 ? "\(Estimate.text($0)) so far" : nil },
                           running.placed.task.metadata.spent.map { "\(Estimate.text($0)) spent before" }].compactMap { $0 }
            text += paint("Timing".padding(width), "1") + "  \(shown(running.placed.task.title)) since \(since)"
                + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")") + "; stop with 'dayplan stop'\n"
        }
        if let clock { text += clock.text(width: width, paint: paint, shown: shown) }
        if findings.errors + findings.warnings > 0 {
            let words = [findings.errors > 0 ? "\(findings.errors) error\(findings.errors == 1 ? "" : "s")" : nil,
                         findings.warnings > 0 ? "\(findings.warnings) warning\(findings.warnings == 1 ? "" : "s")" : nil]
            text += paint(words.compactMap { $0 }.joined(separator: " and "), findings.errors > 0 ? "1;31" : "33")
                + " in the file; see them with 'dayplan lint \(file)'\n"
        }
        return text
    }

    // MARK: - JSON

    /// The status as one JSON document, version 3:
    /// `{"version":3,"file","day","done","planned","completion","regions":[…],"backlog":{…},"deadlines":[…],"errors","warnings",
    /// "carriedWarningDays","carried":[…]}`; the last two, and the oldest task's `age`, added later in version 1 (fields added, none changed);
    /// version 2 adds the day on the clock: `"now","allDay":[…],"schedule":[…],"next","time":[…]` (`OnTheClock`);
    /// version 3 names a region's `[>]` count `moved`, the status's one name (`Status.name`; it was `movedOn`), and
    /// later adds `"prioritized":[{"title","line","priority","region"}]` (`DayProgress.prioritized`), then
    /// `"timing":[{"title","line","region","since","minutes","spent"}]`, the task `dayplan start` is timing (`minutes`
    /// so far, null without a clock; `spent` before, in minutes, or null).
    static func json(_ progress: DayProgress, file: String, findings: (errors: Int, warnings: Int),
                     carried: (days: Int, tasks: [(task: PlanTask, age: Int)]) = (7, []), clock: OnTheClock? = nil,
                     timing: [TimeTracking.Running] = [], now: LocalTime? = nil) -> [UInt8] {
        var json = JSONTextWriter(capacity: 4_096)
        json.open("version"); json.integer(3)
        json.member("file"); json.string(file)
        json.member("day"); json.day(progress.day)
        json.member("done"); json.integer(progress.done)
        json.member("planned"); json.integer(progress.planned)
        json.member("completion")
        if let completion = progress.completion { json.number("\(completion)") } else { json.null() }
        json.member("regions")
        json.array(progress.regions) { region, json in
            json.open("region"); json.string(region.region.name)
            json.member("open")
            for (index, bucket) in Bucket.allCases.enumerated() {
                if index == 0 { json.open(dynamic: bucket.description) } else { json.member(dynamic: bucket.description) }
                json.integer(region.open(bucket))
            }
            json.close()
            json.member("limits")
            for (index, bucket) in Bucket.allCases.enumerated() {
                if index == 0 { json.open(dynamic: bucket.description) } else { json.member(dynamic: bucket.description) }
                json.integer(bucket.limit)
            }
            json.close()
            json.member("done"); json.integer(region.done)
            json.member("cancelled"); json.integer(region.cancelled)
            json.member("moved"); json.integer(region.moved)
            json.close()
        }
        let backlog = progress.backlog
        json.member("backlog")
        json.open("open"); json.integer(backlog.open)
        json.member("today"); json.integer(backlog.today)
        json.member("yesterday"); json.integer(backlog.yesterday)
        json.member("thisWeek"); json.integer(backlog.thisWeek)
        json.member("older"); json.integer(backlog.older)
        json.member("undated"); json.integer(backlog.undated)
        json.member("oldest")
        if let oldest = backlog.oldest, let from = oldest.metadata.from {
            json.open("title"); json.string(oldest.title)
            json.member("line"); json.integer(oldest.line)
            json.member("from"); json.day(from)
            json.member("age"); json.integer(from.days(until: progress.day))
            json.close()
        } else {
            json.null()
        }
        json.close()
        json.member("deadlines")
        json.array(progress.deadlines) { deadline, json in
            json.open("title"); json.string(deadline.task.title)
            json.member("line"); json.integer(deadline.task.line)
            json.member("due"); json.day(deadline.due)
            json.member("daysLeft"); json.integer(deadline.daysLeft)
            json.member("overdue"); json.bool(deadline.isOverdue)
            json.close()
        }
        json.member("prioritized")
        json.array(progress.prioritized) { item, json in
            json.open("title"); json.string(item.task.title)
            json.member("line"); json.integer(item.task.line)
            json.member("priority"); json.string(item.task.metadata.priority ?? "")
            json.member("region"); json.string(item.region.name)
            json.close()
        }
        json.member("errors"); json.integer(findings.errors)
        json.member("warnings"); json.integer(findings.warnings)
        json.member("carriedWarningDays"); json.integer(carried.days)
        json.member("carried")
        json.array(carried.tasks) { item, json in
            json.open("title"); json.string(item.task.title)
            json.member("line"); json.integer(item.task.line)
            json.member("from"); json.day(item.task.metadata.from)
            json.member("age"); json.integer(item.age)
            json.close()
        }
        json.member("timing")
        json.array(timing) { running, json in
            json.open("title"); json.string(running.placed.task.title)
            json.member("line"); json.integer(running.placed.task.line)
            json.member("region"); json.string(running.placed.region.name)
            json.member("since"); json.string(TaskTime.clockText(running.since.secondOfDay / 60))
            json.member("minutes")
            if let now { json.integer(max(0, TimeTracking.minutes(from: running.since, to: now))) } else { json.null() }
            json.member("spent")
            if let spent = running.placed.task.metadata.spent { json.integer(spent) } else { json.null() }
            json.close()
        }
        (clock ?? OnTheClock(schedule: DaySchedule(day: progress.day, events: [], tasks: [], hours: .defaults), now: nil, calendars: false))
            .json(to: &json)
        json.close()
        json.newline()
        return json.bytes
    }
}
