import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Plan folders as people keep them: every layout, settings, a template, the guard rails, found from below.
/// "Today" is 2026-11-21 (`Binary.environment`); rollover opens Monday 2026-11-23 from Friday 2026-11-20.
@Suite struct PlanFolderTests {
    typealias F = RolloverFixtures
    static let monday = ["rollover", "--date", "2026-11-23"]

    /// The summary for Friday into Monday, with the paths the layout gives them.
    static func summary(from friday: String, to monday: String) -> String {
        F.mondaySummary.replacingOccurrences(of: "2026-11-23.md from 2026-11-20.md", with: "\(monday) from \(friday)")
    }

    // MARK: - Layouts

    @Test(arguments: ["YYYY-MM-DD.md", "YYYY/MM/YYYY-MM-DD.md", "YYYY/YYYY-MM-DD.md", "daily/YYYY-MM-DD.md"], [true, false])
    func eachLayoutFindsTheOldDayAndPlacesTheNewOne(_ pattern: String, _ inSettings: Bool) throws {
        let layout = try Layout(pattern)
        let path = { (day: String) in layout.path(for: try #require(Day(day))) }
        let folder = try TemporaryFolder()
        try folder.write([try path("2026-11-18"): F.wednesday, try path("2026-11-20"): F.friday])
        // With the layout in the settings, or without settings: then the newest day file's layout is followed.
        if inSettings { try folder.write(".dayplan/config", "layout = \(pattern)\n") }

        let run = try Binary.run(Self.monday, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout == Self.summary(from: try path("2026-11-20"), to: try path("2026-11-23")))
        let after = try FolderSnapshot(folder.url)
        #expect(after[try path("2026-11-23")] == Data(F.monday.utf8))
        #expect(after[try path("2026-11-20")] == Data(F.fridayAfter.utf8))
        #expect(after[try path("2026-11-18")] == Data(F.wednesday.utf8))
        #expect(after.entries.keys.filter { $0.hasSuffix(".md") }.count == 3)
        #expect(after.temporaryFiles == [])

        // Lint and fmt find the same files, and the new day is clean.
        let lint = try Binary.run(["lint"], in: folder.url)
        #expect(lint.status == 0 && lint.stderr == "3 files checked, no problems\n", "\(lint.stdout)")
        // Again: nothing to change.
        let again = try Binary.run(Self.monday, in: folder.url)
        #expect(again.stdout.hasSuffix("(nothing to change)\n"))
        #expect(try FolderSnapshot(folder.url) == after)
    }

    @Test func aFolderMovedToAnotherLayoutCarriesOn() throws {
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-18.md": F.wednesday, "2026-11-20.md": F.friday])
        try folder.write(".dayplan/config", "# moved to monthly folders\nlayout = YYYY/MM/YYYY-MM-DD.md\n")

        // The old day is found where it is; the new day goes where the layout now puts it.
        let monday = try Binary.run(Self.monday, in: folder.url)
        #expect(monday.status == 0, "\(monday.stderr)")
        #expect(monday.stdout == Self.summary(from: "2026-11-20.md", to: "2026/11/2026-11-23.md"))
        #expect(try folder.read("2026/11/2026-11-23.md") == F.monday)
        #expect(try folder.read("2026-11-20.md") == F.fridayAfter)

        // A day planned ahead in the old place is used where it is, not made a second time.
        try folder.write("2026-11-24.md", "# 2026-11-24\n\n## Morning\n* [ ] Planned ahead\n")
        let tuesday = try Binary.run(["rollover", "--date", "2026-11-24"], in: folder.url)
        #expect(tuesday.status == 0, "\(tuesday.stderr)")
        #expect(tuesday.stdout.hasPrefix("2026-11-24.md from 2026/11/2026-11-23.md: "))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026/11/2026-11-24.md").path))

        // And the next day follows the layout again, from the day in the old place.
        let wednesday = try Binary.run(["rollover", "--date", "2026-11-25"], in: folder.url)
        #expect(wednesday.stdout.hasPrefix("2026/11/2026-11-25.md from 2026-11-24.md: "), "\(wednesday.stderr)")
        #expect(try folder.read("2026/11/2026-11-25.md").contains("- [ ] Reply to Bo @carry\n"))
        #expect(try folder.read("2026-11-24.md").contains("- [>] Reply to Bo @carry\n"))
    }

    @Test func aNewMonthGetsItsFolder() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\n")
        try folder.write("2026/11/2026-11-30.md", "# 2026-11-30\n\n## Backlog\n- [ ] Sort photos\n")
        let run = try Binary.run(["rollover", "--date", "2026-12-01", "--force"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026/12/2026-12-01.md").contains("- [ ] Sort photos\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder.url.appendingPathComponent("2026/12").path)[.posixPermissions] as? Int
        #expect(mode == 0o755)
    }

    @Test func twoFilesOfTheSameDayAreRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-20.md": F.friday, "2026/11/2026-11-20.md": F.friday])
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(Self.monday, in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "dayplan rollover: 2 files hold 2026-11-20: 2026-11-20.md and 2026/11/2026-11-20.md; keep one "
                + "(move what you need from the other into it, then delete it); nothing changed\n")
        #expect(try FolderSnapshot(folder.url) == before)

        // The same for the day being opened.
        let target = try TemporaryFolder()
        try target.write(["2026-11-20.md": F.friday, "2026-11-23.md": "# 2026-11-23\n", "daily/2026-11-23.md": "# 2026-11-23\n"])
        let targetBefore = try FolderSnapshot(target.url)
        let refused = try Binary.run(Self.monday, in: target.url)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("2 files hold 2026-11-23: 2026-11-23.md and daily/2026-11-23.md"))
        #expect(try FolderSnapshot(target.url) == targetBefore)
    }

    // MARK: - Finding the plan folder

    @Test func foundFromAFolderBelowItAndNamedOncePerRun() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\n")
        try folder.write("2026/11/2026-11-20.md", F.friday)
        let below = folder.url.appendingPathComponent("2026/11")
        let absolute = folder.url.resolvingSymlinksInPath().path

        let run = try Binary.run(Self.monday, in: below, keepingPlanFolderLine: true)
        #expect(run.status == 0, "\(run.stderr)")
        // Paths relative to where it ran, and the plan folder's absolute path once, for logs.
        // (Once, on standard error; it was on standard output, and again on standard error with a warning.)
        #expect(run.stdout == Self.summary(from: "../../2026/11/2026-11-20.md", to: "../../2026/11/2026-11-23.md"))
        #expect(run.stderr == "plan folder: \(absolute)\n")
        #expect(try folder.read("2026/11/2026-11-23.md") == F.monday)
        #expect(try folder.listing() == [".dayplan", ".dayplan.lock", "2026"])

        // An error names it once too, on standard error, before the first message about its files.
        try folder.write("2026/11/2026-11-24.md", "# 2026-11-24\n## Morning\n- [ ] A\n## Morning\n")
        let refused = try Binary.run(["rollover", "--date", "2026-11-24"], in: below, keepingPlanFolderLine: true)
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(refused.stderr.hasPrefix("plan folder: \(absolute)\n../../2026/11/2026-11-24.md:4:1: error: "))
        #expect(refused.stderr.components(separatedBy: "plan folder: ").count == 2)

        // -q prints nothing when all is well.
        let quiet = try Binary.run(["rollover", "--date", "2026-11-23", "-q"], in: below, keepingPlanFolderLine: true)
        #expect(quiet.status == 0 && quiet.stdout == "" && quiet.stderr == "")
    }

    @Test func dirAndDAYPLAN_DIRAreWhereTheSearchStarts() throws {
        let home = try TemporaryFolder()
        try home.write("plans/.dayplan/config", "")
        try home.write("plans/2026-11-20.md", F.friday)
        let run = try Binary.run(Self.monday, in: home.url, environment: ["DAYPLAN_DIR": "plans"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.summary(from: "plans/2026-11-20.md", to: "plans/2026-11-23.md"))
        // From a folder inside it, --dir finds the plan folder above, as git -C does.
        try home.write("plans/archive/2025-01-01.md", "# 2025-01-01\n")
        let inside = try Binary.run(["rollover", "--date", "2026-11-24", "--dir", "plans/archive"], in: home.url)
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(try home.read("plans/2026-11-24.md").hasPrefix("# 2026-11-24\n"))
        #expect(try home.listing() == ["plans"])
    }

    // MARK: - Guard rails

    @Test func refusesAFolderThatIsNotAPlanFolderAndHoldsNoDayFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(["notes.md": "- [ ] not a day\n", "src/main.c": "int main;\n"])
        let before = try FolderSnapshot(folder.url, skipping: [])
        let absolute = folder.url.resolvingSymlinksInPath().path
        for arguments in [["rollover"], ["rollover", "--dry-run"]] {
            let run = try Binary.run(arguments, in: folder.url)
            #expect(run.status == 2)
            #expect(run.stdout == "")
            #expect(run.stderr == "dayplan rollover: \(absolute) is not a plan folder: it has no .dayplan/ and no day file "
                    + "(YYYY-MM-DD.md) below it, so nothing was written. To start one there, run 'dayplan init'; "
                    + "to use another, give --dir DIR or set DAYPLAN_DIR\n")
        }
        let elsewhere = try TemporaryFolder()
        let named = try Binary.run(["rollover", "--dir", folder.url.path], in: elsewhere.url)
        #expect(named.status == 2)
        #expect(named.stderr.contains("run 'dayplan init \(folder.url.path)'"))
        // Not even the lock file is made.
        #expect(try FolderSnapshot(folder.url, skipping: []) == before)
    }

    @Test(arguments: [("2026-12-23", "32 days after today (2026-11-21)"), ("2026-11-13", "8 days before today (2026-11-21)")])
    func aDateMoreThanAWeekAwayNeedsForce(_ date: String, _ distance: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-12.md", "# 2026-11-12\n\n## Backlog\n- [ ] Sort photos\n")
        let before = try FolderSnapshot(folder.url, skipping: [])
        let run = try Binary.run(["rollover", "--date", date], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan rollover: --date \(date) is \(distance); rollover would move every open task there, "
                + "so a date more than 7 days away needs --force (nothing changed)\n")
        #expect(try FolderSnapshot(folder.url, skipping: []) == before)

        let forced = try Binary.run(["rollover", "--date", date, "--force"], in: folder.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try folder.read("\(date).md").contains("- [ ] Sort photos\n"))
        // A week away either way is fine without it.
        let week = try Binary.run(["rollover", "--date", "2026-11-28", "--dry-run"], in: folder.url)
        #expect(week.status == 0, "\(week.stderr)")
    }

    // MARK: - Settings

    @Test(arguments: [
        ("layout = YYYY-MM-DD.md\n\nlayot = daily/YYYY-MM-DD.md\n", ".dayplan/config:3: layot: unknown key (did you mean `layout`?); the keys are layout, day-starts-at, template, adopted, carried-warning-days, done-date, metadata-style, morning, afternoon, evening, calendars, remind-command, sync-url, sync-user, sync-password-env, sync-password-command, sync-ca-file"),
        ("day-starts-at = 25\n", ".dayplan/config:1: day-starts-at: `25` is not an hour; give a whole number from 0 to 23"),
        ("# comment\nlayout = YYYY/MM/DD.md\n", ".dayplan/config:2: layout: `YYYY/MM/DD.md` must end with the file name YYYY-MM-DD.md (folders before it are free: YYYY/MM/YYYY-MM-DD.md), so that every tool finds day files by their name"),
        ("just words\n", ".dayplan/config:1: expected `key = value`, found `just words`"),
    ])
    func aBadSettingsFileIsAnErrorNamingFileLineAndKey(_ config: String, _ message: String) throws {
        let folder = try TemporaryFolder()
        try folder.write([".dayplan/config": config, "2026-11-20.md": F.friday])
        let before = try FolderSnapshot(folder.url, skipping: [])
        let run = try Binary.run(Self.monday, in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan rollover: \(message)\n")
        #expect(try FolderSnapshot(folder.url, skipping: []) == before)
        // From a folder below, the file is named from there.
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let below = try Binary.run(Self.monday, in: folder.url.appendingPathComponent("sub"))
        #expect(below.stderr == "dayplan rollover: ../\(message)\n")
    }

    @Test func theDayStartsAtTheSettingsHourUnlessOverridden() throws {
        let folder = try TemporaryFolder()
        try folder.write([".dayplan/config": "day-starts-at = 4\n", "2026-11-19.md": "# 2026-11-19\n"])
        let night = ["DAYPLAN_NOW": "1795228200"]  // 2026-11-21 02:30 UTC: still the 20th, by the settings
        let run = try Binary.run(["rollover"], in: folder.url, environment: night)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("2026-11-20.md from 2026-11-19.md"))
        let flag = try Binary.run(["rollover", "--day-starts-at", "0"], in: folder.url, environment: night)
        #expect(flag.stdout.hasPrefix("2026-11-21.md from 2026-11-20.md"), "\(flag.stderr)")
    }

    // MARK: - The template

    static let template = """
        ---
        tags: daily
        created: {{date}}
        ---
        # {{date}}
        {{weekday}}. Yesterday: [[{{yesterday}}]], tomorrow: [[{{tomorrow}}]]. {{title}}

        ## Morning

        ## Afternoon

        ## Evening

        ## Backlog

        ## Notes
        How did it go?

        """

    @Test func aNewDayIsMadeFromTheTemplate() throws {
        let folder = try TemporaryFolder()
        try folder.write([".dayplan/config": "template = .dayplan/template.md\nlayout = daily/YYYY-MM-DD.md\n",
                          ".dayplan/template.md": Self.template, "daily/2026-11-20.md": F.friday])
        let run = try Binary.run(Self.monday, in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.summary(from: "daily/2026-11-20.md", to: "daily/2026-11-23.md")
            .replacingOccurrences(of: "3 tasks\n", with: "3 tasks; made from .dayplan/template.md\n"))
        // The unknown placeholder is kept as written, and said.
        #expect(run.stderr == ".dayplan/template.md:6:72: warning: {{title}} is not a placeholder dayplan knows, so it is "
                + "kept as written; the placeholders are {{date}}, {{weekday}}, {{yesterday}}, {{tomorrow}}\n")
        #expect(try folder.read("daily/2026-11-23.md") == """
            ---
            tags: daily
            created: 2026-11-23
            ---
            # 2026-11-23
            Monday. Yesterday: [[2026-11-22]], tomorrow: [[2026-11-24]]. {{title}}

            ## Morning
            - [ ] Reply to Bo @carry

            ## Afternoon
            * [ ] Write the talk @carry @sticky

            ## Evening

            ## Backlog
            + [/] Update the onboarding doc #docs @from:2026-11-20
              the section on local setup is stale
            - [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-18
            + [ ] Learn Swift macros

            ## Notes
            How did it go?

            """)
        #expect(try folder.read("daily/2026-11-20.md") == F.fridayAfter)

        // A day that exists already is not touched by the template.
        let again = try Binary.run(Self.monday, in: folder.url)
        #expect(again.stdout.hasSuffix("(nothing to change)\n") && again.stderr == "")
    }

    @Test func theFirstDayAndADryRunShowTheWholeTemplate() throws {
        let folder = try TemporaryFolder()
        try folder.write([".dayplan/config": "template = day.md\n", "day.md": "# {{date}}\n\n## Morning\n\n## Backlog\n"])
        let dry = try Binary.run(["rollover", "--date", "2026-11-23", "--dry-run"], in: folder.url)
        #expect(dry.stdout == """
            2026-11-23.md would be created:
            1 + # 2026-11-23
            2 +
            3 + ## Morning
            4 +
            5 + ## Backlog
            dry run, nothing written: 2026-11-23.md: no earlier plan, started the day from day.md

            """)
        let run = try Binary.run(Self.monday, in: folder.url)
        #expect(run.stdout == "2026-11-23.md: no earlier plan, started the day from day.md\n")
        #expect(try folder.read("2026-11-23.md") == "# 2026-11-23\n\n## Morning\n\n## Backlog\n")
    }

    @Test func aMissingOrBrokenTemplateChangesNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write([".dayplan/config": "template = .dayplan/template.md\n", "2026-11-20.md": F.friday])
        let before = try FolderSnapshot(folder.url)
        let missing = try Binary.run(Self.monday, in: folder.url)
        #expect(missing.status == 2)
        #expect(missing.stderr == "dayplan rollover: .dayplan/template.md: cannot open: No such file or directory "
                + "(the template set in .dayplan/config); nothing changed\n")
        #expect(try FolderSnapshot(folder.url) == before)

        try folder.write(".dayplan/template.md", "# {{date}}\n\n## Morning\n\n## Morning\n")
        let broken = try Binary.run(Self.monday, in: folder.url)
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix(".dayplan/template.md:5:1: error: `## Morning` is a second Morning heading"))
        #expect(broken.stderr.hasSuffix(".dayplan/template.md: rollover refused because of the error above in the template for new days; nothing changed\n"))
        #expect(try folder.read("2026-11-20.md") == F.friday)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2026-11-23.md").path))
    }
}
