import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Every command that acts on one day takes `--date` (status took only a bare DATE), and
/// `fmt` names standard input as `lint` does, with `--stdin-filename`.
@Suite struct OneDayOptionsTests {
    @Test func statusTakesDateAsAnOptionToo() throws {
        let folder = try DailyFixtures.folder()
        let bare = try Binary.run(["status", "2026-11-21"], in: folder.url)
        let option = try Binary.run(["status", "--date", "2026-11-21"], in: folder.url)
        #expect(bare.status == 0 && option.status == 0)
        #expect(option.stdout == bare.stdout && option.stdout.hasPrefix("2026-11-21.md: Saturday 2026-11-21"))
        let both = try Binary.run(["status", "2026-11-21", "--date", "2026-11-20"], in: folder.url)
        #expect(both.status == 2 && both.stderr.hasPrefix("dayplan status: give the day once, as DATE or --date\n"))
    }

    @Test func fmtNamesStandardInputAsItIsTold() throws {
        let input = Array("# 2026-11-21\n## Morning\n## Morning\n".utf8)
        let run = try Binary.run(["fmt", "--stdin-filename", "plans/2026-11-21.md"], stdin: input)
        #expect(run.status == 1)
        #expect(run.stdoutBytes == input)
        #expect(run.stderr.hasPrefix("plans/2026-11-21.md:3:1: error: "))
        #expect(run.stderr.hasSuffix("plans/2026-11-21.md: not formatted, because of the error above\n"))
    }
}

/// Editors that read any error output as a failure (Kakoune's `:lint`) need lint without its
/// summary line: `-q`.
@Suite struct LintQuietTests {
    @Test func quietLintWritesOnlyTheFindings() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n- [ ] outside\n")
        try folder.write("2026-11-22.md", "# 2026-11-22\n\n## Backlog\n- [ ] fine\n")
        let loud = try Binary.run(["lint", "."], in: folder.url)
        let quiet = try Binary.run(["lint", "-q", "."], in: folder.url)
        #expect(loud.stderr == "1 error in 1 of 2 files\n")
        #expect(quiet.status == loud.status && quiet.status == 1)
        #expect(quiet.stdout == loud.stdout && quiet.stdout.hasPrefix("./2026-11-21.md:2:1: error: "))
        #expect(quiet.stderr == "")
        let clean = try Binary.run(["lint", "--quiet", "2026-11-22.md"], in: folder.url)
        #expect(clean.status == 0 && clean.stdout == "" && clean.stderr == "")
    }
}
