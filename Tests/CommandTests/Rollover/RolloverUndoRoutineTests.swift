import Foundation
import Testing

/// `rollover --undo` after a later edit of another task takes back a routine's copy that rollover added (it used
/// to refuse, calling the copy a task that would be lost), and keeps the edit.
@Suite struct RolloverUndoRoutineTests {
    @Test func undoAfterAnAddTakesTheRoutinesCopyBackAndKeepsTheAdd() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q"], in: folder.url).status == 0)
        try folder.write(".dayplan/routines.md", "# Routines\n\n## Morning\n- [ ] Physio exercises @every:day\n")
        let oldDay = "# 2026-11-20\n\n## Morning\n- [ ] Call Ana\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        try folder.write("2026-11-20.md", oldDay)
        let rollover = try Binary.run(["rollover"], in: folder.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        #expect(try folder.read("2026-11-21.md").contains("## Morning\n- [ ] Physio exercises\n"))
        #expect(try Binary.run(["add", "Buy milk"], in: folder.url).status == 0)

        let undo = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(undo.status == 0, "\(undo.stderr)")
        // The old day as it was; the new day keeps what was added since, and none of what rollover put there.
        #expect(try folder.read("2026-11-20.md") == oldDay)
        let today = try folder.read("2026-11-21.md")
        #expect(today.contains("- [ ] Buy milk @from:2026-11-21\n"), "\(today)")
        #expect(!today.contains("Physio exercises") && !today.contains("Call Ana"), "\(today)")
        // The next rollover adds the routine again: nothing was lost.
        let again = try Binary.run(["rollover"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try folder.read("2026-11-21.md").contains("- [ ] Physio exercises\n"))
    }
}
