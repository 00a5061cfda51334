import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// The language server's hover and completion know every key of the metadata table (`MetadataKey.all`),
/// through the real binary: a key added to the table and forgotten by either fails here.
@Suite struct MetadataKeyTextTests {
    let uri = "file:///plans/2026-11-21.md"

    /// A value of the key's kind, and the word that writes it.
    static func word(_ key: MetadataKey) -> String {
        switch key.kind {
        case .flag: "@\(key.name)"
        case .date: "@\(key.name):2026-12-01"
        case .scheduledDate: "@\(key.name):2026-12-01/evening"
        case .recurrence: "@\(key.name):weekday"
        case .duration: "@\(key.name):1h30m"
        case .clock: "@\(key.name):09:30"
        case .choice(let words): "@\(key.name):\(words[0])"
        }
    }

    @Test func hoverDescribesEveryKeyAndCompletionOffersEveryKey() throws {
        // One task per key in the Backlog (lines 3 on), and a line that ends in `@` to complete.
        let lines = ["# 2026-11-21", "", "## Backlog"] + MetadataKey.all.map { "- [ ] Task \($0.name) \(Self.word($0))" }
            + ["- [ ] Plan @"]
        let client = try LanguageServerClient(environment: [:])
        _ = try client.initialize(encodings: ["utf-16"])
        client.open(uri, lines.joined(separator: "\n") + "\n")
        _ = try client.diagnostics(for: uri)
        for (offset, key) in MetadataKey.all.enumerated() {
            let hover = try client.result("textDocument/hover", LanguageServerClient.params(uri, ["position": ["line": .integer(3 + offset), "character": 2]]))
            let text = hover["contents"]?["value"]?.stringValue ?? ""
            // One case a kind, so that a new kind is not checked against another's words.
            let shown = switch key.kind {
            case .flag: "\(key.name): \(key.hover)"
            case .date, .scheduledDate: "\(key.hover) 2026-12-01"
            case .recurrence: "\(key.hover) weekday"
            case .duration: "\(key.hover) 1h30m"
            case .clock: "\(key.hover) 09:30"
            case .choice(let words): "\(key.hover) \(words[0])"
            }
            #expect(text.contains(shown), "\(key.name): \(text)")
        }
        let last = lines.count - 1
        let completion = try client.result("textDocument/completion", LanguageServerClient.params(uri, [
            "position": ["line": .integer(last), "character": .integer(lines[last].utf16.count)],
        ]))
        let items = completion["items"]?.arrayValue ?? []
        #expect(items.compactMap { $0["label"]?.stringValue } == MetadataKey.all.map { "@" + $0.name + ($0.takesValue ? ":" : "") })
        #expect(items.compactMap { $0["documentation"]?.stringValue } == MetadataKey.all.map(\.summary))
        #expect(try client.shutDown() == 0)
    }
}
