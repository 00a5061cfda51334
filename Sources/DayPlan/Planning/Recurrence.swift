/// When a routine is due: the value of `@every:` (FORMAT.md §3.5).
///
/// The grammar is small on purpose: `day`, `weekday` (Monday to Friday), `weekend`, a list of weekdays
/// (`mon,wed,fri`), `month:N` (the Nth of each month; a month without that day has none), `month:last`,
/// `month:2nd-tue` and `month:last-fri` (an ordinal weekday of each month), `week:N/YYYY-MM-DD` (every Nth week,
/// on that date's weekday, counted from it), `yearly:MM-DD` and `done+3d` (three days after the last copy was
/// done); then, after commas, `start:YYYY-MM-DD` and an end, `until:YYYY-MM-DD` or `times:N`.
public enum Recurrence: Hashable, Sendable, CustomStringConvertible {
    /// Every day.
    case daily
    /// Monday to Friday.
    case weekdays
    /// Saturday and Sunday.
    case weekends
    /// The listed weekdays, 1 (Monday) to 7 (Sunday), in order.
    case on([Int])
    /// The given day of every month, 1 to 31.
    case monthDay(Int)
    /// The last day of every month.
    case monthEnd
    /// The `ordinal`th `weekday` (1 Monday to 7 Sunday) of every month: ordinal 1 to 5, or -1 for the last one.
    case monthWeekday(ordinal: Int, weekday: Int)
    /// Every `interval` weeks, on the weekday of `start`, from `start` on.
    case weeks(interval: Int, start: Day)
    /// Every year on the given month and day.
    case yearly(month: Int, day: Int)
    /// Counted from completion: due `days` days after the day its last copy was done or cancelled.
    case afterDone(days: Int)
    /// A recurrence that starts on a day, ends, or both (`start:`, `until:`, `times:`); never nested.
    indirect case bounded(Recurrence, start: Day?, end: RecurrenceEnd?)

    /// The names of the weekdays as `@every:` writes them, Monday first.
    public static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The ordinals of `month:2nd-tue`, first to fifth.
    static let ordinalNames = ["1st", "2nd", "3rd", "4th", "5th"]

    /// Reads an `@every:` value; nil when it is not one (lint reports it as DP050, with `problem(in:)`'s reason).
    public init?(_ text: some StringProtocol) {
        guard case .success(let recurrence) = Recurrence.read(text) else { return nil }
        self = recurrence
    }

    /// Why `text` is not an `@every:` value, in words for a finding; nil when it is one.
    public static func problem(in text: some StringProtocol) -> String? {
        guard case .failure(let problem) = read(text) else { return nil }
        return problem.reason
    }

    /// Reads an `@every:` value, or says why it is not one.
    public static func read(_ text: some StringProtocol) -> Result<Recurrence, RecurrenceProblem> {
        func fail(_ reason: String) -> Result<Recurrence, RecurrenceProblem> { .failure(RecurrenceProblem(reason: reason)) }
        var parts = text.lowercased().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        // The bounds come last, each once: `start:`, then `until:` or `times:`.
        var start: Day?, end: RecurrenceEnd?
        while let last = parts.last, parts.count > 1, let colon = last.firstIndex(of: ":"),
              ["start", "until", "times"].contains(last[..<colon]) {
            parts.removeLast()
            let key = last[..<colon], value = last[last.index(after: colon)...]
            switch key {
            case "times":
                guard end == nil, start == nil else { return fail("`\(key):` is written once, after the repeat and its `start:`, before nothing else") }
                guard value.allSatisfy(\.isASCIIDigit), let count = Int(value), (1...999).contains(count) else {
                    return fail("`times:` takes a count from 1 to 999, as in `times:6`")
                }
                end = .times(count)
            case "until":
                guard end == nil, start == nil else { return fail("`\(key):` is written once, after the repeat and its `start:`, before nothing else") }
                guard let day = Day(value) else { return fail("`until:` takes a date, as in `until:2026-12-31`") }
                end = .until(day)
            default:
                guard start == nil else { return fail("`start:` is written once") }
                guard let day = Day(value) else { return fail("`start:` takes a date, as in `start:2026-12-01`") }
                start = day
            }
        }
        guard case .success(let repeating) = pattern(parts.joined(separator: ",")) else { return pattern(parts.joined(separator: ",")) }
        if start == nil && end == nil { return .success(repeating) }
        if case .times = end, start == nil {
            guard case .weeks = repeating else {
                return fail("`times:` counts the due days from a first day: add `start:YYYY-MM-DD` before it, as in `sat,start:2026-12-05,times:6`")
            }
        }
        if case .times = end, case .afterDone = repeating {
            return fail("a repeat counted from completion ends on a day, not after a count: write `until:YYYY-MM-DD`")
        }
        if let start, case .until(let last) = end, last < start {
            return fail("it ends (\(last)) before it starts (\(start))")
        }
        return .success(.bounded(repeating, start: start, end: end))
    }

    /// Reads the repeat itself, without its bounds.
    private static func pattern(_ value: String) -> Result<Recurrence, RecurrenceProblem> {
        func fail(_ reason: String) -> Result<Recurrence, RecurrenceProblem> { .failure(RecurrenceProblem(reason: reason)) }
        switch value {
        case "day": return .success(.daily)
        case "weekday": return .success(.weekdays)
        case "weekend": return .success(.weekends)
        case "month:last": return .success(.monthEnd)
        case "": return fail("it is empty")
        default: break
        }
        if value.hasPrefix("month:") {
            let rest = value.dropFirst(6)
            if let dash = rest.firstIndex(of: "-") {
                let ordinal = rest[..<dash], name = rest[rest.index(after: dash)...]
                guard let weekday = weekdayNames.firstIndex(of: String(name)) else {
                    return fail("`\(name)` is not a weekday; write `month:2nd-tue` with mon, tue, wed, thu, fri, sat or sun")
                }
                if ordinal == "last" { return .success(.monthWeekday(ordinal: -1, weekday: weekday + 1)) }
                guard let number = ordinalNames.firstIndex(of: String(ordinal)) else {
                    return fail("`\(ordinal)` is not an ordinal; write 1st, 2nd, 3rd, 4th, 5th or last, as in `month:last-fri`")
                }
                return .success(.monthWeekday(ordinal: number + 1, weekday: weekday + 1))
            }
            guard rest.allSatisfy(\.isASCIIDigit), let day = Int(rest), (1...31).contains(day) else {
                return fail("`month:` takes a day from 1 to 31, `last`, or a weekday such as `2nd-tue` or `last-fri`")
            }
            return .success(.monthDay(day))
        }
        if value.hasPrefix("week:") {
            let parts = value.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].allSatisfy(\.isASCIIDigit), let interval = Int(parts[0]),
                  (1...52).contains(interval), let start = Day(parts[1]) else {
                return fail("`week:` takes every how many weeks (1 to 52) and a first day, as in `week:2/2026-11-23`")
            }
            return .success(.weeks(interval: interval, start: start))
        }
        if value.hasPrefix("yearly:") {
            guard let date = Day("2024-" + value.dropFirst(7)) else {  // a leap year: 02-29 exists
                return fail("`yearly:` takes a month and a day, as in `yearly:11-24`")
            }
            return .success(.yearly(month: date.month, day: date.day))
        }
        if value.hasPrefix("done+") {
            let amount = value.dropFirst(5)
            guard let unit = amount.last, unit == "d" || unit == "w", amount.dropLast().allSatisfy(\.isASCIIDigit),
                  let count = Int(amount.dropLast()), count >= 1, count * (unit == "w" ? 7 : 1) <= 366 else {
                return fail("`done+` takes days or weeks, up to a year, as in `done+3d` or `done+2w`")
            }
            return .success(.afterDone(days: count * (unit == "w" ? 7 : 1)))
        }
        var days: [Int] = []
        for name in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let index = weekdayNames.firstIndex(of: String(name)) else {
                if name.first?.isASCIIDigit == true, name.last == "d" || name.last == "w" {
                    return fail("a repeat every few days counts from the day it was done: write `done+\(name)`")
                }
                return fail("`\(name)` is none of day, weekday, weekend, mon to sun, month:…, week:…, yearly:… or done+…")
            }
            guard !days.contains(index + 1) else { return fail("`\(name)` is listed twice") }
            days.append(index + 1)
        }
        return .success(.on(days.sorted()))
    }

    /// Whether a routine with this recurrence is due on `day` by the calendar and its bounds. A repeat counted from
    /// completion is due on every day of its bounds here: when its copy was last done decides (`dueDay`).
    public func isDue(on day: Day) -> Bool {
        let weekday = Weekday(of: day).rawValue
        switch self {
        case .daily: return true
        case .weekdays: return weekday <= 5
        case .weekends: return weekday >= 6
        case .on(let days): return days.contains(weekday)
        case .monthDay(let number): return day.day == number
        case .monthEnd: return day.adding(days: 1).month != day.month
        case .monthWeekday(let ordinal, let wanted):
            guard weekday == wanted else { return false }
            return ordinal == -1 ? day.adding(days: 7).month != day.month : (day.day - 1) / 7 + 1 == ordinal
        case .weeks(let interval, let start):
            let days = day.daysSinceEpoch - start.daysSinceEpoch
            return days >= 0 && days % (7 * interval) == 0
        case .yearly(let month, let number): return day.month == month && day.day == number
        case .afterDone: return true
        case .bounded(let repeating, let start, _):
            guard let last = lastDay, day <= last, start.map({ $0 <= day }) ?? true else { return false }
            return repeating.isDue(on: day)
        }
    }

    /// The day a rollover into `day` adds this routine for, or nil when it adds none.
    ///
    /// `previous` is the day of the plan the rollover starts from: a calendar routine due on any day after it, up to
    /// and including `day`, is added once, for the latest of those days (days nobody rolled over into are caught up
    /// with one copy, never one per missed day). A repeat counted from completion is due when its copy was never
    /// closed (`lastClosed` nil) or was closed at least its number of days before `day`.
    public func dueDay(opening day: Day, after previous: Day?, lastClosed: Day?) -> Day? {
        // The bounds once: a count of due days is worked out by walking the calendar.
        var repeating = self, start: Day?, last = day
        if case .bounded(let inner, let first, _) = self {
            guard let end = lastDay else { return nil }
            (repeating, start, last) = (inner, first, min(end, day))
        }
        if case .afterDone(let wait) = repeating {
            guard last == day, start.map({ $0 <= day }) ?? true else { return nil }
            guard let lastClosed else { return day }
            return lastClosed.days(until: day) >= wait ? day : nil
        }
        var first = previous.map { $0.adding(days: 1) } ?? day
        if first > day { first = day }
        // A gap longer than a year holds every due day of every repeat: the latest one is within a year of `day`.
        if first.days(until: day) > 400 { first = day.adding(days: -400) }
        if let start, first < start { first = start }
        var candidate = last
        while candidate >= first {
            if repeating.isDue(on: candidate) { return candidate }
            candidate = candidate.adding(days: -1)
        }
        return nil
    }

    /// The repeat without its bounds.
    public var unbounded: Recurrence {
        if case .bounded(let repeating, _, _) = self { return repeating }
        return self
    }

    /// The last day it can be due on: `until:`'s, the `times:`th due day's, or far in the future; nil when a count
    /// of due days is never reached (`month:31,times:…` from a start that has them: always reached).
    var lastDay: Day? {
        guard case .bounded(let repeating, let start, let end) = self, let end else { return Day(year: 9999, month: 12, day: 31) }
        switch end {
        case .until(let day): return day
        case .times(let count):
            var first = start
            if case .weeks(_, let weekStart) = repeating, first.map({ $0 < weekStart }) ?? true { first = weekStart }
            guard var day = first else { return nil }
            var seen = 0
            // A count up to 999 of yearly days needs about 365,000 steps at most; a bound keeps a `yearly:02-29` finite.
            for _ in 0..<(400 * 999) {
                if repeating.isDue(on: day) {
                    seen += 1
                    if seen == count { return day }
                }
                day = day.adding(days: 1)
            }
            return nil
        }
    }

    /// The value as `@every:` writes it canonically.
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch self {
        case .daily: return "day"
        case .weekdays: return "weekday"
        case .weekends: return "weekend"
        case .on(let days): return days.map { Recurrence.weekdayNames[$0 - 1] }.joined(separator: ",")
        case .monthDay(let number): return "month:\(number)"
        case .monthEnd: return "month:last"
        case .monthWeekday(let ordinal, let weekday):
            return "month:\(ordinal == -1 ? "last" : Recurrence.ordinalNames[ordinal - 1])-\(Recurrence.weekdayNames[weekday - 1])"
        case .weeks(let interval, let start): return "week:\(interval)/\(start)"
        case .yearly(let month, let number): return "yearly:\(two(month))-\(two(number))"
        case .afterDone(let days): return days % 7 == 0 ? "done+\(days / 7)w" : "done+\(days)d"
        case .bounded(let repeating, let start, let end):
            var text = repeating.description
            if let start { text += ",start:\(start)" }
            switch end {
            case .until(let day): text += ",until:\(day)"
            case .times(let count): text += ",times:\(count)"
            case nil: break
            }
            return text
        }
    }
}

/// How a routine ends: after a day, or after a number of due days.
public enum RecurrenceEnd: Hashable, Sendable {
    /// Due on no day after this one.
    case until(Day)
    /// Due on this many due days, counted from its start.
    case times(Int)
}

/// Why a text is not an `@every:` value, in words for a finding.
public struct RecurrenceProblem: Error, Hashable, Sendable {
    /// The reason, a clause such as "`month:` takes a day from 1 to 31, …".
    public let reason: String
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
