import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The registry (`Rule.all`) decides what the parser's problems mean: each problem the parser can report is
/// claimed by one rule at most, the rules that report none let it pass without a finding, and every rule that
/// reads problems claims some.
@Suite struct RuleRegistryTests {
    static let here = SourcePosition(offset: 0, line: 1, column: 1)

    /// A problem of each kind, with the rule that reports it (nil: none, by design).
    static let problems: [(ReadingProblem.Kind, Rule?)] = [
        (.invalidUTF8(byte: 0xE9), .invalidEncoding),
        (.nulByte, .binaryContent),
        (.noDayHeading, .missingDayHeading),
        (.dayHeadingWithoutDate(heading: "# Monday"), .badDayHeading),
        (.secondDayHeading, .extraDayHeading),
        (.nearRegionHeading(heading: "## Mornign", level: 2, region: .morning), .nearRegionHeading),
        (.repeatedRegion(.morning, heading: "## Morning"), .duplicateRegion),
        (.regionOutOfOrder(.morning, after: .evening), .regionOrder),
        (.checkboxNotATask(.todo, .beforeRegions), .taskOutsideRegion),
        (.checkboxNotATask(.inProgress, .afterLoneCR), .taskOutsideRegion),
        (.checkboxNotATask(.done, .inQuote), .finishedTaskOutsideRegion),
        (.checkboxNotATask(.cancelled, .underHeading("Notes")), .finishedTaskOutsideRegion),
        (.subtask(.todo, under: .done), .openSubtaskUnderFinishedTask),
        (.subtask(.inProgress, under: .cancelled), .openSubtaskUnderFinishedTask),
        (.subtask(.todo, under: .todo), nil),
        (.subtask(.done, under: .done), nil),
        (.subtask(.todo, under: .moved), nil),
        (.listItemWithoutBox(.misc), .listItemWithoutStatus),
        (.looseTaskLine(.misc, .todo, numbered: true), .taskLikeLine),
        (.looseStatusBox(.done, written: "[ x]"), .taskLikeLine),
        (.brokenStatusBox, .malformedTask),
        (.unknownStatusMark("?"), .unknownStatus),
        (.emptyTitle, .emptyTitle),
        (.flagWithValue(key: "carry"), .badMetadata),
        (.notADate(key: "due", word: "@due:soon"), .badMetadata),
        (.notARegion(word: "@on:2026-11-22/noon"), .badMetadata),
        (.notARecurrence(word: "@every:often"), .badRecurrence),
        (.notADuration(key: "est", word: "@est:soon"), .badMetadata),
        (.notAClock(key: "running", word: "@running:9am"), .badMetadata),
        (.notATime(written: "25:00", reason: "its hour or minute is out of range (00:00 to 23:59)"), .badTime),
        (.secondValue(key: "due", first: "2026-11-22", word: "@due:2026-11-23"), .conflictingMetadata),
        (.secondRegion, .conflictingMetadata),
        (.spellingsDisagree(key: "due", first: "2026-11-22", written: "📅 2026-11-23"), .conflictingMetadata),
        (.unreadSpelling(written: "📅 soon", key: "due", style: .obsidianTasks), .foreignMetadata),
        (.repeatedWord("@carry"), .repeatedMetadata),
        (.unknownKey("deadline"), .unknownMetadata),
        (.unknownKey("12"), nil),
        (.unknownKey(""), nil),
        (.unclosedBlock(comment: true), .unclosedBlock),
        (.conflictMarker(.sideStart, character: "<"), .conflictMarker),
    ]

    @Test func eachProblemIsClaimedByOneRuleAtMost() {
        for (kind, expected) in Self.problems {
            let problem = ReadingProblem(kind: kind, start: Self.here, end: Self.here)
            let claimed = Rule.all.filter { rule in
                if case .reading(let check) = rule.check { check(problem) != nil } else { false }
            }
            #expect(claimed.map(\.id) == (expected.map { [$0.id] } ?? []), "\(kind)")
            #expect(Rule.finding(for: problem)?.rule == expected, "\(kind)")
            if let finding = Rule.finding(for: problem) {
                #expect(finding.severity == finding.rule.severity && !finding.message.isEmpty, "\(kind)")
            }
        }
    }

    @Test func everyRuleThatReadsProblemsClaimsOne() {
        for rule in Rule.all {
            guard case .reading = rule.check else { continue }
            #expect(Self.problems.contains { $0.1 == rule }, "\(rule) claims no problem here")
        }
    }
}
