import Foundation
import Testing
@testable import DayPlan
import DayPlanJSON

/// The documents that list the metadata keys, each made from the table (`MetadataKey.all`): the man page's key
/// list (`man/dayplan.5`), docs/EXPORT.md's `metadata.` rows, docs/EXPORT.schema.json's metadata object and the
/// Vim syntax's key patterns. Each test compares the part of its document with what the table makes; with
/// `DAYPLAN_GENERATE=1` (`make generate`) it writes that part instead, so that a key added to the table reaches
/// them all with no hand edit. FORMAT.md's entry is written by hand (it says what the key means), and
/// `MetadataKeyTests.theFormatDocumentListsTheTablesKeys` checks it is there.
@Suite struct KeyDocumentsTests {
    static let generating = ProcessInfo.processInfo.environment["DAYPLAN_GENERATE"] == "1"

    /// Compares lines `range` of the document at `path` with `made`, or writes `made` there when generating.
    static func expectPart(_ path: String, lines: [Substring], _ range: Range<Int>, made: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = lines[range].map(String.init)
        guard written != made else { return }
        if generating {
            var all = lines.map(String.init)
            all.replaceSubrange(range, with: made)
            try all.joined(separator: "\n").write(to: Repository.url(path), atomically: true, encoding: .utf8)
            return
        }
        Issue.record("""
            \(path) does not list the metadata table's keys as the table makes them: run `make generate` \
            (DAYPLAN_GENERATE=1 swift test --filter KeyDocumentsTests). Written:
            \(written.joined(separator: "\n"))
            Made:
            \(made.joined(separator: "\n"))
            """, sourceLocation: sourceLocation)
    }

    static func lines(_ path: String) throws -> [Substring] {
        try String(contentsOf: Repository.url(path), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// `@due:` or `@carry`, as the documents name a key.
    static func spelled(_ key: MetadataKey) -> String { "@\(key.name)\(key.takesValue ? ":" : "")" }

    /// The key's summary without Markdown's backticks, each sentence on a new line and the lines at most 78
    /// bytes long, as mandoc's lint wants.
    static func manText(_ summary: String) -> [String] {
        let text = summary.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "\\", with: "\\e")
        let sentences = text.components(separatedBy: ". ")
        var lines: [String] = []
        for (index, sentence) in sentences.enumerated() {
            var line = ""
            for word in (index < sentences.count - 1 ? sentence + "." : sentence).split(separator: " ") {
                if !line.isEmpty, line.utf8.count + 1 + word.utf8.count > 78 {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            lines.append(line)
        }
        return lines
    }

    /// The man page: `.It` and the summary of each key, in table order, in the list after "are metadata:".
    @Test func theManPageListsTheKeys() throws {
        let path = "man/dayplan.5"
        let lines = try Self.lines(path)
        let intro = try #require(lines.firstIndex { $0 == "are metadata:" })
        let list = try #require(lines[intro...].firstIndex { $0.hasPrefix(".Bl -tag") }) + 1
        let end = try #require(lines[list...].firstIndex { $0 == ".El" })
        let made = MetadataKey.all.flatMap { key -> [String] in
            let value: String = switch key.kind {
            case .flag: ""
            case .date: "\\&: Ns Ar YYYY-MM-DD"
            case .scheduledDate: "\\&: Ns Ar YYYY-MM-DD Ns Op / Ns Ar region"
            case .recurrence: "\\&: Ns Ar RECURRENCE"
            case .duration: "\\&: Ns Ar LENGTH"
            case .clock: "\\&: Ns Ar HH:MM"
            case .choice(let words): "\\&: Ns Li \(words.joined(separator: "|"))"
            }
            return [".It Li @\(key.name)\(value)"] + Self.manText(key.summary)
        }
        try Self.expectPart(path, lines: lines, list..<end, made: made)
    }

    /// docs/EXPORT.md: one `metadata.FIELD` row per key, in table order, before the row of keys to come.
    @Test func theExportDocumentListsTheKeys() throws {
        let path = "docs/EXPORT.md"
        let lines = try Self.lines(path)
        let first = try #require(lines.firstIndex { $0.hasPrefix("| `metadata.") })
        let end = try #require(lines[first...].firstIndex { !$0.hasPrefix("| `metadata.") || $0.hasPrefix("| `metadata.KEY`") })
        let made = MetadataKey.all.map { key in
            let type: String = switch key.kind {
            case .flag: "Boolean"
            case .date: key.exportedAlways ? "`\"YYYY-MM-DD\"` or `null`" : "`\"YYYY-MM-DD\"`"
            case .scheduledDate, .recurrence, .duration, .clock: "string"
            case .choice(let words): words.map { "`\"\($0)\"`" }.joined(separator: ", ")
            }
            let when = key.exportedAlways ? "" : " Present only when set."
            let text = "`\(Self.spelled(key))`: \(key.summary)\(when)".replacingOccurrences(of: "|", with: "\\|")
            return "| `metadata.\(key.exportField)` | \(type) | \(text) |"
        }
        try Self.expectPart(path, lines: lines, first..<end, made: made)
    }

    /// A JSON string literal, escaped as every JSON string dayplan writes.
    static func json(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONTextWriter.appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// docs/EXPORT.schema.json: the task's `metadata` object, its `required` keys and one property per key.
    @Test func theSchemaListsTheKeys() throws {
        let path = "docs/EXPORT.schema.json"
        let lines = try Self.lines(path)
        let metadata = try #require(lines.firstIndex { $0.hasSuffix("\"metadata\": {") })
        let required = try #require(lines[metadata...].firstIndex { $0.contains("\"required\":") })
        let properties = try #require(lines[metadata...].firstIndex { $0.hasSuffix("\"properties\": {") })
        let indent = String(lines[properties].prefix { $0 == " " })
        let end = try #require(lines[properties...].firstIndex { $0 == indent + "}" })
        let requiredLine = indent + "\"required\": [" + MetadataKey.all.filter(\.exportedAlways).map { Self.json($0.exportField) }.joined(separator: ", ") + "],"
        try Self.expectPart(path, lines: lines, required..<(required + 1), made: [requiredLine])

        let regions = Region.allCases.map { $0.name.lowercased() }.joined(separator: "|")
        let made = MetadataKey.all.enumerated().map { index, key in
            let shape: String = switch key.kind {
            case .flag: "\"type\": \"boolean\""
            case .date: key.exportedAlways ? "\"oneOf\": [{ \"$ref\": \"#/$defs/date\" }, { \"type\": \"null\" }]" : "\"$ref\": \"#/$defs/date\""
            case .scheduledDate: "\"type\": \"string\", \"pattern\": \"^[0-9]{4}-[0-9]{2}-[0-9]{2}(/(\(regions)))?$\""
            case .recurrence: "\"type\": \"string\""
            case .duration: "\"type\": \"string\", \"pattern\": \"^([1-9][0-9]?h([1-9]|[1-5][0-9])m|[1-9][0-9]?h|([1-9]|[1-5][0-9])m)$\""
            case .clock: "\"type\": \"string\", \"pattern\": \"^([01][0-9]|2[0-3]):[0-5][0-9]$\""
            case .choice(let words): "\"enum\": [\(words.map(Self.json).joined(separator: ", "))]"
            }
            let when = key.exportedAlways ? "" : " Present only when set."
            let comma = index < MetadataKey.all.count - 1 ? "," : ""
            return indent + "  " + Self.json(key.exportField) + ": { " + shape + ", \"description\": "
                + Self.json("`\(Self.spelled(key))`: \(key.summary)\(when)") + " }" + comma
        }
        // After the required line is written, the properties' lines stand where they stood.
        try Self.expectPart(path, lines: try Self.lines(path), (properties + 1)..<end, made: made)
        // And what was written is JSON.
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(contentsOf: Repository.url(path))) }
    }

    /// The Vim syntax: one `syn match dayplanMetadata` line per value kind, the kind's keys in table order.
    @Test func theVimSyntaxListsTheKeys() throws {
        let path = "editors/vim/syntax/dayplan.vim"
        let lines = try Self.lines(path)
        let first = try #require(lines.firstIndex { $0.hasPrefix("syn match dayplanMetadata ") })
        let end = try #require(lines[first...].firstIndex { !$0.hasPrefix("syn match dayplanMetadata ") })
        var kinds: [MetadataKey.Kind] = []
        for key in MetadataKey.all where !kinds.contains(key.kind) { kinds.append(key.kind) }
        let made = kinds.map { kind in
            let names = MetadataKey.all.filter { $0.kind == kind }.map(\.name).joined(separator: "\\|")
            let (value, contains): (String, String) = switch kind {
            case .flag: ("", "")
            case .date: (":\\d\\{4}-\\d\\d-\\d\\d", " contains=dayplanDate")
            case .scheduledDate: (":\\d\\{4}-\\d\\d-\\d\\d\\%(\\/\\a\\+\\)\\=", " contains=dayplanDate")
            case .recurrence: (":\\S\\+", "")
            case .duration: (":\\%(\\d\\+h\\)\\=\\%(\\d\\+m\\)\\=", "")
            case .clock: (":\\d\\d:\\d\\d", "")
            case .choice(let words): (":\\%(" + words.joined(separator: "\\|") + "\\)", "")
            }
            return "syn match dayplanMetadata /\\%(^\\|[ \\t]\\)\\zs@\\c\\%(\(names)\\)\(value)\\ze\\%([ \\t]\\|$\\)/ contained\(contains)"
        }
        try Self.expectPart(path, lines: lines, first..<end, made: made)
    }

    /// docs/lint.md's example of DP036, whose message lists the keys: the line lint writes for it, from the table.
    @Test func theLintPageExampleListsTheKeys() throws {
        let path = "docs/lint.md"
        let lines = try Self.lines(path)
        let at = try #require(lines.firstIndex { $0.hasSuffix("[DP036/unknown-metadata]") }, "\(path) has no DP036 example")
        let written = lines[at]
        let prefix = try #require(written.range(of: "warning: ")).upperBound
        let document = DayDocument(parsing: Array("# 2026-11-22\n\n## Morning\n- [ ] Tea @mood:high\n".utf8))
        let finding = try #require(Linter.lint(document, fileName: "f.md").first { $0.rule.id == Rule.unknownMetadata.id })
        let made = String(written[..<prefix]) + finding.message + " [DP036/unknown-metadata]"
        try Self.expectPart(path, lines: lines, at..<(at + 1), made: [made])
    }
}
