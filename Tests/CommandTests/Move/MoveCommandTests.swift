import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

@Suite struct MoveCommandTests {
    typealias F = DailyFixtures

    @Test func movesATaskWithItsNotesAndSubtasks() throws {
        let folder = try F.folder()
        let run = try Binary.run(["move", "Write the talk", "--to", "afternoon", "--complementary"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:9: moved from Morning to Afternoon (complementary): Write the talk #work\n")
        #expect(try folder.read("2026-11-21.md") == F.today
            .replacingOccurrences(of: "* [ ] Write the talk #work\n  slides first\n  - [ ] outline\n", with: "")
            .replacingOccurrences(of: "- [ ] Buy milk\n", with: "- [ ] Buy milk\n+ [ ] Write the talk #work\n  slides first\n  - [ ] outline\n"))
    }

    @Test func aMissingRegionGetsItsHeading() throws {
        let folder = try F.folder()
        let run = try Binary.run(["move", "2026-11-21.md:15", "--to", "evening"], in: folder.url)
        #expect(run.stdout == "2026-11-21.md:14: moved from the Backlog to Evening (misc): Buy milk powder\n")
        #expect(try folder.read("2026-11-21.md") == F.today
            .replacingOccurrences(of: "- [ ] Buy milk powder\n", with: "")
            .replacingOccurrences(of: "## Backlog\n", with: "## Evening\n- [ ] Buy milk powder\n\n## Backlog\n"))
    }

    @Test func withinItsRegionOnlyTheBulletChanges() throws {
        let folder = try F.folder()
        let run = try Binary.run(["move", "budget", "--to", "morning", "--misc"], in: folder.url)
        #expect(run.stdout == "2026-11-21.md:7: moved to Morning (misc): Review the budget\n")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(of: "+\t[/]", with: "-\t[/]"))
    }

    @Test func aFullBucketIsRefusedNamingWhereThereIsRoom() throws {
        let folder = try F.folder()
        let run = try Binary.run(["move", "passport", "--to", "morning", "--must"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "dayplan move: 2026-11-21.md: Morning has 1 open must task; the limit is 1 [DP101/bucket-limit]; "
                + "there is room for a complementary or misc task in Morning, and for a must task in Afternoon and Evening; nothing changed\n")
        #expect(try folder.read("2026-11-21.md") == F.today)
    }

    @Test func anAmbiguousSelectionMovesNothing() throws {
        let folder = try F.folder()
        let run = try Binary.run(["move", "milk", "--to", "evening"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("dayplan move: 2 tasks in 2026-11-21.md match 'milk'"))
        #expect(try folder.read("2026-11-21.md") == F.today)
    }

    @Test func aMissingFileOrRegionIsAnError() throws {
        let folder = try F.folder()
        let missing = try Binary.run(["move", "milk", "--to", "evening", "--date", "2026-11-22"], in: folder.url)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("dayplan move: 2026-11-22.md: no such file;"))
        let noRegion = try Binary.run(["move", "milk"], in: folder.url)
        #expect(noRegion.status == 2 && noRegion.stderr.hasPrefix("dayplan move: give a task (FILE:LINE, a title, or a part of one) and --to REGION\n"))
        let badRegion = try Binary.run(["move", "milk", "--to", "night"], in: folder.url)
        #expect(badRegion.status == 2 && badRegion.stderr.hasPrefix("dayplan move: unknown region 'night'; use morning, afternoon, evening or backlog\n"))
        let twoBuckets = try Binary.run(["move", "milk", "--to", "evening", "--must", "--misc"], in: folder.url)
        #expect(twoBuckets.status == 2 && twoBuckets.stderr.hasPrefix("dayplan move: --must and --misc both given; give one bucket\n"))
        #expect(try folder.read("2026-11-21.md") == F.today)
    }

    @Test(.enabled(if: DailyFixtures.canTryReadOnly, "skipped: as root a file is read-only only to another user, and setpriv is not there"))
    func aReadOnlyFileIsAnError() throws {
        let (run, unchanged) = try F.runOnReadOnlyFile(["move", "passport", "--to", "afternoon"])
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan move: 2026-11-21.md: cannot write: Permission denied; nothing changed\n")
        #expect(unchanged)
    }
}
