import DayPlan
import DayPlanArchive

/// `dayplan report --format html`: one self-contained page (inline CSS and SVG; no script, no font or image
/// to fetch) with the heat map (`HTMLHeatMap.swift`), completion, score and the backlog over time, placed by
/// date, and the top tags (`HTMLCharts.swift`), the streaks, the most-migrated tasks and the tables. It
/// follows the reader's light or dark setting and prints on paper.
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

        html += "<section>\n<h2>Completion by day</h2>\n<figure class=\"heat\">\n"
        html += heatMaps(report)
        html += heatLegend()
        html += "</figure>\n</section>\n\n"

        // The charts over time, each point at its date.
        let axis = TimeAxis(report), gaps = gaps(report)
        let per = report.grouping.rawValue
        func samples(_ value: (ArchiveReport.Period) -> Double?) -> [Sample] {
            report.periods.map { period in
                Sample(first: period.first, last: period.last, value: value(period),
                       label: report.grouping == .day ? period.label : "\(period.label) (\(period.first) to \(period.last))")
            }
        }
        let placed = report.grouping == .day ? "day, placed by date" : "\(per), placed at the middle of its days"
        html += "<section>\n<h2>Over time</h2>\n"
        html += figure("Completion per \(per)", lineChart(
            samples { $0.statistics.completion.map { $0 * 100 } },
            axis: axis, scale: .percent, unit: "%", yLabel: "completion (%)", xLabel: placed, name: "completion", gaps: gaps))
        html += figure("Score per \(per)", barChart(
            samples { Double($0.statistics.score) },
            axis: axis, scale: .counting(to: Double(report.periods.map(\.statistics.score).max() ?? 0)), unit: "points",
            yLabel: "points", xLabel: placed, name: "score", gaps: gaps))
        html += figure("Tasks in the backlog per day", lineChart(
            report.days.map { Sample(first: $0.day, last: $0.day, value: Double($0.backlog), label: $0.day.description) },
            axis: axis, scale: .counting(to: Double(report.days.map(\.backlog).max() ?? 0)), unit: "",
            yLabel: "tasks waiting", xLabel: "day, placed by date", name: "backlog", gaps: gaps))
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
        html += "</div>\n<div>\n<h2>Tags</h2>\n"
        html += report.topTags.isEmpty ? "<p>No task done with a tag.</p>\n" : figure("Top tags by tasks done", tagBars(report.topTags))
        if report.untaggedDone > 0 {
            html += "<p class=\"note\">And \(FigureText.count(report.untaggedDone, "task")) done without a tag (the implied inbox, not counted as a tag).</p>\n"
        }
        html += "</div>\n</section>\n\n"

        html += "<section>\n<h2>By region and bucket</h2>\n<table>\n"
        html += "<thead><tr><th></th><th>planned</th><th>done</th><th>cancelled</th><th>moved</th><th>open</th><th>completion</th></tr></thead>\n<tbody>\n"
        for region in Region.allCases {
            html += countsRow(region.name, report.total.counts(in: region), planned: report.total.planned(in: region),
                              completion: report.total.completion(in: region))
        }
        for bucket in Bucket.allCases { html += countsRow(bucket.description, report.total.counts(of: bucket)) }
        html += countsRow("All planned", t)
        html += "</tbody>\n</table>\n"
        html += "<p class=\"note\">The Backlog is not planned, so it has no planned figure and no completion: its counts are its tasks by status, day by day (a task waiting ten days is moved on nine times).</p>\n"
        html += "</section>\n\n"

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
          --c0: #eff2f5; --c1: #c6e48b; --c2: #7bc96f; --c3: #239a3b; --c4: #196127; --accent: #0969da; --bar: #bf8700; --gap: #eef1f4; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --card: #151b23;
            --c0: #212830; --c1: #0e4429; --c2: #006d32; --c3: #26a641; --c4: #39d353; --accent: #4493f8; --bar: #d29922; --gap: #1a2029; }
        }
        @media print {
          :root { --bg: #ffffff; --fg: #000000; --muted: #444444; --line: #999999; --card: #ffffff;
            --c0: #eeeeee; --c1: #c6e48b; --c2: #7bc96f; --c3: #239a3b; --c4: #196127; --accent: #0550ae; --bar: #9a6700; --gap: #eeeeee; }
          body { margin: 0; max-width: none; }
          section, .card, table, figure, svg { break-inside: avoid; }
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
        svg text { fill: var(--muted); font: 11px system-ui, sans-serif; }
        figure { margin: 0 0 1.2rem; }
        figcaption { font-weight: 600; margin: 0 0 .35rem; }
        .note { color: var(--muted); font-size: .85rem; margin: .4rem 0 0; }
        .legend { list-style: none; display: flex; flex-wrap: wrap; gap: .3rem 1.1rem; padding: 0; margin: .5rem 0 0;
          color: var(--muted); font-size: .85rem; }
        .legend li { display: flex; align-items: center; gap: .35rem; }
        .legend svg { display: inline-block; }
        .c0 { fill: var(--c0); } .c1 { fill: var(--c1); } .c2 { fill: var(--c2); } .c3 { fill: var(--c3); } .c4 { fill: var(--c4); }
        .year { margin: 0 0 .8rem; }
        .year .dn { fill: var(--fg); opacity: .6; font-size: 10px; text-anchor: middle; pointer-events: none; }
        .year .dn.on { fill: #ffffff; opacity: .9; }
        .year-label { font-weight: 600; }
        .axis { stroke: var(--muted); stroke-width: 1; }
        .grid { stroke: var(--line); stroke-width: 1; stroke-dasharray: 2 3; }
        .axis-label { fill: var(--fg); font-size: 12px; }
        .gap { fill: var(--gap); }
        .gap-label { font-style: italic; }
        .series { fill: none; stroke: var(--accent); stroke-width: 2; stroke-linejoin: round; }
        .point { fill: var(--accent); stroke: var(--bg); stroke-width: 1; }
        .bar { fill: var(--bar); }
        svg .tag { fill: var(--fg); }

        """

    static func card(_ figure: String, _ name: String, _ detail: String) -> String {
        "<div class=\"card\"><b>\(escape(figure))</b><span>\(escape(name))</span><small>\(escape(detail))</small></div>\n"
    }

    static func range(_ streak: ArchiveReport.Streak) -> String {
        guard let first = streak.longestFirst, let last = streak.longestLast else { return "" }
        return first == last ? " (\(first))" : " (\(first) to \(last))"
    }

    /// A row of the region and bucket table; `planned` and `completion` are the counts' own unless given
    /// (nil for the Backlog's, shown `–`).
    static func countsRow(_ name: String, _ c: TaskCounts, planned: Int?? = .none, completion: Double?? = .none) -> String {
        "<tr><td>\(name)</td>" + [(planned ?? c.planned).map(String.init) ?? "–", String(c.done), String(c.cancelled), String(c.moved),
                                  String(c.open), FigureText.percent(completion ?? c.completion)]
            .map { "<td class=\"n\">\($0)</td>" }.joined() + "</tr>\n"
    }

    /// A chart in a figure, `title` its caption.
    static func figure(_ title: String, _ chart: String) -> String {
        "<figure>\n<figcaption>\(escape(title))</figcaption>\n\(chart)</figure>\n"
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
