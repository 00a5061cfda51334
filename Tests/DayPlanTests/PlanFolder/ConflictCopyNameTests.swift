import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The names sync tools give a day file's conflict copy, read back to the day and the tool; names that are not one.
@Suite struct ConflictCopyNameTests {
    @Test(arguments: [
        ("2026-11-26.sync-conflict-20261126-081500-ABCDEFG.md", ConflictCopyName.Tool.syncthing),
        ("2026-11-26 (conflicted copy 2026-11-26).md", .dropbox),
        ("2026-11-26 (Alice's conflicted copy).md", .dropbox),
        ("2026-11-26 (Alice's conflicted copy 2026-11-26).md", .dropbox),
        ("2026-11-26 (Alice’s conflicted copy 2026-11-26).md", .dropbox),
        ("2026-11-26 (conflicted copy 2026-11-26 081500).md", .nextcloud),
        ("2026-11-26_conflict-20261126-081500.md", .nextcloud),
        ("2026-11-26-LAPTOP.md", .oneDrive),
        ("2026-11-26-DESKTOP-AB12CD.md", .oneDrive),
        ("2026-11-26 (1).md", .googleDrive),
        ("2026-11-26 (12).md", .googleDrive),
    ])
    func readsEachToolsName(_ name: String, _ tool: ConflictCopyName.Tool) throws {
        let copy = try #require(ConflictCopyName(fileName: name))
        #expect(copy.tool == tool)
        #expect(copy.day == Day("2026-11-26"))
        #expect(copy.dayFileName == "2026-11-26.md")
    }

    @Test(arguments: [
        "2026-11-26.md", "2026-11-26-notes.md", "2026-11-26-Review.md", "2026-11-26 (draft).md", "2026-11-26 ().md",
        "notes.sync-conflict-20261126-081500-ABCDEFG.md", "2026-11-26.sync-conflict-2026-081500-ABCDEFG.md",
        "2026-11-26.sync-conflict-20261126-081500-abcdefg.md", "2026-13-40.sync-conflict-20261126-081500-ABCDEFG.md",
        "2026-11-26 (conflicted copy).txt", "2026-11-26 (conflicted copy someday).md", "2026-11-26-THISNAMEISFARTOOLONG.md",
    ])
    func leavesOtherNamesAlone(_ name: String) {
        #expect(ConflictCopyName(fileName: name) == nil)
    }
}
