import DayPlan
import DayPlanJSON
import DayPlanICalendar

/// `dayplan events`: the day's calendar events, from the calendars the settings name.
enum EventsCommand {
    /// The word that runs it: `dayplan events`.
    static let name = "events"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Show the day's calendar events, from the calendars the settings name",
        arguments: Value(placeholder: "DATE", kind: .date),
        about: """
            Shows the events of the day (today's, or DATE's or --date's: YYYY-MM-DD, today, yesterday or
            tomorrow) from the calendars named by the setting calendars in .dayplan/config: .ics files and
            vdir folders (one .ics per event, as vdirsyncer keeps a CalDAV calendar). All-day events come
            first, then the others by start, in the local time zone; recurring events are expanded.
            Events are read, never written. docs/calendar.md lists what of iCalendar is read.

            What a calendar holds that cannot be read is named on standard error with its file and line,
            and the rest is shown. --format json writes one JSON document, {"version":1,…}.
            """,
        options: [
            .choice("--format", Format.allCases.map(\.rawValue), "text (default) or json."),
        ] + DaySession.options,
        exitCodes: [(0, "shown"), (1, "shown, but something in a calendar could not be read (named on standard error)"),
                    (2, "usage or I/O error, such as a calendar that is not there")])

    /// How the events are written.
    enum Format: String, CaseIterable {
        case text, json
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        // DATE and --date say the same, as every command that acts on one day takes --date.
        guard let arguments = DaySession.takingDateWord(arguments, command: "events", err: &err) else { return .failure }
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: false)
        } catch {
            err.line("dayplan events: \(error.message)")
            return error.code
        }
        let day = session.file.day
        let (calendar, failures) = CalendarSources.read(session.planFolder)
        let events = calendar.events(on: day, zones: SystemZones.zones())
        for failure in failures { err.line("dayplan events: \(failure.message)") }
        let problems = calendar.problems + events.problems
        for problem in problems { err.line("\(problem.source):\(problem.line): warning: \(problem.message)") }

        switch arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text {
        case .text:
            out.write(text(events, calendars: session.planFolder.settings.calendars.count))
        case .json:
            out.write(bytes: json(events, problems: problems))
        }
        return !failures.isEmpty ? .failure : problems.isEmpty ? .success : .findings
    }

    /// The events as lines for people: `HH:MM-HH:MM  title (location)`, all-day ones as `all day`.
    static func text(_ day: DayEvents, calendars: Int) -> String {
        let heading = "\(Weekday(of: day.day).name) \(day.day)"
        guard calendars > 0 else {
            return "No calendars set for \(heading); name them in .dayplan/config, such as: calendars = work.ics, ~/.calendars/personal\n"
        }
        guard !day.events.isEmpty else { return "No events on \(heading).\n" }
        var text = "Events on \(heading):\n"
        for event in day.events {
            let when: String
            if event.isAllDay {
                when = "all day"
            } else {
                let start = event.start.day == day.day ? event.start.clock : "\(event.start.day) \(event.start.clock)"
                let end = event.end.day == day.day ? event.end.clock : "\(event.end.day) \(event.end.clock)"
                when = start == end ? start : "\(start)-\(end)"
            }
            var line = oneLine(event.title)
            if let location = event.location, !location.isEmpty { line += " (\(oneLine(location)))" }
            text += "  " + when.padding(11) + "  " + line + "\n"
        }
        return text
    }

    /// A title or location on one line: its line breaks as spaces.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }

    /// The events as one JSON document, version 1: `{"version":1,"day","events":[{"title","location","start",
    /// "end","allDay","recurring","uid","source","line"}],"problems":[{"source","line","message"}]}`.
    static func json(_ day: DayEvents, problems: [CalendarProblem]) -> [UInt8] {
        var json = JSONTextWriter(capacity: 1_024)
        json.open("version"); json.integer(1)
        json.member("day"); json.day(day.day)
        json.member("events")
        json.array(day.events) { event, json in
            json.open("title"); json.string(event.title)
            json.member("location"); json.string(event.location)
            json.member("start"); json.string("\(event.start)")
            json.member("end"); json.string("\(event.end)")
            json.member("allDay"); json.bool(event.isAllDay)
            json.member("recurring"); json.bool(event.isRecurring)
            json.member("uid"); json.string(event.uid)
            json.member("source"); json.string(event.source)
            json.member("line"); json.integer(event.line)
            json.close()
        }
        json.member("problems")
        json.array(problems) { problem, json in
            json.open("source"); json.string(problem.source)
            json.member("line"); json.integer(problem.line)
            json.member("message"); json.string(problem.message)
            json.close()
        }
        json.close()
        json.newline()
        return json.bytes
    }
}
