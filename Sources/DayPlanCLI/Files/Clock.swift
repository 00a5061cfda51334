import DayPlan
import DayPlanFlow

/// The clock and the environment, as every command and the language server see them: the one place that asks
/// the system for the time or an environment variable. Today is the local date, where a day starts at a given
/// hour (before it, it is still yesterday). `DAYPLAN_NOW` stands in for the clock, so tests and scripts inject
/// "today": seconds since 1970, or a local time in the form `--now` takes (`YYYY-MM-DDTHH:MM`).
enum Clock {
    /// Today where the day starts at `hour` o'clock.
    static func today(dayStartsAt hour: Int) -> Day? {
        guard let now = now() else { return nil }
        return now.hour < hour ? now.day.adding(days: -1) : now.day
    }

    /// Today for the plan folder: its day starts at `--day-starts-at` (given as `option`), else
    /// `DAYPLAN_DAY_STARTS_AT`, else the `day-starts-at` setting, else midnight. For every command that
    /// works on "today" by default.
    static func today(in planFolder: PlanFolder, dayStartsAt option: String?) -> Result<Day, UsageError> {
        let hour: Int
        switch dayStartHour(in: planFolder, option: option) {
        case .success(let found): hour = found
        case .failure(let problem): return .failure(problem)
        }
        guard let today = today(dayStartsAt: hour) else { return .failure(UsageError("cannot read the local time")) }
        return .success(today)
    }

    /// The hour the plan folder's day starts at: `--day-starts-at` (given as `option`), else
    /// `DAYPLAN_DAY_STARTS_AT`, else the `day-starts-at` setting, else 0.
    static func dayStartHour(in planFolder: PlanFolder, option: String?) -> Result<Int, UsageError> {
        let (source, text) = option.map { ("--day-starts-at", $0) }
            ?? environment("DAYPLAN_DAY_STARTS_AT").map { ("DAYPLAN_DAY_STARTS_AT", $0) }
            ?? ("the setting day-starts-at", String(planFolder.settings.dayStartsAt ?? 0))
        guard let hour = Int(text), (0...23).contains(hour) else {
            return .failure(UsageError("\(source) '\(text)' is not an hour; give a whole number from 0 to 23"))
        }
        return .success(hour)
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

    /// The time now on the local wall clock, to the second (`DAYPLAN_NOW` stands in for the clock).
    static func now() -> LocalTime? {
        var now = Int(time(nil))
        if let text = environment("DAYPLAN_NOW"), let seconds = Int(text) { now = seconds }
        return local(now)
    }

    /// The local wall clock's time at `seconds` since 1970 (UTC), in the zone `TZ` names or the system's.
    static func local(_ seconds: Int) -> LocalTime? {
        var now = time_t(seconds)
        tzset()
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
              let date = Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        return LocalTime(day: date, secondOfDay: Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec))
    }

    /// The option that sets the clock for one run (`dayplan status`, `dayplan remind`): as `DAYPLAN_NOW` does, in
    /// local wall-clock time.
    static let nowOption = Option.option("--now", "TIME", .text,
        "The time to take as now: YYYY-MM-DDTHH:MM, or HH:MM today (default: the clock, or DAYPLAN_NOW).")

    /// Reads `DAYPLAN_NOW` once, at the start of a run: seconds since 1970 are taken as they are, a local time in
    /// the form `--now` takes is turned into seconds, and anything else is refused (rather than silently running
    /// on the real clock). Nil when it is unset or readable.
    static func checkEnvironmentNow() -> UsageError? {
        guard let text = environment("DAYPLAN_NOW"), Int(text) == nil else { return nil }
        return inject(now: text, source: "DAYPLAN_NOW")
    }

    /// Makes `text` (`YYYY-MM-DDTHH:MM`, `YYYY-MM-DD HH:MM`, or `HH:MM` of today) the clock of this run, as
    /// `DAYPLAN_NOW`, so that today and now agree everywhere; what is wrong with it (naming `source`, the option
    /// or variable it came from), or nil.
    static func inject(now text: String, source: String = "--now") -> UsageError? {
        let wrong = UsageError("\(source) '\(text)' is not a time; write YYYY-MM-DDTHH:MM (such as 2026-11-21T09:30) or HH:MM"
                               + (source == "DAYPLAN_NOW" ? ", or seconds since 1970" : ""))
        let date: Day?, clock: Substring
        if text.count == 5 {
            // `HH:MM` of today: the real clock's today when DAYPLAN_NOW itself is being read.
            if source == "DAYPLAN_NOW" { unsetenv("DAYPLAN_NOW") }
            date = now()?.day
            clock = text[...]
        } else if text.count == 16, [" ", "T"].contains(text[text.index(text.startIndex, offsetBy: 10)]) {
            date = Day(text.prefix(10))
            clock = text.suffix(5)
        } else {
            return wrong
        }
        let pieces = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard let date, pieces.count == 2, pieces.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
              let hour = Int(pieces[0]), let minute = Int(pieces[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return wrong }
        var parts = tm()
        parts.tm_year = Int32(date.year - 1900)
        parts.tm_mon = Int32(date.month - 1)
        parts.tm_mday = Int32(date.day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_isdst = -1
        tzset()
        let seconds = mktime(&parts)
        guard seconds != -1 else { return wrong }
        setenv("DAYPLAN_NOW", String(seconds), 1)
        return nil
    }

    /// An environment variable's value.
    /// The day a week starts on for the person: the locale's (the first of `LC_ALL`, `LC_TIME` and `LANG` that is set,
    /// as POSIX programs read them; `WeekOverview.firstWeekday(locale:)`), else Monday. `dayplan week` and the
    /// `this-week` and `last-week` of `--since`, `--until`, `--due`, `--on` and `report --week` all count from it.
    static func firstWeekday() -> Weekday {
        let locale = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment($0) }.first { !$0.isEmpty }
        return locale.flatMap(WeekOverview.firstWeekday(locale:)) ?? .monday
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
