@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

// The plain reading of iCalendar as it was before the reader kept byte ranges (every content line made into
// Strings, every VEVENT made whole as it is read, every event expanded): the reference the property test in
// EventCalendarReadingTests.swift compares `PlainCalendar` with. Test code only; the library has one reading.

/// One content line of an iCalendar file (RFC 5545 §3.1), unfolded: `NAME;PARAM=VALUE:value`.
struct PlainContentLine {
    /// The property or component name, upper-cased (`DTSTART`, `BEGIN`).
    var name: String
    /// The parameters, names upper-cased, values unquoted (`TZID` → `Europe/Berlin`).
    var parameters: [String: String]
    /// The value, as written (escapes are undone by the reader of each value type).
    var value: String
    /// The 1-based line it starts on.
    var line: Int

    /// The content lines of `bytes`: physical lines ending in LF or CRLF, a line starting with a space or a tab
    /// continuing the one before. Calls `problem` for a line that is no content line (no `:`), and skips it.
    /// Linear in the bytes: each byte is looked at a bounded number of times.
    static func read(_ bytes: [UInt8], each: (PlainContentLine) -> Void, problem: (Int, String) -> Void) {
        var current: [UInt8] = []
        var currentLine = 0
        func flush() {
            defer { current.removeAll(keepingCapacity: true) }
            guard !current.isEmpty else { return }
            if let line = parse(current, line: currentLine) {
                each(line)
            } else {
                let text = String(decoding: current.prefix(40), as: UTF8.self)
                problem(currentLine, "`\(text)\(current.count > 40 ? "…" : "")` is no content line (NAME:value); skipped")
            }
        }
        var start = 0, number = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            if stop > start, bytes[start] == 0x20 || bytes[start] == 0x09, !current.isEmpty {
                current.append(contentsOf: bytes[(start + 1)..<stop])
            } else {
                flush()
                current.append(contentsOf: bytes[start..<stop])
                currentLine = number
            }
            start = end + 1
        }
        flush()
    }

    /// Reads one unfolded line; nil when it has no name or no `:`.
    static func parse(_ bytes: [UInt8], line: Int) -> PlainContentLine? {
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")
        var index = 0
        while index < bytes.count, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
        guard index > 0, index < bytes.count else { return nil }
        let name = upperCased(bytes[..<index])
        var parameters: [String: String] = [:]
        while index < bytes.count, bytes[index] == semicolon {
            index += 1
            let nameStart = index
            while index < bytes.count, bytes[index] != equals, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
            let parameter = upperCased(bytes[nameStart..<index])
            guard index < bytes.count else { return nil }
            guard bytes[index] == equals else { continue }
            index += 1
            var value: [UInt8] = []
            var quoted = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote { quoted.toggle() } else if !quoted, byte == colon || byte == semicolon { break } else { value.append(byte) }
                index += 1
            }
            parameters[parameter] = String(decoding: value, as: UTF8.self)
        }
        guard index < bytes.count, bytes[index] == colon else { return nil }
        return PlainContentLine(name: name, parameters: parameters, value: String(decoding: bytes[(index + 1)...], as: UTF8.self), line: line)
    }

    /// A name upper-cased, without the cost of Unicode case mapping when it is ASCII already upper-case (as
    /// names almost always are).
    private static func upperCased(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(where: { $0 >= 0x61 }) ? text.uppercased() : text
    }

    /// A TEXT value unescaped (§3.3.11): `\\` `\;` `\,` and `\n` or `\N` (a line break).
    static func text(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
        var result = "", escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}

/// Reads the content lines of one source into `PlainEvent`s: the components nest (`BEGIN:`/`END:`), and only the
/// properties of a `VEVENT` itself are read (an alarm inside it, a `VTIMEZONE`, a `VTODO` are skipped).
struct PlainEventReading {
    let source: String
    private(set) var events: [PlainEvent] = []
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
        var end: PlainEvent.End?
        var rule: RecurrenceRule?
        var exceptions: [CalendarTime] = []
        var extraDates: [CalendarTime] = []
        var recurrenceID: CalendarTime?
        var isCancelled = false
        var ruleLine = 0
    }

    mutating func problem(_ line: Int, _ message: String) {
        problems.append(CalendarProblem(source: source, line: line, message: message))
    }

    mutating func take(_ line: PlainContentLine) {
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
    private mutating func property(_ line: PlainContentLine) {
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
        case "SUMMARY": draft.title = PlainContentLine.text(line.value)
        case "LOCATION": draft.location = PlainContentLine.text(line.value)
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
                draft.ruleLine = line.line
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
        if let until = draft.rule?.until, EventReading.isBefore(until, start) {
            problem(draft.ruleLine, "RRULE's UNTIL is before DTSTART: only DTSTART is shown (RFC 5545 makes it the first occurrence whatever the rule says)")
        }
        events.append(PlainEvent(source: source, line: draft.line, uid: draft.uid, title: draft.title ?? "(no title)",
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
/// Calendar events read from iCalendar sources (`.ics` files, and the one-event files of a vdir folder),
/// asked for one day at a time.
///
/// ```swift
/// var calendar = PlainCalendar()
/// calendar.read(bytes, source: "work.ics")          // as many sources as there are
/// let day = calendar.events(on: today, zones: rules)
/// for event in day.events { … }                       // in order: all-day first, then by start
/// let problems = calendar.problems + day.problems     // each with its source and line
/// ```
///
/// Reading never fails and never stops at a fault: what cannot be read is a `CalendarProblem`, and the rest
/// is read. Reading is linear in the bytes; asking for a day expands each recurring event only up to that
/// day. docs/calendar.md lists the subset of RFC 5545 read and what is ignored.
struct PlainCalendar: Sendable {
    /// The events read, recurring ones once each with their rule, overrides apart.
    private var events: [PlainEvent] = []
    /// What could not be read, in the order found.
    private(set) var problems: [CalendarProblem] = []

    /// No events.
    init() {}

    /// Reads one source's bytes (an `.ics` file: a VCALENDAR with any number of VEVENTs), naming it `source`
    /// in events and problems. The `VEVENT`s of one source that share a `UID` are one recurring event and its
    /// overrides (`RECURRENCE-ID`).
    mutating func read(_ bytes: [UInt8], source: String) {
        var reading = PlainEventReading(source: source)
        PlainContentLine.read(bytes, each: { reading.take($0) }, problem: { reading.problem($0, $1) })
        reading.finish()
        problems += reading.problems
        // An override names its master by its index in this source: in the calendar, it is after the events
        // of the sources before.
        let base = events.count
        events += reading.events.map { event in
            var event = event
            event.master = event.master.map { $0 + base }
            return event
        }
    }

    /// The events that take place on `day` (any part of it, in the local zone `zones` gives): all-day events
    /// first, then by start, end and title. Times in named zones (`TZID`) are converted with `zones`; a zone it
    /// does not know is read as local time and named in `problems`.
    func events(on day: Day, zones: some TimeZoneRules) -> DayEvents {
        var found: [CalendarEvent] = []
        var problems: [CalendarProblem] = []
        var unknownZones: Set<String> = []
        let dayStart = CivilDays.number(of: day) * CivilDays.secondsPerDay, dayEnd = dayStart + CivilDays.secondsPerDay

        // Local wall seconds of a time; nil zone: unknown (named once), read as local.
        func local(_ wall: Int, _ zone: CalendarTime.Zone, _ event: PlainEvent) -> Int {
            switch zone {
            case .floating: return wall
            case .utc: return zones.localWall(ofInstant: wall)
            case .named(let id):
                if let instant = zones.instant(ofWall: wall, inZone: id) { return zones.localWall(ofInstant: instant) }
                if unknownZones.insert(id).inserted {
                    problems.append(CalendarProblem(source: event.source, line: event.line,
                                                    message: "TZID `\(id)` is no time zone dayplan knows (it reads IANA names such as Europe/Berlin); its times are read as local time"))
                }
                return wall
            }
        }
        // A time on the wall clock of `zone` (the DTSTART's), for EXDATE, RECURRENCE-ID and UNTIL.
        func onWall(_ zone: CalendarTime.Zone, _ time: CalendarTime) -> Int {
            guard case .dateTime(let wall, let other) = time else {
                if case .date(let n) = time { return n * CivilDays.secondsPerDay }
                return 0
            }
            if other == zone { return wall }
            let instant: Int?
            switch other {
            case .utc: instant = wall
            case .floating: instant = zones.instant(ofLocalWall: wall)
            case .named(let id): instant = zones.instant(ofWall: wall, inZone: id)
            }
            guard let instant else { return wall }
            switch zone {
            case .utc: return instant
            case .floating: return zones.localWall(ofInstant: instant)
            case .named(let id): return zones.wall(ofInstant: instant, inZone: id) ?? wall
            }
        }

        // Overrides, by the master they change: their instances are taken out of the master's.
        var overridden: [Int: [CalendarTime]] = [:]
        for event in events {
            if let master = event.master, let id = event.recurrenceID { overridden[master, default: []].append(id) }
        }

        // More than one occurrence of an event longer than a day (of an all-day one, or a timed one longer than
        // 24 hours) on the day, or more than 64 of any: one all-day entry, named.
        func shownTogether(_ event: PlainEvent, _ occurrences: [CalendarEvent], merged: Bool) {
            guard merged, occurrences.count > 1, let first = occurrences.first else {
                found += occurrences
                return
            }
            problems.append(CalendarProblem(source: event.source, line: event.line,
                                            message: "\(occurrences.count) occurrences of this event overlap \(day) (each lasts longer than its rule repeats); shown once, as all day"))
            found.append(CalendarEvent(title: first.title, location: first.location, uid: first.uid,
                                       start: LocalTime(day: day, secondOfDay: 0), end: LocalTime(day: day.adding(days: 1), secondOfDay: 0),
                                       isAllDay: true, isRecurring: first.isRecurring, source: first.source, line: first.line))
        }

        for (index, event) in events.enumerated() where !event.isCancelled {
            let isRecurring = event.rule != nil || !event.extraDates.isEmpty || event.master != nil
            switch event.start {
            case .date(let first):
                let length = event.lengthInDays
                let wallStart = first * CivilDays.secondsPerDay
                // The instances whose days reach `day`: those starting up to `length` - 1 days before it.
                let window = (dayStart - (length - 1) * CivilDays.secondsPerDay)..<dayEnd
                var starts = instanceStarts(event, wallStart: wallStart, zone: .floating, window: window, onWall: onWall)
                let excluded = Set((event.exceptions + (overridden[index] ?? [])).map { CivilDays.floorDiv(onWall(.floating, $0), CivilDays.secondsPerDay) })
                starts.removeAll { excluded.contains(CivilDays.floorDiv($0, CivilDays.secondsPerDay)) }
                var occurrences: [CalendarEvent] = []
                for start in starts {
                    guard let from = LocalTime(wallSeconds: start), let to = LocalTime(wallSeconds: start + length * CivilDays.secondsPerDay) else { continue }
                    occurrences.append(event.occurrence(from, to, allDay: true, recurring: isRecurring))
                }
                shownTogether(event, occurrences, merged: true)
            case .dateTime(let wallStart, let zone):
                // Generous on the event's wall clock (zones differ by up to a day and more), exact once local.
                let spanGuess = event.lengthGuess
                let window = (dayStart - spanGuess - 2 * CivilDays.secondsPerDay)..<(dayEnd + 2 * CivilDays.secondsPerDay)
                var starts = instanceStarts(event, wallStart: wallStart, zone: zone, window: window, onWall: onWall)
                let exceptions = event.exceptions + (overridden[index] ?? [])
                if !exceptions.isEmpty {
                    let excludedTimes = Set(exceptions.filter { !$0.isDate }.map { onWall(zone, $0) })
                    let excludedDays = Set(exceptions.compactMap { if case .date(let n) = $0 { n } else { nil } })
                    starts.removeAll { excludedTimes.contains($0) || excludedDays.contains(CivilDays.floorDiv($0, CivilDays.secondsPerDay)) }
                }
                var occurrences: [CalendarEvent] = []
                for start in starts {
                    let localStart = local(start, zone, event)
                    var localEnd = localStart
                    switch event.end {
                    case .time(let endTime):
                        let length = local(onWall(zone, endTime), zone, event) - local(wallStart, zone, event)
                        localEnd = localStart + max(length, 0)
                    case .duration(let duration):
                        localEnd = local(start + duration.days * CivilDays.secondsPerDay, zone, event) + duration.seconds
                    case .none:
                        break
                    }
                    localEnd = max(localEnd, localStart)
                    guard localStart < dayEnd, localEnd > dayStart || localStart >= dayStart,
                          let from = LocalTime(wallSeconds: localStart), let to = LocalTime(wallSeconds: localEnd) else { continue }
                    occurrences.append(event.occurrence(from, to, allDay: false, recurring: isRecurring))
                }
                shownTogether(event, occurrences, merged: spanGuess > CivilDays.secondsPerDay || occurrences.count > 64)
            }
        }
        found.sort { a, b in
            if a.isAllDay != b.isAllDay { return a.isAllDay }
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            return (a.title, a.source, a.line) < (b.title, b.source, b.line)
        }
        return DayEvents(day: day, events: found, problems: problems)
    }

    /// The wall-clock starts of `event`'s instances in `window`: its rule's, or its one start.
    private func instanceStarts(_ event: PlainEvent, wallStart: Int, zone: CalendarTime.Zone, window: Range<Int>,
                                onWall: (CalendarTime.Zone, CalendarTime) -> Int) -> [Int] {
        guard let rule = event.rule else {
            // RDATEs without a rule are instances too (RFC 5545 §3.8.5.2).
            var starts = window.contains(wallStart) ? [wallStart] : []
            for extra in event.extraDates {
                let wall = onWall(zone, extra)
                if window.contains(wall), !starts.contains(wall) { starts.append(wall) }
            }
            return starts.sorted()
        }
        let untilWall: Int? = rule.until.map { until in
            // A DATE UNTIL includes its whole day.
            if case .date(let n) = until { return (n + 1) * CivilDays.secondsPerDay - 1 }
            return onWall(zone, until)
        }
        var starts = rule.instances(start: wallStart, untilWall: untilWall, in: window)
        for extra in event.extraDates {
            let wall = onWall(zone, extra)
            if window.contains(wall), !starts.contains(wall) { starts.append(wall) }
        }
        return starts.sorted()
    }
}

/// One VEVENT as read, before it is expanded.
struct PlainEvent: Sendable {
    /// Where it ends: a DTEND, a DURATION, or neither.
    enum End: Sendable {
        case time(CalendarTime)
        case duration(CalendarDuration)
    }

    var source: String
    var line: Int
    var uid: String?
    var title: String
    var location: String?
    var start: CalendarTime
    var end: End?
    var rule: RecurrenceRule?
    /// EXDATEs.
    var exceptions: [CalendarTime]
    /// RDATEs.
    var extraDates: [CalendarTime]
    /// RECURRENCE-ID, for an override.
    var recurrenceID: CalendarTime?
    /// The index of the event it overrides an instance of.
    var master: Int?
    /// STATUS:CANCELLED.
    var isCancelled: Bool

    /// How many days an all-day event covers: DTEND less DTSTART, or the DURATION's days, at least 1.
    var lengthInDays: Int {
        guard case .date(let first) = start else { return 1 }
        switch end {
        case .time(.date(let last))?: return max(1, last - first)
        case .duration(let d)?: return max(1, d.days + (d.seconds > 0 ? 1 : 0))
        default: return 1
        }
    }

    /// About how long a timed event lasts, in seconds, for the window its instances are looked for in.
    var lengthGuess: Int {
        switch (start, end) {
        case (.dateTime(let a, _), .time(.dateTime(let b, _))?): return max(0, b - a)
        case (_, .duration(let d)?): return d.days * CivilDays.secondsPerDay + d.seconds
        default: return 0
        }
    }

    func occurrence(_ start: LocalTime, _ end: LocalTime, allDay: Bool, recurring: Bool) -> CalendarEvent {
        CalendarEvent(title: title, location: location, uid: uid, start: start, end: end, isAllDay: allDay,
                      isRecurring: recurring, source: source, line: line)
    }
}
