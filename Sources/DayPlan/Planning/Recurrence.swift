/// When a routine is due: the value of `@every:` (FORMAT.md §3.5).
///
/// The grammar is small on purpose: `day`, `weekday` (Monday to Friday), `weekend`, a list of weekdays
/// (`mon,wed,fri`), `month:N` (the Nth of each month; a month without that day has none), `month:last`,
/// `week:N/YYYY-MM-DD` (every Nth week, on that date's weekday, counted from it) and `yearly:MM-DD`.
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
    /// Every `interval` weeks, on the weekday of `start`, from `start` on.
    case weeks(interval: Int, start: Day)
    /// Every year on the given month and day.
    case yearly(month: Int, day: Int)

    /// The names of the weekdays as `@every:` writes them, Monday first.
    public static let weekdayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Reads an `@every:` value; nil when it is not one (lint reports it as DP050).
    public init?(_ text: some StringProtocol) {
        let value = text.lowercased()
        switch value {
        case "day": self = .daily
        case "weekday": self = .weekdays
        case "weekend": self = .weekends
        case "month:last": self = .monthEnd
        default:
            if value.hasPrefix("month:"), let day = Int(value.dropFirst(6)), (1...31).contains(day),
               value.dropFirst(6).allSatisfy(\.isASCIIDigit) {
                self = .monthDay(day)
            } else if value.hasPrefix("week:") {
                let parts = value.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].allSatisfy(\.isASCIIDigit), let interval = Int(parts[0]),
                      (1...52).contains(interval), let start = Day(parts[1]) else { return nil }
                self = .weeks(interval: interval, start: start)
            } else if value.hasPrefix("yearly:") {
                guard let date = Day("2024-" + value.dropFirst(7)) else { return nil }  // a leap year: 02-29 exists
                self = .yearly(month: date.month, day: date.day)
            } else {
                var days: [Int] = []
                for name in value.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let index = Recurrence.weekdayNames.firstIndex(of: String(name)), !days.contains(index + 1) else { return nil }
                    days.append(index + 1)
                }
                guard !days.isEmpty else { return nil }
                self = .on(days.sorted())
            }
        }
    }

    /// Whether a routine with this recurrence is due on `day`.
    public func isDue(on day: Day) -> Bool {
        let weekday = Weekday(of: day).rawValue
        switch self {
        case .daily: return true
        case .weekdays: return weekday <= 5
        case .weekends: return weekday >= 6
        case .on(let days): return days.contains(weekday)
        case .monthDay(let number): return day.day == number
        case .monthEnd: return day.adding(days: 1).month != day.month
        case .weeks(let interval, let start):
            let days = day.daysSinceEpoch - start.daysSinceEpoch
            return days >= 0 && days % (7 * interval) == 0
        case .yearly(let month, let number): return day.month == month && day.day == number
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
        case .weeks(let interval, let start): return "week:\(interval)/\(start)"
        case .yearly(let month, let number): return "yearly:\(two(month))-\(two(number))"
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
