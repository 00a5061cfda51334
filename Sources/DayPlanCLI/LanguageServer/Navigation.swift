import DayPlan
import DayPlanArchive
import DayPlanJSON

/// A date in a document that names a day of the plan: in `@from:`, `@on:` or `@due:`, the day heading, or a wiki
/// link (`[[2026-11-20]]`, `[[2026-11-20|Friday]]`, as Obsidian and Logseq link days).
struct DayMention {
    /// What a document link underlines: the date of a metadata word or of the heading, or the whole wiki link.
    let range: Range<Int>
    /// The day it names.
    let day: Day
    /// Where definition answers from: the whole metadata word (`@due:2026-11-20`, from its `@`), else `range`.
    var reach: Range<Int>? = nil
}

extension LanguageServer {
    /// The metadata keys whose date goes to that day's file.
    static let linkedKeys: Set<String> = ["from", "on", "due"]

    /// The dates of `analysis`'s text that name a day (`DayMention`); with `line` (a format line), only those on it.
    func dayMentions(_ analysis: Analysis, in bytes: [UInt8], onFormatLine line: Int? = nil) -> [DayMention] {
        var found: [DayMention] = []
        let document = analysis.document
        if let day = document.day, let heading = document.dayHeadingLine, line == nil || line == heading {
            let text = analysis.textRange(ofFormatLine: heading, in: bytes)
            let date = Array(day.description.utf8)
            var at = text.lowerBound
            while at + date.count <= text.upperBound {
                if bytes[at..<(at + date.count)].elementsEqual(date) {
                    found.append(DayMention(range: at..<(at + date.count), day: day))
                    break
                }
                at += 1
            }
        }
        for section in document.sections {
            for task in section.tasks where line == nil || task.line == line {
                guard let parts = TaskLineParts(task, in: bytes) else { continue }
                for word in parts.metadata where LanguageServer.linkedKeys.contains(word.key) {
                    if let day = word.day, let range = word.dayRange {
                        found.append(DayMention(range: range, day: day, reach: word.range))
                    }
                }
            }
        }
        let scanned = line.map { analysis.textRange(ofFormatLine: $0, in: bytes) } ?? 0..<bytes.count
        found += LanguageServer.wikiLinks(in: bytes, scanned)
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The wiki links to a day in `bytes[range]`: `[[YYYY-MM-DD]]`, or with a label after `|`, on one line.
    static func wikiLinks(in bytes: [UInt8], _ range: Range<Int>) -> [DayMention] {
        var found: [DayMention] = []
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        var at = range.lowerBound
        while at + 14 <= range.upperBound {
            guard bytes[at] == open, bytes[at + 1] == open,
                  let day = Day(String(decoding: bytes[(at + 2)..<(at + 12)], as: UTF8.self)) else {
                at += 1
                continue
            }
            var end = at + 12
            if bytes[end] == UInt8(ascii: "|") {
                while end < range.upperBound, bytes[end] != close, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            }
            guard end + 1 < range.upperBound, bytes[end] == close, bytes[end + 1] == close else {
                at += 1
                continue
            }
            found.append(DayMention(range: at..<(end + 2), day: day))
            at = end + 2
        }
        return found
    }

    /// `textDocument/definition`: from `@from:`, `@on:` or `@due:` (anywhere on the word), a wiki link to a day, or
    /// the day heading's date to that day's file,
    /// found as every command finds it (`DayFileOfPlan`); where the layout puts it when there is none yet.
    mutating func definition(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let position = try Position(params?["position"], named: "position")
        guard let analysis = analysis(of: document.uri) else { return nil }
        let offset = document.offset(of: position, in: encoding)
        let mentions = dayMentions(analysis, in: document.bytes, onFormatLine: analysis.formatLine(containing: offset))
        guard let mention = mentions.first(where: { mention in
                  let reach = mention.reach ?? mention.range
                  return reach.lowerBound <= offset && offset <= reach.upperBound }),
              let index = planIndex() else { return nil }
        let target = index.files(of: mention.day)
        let top: JSONValue = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        return .array(target.paths.map { ["uri": .string(Workspace.fileURI(ofPath: $0)), "range": top] })
    }

    /// `textDocument/documentLink`: each mention of a day (a dated key's word, a wiki link, the heading's date),
    /// linked to that day's file (as `definition`).
    mutating func documentLinks(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        guard let analysis = analysis(of: document.uri) else { return [] }
        let mentions = dayMentions(analysis, in: document.bytes)
        guard !mentions.isEmpty, let index = planIndex() else { return [] }
        var links: [JSONValue] = []
        for mention in mentions {
            let target = index.files(of: mention.day)
            guard let path = target.paths.first else { continue }
            links.append([
                "range": document.range(mention.range.lowerBound, mention.range.upperBound, in: encoding),
                "target": .string(Workspace.fileURI(ofPath: path)),
                "tooltip": .string(target.isNew ? "\(mention.day): no file yet (\(path))" : "\(mention.day): \(path)"),
            ])
        }
        return .array(links)
    }

    /// `textDocument/references`: every line where the task under the cursor stands across days, its whole path as
    /// `dayplan query --history` follows it (`TaskArchive.path(through:)`), oldest first; without
    /// `context.includeDeclaration`, the line under the cursor is left out.
    mutating func references(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let position = try Position(params?["position"], named: "position")
        let includeDeclaration = params?["context"]?["includeDeclaration"]?.boolValue ?? true
        guard let analysis = analysis(of: document.uri), let path = Workspace.path(ofURI: document.uri) else { return [] }
        let line = analysis.formatLine(containing: document.offset(of: position, in: encoding))
        guard let placed = DayEditor(document.bytes).task(at: line), let archive = taskArchive(),
              let dayIndex = archive.days.firstIndex(where: { $0.file == path }) else { return [] }
        let day = archive.days[dayIndex]
        guard let taskIndex = (0..<day.count).first(where: { day.line(at: $0) == placed.task.line }) else { return [] }
        let here = TaskArchive.Step(day: dayIndex, index: taskIndex)
        let steps = archive.standsAlone(here) ? [here] : archive.path(through: here)
        return .array(steps.filter { includeDeclaration || $0 != here }.map { location(of: archive[$0]) })
    }

    /// Where an archived task's line is: exact in a document the editor has open, else the whole line.
    mutating func location(of task: ArchivedTask) -> JSONValue {
        let uri = Workspace.fileURI(ofPath: task.file)
        if let open = documents[uri], let analysis = analysis(of: uri), task.line <= analysis.formatLineStarts.count {
            let text = analysis.textRange(ofFormatLine: task.line, in: open.bytes)
            return ["uri": .string(uri), "range": open.range(text.lowerBound, text.upperBound, in: encoding)]
        }
        return ["uri": .string(uri), "range": ["start": ["line": .integer(task.line - 1), "character": 0],
                                               "end": ["line": .integer(task.line), "character": 0]]]
    }
}
