import Foundation
import Testing

/// A task finished or cancelled with open sub-tasks: `mark` names each one it leaves open (rollover would leave
/// them behind, DP039), and `--with-subtasks` marks them with the task.
@Suite struct MarkSubtasksTests {
    static let day = """
        # 2026-11-21

        ## Morning
        - [ ] Pack
          - [ ] charger
          - [x] socks
          - [/] tickets

        ## Afternoon

        ## Evening

        ## Backlog

        """

    @Test func cancellingNamesTheOpenSubtasksItLeaves() throws {
        let folder = try DailyFixtures.folder(today: Self.day)
        let run = try Binary.run(["mark", "cancel", "Pack"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:4: marked cancelled (was to do): Pack\n")
        #expect(run.stderr == """
            2026-11-21.md:5: warning: the sub-task `charger` is still open under a cancelled task; mark it, or give --with-subtasks to mark the task's open sub-tasks cancelled with it
            2026-11-21.md:7: warning: the sub-task `tickets` is still open under a cancelled task; mark it, or give --with-subtasks to mark the task's open sub-tasks cancelled with it

            """)
        #expect(try folder.read("2026-11-21.md") == Self.day.replacingOccurrences(of: "- [ ] Pack", with: "- [-] Pack"))
    }

    @Test func withSubtasksMarksThemTooAndLintAgrees() throws {
        let folder = try DailyFixtures.folder(today: Self.day)
        let run = try Binary.run(["mark", "done", "Pack", "--with-subtasks"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        // One byte each: the task's mark and its open sub-tasks' marks; the done one and every other byte kept.
        #expect(try folder.read("2026-11-21.md") == Self.day.replacingOccurrences(of: "- [ ] Pack", with: "- [x] Pack")
            .replacingOccurrences(of: "- [ ] charger", with: "- [x] charger").replacingOccurrences(of: "- [/] tickets", with: "- [x] tickets"))
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        #expect(lint.status == 0 && lint.stdout == "", "\(lint.stdout)")
        // Reopening does not touch the sub-tasks.
        let reopen = try Binary.run(["mark", "todo", "Pack", "--with-subtasks"], in: folder.url)
        #expect(reopen.status == 0)
        #expect(try folder.read("2026-11-21.md").contains("- [ ] Pack\n  - [x] charger\n"))
    }
}
