import DayPlan

/// A DATE or DATE-TIME value as written: a day, or a wall-clock time in UTC, in a named zone, or floating.
enum CalendarTime: Hashable {
    /// A DATE: day number (`CivilDays`).
    case date(Int)
    /// A DATE-TIME: seconds on the wall clock (`CivilDays` counting) and the zone it is read in.
    case dateTime(Int, Zone)

    /// Where a DATE-TIME's wall clock hangs.
    enum Zone: Hashable {
        /// No zone: the same wall-clock time in every zone (the local one).
        case floating
        /// `Z`: UTC.
        case utc
        /// `TZID=…`.
        case named(String)
    }

    /// Reads `value` with `parameters` (`VALUE=DATE`, `TZID`); nil when it is neither `YYYYMMDD` nor
    /// `YYYYMMDDTHHMMSS` with an optional `Z`.
    init?(_ value: some StringProtocol, parameters: [String: String]) {
        let bytes = Array(value.utf8)
        let read = bytes.withUnsafeBufferPointer {
            CalendarTime($0, valueIsDate: parameters["VALUE"]?.uppercased() == "DATE", tzid: parameters["TZID"])
        }
        guard let read else { return nil }
        self = read
    }

    /// Reads the bytes of a value: `valueIsDate` when its parameters say `VALUE=DATE`, `tzid` its `TZID`.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, valueIsDate: Bool, tzid: String?) {
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var result = 0
            for index in from..<(from + count) {
                let byte = bytes[index]
                guard (0x30...0x39).contains(byte) else { return nil }
                result = result * 10 + Int(byte - 0x30)
            }
            return result
        }
        guard let year = number(0, 4), let month = number(4, 2), let day = number(6, 2),
              (1...12).contains(month), (1...CivilDays.length(ofMonth: month, in: year)).contains(day) else { return nil }
        let dayNumber = CivilDays.number(year: year, month: month, day: day)
        if bytes.count == 8 {
            self = .date(dayNumber)
            return
        }
        guard !valueIsDate, bytes.count == 15 || bytes.count == 16, bytes[8] == UInt8(ascii: "T"),
              let hour = number(9, 2), let minute = number(11, 2), let second = number(13, 2),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let wall = dayNumber * CivilDays.secondsPerDay + hour * 3600 + minute * 60 + min(second, 59)
        if bytes.count == 16 {
            guard bytes[15] == UInt8(ascii: "Z") else { return nil }
            self = .dateTime(wall, .utc)
        } else if var zone = tzid, !zone.isEmpty {
            // A TZID starting with `/` is "globally unique" (§3.2.19): the rest is the name.
            if zone.hasPrefix("/") { zone.removeFirst() }
            self = .dateTime(wall, .named(zone))
        } else {
            self = .dateTime(wall, .floating)
        }
    }

    /// Whether it is a DATE.
    var isDate: Bool { if case .date = self { true } else { false } }
}

/// A DURATION value (§3.3.6): weeks and days counted on the calendar, hours to seconds on the clock.
struct CalendarDuration: Hashable {
    /// Whole days (a week is 7).
    var days: Int
    /// Seconds beyond the days.
    var seconds: Int

    /// The longest duration read, in days: 10,000 years, as long as the calendar dayplan counts. A longer one is
    /// out of range (`Reading.tooLong`), so that no sum or product of a file's values can overflow.
    static let maximumDays = 3_652_425

    /// What reading a DURATION value found.
    enum Reading: Hashable {
        case duration(CalendarDuration)
        /// Well formed, but longer than `maximumDays`.
        case tooLong
        case unreadable
    }

    /// Reads `P1W`, `P2D`, `PT1H30M`, `P1DT12H`; nil for a negative, unreadable or out-of-range duration.
    init?(_ value: some StringProtocol) {
        self.init(bytes: Substring(value).utf8)
    }

    /// Reads the bytes of a value, as `init(_:)`.
    init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
        guard case .duration(let read) = Array(bytes).withUnsafeBufferPointer({ Self.read(bytes: $0) }) else { return nil }
        self = read
    }

    /// Reads the bytes of a value: a duration, one longer than `maximumDays` (its parts summed with checked
    /// arithmetic, each bounded), or none. One look at each byte, nothing allocated.
    static func read(bytes: UnsafeBufferPointer<UInt8>) -> Reading {
        // Byte by byte: every character a duration may hold is ASCII, and any other byte makes it unreadable.
        var at = 0
        if at < bytes.count, bytes[at] == UInt8(ascii: "+") { at += 1 }
        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "P") else { return .unreadable }
        at += 1
        var days = 0, seconds = 0, number: Int? = nil, inTime = false, any = false, tooLong = false
        let maximumSeconds = maximumDays * CivilDays.secondsPerDay
        for byte in UnsafeBufferPointer(rebasing: bytes[at...]) {
            if (0x30...0x39).contains(byte) {
                let (product, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                // Nine digits at most a part: a longer number is out of range, though still read to its end.
                if overflow || product >= 1_000_000_000 { tooLong = true }
                number = tooLong ? 0 : product + Int(byte - 0x30)
                continue
            }
            if byte == UInt8(ascii: "T"), number == nil, !inTime { inTime = true; continue }
            guard let n = number else { return .unreadable }
            // Each part is below 10^9 and each sum is checked against the maximum before the next: no overflow.
            switch (byte, inTime) {
            case (UInt8(ascii: "W"), false): days += 7 * n
            case (UInt8(ascii: "D"), false): days += n
            case (UInt8(ascii: "H"), true): seconds += 3600 * n
            case (UInt8(ascii: "M"), true): seconds += 60 * n
            case (UInt8(ascii: "S"), true): seconds += n
            default: return .unreadable
            }
            if days > maximumDays || seconds > maximumSeconds { tooLong = true; days = 0; seconds = 0 }
            number = nil
            any = true
        }
        guard any, number == nil else { return .unreadable }
        guard !tooLong, days + seconds / CivilDays.secondsPerDay <= maximumDays else { return .tooLong }
        return .duration(CalendarDuration(days: days, seconds: seconds))
    }

    /// A duration of `days` and `seconds`.
    init(days: Int, seconds: Int) {
        self.days = days
        self.seconds = seconds
    }
}
