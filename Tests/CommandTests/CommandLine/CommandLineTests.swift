import Foundation
import Testing

/// The argument conventions every command shares, made from its `CommandSpec`.
@Suite struct CommandLineTests {
    @Test func shortNamesAndGroupedFlagsMeanTheirLongNames() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n## Morning\n")
        let short = try Binary.run(["fmt", "-w", "2026-11-21.md"], in: folder.url)
        #expect(short.status == 0, "\(short.stderr)")
        #expect(try folder.read("2026-11-21.md") == "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")

        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] Tea\n")
        let grouped = try Binary.run(["rollover", "-nh"], in: folder.url)
        #expect(grouped.status == 0)
        #expect(grouped.stdout.hasPrefix("USAGE: dayplan rollover"))
    }

    @Test func aMistypedShortOptionGetsNoGuessALongOneDoes() throws {
        let short = try Binary.run(["fmt", "-x"])
        #expect(short.status == 2)
        #expect(short.stderr == "dayplan fmt: unknown option '-x'\nRun 'dayplan fmt --help' for usage.\n")
        let long = try Binary.run(["rollover", "--dry-rn"])
        #expect(long.stderr.hasPrefix("dayplan rollover: unknown option '--dry-rn' (did you mean '--dry-run'?)"))
    }

    @Test func helpCommandShowsTheSameTextAsTheOption() throws {
        for command in ["fmt", "lint", "rollover"] {
            let viaCommand = try Binary.run(["help", command])
            let viaOption = try Binary.run([command, "--help"])
            #expect(viaCommand.status == 0)
            #expect(viaCommand.stdout == viaOption.stdout)
            #expect(viaCommand.stdout.contains("-h, --help"))
        }
        let unknown = try Binary.run(["help", "fnt"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown command 'fnt' (did you mean 'fmt'?)"))
    }

    @Test func everyCommandOfTheOverviewRunsByThatName() throws {
        // The table in main.swift finds a command by a name of its own, and makes its spec only when asked.
        let listed = try HelpListing.commands()
        #expect(listed.count == 22)  // review (issue 38), events and remind (issue 36), sync (issue 37) and view (issue 58) among them
        for command in listed {
            let help = try Binary.run([command, "--help"])
            #expect(help.status == 0, "\(command): \(help.stderr)")
            #expect(help.stdout.hasPrefix("USAGE: dayplan \(command)"), "\(command)")
        }
    }

    @Test func optionsWithAFixedSetOfValuesNameThem() throws {
        let run = try Binary.run(["lint", "--format=yaml"])
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan lint: unknown format 'yaml'; use text, json or github\nRun 'dayplan lint --help' for usage.\n")
    }
}
