import DayPlan

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
        var flags: [String] = []
        if task.metadata.carry { flags.append("carry: comes back tomorrow if unfinished") }
        if task.metadata.sticky { flags.append("sticky: kept at the top of its bucket") }
        if task.metadata.expired { flags.append("expired: dropped at rollover because its expiry passed") }
        lines += flags
        if let from = task.metadata.from {
            lines.append("from \(from)" + (day.map { " (\(age(from, relativeTo: $0)))" } ?? ""))
        }
        if let expires = task.metadata.expires {
            lines.append("expires \(expires)" + (day.map { " (\(age(expires, relativeTo: $0)))" } ?? ""))
        }
        if let due = task.metadata.due {
            let overdue = task.status.isOpen && day.map { due <= $0 } == true
            lines.append((overdue ? "**overdue**: due " : "due ") + "\(due)" + (day.map { " (\(age(due, relativeTo: $0)))" } ?? ""))
        }
        if let on = task.metadata.on {
            lines.append("scheduled for \(on)" + (task.metadata.onRegion.map { ", \($0.name)" } ?? "")
                         + (day.map { " (\(age(on, relativeTo: $0)))" } ?? ""))
        }
        if let every = task.metadata.every { lines.append("routine: every \(every)") }
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
