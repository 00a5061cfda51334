import DayPlan

/// `dayplan report --format html`: one self-contained page (inline CSS and SVG; no script, no font or image
/// to fetch) with the heat map, completion and score over time, the backlog, streaks, the most-migrated
/// tasks, the top tags and the tables. It follows the reader's light or dark setting and prints on paper.
enum HTMLReport {
    /// The whole page.
    static func page(_ report: ArchiveReport) -> String {
        let t = report.total.planned
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>Day plan report, \(report.first) to \(report.last)</title>
            <style>
            \(style)</style>
            </head>
            <body>
            <header>
            <h1>Day plan report</h1>
            <p>\(report.first) to \(report.last): \(FigureText.count(report.calendarDays, "day")), \(report.days.count) with a plan. Made on \(report.today) by dayplan.</p>
            </header>

            """
        let lead = report.leadTime
        html += "<section class=\"cards\">\n"
        html += card(FigureText.percent(t.completion), "completion", "\(t.done) done of \(t.planned - t.cancelled) planned (\(t.cancelled) cancelled)")
        html += card(String(report.total.score), "score", Bucket.allCases.map { "\($0) \(Score.points(for: $0))" }.joined(separator: " · "))
        html += card(String(report.mustStreak.current), "must streak", "longest \(report.mustStreak.longest)" + range(report.mustStreak))
        html += card(String(report.completionStreak.current), "completion streak",
                     "days at \(FigureText.percent(ArchiveReport.completionThreshold)) or more; longest \(report.completionStreak.longest)" + range(report.completionStreak))
        html += card(lead.median.map { FigureText.fixed($0, 1) } ?? "–", "days to done (median)",
                     lead.mean.map { "mean \(FigureText.fixed($0, 1)), longest \(lead.longest ?? 0), \(FigureText.count(lead.count, "task"))" } ?? "no task done")
        html += card(report.days.last.map { String($0.backlog) } ?? "–", "in the backlog",
                     report.days.last.map { "on \($0.day)" + ($0.backlogMeanAge.map { ", waiting \(FigureText.fixed($0, 1)) days on average" } ?? "") } ?? "")
        html += "</section>\n\n"

        html += "<section>\n<h2>Completion by day</h2>\n"
        html += heatMaps(report)
        html += "<p class=\"legend\"><svg width=\"150\" height=\"12\" role=\"img\" aria-label=\"legend\">"
        for level in 0..<5 { html += "<rect x=\"\(level * 30)\" y=\"0\" width=\"11\" height=\"11\" rx=\"2\" class=\"c\(level)\"/>" }
        html += "</svg> no plan, under 25%, 25%, 50%, 75% or more</p>\n</section>\n\n"

        html += "<section>\n<h2>Completion and score per \(report.grouping.rawValue)</h2>\n"
        html += lineChart(report.periods.map { $0.statistics.completion.map { $0 * 100 } }, labels: report.periods.map(\.label),
                          maximum: 100, unit: "%", name: "completion")
        html += barChart(report.periods.map { Double($0.statistics.score) }, labels: report.periods.map(\.label), name: "score")
        html += "</section>\n\n"

        html += "<section>\n<h2>Backlog per day</h2>\n"
        html += lineChart(report.days.map { Double($0.backlog) }, labels: report.days.map(\.day.description), maximum: nil,
                          unit: "", name: "backlog")
        html += "</section>\n\n"

        html += "<section class=\"two\">\n<div>\n<h2>Most migrated</h2>\n"
        if report.mostMigrated.isEmpty {
            html += "<p>No task was moved on.</p>\n"
        } else {
            html += "<table>\n<thead><tr><th>moves</th><th>task</th><th>first planned</th><th>last</th></tr></thead>\n<tbody>\n"
            for task in report.mostMigrated {
                html += "<tr><td class=\"n\">\(task.moves)</td><td>\(escape(task.title))</td><td class=\"d\">\(task.firstPlanned)</td>"
                    + "<td class=\"d\">\(task.latest.status.name) on \(task.latest.day)</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        html += "</div>\n<div>\n<h2>Top tags by tasks done</h2>\n"
        html += report.topTags.isEmpty ? "<p>No task done.</p>\n" : tagBars(report.topTags)
        html += "</div>\n</section>\n\n"

        html += "<section>\n<h2>By region and bucket</h2>\n<table>\n"
        html += "<thead><tr><th></th><th>planned</th><th>done</th><th>cancelled</th><th>moved</th><th>open</th><th>completion</th></tr></thead>\n<tbody>\n"
        for region in Region.allCases { html += countsRow(region.name, report.total.counts(in: region)) }
        for bucket in Bucket.allCases { html += countsRow(bucket.description, report.total.counts(of: bucket)) }
        html += countsRow("All planned", t)
        html += "</tbody>\n</table>\n</section>\n\n"

        html += "<section>\n<h2>Per \(report.grouping.rawValue)</h2>\n<table>\n"
        html += "<thead><tr><th>\(report.grouping.rawValue)</th><th>plans</th><th>planned</th><th>done</th><th>cancelled</th><th>moved</th><th>open</th><th>completion</th><th>score</th><th>backlog</th></tr></thead>\n<tbody>\n"
        for period in report.periods {
            let c = period.statistics.planned
            html += "<tr><td class=\"d\">\(period.label)</td>" + [String(period.plans), String(c.planned), String(c.done), String(c.cancelled),
                                                     String(c.moved), String(c.open), FigureText.percent(c.completion),
                                                     String(period.statistics.score), period.backlog.map(String.init) ?? "–"]
                .map { "<td class=\"n\">\($0)</td>" }.joined() + "</tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n\n"
        html += "<footer>Completion is done ÷ (planned − cancelled) over Morning, Afternoon and Evening; the score weighs each task done by its bucket. Every figure is defined in dayplan's REPORTS.md.</footer>\n</body>\n</html>\n"
        return html
    }

    static let style = """
        :root { --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --card: #f6f8fa;
          --c0: #eff2f5; --c1: #c6e48b; --c2: #7bc96f; --c3: #239a3b; --c4: #196127; --accent: #0969da; --bar: #bf8700; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --card: #151b23;
            --c0: #212830; --c1: #0e4429; --c2: #006d32; --c3: #26a641; --c4: #39d353; --accent: #4493f8; --bar: #d29922; }
        }
        @media print {
          :root { --bg: #ffffff; --fg: #000000; --muted: #444444; --line: #999999; --card: #ffffff;
            --c0: #eeeeee; --c1: #c6e48b; --c2: #7bc96f; --c3: #239a3b; --c4: #196127; --accent: #0550ae; --bar: #9a6700; }
          body { margin: 0; max-width: none; }
          section, .card, table, svg { break-inside: avoid; }
        }
        * { box-sizing: border-box; }
        body { background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
          max-width: 1000px; margin: 2rem auto; padding: 0 1rem; }
        h1 { font-size: 1.6rem; margin: 0 0 .2rem; }
        h2 { font-size: 1.1rem; margin: 1.6rem 0 .6rem; }
        header p, .legend, footer { color: var(--muted); }
        footer { margin: 2rem 0; font-size: .85rem; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .7rem; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .7rem .8rem; }
        .card b { display: block; font-size: 1.7rem; line-height: 1.2; }
        .card span { display: block; font-weight: 600; }
        .card small { color: var(--muted); }
        .two { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 1.5rem; }
        table { border-collapse: collapse; width: 100%; font-size: .9rem; }
        th, td { border-bottom: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
        th { color: var(--muted); font-weight: 600; }
        td.d { white-space: nowrap; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        svg { display: block; max-width: 100%; height: auto; }
        svg text { fill: var(--muted); font: 10px system-ui, sans-serif; }
        .legend svg { display: inline-block; vertical-align: middle; }
        .c0 { fill: var(--c0); } .c1 { fill: var(--c1); } .c2 { fill: var(--c2); } .c3 { fill: var(--c3); } .c4 { fill: var(--c4); }
        .axis { stroke: var(--line); stroke-width: 1; }
        .series { fill: none; stroke: var(--accent); stroke-width: 2; }
        .point { fill: var(--accent); }
        .bar { fill: var(--bar); }
        .year { margin: 0 0 .5rem; }

        """

    static func card(_ figure: String, _ name: String, _ detail: String) -> String {
        "<div class=\"card\"><b>\(escape(figure))</b><span>\(escape(name))</span><small>\(escape(detail))</small></div>\n"
    }

    static func range(_ streak: ArchiveReport.Streak) -> String {
        guard let first = streak.longestFirst, let last = streak.longestLast else { return "" }
        return first == last ? " (\(first))" : " (\(first) to \(last))"
    }

    static func countsRow(_ name: String, _ c: TaskCounts) -> String {
        "<tr><td>\(name)</td>" + [String(c.planned), String(c.done), String(c.cancelled), String(c.moved), String(c.open),
                                  FigureText.percent(c.completion)].map { "<td class=\"n\">\($0)</td>" }.joined() + "</tr>\n"
    }

    /// One contribution-graph SVG per calendar year of the report: a column per week, a row per weekday.
    /// Each year's map is made on a core of its own, and the maps are joined in order.
    static func heatMaps(_ report: ArchiveReport) -> String {
        let (first, last) = (report.first, report.last)
        let plans = DayIndex(report.days, from: first, through: last)
        var html = ""
        forEachInBatches(Array(first.year...last.year), work: { year in
            heatMap(of: year, from: first, through: last, plans: plans)
        }) { _, map in html += map }
        return html
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

    /// The heat map of the days of `year` from `reportFirst` through `reportLast` (nothing for a year out of
    /// the calendar's range).
    static func heatMap(of year: Int, from reportFirst: Day, through reportLast: Day, plans: DayIndex) -> String {
        guard let january = Day(year: year, month: 1, day: 1), let december = Day(year: year, month: 12, day: 31) else { return "" }
        var html = ""
        let first = max(january, reportFirst), last = min(december, reportLast)
        let monday = DayExpression.week(of: first).lowerBound
        let weeks = monday.days(until: last) / 7 + 1
        let width = max(32 + weeks * 13, 80), height = 18 + 7 * 13
        html += "<svg class=\"year\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"completion by day, \(year)\">\n"
        html += "<text x=\"0\" y=\"10\">\(year)</text>\n"
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            html += "<text x=\"0\" y=\"\(18 + row * 13 + 9)\">\(name)</text>\n"
        }
        // A square per day, written as bytes: string interpolation per square costs more than the rest
        // of the page.
        var squares: [UInt8] = []
        func put(_ text: String) { squares += text.utf8 }
        func put(_ number: Int) {
            squares.appendDecimal(number)
        }
        var day = first
        var lastMonth = 0
        while day <= last {
            let column = monday.days(until: day) / 7, row = Weekday(of: day).rawValue - 1
            if day.month != lastMonth, row == 0 || day == first {
                lastMonth = day.month
                put("<text x=\"")
                put(32 + column * 13)
                put("\" y=\"10\">" + monthNames[day.month - 1] + "</text>\n")
            }
            let x = 32 + column * 13, y = 18 + row * 13
            let statistics = plans[day]
            let fraction = statistics.map { $0.completion ?? 0 }
            let level = fraction.map { $0 >= 0.75 ? 4 : $0 >= 0.5 ? 3 : $0 >= 0.25 ? 2 : 1 } ?? 0
            put("<rect x=\"")
            put(x)
            put("\" y=\"")
            put(y)
            put("\" width=\"11\" height=\"11\" rx=\"2\" class=\"c")
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
            day = day.adding(days: 1)
        }
        html += String(decoding: squares, as: UTF8.self)
        html += "</svg>\n"
        return html
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Chart geometry: the plot area inside the SVG.
    static let chartWidth = 960, chartHeight = 200, left = 44, bottom = 22, top = 8

    /// Labels along the x axis: the first, the last and about six between.
    static func xLabels(_ labels: [String], x: (Int) -> Double) -> String {
        guard !labels.isEmpty else { return "" }
        let step = max(1, labels.count / 6)
        var html = ""
        var shown = Set<Int>()
        // Every step-th label, but none too close before the last, which is always shown.
        for index in stride(from: 0, to: labels.count, by: step) where step == 1 || labels.count - 1 - index > step / 2 {
            shown.insert(index)
        }
        shown.insert(labels.count - 1)
        for index in shown.sorted() {
            let anchor = index == 0 ? "start" : index == labels.count - 1 ? "end" : "middle"
            html += "<text x=\"\(FigureText.fixed(x(index), 1))\" y=\"\(chartHeight - 6)\" text-anchor=\"\(anchor)\">\(escape(labels[index]))</text>\n"
        }
        return html
    }

    /// A line through `values` (a gap where one is missing), from 0 to `maximum` (else the largest value).
    static func lineChart(_ values: [Double?], labels: [String], maximum: Double?, unit: String, name: String) -> String {
        let top = max(maximum ?? values.compactMap { $0 }.max() ?? 0, 1)
        let plotWidth = Double(chartWidth - left - 8), plotHeight = Double(chartHeight - bottom - self.top)
        func x(_ index: Int) -> Double { Double(left) + (values.count > 1 ? Double(index) * plotWidth / Double(values.count - 1) : plotWidth / 2) }
        func y(_ value: Double) -> Double { Double(self.top) + plotHeight * (1 - value / top) }
        var html = "<svg class=\"chart \(name)\" width=\"\(chartWidth)\" height=\"\(chartHeight)\" viewBox=\"0 0 \(chartWidth) \(chartHeight)\" role=\"img\" aria-label=\"\(name)\">\n"
        for fraction in [0.0, 0.5, 1.0] {
            let value = top * fraction
            html += "<line class=\"axis\" x1=\"\(left)\" x2=\"\(chartWidth - 8)\" y1=\"\(FigureText.fixed(y(value), 1))\" y2=\"\(FigureText.fixed(y(value), 1))\"/>\n"
            html += "<text x=\"\(left - 6)\" y=\"\(FigureText.fixed(y(value) + 3, 1))\" text-anchor=\"end\">\(FigureText.fixed(value, 0))\(unit)</text>\n"
        }
        var runs: [[String]] = [[]]
        for (index, value) in values.enumerated() {
            guard let value else { if !(runs.last?.isEmpty ?? true) { runs.append([]) }; continue }
            runs[runs.count - 1].append("\(FigureText.fixed(x(index), 1)),\(FigureText.fixed(y(value), 1))")
        }
        for run in runs where !run.isEmpty {
            html += "<polyline class=\"series\" points=\"\(run.joined(separator: " "))\"/>\n"
        }
        if values.count <= 62 {
            for (index, value) in values.enumerated() {
                guard let value else { continue }
                html += "<circle class=\"point\" cx=\"\(FigureText.fixed(x(index), 1))\" cy=\"\(FigureText.fixed(y(value), 1))\" r=\"3\"><title>\(escape(labels[index])): \(FigureText.fixed(value, 0))\(unit)</title></circle>\n"
            }
        }
        html += xLabels(labels, x: x)
        return html + "</svg>\n"
    }

    /// A bar per value, from 0 to the largest.
    static func barChart(_ values: [Double], labels: [String], name: String) -> String {
        let top = max(values.max() ?? 0, 1)
        let plotWidth = Double(chartWidth - left - 8), plotHeight = Double(chartHeight - bottom - self.top)
        let slot = plotWidth / Double(max(values.count, 1))
        func x(_ index: Int) -> Double { Double(left) + slot * (Double(index) + 0.5) }
        var html = "<svg class=\"chart \(name)\" width=\"\(chartWidth)\" height=\"\(chartHeight)\" viewBox=\"0 0 \(chartWidth) \(chartHeight)\" role=\"img\" aria-label=\"\(name)\">\n"
        for fraction in [0.0, 0.5, 1.0] {
            let y = Double(self.top) + plotHeight * (1 - fraction)
            html += "<line class=\"axis\" x1=\"\(left)\" x2=\"\(chartWidth - 8)\" y1=\"\(FigureText.fixed(y, 1))\" y2=\"\(FigureText.fixed(y, 1))\"/>\n"
            html += "<text x=\"\(left - 6)\" y=\"\(FigureText.fixed(y + 3, 1))\" text-anchor=\"end\">\(FigureText.fixed(top * fraction, 0))</text>\n"
        }
        for (index, value) in values.enumerated() {
            let height = plotHeight * value / top
            html += "<rect class=\"bar\" x=\"\(FigureText.fixed(Double(left) + slot * Double(index) + slot * 0.1, 1))\" y=\"\(FigureText.fixed(Double(self.top) + plotHeight - height, 1))\" width=\"\(FigureText.fixed(slot * 0.8, 1))\" height=\"\(FigureText.fixed(height, 1))\"><title>\(escape(labels[index])): \(FigureText.fixed(value, 0)) points</title></rect>\n"
        }
        html += xLabels(labels, x: x)
        return html + "</svg>\n"
    }

    /// Horizontal bars, one per tag.
    static func tagBars(_ tags: [ArchiveReport.TagCount]) -> String {
        let most = Double(max(tags.first?.done ?? 1, 1))
        let width = 420, row = 22
        var html = "<svg class=\"chart tags\" width=\"\(width)\" height=\"\(tags.count * row)\" viewBox=\"0 0 \(width) \(tags.count * row)\" role=\"img\" aria-label=\"top tags\">\n"
        for (index, tag) in tags.enumerated() {
            let y = index * row
            let length = Double(width - 170) * Double(tag.done) / most
            html += "<text x=\"0\" y=\"\(y + 14)\">#\(escape(tag.tag))</text>\n"
            html += "<rect class=\"bar\" x=\"130\" y=\"\(y + 4)\" width=\"\(FigureText.fixed(length, 1))\" height=\"14\" rx=\"2\"><title>#\(escape(tag.tag)): \(tag.done) done</title></rect>\n"
            html += "<text x=\"\(FigureText.fixed(134 + length, 1))\" y=\"\(y + 15)\">\(tag.done)</text>\n"
        }
        return html + "</svg>\n"
    }

    /// Text for HTML: `&`, `<`, `>` and `"` escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
