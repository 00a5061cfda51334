import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A repeat counted from completion reads the day files back as far as
/// it waits, a routine due on a day nobody rolled over into comes once and says so, and a bad value is refused with
/// its reason.
@Suite struct RoutinesCommandTests {
    static func folder(routines: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "")
        try folder.write(".dayplan/routines.md", routines)
        try folder.write("2026-12-04.md", "# 2026-12-04\n\n## Backlog\n- [ ] Book the flights\n")
        return folder
    }

    @Test func aWeekendAwayAndAWaitCountedFromCompletion() throws {
        let folder = try Self.folder(routines: "## Morning\n- [ ] Water the ferns @every:done+3d\n\n## Evening\n- [ ] Take out the bins @every:sun\n")
        // Saturday: the ferns are due (never watered), the bins not yet.
        var run = try Binary.run(["rollover"], in: folder.url, environment: PlanningAheadCommandTests.seven("2026-12-05"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("routine: Water the ferns → Morning\n"))
        try PlanningAheadCommandTests.tick(folder, "2026-12-05.md", ["Water the ferns"])
        // Monday, after a Sunday away: the bins once, for Sunday; the ferns wait (watered two days ago).
        run = try Binary.run(["rollover"], in: folder.url, environment: PlanningAheadCommandTests.seven("2026-12-07"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("routine: Take out the bins → Evening (due Sunday 2026-12-06, a day without a rollover)\n"))
        #expect(!run.stdout.contains("Water the ferns"))
        // Tuesday: three days after the watering, the ferns again; the bins, not done, come forward once.
        run = try Binary.run(["rollover"], in: folder.url, environment: PlanningAheadCommandTests.seven("2026-12-08"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("routine: Water the ferns → Morning\n"))
        let tuesday = try folder.read("2026-12-08.md")
        #expect(tuesday.components(separatedBy: "Take out the bins").count == 2)
        #expect(tuesday.components(separatedBy: "Water the ferns").count == 2)
    }

    @Test func aBadValueIsRefusedWithItsReason() throws {
        let folder = try Self.folder(routines: "## Morning\n- [ ] Water the ferns @every:3d\n")
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["rollover"], in: folder.url, environment: PlanningAheadCommandTests.seven("2026-12-05"))
        #expect(run.status == 1)
        #expect(run.stderr.contains("a repeat every few days counts from the day it was done: write `done+3d`"))
        #expect(try FolderSnapshot(folder.url) == before)
        let lint = try Binary.run(["lint", ".dayplan/routines.md"], in: folder.url, environment: PlanningAheadCommandTests.seven("2026-12-05"))
        #expect(lint.status == 1 && lint.stdout.contains("DP050"))
    }
}
