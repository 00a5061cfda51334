import Foundation
import Testing

/// `dayplan rollover --undo` through the binary: both files back byte for byte; edits made since kept
/// and named; nothing to undo twice; no undo without a plan folder's state.
@Suite struct RolloverUndoCommandTests {
    static let oldDay = "# 2026-11-20\n\n## Morning\n- [ ] Write the talk\n  outline first\n- [x] Call Ana\n- [ ] Pay rent @carry\n\n"
        + "## Backlog\n- [ ] Fix the bike\n"

    func planFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q"], in: folder.url).status == 0)
        try folder.write("2026-11-20.md", Self.oldDay)
        return folder
    }

    @Test func undoGivesBothFilesBackByteForByte() throws {
        let folder = try planFolder()
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        #expect(try folder.read("2026-11-20.md") != Self.oldDay)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".dayplan/last-rollover.json").path))

        let dry = try Binary.run(["rollover", "--undo", "--dry-run"], in: folder.url)
        #expect(dry.status == 0)
        #expect(dry.stdout.contains("would undo the rollover into 2026-11-21.md: 2026-11-21.md removed (rollover made it), 2026-11-20.md's marks put back"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-11-21.md").path))

        let undo = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout == "undid the rollover into 2026-11-21.md: 2026-11-21.md removed (rollover made it), 2026-11-20.md's marks put back\n")
        #expect(try folder.read("2026-11-20.md") == Self.oldDay)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-11-21.md").path))

        let again = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(again.status == 1)
        #expect(again.stderr.contains("no rollover to undo"))
    }

    @Test func theDateFoldersRolloverMadeGoWithTheDay() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q", "--layout", "YYYY/MM/YYYY-MM-DD.md"], in: folder.url).status == 0)
        let oldDay = "# 2026-11-30\n\n## Morning\n- [ ] Write the talk\n\n## Backlog\n- [ ] Fix the bike\n"
        try folder.write("2026/11/2026-11-30.md", oldDay)
        let exists = { (path: String) in FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(path).path) }

        // A new month: rollover makes 2026/12/, and the undo removes it with the day.
        let rollover = try Binary.run(["rollover", "--date", "2026-12-01", "--force"], in: folder.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        #expect(exists("2026/12/2026-12-01.md"))
        let undo = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(!exists("2026/12"))
        #expect(exists("2026/11"))
        #expect(try folder.read("2026/11/2026-11-30.md") == oldDay)

        // A new year: 2027/ and 2027/01/ are made; by the time of the undo 2027/ holds a note, so it stays.
        #expect(try Binary.run(["rollover", "--date", "2027-01-01", "--force"], in: folder.url).status == 0)
        #expect(exists("2027/01/2027-01-01.md"))
        try folder.write("2027/notes.md", "kept\n")
        #expect(try Binary.run(["rollover", "--undo"], in: folder.url).status == 0)
        #expect(!exists("2027/01"))
        #expect(try folder.read("2027/notes.md") == "kept\n")
        #expect(try folder.read("2026/11/2026-11-30.md") == oldDay)
    }

    @Test func anExistingNewDayComesBackAsItWas() throws {
        let folder = try planFolder()
        let newDay = "# 2026-11-21\n\n## Evening\n- [ ] Cinema\n"
        try folder.write("2026-11-21.md", newDay)
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        let undo = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try folder.read("2026-11-21.md") == newDay)
        #expect(try folder.read("2026-11-20.md") == Self.oldDay)
    }

    @Test func editsMadeSinceAreKeptAndNamed() throws {
        let folder = try planFolder()
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        #expect(try Binary.run(["mark", "done", "Write the talk", "--date", "2026-11-21"], in: folder.url).status == 0)
        #expect(try Binary.run(["add", "Buy milk", "--date", "2026-11-21"], in: folder.url).status == 0)
        let undo = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("kept: “Write the talk”: changed in 2026-11-21.md since the rollover, so it stays there"))
        #expect(undo.stdout.contains("kept: 2026-11-21.md: holds changes made since the rollover, so it is kept"))
        // The old day's marks are back, but for the task that stays in the new day.
        #expect(try folder.read("2026-11-20.md") == Self.oldDay.replacingOccurrences(of: "- [ ] Write the talk", with: "- [>] Write the talk"))
        let newDay = try folder.read("2026-11-21.md")
        #expect(newDay.contains("- [x] Write the talk @from:2026-11-20\n  outline first\n"))
        #expect(newDay.contains("- [ ] Buy milk"))
        #expect(!newDay.contains("Pay rent") && !newDay.contains("Fix the bike"))
    }

    @Test func aMissingNewDayIsRefused() throws {
        let folder = try planFolder()
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        let changed = try folder.read("2026-11-20.md")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("2026-11-21.md"))
        let undo = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(undo.status == 1)
        #expect(undo.stderr.contains("2026-11-21.md is gone since the rollover"))
        #expect(undo.stderr.contains("refused, as it cannot be done without losing a task; nothing changed"))
        #expect(try folder.read("2026-11-20.md") == changed)
    }

    @Test func undoTakesNoDate() throws {
        let folder = try planFolder()
        let undo = try Binary.run(["rollover", "--undo", "--date", "2026-11-21"], in: folder.url)
        #expect(undo.status == 2)
        #expect(undo.stderr.contains("--undo reverses the last rollover, whatever its day, so it takes no --date or --force"))
    }

    @Test func aFolderWithoutStateHasNoUndo() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", Self.oldDay)
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        let undo = try Binary.run(["rollover", "--undo"], in: folder.url)
        #expect(undo.status == 2)
        #expect(undo.stderr.contains("has no .dayplan/, where rollover records what it did"))
    }
}
