import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// One rule for what rollover leaves behind: every finding lint makes on a line that is (or may be) an open task
/// is either carried by rollover (the line is marked in the old day) or named in `leftBehind`. The walk covers
/// every rule's example in docs/RULES.md, and the broken boxes a new user typed.
@Suite struct RolloverLeftBehindTests {
    /// Whether a line is, or may be, an open task: a bullet (or a number) and a box whose mark is not one of a
    /// finished or moved-on task, or a Logseq or org-mode open task word.
    static func mayBeOpenTask(_ line: Substring) -> Bool {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        if let first = rest.first, "-+*".contains(first) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isNumber }
            guard !digits.isEmpty, let after = rest.dropFirst(digits.count).first, after == "." || after == ")" else { return false }
            rest = rest.dropFirst(digits.count + 1)
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        if Checkbox.openTaskWords.contains(where: { rest.hasPrefix($0 + " ") }) { return true }
        guard rest.hasPrefix("[") else { return false }
        // A box with stray blanks (`[ x]`) says its one mark.
        let box = rest.dropFirst().prefix { $0 != "]" }.filter { $0 != " " && $0 != "\t" }
        return !["x", "X", "-", ">"].contains(box)
    }

    /// Rolls `text` (the plan of 2026-11-21) over into 2026-11-22 and checks every finding on a line that may be
    /// an open task: carried, or named. Nil when rollover refuses the day (it names its reasons then).
    @discardableResult
    static func expectCarriedOrNamed(_ text: String, _ comment: Comment) throws -> Rollover? {
        let bytes = Array(text.utf8)
        let from = try #require(Day("2026-11-21")), day = try #require(Day("2026-11-22"))
        let findings = Linter.lint(bytes, fileName: "2026-11-21.md", today: from)
        let plan: Rollover
        do {
            plan = try Rollover(opening: day, from: (from, bytes), existing: nil)
        } catch {
            return nil
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let marked = Set(plan.sourceChanges.map(\.line)), named = Set(plan.leftBehind.map(\.start.line))
        for finding in findings where finding.start.line <= lines.count && mayBeOpenTask(lines[finding.start.line - 1]) {
            let line = finding.start.line
            #expect(marked.contains(line) || named.contains(line),
                    "\(comment): line \(line) `\(lines[line - 1])` has \(finding.rule) from lint, but rollover neither carried nor named it")
        }
        return plan
    }

    @Test(arguments: RulesDocumentTests.textRules)
    func everyRuleExampleIsCarriedOrNamed(_ rule: Rule) throws {
        let section = try #require(RulesDocumentTests.sections.first { $0.heading == "\(rule.id) \(rule.name)" })
        for example in section.examples {
            let text = String(decoding: MarkedInput(example).bytes, as: UTF8.self)
            try Self.expectCarriedOrNamed(text, "\(rule)")
        }
    }

    @Test func brokenBoxesAndTasksOutsideTheRegionsAreNamed() throws {
        let text = """
            # 2026-11-21

            ## Morning
            + [] Print the handouts
            - [ x] Water the plants
            - [x ] Buy stamps
            - [ ] Call Ana
            - [x] Packed
              - [ ] Charger
            - [?] Maybe

            ## Afternoon

            ## Evenings
            - [ ] Under a typo

            ## Evening

            ## Backlog
            - TODO Logseq's word

            ## Notes
            - [ ] Under notes

            """
        let plan = try #require(try Self.expectCarriedOrNamed(text, "broken boxes"))
        // `+ []` is read as to do and carried; `[ x]` and `[x ]` as done, which stay.
        #expect(plan.leftBehind.map(\.start.line) == [9, 10, 15, 20, 23])
        #expect(plan.leftBehind.filter { $0.rule == .malformedTask }.isEmpty)
        #expect(plan.summary.deferred == 2)
        #expect(plan.sourceChanges.map(\.line).contains(4))
    }

    /// A broken box outside the regions (under `## Notes`, or a heading that is no region) is as much a task to the
    /// person as one in a region: lint calls it DP031 there too, and rollover names it, quoting the line, so that a
    /// cron log shows the task itself. A Markdown link at the start of a list item is no box.
    @Test func brokenBoxesOutsideTheRegionsAreNamedWithTheirLines() throws {
        let text = """
            # 2026-11-21

            ## Morning

            ## Morning extra
            - [ x] Water the plants

            ## Notes
            + [] Print the handouts
            - [notes](https://example.com) from the call
            - [ab] not a box either

            """
        let findings = Linter.lint(Array(text.utf8), fileName: "2026-11-21.md")
        #expect(findings.map(\.rule) == [.malformedTask, .malformedTask])
        #expect(findings.map(\.start.line) == [6, 9])
        let plan = try #require(try Self.expectCarriedOrNamed(text, "broken boxes outside the regions"))
        #expect(plan.leftBehind.map(\.start.line) == [6, 9])
        #expect(plan.leftBehind.map(\.message).allSatisfy { $0.hasPrefix("This line starts like a task but its status box is broken") })
        #expect(plan.leftBehind[0].message.hasSuffix(" Left behind: `- [ x] Water the plants`"))
        #expect(plan.leftBehind[1].message.hasSuffix(" Left behind: `+ [] Print the handouts`"))
    }

    @Test func theRulesThatLeaveATaskBehindAreTheOnesRolloverNames() {
        // The property is read from each rule's own file; this pins the set, so that a change to it is seen here.
        #expect(Set(Rule.all.filter(\.leavesTaskBehind).map(\.id)) == ["DP020", "DP030", "DP031", "DP039"])
    }
}
