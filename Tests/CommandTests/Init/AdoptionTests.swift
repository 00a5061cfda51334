import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// First contact with an existing vault is quiet. `init` in a folder of notes records the day
/// dayplan begins (`adopted`), and lint (and so the git hook) checks only the plan's day files from then on:
/// older notes and Markdown that is no day file are left alone, with one line saying how many and why.
@Suite struct AdoptionTests {
    /// A vault of 50 notes in the styles real vaults have: daily notes with `## Todo` lists, done checkboxes outside
    /// any region, Obsidian Tasks dates, front matter, tab-nested checklists; and notes that are no day files.
    static func vault() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let start = try #require(Day("2025-01-06"))
        for index in 0..<45 {
            let day = start.adding(days: index)
            let text = """
                ---
                tags: daily
                ---
                # \(day)

                ## Todo
                - [x] Worked a pomodoro chunk ✅ \(day)
                - [x] Worked a pomodoro chunk
                - [ ] Call the bank 📅 \(day.adding(days: 2))
                \t- [ ] find the account number
                - [ ] 

                ## Journal
                Slept well.\u{20}\u{20}
                Ran 5 km.

                """
            try folder.write("Daily/\(String(day.description.prefix(7)))/\(day).md", text)
        }
        for name in ["README.md", "Projects/Garden.md", "Inbox.md", "Books/2024 reading.md", "Templates/Daily.md"] {
            try folder.write(name, "# \(name)\n\n- [ ] buy milk\n- [x] done thing\n")
        }
        return folder
    }

    @Test func lintOfAnAdoptedVaultIsQuiet() throws {
        let folder = try Self.vault()
        let notes = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".md") }.sorted()
        #expect(notes.count == 50)
        // Before init: the flood the issue describes.
        let flood = try Binary.run(["lint", "."], in: folder.url)
        #expect(flood.status == 1)

        let initialised = try Binary.run(["init", "."], in: folder.url)
        #expect(initialised.status == 0)
        #expect(initialised.stdout.contains("adopted 2026-11-21: the 50 notes already here, and any Markdown that is no day file, are left alone"),
                "\(initialised.stdout)")
        #expect(try folder.read(".dayplan/config").contains("\nadopted = 2026-11-21\n"))

        let lint = try Binary.run(["lint", "."], in: folder.url)
        #expect(lint.status == 0)
        #expect(lint.stdout == "")
        #expect(lint.stderr == "no day files (YYYY-MM-DD.md) to check; 45 notes left alone: no day files of the plan (adopted 2026-11-21)\n")
        // As the git hook names them: every note at once.
        let hook = try Binary.run(["lint"] + notes, in: folder.url)
        #expect(hook.status == 0)
        #expect(hook.stderr == "no day files (YYYY-MM-DD.md) to check; 50 notes left alone: no day files of the plan (adopted 2026-11-21)\n")

        // The plan's own days are checked as ever. The first rollover starts today from the newest note, whose open
        // `## Todo` items it cannot carry: it names them and exits 1, so that nothing is left behind unsaid.
        let rollover = try Binary.run(["rollover"], in: folder.url)
        #expect(rollover.status == 1, "\(rollover.stderr)")
        #expect(rollover.stderr.contains("Daily/2025-02/2025-02-19.md:9:1: error: This open task stands under `## Todo`"), "\(rollover.stderr)")
        try folder.write("Daily/2026-11/2026-11-22.md", "# 2026-11-22\n- [ ] outside\n")
        let checked = try Binary.run(["lint", "."], in: folder.url)
        #expect(checked.status == 1)
        #expect(checked.stderr.hasSuffix("1 error in 1 of 2 files; 45 notes left alone: no day files of the plan (adopted 2026-11-21)\n"), "\(checked.stderr)")
    }

    @Test func aBadAdoptedDateIsASettingsError() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "adopted = someday\n")
        let run = try Binary.run(["rollover"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains(".dayplan/config:1: adopted: `someday` is not a date; write YYYY-MM-DD"), "\(run.stderr)")
    }
}
