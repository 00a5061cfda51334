import DayPlan
import DayPlanArchive

/// The heat map of `dayplan report --format html`: completion by day, like a contribution graph, with
/// squares big enough to read and every weekday and month named.
extension HTMLReport {
    /// The smallest and largest distance from one square to the next, in pixels: squares of 14 to 36.
    static let heatStepRange = 17...40
    /// The room a year's map may take, labels included, and the labels' column.
    static let heatWidth = 940, heatLabelWidth = 34, heatTop = 20

    /// The distance from one square to the next for the report's days: as large as fits the widest year's
    /// map in `heatWidth`, within `heatStepRange`.
    static func heatStep(_ report: ArchiveReport) -> Int {
        var weeks = 1
        for year in report.first.year...report.last.year {
            guard let span = yearSpan(year, report.first, report.last) else { continue }
            weeks = max(weeks, DayExpression.week(of: span.lowerBound).lowerBound.days(until: span.upperBound) / 7 + 1)
        }
        return min(max((heatWidth - heatLabelWidth) / weeks, heatStepRange.lowerBound), heatStepRange.upperBound)
    }

    /// The days of `year` from `first` through `last`; nil for a year out of the calendar's range.
    static func yearSpan(_ year: Int, _ first: Day, _ last: Day) -> ClosedRange<Day>? {
        guard let january = Day(year: year, month: 1, day: 1), let december = Day(year: year, month: 12, day: 31) else { return nil }
        return max(january, first)...min(december, last)
    }

    /// One contribution-graph SVG per calendar year of the report: a column per week, a row per weekday.
    /// Each year's map is made on a core of its own, and the maps are joined in order.
    static func heatMaps(_ report: ArchiveReport) -> String {
        let (first, last) = (report.first, report.last)
        let plans = DayIndex(report.days, from: first, through: last)
        let step = heatStep(report)
        var html = ""
        forEachInBatches(Array(first.year...last.year), work: { year in
            heatMap(of: year, from: first, through: last, plans: plans, step: step)
        }) { _, map in html += map }
        return html
    }

    /// The legend of the heat map's colours, a square and its words each.
    static func heatLegend() -> String {
        var html = "<ul class=\"legend\">"
        for (level, words) in ["no plan", "under 25%", "25% to 49%", "50% to 74%", "75% or more"].enumerated() {
            html += "<li><svg width=\"14\" height=\"14\" aria-hidden=\"true\"><rect width=\"14\" height=\"14\" rx=\"3\" class=\"c\(level)\"/></svg>\(words)</li>"
        }
        return html + "</ul>\n"
    }

    /// The report's days with a plan, found by day: a place per calendar day of the report, not a table of
    /// thousands of statistics copied.
    struct DayIndex: Sendable {
        let days: [ArchiveReport.DayFigures]
        let first: Day
        /// Per calendar day from `first`: where its figures stand in `days`, or -1.
        private let places: [Int32]

        init(_ days: [ArchiveReport.DayFigures], from first: Day, through last: Day) {
            self.days = days
            self.first = first
            var places = [Int32](repeating: -1, count: max(first.days(until: last) + 1, 0))
            for (index, figures) in days.enumerated() {
                let offset = first.days(until: figures.day)
                if places.indices.contains(offset) { places[offset] = Int32(truncatingIfNeeded: index) }
            }
            self.places = places
        }

        /// The figures of `day`, if it has a plan.
        subscript(day: Day) -> DayStatistics? {
            let offset = first.days(until: day)
            guard places.indices.contains(offset), places[offset] >= 0 else { return nil }
            return days[Int(places[offset])].statistics
        }
    }

    /// The heat map of the days of `year` from `reportFirst` through `reportLast`, squares `step` pixels
    /// apart (nothing for a year out of the calendar's range). Squares of 24 pixels and more hold their
    /// day of the month.
    static func heatMap(of year: Int, from reportFirst: Day, through reportLast: Day, plans: DayIndex, step: Int) -> String {
        guard let span = yearSpan(year, reportFirst, reportLast) else { return "" }
        let (first, last) = (span.lowerBound, span.upperBound)
        let monday = DayExpression.week(of: first).lowerBound
        let weeks = monday.days(until: last) / 7 + 1
        let cell = step - 3, left = heatLabelWidth, top = heatTop
        let width = max(left + weeks * step, 120), height = top + 7 * step
        var html = "<svg class=\"year\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"completion by day, \(year)\">\n"
        for weekday in Weekday.allCases {
            html += "<text class=\"tick\" x=\"0\" y=\"\(top + (weekday.rawValue - 1) * step + cell / 2 + 4)\">\(weekday.abbreviation)</text>\n"
        }
        // The year over the weekdays; a month's name over the column of its first day (the first month's
        // over the first column), the earlier of two names too close to read dropped.
        var months: [(column: Int, name: String)] = []
        var day = first
        while day <= last {
            if day == first || day.day == 1 {
                let column = monday.days(until: day) / 7
                if let previous = months.last, column - previous.column < 2 { months.removeLast() }
                months.append((column, monthNames[day.month - 1]))
            }
            day = Day(year: day.year, month: day.month, day: 1).map { $0.adding(days: 31) }
                .flatMap { Day(year: $0.year, month: $0.month, day: 1) } ?? last.adding(days: 1)
        }
        html += "<text class=\"tick year-label\" x=\"0\" y=\"12\">\(year)</text>\n"
        for month in months {
            html += "<text class=\"tick\" x=\"\(left + month.column * step)\" y=\"12\">\(month.name)</text>\n"
        }
        // A square per day, written as bytes: string interpolation per square costs more than the rest
        // of the page.
        var squares: [UInt8] = []
        func put(_ text: String) { squares += text.utf8 }
        func put(_ number: Int) { squares.appendDecimal(number) }
        let numbered = step >= 24
        day = first
        while day <= last {
            let column = monday.days(until: day) / 7, row = Weekday(of: day).rawValue - 1
            let x = left + column * step, y = top + row * step
            let statistics = plans[day]
            let fraction = statistics.map { $0.completion ?? 0 }
            let level = fraction.map { $0 >= 0.75 ? 4 : $0 >= 0.5 ? 3 : $0 >= 0.25 ? 2 : 1 } ?? 0
            put("<rect x=\"")
            put(x)
            put("\" y=\"")
            put(y)
            put("\" width=\"")
            put(cell)
            put("\" height=\"")
            put(cell)
            put("\" rx=\"3\" class=\"c")
            put(level)
            put("\"><title>")
            put(day.description)
            put(": ")
            if let statistics {
                put(FigureText.percent(statistics.completion))
                put(" (")
                put(statistics.planned.done)
                put(" of ")
                put(statistics.planned.planned - statistics.planned.cancelled)
                put("), score ")
                put(statistics.score)
            } else {
                put("no plan")
            }
            put("</title></rect>\n")
            if numbered {
                put("<text class=\"dn")
                put(level >= 3 ? " on" : "")
                put("\" x=\"")
                put(x + cell / 2)
                put("\" y=\"")
                put(y + cell / 2 + 4)
                put("\">")
                put(day.day)
                put("</text>\n")
            }
            day = day.adding(days: 1)
        }
        html += String(decoding: squares, as: UTF8.self)
        html += "</svg>\n"
        return html
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
