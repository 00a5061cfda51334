/// An `RRULE` (RFC 5545 §3.3.10) in the subset dayplan reads: FREQ of DAILY, WEEKLY, MONTHLY or YEARLY,
/// INTERVAL, COUNT, UNTIL, BYDAY (with ordinals such as `2TU`, `-1FR`), BYMONTHDAY, BYMONTH and WKST.
/// Instances are expanded on the wall clock of the event's `DTSTART`, and only as far as asked.
struct RecurrenceRule: Hashable {
    /// How often the rule's periods come.
    enum Frequency: String { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }

    /// The period.
    var frequency: Frequency
    /// Every how many periods.
    var interval = 1
    /// At most this many instances, `DTSTART` the first.
    var count: Int?
    /// The last time an instance may start, as written.
    var until: CalendarTime?
    /// Weekdays (0 Monday … 6 Sunday), each with an ordinal within the month or year (nil: every one).
    var byDay: [(ordinal: Int?, weekday: Int)] = []
    /// Days of the month, negative counting from its end.
    var byMonthDay: [Int] = []
    /// Months, 1 to 12.
    var byMonth: [Int] = []
    /// The day a week starts (0 Monday).
    var weekStart = 0

    static func == (lhs: RecurrenceRule, rhs: RecurrenceRule) -> Bool {
        lhs.frequency == rhs.frequency && lhs.interval == rhs.interval && lhs.count == rhs.count && lhs.until == rhs.until
            && lhs.byDay.map { "\($0.ordinal ?? 0)/\($0.weekday)" } == rhs.byDay.map { "\($0.ordinal ?? 0)/\($0.weekday)" }
            && lhs.byMonthDay == rhs.byMonthDay && lhs.byMonth == rhs.byMonth && lhs.weekStart == rhs.weekStart
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(frequency)
        hasher.combine(interval)
        hasher.combine(count)
    }

    static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// Reads a rule's value; throws a message naming the part that cannot be read (the caller then shows only
    /// the first instance).
    init(parsing value: String) throws(RuleError) {
        var frequency: Frequency?
        var seen: [String] = []
        // Split by bytes: `;`, `=` and `,` are ASCII, and splitting Characters cost more than the rest together.
        for partBytes in value.utf8.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: true) {
            let part = Substring(partBytes)
            guard let equals = partBytes.firstIndex(of: UInt8(ascii: "=")), equals != partBytes.startIndex,
                  partBytes.index(after: equals) != partBytes.endIndex else { throw RuleError("`\(part)` is no NAME=VALUE part") }
            let name = Substring(partBytes[..<equals]).uppercased(), text = Substring(partBytes[partBytes.index(after: equals)...]).uppercased()
            guard !seen.contains(name) else { throw RuleError("\(name) is given twice") }
            seen.append(name)
            func items() -> [Substring] { text.utf8.split(separator: UInt8(ascii: ",")).map { Substring($0) } }
            func numbers(_ range: ClosedRange<Int>, allowingNegative: Bool) throws(RuleError) -> [Int] {
                var result: [Int] = []
                for item in items() {
                    guard let n = Int(item), range.contains(abs(n)), allowingNegative || n > 0 else {
                        throw RuleError("\(name)=\(text): `\(item)` is not a number from \(range.lowerBound) to \(range.upperBound)")
                    }
                    result.append(n)
                }
                return result
            }
            switch name {
            case "FREQ":
                guard let f = Frequency(rawValue: text) else {
                    throw RuleError("FREQ=\(text) is not read (dayplan reads DAILY, WEEKLY, MONTHLY and YEARLY)")
                }
                frequency = f
            case "INTERVAL":
                guard let n = Int(text), n >= 1, n <= 100_000 else { throw RuleError("INTERVAL=\(text) is not a whole number from 1") }
                interval = n
            case "COUNT":
                guard let n = Int(text), n >= 1 else { throw RuleError("COUNT=\(text) is not a whole number from 1") }
                count = n
            case "UNTIL":
                guard let time = CalendarTime(text, parameters: [:]) else { throw RuleError("UNTIL=\(text) is not a DATE or DATE-TIME") }
                until = time
            case "BYDAY":
                for item in items() {
                    let letters = item.suffix(2)
                    guard let weekday = Self.weekdays.firstIndex(of: String(letters)) else {
                        throw RuleError("BYDAY=\(text): `\(item)` is no weekday (MO, TU, WE, TH, FR, SA, SU, with an ordinal such as 2TU or -1FR)")
                    }
                    let prefix = item.dropLast(2)
                    var ordinal: Int?
                    if !prefix.isEmpty {
                        guard let n = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), n != 0, abs(n) <= 53 else {
                            throw RuleError("BYDAY=\(text): `\(item)` has no ordinal from 1 to 53 (or -1 to -53)")
                        }
                        ordinal = n
                    }
                    byDay.append((ordinal, weekday))
                }
            case "BYMONTHDAY": byMonthDay = try numbers(1...31, allowingNegative: true)
            case "BYMONTH": byMonth = try numbers(1...12, allowingNegative: false)
            case "WKST":
                guard let weekday = Self.weekdays.firstIndex(of: text) else { throw RuleError("WKST=\(text) is no weekday") }
                weekStart = weekday
            default:
                throw RuleError("\(name) is not read (dayplan reads FREQ, INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, WKST)")
            }
        }
        guard let frequency else { throw RuleError("there is no FREQ") }
        guard count == nil || until == nil else { throw RuleError("COUNT and UNTIL are both given; RFC 5545 allows one") }
        if frequency == .daily || frequency == .weekly, byDay.contains(where: { $0.ordinal != nil }) {
            throw RuleError("BYDAY with an ordinal (such as 2TU) needs FREQ=MONTHLY or YEARLY")
        }
        self.frequency = frequency
    }

    /// Why a rule cannot be read.
    struct RuleError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The starts (wall seconds) of the instances that start in `range`, for an event whose `DTSTART` is at wall
    /// time `start`, in order. `untilWall` is UNTIL on the same wall clock. `DTSTART` is always the first
    /// instance (and counts towards COUNT). The work is bounded by the periods from `start` to the end of
    /// `range` (without COUNT, only the periods around `range`), never by the rule alone.
    func instances(start: Int, untilWall: Int?, in range: Range<Int>) -> [Int] {
        var result: [Int] = []
        if range.contains(start), untilWall.map({ start <= $0 }) ?? true { result.append(start) }
        let day0 = CivilDays.floorDiv(start, CivilDays.secondsPerDay)
        let timeOfDay = start - day0 * CivilDays.secondsPerDay
        let (y0, m0, d0) = CivilDays.date(day0)
        let lastDay = CivilDays.floorDiv(range.upperBound - timeOfDay - 1, CivilDays.secondsPerDay)
        let firstDay = CivilDays.floorDiv(range.lowerBound - timeOfDay, CivilDays.secondsPerDay)
        guard lastDay >= day0 else { return result }
        let weekStart0 = day0 - CivilDays.floorMod(CivilDays.weekday(day0) - weekStart, 7)
        let (ly, lm, _) = CivilDays.date(lastDay), (fy, fm, _) = CivilDays.date(firstDay)

        // The periods before `range` need not be walked: start one period before it. With COUNT, only when each
        // skipped period's instances can be counted without it: DAILY without BYDAY has one a period, WEEKLY one a
        // BYDAY day (neither narrowed by month), less in the first period those not after DTSTART.
        var period = 0, counted = 1
        let behind: Int
        switch frequency {
        case .daily: behind = (firstDay - day0) / interval
        case .weekly: behind = (firstDay - weekStart0) / (7 * interval)
        case .monthly: behind = ((fy * 12 + fm) - (y0 * 12 + m0)) / interval
        case .yearly: behind = (fy - y0) / interval
        }
        if count == nil {
            period = max(0, behind - 1)
        } else if behind > 1, byMonth.isEmpty, byMonthDay.isEmpty, frequency == .weekly || frequency == .daily && byDay.isEmpty {
            let weekdays = byDay.isEmpty ? [CivilDays.weekday(day0)] : byDay.map(\.weekday)
            let inFirst = frequency == .weekly ? weekdays.filter { weekStart0 + CivilDays.floorMod($0 - weekStart, 7) > day0 }.count : 0
            period = behind - 1
            counted = 1 + inFirst + (period - 1) * weekdays.count
        }
        while true {
            // The period's first day; the loop ends once it is past the range.
            let days: [Int]
            switch frequency {
            case .daily:
                let day = day0 + period * interval
                if day > lastDay { return result }
                days = [day].filter { matchesFilters($0, byDayToo: true) }
            case .weekly:
                let first = weekStart0 + period * 7 * interval
                if first > lastDay { return result }
                let weekdays = byDay.isEmpty ? [CivilDays.weekday(day0)] : byDay.map(\.weekday)
                days = weekdays.map { first + CivilDays.floorMod($0 - weekStart, 7) }.sorted().filter { matchesFilters($0, byDayToo: false) }
            case .monthly:
                let index = (y0 * 12 + m0 - 1) + period * interval
                let (year, month) = (CivilDays.floorDiv(index, 12), CivilDays.floorMod(index, 12) + 1)
                if year * 12 + month > ly * 12 + lm || year > 9999 { return result }
                days = byMonth.isEmpty || byMonth.contains(month) ? daysOfMonth(year, month, defaultDay: d0) : []
            case .yearly:
                let year = y0 + period * interval
                if year > ly || year > 9999 { return result }
                days = daysOfYear(year, defaultMonth: m0, defaultDay: d0)
            }
            for day in days {
                let instant = day * CivilDays.secondsPerDay + timeOfDay
                guard instant > start else { continue }
                if let untilWall, instant > untilWall { return result }
                if let count {
                    guard counted < count else { return result }
                    counted += 1
                }
                if instant >= range.upperBound { return result }
                if instant >= range.lowerBound { result.append(instant) }
            }
            period += 1
        }
    }

    /// Whether `day` passes BYMONTH, BYMONTHDAY and (for DAILY) BYDAY, the parts that only narrow a period.
    private func matchesFilters(_ day: Int, byDayToo: Bool) -> Bool {
        let (year, month, dayOfMonth) = CivilDays.date(day)
        if !byMonth.isEmpty, !byMonth.contains(month) { return false }
        if !byMonthDay.isEmpty {
            let length = CivilDays.length(ofMonth: month, in: year)
            if !byMonthDay.contains(where: { $0 == dayOfMonth || $0 < 0 && length + 1 + $0 == dayOfMonth }) { return false }
        }
        if byDayToo, !byDay.isEmpty, !byDay.contains(where: { $0.weekday == CivilDays.weekday(day) }) { return false }
        return true
    }

    /// The days of a MONTHLY period: BYMONTHDAY and BYDAY (ordinals within the month), both narrowing each
    /// other when both are given, else the day of the month of `DTSTART` (skipped by a month without it).
    private func daysOfMonth(_ year: Int, _ month: Int, defaultDay: Int) -> [Int] {
        let first = CivilDays.number(year: year, month: month, day: 1)
        let length = CivilDays.length(ofMonth: month, in: year)
        var days: [Int]
        if byMonthDay.isEmpty, byDay.isEmpty {
            days = defaultDay <= length ? [first + defaultDay - 1] : []
        } else {
            var set = Set<Int>()
            if !byMonthDay.isEmpty {
                for n in byMonthDay {
                    let d = n > 0 ? n : length + 1 + n
                    if (1...length).contains(d) { set.insert(first + d - 1) }
                }
            }
            if !byDay.isEmpty {
                let weekdays = Set(weekdayDays(from: first, to: first + length - 1))
                set = byMonthDay.isEmpty ? weekdays : set.intersection(weekdays)
            }
            days = Array(set)
        }
        return days.sorted()
    }

    /// The days of a YEARLY period: by BYMONTH (else `DTSTART`'s month, or every month for BYMONTHDAY), each
    /// month read as MONTHLY does; BYDAY without BYMONTH counts its ordinals within the year.
    private func daysOfYear(_ year: Int, defaultMonth: Int, defaultDay: Int) -> [Int] {
        if !byDay.isEmpty, byMonth.isEmpty {
            let first = CivilDays.number(year: year, month: 1, day: 1), last = CivilDays.number(year: year, month: 12, day: 31)
            var days = Set(weekdayDays(from: first, to: last))
            if !byMonthDay.isEmpty { days = days.filter { matchesFilters($0, byDayToo: false) } }
            return days.sorted()
        }
        let months = !byMonth.isEmpty ? byMonth.sorted() : !byMonthDay.isEmpty ? Array(1...12) : [defaultMonth]
        return months.flatMap { daysOfMonth(year, $0, defaultDay: defaultDay) }
    }

    /// The days from `first` to `last` that BYDAY names: every such weekday, or the nth (from the end when
    /// negative).
    private func weekdayDays(from first: Int, to last: Int) -> [Int] {
        var days: [Int] = []
        for (ordinal, weekday) in byDay {
            let firstOne = first + CivilDays.floorMod(weekday - CivilDays.weekday(first), 7)
            let lastOne = last - CivilDays.floorMod(CivilDays.weekday(last) - weekday, 7)
            switch ordinal {
            case nil: days += stride(from: firstOne, through: last, by: 7)
            case let n? where n > 0: if firstOne + 7 * (n - 1) <= last { days.append(firstOne + 7 * (n - 1)) }
            case let n?: if lastOne - 7 * (-n - 1) >= first { days.append(lastOne - 7 * (-n - 1)) }
            }
        }
        return days
    }
}
