/// Days counted from 1970-01-01 (day 0) in the proleptic Gregorian calendar, and wall-clock seconds counted
/// the same way: the arithmetic the calendar reader needs to step through days, weeks, months and years
/// without any time zone; `Day` counts with it too. (Howard Hinnant's `days_from_civil` and `civil_from_days`.)
package enum CivilDays {
    /// The number of day `year-month-day`, 1970-01-01 being 0.
    package static func number(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of day number `n`.
    package static func date(_ n: Int) -> (year: Int, month: Int, day: Int) {
        let z = n + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The weekday of day number `n`: 0 Monday … 6 Sunday (1970-01-01 was a Thursday).
    package static func weekday(_ n: Int) -> Int { floorMod(n + 3, 7) }

    /// How many days `month` has in `year`.
    package static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The number of `day`.
    package static func number(of day: Day) -> Int { number(year: day.year, month: day.month, day: day.day) }

    /// The `Day` of day number `n`, nil outside years 0 to 9999.
    package static func day(_ n: Int) -> Day? {
        let (y, m, d) = date(n)
        return Day(year: y, month: m, day: d)
    }

    /// `a` divided by `b` rounded down (towards minus infinity), for `b` > 0.
    package static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// The remainder of `floorDiv`: always 0 to `b` - 1.
    package static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }

    /// Seconds in a day.
    package static let secondsPerDay = 86_400
}
