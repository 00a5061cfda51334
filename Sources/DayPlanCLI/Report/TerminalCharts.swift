import DayPlan
import DayPlanArchive

/// Charts drawn with Unicode block characters, for `dayplan report` on a terminal.
enum TerminalCharts {
    /// The eight heights of a sparkline, lowest first.
    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The heat map's shades: no plan, then completion below 25%, 50%, 75%, then up to 100%.
    static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    /// The widest chart, in characters.
    static let width = 60

    /// One character per value, from `▁` (the lowest, or 0) to `█` (the highest); a space for a missing value.
    static func sparkline(_ values: [Double?], maximum: Double? = nil) -> String {
        let top = maximum ?? values.compactMap { $0 }.max() ?? 0
        return String(values.map { value -> Character in
            guard let value else { return " " }
            guard top > 0 else { return levels[0] }
            let index = Int((value / top * Double(levels.count - 1)).rounded())
            return levels[min(max(index, 0), levels.count - 1)]
        })
    }

    /// A horizontal bar of `fraction` × `width` cells, in eighths.
    static func bar(_ fraction: Double, width: Int) -> String {
        let eighths = Int((min(max(fraction, 0), 1) * Double(width * 8)).rounded())
        let partial: [String] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
    }

    /// Completion, score and backlog per period (the last `width` periods), each a sparkline.
    static func sparklines(_ report: ArchiveReport) -> [String] {
        let periods = report.periods.suffix(width)
        let label = "per \(report.grouping.rawValue), \(periods.first?.label ?? "") to \(periods.last?.label ?? "")"
        return [
            "Completion  " + sparkline(periods.map { $0.statistics.completion }, maximum: 1) + "  (\(label); ▁ 0% … █ 100%)",
            "Score       " + sparkline(periods.map { Double($0.statistics.score) }),
            "Backlog     " + sparkline(periods.map { $0.backlog.map(Double.init) }),
        ]
    }

    /// A calendar heat map like a contribution graph: a column per week (the last 52 of the report), a row
    /// per weekday, each day shaded by its completion.
    static func heatMap(_ report: ArchiveReport) -> [String] {
        var completion: [Day: Double?] = [:]
        for figures in report.days { completion[figures.day] = .some(figures.statistics.completion) }
        let lastMonday = DayExpression.week(of: report.last).lowerBound
        let weeks = min(52, report.first.days(until: lastMonday) / 7 + 1)
        let firstMonday = lastMonday.adding(days: -7 * (weeks - 1))
        var rows: [String] = []
        for weekday in Weekday.allCases {
            var row = weekday.abbreviation + " "
            for week in 0..<weeks {
                let day = firstMonday.adding(days: 7 * week + weekday.rawValue - 1)
                guard day >= report.first, day <= report.last else { row.append(" "); continue }
                guard let entry = completion[day] else { row.append(shades[0]); continue }
                let fraction = entry ?? 0
                row.append(shades[fraction >= 0.75 ? 4 : fraction >= 0.5 ? 3 : fraction >= 0.25 ? 2 : 1])
            }
            rows.append(row)
        }
        return ["Completion by day, weeks from \(firstMonday) (· no plan, ░ under 25%, ▒ 25%, ▓ 50%, █ 75% or more):"] + rows
    }
}
