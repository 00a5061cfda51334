/// One event of a day as the calendar reader gives it: one occurrence of a `VEVENT`, its times in the local
/// zone. Events are read, never written.
public struct CalendarEvent: Hashable, Sendable {
    /// The event's `SUMMARY`, unescaped; `(no title)` when it has none.
    public var title: String
    /// The event's `LOCATION`, unescaped, when it has one.
    public var location: String?
    /// The event's `UID`, when it has one (shared by every occurrence of a recurring event).
    public var uid: String?
    /// When it starts, in the local zone; for an all-day event, midnight of its first day.
    public var start: LocalTime
    /// When it ends, in the local zone (never before `start`); for an all-day event, midnight after its last day.
    public var end: LocalTime
    /// Whether it is an all-day event (`DTSTART` a DATE): listed, but taking no hours.
    public var isAllDay: Bool
    /// Whether it is one occurrence of a recurring event (an `RRULE`, or an override of one occurrence).
    public var isRecurring: Bool
    /// The source it was read from, as named to the reader (a file's path).
    public var source: String
    /// The line of its `BEGIN:VEVENT` in that source, 1-based.
    public var line: Int

    /// An event with these fields (the calendar reader makes them; so may an app with events of its own).
    public init(title: String, location: String?, uid: String?, start: LocalTime, end: LocalTime, isAllDay: Bool,
                isRecurring: Bool, source: String, line: Int) {
        self.title = title
        self.location = location
        self.uid = uid
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
        self.isRecurring = isRecurring
        self.source = source
        self.line = line
    }

    /// The minutes of `day` it takes, from midnight (0) to the next (1440), clipped to the day; nil for an
    /// all-day event or one that does not touch the day. An event with no length takes an empty range.
    public func minutes(on day: Day) -> Range<Int>? {
        guard !isAllDay else { return nil }
        let dayStart = CivilDays.number(of: day) * 1440
        let from = start.minutesSince1970 - dayStart, to = (end.minutesSince1970 - dayStart + (end.secondOfDay % 60 > 0 ? 1 : 0))
        guard from < 1440, to >= 0, from <= to else { return nil }
        return max(from, 0)..<min(max(to, 0), 1440)
    }
}

/// A wall-clock time in the local zone: a day and the seconds since its midnight.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The day.
    public var day: Day
    /// Seconds since the day's midnight, 0 to 86399.
    public var secondOfDay: Int

    /// A time of `day`.
    public init(day: Day, secondOfDay: Int) {
        self.day = day
        self.secondOfDay = secondOfDay
    }

    /// The time `seconds` after 1970-01-01 00:00 on the local wall clock; nil outside years 0 to 9999.
    package init?(wallSeconds seconds: Int) {
        let days = CivilDays.floorDiv(seconds, CivilDays.secondsPerDay)
        guard let day = CivilDays.day(days) else { return nil }
        self.init(day: day, secondOfDay: seconds - days * CivilDays.secondsPerDay)
    }

    /// The hour, 0 to 23.
    public var hour: Int { secondOfDay / 3600 }
    /// The minute of the hour, 0 to 59.
    public var minute: Int { secondOfDay / 60 % 60 }
    /// Minutes since 1970-01-01 00:00 on the local wall clock (seconds dropped).
    var minutesSince1970: Int { CivilDays.number(of: day) * 1440 + secondOfDay / 60 }

    /// `HH:MM`.
    public var clock: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// `YYYY-MM-DDTHH:MM`.
    public var description: String { "\(day)T\(clock)" }

    /// Earlier first.
    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        (lhs.day, lhs.secondOfDay) < (rhs.day, rhs.secondOfDay)
    }
}
