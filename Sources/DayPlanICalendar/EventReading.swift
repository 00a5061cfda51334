import DayPlan

/// Reads the content lines of one source into `Event`s: the components nest (`BEGIN:`/`END:`), and only the
/// properties of a `VEVENT` itself are read (an alarm inside it, a `VTIMEZONE`, a `VTODO` are skipped).
///
/// What decides the days an event reaches (its times, rule, exceptions, `RECURRENCE-ID`) is read here, and so
/// is everything that can be named as a problem; its text (`UID`, `SUMMARY`, `LOCATION`, `STATUS`) is kept as
/// where its line starts, read when the event is on a day asked for (`EventCalendar.events(on:zones:)`).
struct EventReading {
    /// The source's index in the calendar, and its name in problems.
    let source: Int, sourceName: String
    /// The index in the calendar the first event of this source gets (overrides name their master by it).
    let firstIndex: Int
    /// The events read, in order; the calendar takes them (and moves their texts) once the source is finished.
    var events: [Event] = []
    private(set) var problems: [CalendarProblem] = []
    /// The open components, outermost first.
    private var stack: [String] = []
    /// How many of each name `stack` holds: an END whose name is not open is known so at once, and how many
    /// VEVENTs are open without a scan, so that N BEGINs that never close and N ENDs of another name are read in
    /// linear time (each END otherwise looked through the whole stack).
    private var openCounts: [String: Int] = [:]
    /// The VEVENT being read.
    private var current: Draft?
    /// The last zone name read, given again to the next time in the same zone (most times of a file are).
    private var lastZone = ""
    /// The rules read, by their text: a calendar repeats a few rules many times.
    private var rules: [String: RecurrenceRule] = [:]
    /// The days (`CivilDays.number(of:)`) events are read for: the others are passed over (`EventGlance`); nil
    /// for every event.
    let days: ClosedRange<Int>?
    /// The events passed over, in order: the line of each one's `BEGIN:VEVENT`, and where its `UID` line starts
    /// (-1 for none).
    private(set) var passedOver: [(line: Int, uid: Int)] = []

    init(source: Int, name: String, firstIndex: Int, days: ClosedRange<Int>? = nil) {
        self.source = source
        self.sourceName = name
        self.firstIndex = firstIndex
        self.days = days
    }

    /// A VEVENT's properties as they come.
    private struct Draft {
        var line: Int
        var start: CalendarTime?
        var end: Event.End?
        var rule: RecurrenceRule?
        /// The line of its RRULE.
        var ruleLine = 0
        var exceptions: [CalendarTime] = []
        var extraDates: [CalendarTime] = []
        var recurrenceID: CalendarTime?
        var texts = Event.Texts()
        /// A value out of range was read (and named): the event is skipped.
        var outOfRange = false
    }

    mutating func problem(_ line: Int, _ message: String) {
        problems.append(CalendarProblem(source: sourceName, line: line, message: message))
    }

    /// Takes the next content line of `bytes`; returns where to go on when it passed over an event (`EventGlance`).
    mutating func take(_ line: ContentLine, in bytes: UnsafeBufferPointer<UInt8>) -> ContentLine.Resume? {
        if line.isNamed("BEGIN") {
            let name = line.valueIs("VEVENT") ? "VEVENT" : line.upperCasedValue
            if name == "VEVENT", stack.last != "VEVENT" || current == nil {
                if current == nil, let days, case .passOver(var next, var lines, let uid) = EventGlance.look(at: line.offset, in: bytes, days: days) {
                    passedOver.append((line.line, uid))
                    // The events right after it are glanced at in turn, while they are passed over: most of a
                    // calendar of years is, one event after another.
                    while let lineAfterBegin = EventGlance.lineAfterBegin(at: next, in: bytes),
                          case .passOver(let after, let more, let uid) = EventGlance.look(after: lineAfterBegin, in: bytes, days: days) {
                        passedOver.append((line.line + lines + 1, uid))
                        next = after
                        lines += 1 + more
                    }
                    return ContentLine.Resume(offset: next, lines: lines)
                }
                if current != nil { problem(line.line, "a VEVENT begins inside another; the first is read as it stands") }
                finishEvent()
                current = Draft(line: line.line)
            }
            stack.append(name)
            openCounts[name, default: 0] += 1
        } else if line.isNamed("END") {
            let name = line.valueIs("VEVENT") ? "VEVENT" : line.upperCasedValue
            // Looked for from the top only when it is open: what it passes is closed with it (each name once).
            guard openCounts[name, default: 0] > 0, let open = stack.lastIndex(of: name) else {
                problem(line.line, "END:\(line.value) without BEGIN:\(line.value); skipped")
                return nil
            }
            if open != stack.count - 1 {
                problem(line.line, "END:\(line.value) closes BEGIN:\(stack.last ?? "") too (it has no END)")
            }
            let eventsOpen = openCounts["VEVENT", default: 0]
            for closed in stack[open...] { openCounts[closed, default: 1] -= 1 }
            stack.removeSubrange(open...)
            if eventsOpen > 0, openCounts["VEVENT", default: 0] == 0 { finishEvent() }
        } else if current != nil, stack.last == "VEVENT" {
            property(line)
        }
        return nil
    }

    /// The properties of a VEVENT that are read.
    private enum Property { case uid, summary, location, status, start, end, duration, rule, exceptions, extraDates, recurrenceID }

    /// The property `line` is, by its name (of the few read, looked for by length first); nil for the rest.
    private static func property(_ line: ContentLine) -> Property? {
        switch line.nameEnd {
        case 3: return line.isNamed("UID") ? .uid : nil
        case 5: return line.isNamed("DTEND") ? .end : line.isNamed("RRULE") ? .rule : line.isNamed("RDATE") ? .extraDates : nil
        case 6: return line.isNamed("STATUS") ? .status : line.isNamed("EXDATE") ? .exceptions : nil
        case 7: return line.isNamed("DTSTART") ? .start : line.isNamed("SUMMARY") ? .summary : nil
        case 8: return line.isNamed("DURATION") ? .duration : line.isNamed("LOCATION") ? .location : nil
        case 13: return line.isNamed("RECURRENCE-ID") ? .recurrenceID : nil
        default: return nil
        }
    }

    /// Reads one property of the current VEVENT, changing the draft in place (a copy of it per line cost more
    /// than all the rest of the reading).
    private mutating func property(_ line: ContentLine) {
        guard let property = Self.property(line), current != nil else { return }
        switch property {
        case .uid: current?.texts.uid = line.offset
        case .summary: current?.texts.summary = line.offset
        case .location: current?.texts.location = line.offset
        case .status: current?.texts.status = line.offset
        case .start:
            let start = time(line, "DTSTART")
            current?.start = start
        case .end: if let end = time(line, "DTEND") { current?.end = .time(end) }
        case .duration:
            switch CalendarDuration.read(bytes: line.valueBytes) {
            case .duration(let duration):
                current?.end = .duration(duration)
            case .tooLong:
                let text = String(decoding: UnsafeBufferPointer(rebasing: line.valueBytes.prefix(40)), as: UTF8.self)
                problem(line.line, "DURATION `\(text)\(line.valueBytes.count > 40 ? "…" : "")` is longer than 10,000 years; the event is skipped")
                current?.outOfRange = true
            case .unreadable:
                problem(line.line, "DURATION `\(line.value)` is not a duration such as PT1H30M or P1D; the event is read without it")
            }
        case .rule:
            do {
                let text = line.value
                current?.ruleLine = line.line
                if let known = rules[text] {
                    current?.rule = known
                } else {
                    let rule = try RecurrenceRule(parsing: text)
                    rules[text] = rule
                    current?.rule = rule
                }
            } catch {
                problem(line.line, "RRULE: \(error.message); only the first occurrence is shown")
            }
        case .exceptions:
            let exceptions = times(line, "EXDATE")
            current?.exceptions += exceptions
        case .extraDates:
            if line.parameter("VALUE", is: "PERIOD") {
                problem(line.line, "RDATE with VALUE=PERIOD is not read; skipped")
            } else {
                let extraDates = times(line, "RDATE")
                current?.extraDates += extraDates
            }
        case .recurrenceID:
            if let range = line.parameter("RANGE") {
                problem(line.line, "RECURRENCE-ID;RANGE=\(range) is read as an override of this one occurrence only")
            }
            let recurrenceID = time(line, "RECURRENCE-ID")
            current?.recurrenceID = recurrenceID
        }
    }

    /// The zone of a time's line (`TZID`), the same String as the last one when it is the same zone.
    private mutating func zone(_ line: ContentLine) -> String? {
        guard let zone = line.parameter("TZID") else { return nil }
        if zone == lastZone { return lastZone }
        lastZone = zone
        return zone
    }

    /// The DATE or DATE-TIME of `line`, named when it cannot be read.
    private mutating func time(_ line: ContentLine, _ what: String) -> CalendarTime? {
        guard let time = CalendarTime(line.valueBytes, valueIsDate: line.parameter("VALUE", is: "DATE"), tzid: zone(line)) else {
            problem(line.line, "\(what) `\(line.value)` is not a DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS, Z for UTC)")
            return nil
        }
        return time
    }

    /// The comma-separated DATEs or DATE-TIMEs of `line`, each named when it cannot be read.
    private mutating func times(_ line: ContentLine, _ what: String) -> [CalendarTime] {
        let valueIsDate = line.parameter("VALUE", is: "DATE"), zone = zone(line)
        var result: [CalendarTime] = []
        for item in line.valueBytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
            let bytes = UnsafeBufferPointer(rebasing: item)
            if let time = CalendarTime(bytes, valueIsDate: valueIsDate, tzid: zone) {
                result.append(time)
            } else {
                problem(line.line, "\(what) `\(String(decoding: bytes, as: UTF8.self))` is not a DATE or DATE-TIME; that one is skipped")
            }
        }
        return result
    }

    /// Ends the current VEVENT: kept when it has a start, named when not.
    private mutating func finishEvent() {
        guard let draft = current.take(), !draft.outOfRange else { return }
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
        if let until = draft.rule?.until, Self.isBefore(until, start) {
            problem(draft.ruleLine, "RRULE's UNTIL is before DTSTART: only DTSTART is shown (RFC 5545 makes it the first occurrence whatever the rule says)")
        }
        events.append(Event(source: source, line: draft.line, start: start, end: end, rule: draft.rule, exceptions: draft.exceptions,
                            extraDates: draft.extraDates, recurrenceID: draft.recurrenceID, master: nil, texts: draft.texts))
    }

    /// Whether UNTIL `until` is before `start` whatever zones they are read in: a DATE takes its whole day, and
    /// two DATE-TIMEs in different zones must be further apart than two zones' clocks can be (26 hours).
    static func isBefore(_ until: CalendarTime, _ start: CalendarTime) -> Bool {
        func bounds(_ time: CalendarTime) -> (wall: Int, zone: CalendarTime.Zone?) {
            switch time {
            case .date(let n): return (n * CivilDays.secondsPerDay, nil)
            case .dateTime(let wall, let zone): return (wall, zone)
            }
        }
        let (u, uZone) = bounds(until), (s, sZone) = bounds(start)
        if case .date = until { return u + CivilDays.secondsPerDay <= s - (sZone == nil ? 0 : 26 * 3600) }
        if let uZone, let sZone, uZone == sZone { return u < s }
        return u + 26 * 3600 < s
    }

    /// Ends the source (`bytes`): an unfinished VEVENT is kept (and named), and overrides are tied to their
    /// masters, the first event without `RECURRENCE-ID` that has the same `UID`.
    mutating func finish(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let line = current?.line {
            problem(line, "this VEVENT has no END:VEVENT; read up to the end of the file")
            finishEvent()
        }
        guard events.contains(where: { $0.recurrenceID != nil }) else { return }
        // By a hash of each UID's bytes, checked byte for byte: no String is made for a UID.
        func uid(_ offset: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            guard offset >= 0 else { return false }
            return ContentLine.at(offset, in: bytes) { body($0.valueBytes) } ?? false
        }
        var overridden: Set<Int> = []
        for event in events where event.recurrenceID != nil {
            _ = uid(event.texts.uid) { overridden.insert(ByteHasher.hash(UnsafeRawBufferPointer($0))); return true }
        }
        // The events that may be masters, by a hash of their UID: for each UID (its bytes) the first in the file
        // only, its line, its UID's line and its index (nil: passed over). A bucket holds one entry a UID, so
        // that many events of one UID and many overrides of it are matched in linear time.
        var masters: [Int: [(line: Int, uid: Int, index: Int?)]] = [:]
        func offer(_ line: Int, _ uidLine: Int, _ index: Int?) {
            _ = uid(uidLine) { value in
                let hash = ByteHasher.hash(UnsafeRawBufferPointer(value))
                guard overridden.contains(hash) else { return true }
                var bucket = masters[hash] ?? []
                if let same = bucket.firstIndex(where: { candidate in uid(candidate.uid) { $0.elementsEqual(value) } }) {
                    // Events read and events passed over each come in order, but not with each other.
                    if line < bucket[same].line { bucket[same] = (line, uidLine, index) }
                } else {
                    bucket.append((line, uidLine, index))
                }
                masters[hash] = bucket
                return true
            }
        }
        for index in events.indices where events[index].recurrenceID == nil {
            offer(events[index].line, events[index].texts.uid, index)
        }
        for event in passedOver {
            offer(event.line, event.uid, nil)
        }
        for index in events.indices where events[index].recurrenceID != nil {
            var master: (line: Int, uid: Int, index: Int?)?
            _ = uid(events[index].texts.uid) { value in
                let hash = ByteHasher.hash(UnsafeRawBufferPointer(value))
                master = masters[hash]?.first { candidate in uid(candidate.uid) { $0.elementsEqual(value) } }
                return true
            }
            guard let master else { continue }
            if let found = master.index { events[index].master = firstIndex + found } else { events[index].masterPassedOver = true }
        }
    }
}
