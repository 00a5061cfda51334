import DayPlan
import DayPlanFlow
import DayPlanJSON

/// `dayplan plan`: the day as time blocks, and `--fit` to give the untimed tasks their times.
enum PlanCommand {
    /// The word that runs it: `dayplan plan`.
    static let name = "plan"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Lay the day onto its hours: events, timed tasks, free gaps; --fit gives untimed tasks their times",
        arguments: Value(placeholder: "DATE", kind: .date),
        about: """
            Lays the day (today, or DATE's or --date's) onto the hours of Morning, Afternoon and Evening (the
            morning, afternoon and evening settings): its calendar events and timed tasks (09:00 Title, 09:00 -
            10:00 Title; a start alone lasts its @est:) in order, with the free gaps between them; then each
            region's open tasks without a time, the estimated ones must first, and what is left free of the
            region less their estimates (over, when more is planned than there is time).

            --fit writes a start time at the front of each estimated untimed task, in the first gap long enough
            for it, in bucket order (must, then complementary, then misc), never overlapping an event, a timed
            task or another, never past its region's hours, and on today never before now. A region over capacity
            is refused (nothing placed there, said, exit 1), as is a task no gap is long enough for; a task
            without an estimate is left as it is. Each time written is one line, path:line: the task. Run again,
            it finds nothing to place. It holds the plan folder's lock and writes the file atomically, only when
            it changes. docs/plan.md has an example.
            """,
        options: [
            .flag("--fit", "Write start times for the estimated untimed tasks into the free gaps."),
            .choice("--format", Format.allCases.map(\.rawValue), "text (default) or json (without --fit)."),
            Clock.nowOption,
        ] + DaySession.options + [.quiet],
        exitCodes: [(0, "shown, or every estimated task placed"), (1, "--fit: a region over capacity, or a task that fits no gap"),
                    (2, "usage or I/O error, such as a day without a file")])

    /// How the blocks are written.
    enum Format: String, CaseIterable {
        case text, json
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        guard let arguments = DaySession.takingDateWord(arguments, command: name, err: &err) else { return .failure }
        if let text = arguments.options["--now"], let problem = Clock.inject(now: text) {
            err.line("dayplan plan: \(problem.message)")
            return .failure
        }
        let fitting = arguments.flags.contains("--fit")
        guard !fitting || arguments.options["--format"] == nil else {
            err.line("dayplan plan: --fit writes the file and prints a line a time; give --format without --fit\nRun 'dayplan plan --help' for usage.")
            return .failure
        }

        // 1. The day's file (under the lock, to fit), and its events.
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: fitting)
        } catch {
            err.line("dayplan plan: \(error.message)")
            return error.code
        }
        defer { session.release() }
        guard let bytes = session.bytes else {
            err.line(session.missingFileMessage(name, arguments))
            return .failure
        }
        let day = session.file.day
        let document = DayDocument(parsing: bytes)
        let (_, _, calendarDays) = CalendarDays.read(session.planFolder, days: day...day)
        let events = calendarDays?.reportedEvents(on: [day], command: name, err: &err)[day] ?? []
        let schedule = DaySchedule(day: day, events: events, tasks: PlannedTime.tasks(in: document),
                                   hours: session.planFolder.settings.regionHours)
        let blocks = TimeBlocks(document, schedule: schedule)

        guard fitting else {
            switch arguments.options["--format"].flatMap(Format.init(rawValue:)) ?? .text {
            case .text: out.write(text(blocks, file: session.file.path, day: day))
            case .json: out.write(bytes: json(blocks, file: session.file.path, day: day))
            }
            return .success
        }

        // 2. --fit: the times, written one task at a time through the library's edit (the title's time in front).
        let now = Clock.now().flatMap { $0.day == day ? $0.secondOfDay / 60 : nil }
        let fit = blocks.fitted(from: now)
        var after = bytes
        var lines: [String] = []
        for placement in fit.placed {
            let title = TaskTime(start: placement.start, end: nil).description + " " + placement.task.title
            do {
                let edit = try DayEditor(after).setTitle(title, ofTaskAt: placement.task.line)
                after = edit.after
                lines.append("\(session.file.path):\(placement.task.line): \(title)")
            } catch {
                err.line("dayplan plan: \(session.file.path):\(placement.task.line): \(error.message); nothing changed")
                return .failure
            }
        }
        if after != bytes {
            do {
                try session.write(after)
            } catch {
                err.line("dayplan plan: \(error.message); nothing changed")
                return .failure
            }
        }
        if !arguments.flags.contains("--quiet") {
            for line in lines { out.line(line) }
            if fit.placed.isEmpty && fit.refused.isEmpty && fit.unfitted.isEmpty {
                out.line("\(session.file.path): nothing to place (no open task with an estimate and no time)")
            }
        }
        for (region, over) in fit.refused {
            err.line("dayplan plan: \(region.name) is over capacity by \(DaySchedule.duration(over)): nothing placed there; "
                     + "move a task with 'dayplan move' or shorten an estimate")
        }
        for task in fit.unfitted {
            err.line("dayplan plan: \(session.file.path):\(task.line): no free gap of \(DaySchedule.duration(task.metadata.estimate ?? 0)) left for: \(task.title)")
        }
        return fit.refused.isEmpty && fit.unfitted.isEmpty ? .success : .findings
    }

    // MARK: - Text

    /// The regions as lines: `  09:00-09:30  Standup (event)`, gaps as `free 1h30m`, then the untimed tasks.
    static func text(_ blocks: TimeBlocks, file: String, day: Day) -> String {
        var text = "\(Output.escaped(file)): \(Weekday(of: day).name) \(day)\n"
        for region in blocks.regions {
            text += "\(region.region.name) \(RegionHours.clock(region.hours.lowerBound))-\(RegionHours.clock(region.hours.upperBound))"
                + ", " + (region.free < 0 ? "over by \(DaySchedule.duration(-region.free))" : "\(DaySchedule.duration(region.free)) free") + "\n"
            for block in region.blocks {
                let span = "\(RegionHours.clock(block.minutes.lowerBound))-\(RegionHours.clock(block.minutes.upperBound))"
                switch block.kind {
                case .free: text += "  \(span)  free \(DaySchedule.duration(block.minutes.count))\n"
                case .event: text += "  \(span)  \(Output.escaped(block.title)) (event)\n"
                case .task: text += "  \(span)  \(Output.escaped(block.title)) (line \(block.line))\n"
                }
            }
            for untimed in region.untimed {
                text += "  no time     \(Output.escaped(untimed.task.title)) ("
                    + (untimed.estimate.map { "\(untimed.task.bucket), \(DaySchedule.duration($0))" } ?? "\(untimed.task.bucket), no estimate")
                    + ", line \(untimed.task.line))\n"
            }
        }
        return text
    }

    // MARK: - JSON

    /// `{"version":1,"file","day","regions":[{"region","hours","free","blocks":[{"kind","start","end","title","line"}],
    /// "untimed":[{"title","line","bucket","estimate"}]}]}`; times as `HH:MM`, `free` and `estimate` in minutes.
    static func json(_ blocks: TimeBlocks, file: String, day: Day) -> [UInt8] {
        var json = JSONTextWriter(capacity: 2_048)
        json.open("version"); json.integer(1)
        json.member("file"); json.string(file)
        json.member("day"); json.day(day)
        json.member("regions")
        json.array(blocks.regions) { region, json in
            json.open("region"); json.string(region.region.name)
            json.member("hours"); json.string("\(RegionHours.clock(region.hours.lowerBound))-\(RegionHours.clock(region.hours.upperBound))")
            json.member("free"); json.integer(region.free)
            json.member("blocks")
            json.array(region.blocks) { block, json in
                json.open("kind"); json.string(block.kind.rawValue)
                json.member("start"); json.string(RegionHours.clock(block.minutes.lowerBound))
                json.member("end"); json.string(RegionHours.clock(block.minutes.upperBound))
                json.member("title"); if block.kind == .free { json.null() } else { json.string(block.title) }
                json.member("line"); if block.kind == .task { json.integer(block.line) } else { json.null() }
                json.close()
            }
            json.member("untimed")
            json.array(region.untimed) { untimed, json in
                json.open("title"); json.string(untimed.task.title)
                json.member("line"); json.integer(untimed.task.line)
                json.member("bucket"); json.string(untimed.task.bucket.description)
                json.member("estimate"); if let estimate = untimed.estimate { json.integer(estimate) } else { json.null() }
                json.close()
            }
            json.close()
        }
        json.close()
        json.newline()
        return json.bytes
    }
}
