/// What lint knows of a day's hours beyond its file: the hours of its regions (the settings' `morning`,
/// `afternoon` and `evening`) and, when the settings name calendars, the day's events. The rules on the clock
/// (DP060, DP061, DP062) read it.
public struct DayHours: Sendable {
    /// The hours of Morning, Afternoon and Evening.
    public var regionHours: RegionHours
    /// The events of a day, from the calendars the settings name; nil when they name none. Asked only for a
    /// day file that has a time or an estimate in a limited region.
    public var events: (@Sendable (Day) -> [CalendarEvent])?

    /// Region hours and, if any, the calendars' events.
    public init(regionHours: RegionHours = .defaults, events: (@Sendable (Day) -> [CalendarEvent])? = nil) {
        self.regionHours = regionHours
        self.events = events
    }

    /// The events of `day` that take hours (not all-day), with the minutes of the day each takes.
    func busy(on day: Day) -> [BusyTime] {
        guard let events else { return [] }
        return events(day).compactMap { event in event.minutes(on: day).map { BusyTime(event: event, minutes: $0) } }
    }

    /// Whether a document has anything the rules on the clock check: a task that takes time (`takesTime`) with
    /// a time or an estimate in a limited region. A day without one needs no calendar.
    static func hasTimedWork(_ document: DayDocument) -> Bool {
        document.sections.contains { section in
            guard let region = section.region, region.isLimited else { return false }
            return section.items.contains { item in
                guard case .task(let task) = item else { return false }
                return task.takesTime && (task.metadata.estimate != nil || task.time != nil)
            }
        }
    }
}

/// A calendar event of the day and the minutes of the day it takes.
struct BusyTime {
    let event: CalendarEvent
    let minutes: Range<Int>

    /// The event as a message names it: `the event “Dentist” (10:00-11:00)`.
    var named: String {
        "the event “\(event.title)” (\(RegionHours.clock(minutes.lowerBound))-\(RegionHours.clock(minutes.upperBound)))"
    }
}

extension PlanTask {
    /// Whether the rules on the clock check the task: it is open (to do or in progress), as lint's reading keeps
    /// tasks (`LintReading`). A task done, moved on or cancelled is history, or takes no time.
    var takesTime: Bool { status.isOpen }

    /// The minutes of the day the task is planned for: its time range, or its start time and, after it, its
    /// estimate (a start alone is an empty range at its start); nil without a time.
    var plannedMinutes: Range<Int>? {
        guard let time else { return nil }
        let end = time.end ?? min(time.start + (metadata.estimate ?? 0), 24 * 60)
        return time.start..<end
    }

    /// How long the task takes for its region's capacity: its time range's length when one is written, else
    /// its estimate; 0 without either.
    var plannedLength: Int { time?.length ?? metadata.estimate ?? 0 }

    /// The planned minutes as a message names them: `09:00 - 10:00`, or `09:00 (and 45m, to 09:45)`.
    var plannedTimeText: String {
        guard let time, let minutes = plannedMinutes else { return "" }
        if time.end == nil, let estimate = metadata.estimate {
            return "\(time) (and its estimate of \(Estimate.text(estimate)), to \(RegionHours.clock(minutes.upperBound)))"
        }
        return time.description
    }

    /// The title without its leading time: what a message names the task by.
    var titleAfterTime: String {
        guard let time, case .time(_, let length, _)? = TaskTime.leading(in: title) else { return title }
        let rest = title.utf8.dropFirst(length).drop { $0 == UInt8(ascii: " ") }
        return rest.isEmpty ? time.description : String(decoding: rest, as: UTF8.self)
    }
}

/// Two ranges of minutes overlap: they share a minute. An empty range (a start time alone, an event with no
/// length) stands for its first minute.
func minutesOverlap(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
    let aEnd = max(a.upperBound, a.lowerBound + 1), bEnd = max(b.upperBound, b.lowerBound + 1)
    return a.lowerBound < bEnd && b.lowerBound < aEnd
}
