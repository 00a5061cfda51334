import DayPlan

/// The days a date word names, relative to an injected today: what `--since` and `--until` take.
///
/// | word | days |
/// | --- | --- |
/// | `2026-11-20` | that day |
/// | `2026-11`, `2026` | that month, that year |
/// | `today`, `yesterday`, `tomorrow` | that day |
/// | `-7d`, `-2w` | the day 7 days, 2 weeks before today |
/// | `this-week`, `last-week` | the seven days of this week, of the week before, from its first weekday (Monday unless given) |
/// | `this-month`, `last-month`, `this-year`, `last-year` | that whole month or year |
///
/// `--since` takes the first day of what a word names, `--until` the last: `--since last-month --until
/// last-month` is last month. Weeks start on `firstWeekday`: Monday (ISO 8601) unless the caller gives the one the
/// person's locale starts a week on, as `dayplan week` does.
public enum DayExpression {
    /// Every word other than a date that `days(_:today:)` reads, for help and completion.
    public static let words = ["today", "yesterday", "tomorrow", "this-week", "last-week", "this-month",
                               "last-month", "this-year", "last-year"]

    /// The days `text` names, or nil when it names none.
    public static func days(_ text: String, today: Day, firstWeekday: Weekday = .monday) -> ClosedRange<Day>? {
        switch text {
        case "today": return today...today
        case "yesterday": return single(today.adding(days: -1))
        case "tomorrow": return single(today.adding(days: 1))
        case "this-week": return week(of: today, firstWeekday: firstWeekday)
        case "last-week": return week(of: today.adding(days: -7), firstWeekday: firstWeekday)
        case "this-month": return month(today.year, today.month)
        case "last-month": return today.month == 1 ? month(today.year - 1, 12) : month(today.year, today.month - 1)
        case "this-year": return days(String(today.year), today: today)
        case "last-year": return days(String(today.year - 1), today: today)
        default: break
        }
        if text.hasPrefix("-"), text.count >= 3, let unit = text.last, let count = Int(text.dropFirst().dropLast()),
           count >= 0, count <= 100_000 {
            switch unit {
            case "d": return single(today.adding(days: -count))
            case "w": return single(today.adding(days: -7 * count))
            default: return nil
            }
        }
        if let day = Day(text) { return day...day }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.map { $0.count == 4 || $0.count == 2 ? Int($0) : nil }
        if parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = numbers[0], let month = numbers[1] {
            return self.month(year, month)
        }
        if parts.count == 1, parts[0].count == 4, let year = numbers[0],
           let first = Day(year: year, month: 1, day: 1), let last = Day(year: year, month: 12, day: 31) {
            return first...last
        }
        return nil
    }

    /// The seven days of the week `day` is in, from its `firstWeekday` (Monday to Sunday unless given).
    public static func week(of day: Day, firstWeekday: Weekday = .monday) -> ClosedRange<Day> {
        let first = day.adding(days: -((Weekday(of: day).rawValue - firstWeekday.rawValue + 7) % 7))
        return first...first.adding(days: 6)
    }

    private static func single(_ day: Day) -> ClosedRange<Day> { day...day }

    private static func month(_ year: Int, _ month: Int) -> ClosedRange<Day>? {
        guard let first = Day(year: year, month: month, day: 1) else { return nil }
        return first...first.adding(days: Day.length(ofMonth: month, in: year) - 1)
    }
}
