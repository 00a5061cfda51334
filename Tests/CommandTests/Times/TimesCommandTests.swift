import Foundation
import Testing

/// Times of day and estimates (FORMAT.md §3.6, `@est:`) through the built binary: `fmt` writes them
/// canonically and `lint` names what is none, with file, line and column.
@Suite struct TimesCommandTests {
    static let day = """
        # 2026-11-21

        ## Morning
        - [ ] 9:00-9:30 Stand-up @est:30m
        - [ ] 10:00 \u{2013} 11:30 Review the budget @est:90m

        ## Afternoon

        ## Evening

        ## Backlog

        """

    @Test func fmtWritesTheCanonicalTimeAndEstimate() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", Self.day)
        // `--check` names the file, which `--write` then rewrites.
        let before = try Binary.run(["fmt", "--check", "2026-11-21.md"], in: folder.url)
        #expect(before.status == 1 && before.stdout == "2026-11-21.md\n", "\(before.stdout)\(before.stderr)")
        let run = try Binary.run(["fmt", "--write", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026-11-21.md") == Self.day
            .replacingOccurrences(of: "9:00-9:30", with: "09:00 - 09:30")
            .replacingOccurrences(of: "10:00 \u{2013} 11:30", with: "10:00 - 11:30")
            .replacingOccurrences(of: "@est:90m", with: "@est:1h30m"))
        let check = try Binary.run(["fmt", "--check", "2026-11-21.md"], in: folder.url)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let lint = try Binary.run(["lint"], in: folder.url)
        #expect(lint.stdout == "" && lint.status == 0, "\(lint.stdout)")
    }

    @Test func lintNamesATimeThatIsNoneAndABadEstimate() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [ ] 09:00 - 08:00 Stand-up\n- [ ] Review @est:soon\n")
        let run = try Binary.run(["lint"], in: folder.url)
        #expect(run.stdout == """
            2026-11-21.md:4:7: warning: `09:00 - 08:00` is not a time for this task: the range ends at 08:00, before it starts at 09:00; write the end after the start. Write `HH:MM` or `HH:MM - HH:MM` (FORMAT.md §3.6). [DP053/bad-time]
            2026-11-21.md:5:14: error: `@est:soon` is not a length of time; write minutes, hours or both, such as `@est:45m`, `@est:1h30m` or `@est:2h`. [DP033/bad-metadata]

            """)
        #expect(run.status == 1)
        // The text is kept byte for byte by fmt.
        _ = try Binary.run(["fmt", "--write", "2026-11-21.md"], in: folder.url)
        let text = try folder.read("2026-11-21.md")
        #expect(text.contains("- [ ] 09:00 - 08:00 Stand-up\n- [ ] Review @est:soon\n"))
    }

    @Test func exportWritesTheEstimateAndImportReadsItBack() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [ ] 09:00 - 10:00 Review @est:1h30m\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        let run = try Binary.run(["export", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"title\":\"09:00 - 10:00 Review\""), "\(run.stdout)")
        #expect(run.stdout.contains("\"estimate\":\"1h30m\""), "\(run.stdout)")
    }
}
