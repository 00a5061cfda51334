#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DayPlan

/// Today, as every command sees it: the local date, where a day starts at a given hour (before it, it is
/// still yesterday). `DAYPLAN_NOW` (seconds since 1970) stands in for the clock, so tests inject "today".
enum Clock {
    /// Today where the day starts at `hour` o'clock.
    static func today(dayStartsAt hour: Int) -> Day? {
        var now = time(nil)
        if let text = environment("DAYPLAN_NOW"), let seconds = Int(text) { now = time_t(seconds) }
        tzset()
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
              let date = Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        return Int(parts.tm_hour) < hour ? date.adding(days: -1) : date
    }

    /// Today where the day starts at `DAYPLAN_DAY_STARTS_AT` (0 when unset or not an hour): for commands
    /// that read no plan folder settings.
    static func today() -> Day? {
        today(dayStartsAt: dayStartsAt)
    }

    /// The hour of `DAYPLAN_DAY_STARTS_AT`, 0 when unset or not an hour.
    static var dayStartsAt: Int {
        environment("DAYPLAN_DAY_STARTS_AT").flatMap { Int($0) }.flatMap { (0...23).contains($0) ? $0 : nil } ?? 0
    }

    /// An environment variable's value.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
