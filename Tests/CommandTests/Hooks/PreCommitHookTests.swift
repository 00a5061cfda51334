import Foundation
import Testing

/// `Examples/hooks/pre-commit` in a real git repository, with the built `dayplan` on PATH.
@Suite(.tags(.slow), .enabled(if: installedProgram("git") != nil, "git is not installed, so the hook cannot be tried"))
struct PreCommitHookTests {

    static let hook = CommandTests.Repository.url("Examples/hooks/pre-commit")

    static let overfull = "# 2026-11-21\n\n## Morning\n* [ ] Ship it\n* [ ] Ship that too\n"
    static let good = "# 2026-11-21\n\n## Morning\n* [ ] Ship it\n+ [ ] Ship that too\n"

    /// A repository with the hook installed, and a way to run git in it.
    struct Repository {
        let folder: TemporaryFolder
        let environment: [String: String]

        init() throws {
            folder = try TemporaryFolder()
            let binaries = Binary.url.deletingLastPathComponent().path
            environment = [
                "PATH": "\(binaries):/usr/bin:/bin:/usr/local/bin", "HOME": folder.url.path,
                "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
                "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com", "LC_ALL": "C",
            ]
            try #require(git(["init", "-q"]).status == 0)
            let installed = folder.url.appendingPathComponent(".git/hooks/pre-commit")
            try? FileManager.default.removeItem(at: installed)
            try FileManager.default.copyItem(at: PreCommitHookTests.hook, to: installed)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: installed.path)
        }

        /// Runs git in the repository; returns its status and everything it (and the hook) printed.
        @discardableResult
        func git(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(installedProgram("git")))
            process.arguments = arguments
            process.currentDirectoryURL = folder.url
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        func commit(_ message: String) throws -> (status: Int32, output: String) {
            try git(["commit", "-q", "-m", message])
        }

        var commitCount: Int {
            get throws {
                let log = try git(["rev-list", "--count", "HEAD"])
                return log.status == 0 ? Int(log.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1 : 0
            }
        }
    }

    @Test func aBadDayFileIsRefusedAndAGoodOneAccepted() throws {
        let repository = try Repository()
        try repository.folder.write("2026-11-21.md", Self.overfull)
        try repository.git(["add", "2026-11-21.md"])
        let refused = try repository.commit("Plan the day")
        #expect(refused.status != 0)
        #expect(refused.output.contains("2026-11-21.md:5:1: error: Morning has 2 open must tasks; the limit is 1 [DP101/bucket-limit]"))
        #expect(try repository.commitCount == 0)

        try repository.folder.write("2026-11-21.md", Self.good)
        try repository.git(["add", "2026-11-21.md"])
        let accepted = try repository.commit("Plan the day")
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(try repository.commitCount == 1)
    }

    @Test func theStagedVersionIsCheckedNotTheWorkingCopy() throws {
        let repository = try Repository()
        try repository.folder.write("2026-11-21.md", Self.overfull)
        try repository.git(["add", "2026-11-21.md"])
        try repository.folder.write("2026-11-21.md", Self.good)
        let refused = try repository.commit("Plan the day")
        #expect(refused.status != 0)
        #expect(refused.output.contains("2026-11-21.md:5:1: error:"))
        #expect(try repository.commitCount == 0)

        // And the other way round: a good staged version passes whatever the working copy says.
        try repository.folder.write("2026-11-21.md", Self.good)
        try repository.git(["add", "2026-11-21.md"])
        try repository.folder.write("2026-11-21.md", Self.overfull)
        #expect(try repository.commit("Plan the day").status == 0)
    }

    @Test func namesWithSpacesAreCheckedAndOtherFilesLeftAlone() throws {
        let repository = try Repository()
        try repository.folder.write("notes.md", Self.overfull)
        try repository.git(["add", "notes.md"])
        #expect(try repository.commit("Notes are not day files").status == 0)

        try repository.folder.write("my plans/2026 q4/2026-11-22.md", Self.overfull)
        try repository.git(["add", "."])
        let refused = try repository.commit("Plan another day")
        #expect(refused.status != 0)
        // The file name is checked against the heading too, under its real name.
        #expect(refused.output.contains("my plans/2026 q4/2026-11-22.md:1:3: error: The day heading says 2026-11-21"))
        #expect(refused.output.contains("my plans/2026 q4/2026-11-22.md:5:1: error: Morning has 2 open must tasks"))
        #expect(try repository.commitCount == 1)
    }

    @Test func worksInAPlanFolderMadeByInitWithDaysInSubfolders() throws {
        let repository = try Repository()
        let run = { (arguments: [String]) in try Binary.run(arguments, in: repository.folder.url) }
        #expect(try run(["init", "--layout", "YYYY/MM/YYYY-MM-DD.md"]).status == 0)
        #expect(try run(["rollover", "--date", "2026-11-21"]).status == 0)
        try repository.git(["add", "."])
        // The lock file rollover made is ignored; the settings, the template and the day are committed.
        let status = try repository.git(["status", "--porcelain", "--ignored"])
        #expect(status.output.contains("!! .dayplan.lock"))
        #expect(status.output.contains("A  2026/11/2026-11-21.md"))
        #expect(status.output.contains("A  .dayplan/config"))
        #expect(try repository.commit("Start planning").status == 0)

        try repository.folder.write("2026/11/2026-11-21.md", Self.overfull)
        try repository.git(["add", "."])
        let refused = try repository.commit("Plan the day")
        #expect(refused.status != 0)
        #expect(refused.output.contains("2026/11/2026-11-21.md:5:1: error: Morning has 2 open must tasks"))
        #expect(try repository.commitCount == 1)
    }
}
