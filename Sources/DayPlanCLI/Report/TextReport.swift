import DayPlan
import DayPlanArchive

/// `dayplan report` as text: the figures in lines and tables, and, when standard output is a terminal,
/// charts drawn with Unicode blocks (`TerminalCharts`).
enum TextReport {
    /// The whole report; `charts` adds the terminal charts.
    static func text(_ report: ArchiveReport, charts: Bool) -> String {
        var lines: [String] = []
        let plans = report.days.count
        lines.append("Report \(report.first) to \(report.last): \(FigureText.count(report.calendarDays, "day")), "
                     + "\(plans) with a plan (today is \(report.today))")
        lines.append("")
        let t = report.total.planned
        lines.append("Planned \(t.planned), done \(t.done), cancelled \(t.cancelled), moved \(t.moved), open \(t.open); "
                     + "completion \(FigureText.percent(t.completion)) (\(t.done) of \(t.planned - t.cancelled))")
        lines.append("Score \(report.total.score) (" + Bucket.allCases.map { "\($0) \(Score.points(for: $0))" }.joined(separator: ", ")
                     + " points per task done)" + (plans > 0 ? ", \(FigureText.fixed(Double(report.total.score) / Double(plans), 1)) a day" : ""))
        lines.append("Must streak: " + streak(report.mustStreak))
        lines.append("Completion streak (\(FigureText.percent(ArchiveReport.completionThreshold)) or more): " + streak(report.completionStreak))
        let lead = report.leadTime
        if let median = lead.median, let mean = lead.mean, let longest = lead.longest {
            lines.append("From first planned to done: median \(FigureText.fixed(median, 1)) days, mean \(FigureText.fixed(mean, 1)), "
                         + "longest \(longest) (\(FigureText.count(lead.count, "task")) done)")
        } else {
            lines.append("From first planned to done: no task done")
        }
        if let lastDay = report.days.last {
            let age = lastDay.backlogMeanAge.map { ", waiting \(FigureText.fixed($0, 1)) days on average, the oldest \(lastDay.backlogOldestAge ?? 0)" } ?? ""
            lines.append("Backlog on \(lastDay.day): \(FigureText.count(lastDay.backlog, "task"))\(age)")
        }
        if charts, !report.days.isEmpty {
            lines.append("")
            lines += TerminalCharts.sparklines(report)
            lines.append("")
            lines += TerminalCharts.heatMap(report)
        }

        lines.append("")
        let countHeader = ["planned", "done", "cancelled", "moved", "open", "completion"]
        func countCells(_ c: TaskCounts, planned: Int?? = .none, completion: Double?? = .none) -> [String] {
            [(planned ?? c.planned).map(String.init) ?? "–", String(c.done), String(c.cancelled), String(c.moved), String(c.open),
             FigureText.percent(completion ?? c.completion)]
        }
        // The Backlog is not planned: no planned figure, no completion.
        lines += table([["By region"] + countHeader]
                       + Region.allCases.map { region in
                           [region.name] + countCells(report.total.counts(in: region), planned: report.total.planned(in: region),
                                                      completion: report.total.completion(in: region))
                       }
                       + [["By bucket"] + countHeader]
                       + Bucket.allCases.map { [$0.description] + countCells(report.total.counts(of: $0)) })

        lines.append("")
        lines += table([["Period", "plans", "planned", "done", "cancelled", "moved", "open", "completion", "score", "backlog"]]
                       + report.periods.map { period in
                           let c = period.statistics.planned
                           return [period.label, String(period.plans), String(c.planned), String(c.done), String(c.cancelled),
                                   String(c.moved), String(c.open), FigureText.percent(c.completion),
                                   String(period.statistics.score), period.backlog.map(String.init) ?? "–"]
                       })

        lines.append("")
        lines.append("Most migrated (days moved before done or dropped):")
        if report.mostMigrated.isEmpty { lines.append("  none") }
        let width = String(report.mostMigrated.first?.moves ?? 0).count
        for task in report.mostMigrated {
            let moves = String(task.moves)
            lines.append("  " + String(repeating: " ", count: width - moves.count) + moves + "  " + task.title
                         + " (first planned \(task.firstPlanned); \(outcome(task.latest)))")
        }

        lines.append("")
        lines.append("Top tags by tasks done:")
        if report.topTags.isEmpty { lines.append("  none") }
        let tagWidth = report.topTags.map(\.tag.count).max() ?? 0
        let most = report.topTags.first?.done ?? 0
        for tag in report.topTags {
            var line = "  #" + tag.tag.padding(tagWidth) + "  " + String(repeating: " ", count: String(most).count - String(tag.done).count)
                + String(tag.done)
            if charts { line += "  " + TerminalCharts.bar(Double(tag.done) / Double(max(most, 1)), width: 30) }
            lines.append(line)
        }
        if report.untaggedDone > 0 { lines.append("  and \(FigureText.count(report.untaggedDone, "task")) done without a tag") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `current 3 days, longest 5 (2026-11-16 to 2026-11-20)`.
    static func streak(_ streak: ArchiveReport.Streak) -> String {
        var text = "current \(FigureText.count(streak.current, "day")), longest \(streak.longest)"
        if let first = streak.longestFirst, let last = streak.longestLast {
            text += first == last ? " (\(first))" : " (\(first) to \(last))"
        }
        return text
    }

    /// Where a task stands last, in words: `done on 2026-11-20`, `still open on …`.
    static func outcome(_ task: ArchivedTask) -> String {
        let place = "\(task.file):\(task.line)"
        switch task.status {
        case .done: return "done on \(task.day), \(place)"
        case .cancelled: return "dropped on \(task.day), \(place)"
        case .moved: return "moved on from \(task.day), no later day holds it, \(place)"
        case .todo, .inProgress: return "still open on \(task.day), \(place)"
        }
    }

    /// Rows as columns: the first left-aligned, the others right-aligned, two spaces apart.
    static func table(_ rows: [[String]]) -> [String] {
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == 0 ? cell.padding(widths[0]) : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
    }
}
