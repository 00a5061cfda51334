import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// DP052 long-carried, an information-level finding with three quick fixes.
@Suite struct LongCarriedTests {
    static let day = "# 2026-11-21\n\n## Morning\n* [ ] Write the talk\n\n## Backlog\n- [ ] Renew passport @from:2026-11-10\n"
        + "+ [ ] Fix the bike @from:2026-11-02\n- [ ] Fresh @from:2026-11-20\n- [ ] Later @from:2026-11-01 @on:2026-11-25\n"

    @Test func onlyOldUndecidedBacklogTasksOfTodayOldestFirst() throws {
        let today = try #require(Day("2026-11-21"))
        let findings = Linter.lint(Array(Self.day.utf8), fileName: "2026-11-21.md", today: today).filter { $0.rule == .longCarried }
        #expect(findings.map(\.start.line) == [7, 8])
        #expect(findings.allSatisfy { $0.severity == .information })
        #expect(findings.first?.message == "Renew passport was first planned on 2026-11-10, 11 days ago; do it today, schedule it with `@on:`, or cancel it (`dayplan review` lists the choices).")
        #expect(LongCarried.tasks(in: DayDocument(parsing: Self.day), on: today, days: 7).map(\.age) == [19, 11])
        // The setting, and an older day (history), decide.
        #expect(Linter.lint(Array(Self.day.utf8), fileName: "2026-11-21.md", today: today, carriedWarningDays: 12).filter { $0.rule == .longCarried }.count == 1)
        #expect(Linter.lint(Array(Self.day.utf8), fileName: "2026-11-21.md", today: today.adding(days: 1)).filter { $0.rule == .longCarried }.isEmpty)
    }

    @Test func informationIsTheLeastSevere() {
        #expect(Severity.information < .warning && Severity.warning < .error && Severity.information < .error)
        #expect(!(Severity.error < .information))
    }

    @Test func theThreeChoicesAreQuickFixes() throws {
        let bytes = Array(Self.day.utf8)
        let line = Self.day.split(separator: "\n", omittingEmptySubsequences: false).prefix(7).map { $0.utf8.count + 1 }.reduce(0, +)
        let start = line - ("- [ ] Renew passport @from:2026-11-10".utf8.count + 1)
        let fixes = Rule.longCarried.quickFixes(in: bytes, at: start..<(start + 5))
        #expect(fixes.map(\.title) == ["Do “Renew passport” today: move it to the Morning", "Schedule “Renew passport” for 2026-11-28 (@on:)",
                                       "Cancel “Renew passport” ([-])"])
        func applied(_ fix: QuickFix) -> String {
            var result = bytes
            for edit in fix.edits.sorted(by: { $0.offset > $1.offset }) {
                result.replaceSubrange(edit.offset..<(edit.offset + edit.removing), with: edit.inserting)
            }
            return String(decoding: result, as: UTF8.self)
        }
        #expect(applied(fixes[0]).contains("## Morning\n* [ ] Write the talk\n- [ ] Renew passport @from:2026-11-10\n"))
        #expect(applied(fixes[1]).contains("- [ ] Renew passport @on:2026-11-28 @from:2026-11-10\n") || applied(fixes[1]).contains("- [ ] Renew passport @from:2026-11-10 @on:2026-11-28\n"))
        #expect(applied(fixes[2]).contains("- [-] Renew passport @from:2026-11-10\n"))
    }

    @Test func theSettingIsRead() throws {
        #expect(try Settings(parsing: Array("carried-warning-days = 14\n".utf8)).carriedWarningDays == 14)
        #expect(throws: SettingsError.self) { try Settings(parsing: Array("carried-warning-days = soon\n".utf8)) }
        #expect(throws: SettingsError.self) { try Settings(parsing: Array("carried-warning-days = 0\n".utf8)) }
    }
}
