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
            // On a metadata word (`@due:2026-11-30`): what the key means, and its value here; elsewhere on the
            // line, the whole task.
            if let word = LanguageServer.metadataWord(at: offset, in: document.bytes, line: lineText),
               let key = MetadataKey.named(word.key), let value = key.value(in: task.metadata) {
                return [
                    "contents": ["kind": "markdown", "value": .string(LanguageServer.describe(key, value, today: LanguageServer.today()))],
                    "range": document.range(word.range.lowerBound, word.range.upperBound, in: encoding),
                ]
            }
            // On another tool's spelling of a key (`📅 2026-12-01`, `[due:: …]`, `⏫`): the key it is, and its value.
            if let word = TaskLineParts(task, in: document.bytes)?.metadata.first(where: {
                $0.style != .dayplan && ($0.range.contains(offset) || offset == $0.range.upperBound)
            }), let key = MetadataKey.named(word.key), let value = key.value(in: task.metadata) {
                let written = String(decoding: document.bytes[word.range], as: UTF8.self)
                let text = "**`\(written)`**: \(word.style.toolPossessive) spelling of `@\(key.name):\(value)`\n\n"
                    + LanguageServer.describe(key, value, today: LanguageServer.today()).split(separator: "\n\n", maxSplits: 1).dropFirst().joined()
                return [
                    "contents": ["kind": "markdown", "value": .string(text)],
                    "range": document.range(word.range.lowerBound, word.range.upperBound, in: encoding),
                ]
            }
            text = LanguageServer.describe(task, in: region, on: analysis.document.day)
        } else {
            return nil
        }
        return [
            "contents": ["kind": "markdown", "value": .string(text)],
            "range": document.range(lineText.lowerBound, lineText.upperBound, in: encoding),
        ]
    }

    /// The `@` word of the line `line` that `offset` stands in (or right after), with its key in lower case.
    static func metadataWord(at offset: Int, in bytes: [UInt8], line: Range<Int>) -> (range: Range<Int>, key: String)? {
        guard line.contains(offset) || offset == line.upperBound else { return nil }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = min(offset, line.upperBound)
        while start > line.lowerBound, !isBlank(bytes[start - 1]) { start -= 1 }
        var end = start
        while end < line.upperBound, !isBlank(bytes[end]) { end += 1 }
        guard start < end, bytes[start] == UInt8(ascii: "@"), offset <= end else { return nil }
        let keyEnd = bytes[(start + 1)..<end].firstIndex(of: UInt8(ascii: ":")) ?? end
        return (start..<end, String(decoding: bytes[(start + 1)..<keyEnd], as: UTF8.self).lowercased())
    }

    /// A metadata key in Markdown: the key as written, what it does (the table's summary), and its value here.
    /// A date's value is also said against `today`: `due in 3 days, Friday 2026-12-04`.
    static func describe(_ key: MetadataKey, _ value: MetadataValue, today: Day?) -> String {
        let written = key.takesValue ? "`@\(key.name):\(value)`" : "`@\(key.name)`"
        var text = "**\(written)**\n\n\(key.summary)"
        if let date = value.day, let today {
            let days = today.days(until: date)
            let when = switch days {
            case 0: "today"
            case 1: "tomorrow"
            case -1: "yesterday"
            case 2...: "in \(days) days"
            default: "\(-days) days ago"
            }
            // "done on" reads "done yesterday": the table's word without its "on".
            let word = key.hover.hasSuffix(" on") ? String(key.hover.dropLast(3)) : key.hover
            text += "\n\n\(word) \(when), \(Weekday(of: date).name) \(date)"
            if case .scheduled(_, let region?) = value { text += ", \(region.name)" }
        }
        return text
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
