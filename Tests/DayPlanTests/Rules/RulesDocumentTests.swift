import Foundation
import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// RULES.md against the rules themselves, so that the document cannot drift from the code.
@Suite struct RulesDocumentTests {
    /// One `## DPnnn name` section of RULES.md: its heading, its text and its ```dayplan example.
    struct Section {
        let heading: String
        var lines: [String] = []
        var examples: [String] = []
    }

    static let text: String = {
        let url = Repository.url("docs/RULES.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    static let sections: [Section] = {
        var sections: [Section] = []
        var example: String?
        for line in Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var open = example {
                if line == "```" {
                    sections[sections.count - 1].examples.append(open)
                    example = nil
                } else {
                    open += line + "\n"
                    example = open
                }
            } else if line.hasPrefix("## ") {
                sections.append(Section(heading: String(line.dropFirst(3))))
            } else if line == "```dayplan", !sections.isEmpty {
                example = ""
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections
    }()

    @Test func everyRuleHasOneSectionInIdOrder() {
        #expect(Self.sections.map(\.heading) == Rule.all.map { "\($0.id) \($0.name)" })
    }

    /// The table is the registry, row for row: a rule added to `Rule.all`, or changed there, fails here until
    /// RULES.md says the same.
    @Test func theTableIsTheRegistry() {
        let rows = Self.text.split(separator: "\n").filter { $0.hasPrefix("| DP") }.map(String.init)
        #expect(rows == Rule.all.map { rule in
            "| \(rule.id) | \(rule.name) | \(rule.severity.rawValue) | \(rule.blocksFormatting ? "yes" : "no") | \(rule.summary) |"
        })
    }

    /// One rule a file in `Sources/DayPlan/Rules/`, named for the rule (`bucket-limit` in `BucketLimit.swift`),
    /// and the registry in id order with no id or name twice.
    @Test func eachRuleHasItsFileAndTheRegistryIsInIdOrder() {
        for rule in Rule.all {
            let file = rule.name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() + ".swift"
            let url = Repository.url("Sources/DayPlan/Rules/\(file)")
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            #expect(text.contains("id: \"\(rule.id)\", name: \"\(rule.name)\""), "\(file) declares \(rule)")
        }
        #expect(Rule.all.map(\.id) == Rule.all.map(\.id).sorted())
        #expect(Set(Rule.all.map(\.id)).count == Rule.all.count && Set(Rule.all.map(\.name)).count == Rule.all.count)
    }

    @Test(arguments: Rule.all)
    func theTableListsTheRule(_ rule: Rule) {
        let row = "| \(rule.id) | \(rule.name) | \(rule.severity.rawValue) | \(rule.blocksFormatting ? "yes" : "no") | "
        #expect(Self.text.split(separator: "\n").filter { $0.hasPrefix(row) }.count == 1, "\(row)")
    }

    @Test(arguments: Rule.all)
    func theSectionStatesTheSeverity(_ rule: Rule) throws {
        let section = try #require(Self.sections.first { $0.heading == "\(rule.id) \(rule.name)" })
        let severity = try #require(section.lines.first { $0.hasPrefix("**Severity:**") })
        #expect(severity.hasPrefix("**Severity:** \(rule.severity.rawValue)."))
        #expect(severity.contains("Stops `dayplan fmt`") == rule.blocksFormatting)
        #expect(section.lines.contains { $0.contains("**Fix:**") })
    }

    /// The rules a day file's text can break; a rule about the files themselves (DP003) has no text to show, and
    /// its test runs the binary (`LinkedDayFileTests`).
    static let textRules = Rule.all.filter { !$0.isAboutFiles }

    @Test(arguments: textRules)
    func theExampleBreaksExactlyItsRule(_ rule: Rule) throws {
        let section = try #require(Self.sections.first { $0.heading == "\(rule.id) \(rule.name)" })
        #expect(section.examples.count == 1)
        // RULES.md writes a raw byte as `⟨XX⟩`, as MarkedInput reads it.
        let example = try #require(section.examples.first)
        // The examples are today's plan, so that an overdue task (DP051) is one.
        let findings = Linter.lint(MarkedInput(example).bytes, fileName: "2026-11-21.md", today: Day("2026-11-21"))
        #expect(!findings.isEmpty)
        #expect(Set(findings.map(\.rule)) == [rule], "\(findings.map(\.message))")
    }
}
