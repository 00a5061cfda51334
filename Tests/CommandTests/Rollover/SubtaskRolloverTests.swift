import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// A task's sub-tasks travel with it. The parent became `[>]` but its open `\t- [ ] …` sub-task
/// stayed open in the old day and appeared again in the new one, and done and cancelled sub-tasks (with their
/// `✅ 2023-04-28` dates) were copied forward too.
@Suite struct SubtaskRolloverTests {
    @Test func openSubtasksMoveOnAndFinishedOnesStay() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", """
            # 2026-11-20

            ## Morning
            - [ ] Pack for the trip
            \t- [x] Passport ✅ 2026-11-20
            \t- [ ] Charger
            \t- [-] Umbrella
            \t  not needed after all

            """)
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026-11-20.md") == """
            # 2026-11-20

            ## Morning
            - [>] Pack for the trip
            \t- [x] Passport ✅ 2026-11-20
            \t- [>] Charger
            \t- [-] Umbrella
            \t  not needed after all

            """)
        let next = try folder.read("2026-11-21.md")
        #expect(next.hasSuffix("## Backlog\n- [ ] Pack for the trip @from:2026-11-20\n  - [ ] Charger\n"), "\(next)")
        // No open box stands open in two days, and a second run changes nothing.
        let before = try FolderSnapshot(folder.url)
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        #expect(try FolderSnapshot(folder.url) == before)
    }
}
