import Foundation
import Testing

/// `dayplan sync` against servers that misbehave (`fakedav.py`) and settings that would leak: each is a message
/// saying what happened, with nothing lost, stored or held that should not be.
@Suite(.tags(.slow)) struct SyncHostileTests {
    static let missing: String? = installedProgram("curl") == nil ? "curl" : nil

    /// `fakedav.py` in `mode` on a free port; stopped with SIGKILL after SIGTERM (children of the test process may
    /// have SIGTERM blocked).
    final class FakeServer {
        let log: URL
        private let script: LoopbackScript
        var port: Int { script.port }

        init(_ mode: String, in folder: URL) throws {
            log = folder.appendingPathComponent("fakedav.log")
            script = try LoopbackScript("fakedav.py", in: folder, arguments: [mode, log.path])
        }

        func stop() { script.stop() }
    }

    /// A plan folder syncing with `url`, its day written.
    func plan(_ folder: TemporaryFolder, url: String) throws -> URL {
        let plan = folder.url.appendingPathComponent("plan")
        try FileManager.default.createDirectory(at: plan, withIntermediateDirectories: true)
        #expect(try Binary.run(["init"], in: plan).status == 0)
        try "sync-url = \(url)\nsync-user = alice\nsync-password-env = CALDAV_PASSWORD\n"
            .write(to: plan.appendingPathComponent(".dayplan/config"), atomically: true, encoding: .utf8)
        try SyncCommandTests.day.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        return plan
    }

    func sync(_ plan: URL) throws -> Binary.Run {
        try Binary.run(["sync", "--date", "2026-11-21"], in: plan, environment: ["CALDAV_PASSWORD": "secret"])
    }

    @Test func aURLWithAUserOrPasswordInItIsRefusedAndNothingKeepsIt() throws {
        let folder = try TemporaryFolder()
        let plan = try plan(folder, url: "https://alice:Pa55word@cloud.example.org/dav/tasks/")
        let before = try FolderSnapshot(plan)
        let run = try sync(plan)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan sync: sync-url `https://cloud.example.org/dav/tasks/` holds a user name or password before its host; "
                + "write the URL without them, the user as sync-user and the password in sync-password-env or sync-password-command\n")
        #expect(!(run.stdout + run.stderr).contains("Pa55word"))
        #expect(try FolderSnapshot(plan) == before)
    }

    @Test(.enabled(if: missing == nil, "skipped: curl is not installed"), .timeLimit(.minutes(10)))
    func anAnswerOverAHundredMegabytesIsRefusedSayingSoWithNothingChanged() throws {
        let folder = try TemporaryFolder()
        let server = try FakeServer("big", in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, url: "http://127.0.0.1:\(server.port)/alice/tasks/")
        let before = try FolderSnapshot(plan)
        let run = try sync(plan)
        #expect(run.status == 2)
        #expect(run.stderr.contains("the server's answer from http://127.0.0.1:\(server.port)/alice/tasks/ is over 100 MB"), "\(run.stderr)")
        #expect(!run.stderr.contains("curl exited"))
        #expect(try FolderSnapshot(plan) == before)
    }

    @Test(.enabled(if: missing == nil, "skipped: curl is not installed"), .timeLimit(.minutes(10)))
    func anAddressListedManyTimesIsFetchedOnce() throws {
        let folder = try TemporaryFolder()
        let server = try FakeServer("repeat", in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, url: "http://127.0.0.1:\(server.port)/alice/tasks/")
        _ = try sync(plan)
        #expect(try String(contentsOf: server.log, encoding: .utf8) == "1\n")
    }

    @Test(.enabled(if: missing == nil, "skipped: curl is not installed"), .timeLimit(.minutes(10)))
    func toDosTheServerRefusesAreCountedAsNotTakenNotAsSent() throws {
        let folder = try TemporaryFolder()
        let server = try FakeServer("refuse", in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, url: "http://127.0.0.1:\(server.port)/alice/tasks/")
        let run = try sync(plan)
        #expect(run.status == 2)
        #expect(run.stdout.hasSuffix(": 0 sent (0 new), 3 not taken by the server, 0 changed here, 0 conflicts\n"), "\(run.stdout)")
        #expect(run.stderr.contains("Buy milk: the server refused it (HTTP 403); it is sent again on the next sync"))
    }
}

extension SyncCommandTests {
    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aPhoneTitleThatWouldReadAsMetadataIsNamedAndNotTaken() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        #expect(try sync(plan).status == 0)
        try phone(server, ["add", "@due:2026-13-45 pay", "Call Ana", "--", "rename", "Buy milk", "Buy milk @carry"], in: folder)
        for round in 0..<2 {
            let run = try sync(plan)
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            // A new to-do is named when it arrives (and whenever it changes); a changed title on every sync.
            #expect(run.stderr.contains("the to-do `@due:2026-13-45 pay` on the server (/alice/tasks/") == (round == 0), "\(run.stderr)")
            #expect(run.stderr.contains("the to-do `Buy milk @carry` on the server (/alice/tasks/"), "\(run.stderr)")
            let text = try day(plan)
            #expect(text.contains("- [ ] Call Ana @from:2026-11-21") && !text.contains("pay") && !text.contains("@carry"), "\(text)")
            #expect(text.contains("- [ ] Buy milk\n"))
        }
        #expect(try Binary.run(["lint"], in: plan).status == 0)
        // Given titles the plan can hold, both are taken.
        try phone(server, ["rename", "@due:2026-13-45 pay", "Pay the rent", "--", "rename", "Buy milk @carry", "Buy oat milk"], in: folder)
        let fixed = try sync(plan)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try day(plan).contains("- [ ] Buy oat milk\n") && day(plan).contains("- [ ] Pay the rent @from:"))
    }
}
