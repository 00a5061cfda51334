import DayPlan

/// The evening shutdown (`dayplan review --evening`): each open task of the day's regions gets a decision
/// (tomorrow, a later day, the Backlog, cancelled, done after all, or left as it is), and all of them are one
/// change of the day's file, so that one undo takes the evening back.
///
/// Every decision is an edit of the task's own line (its status box or a metadata word), so no line moves and
/// the lines the decisions name stay right while they are applied. "Tomorrow" and "a day" are `@on:DAY/REGION`,
/// which the rollover into that day places from the region (FORMAT.md §6.2); "the Backlog" is what rollover
/// does with an open task anyway, so it writes nothing, except for a `@carry` task, which gets
/// `@on:TOMORROW/backlog` so that rollover puts it there once instead of carrying it. Pure: the command reads the
/// answers and writes the file (docs/review.md).
public enum EveningShutdown {
    /// What happens to one open task.
    public enum Decision: Hashable, Sendable {
        /// Into the same region of the next day.
        case tomorrow
        /// Onto a later day: into `region` there (its own region when nil), waiting in the Backlog until then.
        case on(Day, Region?)
        /// Into the Backlog at the next rollover.
        case backlog
        /// Cancelled (`[-]`), with its open sub-tasks.
        case cancel
        /// Done after all (`[x]`), with its open sub-tasks.
        case done
        /// Left as it is: the next rollover does what it would.
        case keep

        /// The choices as a person types them, for a prompt and a message.
        public static let choices = "t tomorrow, o DAY (on a day: friday, 2026-12-08, next week), b backlog, c cancel, d done, k keep"

        /// Reads an answer typed at the prompt or written in a plan (`t`, `tomorrow`, `o friday`, `on 2026-12-08
        /// afternoon`, `friday/afternoon`, `b`, `cancel`, `d`, `keep`), on `today`, the day the review is of; nil
        /// when it is none of them. A day is read as `dayplan add` reads one (`Capture`), with nothing left over.
        public init?(reading answer: String, today: Day) {
            let words = answer.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
            guard let first = words.first else { return nil }
            if words.count == 1 {
                switch first {
                case "t", "tomorrow": self = .tomorrow; return
                case "b", "backlog": self = .backlog; return
                case "c", "cancel", "cancelled": self = .cancel; return
                case "d", "done": self = .done; return
                case "k", "keep": self = .keep; return
                default: break
                }
            }
            var phrase = words
            if first == "o" || first == "on" { phrase.removeFirst() }
            phrase = phrase.flatMap { $0.split(separator: "/").map(String.init) }
            // A date as written (any day: one not after the day reviewed is refused with a reason, not misread).
            if let date = phrase.first.flatMap({ Day($0) }), phrase.count <= 2 {
                guard let name = phrase.dropFirst().first else { self = .on(date, nil); return }
                guard let region = Region.allCases.first(where: { $0.lowercaseName == name }) else { return nil }
                self = .on(date, region)
                return
            }
            let text = phrase.joined(separator: " ")
            // The grammar reads phrases beside a title, never words that would leave none: one is lent, and must be
            // all that is left.
            let read = Capture(reading: "Task " + text, today: today)
            guard let day = read.day, read.title == "Task", read.time == nil, read.estimate == nil, read.due == nil else { return nil }
            self = .on(day, read.region)
        }
    }

    /// The tasks to decide on: the open tasks of the day's regions (Morning, Afternoon, Evening), in file order;
    /// sub-tasks go with their task.
    public static func openTasks(in editor: DayEditor) -> [PlacedTask] {
        editor.tasks.filter { $0.region.isLimited && $0.task.status.isOpen }
    }

    /// What the decisions give: the one edit of the day's file, and a sentence per task.
    public struct Outcome: Sendable {
        /// All the decisions as one edit of the file (no edits when none changes a byte).
        public let edit: DayEdit
        /// What happens to each task decided on, in the order decided: its line and a sentence.
        public let said: [(line: Int, text: String)]
        /// How many tasks each decision got, for the summary line: "2 for tomorrow, 1 cancelled".
        public let counts: [(decision: String, count: Int)]
    }

    /// Why the decisions cannot be applied; nothing is written then.
    public enum Problem: Error, Sendable {
        /// A day that is not after the day reviewed.
        case notLater(Day, title: String)
        /// A task the edit refused (the file has errors, or a timer that cannot be stopped).
        case edit(EditError, title: String)
        /// A running task whose time cannot be added up.
        case stop(TimeTracking.StopProblem, title: String)

        /// A sentence a person can act on.
        public var message: String {
            switch self {
            case .notLater(let day, let title):
                "\(title): \(day) is not after the day reviewed; give a later day, or t for tomorrow"
            case .edit(let error, let title):
                "\(title): \(error.message)"
            case .stop(.startsLater(let since), let title):
                "\(title): its @running: start (\(TaskTime.clockText(since.secondOfDay / 60)) on \(since.day)) is after now; fix it, then review again"
            case .stop(.tooLong(let minutes), let title):
                "\(title): \(Estimate.text(minutes)) more would pass the longest time spent a task can hold; fix its @running: first"
            case .stop(.edit(let error), let title):
                "\(title): \(error.message)"
            }
        }
    }

    /// Applies `decisions` (each for the task on its line of `editor`'s file, one of `openTasks`) on `day`, the
    /// day reviewed. A task being timed (`@running:`) is stopped at `now` first, its time added to `@spent:`,
    /// unless it is kept; `doneDate` is the plan's `done-date` setting's day, as `dayplan mark` writes it.
    public static func apply(_ decisions: [(line: Int, decision: Decision)], in editor: DayEditor, day: Day, now: LocalTime,
                             dayStartsAt: Int = 0, doneDate: Day? = nil) throws(Problem) -> Outcome {
        let tomorrow = day.adding(days: 1)
        let timed = TimeTracking.running(in: DayDocument(parsing: editor.bytes), of: day, dayStartsAt: dayStartsAt)
        var working = editor
        var last: DayEdit?
        var said: [(line: Int, text: String)] = []
        var counts: [(decision: String, count: Int)] = []
        func count(_ word: String) {
            if let at = counts.firstIndex(where: { $0.decision == word }) { counts[at].count += 1 } else { counts.append((word, 1)) }
        }
        func step(_ edit: DayEdit) {
            last = edit
            working = DayEditor(edit.after)
            working.style = editor.style
        }
        /// An edit of the task, its refusal named by the task's title.
        func edit(_ title: String, _ make: (DayEditor) throws(EditError) -> DayEdit) throws(Problem) {
            do {
                step(try make(working))
            } catch {
                throw .edit(error, title: title)
            }
        }
        for (line, decision) in decisions {
            guard let placed = working.task(at: line) else { throw .edit(.noTask(line: line), title: "line \(line)") }
            let task = placed.task, title = task.title
            var notes: [String] = []
            if decision != .keep, let running = timed.first(where: { $0.placed.task.line == line }) {
                let stopped: TimeTracking.Stopped
                do {
                    stopped = try TimeTracking.stop(running, at: now, in: working)
                } catch {
                    throw .stop(error, title: title)
                }
                step(stopped.edit)
                notes.append("timing stopped after \(stopped.minutes == 0 ? "less than a minute" : Estimate.text(stopped.minutes))")
            }
            let text: String
            switch decision {
            case .keep:
                text = "left as it is"
                count("kept")
            case .tomorrow, .on:
                var target = tomorrow, region = placed.region
                if case .on(let given, let named) = decision {
                    guard given > day else { throw .notLater(given, title: title) }
                    target = given
                    region = named ?? placed.region
                }
                try edit(title) { editor throws(EditError) in
                    try editor.replaceMetadata(with: "@on:\(target)/\(region.lowercaseName)", onTaskAt: line)
                }
                let named = "\(Weekday(of: target).name) \(target)"
                text = target == tomorrow ? "tomorrow, \(named), in the \(region)" : "\(named), in the \(region) (it waits in the Backlog until then)"
                count(target == tomorrow ? "for tomorrow" : "for a later day")
            case .backlog:
                if task.metadata.carry {
                    try edit(title) { editor throws(EditError) in
                        try editor.replaceMetadata(with: "@on:\(tomorrow)/backlog", onTaskAt: line)
                    }
                    text = "to the Backlog at the next rollover (instead of carrying it, as its @carry would)"
                } else if task.metadata.on != nil {
                    try edit(title) { editor throws(EditError) in try editor.removeMetadata("on", fromTaskAt: line) }
                    text = "to the Backlog at the next rollover (its @on: taken off)"
                } else {
                    text = "to the Backlog at the next rollover"
                }
                count("to the Backlog")
            case .cancel, .done:
                let status: Status = decision == .done ? .done : .cancelled
                let open = task.subtasks.filter(\.status.isOpen).count
                try edit(title) { editor throws(EditError) in
                    try editor.setStatus(status, ofTaskAt: line, doneDate: doneDate, subtasks: true)
                }
                text = (status == .done ? "done" : "cancelled") + (open == 0 ? "" : ", with its \(open) open sub-task\(open == 1 ? "" : "s")")
                count(status == .done ? "done" : "cancelled")
            }
            said.append((line, text + (notes.isEmpty ? "" : "; " + notes.joined(separator: "; ")) + ": " + title))
        }
        let summary = counts.isEmpty ? "nothing decided" : "evening review: " + counts.map { "\($0.count) \($0.decision)" }.joined(separator: ", ")
        let whole = last.map { DayEdit.steps(from: editor.bytes, to: $0, summary: summary) } ?? DayEdit.none(of: editor.bytes, summary: summary)
        return Outcome(edit: whole, said: said, counts: counts)
    }
}
