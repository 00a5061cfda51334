import DayPlan
import DayPlanArchive

/// The charts of `dayplan report --format html`: completion, score and the backlog over time, each point
/// placed by its date (a day without a plan is a gap, and three or more in a row are shaded and named), and
/// the top tags as bars. Each chart has axis labels; its title is its figure's caption.
extension HTMLReport {
    /// One point or bar: the days it stands for, its value (nil: none to show), and its name in the tooltip.
    struct Sample {
        /// The first and last day it stands for (the same day for a day; a week or month within the report).
        let first: Day, last: Day
        /// The value drawn; nil draws nothing there.
        let value: Double?
        /// What the tooltip calls it: `2026-11-20`, `2026-W47 (2026-11-16 to 2026-11-21)`.
        let label: String
    }

    /// Chart geometry: the SVG's size and the plot area's margins.
    static let chartWidth = 960, chartHeight = 230, plotLeft = 58, plotRight = 14, plotTop = 14, plotBottom = 46
    /// Days without a plan in a row that are shaded and named on the charts over time.
    static let shadedGap = 3

    /// The x axis of the charts over time: the report's calendar days side by side, a column each, so that
    /// a point stands at its date.
    struct TimeAxis {
        /// The report's first day, and how many calendar days it has.
        let first: Day, days: Int
        /// The plot area's left edge and width.
        let left: Double, width: Double

        /// The axis of `report`'s days, across the plot area of `chartWidth`.
        init(_ report: ArchiveReport) {
            first = report.first
            days = max(report.calendarDays, 1)
            left = Double(plotLeft)
            width = Double(chartWidth - plotLeft - plotRight)
        }

        /// The width of a day's column.
        var dayWidth: Double { width / Double(days) }
        /// The middle of `day`'s column.
        func x(_ day: Day) -> Double { left + dayWidth * (Double(first.days(until: day)) + 0.5) }
        /// The middle of the columns from `first` through `last`.
        func x(_ first: Day, _ last: Day) -> Double { (x(first) + x(last)) / 2 }
    }

    /// The y axis: from 0 to `top`, labelled at `ticks`.
    struct Scale {
        /// The value at the top of the plot.
        let top: Double
        /// The values labelled along the axis, 0 first.
        let ticks: [Double]

        /// 0% to 100%, every 25%.
        static let percent = Scale(top: 100, ticks: [0, 25, 50, 75, 100])

        /// Whole numbers from 0 to a round number at or above `maximum`, at most five labels.
        static func counting(to maximum: Double) -> Scale {
            let raw = max(maximum, 1) / 4
            var magnitude = 1.0
            while magnitude * 10 <= raw { magnitude *= 10 }
            let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
            let top = (max(maximum, 1) / step).rounded(.up) * step
            return Scale(top: top, ticks: Array(stride(from: 0, through: top, by: step)))
        }
    }

    /// The runs of `shadedGap` or more calendar days of the report without a plan.
    static func gaps(_ report: ArchiveReport) -> [ClosedRange<Day>] {
        var gaps: [ClosedRange<Day>] = []
        var previous = report.first.adding(days: -1)
        for day in report.days.map(\.day) + [report.last.adding(days: 1)] {
            if previous.days(until: day) - 1 >= shadedGap { gaps.append(previous.adding(days: 1)...day.adding(days: -1)) }
            previous = day
        }
        return gaps
    }

    /// The days to label along the time axis, with their labels: every day, every Monday, every other
    /// Monday, the first of each month, of each quarter or of each year: the most of these that stay 64
    /// pixels apart.
    static func dateTicks(_ axis: TimeAxis) -> [(day: Day, label: String)] {
        let last = axis.first.adding(days: axis.days - 1)
        let firstMonday = DayExpression.week(of: axis.first).lowerBound
        let kinds: [(spacing: Int, monthly: Bool, includes: (Day) -> Bool)] = [
            (1, false, { _ in true }),
            (7, false, { Weekday(of: $0) == .monday }),
            (14, false, { Weekday(of: $0) == .monday && firstMonday.days(until: $0) % 14 == 0 }),
            (31, true, { $0.day == 1 }),
            (92, true, { $0.day == 1 && $0.month % 3 == 1 }),
            (366, true, { $0.day == 1 && $0.month == 1 }),
        ]
        let kind = kinds.first { Double($0.spacing) * axis.dayWidth >= 64 } ?? kinds[kinds.count - 1]
        var ticks: [(day: Day, label: String)] = []
        var day = axis.first
        while day <= last {
            if kind.includes(day) {
                let month = monthNames[day.month - 1]
                let label = !kind.monthly ? "\(day.day) \(month)"
                    : kind.spacing > 92 ? String(day.year) : day.month == 1 || ticks.isEmpty ? "\(month) \(day.year)" : month
                ticks.append((day, label))
            }
            day = day.adding(days: 1)
        }
        return ticks.isEmpty ? [(axis.first, "\(axis.first.day) \(monthNames[axis.first.month - 1]) \(axis.first.year)")] : ticks
    }

    /// The SVG's start, and what every chart over time has: the grid and labels of `scale`, the shaded gaps,
    /// the date ticks and both axis labels.
    static func timeFrame(name: String, axis: TimeAxis, scale: Scale, unit: String, yLabel: String, xLabel: String,
                          gaps: [ClosedRange<Day>]) -> String {
        let plotHeight = Double(chartHeight - plotTop - plotBottom), bottom = Double(plotTop) + plotHeight
        func y(_ value: Double) -> Double { Double(plotTop) + plotHeight * (1 - value / scale.top) }
        var html = "<svg class=\"chart \(name)\" width=\"\(chartWidth)\" height=\"\(chartHeight)\" viewBox=\"0 0 \(chartWidth) \(chartHeight)\" role=\"img\" aria-label=\"\(escape(yLabel)) by date\">\n"
        for gap in gaps {
            let from = axis.x(gap.lowerBound) - axis.dayWidth / 2, width = axis.dayWidth * Double(gap.lowerBound.days(until: gap.upperBound) + 1)
            let days = gap.lowerBound.days(until: gap.upperBound) + 1
            html += "<rect class=\"gap\" x=\"\(FigureText.fixed(from, 1))\" y=\"\(plotTop)\" width=\"\(FigureText.fixed(width, 1))\" height=\"\(FigureText.fixed(plotHeight, 1))\">"
                + "<title>no plan: \(gap.lowerBound) to \(gap.upperBound) (\(days) days)</title></rect>\n"
            if width >= 56 {
                html += "<text class=\"gap-label\" x=\"\(FigureText.fixed(from + width / 2, 1))\" y=\"\(plotTop + 14)\" text-anchor=\"middle\">"
                    + (width >= 110 ? "no plan, \(days) days" : "no plan") + "</text>\n"
            }
        }
        for value in scale.ticks {
            let level = FigureText.fixed(y(value), 1)
            html += "<line class=\"\(value == 0 ? "axis" : "grid")\" x1=\"\(plotLeft)\" x2=\"\(chartWidth - plotRight)\" y1=\"\(level)\" y2=\"\(level)\"/>\n"
            html += "<text class=\"tick\" x=\"\(plotLeft - 6)\" y=\"\(FigureText.fixed(y(value) + 3.5, 1))\" text-anchor=\"end\">\(FigureText.fixed(value, 0))\(unit)</text>\n"
        }
        for tick in dateTicks(axis) {
            let x = FigureText.fixed(axis.x(tick.day), 1)
            html += "<line class=\"axis\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(FigureText.fixed(bottom, 1))\" y2=\"\(FigureText.fixed(bottom + 4, 1))\"/>\n"
            html += "<text class=\"tick\" x=\"\(x)\" y=\"\(FigureText.fixed(bottom + 16, 1))\" text-anchor=\"middle\">\(tick.label)</text>\n"
        }
        html += "<text class=\"axis-label\" transform=\"translate(14 \(FigureText.fixed(Double(plotTop) + plotHeight / 2, 1))) rotate(-90)\" text-anchor=\"middle\">\(escape(yLabel))</text>\n"
        html += "<text class=\"axis-label\" x=\"\(plotLeft + (chartWidth - plotLeft - plotRight) / 2)\" y=\"\(chartHeight - 6)\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        return html
    }

    /// A line through `samples` at their dates, broken where a value is missing and between samples that
    /// are not next to each other (days or periods without a plan between them), with a point per sample
    /// when there are few (and always for a sample standing alone).
    static func lineChart(_ samples: [Sample], axis: TimeAxis, scale: Scale, unit: String, yLabel: String, xLabel: String,
                          name: String, gaps: [ClosedRange<Day>]) -> String {
        let plotHeight = Double(chartHeight - plotTop - plotBottom)
        func y(_ value: Double) -> Double { Double(plotTop) + plotHeight * (1 - min(value, scale.top) / scale.top) }
        var html = timeFrame(name: name, axis: axis, scale: scale, unit: unit, yLabel: yLabel, xLabel: xLabel, gaps: gaps)
        var runs: [[Sample]] = []
        var previous: Sample?
        for sample in samples {
            defer { previous = sample }
            guard sample.value != nil else { continue }
            if let previous, previous.value != nil, previous.last.adding(days: 1) == sample.first {
                runs[runs.count - 1].append(sample)
            } else {
                runs.append([sample])
            }
        }
        for run in runs where run.count > 1 {
            let points = run.map { "\(FigureText.fixed(axis.x($0.first, $0.last), 1)),\(FigureText.fixed(y($0.value ?? 0), 1))" }
            html += "<polyline class=\"series\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        for run in runs where samples.count <= 62 || run.count == 1 {
            for sample in run {
                guard let value = sample.value else { continue }
                html += "<circle class=\"point\" cx=\"\(FigureText.fixed(axis.x(sample.first, sample.last), 1))\" cy=\"\(FigureText.fixed(y(value), 1))\" r=\"3.5\">"
                    + "<title>\(escape(sample.label)): \(FigureText.fixed(value, 0))\(unit)</title></circle>\n"
            }
        }
        return html + "</svg>\n"
    }

    /// A bar per sample, as wide as the days it stands for, with its value on top when the bars are few
    /// and wide enough.
    static func barChart(_ samples: [Sample], axis: TimeAxis, scale: Scale, unit: String, yLabel: String, xLabel: String,
                         name: String, gaps: [ClosedRange<Day>]) -> String {
        let plotHeight = Double(chartHeight - plotTop - plotBottom)
        var html = timeFrame(name: name, axis: axis, scale: scale, unit: "", yLabel: yLabel, xLabel: xLabel, gaps: gaps)
        for sample in samples {
            guard let value = sample.value else { continue }
            let span = axis.dayWidth * Double(sample.first.days(until: sample.last) + 1)
            let pad = min(span * 0.15, 4), width = max(span - 2 * pad, 1)
            let height = plotHeight * min(value, scale.top) / scale.top, top = Double(plotTop) + plotHeight - height
            let x = axis.x(sample.first) - axis.dayWidth / 2 + pad
            html += "<rect class=\"bar\" x=\"\(FigureText.fixed(x, 1))\" y=\"\(FigureText.fixed(top, 1))\" width=\"\(FigureText.fixed(width, 1))\" height=\"\(FigureText.fixed(height, 1))\">"
                + "<title>\(escape(sample.label)): \(FigureText.fixed(value, 0)) \(unit)</title></rect>\n"
            if samples.count <= 24, width >= 18 {
                html += "<text class=\"value\" x=\"\(FigureText.fixed(x + width / 2, 1))\" y=\"\(FigureText.fixed(top - 4, 1))\" text-anchor=\"middle\">\(FigureText.fixed(value, 0))</text>\n"
            }
        }
        return html + "</svg>\n"
    }

    /// Horizontal bars, one per tag, on a scale of tasks done.
    static func tagBars(_ tags: [ArchiveReport.TagCount]) -> String {
        let width = 460, row = 24, barsLeft = 150, barsRight = 36, top = 4
        let barWidth = Double(width - barsLeft - barsRight)
        let scale = Scale.counting(to: Double(tags.first?.done ?? 1))
        let bottom = top + tags.count * row, height = bottom + 44
        var html = "<svg class=\"chart tags\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"top tags by tasks done\">\n"
        for value in scale.ticks {
            let x = FigureText.fixed(Double(barsLeft) + barWidth * value / scale.top, 1)
            html += "<line class=\"\(value == 0 ? "axis" : "grid")\" x1=\"\(x)\" x2=\"\(x)\" y1=\"\(top)\" y2=\"\(bottom + 4)\"/>\n"
            html += "<text class=\"tick\" x=\"\(x)\" y=\"\(bottom + 16)\" text-anchor=\"middle\">\(FigureText.fixed(value, 0))</text>\n"
        }
        for (index, tag) in tags.enumerated() {
            let y = top + index * row
            let length = barWidth * Double(tag.done) / scale.top
            let name = tag.tag.count > 16 ? String(tag.tag.prefix(15)) + "…" : tag.tag
            html += "<text class=\"tag\" x=\"\(barsLeft - 8)\" y=\"\(y + 16)\" text-anchor=\"end\">#\(escape(name))</text>\n"
            html += "<rect class=\"bar\" x=\"\(barsLeft)\" y=\"\(y + 5)\" width=\"\(FigureText.fixed(length, 1))\" height=\"15\" rx=\"2\"><title>#\(escape(tag.tag)): \(tag.done) done</title></rect>\n"
            html += "<text class=\"value\" x=\"\(FigureText.fixed(Double(barsLeft) + length + 4, 1))\" y=\"\(y + 16)\">\(tag.done)</text>\n"
        }
        html += "<text class=\"axis-label\" transform=\"translate(14 \(top + tags.count * row / 2)) rotate(-90)\" text-anchor=\"middle\">tag</text>\n"
        html += "<text class=\"axis-label\" x=\"\(barsLeft + Int(barWidth) / 2)\" y=\"\(height - 6)\" text-anchor=\"middle\">tasks done</text>\n"
        return html + "</svg>\n"
    }
}
