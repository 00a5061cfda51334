import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Every ```dayplan example in FORMAT.md says what it shows; these tests hold the code to it.
@Suite struct FormatSpecTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let role: String
        let text: String
        let line: Int
        var testDescription: String { "FORMAT.md:\(line) (\(role))" }
    }

    /// The fenced blocks of a Markdown file whose info string starts with `dayplan`, with their roles.
    static func examples(in file: String) -> [Example] {
        let url = Repository.url(file)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var examples: [Example] = []
        var open: (fence: String, role: String, line: Int, lines: [String])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if var current = open {
                if line == current.fence {
                    examples.append(Example(role: current.role, text: current.lines.map { $0 + "\n" }.joined(), line: current.line))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if line.hasPrefix("```") {
                let fence = String(line.prefix { $0 == "`" })
                let info = line.dropFirst(fence.count).split(separator: " ")
                if info.first == "dayplan" {
                    open = (fence, info.dropFirst().joined(separator: " "), index + 1, [])
                }
            }
        }
        return examples
    }

    static let examples = examples(in: "FORMAT.md")

    @Test func theSpecificationHasExamplesOfEveryKind() {
        let roles = Set(Self.examples.map(\.role))
        for role in ["valid", "canonical", "input", "output", "task", "refused", "DP101"] {
            #expect(roles.contains(role), "FORMAT.md has no `dayplan \(role)` example")
        }
    }

    @Test(arguments: examples)
    func exampleHoldsTrue(_ example: Example) throws {
        let bytes = Array(example.text.utf8)
        let document = DayDocument(parsing: bytes)
        switch example.role {
        case "valid":
            #expect(!document.hasErrors, "\(document.diagnostics)")
        case "canonical":
            #expect(!document.hasErrors, "\(document.diagnostics)")
            guard case .unchanged = Formatter.format(bytes) else {
                Issue.record("not canonical: \(String(decoding: document.canonicalBytes(), as: UTF8.self))")
                return
            }
        case "input":
            let index = try #require(Self.examples.firstIndex { $0.line == example.line })
            let output = try #require(Self.examples.dropFirst(index + 1).first)
            try #require(output.role == "output", "an input example is followed by its output")
            switch Formatter.format(bytes) {
            case .changed(let formatted): #expect(String(decoding: formatted, as: UTF8.self) == output.text)
            case .unchanged: #expect(example.text == output.text)
            case .refused(let blockers): Issue.record("refused: \(blockers)")
            }
            guard case .unchanged = Formatter.format(Array(output.text.utf8)) else {
                Issue.record("the output example is not canonical")
                return
            }
        case "output":
            let index = try #require(Self.examples.firstIndex { $0.line == example.line })
            #expect(index > 0 && Self.examples[index - 1].role == "input", "an output example follows its input")
        case "task":
            let region = DayDocument(parsing: "# 2026-11-21\n## Backlog\n" + example.text)
            #expect(region.diagnostics.isEmpty)
            #expect(region.tasks(in: .backlog).count == 1)
        case "refused":
            guard case .refused = Formatter.format(bytes) else {
                Issue.record("not refused")
                return
            }
        default:
            let rule = try #require(Rule.named(example.role), "unknown example role \(example.role)")
            // As the plan of its own day: the day whose overdue tasks lint reports (DP051).
            #expect(document.diagnostics.contains { $0.rule == rule }
                        || Linter.lint(bytes, fileName: nil, today: document.day).contains { $0.rule == rule },
                    "the example does not produce \(rule)")
        }
    }
}
