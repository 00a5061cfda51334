import DayPlan

/// Calendar events read from iCalendar sources (`.ics` files, and the one-event files of a vdir folder),
/// asked for one day at a time.
///
/// ```swift
/// var calendar = EventCalendar()
/// calendar.read(bytes, source: "work.ics")          // as many sources as there are
/// let day = calendar.events(on: today, zones: rules)
/// for event in day.events { … }                       // in order: all-day first, then by start
/// let problems = calendar.problems + day.problems     // each with its source and line
/// ```
///
/// Reading never fails and never stops at a fault: what cannot be read is a `CalendarProblem`, and the rest
/// is read. Reading is linear in the bytes and makes no String of an event: each is kept as the few values
/// that say which days it reaches, and a copy of its text lines (the source's bytes are not kept); asking for
/// a day expands each recurring event only up to that day, and reads the text only of the events on it.
/// docs/calendar.md lists the subset of RFC 5545 read and what is ignored.
public struct EventCalendar: Sendable {
    /// A source read: its name, and the content lines its events' texts are read from (`Event.texts`), copied
    /// out of its bytes, so that the bytes (a calendar of years) need not be kept once read.
    private struct Source: Sendable {
        var name: String
        var texts: [UInt8]
    }

    /// The sources read, in order.
    private var sources: [Source] = []
    /// The events read, recurring ones once each with their rule, overrides apart.
    private var events: [Event] = []
    /// What could not be read, in the order found.
    public private(set) var problems: [CalendarProblem] = []
    /// The days the calendar is read for; nil for every day.
    public let days: ClosedRange<Day>?
    /// How many events were passed over at a glance, as they cannot take place on `days`.
    private(set) var passedOver = 0

    /// No events. With `days`, a calendar read for those days only: an event that cannot take place on one of
    /// them is passed over at a glance at its times (`EventGlance`), without reading the rest of it or naming
    /// what is wrong in it, as `lint` and `status` need the events of a day or two of calendars that hold
    /// years. Ask it for those days only.
    public init(days: ClosedRange<Day>? = nil) {
        self.days = days
    }

    /// Reads one source's bytes (an `.ics` file: a VCALENDAR with any number of VEVENTs), naming it `source`
    /// in events and problems. The `VEVENT`s of one source that share a `UID` are one recurring event and its
    /// overrides (`RECURRENCE-ID`).
    public mutating func read(_ bytes: [UInt8], source: String) {
        bytes.withUnsafeBufferPointer { read($0, source: source) }
    }

    /// As `read(_:source:)`, of bytes the caller keeps: nothing of them is referred to once it returns, so a
    /// reader of many files may read each into the same memory.
    public mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, source: String) {
        var reading = EventReading(source: sources.count, name: source, firstIndex: events.count,
                                   days: days.map { CivilDays.number(of: $0.lowerBound)...CivilDays.number(of: $0.upperBound) })
        // Room for an event every 256 bytes (a VEVENT of a calendar is rarely smaller), so that a calendar of
        // years is not copied as its array of events doubles: room not filled is never touched, and costs no memory.
        reading.events.reserveCapacity(bytes.count / 256)
        ContentLine.read(bytes, each: { reading.take($0, in: bytes) }, problem: { reading.problem($0, $1) })
        reading.finish(bytes)
        sources.append(Source(name: source, texts: Self.keepTexts(of: &reading.events, from: bytes)))
        problems += reading.problems
        // The first source's events are taken as they are: appended to an empty array they were copied, and a
        // calendar of years held twice its events at once.
        if events.isEmpty { events = reading.events } else { events += reading.events }
        reading.events = []
        passedOver += reading.passedOver.count
    }

    /// The content lines `events`' texts are at in `bytes`, copied, with each event's texts moved to where its
    /// lines are in the copy. An event's bytes are copied in one piece, from its first text line to the end of
    /// its last (with the lines between: one copy an event instead of one a line).
    private static func keepTexts(of events: inout [Event], from bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var kept: [UInt8] = []
        for index in events.indices {
            guard let (first, last) = events[index].texts.span else { continue }
            let end = ContentLine.extent(at: last, in: bytes).upperBound
            events[index].texts.move(by: kept.count - first)
            kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first..<end]))
        }
        return kept
    }

    /// The events that take place on `day` (any part of it, in the local zone `zones` gives): all-day events
    /// first, then by start, end and title. Times in named zones (`TZID`) are converted with `zones`; a zone it
    /// does not know is read as local time and named in `problems`, and so is a day outside the days the
    /// calendar was read for (its events may be missing).
    public func events(on day: Day, zones: some TimeZoneRules) -> DayEvents {
        var found: [CalendarEvent] = []
        var problems: [CalendarProblem] = []
        if let days, !days.contains(day) {
            for source in sources {
                problems.append(CalendarProblem(source: source.name, line: 0,
                                                message: "read for \(days.lowerBound) to \(days.upperBound) only; the events of \(day) may be missing"))
            }
        }
        var unknownZones: Set<String> = []
        let dayStart = CivilDays.number(of: day) * CivilDays.secondsPerDay, dayEnd = dayStart + CivilDays.secondsPerDay

        // Local wall seconds of a time; nil zone: unknown (named once), read as local.
        func local(_ wall: Int, _ zone: CalendarTime.Zone, _ event: Event) -> Int {
            switch zone {
            case .floating: return wall
            case .utc: return zones.localWall(ofInstant: wall)
            case .named(let id):
                if let instant = zones.instant(ofWall: wall, inZone: id) { return zones.localWall(ofInstant: instant) }
                if unknownZones.insert(id).inserted {
                    problems.append(CalendarProblem(source: sources[event.source].name, line: event.line,
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

        var counts = PeriodCounts()
        // More occurrences of one event on the day than `occurrencesShownApart` (and more than one of an event
        // longer than a day) are shown as one all-day entry, named once: the work and the entries a day are
        // bounded, whatever the event's length and rule.
        func shownTogether(_ event: Event, _ occurrences: [CalendarEvent], more: Bool, isRecurring: Bool) {
            guard occurrences.count > 1 || more, let first = occurrences.first else {
                found += occurrences
                return
            }
            let times = more ? "at least \(occurrences.count)" : "\(occurrences.count)"
            problems.append(CalendarProblem(source: sources[event.source].name, line: event.line,
                                            message: "\(times) occurrences of this event overlap \(day) (each lasts longer than its rule repeats); shown once, as all day"))
            let next = day.adding(days: 1)
            found.append(CalendarEvent(title: first.title, location: first.location, uid: first.uid,
                                       start: LocalTime(day: day, secondOfDay: 0), end: LocalTime(day: next, secondOfDay: 0),
                                       isAllDay: true, isRecurring: isRecurring, source: first.source, line: first.line))
        }

        for (index, event) in events.enumerated() {
            let isRecurring = event.rule != nil || !event.extraDates.isEmpty || event.master != nil || event.masterPassedOver
            let exceptions = event.exceptions + (overridden[index] ?? [])
            // Enough of the rule's instances to tell, after the exceptions are taken out, whether more than
            // `occurrencesShownApart` are left.
            let limit = Self.occurrencesShownApart + 1 + exceptions.count
            switch event.start {
            case .date(let first):
                let length = event.lengthInDays
                let wallStart = first * CivilDays.secondsPerDay
                // The instances whose days reach `day`: those starting up to `length` - 1 days before it.
                let window = (dayStart - (length - 1) * CivilDays.secondsPerDay)..<dayEnd
                var starts = instanceStarts(event, wallStart: wallStart, zone: .floating, window: window, limit: limit,
                                            counts: &counts, onWall: onWall)
                let more = starts.count >= limit
                let excluded = Set(exceptions.map { CivilDays.floorDiv(onWall(.floating, $0), CivilDays.secondsPerDay) })
                starts.removeAll { excluded.contains(CivilDays.floorDiv($0, CivilDays.secondsPerDay)) }
                guard !starts.isEmpty, !isCancelled(event) else { continue }
                var occurrences: [CalendarEvent] = []
                for start in starts.prefix(Self.occurrencesShownApart + 1) {
                    guard let from = LocalTime(wallSeconds: start), let to = LocalTime(wallSeconds: start + length * CivilDays.secondsPerDay) else { continue }
                    occurrences.append(occurrence(event, from, to, allDay: true, recurring: isRecurring))
                }
                shownTogether(event, occurrences, more: more || starts.count > Self.occurrencesShownApart, isRecurring: isRecurring)
            case .dateTime(let wallStart, let zone):
                // Generous on the event's wall clock (zones differ by up to a day and more), exact once local.
                let spanGuess = event.lengthGuess
                let window = (dayStart - spanGuess - 2 * CivilDays.secondsPerDay)..<(dayEnd + 2 * CivilDays.secondsPerDay)
                var starts = instanceStarts(event, wallStart: wallStart, zone: zone, window: window, limit: limit,
                                            counts: &counts, onWall: onWall)
                let more = starts.count >= limit
                if !exceptions.isEmpty {
                    let excludedTimes = Set(exceptions.filter { !$0.isDate }.map { onWall(zone, $0) })
                    let excludedDays = Set(exceptions.compactMap { if case .date(let n) = $0 { n } else { nil } })
                    starts.removeAll { excludedTimes.contains($0) || excludedDays.contains(CivilDays.floorDiv($0, CivilDays.secondsPerDay)) }
                }
                guard !starts.isEmpty, !isCancelled(event) else { continue }
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
                    occurrences.append(occurrence(event, from, to, allDay: false, recurring: isRecurring))
                    if occurrences.count > Self.occurrencesShownApart { break }
                }
                // Occurrences of a timed event start a day or more apart unless RDATEs put them closer: more than one
                // on the day is shown together only when the event lasts longer than a day.
                if spanGuess > CivilDays.secondsPerDay || more || occurrences.count > Self.occurrencesShownApart {
                    shownTogether(event, occurrences, more: more, isRecurring: isRecurring)
                } else {
                    found += occurrences
                }
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

    /// Whether `event` is cancelled (`STATUS:CANCELLED`): not shown, though an override that is takes its
    /// occurrence out of its master's.
    private func isCancelled(_ event: Event) -> Bool {
        guard event.texts.status >= 0 else { return false }
        return sources[event.source].texts.withUnsafeBufferPointer { bytes in
            ContentLine.at(event.texts.status, in: bytes) { $0.valueIs("CANCELLED") } ?? false
        }
    }

    /// One occurrence of `event`, with its text read from its source.
    private func occurrence(_ event: Event, _ start: LocalTime, _ end: LocalTime, allDay: Bool, recurring: Bool) -> CalendarEvent {
        let source = sources[event.source]
        return source.texts.withUnsafeBufferPointer { bytes in
            func value(_ offset: Int) -> String? {
                guard offset >= 0 else { return nil }
                return ContentLine.at(offset, in: bytes) { $0.value }
            }
            return CalendarEvent(title: value(event.texts.summary).map(ContentLine.text) ?? "(no title)",
                                 location: value(event.texts.location).map(ContentLine.text), uid: value(event.texts.uid),
                                 start: start, end: end, isAllDay: allDay, isRecurring: recurring, source: source.name, line: event.line)
        }
    }

    /// The wall-clock starts of `event`'s instances in `window`, in order: its rule's (the first `limit` of
    /// them), or its one start, and its RDATEs (with or without a rule, RFC 5545 §3.8.5.2).
    private func instanceStarts(_ event: Event, wallStart: Int, zone: CalendarTime.Zone, window: Range<Int>, limit: Int,
                                counts: inout PeriodCounts, onWall: (CalendarTime.Zone, CalendarTime) -> Int) -> [Int] {
        var starts: [Int]
        if let rule = event.rule {
            let untilWall: Int? = rule.until.map { until in
                // A DATE UNTIL includes its whole day.
                if case .date(let n) = until { return (n + 1) * CivilDays.secondsPerDay - 1 }
                return onWall(zone, until)
            }
            starts = rule.instances(start: wallStart, untilWall: untilWall, in: window, limit: limit, counts: &counts)
        } else {
            starts = window.contains(wallStart) ? [wallStart] : []
        }
        guard !event.extraDates.isEmpty else { return starts }
        var seen = Set(starts)
        for extra in event.extraDates {
            let wall = onWall(zone, extra)
            if window.contains(wall), seen.insert(wall).inserted { starts.append(wall) }
        }
        return starts.sorted()
    }

    /// The most occurrences of one event found on a day before they are shown as one (an event lasting longer
    /// than its rule's period overlaps a day once for each instance that started within its length before it).
    static let occurrencesShownApart = 64
}

/// The events of one day, and what could not be read while finding them (a time zone not known).
public struct DayEvents: Hashable, Sendable {
    /// The day asked for.
    public var day: Day
    /// Its events, all-day ones first, then by start.
    public var events: [CalendarEvent]
    /// What was read only in part, with source and line.
    public var problems: [CalendarProblem]
}

/// One VEVENT as read, before it is expanded: what decides the days it reaches, and where its text is.
struct Event: Sendable {
    /// Where it ends: a DTEND, a DURATION, or neither.
    enum End: Sendable {
        case time(CalendarTime)
        case duration(CalendarDuration)
    }

    /// Where the content lines of its text start in its source's bytes (`ContentLine.at`) while it is read, and
    /// then in the source's copy of them (`Source.texts`); -1 when it has none.
    struct Texts: Sendable {
        var uid = -1, summary = -1, location = -1, status = -1

        /// Where the first of its lines starts, and the last; nil when it has none.
        var span: (first: Int, last: Int)? {
            var first = Int.max, last = -1
            func take(_ offset: Int) {
                guard offset >= 0 else { return }
                first = min(first, offset)
                last = max(last, offset)
            }
            take(uid)
            take(summary)
            take(location)
            take(status)
            return last >= 0 ? (first, last) : nil
        }

        /// Each line `distance` bytes further on.
        mutating func move(by distance: Int) {
            if uid >= 0 { uid += distance }
            if summary >= 0 { summary += distance }
            if location >= 0 { location += distance }
            if status >= 0 { status += distance }
        }
    }

    /// The index of its source in the calendar.
    var source: Int
    /// The line of its `BEGIN:VEVENT`.
    var line: Int
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
    /// Whether the event it overrides an instance of was passed over, as it cannot take place on the days the
    /// calendar is read for (`EventGlance`): the override is still one of a recurring event.
    var masterPassedOver = false
    /// UID, SUMMARY, LOCATION and STATUS (CANCELLED: not shown).
    var texts: Texts

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
}
