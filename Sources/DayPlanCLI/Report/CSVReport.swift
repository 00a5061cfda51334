import DayPlan
import DayPlanArchive

/// `dayplan report --format csv`: the period table (RFC 4180: a header row, comma-separated, fields with a
/// comma or quote quoted), one row per day, week or month (`--by`). The other figures are in the JSON.
enum CSVReport {
    /// The header row's columns.
    static let columns: [String] = ["period", "first", "last", "plans", "planned", "done", "cancelled", "moved", "open",
                                    "completion", "score", "backlog"]
        + Bucket.allCases.flatMap { ["\($0)_planned", "\($0)_done"] }
        + Region.allCases.flatMap { ["\($0.lowercaseName)_planned", "\($0.lowercaseName)_done"] }

    /// The whole table, lines ending in CRLF as RFC 4180 says.
    static func table(_ report: ArchiveReport) -> String {
        var text = columns.joined(separator: ",") + "\r\n"
        for period in report.periods {
            let s = period.statistics
            var fields = [period.label, period.first.description, period.last.description, String(period.plans),
                          String(s.planned.planned), String(s.planned.done), String(s.planned.cancelled),
                          String(s.planned.moved), String(s.planned.open),
                          s.completion.map { FigureText.fixed($0, 4) } ?? "", String(s.score),
                          period.backlog.map(String.init) ?? ""]
            for bucket in Bucket.allCases { fields += [String(s.counts(of: bucket).planned), String(s.counts(of: bucket).done)] }
            // The Backlog is not planned: its planned field is empty.
            for region in Region.allCases { fields += [s.planned(in: region).map(String.init) ?? "", String(s.counts(in: region).done)] }
            text += fields.map(field).joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// A field, quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted += "\"" }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }
}
