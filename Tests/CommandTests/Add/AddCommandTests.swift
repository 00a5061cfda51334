import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

@Suite struct AddCommandTests {
    typealias F = DailyFixtures

    @Test func capturesIntoTheBacklogByDefault() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "Call", "the", "plumber", "#home", "@expires:2026-11-30"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:16: added to the Backlog (misc): Call the plumber #home @expires:2026-11-30 @from:2026-11-21\n")
        #expect(run.stderr == "")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(
            of: "- [ ] Buy milk powder\n", with: "- [ ] Buy milk powder\n- [ ] Call the plumber #home @expires:2026-11-30 @from:2026-11-21\n"))
    }

    @Test func intoARegionAndBucket() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "--to", "morning", "--complementary", "Draft the agenda"], in: folder.url)
        #expect(run.stdout == "2026-11-21.md:9: added to Morning (complementary): Draft the agenda\n")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(
            of: "- [x] Reply to Ana\n", with: "- [x] Reply to Ana\n+ [ ] Draft the agenda\n"))
    }

    @Test func aFullBucketIsRefusedWithAHint() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "--to", "morning", "--must", "Another must"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "dayplan add: 2026-11-21.md: Morning has 1 open must task; the limit is 1 [DP101/bucket-limit]; "
                + "there is room for a complementary or misc task in Morning, and for a must task in Afternoon and Evening; "
                + "or capture it with --to backlog; nothing changed\n")
        #expect(try folder.read("2026-11-21.md") == F.today)
    }

    @Test func titlesFromStandardInputAllOrNone() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "-", "--to", "afternoon"], in: folder.url, stdin: Array("One\n\n  \nTwo #x\r\nThree @carry\n".utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:12: added to Afternoon (misc): One\n2026-11-21.md:13: added to Afternoon (misc): Two #x\n"
                + "2026-11-21.md:14: added to Afternoon (misc): Three @carry\n")
        #expect(try folder.read("2026-11-21.md") == F.today.replacingOccurrences(
            of: "- [ ] Buy milk\n", with: "- [ ] Buy milk\n- [ ] One\n- [ ] Two #x\n- [ ] Three @carry\n"))
        // Five misc tasks would be six: none is added.
        let tooMany = try Binary.run(["add", "-", "--to", "afternoon"], in: folder.url, stdin: Array("Four\nFive\nSix\n".utf8))
        #expect(tooMany.status == 1)
        #expect(tooMany.stderr.hasPrefix("dayplan add: 2026-11-21.md: Afternoon has 5 open misc tasks; the limit is 5"))
        #expect(try DayDocument(parsing: Array(try folder.read("2026-11-21.md").utf8)).tasks(in: .afternoon).count == 4)
    }

    @Test func aMissingDayIsMadeAsRolloverMakesOne() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init"], in: folder.url).status == 0)
        try folder.write(".dayplan/template.md", "---\ntags: [daily]\n---\n# {{date}} {{weekday}}\n\n## Backlog\n\n## Notes\n")
        let run = try Binary.run(["add", "Buy stamps"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:7: added to the Backlog (misc): Buy stamps @from:2026-11-21 (new file, from .dayplan/template.md)\n")
        #expect(try folder.read("2026-11-21.md") == "---\ntags: [daily]\n---\n# 2026-11-21 Saturday\n\n## Backlog\n- [ ] Buy stamps @from:2026-11-21\n\n## Notes\n")
        // Rollover later inserts into it: nothing is lost.
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] Old task\n")
        let rollover = try Binary.run(["rollover"], in: folder.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        #expect(try folder.read("2026-11-21.md").contains("- [ ] Buy stamps @from:2026-11-21\n- [ ] Old task @from:2026-11-20\n"))
    }

    @Test func aBlankDayWithoutTemplateAndLayoutFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\n")
        let run = try Binary.run(["add", "--to", "evening", "Read"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026/11/2026-11-21.md:8: added to Evening (misc): Read (new file)\n")
        #expect(try folder.read("2026/11/2026-11-21.md") == "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n- [ ] Read\n\n## Backlog\n")
    }

    @Test func anEmptyDayIsFilledAsRolloverFillsIt() throws {
        let folder = try F.folder(today: "---\ntags: [daily]\n---\n\n")
        let run = try Binary.run(["add", "Water the plants"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:14: added to the Backlog (misc): Water the plants @from:2026-11-21 (the empty day filled)\n")
        #expect(try folder.read("2026-11-21.md")
                == "---\ntags: [daily]\n---\n\n# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Water the plants @from:2026-11-21\n")
    }

    @Test func notAPlanFolderIsRefusedAsByRollover() throws {
        let folder = try TemporaryFolder()
        let run = try Binary.run(["add", "Buy stamps"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not a plan folder: it has no .dayplan/ and no day file"))
        #expect(try folder.listing() == [])
    }

    @Test func crlfAndAByteOrderMarkAreKept() throws {
        let text = "\u{FEFF}# 2026-11-21\r\n\r\n## Backlog\r\n- [ ] One"
        let folder = try F.folder(today: text)
        #expect(try Binary.run(["add", "Two"], in: folder.url).status == 0)
        // Compared as bytes: decoding a String would drop the byte-order mark.
        let bytes = try Data(contentsOf: folder.url.appendingPathComponent("2026-11-21.md"))
        #expect(bytes == Data("\u{FEFF}# 2026-11-21\r\n\r\n## Backlog\r\n- [ ] One\r\n- [ ] Two @from:2026-11-21".utf8))
    }

    @Test func aTitleThatIsOnlyMetadataIsAUsageError() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "@carry"], in: folder.url)
        #expect(run.status == 2 && run.stderr.hasPrefix("dayplan add: '@carry' is not a title"))
        // What lint calls an error is refused, naming where in the title it is (it was written with a
        // warning before, and lint then failed the file).
        let before = try FolderSnapshot(folder.url)
        let refused = try Binary.run(["add", "Plan", "@carry:yes"], in: folder.url)
        #expect(refused.status == 2)
        #expect(refused.stderr == "dayplan add: 'Plan @carry:yes', column 6: `@carry` is a flag and takes no value; write `@carry`. [DP033/bad-metadata]; nothing changed\n")
        #expect(try FolderSnapshot(folder.url) == before)
        let expires = try Binary.run(["add", "Milk @expires:2026-13-45"], in: folder.url)
        #expect(expires.status == 2 && expires.stderr.contains("column 6: `@expires:2026-13-45` does not hold a real date"))
        #expect(try FolderSnapshot(folder.url) == before)
    }

    @Test(.enabled(if: DailyFixtures.canTryReadOnly, "skipped: as root a file is read-only only to another user, and setpriv is not there"))
    func aReadOnlyFileIsAnError() throws {
        let (run, unchanged) = try F.runOnReadOnlyFile(["add", "Buy stamps"])
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan add: 2026-11-21.md: cannot write: Permission denied; nothing changed\n")
        #expect(unchanged)
    }
}
