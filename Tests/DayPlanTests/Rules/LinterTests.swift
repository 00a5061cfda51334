import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// An input that breaks one rule, with 1️⃣ where the finding starts (and 2️⃣ where it ends, when given).
struct RuleExample: Sendable, CustomTestStringConvertible {
    let rule: Rule
    let input: String
    var fileName: String? = "2026-11-21.md"

    var testDescription: String { rule.description }
}

/// One example per rule in `Rule.all`; `everyRuleHasAnExample` keeps the list complete.
let ruleExamples: [RuleExample] = [
    RuleExample(rule: .invalidEncoding, input: "# 2026-11-21\n\n## Morning\n- [ ] Caf1️⃣⟨E9⟩ au lait\n"),
    RuleExample(rule: .binaryContent, input: "# 2026-11-21\n\n## Morning\n- [ ] Tea1️⃣⟨00⟩\n"),
    RuleExample(rule: .missingDayHeading, input: "1️⃣## Morning\n- [ ] Tea\n"),
    RuleExample(rule: .badDayHeading, input: "# 1️⃣Monday2️⃣\n\n## Morning\n"),
    RuleExample(rule: .dayMismatch, input: "# 1️⃣2026-11-222️⃣\n\n## Morning\n"),
    RuleExample(rule: .extraDayHeading, input: "# 2026-11-21\n\n## Morning\n1️⃣# Tomorrow2️⃣\n"),
    RuleExample(rule: .taskOutsideRegion, input: "# 2026-11-21\n\n1️⃣- [ ] Stray task2️⃣\n\n## Morning\n"),
    RuleExample(rule: .duplicateRegion, input: "# 2026-11-21\n\n## Morning\n- [ ] Tea\n\n1️⃣## Morning2️⃣\n"),
    RuleExample(rule: .regionOrder, input: "# 2026-11-21\n\n## Evening\n\n1️⃣## Morning2️⃣\n"),
    RuleExample(rule: .nearRegionHeading, input: "# 2026-11-21\n\n1️⃣## Mornign2️⃣\nQuiet hours.\n"),
    RuleExample(rule: .finishedTaskOutsideRegion, input: "# 2026-11-21\n\n## Notes\n1️⃣- [x] Called the plumber2️⃣\n"),
    RuleExample(rule: .repeatedTask, input: "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Drink water\n1️⃣- [ ] Drink water2️⃣\n"),
    RuleExample(rule: .unknownStatus, input: "# 2026-11-21\n\n## Morning\n- [1️⃣?2️⃣] Tea\n"),
    RuleExample(rule: .malformedTask, input: "# 2026-11-21\n\n## Morning\n- 1️⃣[ x Tea2️⃣\n"),
    RuleExample(rule: .emptyTitle, input: "# 2026-11-21\n\n## Morning\n1️⃣- [ ] @carry2️⃣\n"),
    RuleExample(rule: .badMetadata, input: "# 2026-11-21\n\n## Backlog\n- [ ] Renew passport 1️⃣@expires:soon2️⃣\n"),
    RuleExample(rule: .conflictingMetadata,
                input: "# 2026-11-21\n\n## Backlog\n- [ ] Tea @from:2026-11-19 1️⃣@from:2026-11-202️⃣\n"),
    RuleExample(rule: .repeatedMetadata, input: "# 2026-11-21\n\n## Morning\n- [ ] Tea @carry 1️⃣@carry2️⃣\n"),
    RuleExample(rule: .foreignMetadata, input: "# 2026-11-21\n\n## Morning\n- [ ] Tea 1️⃣📅 soon2️⃣\n"),
    RuleExample(rule: .unknownMetadata, input: "# 2026-11-21\n\n## Morning\n- [ ] Tea 1️⃣@mood:high2️⃣\n"),
    RuleExample(rule: .listItemWithoutStatus, input: "# 2026-11-21\n\n## Morning\n1️⃣- buy milk2️⃣\n"),
    RuleExample(rule: .taskLikeLine, input: "# 2026-11-21\n\n## Morning\n1️⃣1. [ ]2️⃣ Tea\n"),
    RuleExample(rule: .openSubtaskUnderFinishedTask,
                input: "# 2026-11-21\n\n## Morning\n- [x] Pack for the trip\n  1️⃣- [ ] Charger2️⃣\n"),
    RuleExample(rule: .unclosedBlock, input: "# 2026-11-21\n\n## Notes\n1️⃣```\nlet x = 1\n"),
    RuleExample(rule: .conflictMarker,
                input: "# 2026-11-21\n\n## Morning\n- [x] Tea\n1️⃣>>>>>>>2️⃣ main\n"),
    RuleExample(rule: .badRecurrence, input: "# 2026-11-21\n\n## Morning\n- [ ] Inbox zero 1️⃣@every:fortnight2️⃣\n"),
    RuleExample(rule: .overdue, input: "# 2026-11-21\n\n## Morning\n1️⃣- [ ] File the tax return @due:2026-11-202️⃣\n"),
    RuleExample(rule: .longCarried, input: "# 2026-11-21\n\n## Backlog\n1️⃣- [ ] Fix the bike @from:2026-11-142️⃣\n"),
    RuleExample(rule: .badTime, input: "# 2026-11-21\n\n## Morning\n- [ ] 1️⃣09:00 - 08:002️⃣ Team meeting\n"),
    RuleExample(rule: .timeOutsideRegion, input: "# 2026-11-21\n\n## Morning\n1️⃣- [ ] 13:00 - 14:00 Team meeting2️⃣\n"),
    RuleExample(rule: .timeOverlap, input: "# 2026-11-21\n\n## Morning\n- [ ] 09:00 - 10:00 Stand-up\n1️⃣- [ ] 09:30 Call Ana2️⃣\n"),
    RuleExample(rule: .overCapacity,
                input: "# 2026-11-21\n\n## Morning\n- [ ] Write the report @est:4h\n1️⃣- [ ] Review the budget @est:2h30m2️⃣\n- [ ] Tea @est:5m\n"),
    RuleExample(rule: .bucketLimit, input: "# 2026-11-21\n\n## Morning\n* [ ] Ship it\n1️⃣* [ ] Ship that2️⃣\n"),
]

@Suite struct LinterTests {
    /// The findings of one rule for marked input.
    func findings(_ input: MarkedInput, _ rule: Rule, fileName: String? = "2026-11-21.md") -> [Diagnostic] {
        Linter.lint(input.bytes, fileName: fileName, today: Day("2026-11-21")).filter { $0.rule == rule }
    }

    @Test func everyRuleHasAnExample() {
        // A rule about the files themselves (DP003, DP004) has no text example: the binary's tests show it.
        let textRules = Rule.all.filter { !$0.isAboutFiles }
        #expect(Set(ruleExamples.map(\.rule)) == Set(textRules))
        #expect(ruleExamples.count == textRules.count)
        #expect(textRules.count == Rule.all.count - 2)
    }

    /// One severity per rule, and whatever stops `fmt` or `rollover` is an error in `lint`, so the
    /// git hook catches a file before it blocks a morning.
    @Test(arguments: Rule.all)
    func aRuleThatStopsFormattingIsAnError(_ rule: Rule) {
        #expect(!rule.blocksFormatting || rule.severity == .error, "\(rule)")
    }

    @Test(arguments: ruleExamples)
    func whatStopsFmtOrRolloverIsALintError(_ example: RuleExample) throws {
        let bytes = MarkedInput(example.input).bytes
        let errors = Linter.lint(bytes, fileName: example.fileName).filter { $0.severity == .error }
        if case .refused(let blockers) = Formatter.format(bytes) {
            #expect(!blockers.isEmpty && blockers.allSatisfy { $0.severity == .error })
            #expect(!errors.isEmpty)
        }
        let day = try #require(Day("2026-11-21"))
        do {
            _ = try Rollover(opening: day.adding(days: 1), from: (day, bytes), existing: nil)
        } catch {
            guard case .sourceRefused(let reasons) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!reasons.isEmpty && reasons.allSatisfy { $0.severity == .error }, "\(example.rule)")
            #expect(!errors.isEmpty)
        }
    }

    @Test(arguments: ruleExamples)
    func findingLandsAtTheMarker(_ example: RuleExample) throws {
        let input = MarkedInput(example.input)
        let found = findings(input, example.rule, fileName: example.fileName)
        #expect(found.count == 1, "\(found)")
        let finding = try #require(found.first)
        #expect(finding.start == input["1️⃣"])
        if let end = input["2️⃣"] { #expect(finding.end == end) }
        #expect(finding.severity == example.rule.severity)
        #expect(!finding.message.isEmpty)
    }

    // MARK: - DP101 bucket-limit

    @Test(arguments: [
        (Bucket.must, "*", 1), (Bucket.complementary, "+", 3), (Bucket.misc, "-", 5),
    ])
    func eachBucketHasItsLimit(_ bucket: Bucket, _ bullet: String, _ limit: Int) throws {
        var text = "# 2026-11-21\n\n## Morning\n"
        for number in 1...limit { text += "\(bullet) [ ] Task \(number)\n" }
        #expect(findings(MarkedInput(text), .bucketLimit).isEmpty, "at the limit is fine")
        text += "1️⃣\(bullet) [ ] One too many2️⃣\n"
        let input = MarkedInput(text)
        let found = findings(input, .bucketLimit)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.start == input["1️⃣"])
        #expect(finding.end == input["2️⃣"])
        #expect(finding.severity == .error)
        #expect(finding.message == "Morning has \(limit + 1) open \(bucket) tasks; the limit is \(limit)")
    }

    @Test(arguments: ["Morning", "Afternoon", "Evening"])
    func everyLimitedRegionIsChecked(_ region: String) {
        let input = MarkedInput("# 2026-11-21\n\n## \(region)\n* [/] First\n1️⃣* [ ] Second\n")
        let found = findings(input, .bucketLimit)
        #expect(found.map(\.start) == [input["1️⃣"]])
        #expect(found.first?.message == "\(region) has 2 open must tasks; the limit is 1")
    }

    @Test func eachTaskBeyondTheLimitIsReportedAtItsOwnLine() {
        let input = MarkedInput("""
            # 2026-11-21

            ## Morning
            * [ ] One
            1️⃣* [ ] Two
            - [ ] A chore
            2️⃣* [/] Three

            """)
        let found = findings(input, .bucketLimit)
        #expect(found.map(\.start) == [input["1️⃣"], input["2️⃣"]])
        #expect(found.allSatisfy { $0.message == "Morning has 3 open must tasks; the limit is 1" })
    }

    @Test func regionsAreCountedApart() {
        let input = MarkedInput("# 2026-11-21\n\n## Morning\n* [ ] One\n\n## Afternoon\n* [ ] Two\n\n## Evening\n* [ ] Three\n")
        #expect(findings(input, .bucketLimit).isEmpty)
    }

    @Test func aRegionWrittenTwiceIsCountedAsOne() {
        let input = MarkedInput("""
            # 2026-11-21

            ## Morning
            * [ ] One
            + [ ] Support

            ## Afternoon

            1️⃣## Morning
            2️⃣* [ ] Two

            """)
        let all = Linter.lint(input.bytes, fileName: nil)
        #expect(all.map(\.rule) == [.duplicateRegion, .bucketLimit])
        #expect(all.map(\.start) == [input["1️⃣"], input["2️⃣"]])
    }

    @Test(arguments: ["x", "X", "-", ">"])
    func finishedTasksFreeTheirSlot(_ mark: String) {
        let input = MarkedInput("# 2026-11-21\n\n## Evening\n* [\(mark)] Done early\n* [ ] Pulled from the backlog\n")
        #expect(findings(input, .bucketLimit).isEmpty)
    }

    @Test func inProgressTasksKeepTheirSlot() {
        let input = MarkedInput("# 2026-11-21\n\n## Evening\n* [/] Started\n1️⃣* [ ] Another\n")
        #expect(findings(input, .bucketLimit).map(\.start) == [input["1️⃣"]])
    }

    @Test func theBacklogIsNeverLimited() {
        var text = "# 2026-11-21\n\n## Backlog\n"
        for number in 1...20 { text += "* [ ] Must \(number)\n+ [ ] Support \(number)\n- [ ] Chore \(number)\n" }
        #expect(Linter.lint(Array(text.utf8), fileName: "2026-11-21.md").isEmpty)
    }

    @Test func listsOutsideRegionsAreNotTasks() {
        let text = "# 2026-11-21\n\n## Morning\n\n## Notes\n* One\n* Two\n"
        #expect(Linter.lint(Array(text.utf8), fileName: "2026-11-21.md").isEmpty)
    }

    @Test func emptyRegionsAreFine() {
        let text = "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        #expect(Linter.lint(Array(text.utf8), fileName: "2026-11-21.md").isEmpty)
        #expect(Linter.lint(Array("# 2026-11-21\n".utf8), fileName: "2026-11-21.md").isEmpty)
    }

    // MARK: - DP012 day-mismatch

    @Test(arguments: ["2026-11-21.md", "plans/2026/2026-11-21.md", "/home/me/plans/2026-11-21.md"])
    func aMatchingFileNameIsFine(_ fileName: String) {
        #expect(Linter.lint(Array("# 2026-11-21\n".utf8), fileName: fileName).isEmpty)
    }

    @Test(arguments: [nil, "<stdin>", "plan.md", "2026-11-2.md", "2026-11-21.markdown", "x2026-11-21.md", "2026-11-21.md/"])
    func otherFileNamesAreNotChecked(_ fileName: String?) {
        #expect(Linter.lint(Array("# 2026-11-22\n".utf8), fileName: fileName).isEmpty)
    }

    @Test func theFileNameIsComparedInAnyFolder() {
        let input = MarkedInput("# 1️⃣2026-11-22\n")
        let found = findings(input, .dayMismatch, fileName: "plans/2026-11-21/2026-11-21.md")
        #expect(found.map(\.start) == [input["1️⃣"]])
        #expect(found.first?.message.contains("2026-11-22") == true)
        #expect(found.first?.message.contains("2026-11-21.md") == true)
    }

    @Test func aFileNamedForNoRealDayIsReported() {
        let input = MarkedInput("# 1️⃣2026-02-28\n")
        let found = findings(input, .dayMismatch, fileName: "2026-02-30.md")
        #expect(found.map(\.start) == [input["1️⃣"]])
        #expect(found.first?.message.contains("2026-02-30.md is not a real date") == true)
        let noHeading = MarkedInput("1️⃣Just notes\n")
        #expect(findings(noHeading, .dayMismatch, fileName: "2026-13-01.md").map(\.start) == [noHeading["1️⃣"]])
    }

    @Test func aBrokenHeadingIsReportedOnceNotTwice() {
        let found = Linter.lint(Array("# Monday\n".utf8), fileName: "2026-11-21.md")
        #expect(found.map(\.rule) == [.badDayHeading])
    }

    // MARK: - The whole list

    @Test func findingsAreSortedByLineThenColumn() {
        let input = MarkedInput("""
            # 1️⃣2026-11-22

            ## Morning
            * [ ] One
            2️⃣* [ ] Two 3️⃣@carry 4️⃣@carry

            """)
        let found = Linter.lint(input.bytes, fileName: "2026-11-21.md")
        #expect(found.map(\.rule) == [.dayMismatch, .bucketLimit, .repeatedMetadata])
        #expect(found.map(\.start) == [input["1️⃣"], input["2️⃣"], input["4️⃣"]])
    }

    @Test func theDocumentOverloadGivesTheSameFindings() {
        let bytes = Array("# 2026-11-22\n\n## Morning\n* [ ] One\n* [ ] Two\n".utf8)
        #expect(Linter.lint(DayDocument(parsing: bytes), fileName: "2026-11-21.md")
                    == Linter.lint(bytes, fileName: "2026-11-21.md"))
    }

    @Test func markersLandWhereTheParserCounts() {
        // The helper itself: columns and offsets count UTF-8 bytes, lines count from 1.
        let input = MarkedInput("ab\ncé1️⃣x⟨FF⟩2️⃣")
        #expect(input.bytes == [0x61, 0x62, 0x0A, 0x63, 0xC3, 0xA9, 0x78, 0xFF])
        #expect(input["1️⃣"] == SourcePosition(offset: 6, line: 2, column: 4))
        #expect(input["2️⃣"] == SourcePosition(offset: 8, line: 2, column: 6))
    }
}
