import Foundation
import Testing

/// What rollover leaves behind reaches the person however it runs: one line each on standard error, a count in
/// the summary, and exit 1, so that cron or a timer shows it; `--allow-left-behind` keeps exit 0.
@Suite struct RolloverLeftBehindCommandTests {
    static let oldDay = """
        # 2026-11-20

        ## Morning
        + [] Print the handouts
        - [ x] Water the plants
        - [x ] Buy stamps
        - [ ] Call Ana

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
        #expect(named == ["2026-11-20.md:4", "2026-11-20.md:5", "2026-11-20.md:6", "2026-11-20.md:10", "2026-11-20.md:13"], "\(run.stderr)")
        #expect(run.stderr.contains("2026-11-20.md:4:3: error: This line starts like a task but its status box is broken"))
        #expect(run.stdout == "2026-11-21.md from 2026-11-20.md: 0 carried, 1 deferred to the backlog, 0 expired, "
                + "5 left behind in 2026-11-20.md (named above); the backlog holds 1 task\n")
        // The rest rolled over, and what was left behind is exactly as it was.
        #expect(try folder.read("2026-11-21.md").contains("- [ ] Call Ana @from:2026-11-20\n"))
        #expect(try folder.read("2026-11-20.md") == Self.oldDay.replacingOccurrences(of: "- [ ] Call Ana", with: "- [>] Call Ana"))
    }

    @Test func aDryRunSaysTheSameAndAllowingKeepsExitZero() throws {
        let folder = try Self.folder()
        let dry = try Binary.run(["rollover", "--date", "2026-11-21", "--dry-run"], in: folder.url)
        #expect(dry.status == 1)
        #expect(dry.stdout.contains(", 5 left behind in 2026-11-20.md (named above);"))
        let allowed = try Binary.run(["rollover", "--date", "2026-11-21", "--allow-left-behind"], in: folder.url)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.split(separator: "\n").count == 5)
        #expect(try Binary.run(["rollover", "--help"]).stdout.contains("--allow-left-behind"))
    }
}
