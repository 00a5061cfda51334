import Foundation
import Testing

/// `dayplan sync` with a slow server: the plan's lock is held only while day files are read and written, never
/// while the server answers, so other commands go on meanwhile, and what they change is kept and sent.
extension SyncCommandTests {
    /// A slow CalDAV server: `slowproxy.py` on a free port in front of `server`, waiting the seconds the file
    /// `delay` holds before passing each request on.
    final class SlowProxy {
        let log: URL
        let delay: URL
        private let script: LoopbackScript
        var port: Int { script.port }

        init(in folder: URL, upstream server: RadicaleServer) throws {
            log = folder.appendingPathComponent("proxy.log")
            delay = folder.appendingPathComponent("proxy.delay")
            try "0".write(to: delay, atomically: true, encoding: .utf8)
            script = try LoopbackScript("slowproxy.py", in: folder, arguments: [String(server.port), delay.path, log.path])
        }

        /// The requests it has seen, a line each (`METHOD PATH`, then `done METHOD PATH` once answered).
        var requests: [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        func stop() { script.stop() }
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aSlowServerHoldsNoLockAndWhatChangesMeanwhileIsKeptAndSent() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        let proxy = try SlowProxy(in: folder.url, upstream: server)
        defer { proxy.stop() }
        try "sync-url = http://127.0.0.1:\(proxy.port)/alice/tasks/\nsync-user = alice\nsync-password-env = CALDAV_PASSWORD\n"
            .write(to: plan.appendingPathComponent(".dayplan/config"), atomically: true, encoding: .utf8)
        #expect(try sync(plan).status == 0)
        try phone(server, ["complete", "Buy milk"], in: folder)

        // Three seconds per request: while the sync waits for the server, other commands change the plan.
        try "3".write(to: proxy.delay, atomically: true, encoding: .utf8)
        let seen = proxy.requests.count
        let slow = Process()
        slow.executableURL = Binary.url
        slow.arguments = ["sync"]
        slow.currentDirectoryURL = plan
        slow.environment = Binary.environment.merging(["HOME": folder.url.path, "CALDAV_PASSWORD": "secret"]) { $1 }
        let output = Pipe()
        slow.standardOutput = output
        slow.standardError = output
        try slow.run()
        for _ in 0..<100 where proxy.requests.count == seen { usleep(100_000) }
        #expect(proxy.requests.count > seen, "the sync never reached the server")
        let add = try Binary.run(["add", "Written meanwhile"], in: plan)
        #expect(add.status == 0, "\(add.stderr)")
        let mark = try Binary.run(["mark", "done", "Fix the bike"], in: plan)
        #expect(mark.status == 0, "\(mark.stderr)")
        // Both finished while the sync was still waiting for the server: it held no lock then.
        #expect(slow.isRunning)
        slow.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(slow.terminationStatus == 0, "\(said)")

        // The phone's change and both made meanwhile are in the plan; the next sync sends what is not sent yet.
        let text = try day(plan)
        #expect(text.contains("- [x] Buy milk\n") && text.contains("- [x] Fix the bike\n") && text.contains("- [ ] Written meanwhile"), "\(text)")
        try "0".write(to: proxy.delay, atomically: true, encoding: .utf8)
        let next = try sync(plan)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try phone(server, ["list"], in: folder)
                == "Buy milk|COMPLETED|\nFix the bike|COMPLETED|\nWrite the talk|NEEDS-ACTION|2026-11-25\nWritten meanwhile|NEEDS-ACTION|\n")
    }
}
