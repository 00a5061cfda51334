import DayPlan

/// A glance at a VEVENT in a source's bytes: whether it can take place on the days a calendar is read for
/// (`EventCalendar.init(days:)`), from its `DTSTART`, `DTEND` or `DURATION` and whether it has an `RRULE`,
/// without reading the rest. An event that cannot is passed over; one that can, or that the glance cannot
/// decide, is read whole as before.
///
/// The glance decides only what it can decide exactly: an event with `RDATE` or `RECURRENCE-ID`, a folded line
/// among those it looks at, a nested `VEVENT`, components that do not close as they open, a time it cannot
/// read, or a missing `END:VEVENT` leaves it to the whole reading (which also names what is wrong there). Each
/// instance is judged on its own wall clock, 26 hours wider than the days asked on each side (`shift`).
enum EventGlance {
    /// What a glance tells.
    enum Verdict: Equatable {
        /// Read the event whole: it may take place on a day asked for, or the glance cannot tell.
        case read
        /// It cannot take place on a day asked for: reading goes on at `next` (the line after its
        /// `END:VEVENT`), `lines` physical lines after its `BEGIN:VEVENT`. `uid` is where its `UID` line
        /// starts (-1 for none), for an override of it (`RECURRENCE-ID`) to find it.
        case passOver(next: Int, lines: Int, uid: Int)
    }

    /// Looks at the VEVENT whose `BEGIN:VEVENT` line starts at `begin` in `bytes`, for the days numbered
    /// `days` (`CivilDays.number(of:)`).
    static func look(at begin: Int, in bytes: UnsafeBufferPointer<UInt8>, days: ClosedRange<Int>) -> Verdict {
        look(after: ContentLine.physicalLine(bytes, from: begin).next, in: bytes, days: days)
    }

    /// As `look(at:in:days:)`, given where the line after the `BEGIN:VEVENT` line starts (`lineAfterBegin`).
    static func look(after lineAfterBegin: Int, in bytes: UnsafeBufferPointer<UInt8>, days: ClosedRange<Int>) -> Verdict {
        var next = lineAfterBegin
        // A folded BEGIN:VEVENT (rare) is left to the whole reading, which counts its lines.
        if next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { return .read }
        var lines = 0
        // On the wall clock of each time, in seconds: where it starts, where it ends (nil: no DTEND or DURATION).
        var start: Time?, end: Time?, duration: CalendarDuration?
        // Its RRULEs, and the value of the last.
        var rules = 0, rule: Range<Int>?
        var uid = -1
        // The components open inside the event (a VALARM), as the ranges of their names.
        var open: [Range<Int>] = []
        while next < bytes.count {
            let lineStart = next
            let (stop, after) = ContentLine.physicalLine(bytes, from: lineStart)
            next = after
            lines += 1
            guard stop > lineStart else { continue }
            // The property by its name; a line whose name is none of those looked at is passed by, and so is a
            // continuing line (a space or a tab first), as a line looked at that is folded is left to the whole
            // reading.
            guard let (property, nameEnd) = Property.named(bytes, lineStart, stop) else {
                // A name or parameters folded onto the next line (or no content line): the whole reading tells.
                if after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09, Property.mayBeNamed(bytes[lineStart]) { return .read }
                continue
            }
            let folded = after < bytes.count && (bytes[after] == 0x20 || bytes[after] == 0x09)
            // A folded UID is read whole when it is needed (`ContentLine.at`); the rest are read here.
            if folded, property != .uid { return .read }
            // Where the value starts: after the name, or after its parameters.
            var valueStart = nameEnd + 1, parameters: ContentLine?
            if bytes[nameEnd] == UInt8(ascii: ";") {
                guard let line = ContentLine.parse(UnsafeBufferPointer(rebasing: bytes[lineStart..<stop]), line: 0, offset: lineStart) else { return .read }
                valueStart = lineStart + line.valueStart
                parameters = line
            }
            let value = valueStart..<stop
            switch property {
            case .begin:
                if ContentLine.equals(bytes, value, "VEVENT") { return .read }
                open.append(value)
                continue
            case .end:
                if let top = open.last {
                    guard sameName(bytes, top, value) else { return .read }
                    open.removeLast()
                    continue
                }
                guard ContentLine.equals(bytes, value, "VEVENT") else { return .read }
                // Its rule, when one rule is read here (a DAILY or WEEKLY one).
                let simple = rules == 1 ? rule.flatMap { SimpleRule(UnsafeBufferPointer(rebasing: bytes[$0])) } : nil
                return mayTakePlace(start: start, end: end, duration: duration, recurs: rules > 0, rule: simple, days: days)
                    ? .read : .passOver(next: next, lines: lines, uid: uid)
            default:
                break
            }
            // The properties of a component inside the event (a VALARM's) are not the event's.
            guard open.isEmpty else { continue }
            switch property {
            case .begin, .end: break
            case .uid: uid = lineStart
            case .start, .endTime:
                let isDate = parameters?.parameter("VALUE", is: "DATE") ?? false
                guard let time = Time(bytes, value, valueIsDate: isDate) else { return .read }
                if property == .start {
                    start = time
                } else {
                    end = time
                    duration = nil
                }
            case .duration:
                guard case .duration(let read) = CalendarDuration.read(bytes: UnsafeBufferPointer(rebasing: bytes[value])) else { return .read }
                duration = read
                end = nil
            case .rule:
                rules += 1
                rule = value
            case .undecided: return .read
            }
        }
        // No END:VEVENT: the whole reading names it.
        return .read
    }

    /// Where the line after the physical line at `offset` of `bytes` starts, when that line is `BEGIN:VEVENT`
    /// itself (any case, no parameters); nil when it is not.
    static func lineAfterBegin(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard offset < bytes.count else { return nil }
        let (stop, next) = ContentLine.physicalLine(bytes, from: offset)
        guard let (property, nameEnd) = Property.named(bytes, offset, stop), property == .begin,
              bytes[nameEnd] == UInt8(ascii: ":"), ContentLine.equals(bytes, (nameEnd + 1)..<stop, "VEVENT") else { return nil }
        return next
    }

    /// A DATE or DATE-TIME as the glance reads it: seconds on its own wall clock (a DATE: its midnight), and
    /// whether it is a DATE. Its zone is not read: the clocks of two zones differ by `shift` at most.
    struct Time {
        let wall: Int
        let isDate: Bool

        /// The value at `range` of `bytes`; nil when it is not `YYYYMMDD[THHMMSS[Z]]` (the whole reading names it).
        init?(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, valueIsDate: Bool) {
            let at = range.lowerBound, count = range.count
            guard count == 8 || (!valueIsDate && (count == 15 || count == 16) && bytes[at + 8] == UInt8(ascii: "T")),
                  let base = bytes.baseAddress, let date = eightDigits(UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)))
            else { return nil }
            let month = date / 100 % 100, day = date % 100
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            var wall = CivilDays.number(year: date / 10000, month: month, day: day) * CivilDays.secondsPerDay
            if count > 8 {
                // The eight bytes that end with the time (`DTHHMMSS`), their first two made `00`.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + at + 7).loadUnaligned(as: UInt64.self))
                guard let time = eightDigits(word & ~0xFFFF | 0x3030) else { return nil }
                wall += time / 10000 * 3600 + time / 100 % 100 * 60 + time % 100
            }
            self.wall = wall
            isDate = count == 8
        }
    }

    /// The most two zones' clocks differ (UTC-12 to UTC+14), in seconds: a time on one zone's wall clock is within
    /// this of the same instant on the local clock.
    private static let shift = 26 * 3600

    /// More days than the calendar dayplan counts holds (years 0 to 9999): a number of periods past it bounds nothing.
    private static let calendarDays = 3_700_000

    /// A DAILY rule without BYDAY or a WEEKLY one, as the glance reads it: its instances start `interval` periods
    /// apart (a WEEKLY one with BYDAY: within weeks that far apart), at most `count` of them, none after `until`.
    struct SimpleRule {
        /// The days of a period: 1 or 7.
        var period = 0
        var interval = 1
        var count: Int?
        /// On the wall clock of its own zone (a DATE: the last second of its day).
        var until: Int?
        var byDay = false

        /// The rule of an RRULE value; nil for another rule, one with a part given twice, or one with parts
        /// besides FREQ, INTERVAL, COUNT, UNTIL, BYDAY (WEEKLY only) and WKST.
        init?(_ value: UnsafeBufferPointer<UInt8>) {
            // The parts read so far, one bit each: a part given twice is left to the whole reading.
            var seen = 0
            func first(_ bit: Int) -> Bool {
                defer { seen |= bit }
                return seen & bit == 0
            }
            var partStart = 0
            while partStart < value.count {
                var partEnd = partStart
                while partEnd < value.count, value[partEnd] != UInt8(ascii: ";") { partEnd += 1 }
                defer { partStart = partEnd + 1 }
                guard partEnd > partStart else { continue }
                var equals = partStart
                while equals < partEnd, value[equals] != UInt8(ascii: "=") { equals += 1 }
                guard equals < partEnd else { return nil }
                let name = partStart..<equals, text = (equals + 1)..<partEnd
                if ContentLine.equals(value, name, "FREQ") {
                    guard first(1) else { return nil }
                    if ContentLine.equals(value, text, "DAILY") { period = 1 } else if ContentLine.equals(value, text, "WEEKLY") { period = 7 } else { return nil }
                } else if ContentLine.equals(value, name, "INTERVAL") {
                    guard first(2), let number = EventGlance.digits(value, text.lowerBound, text.count), number > 0 else { return nil }
                    interval = number
                } else if ContentLine.equals(value, name, "COUNT") {
                    guard first(4), let number = EventGlance.digits(value, text.lowerBound, text.count) else { return nil }
                    count = number
                } else if ContentLine.equals(value, name, "UNTIL") {
                    guard first(8), let time = Time(value, text, valueIsDate: false) else { return nil }
                    until = time.isDate ? time.wall + CivilDays.secondsPerDay - 1 : time.wall
                } else if ContentLine.equals(value, name, "BYDAY") {
                    guard first(16) else { return nil }
                    byDay = true
                } else if !ContentLine.equals(value, name, "WKST") || !first(32) {
                    return nil
                }
            }
            guard period == 7 || (period == 1 && !byDay) else { return nil }
        }
    }

    /// The number in the `count` decimal digits from `start` of `bytes`, nil when they are none, too many, or
    /// not all digits.
    @inline(__always)
    static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard count > 0, count < 10 else { return nil }
        var result = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            result = result &* 10 &+ Int(digit)
        }
        return result
    }

    /// Whether an event may take place on `days`: true when it is to be read whole. Each instance is judged on
    /// its own wall clock, `shift` wider on each side than the days, and its end `shift` later again when a DTEND
    /// gives it (in a zone of its own, maybe).
    private static func mayTakePlace(start: Time?, end: Time?, duration: CalendarDuration?, recurs: Bool, rule: SimpleRule?,
                                     days: ClosedRange<Int>) -> Bool {
        guard let start else { return true }
        // DTSTART and DTEND of different kinds: the whole reading names it and reads the event without DTEND.
        if let end, end.isDate != start.isDate { return true }
        let dayStart = days.lowerBound * CivilDays.secondsPerDay, dayEnd = (days.upperBound + 1) * CivilDays.secondsPerDay
        // How long after an instance's start it may end, on the local clock less `shift`: a DTEND's zone and the
        // local clock's changes of offset between the two may add two more.
        var length = start.isDate ? CivilDays.secondsPerDay : 0
        if let end { length = max(length, end.wall - start.wall + (start.isDate ? 0 : 2 * shift)) }
        if let duration {
            let rest = start.isDate ? (duration.seconds > 0 ? CivilDays.secondsPerDay : 0) : duration.seconds
            length = max(length, duration.days * CivilDays.secondsPerDay + rest)
        }
        // Whether an instance starting at `wall` may reach the days.
        func reaches(_ wall: Int) -> Bool { wall - shift < dayEnd && wall + length + shift >= dayStart }
        guard recurs else { return reaches(start.wall) }
        // Instances start at DTSTART (always one, whatever UNTIL says) and after.
        guard start.wall - shift < dayEnd else { return false }
        if reaches(start.wall) { return true }
        guard let rule else { return true }
        let step = rule.interval * rule.period * CivilDays.secondsPerDay
        if rule.byDay {
            guard rule.count != nil || rule.until != nil else { return true }
            // At least one instance a period: the last within `count` periods (and its week), and none after UNTIL.
            // Checked: COUNT and INTERVAL are the file's (up to nine digits each); a product past the calendar's
            // 10,000 years sets no bound.
            var last = Int.max
            if let count = rule.count {
                let (periods, overflow) = count.multipliedReportingOverflow(by: rule.interval)
                if !overflow, periods < Self.calendarDays {
                    last = start.wall + (periods + 1) * rule.period * CivilDays.secondsPerDay
                }
            }
            if let until = rule.until { last = min(last, until + shift) }
            return last == Int.max || last + length + shift >= dayStart
        }
        // Exactly one instance a period: the first that may reach the days.
        let first = max(0, (dayStart - shift - length - start.wall + step - 1) / step)
        if let count = rule.count, first >= count { return false }
        let wall = start.wall + first * step
        if let until = rule.until, wall > until + shift { return false }
        return reaches(wall)
    }

    /// Whether the names at `a` and `b` of `bytes` are the same in any case of ASCII letters.
    private static func sameName(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count {
            var p = bytes[a.lowerBound + offset], q = bytes[b.lowerBound + offset]
            if p >= 0x61, p <= 0x7A { p -= 0x20 }
            if q >= 0x61, q <= 0x7A { q -= 0x20 }
            guard p == q else { return false }
        }
        return true
    }

    /// The properties a glance looks at.
    private enum Property {
        case begin, end, uid, start, endTime, duration, rule
        /// One that leaves the event to the whole reading: `RDATE`, `RECURRENCE-ID`.
        case undecided

        /// The property a physical line from `at` to `stop` names, and where its name ends (at its `:` or `;`);
        /// nil for the rest. A name is compared as one word of up to eight bytes, letters upper-cased by clearing
        /// bit 5 (which no other byte of these names has set, and no byte but a letter's case pair matches).
        @inline(__always)
        static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ stop: Int) -> (Property, Int)? {
            guard let base = bytes.baseAddress else { return nil }
            var word: UInt64 = 0
            if stop - at >= 8 {
                word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            } else {
                for index in 0..<(stop - at) { word |= UInt64(base[at + index]) << (8 * index) }
            }
            word &= 0xDFDF_DFDF_DFDF_DFDF
            // Whether the line starts with `name` (upper-cased) and then a `:` or a `;`.
            @inline(__always) func starts(_ name: UInt64, _ length: Int) -> Bool {
                guard word & ((1 << (8 * length)) - 1) == name, at + length < stop else { return false }
                return bytes[at + length] == UInt8(ascii: ":") || bytes[at + length] == UInt8(ascii: ";")
            }
            switch word & 0xFF {
            case 0x44:  // D
                if starts(0x54_5241_5453_5444, 7) { return (.start, at + 7) }          // DTSTART
                if starts(0x44_4E45_5444, 5) { return (.endTime, at + 5) }              // DTEND
                if word == 0x4E4F_4954_4152_5544, at + 8 < stop,                          // DURATION
                   bytes[at + 8] == UInt8(ascii: ":") || bytes[at + 8] == UInt8(ascii: ";") { return (.duration, at + 8) }
            case 0x52:  // R
                if starts(0x45_4C55_5252, 5) { return (.rule, at + 5) }                 // RRULE
                if starts(0x45_5441_4452, 5) { return (.undecided, at + 5) }            // RDATE
                if word == 0x4E45_5252_5543_4552, at + 13 < stop,                         // RECURREN(CE-ID)
                   ContentLine.equals(bytes, at..<(at + 13), "RECURRENCE-ID"),
                   bytes[at + 13] == UInt8(ascii: ":") || bytes[at + 13] == UInt8(ascii: ";") { return (.undecided, at + 13) }
            case 0x42:  // B
                if starts(0x4E_4947_4542, 5) { return (.begin, at + 5) }                // BEGIN
            case 0x45:  // E
                if starts(0x44_4E45, 3) { return (.end, at + 3) }                      // END
            case 0x55:  // U
                if starts(0x44_4955, 3) { return (.uid, at + 3) }                      // UID
            default: break
            }
            return nil
        }

        /// Whether a line starting with `first` may name one of them (when the rest of its name is on the next line).
        static func mayBeNamed(_ first: UInt8) -> Bool {
            switch first & 0xDF {
            case UInt8(ascii: "D"), UInt8(ascii: "R"), UInt8(ascii: "B"), UInt8(ascii: "E"), UInt8(ascii: "U"): return true
            default: return false
            }
        }
    }
}
