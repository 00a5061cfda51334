import DayPlan
import DayPlanJSON

extension LanguageServer {
    /// `textDocument/hover`: on a region heading, its open tasks against the 1-3-5 limits; on a task line, what
    /// the task is (status, bucket, region, tags, flags and dates).
    mutating func hover(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let position = try Position(params?["position"], named: "position")
        guard let analysis = analysis(of: document.uri) else { return nil }
        let offset = document.offset(of: position, in: encoding)
        let line = analysis.formatLine(containing: offset)
        guard let section = analysis.section(atFormatLine: line) else { return nil }
        let text: String
        let lineText = analysis.textRange(ofFormatLine: line, in: document.bytes)
        if section.headingLine == line, let region = section.region {
            let open = analysis.openCounts(in: region).reduce(0, +)
            text = region.isLimited
                ? "**\(region.name)**: \(analysis.capacitySummary(of: region))\n\nOpen tasks against the 1-3-5 limits."
                : "**Backlog**: \(open) open task\(open == 1 ? "" : "s") (\(analysis.capacitySummary(of: region))); no limit."
        } else if let region = section.region, let task = section.tasks.first(where: { $0.line == line }) {
            text = LanguageServer.describe(task, in: region, on: analysis.document.day)
        } else {
            return nil
        }
        return [
            "contents": ["kind": "markdown", "value": .string(text)],
            "range": document.range(lineText.lowerBound, lineText.upperBound, in: encoding),
        ]
    }

    /// A task in a few Markdown lines: `**to do** · must · Morning`, then tags, flags and dates.
    static func describe(_ task: PlanTask, in region: Region, on day: Day?) -> String {
        var lines = ["**\(task.status)** · \(task.bucket) · \(region.name)"]
        let tags = task.tags
        lines.append(tags.isEmpty ? "tags: none (inbox)" : "tags: " + tags.map { "#" + $0 }.joined(separator: " "))
        if let time = task.time {
            lines.append("at \(time)" + (time.length.map { " (\(Estimate.text($0)))" } ?? ""))
        }
        // The keys of the table: flags in its order, then values in reverse (where the task came from first).
        for key in MetadataKey.all.filter({ !$0.takesValue }) + MetadataKey.all.filter(\.takesValue).reversed() {
            guard let value = key.value(in: task.metadata) else { continue }
            guard key.takesValue else {
                lines.append("\(key.name): \(key.hover)")
                continue
            }
            let overdue = key.id == .due && task.status.isOpen && (value.day.flatMap { due in day.map { due <= $0 } } ?? false)
            var text = (overdue ? "**overdue**: " : "") + "\(key.hover) "
            if case .scheduled(let on, let region) = value { text += "\(on)" + (region.map { ", \($0.name)" } ?? "") } else { text += "\(value)" }
            if let date = value.day, let day { text += " (\(age(date, relativeTo: day)))" }
            lines.append(text)
        }
        if !task.subtasks.isEmpty {
            let open = task.subtasks.filter(\.status.isOpen).count
            lines.append("\(task.subtasks.count) sub-task\(task.subtasks.count == 1 ? "" : "s"), \(open) open")
        }
        if !task.notes.isEmpty { lines.append("\(task.notes.count) note line\(task.notes.count == 1 ? "" : "s")") }
        return lines.joined(separator: "\n\n")
    }

    /// `3 days before this day`, `the same day`, `2 days after this day`.
    static func age(_ date: Day, relativeTo day: Day) -> String {
        let days = date.days(until: day)
        switch days {
        case 0: return "this day"
        case 1: return "1 day before this day"
        case -1: return "1 day after this day"
        case 2...: return "\(days) days before this day"
        default: return "\(-days) days after this day"
        }
    }
}
