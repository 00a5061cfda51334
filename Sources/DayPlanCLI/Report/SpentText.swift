import DayPlan
import DayPlanArchive
import DayPlanJSON

/// `dayplan report --spent`: the time spent against the time estimated, as text and as JSON.
enum SpentText {
    /// The report as lines: the total, then a table per tag and per bucket (spent, estimated, the share of the
    /// estimate spent, the tasks timed).
    static func text(_ report: SpentReport) -> String {
        var text = "Time spent \(report.first) to \(report.last): "
        guard report.total.tasks > 0 else {
            return text + "none recorded (time a task with 'dayplan start TASK' and 'dayplan stop')\n"
        }
        text += "\(Estimate.text(report.total.spent)) on \(report.total.tasks) task\(report.total.tasks == 1 ? "" : "s")"
            + estimated(report.total) + "\n"
        for (heading, rows) in [("Tag", report.tags), ("Bucket", report.buckets)] {
            let names = rows.map { heading == "Tag" ? "#" + $0.name : $0.name }
            let width = max(heading.count, names.map(\.count).max() ?? 0) + 2
            text += "\n" + heading.padding(width) + "spent".padding(9) + "estimated".padding(11) + "share".padding(7) + "tasks\n"
            for (row, name) in zip(rows, names) {
                let share = row.share.map { "\($0)%" } ?? "-"
                text += name.padding(width) + Estimate.text(row.spent).padding(9)
                    + (row.estimated > 0 ? Estimate.text(row.estimated) : "-").padding(11) + share.padding(7)
                    + "\(row.tasks)" + (row.unestimated > 0 ? " (\(row.unestimated) without @est:)" : "") + "\n"
            }
        }
        return text
    }

    /// `, estimated 3h (111% of it)`, or what is missing for the comparison.
    static func estimated(_ row: SpentReport.Row) -> String {
        guard row.estimated > 0 else { return "; none of them has an estimate (@est:)" }
        let timedWithEstimate = row.tasks - row.unestimated
        let share = row.share.map { " (\($0)% of it)" } ?? ""
        return ", estimated \(Estimate.text(row.estimated))\(share)"
            + (row.unestimated > 0 ? " for the \(timedWithEstimate) with @est:; \(row.unestimated) without" : "")
    }

    /// The report as one JSON document, version 1: `{"version":1,"first","last","total":{…},"tags":[…],"buckets":[…]}`,
    /// each row `{"name","spentMinutes","estimatedMinutes","tasks","unestimated"}`.
    static func json(_ report: SpentReport) -> [UInt8] {
        var json = JSONTextWriter(capacity: 1_024)
        func row(_ row: SpentReport.Row, _ json: inout JSONTextWriter) {
            json.open("name"); json.string(row.name)
            json.member("spentMinutes"); json.integer(row.spent)
            json.member("estimatedMinutes"); json.integer(row.estimated)
            json.member("tasks"); json.integer(row.tasks)
            json.member("unestimated"); json.integer(row.unestimated)
            json.close()
        }
        json.open("version"); json.integer(1)
        json.member("first"); json.string(report.first.description)
        json.member("last"); json.string(report.last.description)
        json.member("total"); row(report.total, &json)
        json.member("tags"); json.array(report.tags, row)
        json.member("buckets"); json.array(report.buckets, row)
        json.close()
        return json.bytes + [UInt8(ascii: "\n")]
    }
}
