import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Folder names are read as layout tokens only where they are tokens. A day in
/// `ADD Log/2025-03-10.md` rolled over into `A11 Log/2025-03-11.md`; `MMA training/` became `01A training/`.
@Suite struct LiteralFolderTests {
    @Test(arguments: ["ADD Log", "MMA training"])
    func rolloverKeepsAFolderThePersonNamed(_ folder: String) throws {
        let plan = try TemporaryFolder()
        try plan.write("\(folder)/2025-03-10.md", "# 2025-03-10\n\n## Backlog\n- [ ] Keep going\n")
        for next in ["2025-03-11", "2025-03-12"] {
            let run = try Binary.run(["rollover", "--date", next, "--force"], in: plan.url)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try plan.listing() == [folder])
        // The lock is where the plan starts for the day files: the folder above the layout's date folders, here
        // the person's own folder (PlanLock).
        let days = try FileManager.default.contentsOfDirectory(atPath: plan.url.appendingPathComponent(folder).path).sorted()
        #expect(days == [".dayplan.lock", "2025-03-10.md", "2025-03-11.md", "2025-03-12.md"])
    }

    /// A settings file may write the layout with braces, for a token inside a word.
    @Test func aBracedLayoutInTheSettings() throws {
        let plan = try TemporaryFolder()
        try plan.write(".dayplan/config", "layout = Journal {YYYY}/Week of {MM}/{YYYY}-{MM}-{DD}.md\n")
        let run = try Binary.run(["add", "--date", "2026-11-20", "Call Bo"], in: plan.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: plan.url.appendingPathComponent("Journal 2026/Week of 11/2026-11-20.md").path))
    }
}
