/// Reads the content lines of one source into `Event`s: the components nest (`BEGIN:`/`END:`), and only the
/// properties of a `VEVENT` itself are read (an alarm inside it, a `VTIMEZONE`, a `VTODO` are skipped).
struct EventReading {
    let source: String
    private(set) var events: [Event] = []
    private(set) var problems: [CalendarProblem] = []
    /// The open components, outermost first.
    private var stack: [String] = []
    /// The VEVENT being read.
    private var current: Draft?

    init(source: String) { self.source = source }

    /// A VEVENT's properties as they come.
    private struct Draft {
        var line: Int
        var uid: String?
        var title: String?
        var location: String?
        var start: CalendarTime?
        var end: Event.End?
        var rule: RecurrenceRule?
        var exceptions: [CalendarTime] = []
        var extraDates: [CalendarTime] = []
        var recurrenceID: CalendarTime?
        var isCancelled = false
    }

    mutating func problem(_ line: Int, _ message: String) {
        problems.append(CalendarProblem(source: source, line: line, message: message))
    }

    mutating func take(_ line: ContentLine) {
        switch line.name {
        case "BEGIN":
            let name = line.value.uppercased()
            if name == "VEVENT", stack.last != "VEVENT" || current == nil {
                if current != nil { problem(line.line, "a VEVENT begins inside another; the first is read as it stands") }
                finishEvent()
                current = Draft(line: line.line)
            }
            stack.append(name)
        case "END":
            let name = line.value.uppercased()
            guard let open = stack.lastIndex(of: name) else {
                problem(line.line, "END:\(line.value) without BEGIN:\(line.value); skipped")
                return
            }
            if open != stack.count - 1 {
                problem(line.line, "END:\(line.value) closes BEGIN:\(stack.last ?? "") too (it has no END)")
            }
            let closed = stack[open...]
            stack.removeSubrange(open...)
            if closed.contains("VEVENT"), !stack.contains("VEVENT") { finishEvent() }
        default:
            guard stack.last == "VEVENT", current != nil else { return }
            property(line)
        }
    }

    /// Reads one property of the current VEVENT.
    private mutating func property(_ line: ContentLine) {
        guard var draft = current else { return }
        // Taken out while it changes, so its arrays are not copied on write.
        current = nil
        defer { current = draft }
        func time(_ what: String) -> CalendarTime? {
            guard let time = CalendarTime(line.value, parameters: line.parameters) else {
                problem(line.line, "\(what) `\(line.value)` is not a DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS, Z for UTC)")
                return nil
            }
            return time
        }
        func times(_ what: String) -> [CalendarTime] {
            line.value.split(separator: ",").compactMap { item in
                guard let time = CalendarTime(item, parameters: line.parameters) else {
                    problem(line.line, "\(what) `\(item)` is not a DATE or DATE-TIME; that one is skipped")
                    return nil
                }
                return time
            }
        }
        switch line.name {
        case "UID": draft.uid = line.value
        case "SUMMARY": draft.title = ContentLine.text(line.value)
        case "LOCATION": draft.location = ContentLine.text(line.value)
        case "STATUS": draft.isCancelled = line.value.uppercased() == "CANCELLED"
        case "DTSTART": draft.start = time("DTSTART")
        case "DTEND": if let end = time("DTEND") { draft.end = .time(end) }
        case "DURATION":
            if let duration = CalendarDuration(line.value) {
                draft.end = .duration(duration)
            } else {
                problem(line.line, "DURATION `\(line.value)` is not a duration such as PT1H30M or P1D; the event is read without it")
            }
        case "RRULE":
            do {
                draft.rule = try RecurrenceRule(parsing: line.value)
            } catch {
                problem(line.line, "RRULE: \(error.message); only the first occurrence is shown")
            }
        case "EXDATE": draft.exceptions += times("EXDATE")
        case "RDATE":
            if line.parameters["VALUE"]?.uppercased() == "PERIOD" {
                problem(line.line, "RDATE with VALUE=PERIOD is not read; skipped")
            } else {
                draft.extraDates += times("RDATE")
            }
        case "RECURRENCE-ID":
            if line.parameters["RANGE"] != nil {
                problem(line.line, "RECURRENCE-ID;RANGE=\(line.parameters["RANGE"] ?? "") is read as an override of this one occurrence only")
            }
            draft.recurrenceID = time("RECURRENCE-ID")
        default: break
        }
    }

    /// Ends the current VEVENT: kept when it has a start, named when not.
    private mutating func finishEvent() {
        guard let draft = current else { return }
        current = nil
        guard let start = draft.start else {
            problem(draft.line, "this VEVENT has no readable DTSTART; skipped")
            return
        }
        var end = draft.end
        if case .time(let endTime)? = end {
            if start.isDate != endTime.isDate {
                problem(draft.line, "DTSTART and DTEND are not both DATEs or both DATE-TIMEs; the event is read without its DTEND")
                end = nil
            }
        }
        events.append(Event(source: source, line: draft.line, uid: draft.uid, title: draft.title ?? "(no title)",
                            location: draft.location, start: start, end: end, rule: draft.rule, exceptions: draft.exceptions,
                            extraDates: draft.extraDates, recurrenceID: draft.recurrenceID, master: nil, isCancelled: draft.isCancelled))
    }

    /// Ends the source: an unfinished VEVENT is kept (and named), and overrides are tied to their masters.
    mutating func finish() {
        if current != nil {
            problem(current!.line, "this VEVENT has no END:VEVENT; read up to the end of the file")
            finishEvent()
        }
        var masters: [String: Int] = [:]
        for (index, event) in events.enumerated() where event.recurrenceID == nil {
            if let uid = event.uid, masters[uid] == nil { masters[uid] = index }
        }
        for index in events.indices where events[index].recurrenceID != nil {
            if let uid = events[index].uid, let master = masters[uid] { events[index].master = master }
        }
    }
}
