import Testing
@testable import DayPlan
@testable import DayPlanExport

/// A sub-task is read one way (`Checkbox.subtask`) by lint (DP039), by `PlanTask.subtasks` (export, the notes
/// rollover takes along) and by `TaskLine` (the marks rollover and `mark --with-subtasks` set). A quoted
/// checklist line (`> - [ ] charger`), which Markdown editors show as a checkbox, used to be DP039 for lint and
/// named by rollover, yet no sub-task to export.
@Suite struct SubtaskReadingTests {
    static let day = """
        # 2026-11-21

        ## Morning
        - [x] Pack the bag
          > - [ ] charger
          - [x] socks
        - [ ] Call the plumber
          > - [ ] ask about the boiler
          ```
          - [ ] not a sub-task: code
          ```

        ## Afternoon

        ## Evening

        ## Backlog

        """

    @Test func lintExportAndRolloverReadTheSameSubtasks() throws {
        let bytes = Array(Self.day.utf8)
        let document = DayDocument(parsing: bytes)
        let tasks = document.tasks(in: .morning)
        #expect(tasks.map { $0.subtasks.map(\.title) } == [["charger", "socks"], ["ask about the boiler"]])
        #expect(tasks.map { $0.subtasks.map(\.status) } == [[.todo, .done], [.todo]])

        // Lint: the open sub-task under the done task, and only it.
        let findings = Linter.lint(bytes, fileName: "2026-11-21.md").filter { $0.rule == .openSubtaskUnderFinishedTask }
        #expect(findings.map(\.start.line) == [5])

        // Export: the same sub-tasks.
        let saturday = try #require(Day("2026-11-21")), sunday = try #require(Day("2026-11-22"))
        let json = String(decoding: try #require(DayRecord.json(of: document, date: saturday)), as: UTF8.self)
        #expect(json.contains(#""subtasks":[{"status":"todo","title":"charger","#))
        #expect(json.contains(#""subtasks":[{"status":"todo","title":"ask about the boiler","#))

        // Rollover: names the one under the done task; the open task's quoted sub-task moves on with it, marked
        // `[>]` in the old day.
        let plan = try Rollover(opening: sunday, from: (saturday, bytes), existing: nil)
        try plan.verify()
        #expect(plan.leftBehind.map(\.start.line) == [5])
        let old = String(decoding: try #require(plan.sourceAfter), as: UTF8.self)
        #expect(old.contains("- [>] Call the plumber\n  > - [>] ask about the boiler\n"))
        #expect(old.contains("```\n  - [ ] not a sub-task: code\n"))
        #expect(String(decoding: plan.targetAfter, as: UTF8.self).contains("- [ ] Call the plumber @from:2026-11-21\n  > - [ ] ask about the boiler\n"))
    }
}
