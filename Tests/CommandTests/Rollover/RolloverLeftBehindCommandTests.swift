import Foundation
import Testing

/// What rollover leaves behind reaches the person however it runs: one line each on standard error, a count in
/// the summary, and exit 1, so that cron or a timer shows it; `--allow-left-behind` keeps exit 0. A box typed
/// with stray blanks that means one status (`+ []`, `- [ x]`) is read as it and carried when open; one that
/// means none (`[xx]`) is left behind and named.
@Suite struct RolloverLeftBehindCommandTests {
    static let oldDay = """
        # 2026-11-20

        ## Morning
        + [] Print the handouts
        - [ x] Water the plants
        - [x ] Buy stamps
        - [ ] Call Ana
        - [xx] Unclear box

        ## Evenings
        - [ ] Under a typo

        ## Notes
        - [ ] Under notes

        """

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "layout = YYYY-MM-DD.md\n")
        try folder.write("2026-11-20.md", oldDay)
        return folder
    }

    @Test func eachIsNamedCountedAndTheExitCodeIsOne() throws {
        let folder = try Self.folder()
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        #expect(run.status == 1, "\(run.stderr)")
        let named = run.stderr.split(separator: "\n").map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
        #expect(named == ["2026-11-20.md:8", "2026-11-20.md:11", "2026-11-20.md:14"], "\(run.stderr)")
        #expect(run.stderr.contains("2026-11-20.md:8:3: error: This line starts like a task but its status box is broken"))
        #expect(run.stdout == "2026-11-21.md from 2026-11-20.md: 0 carried, 2 deferred to the backlog, 0 expired, "
                + "3 left behind in 2026-11-20.md (named above); the backlog holds 2 tasks\n", "\(run.stdout)")
        // The rest rolled over, the box with stray blanks among them (written canonically in the new day, and
        // set to `[>]` in the old), and what was left behind is exactly as it was.
        let today = try folder.read("2026-11-21.md")
        #expect(today.contains("+ [ ] Print the handouts @from:2026-11-20\n"), "\(today)")
        #expect(today.contains("- [ ] Call Ana @from:2026-11-20\n"))
        #expect(!today.contains("Water the plants") && !today.contains("Buy stamps"), "done tasks stay in their day: \(today)")
        #expect(try folder.read("2026-11-20.md") == Self.oldDay.replacingOccurrences(of: "- [ ] Call Ana", with: "- [>] Call Ana")
                .replacingOccurrences(of: "+ [] Print", with: "+ [>] Print"))
    }

    @Test func aDryRunSaysTheSameAndAllowingKeepsExitZero() throws {
        let folder = try Self.folder()
        let dry = try Binary.run(["rollover", "--date", "2026-11-21", "--dry-run"], in: folder.url)
        #expect(dry.status == 1)
        #expect(dry.stdout.contains(", 3 left behind in 2026-11-20.md (named above);"), "\(dry.stdout)")
        let allowed = try Binary.run(["rollover", "--date", "2026-11-21", "--allow-left-behind"], in: folder.url)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.split(separator: "\n").count == 3, "\(allowed.stderr)")
        #expect(try Binary.run(["rollover", "--help"]).stdout.contains("--allow-left-behind"))
    }
}
