import DayPlan
import DayPlanArchive
import DayPlanFlow
import DayPlanJSON

/// `dayplan week`: the seven days of a week at a glance.
enum WeekCommand {
    /// The word that runs it: `dayplan week`.
    static let name = "week"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Show a week: each day's 1-3-5 counts, due and scheduled tasks, events and free time",
        arguments: Value(placeholder: "DATE", kind: .date),
        about: """
            Shows the week holding DATE (or --date; default today), from the day the locale's week starts on
            (LC_ALL, LC_TIME or LANG: Sunday for en_US, Monday for en_GB or de_DE; Monday without one), or the day
            --week-starts names. One block a day, or with --side-by-side one column a day, as wide as the terminal
            (or COLUMNS): its file and how much of it is done, the open tasks of each region's
            buckets against their limits, the open tasks due that day (from its own file and the Backlog), those
            scheduled for it with @on: in the Backlog of the latest plan, its calendar events, and the free time
            of its regions' hours less events, timed tasks and estimates. A day without a file says so. Last,
            the Backlog's open tasks scheduled within the week, to plan onto a day with dayplan move --on.

            It reads only the week's day files and the latest plan on or before the week's end. --format json
            writes one document, {"version":1,…} (docs/week.md lists its fields).
            """,
        options: [
            .choice("--format", Format.allCases.map(\.rawValue), "text (default) or json."),
            .choice("--week-starts", noun: "day", ["monday", "sunday", "saturday"], "The week's first day (default: the locale's, else monday)."),
            .flag("--side-by-side", "The seven days as columns, as wide as the terminal (or COLUMNS) allows."),
        ] + DaySession.options,
        exitCodes: [(0, "shown"), (2, "usage or I/O error")])

    /// How the week is written.
    enum Format: String, CaseIterable {
        case text, json
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        guard let arguments = DaySession.takingDateWord(arguments, command: name, err: &err) else { return .failure }

        // 1. The plan folder and the week's first day.
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: false)
        } catch {
            err.line("dayplan week: \(error.message)")
            return error.code
        }
        let start = WeekOverview.start(of: session.file.day, firstWeekday: firstWeekday(arguments))
        let end = start.adding(days: 6)

        // 2. The week's day files, and the latest plan on or before its end for the Backlog.
        var plans: [Day: DayDocument] = [:]
        var files: [Day: String] = [:]
        var backlog: (day: Day, document: DayDocument)?
        do throws(DaySession.Failure) {
            for offset in 0..<7 {
                let day = start.adding(days: offset)
                if day == session.file.day {
                    if let bytes = session.bytes { plans[day] = DayDocument(parsing: bytes); files[day] = session.file.path }
                } else if let found = try session.existingFile(of: day) {
                    plans[day] = DayDocument(parsing: found.bytes)
                    files[day] = found.file.path
                }
            }
            if let latest = try session.latestFile(onOrBefore: end) {
                backlog = (latest.file.day, plans[latest.file.day] ?? DayDocument(parsing: latest.bytes))
            }
        } catch {
            err.line("dayplan week: \(error.message)")
            return error.code
        }

        // 3. The calendars' events of the week, and the overview.
        let (_, _, calendarDays) = CalendarDays.read(session.planFolder, days: start...end)
        let events = calendarDays?.reportedEvents(on: (0..<7).map { start.adding(days: $0) }, command: name, err: &err) ?? [:]
        let week = WeekOverview(from: start, plans: plans, backlog: backlog, events: { events[$0] ?? [] },
                                hours: session.planFolder.settings.regionHours)

        switch arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text {
        case .text:
            if arguments.flags.contains("--side-by-side") {
                out.write(WeekColumns.text(week, files: files, width: Terminal.columns(for: 1)))
            } else {
                out.write(text(week, files: files))
            }
        case .json: out.write(bytes: json(week, files: files))
        }
        return .success
    }

    /// The week's first day: the one --week-starts names, else the locale's, else Monday (`Clock.firstWeekday`).
    static func firstWeekday(_ arguments: Arguments) -> Weekday {
        switch arguments.options["--week-starts"] {
        case "sunday": return .sunday
        case "saturday": return .saturday
        case "monday": return .monday
        default: return Clock.firstWeekday()
        }
    }

    // MARK: - Text

    /// The week as blocks of lines, a day each.
    static func text(_ week: WeekOverview, files: [Day: String]) -> String {
        guard let first = week.days.first?.day, let last = week.days.last?.day else { return "" }
        var text = "Week of \(Weekday(of: first).name) \(first) to \(Weekday(of: last).name) \(last)\n"
        let scheduledAhead = week.days.flatMap { day in day.scheduled.map { (day.day, $0) } }
        for day in week.days {
            text += "\n\(Weekday(of: day.day).abbreviation) \(day.day)  "
            if let progress = day.progress {
                text += (files[day.day].map { Output.escaped($0) } ?? "") + ": "
                text += progress.planned == 0 ? "nothing planned" : "\(progress.done) of \(progress.planned) done"
                text += ", " + free(day.free) + "\n"
                for region in progress.regions {
                    text += "  " + region.region.name.padding(9) + "  "
                        + Bucket.allCases.map { "\($0) \(region.open($0))/\($0.limit)" }.joined(separator: " · ") + "\n"
                }
            } else {
                text += "no plan yet, " + free(day.free) + "\n"
            }
            if !day.due.isEmpty { text += "  Due        " + day.due.map { Output.escaped($0.title) }.joined(separator: ", ") + "\n" }
            if !day.scheduled.isEmpty {
                text += "  Scheduled  " + day.scheduled.map { Output.escaped($0.title) }.joined(separator: ", ") + "\n"
            }
            if !day.events.isEmpty {
                text += "  Events     " + day.events.map { event in
                    (event.isAllDay ? "" : TaskTime.clockText(event.start.secondOfDay / 60) + " ") + Output.escaped(event.title)
                }.joined(separator: ", ") + "\n"
            }
        }
        if !scheduledAhead.isEmpty, let from = week.backlogDay {
            text += "\nBacklog of \(from), scheduled this week: "
                + scheduledAhead.map { "\(Output.escaped($0.1.title)) (\(Weekday(of: $0.0).abbreviation) \($0.0))" }.joined(separator: ", ") + "\n"
        }
        return text
    }

    /// Free minutes in words: `6h 30m free`, `1h 15m over`.
    static func free(_ minutes: Int) -> String {
        let size = abs(minutes)
        let words = size >= 60 ? "\(size / 60)h" + (size % 60 == 0 ? "" : " \(size % 60)m") : "\(size)m"
        return words + (minutes < 0 ? " over" : " free")
    }

    // MARK: - JSON

    /// The week as one JSON document, version 1: `{"version":1,"start","end","backlogDay","days":[{"day","file",
    /// "done","planned","regions":[{"region","open":{"must","complementary","misc"}}],"due":[…],"scheduled":[…],
    /// "events":[{"title","start","end","allDay"}],"free"}]}`; a task is `{"title","line"}`.
    static func json(_ week: WeekOverview, files: [Day: String]) -> [UInt8] {
        var json = JSONTextWriter(capacity: 4_096)
        json.open("version"); json.integer(1)
        json.member("start"); if let first = week.days.first { json.day(first.day) } else { json.null() }
        json.member("end"); if let last = week.days.last { json.day(last.day) } else { json.null() }
        json.member("backlogDay"); if let day = week.backlogDay { json.day(day) } else { json.null() }
        json.member("days")
        json.array(week.days) { day, json in
            json.open("day"); json.day(day.day)
            json.member("file"); if let file = files[day.day] { json.string(file) } else { json.null() }
            json.member("done"); if let progress = day.progress { json.integer(progress.done) } else { json.null() }
            json.member("planned"); if let progress = day.progress { json.integer(progress.planned) } else { json.null() }
            json.member("regions")
            json.array(day.progress?.regions ?? []) { region, json in
                json.open("region"); json.string(region.region.name)
                json.member("open")
                for (index, bucket) in Bucket.allCases.enumerated() {
                    if index == 0 { json.open(dynamic: bucket.description) } else { json.member(dynamic: bucket.description) }
                    json.integer(region.open(bucket))
                }
                json.close()
                json.close()
            }
            for (key, tasks) in [("due", day.due), ("scheduled", day.scheduled)] {
                json.member(dynamic: key)
                json.array(tasks) { task, json in
                    json.open("title"); json.string(task.title)
                    json.member("line"); json.integer(task.line)
                    json.close()
                }
            }
            json.member("events")
            json.array(day.events) { event, json in
                json.open("title"); json.string(event.title)
                json.member("start"); json.string("\(event.start)")
                json.member("end"); json.string("\(event.end)")
                json.member("allDay"); json.bool(event.isAllDay)
                json.close()
            }
            json.member("free"); json.integer(day.free)
            json.close()
        }
        json.close()
        json.newline()
        return json.bytes
    }
}
