/// One thing of a day on the clock, as `dayplan status` lists it and `dayplan remind` announces it: a calendar
/// event, or a task with a time of day.
public struct ScheduledItem: Hashable, Sendable {
    /// What it is.
    public enum Kind: String, Hashable, Sendable {
        /// A calendar event (read from the calendars the settings name).
        case event
        /// A task of the day's plan with a time of day.
        case task
    }

    /// An event or a task.
    public var kind: Kind
    /// The event's title, or the task's.
    public var title: String
    /// Minutes since the day's midnight it starts (0 for an event that began the day before).
    public var start: Int
    /// Minutes since the day's midnight it ends (1440 for one that runs past midnight); nil for a task with a
    /// start time only.
    public var end: Int?
    /// The event's location.
    public var location: String?
    /// The task's region; nil for an event.
    public var region: Region?
    /// The file it comes from: the calendar source of an event (the day file of a task is the caller's).
    public var source: String?
    /// Its line in that file, 1-based.
    public var line: Int
    /// Whether it starts on the day itself (an event that began the day before is listed from midnight, but
    /// does not start then).
    public var startsOnTheDay: Bool
    /// When it ends as a clock shows it, `HH:MM`: an event running past midnight ends at its own time
    /// (`00:20`), though `end` stops at the day's end; nil without an end.
    public var endClock: String?
    /// What tells this item from every other, for remembering that it was announced: the event's UID (or
    /// source and line) and its start, or the task's title and time.
    public var key: String

    /// An item; `key` is made from what it is.
    public init(kind: Kind, title: String, start: Int, end: Int?, location: String? = nil, region: Region? = nil,
                source: String? = nil, line: Int, startsOnTheDay: Bool = true, key: String) {
        self.kind = kind
        self.title = title
        self.start = start
        self.end = end
        self.location = location
        self.region = region
        self.source = source
        self.line = line
        self.startsOnTheDay = startsOnTheDay
        self.key = key
        endClock = end.map { RegionHours.clock($0) }
    }

    /// `HH:MM` or `HH:MM-HH:MM`.
    public var clock: String {
        RegionHours.clock(start) + (end.map { $0 == start ? "" : "-" + (endClock ?? RegionHours.clock($0)) } ?? "")
    }
}

/// A task's time for the schedule: a start, an end or an estimate, as the task says them.
public struct PlannedTime: Hashable, Sendable {
    /// The task's title (its identity, FORMAT.md §6.5).
    public var title: String
    /// Its region.
    public var region: Region
    /// Its line in the day file.
    public var line: Int
    /// Minutes since midnight it starts at; nil for a task with an estimate only.
    public var start: Int?
    /// Minutes since midnight it ends at, when it gives a range.
    public var end: Int?
    /// Its estimate, in minutes.
    public var estimate: Int?

    /// A task's time.
    public init(title: String, region: Region, line: Int, start: Int?, end: Int?, estimate: Int?) {
        self.title = title
        self.region = region
        self.line = line
        self.start = start
        self.end = end
        self.estimate = estimate
    }

    /// The open tasks of Morning, Afternoon and Evening in `document` that give a time of day (`09:00 Title`,
    /// `09:00 - 10:00 Title`) or an estimate (`@est:45m`), in the file's order; titles without their time.
    public static func tasks(in document: DayDocument) -> [PlannedTime] {
        var found: [PlannedTime] = []
        for region in [Region.morning, .afternoon, .evening] {
            for task in document.tasks(in: region) where task.status.isOpen {
                let time = task.time, estimate = task.metadata.estimate
                guard time != nil || estimate != nil else { continue }
                found.append(PlannedTime(title: untimed(task.title), region: region, line: task.line, start: time?.start,
                                         end: time?.end, estimate: estimate))
            }
        }
        return found
    }

    /// A title without the time it starts with.
    package static func untimed(_ title: String) -> String {
        guard case .time(_, let length, _)? = TaskTime.leading(in: title) else { return title }
        let rest = title.utf8.dropFirst(length).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return rest.isEmpty ? title : String(decoding: rest, as: UTF8.self)
    }

    /// The minutes it takes: its range, else its estimate, else none.
    var minutes: Int {
        if let start, let end, end > start { return end - start }
        return estimate ?? 0
    }
}

/// A day on the clock: its all-day events, its events and timed tasks in order, what is on now and next, and
/// each limited region's time: its hours, less what events take, less what the open tasks are estimated to take.
///
/// An event takes its minutes inside a region's hours (overlapping events counted once); an all-day event takes
/// none. An open task (to do, in progress) takes its range when it gives one, else its estimate: a timed task in
/// the region it lies in by the clock (else its own region), an untimed one in its own region. Backlog tasks
/// take no time.
public struct DaySchedule: Hashable, Sendable {
    /// The day.
    public let day: Day
    /// The day's all-day events, as the calendar gives them.
    public let allDay: [CalendarEvent]
    /// Its events and open timed tasks, by start, then end (a point last), events before tasks, then title.
    public let items: [ScheduledItem]
    /// Morning, Afternoon and Evening: their hours and what is taken of them.
    public let regions: [RegionTime]

    /// One limited region's time.
    public struct RegionTime: Hashable, Sendable {
        /// The region.
        public let region: Region
        /// Its hours, in minutes since midnight.
        public let hours: Range<Int>
        /// The minutes of its hours events and timed tasks take, each minute counted once, as ranges.
        public let busy: [Range<Int>]
        /// The minutes its open untimed tasks are estimated to take.
        public let estimated: Int

        /// Its hours less what events and timed tasks take, less the estimates: what is still free of the whole
        /// region (negative when more is planned than there is time).
        public var free: Int { hours.count - busy.reduce(0) { $0 + $1.count } - estimated }

        /// What is free from minute `now` on: the hours left less the events and timed tasks still to come, less
        /// every estimate (the open tasks are still to do); negative when more is planned than there is time.
        public func left(at now: Int) -> Int {
            let from = min(max(now, hours.lowerBound), hours.upperBound)
            let rest = hours.upperBound - from
            let taken = busy.reduce(0) { $0 + max(0, $1.upperBound - max($1.lowerBound, from)) }
            return rest - taken - estimated
        }
    }

    /// The schedule of `day`: `events` are the calendar's events of the day, `tasks` the open tasks of its plan
    /// that give a time or an estimate.
    public init(day: Day, events: [CalendarEvent], tasks: [PlannedTime], hours: RegionHours) {
        self.day = day
        allDay = events.filter(\.isAllDay)
        var items: [ScheduledItem] = []
        for event in events where !event.isAllDay {
            guard let minutes = event.minutes(on: day) else { continue }
            let identity = event.uid.map { "uid:" + $0 } ?? "at:\(event.source):\(event.line)"
            var item = ScheduledItem(kind: .event, title: event.title, start: minutes.lowerBound, end: minutes.upperBound,
                                     location: event.location, source: event.source, line: event.line,
                                     startsOnTheDay: event.start.day == day, key: "event \(identity) \(event.start)")
            if event.end.day != day, minutes.upperBound > minutes.lowerBound { item.endClock = event.end.clock }
            items.append(item)
        }
        for task in tasks {
            guard let start = task.start else { continue }
            items.append(ScheduledItem(kind: .task, title: task.title, start: start, end: task.end, region: task.region,
                                       line: task.line, key: "task \(day) \(RegionHours.clock(start)) \(task.title)"))
        }
        items.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return (a.end ?? Int.max) < (b.end ?? Int.max) }
            if a.kind != b.kind { return a.kind == .event }
            return (a.title, a.line) < (b.title, b.line)
        }
        self.items = items

        var regions: [RegionTime] = []
        for region in [Region.morning, .afternoon, .evening] {
            guard let range = hours.hours(of: region) else { continue }
            var taken: [Range<Int>] = []
            for item in items where item.kind == .event {
                if let end = item.end { taken.append(max(item.start, range.lowerBound)..<max(min(end, range.upperBound), max(item.start, range.lowerBound))) }
            }
            var estimated = 0
            for task in tasks {
                if let start = task.start {
                    // A timed task takes its minutes where the clock puts it.
                    let length = task.minutes
                    let lower = max(start, range.lowerBound), upper = min(start + length, range.upperBound)
                    if lower < upper { taken.append(lower..<upper) }
                } else if task.region == region {
                    estimated += task.minutes
                }
            }
            regions.append(RegionTime(region: region, hours: range, busy: DaySchedule.merged(taken), estimated: estimated))
        }
        self.regions = regions
    }

    /// The items on at minute `now`: started, and not yet ended (a task with a start only is on at its minute).
    public func current(at now: Int) -> [ScheduledItem] {
        items.filter { item in item.start <= now && (item.end.map { now < $0 } ?? (now == item.start)) }
    }

    /// The first item starting after minute `now`.
    public func next(after now: Int) -> ScheduledItem? {
        items.first { $0.start > now && $0.startsOnTheDay }
    }

    /// Ranges merged where they overlap or touch, in order; empty ones dropped.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// Minutes as a person reads them: `45m`, `2h`, `1h30m`; `-1h` when negative.
    public static func duration(_ minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : "", value = abs(minutes)
        let hours = value / 60, rest = value % 60
        if hours == 0 { return "\(sign)\(rest)m" }
        return "\(sign)\(hours)h" + (rest > 0 ? "\(rest)m" : "")
    }
}
