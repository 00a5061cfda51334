import DayPlan

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
        // A recurrence set has each instance once (RFC 5545 §3.8.5.3): a part's values given twice are one (and a
        // BYDAY of thousands of MOs is a few at most: 7 weekdays, 742 with ordinals).
        var days = Set<Int>()
        byDay = byDay.filter { days.insert(($0.ordinal ?? 0) * 8 + $0.weekday).inserted }
        var monthDays = Set<Int>(), months = Set<Int>()
        byMonthDay = byMonthDay.filter { monthDays.insert($0).inserted }
        byMonth = byMonth.filter { months.insert($0).inserted }
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
    /// time `start`, in order; the first `limit` of them only. `untilWall` is UNTIL on the same wall clock.
    /// `DTSTART` is always the first instance (and counts towards COUNT), even when UNTIL is before it (RFC 5545
    /// §3.8.5.3; the reader names that). The periods before `range` are not walked: with COUNT, the instances in
    /// them are counted by whole cycles of the calendar (`counts`, `PeriodCounts`), so the work is bounded by the
    /// periods around `range` and one cycle a rule, never by the periods from `start`.
    func instances(start: Int, untilWall: Int?, in range: Range<Int>, limit: Int = .max, counts: inout PeriodCounts) -> [Int] {
        var result: [Int] = []
        guard limit > 0 else { return result }
        if range.contains(start) { result.append(start) }
        let day0 = CivilDays.floorDiv(start, CivilDays.secondsPerDay)
        let timeOfDay = start - day0 * CivilDays.secondsPerDay
        let (y0, m0, d0) = CivilDays.date(day0)
        let lastDay = CivilDays.floorDiv(range.upperBound - timeOfDay - 1, CivilDays.secondsPerDay)
        let firstDay = CivilDays.floorDiv(range.lowerBound - timeOfDay, CivilDays.secondsPerDay)
        guard lastDay >= day0 else { return result }
        let weekStart0 = day0 - CivilDays.floorMod(CivilDays.weekday(day0) - weekStart, 7)
        let (ly, lm, _) = CivilDays.date(lastDay), (fy, fm, _) = CivilDays.date(firstDay)
        let firstKey = key(ofFirstPeriod: day0, weekStart0, y0, m0)
        let anchor = Anchor(month: m0, day: d0, weekday: CivilDays.weekday(day0))

        // The periods before `range` are not walked: start one period before it, and with COUNT count the
        // instances of those skipped (all after DTSTART but the first period's).
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
        } else if behind > 1 {
            period = behind - 1
            let inFirst = days(ofPeriod: firstKey, anchor: anchor)
                .filter { $0 * CivilDays.secondsPerDay + timeOfDay > start }.count
            counted = 1 + inFirst + counts.instances(of: self, firstKey: firstKey, periods: 1..<period, anchor: anchor)
        }
        // The last key the range reaches. Over a long range (an event lasting years asks for the instances that
        // start within its length before the day), runs of periods without a day are skipped by their count, a run
        // twice as long each time: a rule whose days are rare (BYMONTH=2;BYMONTHDAY=29) or never come costs
        // the logarithm of its gaps, not a walk through them.
        let lastKey: Int
        switch frequency {
        case .daily, .weekly: lastKey = lastDay
        case .monthly: lastKey = min(ly * 12 + lm - 1, 10_000 * 12 - 1)
        case .yearly: lastKey = min(ly, 9999)
        }
        let skipping = (lastKey - (firstKey + period * step)) / step > 512
        var run = 1
        while true {
            // The period's key; the loop ends once it is past the range.
            let periodKey = firstKey + period * step
            if periodKey > lastKey { return result }
            if skipping {
                if counts.instances(of: self, firstKey: firstKey, periods: period..<(period + run), anchor: anchor) == 0 {
                    period += run
                    run = min(run * 2, 1 << 20)
                    continue
                }
                run = 1
            }
            for day in days(ofPeriod: periodKey, anchor: anchor) {
                let instant = day * CivilDays.secondsPerDay + timeOfDay
                guard instant > start else { continue }
                if let untilWall, instant > untilWall { return result }
                if let count {
                    guard counted < count else { return result }
                    counted += 1
                }
                if instant >= range.upperBound { return result }
                if instant >= range.lowerBound {
                    result.append(instant)
                    if result.count >= limit { return result }
                }
            }
            period += 1
        }
    }

    /// As `instances(start:untilWall:in:limit:counts:)`, with counts of its own.
    func instances(start: Int, untilWall: Int?, in range: Range<Int>, limit: Int = .max) -> [Int] {
        var counts = PeriodCounts()
        return instances(start: start, untilWall: untilWall, in: range, limit: limit, counts: &counts)
    }

    /// How far one period's key is from the next: a period is named by its first day (DAILY, WEEKLY), its month
    /// (`year * 12 + month - 1`, MONTHLY) or its year (YEARLY).
    var step: Int {
        switch frequency {
        case .daily, .monthly, .yearly: interval
        case .weekly: 7 * interval
        }
    }

    /// The key (`step`) of the period `DTSTART` is in.
    private func key(ofFirstPeriod day0: Int, _ weekStart0: Int, _ y0: Int, _ m0: Int) -> Int {
        switch frequency {
        case .daily: day0
        case .weekly: weekStart0
        case .monthly: y0 * 12 + m0 - 1
        case .yearly: y0
        }
    }

    /// What of `DTSTART` a period's days follow when the rule's parts do not say: its month, day of the month and
    /// weekday.
    struct Anchor: Hashable {
        var month: Int, day: Int, weekday: Int
    }

    /// The days of the period named `key` (`step`) that the rule's parts give, in order (a day given twice by
    /// BYDAY twice).
    func days(ofPeriod key: Int, anchor: Anchor) -> [Int] {
        switch frequency {
        case .daily:
            return matchesFilters(key, byDayToo: true) ? [key] : []
        case .weekly:
            let weekdays = byDay.isEmpty ? [anchor.weekday] : byDay.map(\.weekday)
            return weekdays.map { key + CivilDays.floorMod($0 - weekStart, 7) }.sorted().filter { matchesFilters($0, byDayToo: false) }
        case .monthly:
            let (year, month) = (CivilDays.floorDiv(key, 12), CivilDays.floorMod(key, 12) + 1)
            return byMonth.isEmpty || byMonth.contains(month) ? daysOfMonth(year, month, defaultDay: anchor.day) : []
        case .yearly:
            return daysOfYear(key, defaultMonth: anchor.month, defaultDay: anchor.day)
        }
    }

    /// How many days `days(ofPeriod:anchor:)` gives, without making them for a DAILY or WEEKLY period (a round of
    /// those is up to 146,097 periods).
    func dayCount(ofPeriod key: Int, anchor: Anchor) -> Int {
        switch frequency {
        case .daily:
            return matchesFilters(key, byDayToo: true) ? 1 : 0
        case .weekly:
            guard !byDay.isEmpty else { return matchesFilters(key + CivilDays.floorMod(anchor.weekday - weekStart, 7), byDayToo: false) ? 1 : 0 }
            var count = 0
            for day in byDay where matchesFilters(key + CivilDays.floorMod(day.weekday - weekStart, 7), byDayToo: false) { count += 1 }
            return count
        case .monthly, .yearly:
            return days(ofPeriod: key, anchor: anchor).count
        }
    }

    /// The part of `anchor` this rule's days depend on (the rest zero), so that events of one rule begun on
    /// different days share their counts where they can.
    func relevant(_ anchor: Anchor) -> Anchor {
        switch frequency {
        case .daily: return Anchor(month: 0, day: 0, weekday: 0)
        case .weekly: return Anchor(month: 0, day: 0, weekday: byDay.isEmpty ? anchor.weekday : 0)
        case .monthly: return Anchor(month: 0, day: byDay.isEmpty && byMonthDay.isEmpty ? anchor.day : 0, weekday: 0)
        case .yearly: return Anchor(month: anchor.month, day: anchor.day, weekday: 0)
        }
    }

    /// How many keys (`step`) the rule's days repeat after: the Gregorian calendar repeats every 400 years
    /// (146,097 days, a whole number of weeks; 4,800 months), and a rule that looks at weekdays only every week.
    var cycle: Int {
        switch frequency {
        case .daily, .weekly: byMonth.isEmpty && byMonthDay.isEmpty ? 7 : 146_097
        case .monthly: 4_800
        case .yearly: 400
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

/// The instances of rules in whole periods, counted rather than walked: a rule's days in a period depend on the
/// period's key modulo the rule's `cycle` only, so the periods a rule steps through repeat after
/// `cycle / gcd(cycle, step)` of them. One such round of periods is counted once (its running sums kept, per rule
/// and class of start), and then any run of periods costs two look-ups. Kept for one day's asking
/// (`EventCalendar.events(on:zones:)`), where many events share a few rules.
struct PeriodCounts {
    /// A rule (its COUNT and UNTIL left out: they do not change its days), its start's class and anchor.
    private struct Key: Hashable {
        var rule: RecurrenceRule
        var residue: Int
        var anchor: RecurrenceRule.Anchor
    }

    /// For each key, the running sums of instances over one round of periods from the class's first residue.
    private var sums: [Key: [Int]] = [:]

    /// No counts yet.
    init() {}

    /// How many instances `rule` has in the periods `periods` (0 being the period whose key is `firstKey`).
    mutating func instances(of rule: RecurrenceRule, firstKey: Int, periods: Range<Int>, anchor: RecurrenceRule.Anchor) -> Int {
        guard !periods.isEmpty else { return 0 }
        let modulus = rule.cycle, step = CivilDays.floorMod(rule.step, modulus)
        let g = Self.gcd(step, modulus), round = modulus / g
        let x = CivilDays.floorMod(firstKey, modulus), residue = x % g
        var general = rule
        general.count = nil
        general.until = nil
        let key = Key(rule: general, residue: residue, anchor: rule.relevant(anchor))
        let running: [Int]
        if let known = sums[key] {
            running = known
        } else {
            var built = [0]
            built.reserveCapacity(round + 1)
            var at = residue
            for _ in 0..<round {
                built.append(built[built.count - 1] + rule.dayCount(ofPeriod: at, anchor: anchor))
                at = (at + step) % modulus
            }
            sums[key] = built
            running = built
        }
        // Where `firstKey` is in the round: (residue + q·step) ≡ x (mod modulus).
        let q0 = round == 1 ? 0 : (x - residue) / g * Self.inverse(step / g, round) % round
        func upTo(_ k: Int) -> Int { k / round * running[round] + running[k % round] }
        return upTo(q0 + periods.upperBound) - upTo(q0 + periods.lowerBound)
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The inverse of `a` modulo `m` (they have no common divisor), by Euclid's extended algorithm.
    private static func inverse(_ a: Int, _ m: Int) -> Int {
        var (r0, r1, t0, t1) = (m, a % m, 0, 1)
        while r1 != 0 {
            let q = r0 / r1
            (r0, r1) = (r1, r0 - q * r1)
            (t0, t1) = (t1, t0 - q * t1)
        }
        return CivilDays.floorMod(t0, m)
    }
}
