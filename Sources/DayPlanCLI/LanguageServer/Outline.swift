import DayPlan
import DayPlanJSON

/// What an outline shows of a document: each section with the lines it spans, regions with their room left.
extension Analysis {
    /// Each section with the 1-based format lines it spans: from its heading to its last line that is not
    /// blank (blank lines before the next heading are not part of it).
    func sectionSpans(in bytes: [UInt8]) -> [(section: Section, lines: ClosedRange<Int>)] {
        let sections = document.sections.filter { $0.headingLine > 0 }
        return sections.indices.map { index in
            let section = sections[index]
            var last = index + 1 < sections.count ? sections[index + 1].headingLine - 1 : formatLineStarts.count
            while last > section.headingLine, isBlank(formatLine: last, in: bytes) { last -= 1 }
            return (section, section.headingLine...max(last, section.headingLine))
        }
    }

    /// Whether a format line holds nothing but spaces and tabs.
    func isBlank(formatLine line: Int, in bytes: [UInt8]) -> Bool {
        bytes[textRange(ofFormatLine: line, in: bytes)].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// A region's open tasks against its limits: `must 0/1 · complementary 2/3 · misc 1/5`; for the Backlog,
    /// which has no limit, the open tasks per bucket.
    func capacitySummary(of region: Region) -> String {
        let open = openCounts(in: region)
        return Bucket.allCases.map { bucket in
            region.isLimited ? "\(bucket) \(open[bucket.rawValue])/\(bucket.limit)" : "\(bucket) \(open[bucket.rawValue])"
        }.joined(separator: " · ")
    }

    /// The room left in a limited region, per bucket: `room: must 1 · complementary 0 · misc 4`, an
    /// over-full bucket marked `(1 over)`.
    func roomSummary(of region: Region) -> String {
        let open = openCounts(in: region)
        return "room: " + Bucket.allCases.map { bucket in
            let left = bucket.limit - open[bucket.rawValue]
            return left >= 0 ? "\(bucket) \(left)" : "\(bucket) 0 (\(-left) over)"
        }.joined(separator: " · ")
    }
}

extension LanguageServer {
    /// `textDocument/documentSymbol`: sections (regions first among them as they stand) with their tasks.
    mutating func documentSymbols(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        guard let analysis = analysis(of: document.uri) else { return [] }
        let bytes = document.bytes
        func lineRange(_ lines: ClosedRange<Int>) -> (Int, Int) {
            (analysis.formatLineStarts[lines.lowerBound - 1], analysis.textRange(ofFormatLine: lines.upperBound, in: bytes).upperBound)
        }
        return .array(analysis.sectionSpans(in: bytes).map { section, lines in
            let heading = analysis.textRange(ofFormatLine: section.headingLine, in: bytes)
            let span = lineRange(lines)
            let name: String, detail: String, kind: Int
            switch section.kind {
            case .region(let region):
                (name, detail, kind) = (region.name, analysis.capacitySummary(of: region), 3)  // Namespace
            case .other(let text):
                (name, detail, kind) = (text.isEmpty ? "(untitled section)" : text, "", 15)  // String
            }
            let tasks: [JSONValue] = section.tasks.compactMap { task in
                guard let source = task.source else { return nil }
                let end = analysis.textRange(ofFormatLine: task.line + task.notes.count, in: bytes).upperBound
                return [
                    "name": .string(task.title.isEmpty ? "(no title)" : task.title),
                    "detail": .string("\(task.status) · \(task.bucket)"),
                    "kind": 24,  // Event
                    "range": document.range(source.start.offset, max(end, source.end.offset), in: encoding),
                    "selectionRange": document.range(source.start.offset, source.end.offset, in: encoding),
                ]
            }
            return [
                "name": .string(name), "detail": .string(detail), "kind": .integer(kind),
                "range": document.range(span.0, span.1, in: encoding),
                "selectionRange": document.range(heading.lowerBound, heading.upperBound, in: encoding),
                "children": .array(tasks),
            ]
        })
    }

    /// `textDocument/foldingRange`: each section from its heading to its last line, and each task with notes.
    mutating func foldingRanges(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        guard let analysis = analysis(of: document.uri) else { return [] }
        let bytes = document.bytes
        var ranges: [JSONValue] = []
        func fold(_ lines: ClosedRange<Int>, kind: String?) {
            let start = document.line(containing: analysis.formatLineStarts[lines.lowerBound - 1])
            let end = document.line(containing: analysis.textRange(ofFormatLine: lines.upperBound, in: bytes).upperBound)
            guard end > start else { return }
            var range: JSONValue = ["startLine": .integer(start), "endLine": .integer(end)]
            if let kind, case .object(var members) = range {
                members.append(JSONValue.Member("kind", .string(kind)))
                range = .object(members)
            }
            ranges.append(range)
        }
        for (section, lines) in analysis.sectionSpans(in: bytes) {
            fold(lines, kind: "region")
            for task in section.tasks where !task.notes.isEmpty && task.line > 0 {
                fold(task.line...(task.line + task.notes.count), kind: nil)
            }
        }
        return .array(ranges)
    }

    /// `textDocument/inlayHint`: at the end of each limited region's heading, the room left per bucket.
    mutating func inlayHints(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        guard let analysis = analysis(of: document.uri) else { return [] }
        let visible: ClosedRange<Int>
        if let range = params?["range"], !range.isNull {
            let offsets = try document.offsets(of: try Position.range(range, named: "range"), in: encoding, named: "range")
            visible = document.line(containing: offsets.lowerBound)...document.line(containing: offsets.upperBound)
        } else {
            visible = 0...Int.max
        }
        var hints: [JSONValue] = []
        for section in analysis.document.sections where section.headingLine > 0 {
            guard let region = section.region, region.isLimited else { continue }
            let heading = analysis.textRange(ofFormatLine: section.headingLine, in: document.bytes)
            let position = document.position(of: heading.upperBound, in: encoding)
            guard visible.contains(position.line) else { continue }
            hints.append([
                "position": position.json, "label": .string(analysis.roomSummary(of: region)), "paddingLeft": true,
                "tooltip": .string("Open tasks: \(analysis.capacitySummary(of: region))"),
            ])
        }
        return .array(hints)
    }
}
