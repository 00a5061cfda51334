import Foundation
import Testing

/// `dayplan init --sync-url …` sets sync up, and the sync that follows works with what it wrote.
extension SyncCommandTests {
    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func initSetsSyncUpAndTheFirstSyncWorksWithWhatItWrote() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        _ = try phone(server, ["mkcal"], in: folder)

        let made = try Binary.run(["init", "plan", "--sync-url", server.url, "--sync-user", "alice", "--sync-password-env", "CALDAV_PASSWORD"],
                                  in: folder.url, environment: ["CALDAV_PASSWORD": "secret"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("created plan/.dayplan/config: the settings (layout YYYY-MM-DD.md, day-starts-at 0, "
                                     + "template .dayplan/template.md; sync-url, sync-user, sync-password-env)\n"), "\(made.stdout)")
        #expect(made.stdout.contains("  dayplan sync --dir plan      the first sync with \(server.url) (with CALDAV_PASSWORD set)\n"),
                "\(made.stdout)")
        #expect(made.stdout.contains("docs/sync.md"))
        let config = try folder.read("plan/.dayplan/config")
        #expect(config.contains("\nsync-url = \(server.url)\nsync-user = alice\nsync-password-env = CALDAV_PASSWORD\n"), "\(config)")
        #expect(!config.contains("secret"))
        #expect(try folder.read("plan/.gitignore").contains("/.dayplan/sync.json\n/.dayplan/reminded\n"))

        let plan = folder.url.appendingPathComponent("plan")
        try Self.day.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        let first = try sync(plan)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("3 sent (3 new), 0 changed here, 0 conflicts\n"), "\(first.stdout)")
        #expect(try phone(server, ["list"], in: folder) == "Buy milk|NEEDS-ACTION|\nFix the bike|NEEDS-ACTION|\nWrite the talk|NEEDS-ACTION|2026-11-25\n")
        // sync.json is there, and git is told to leave it alone.
        #expect(FileManager.default.fileExists(atPath: plan.appendingPathComponent(".dayplan/sync.json").path))
    }

    @Test func initFillsInTheEmptySyncSettingsOfAPlanFolderAndNeverOverwritesOne() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init"], in: folder.url).status == 0)
        let set = try Binary.run(["init", "--sync-url", "https://dav.example.org/alice/tasks/", "--sync-password-command", "pass show caldav"],
                                 in: folder.url)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.contains("  set sync-url, sync-password-command in .dayplan/config\n"), "\(set.stdout)")
        let config = try folder.read(".dayplan/config")
        #expect(config.contains("\nsync-url = https://dav.example.org/alice/tasks/\nsync-user =  "), "\(config)")
        #expect(config.contains("\nsync-password-command = pass show caldav\n"))
        let before = try FolderSnapshot(folder.url, skipping: [])
        let other = try Binary.run(["init", "--sync-url", "https://other.example.org/tasks/"], in: folder.url)
        #expect(other.status == 2)
        #expect(other.stderr.contains("sync-url: is https://dav.example.org/alice/tasks/, not https://other.example.org/tasks/; "
                                      + "init never overwrites settings"), "\(other.stderr)")
        for wrong in [["--sync-user", "bob", "--sync-url", "ftp://x/"], ["--sync-url", "https://x/", "--sync-password-env", "A",
                                                                       "--sync-password-command", "b"]] {
            let refused = try Binary.run(["init"] + wrong, in: folder.url)
            #expect(refused.status == 2 && refused.stderr.hasPrefix("dayplan init: --sync-"), "\(refused.stderr)")
        }
        let alone = try TemporaryFolder()
        let noURL = try Binary.run(["init", "--sync-user", "alice"], in: alone.url)
        #expect(noURL.status == 2 && noURL.stderr.contains("--sync-url: the task list to sync with is missing"), "\(noURL.stderr)")
        #expect(try FolderSnapshot(folder.url, skipping: []) == before)
    }
}
