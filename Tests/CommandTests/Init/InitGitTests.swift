import Foundation
import Testing

/// `dayplan init` in a git repository sets up the merge driver: once, saying what it did, keeping
/// what the person set.
@Suite(.tags(.slow), .enabled(if: installedProgram("git") != nil, "git is not installed, so init's git set-up cannot be tried"))
struct InitGitTests {
    let folder: TemporaryFolder
    let environment: [String: String]

    init() throws {
        folder = try TemporaryFolder()
        environment = ["HOME": folder.url.path, "GIT_CONFIG_NOSYSTEM": "1"]
    }

    @discardableResult
    func git(_ arguments: [String]) throws -> String {
        try Binary.program(URL(fileURLWithPath: try #require(installedProgram("git"))), arguments, in: folder.url,
                           environment: environment).stdout
    }

    @Test func setsUpTheDriverOnceAndSaysSo() throws {
        try git(["init", "-q"])
        let first = try Binary.run(["init"], in: folder.url, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("""
              created .gitignore: so that git leaves the lock, and what sync, remind and rollover remember on this machine, alone
              created .gitattributes: git merges day files with the dayplan driver
              set git config merge.dayplan.driver 'dayplan merge %O %A %B %P': the driver, for this repository
            Next:
            """))
        #expect(try folder.read(".gitattributes")
            == "# day files are merged task by task (dayplan help merge)\n[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].md merge=dayplan\n")
        #expect(try git(["config", "--get", "merge.dayplan.driver"]) == "dayplan merge %O %A %B %P\n")
        #expect(try git(["check-attr", "merge", "2026-11-21.md", "2026/11/2026-11-21.md", "README.md"]) == """
            2026-11-21.md: merge: dayplan
            2026/11/2026-11-21.md: merge: dayplan
            README.md: merge: unspecified

            """)

        let again = try Binary.run(["init"], in: folder.url, environment: environment)
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("""
              kept .gitattributes as it is
              kept git config merge.dayplan.driver as it is

            """))
        #expect(again.stdout.contains("is a plan folder already; nothing changed"))
    }

    @Test func keepsWhatThePersonSet() throws {
        try git(["init", "-q"])
        try git(["config", "merge.dayplan.driver", "/opt/bin/dayplan merge %O %A %B %P"])
        try folder.write(".gitattributes", "*.png binary")
        let run = try Binary.run(["init"], in: folder.url, environment: environment)
        #expect(run.status == 0)
        #expect(run.stdout.contains("  added a line to .gitattributes: git merges day files with the dayplan driver\n"))
        #expect(run.stdout.contains("  kept git config merge.dayplan.driver as it is, '/opt/bin/dayplan merge %O %A %B %P' (dayplan's is 'dayplan merge %O %A %B %P')\n"))
        #expect(try folder.read(".gitattributes") == "*.png binary\n[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].md merge=dayplan\n")
        #expect(try git(["config", "--get", "merge.dayplan.driver"]) == "/opt/bin/dayplan merge %O %A %B %P\n")
    }

    @Test func outsideARepositoryItSetsNothingUp() throws {
        let run = try Binary.run(["init"], in: folder.url, environment: environment)
        #expect(run.status == 0)
        #expect(!run.stdout.contains("gitattributes") && !run.stdout.contains("merge.dayplan"))
        #expect(try !folder.listing().contains(".gitattributes"))
    }
}
