import Foundation
import Testing

/// Files for the daily commands' tests (status, add, mark, move): today is 2026-11-21 (`Binary.environment`).
enum DailyFixtures {
    /// Today's plan: Morning's must bucket is full, Afternoon has room, Evening has no heading.
    static let today = """
        # 2026-11-21

        ## Morning ☀️
        * [ ] Write the talk #work
          slides first
          - [ ] outline
        +\t[/] Review the budget
        - [x] Reply to Ana

        ## Afternoon
        - [ ] Buy milk

        ## Backlog
        - [ ] Renew passport @from:2026-11-13
        - [ ] Buy milk powder

        ## Notes
        - [ ] not a task: under Notes

        """

    /// A plan folder made by `dayplan init` holding today's file.
    static func folder(today text: String = today) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init"], in: folder.url).status == 0)
        try folder.write("2026-11-21.md", text)
        return folder
    }

    /// Runs `arguments` as the user nobody in a folder where today's file is read-only (mode 0444, in a folder
    /// anyone may write: a rename would get past the mode, but a read-only file is left alone).
    static func runOnReadOnlyFile(_ arguments: [String]) throws -> (run: Binary.Run, unchanged: Bool) {
        let folder = try Self.folder()
        let file = folder.url.appendingPathComponent("2026-11-21.md")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        // The lock file as a first writer leaves it, writable by anyone: only the day's file is read-only.
        let lock = try folder.write(".dayplan.lock", "")
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: lock.path)
        let run = try BadInputTests.runAsNobody(arguments, in: folder)
        return (run, try folder.read("2026-11-21.md") == today)
    }

    /// Whether the tests run where a read-only file can be tried: not as root, or with setpriv to become nobody.
    static let canTryReadOnly = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
}
