import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// One empty `- [ ]` placeholder blocked the whole rollover (exit 1), so a plan folder whose
/// template has one failed every morning from cron. The box now stays where it is and is named.
@Suite struct EmptyBoxTests {
    @Test func aTemplatesEmptyBoxNeverBlocksTheNextMorning() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "template = .dayplan/template.md\n")
        try folder.write(".dayplan/template.md", "# {{date}}\n\n## Morning\n- [ ] \n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        #expect(try Binary.run(["rollover", "--date", "2026-11-20"], in: folder.url).status == 0)
        #expect(try Binary.run(["add", "--date", "2026-11-20", "Call Bo"], in: folder.url).status == 0)
        let next = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stdout.contains("2026-11-21.md from 2026-11-20.md: 0 carried, 0 deferred to the backlog, 0 expired; the backlog holds 1 task"))
        #expect(next.stderr.contains("2026-11-20.md:4:1: warning: This empty box has no title, so rollover left it where it is"), "\(next.stderr)")
        #expect(try folder.read("2026-11-20.md").contains("## Morning\n- [ ] \n"))
        #expect(try folder.read("2026-11-21.md").contains("- [ ] Call Bo"))
    }
}
