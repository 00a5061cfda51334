import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan init`: what it writes, that a second run changes nothing, and what it refuses.
@Suite struct InitCommandTests {
    @Test func makesAPlanFolderAndSaysWhatItDidAndWhatIsNext() throws {
        let home = try TemporaryFolder()
        let run = try Binary.run(["init", "plans"], in: home.url)
        #expect(run.status == 0, "\(run.stderr)")
        let absolute = home.url.resolvingSymlinksInPath().path + "/plans"
        #expect(run.stdout == """
            Made \(absolute) a plan folder:
              created plans/.dayplan/template.md: the text each new day starts from
              created plans/.dayplan/config: the settings (layout YYYY-MM-DD.md, day-starts-at 0, template .dayplan/template.md)
              created plans/.gitignore: so that git leaves the lock, and what sync, remind and rollover remember on this machine, alone
            Next:
              edit plans/.dayplan/template.md to give new days your own front matter, sections and headings
              dayplan rollover --dir plans  open today's plan (each morning from cron or a timer: DAYPLAN_DIR=\(absolute))
              dayplan lint plans            check the day files

            """)
        #expect(run.stderr == "")
        #expect(try home.read("plans/.gitignore") == "# dayplan's lock file (see dayplan help rollover), and what sync, remind and rollover "
                + "remember on this machine\n/.dayplan.lock\n/.dayplan/sync.json\n/.dayplan/reminded\n/.dayplan/last-rollover.json\n")
        #expect(try home.read("plans/.dayplan/template.md") == "# {{date}}\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        // The settings file is documented and reads back as the settings it names.
        let config = try home.read("plans/.dayplan/config")
        let settings = try Settings(parsing: Array(config.utf8))
        var expected = Settings(layout: .flat, dayStartsAt: 0, template: ".dayplan/template.md")
        expected.carriedWarningDays = 7
        // notify-send where the test's PATH has it, else none (`remindCommandOnlyWhereNotifySendIs`).
        let notifier = ["/usr/bin/notify-send", "/bin/notify-send"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        expected.remindCommand = notifier ? ["notify-send"] : []
        #expect(settings == expected)
        for key in Settings.keys { #expect(config.contains("\n# ") && config.contains("\n\(key) = ")) }

        // The first day comes from the template; it lints clean.
        let first = try Binary.run(["rollover", "--dir", "plans"], in: home.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "plans/2026-11-21.md: no earlier plan, started the day from plans/.dayplan/template.md\n")
        #expect(try Binary.run(["lint", "plans"], in: home.url).status == 0)
    }

    @Test func remindCommandOnlyWhereNotifySendIs() throws {
        // A PATH with a notify-send: the setting names it.
        let home = try TemporaryFolder()
        let bin = try home.write("bin/notify-send", "#!/bin/sh\nexit 0\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.path)
        let withIt = try Binary.run(["init", "with"], in: home.url, environment: ["PATH": home.url.path + "/bin:/usr/bin:/bin"])
        #expect(withIt.status == 0, "\(withIt.stderr)")
        #expect(try Settings(parsing: Array(home.read("with/.dayplan/config").utf8)).remindCommand == ["notify-send"])
        // A PATH without one: no setting, so that remind prints its reminders without a warning on each.
        let without = try Binary.run(["init", "without"], in: home.url, environment: ["PATH": home.url.path + "/none"])
        #expect(without.status == 0, "\(without.stderr)")
        let config = try home.read("without/.dayplan/config")
        #expect(try Settings(parsing: Array(config.utf8)).remindCommand == [])
        #expect(config.contains("remind-command =     # empty: notify-send was not found when init ran"))
    }

    @Test func aSecondRunThatAddsWhatWasMissingDoesNotSayMade() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init"], in: folder.url).status == 0)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".gitignore"))
        let again = try Binary.run(["init"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("\(folder.url.resolvingSymlinksInPath().path) is a plan folder already; added what it lacked:\n"),
                "\(again.stdout)")
        #expect(!again.stdout.contains("Made "))
        #expect(try folder.read(".gitignore").contains("/.dayplan/last-rollover.json\n"))
    }

    @Test func runningItAgainChangesNothingAndSaysSo() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init"], in: folder.url).status == 0)
        // The person edits their settings and template; init keeps them.
        try folder.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\n")
        try folder.write(".dayplan/template.md", "---\ntags: daily\n---\n# {{date}}\n")
        let before = try FolderSnapshot(folder.url, skipping: [])
        let again = try Binary.run(["init"], in: folder.url)
        #expect(again.status == 0)
        #expect(again.stdout == """
            \(folder.url.resolvingSymlinksInPath().path) is a plan folder already; nothing changed:
              kept .dayplan/template.md as it is
              kept .dayplan/config as it is
              kept .gitignore as it is

            """)
        #expect(try FolderSnapshot(folder.url, skipping: []) == before)
        // Quietly, too; and a --layout that agrees with the settings is fine.
        let quiet = try Binary.run(["init", "-q", "--layout", "YYYY/MM/YYYY-MM-DD.md"], in: folder.url)
        #expect(quiet.status == 0 && quiet.stdout == "" && quiet.stderr == "")
        #expect(try FolderSnapshot(folder.url, skipping: []) == before)
    }

    @Test func aGitignoreIsAddedToNeverReplaced() throws {
        let folder = try TemporaryFolder()
        try folder.write(".gitignore", "*.swp\n.obsidian/workspace.json")  // no line break at the end
        try Binary.run(["init"], in: folder.url)
        #expect(try folder.read(".gitignore") == "*.swp\n.obsidian/workspace.json\n/.dayplan.lock\n/.dayplan/sync.json\n/.dayplan/reminded\n/.dayplan/last-rollover.json\n")

        let ignored = try TemporaryFolder()
        try ignored.write(".gitignore", ".dayplan.lock\n/.dayplan/reminded\n")
        let run = try Binary.run(["init"], in: ignored.url)
        #expect(run.stdout.contains("  added /.dayplan/sync.json, /.dayplan/last-rollover.json to .gitignore, so that git leaves them alone\n"), "\(run.stdout)")
        #expect(try ignored.read(".gitignore") == ".dayplan.lock\n/.dayplan/reminded\n/.dayplan/sync.json\n/.dayplan/last-rollover.json\n")
        let again = try Binary.run(["init"], in: ignored.url)
        #expect(again.stdout.contains("kept .gitignore as it is"))
        #expect(try ignored.read(".gitignore") == ".dayplan.lock\n/.dayplan/reminded\n/.dayplan/sync.json\n/.dayplan/last-rollover.json\n")
    }

    @Test func theLayoutComesFromTheOptionOrTheDayFilesThere() throws {
        let existing = try TemporaryFolder()
        try existing.write("2026/11/2026-11-20.md", "# 2026-11-20\n")
        try existing.write("2026/2026-01-02.md", "# 2026-01-02\n")
        try Binary.run(["init"], in: existing.url)
        #expect(try Settings(parsing: Array(existing.read(".dayplan/config").utf8)).layout?.pattern == "YYYY/MM/YYYY-MM-DD.md")

        let chosen = try TemporaryFolder()
        let run = try Binary.run(["init", "--layout", "daily/YYYY-MM-DD.md"], in: chosen.url)
        #expect(run.status == 0)
        #expect(try Settings(parsing: Array(chosen.read(".dayplan/config").utf8)).layout?.pattern == "daily/YYYY-MM-DD.md")
        let day = try Binary.run(["rollover"], in: chosen.url)
        #expect(day.stdout == "daily/2026-11-21.md: no earlier plan, started the day from .dayplan/template.md\n")
    }

    @Test func refusesWhatWouldOverwriteOrNestOrCannotBe() throws {
        let folder = try TemporaryFolder()
        try Binary.run(["init"], in: folder.url)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("2026"), withIntermediateDirectories: true)
        let before = try FolderSnapshot(folder.url, skipping: [])

        let conflicting = try Binary.run(["init", "--layout", "daily/YYYY-MM-DD.md"], in: folder.url)
        #expect(conflicting.status == 2)
        #expect(conflicting.stderr == "dayplan init: .dayplan/config: layout: is YYYY-MM-DD.md, not daily/YYYY-MM-DD.md; "
                + "init never overwrites settings, so edit the file to change it; nothing changed\n")

        let nested = try Binary.run(["init", "2026"], in: folder.url)
        #expect(nested.status == 2)
        #expect(nested.stderr.contains("/2026 is inside the plan folder \(folder.url.resolvingSymlinksInPath().path) already; nothing changed"))

        let badLayout = try Binary.run(["init", "elsewhere", "--layout", "YYYY/MM/DD.md"], in: folder.url)
        #expect(badLayout.status == 2)
        #expect(badLayout.stderr.hasPrefix("dayplan init: --layout: `YYYY/MM/DD.md` must end with the file name YYYY-MM-DD.md"))

        try folder.write(".dayplan/config", "colour = blue\n")
        let badSettings = try Binary.run(["init"], in: folder.url)
        #expect(badSettings.status == 2)
        #expect(badSettings.stderr.hasPrefix("dayplan init: .dayplan/config:1: colour: unknown key"))

        let onAFile = try Binary.run(["init", ".gitignore"], in: folder.url)
        #expect(onAFile.status == 2 && onAFile.stderr == "dayplan init: .gitignore: not a folder\n")
        let twoFolders = try Binary.run(["init", "a", "b"], in: folder.url)
        #expect(twoFolders.status == 2)

        let config = try #require(before[".dayplan/config"])
        try folder.write(".dayplan/config", bytes: [UInt8](config))
        #expect(try FolderSnapshot(folder.url, skipping: []) == before)
    }

    @Test func listedInHelp() throws {
        let overview = try Binary.run(["--help"])
        #expect(overview.stdout.split(separator: "\n").contains { $0.hasPrefix("  init ") && $0.hasSuffix("Make a folder a plan folder: settings, a template for new days, the lock git-ignored") })
        let help = try Binary.run(["init", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("USAGE: dayplan init [--layout PATTERN] [--sync-url URL] [--sync-user NAME] "
                                      + "[--sync-password-env VAR] [--sync-password-command CMD] [--sync-ca-file FILE] [DIR]\n"))
        let version = try Binary.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("dayplan ") && version.stdout.hasSuffix("\n"))
    }
}
