import Foundation
import Testing

/// A Radicale server for one test: on 127.0.0.1 at a free port, with a throwaway user (alice, password `secret`
/// in a plain htpasswd file) and its storage in the test's folder, over HTTP or, with a certificate, HTTPS.
/// Started as a process group of its own (Foundation's `Process` makes the child a group leader), so that
/// stopping it kills the whole group; every wait is bounded.
final class RadicaleServer {
    let port: Int
    let scheme: String
    private let process: Process
    private var stopped = false

    /// The task list's URL.
    var url: String { "\(scheme)://127.0.0.1:\(port)/alice/tasks/" }

    init(in folder: URL, certificate: (cert: String, key: String)? = nil) throws {
        let found = try runProgram("/usr/bin/python3", ["-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])"],
                                   in: folder)
        port = try #require(Int(found.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        scheme = certificate == nil ? "http" : "https"
        let server = folder.appendingPathComponent("server")
        try FileManager.default.createDirectory(at: server, withIntermediateDirectories: true)
        try "alice:secret\n".write(to: server.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        var config = "[server]\nhosts = 127.0.0.1:\(port)\n"
        if let certificate { config += "ssl = True\ncertificate = \(certificate.cert)\nkey = \(certificate.key)\n" }
        config += "[auth]\ntype = htpasswd\nhtpasswd_filename = \(server.path)/users\nhtpasswd_encryption = plain\n"
        config += "[storage]\nfilesystem_folder = \(server.path)/storage\n[logging]\nlevel = warning\n"
        try config.write(to: server.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(installedProgram("radicale")))
        process.arguments = ["--config", server.appendingPathComponent("config").path]
        let log = server.appendingPathComponent("log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = try FileHandle(forWritingTo: log)
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path]
        try process.run()
        // Up to 30 seconds for it to listen.
        for _ in 0..<300 {
            if RadicaleServer.listens(port) { return }
            guard process.isRunning else { break }
            usleep(100_000)
        }
        stop()
        Issue.record("Radicale did not start: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        throw CancellationError()
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    static func listens(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Stops the server and every process of its group, waiting up to 2 seconds before killing them (a throwaway
    /// server: its storage needs no clean shutdown, and children of the test process may not see SIGTERM).
    func stop() {
        guard !stopped else { return }
        stopped = true
        let pid = process.processIdentifier
        // Its own group when it leads one; else the process alone.
        let target = getpgid(pid) == pid ? -pid : pid
        kill(target, SIGTERM)
        for _ in 0..<20 where process.isRunning { usleep(100_000) }
        if process.isRunning { kill(target, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// `dayplan sync` end to end: the built binary against a real Radicale, with Python's caldav library as the phone.
@Suite(.tags(.slow)) struct SyncCommandTests {
    /// The Python with the caldav package, the phone.
    static let python = pythonWith("caldav")
    static let missing: String? = {
        if installedProgram("radicale") == nil { return "radicale" }
        if installedProgram("curl") == nil { return "curl" }
        return python == nil ? "python3 with the caldav package" : nil
    }()
    static let phoneScript = Repository.url("Tests/CommandTests/Sync/phone.py")

    static let day = """
        # 2026-11-21

        ## Morning
        * [ ] Write the talk @due:2026-11-25
        - [ ] Buy milk

        ## Backlog
        - [ ] Fix the bike

        """

    /// A plan folder set up to sync with `server`, its day file written, and the task list made.
    func plan(_ folder: TemporaryFolder, _ server: RadicaleServer, extra: String = "") throws -> URL {
        let plan = folder.url.appendingPathComponent("plan")
        try FileManager.default.createDirectory(at: plan, withIntermediateDirectories: true)
        #expect(try Binary.run(["init"], in: plan).status == 0)
        try "sync-url = \(server.url)\nsync-user = alice\nsync-password-env = CALDAV_PASSWORD\n\(extra)"
            .write(to: plan.appendingPathComponent(".dayplan/config"), atomically: true, encoding: .utf8)
        try Self.day.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        _ = try phone(server, ["mkcal"], in: folder)
        return plan
    }

    /// Runs the phone's action; its output.
    @discardableResult
    func phone(_ server: RadicaleServer, _ arguments: [String], in folder: TemporaryFolder) throws -> String {
        let run = try runProgram(try #require(Self.python), [Self.phoneScript.path, server.url, "alice", "secret"] + arguments, in: folder.url,
                                 environment: ["REQUESTS_CA_BUNDLE": folder.url.appendingPathComponent("cert.pem").path])
        try #require(run.status == 0, "phone.py \(arguments): \(run.output)")
        return run.output
    }

    func sync(_ plan: URL, password: String = "secret") throws -> Binary.Run {
        try Binary.run(["sync"], in: plan, environment: ["CALDAV_PASSWORD": password])
    }

    func day(_ plan: URL) throws -> String {
        try String(contentsOf: plan.appendingPathComponent("2026-11-21.md"), encoding: .utf8)
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aTaskDoneAndAToDoMadeOnThePhoneComeBackOnce() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)

        let first = try sync(plan)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("3 sent (3 new), 0 changed here, 0 conflicts\n"))
        #expect(try phone(server, ["list"], in: folder) == "Buy milk|NEEDS-ACTION|\nFix the bike|NEEDS-ACTION|\nWrite the talk|NEEDS-ACTION|2026-11-25\n")

        try phone(server, ["complete", "Buy milk", "--", "add", "Call Ana", "--", "rename", "Write the talk", "Write the keynote"], in: folder)
        let second = try sync(plan)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("2026-11-21.md:5: marked done (was to do): Buy milk (from the server)\n"))
        #expect(second.stdout.contains("2026-11-21.md:9: added to the Backlog (misc): Call Ana (from the server)\n"))
        let expected = """
            # 2026-11-21

            ## Morning
            * [ ] Write the keynote @due:2026-11-25
            - [x] Buy milk

            ## Backlog
            - [ ] Fix the bike
            - [ ] Call Ana @from:2026-11-21

            """
        #expect(try day(plan) == expected)

        // Once: the next sync captures nothing again and sends no copy of the captured to-do.
        let third = try sync(plan)
        #expect(third.status == 0)
        #expect(third.stdout.hasSuffix(": 0 sent (0 new), 0 changed here, 0 conflicts\n"), "\(third.stdout)")
        #expect(try day(plan) == expected)
        #expect(try phone(server, ["list"], in: folder)
                == "Buy milk|COMPLETED|\nCall Ana|NEEDS-ACTION|\nFix the bike|NEEDS-ACTION|\nWrite the keynote|NEEDS-ACTION|2026-11-25\n")

        // Done here goes to the phone; a to-do deleted there is named and kept here.
        #expect(try Binary.run(["mark", "done", "Call Ana"], in: plan).status == 0)
        try phone(server, ["delete", "Fix the bike"], in: folder)
        let fourth = try sync(plan)
        #expect(fourth.status == 0, "\(fourth.stderr)")
        #expect(fourth.stdout.contains("2026-11-21.md:8: deleted on the server; the task stays in the plan: Fix the bike\n"))
        #expect(try day(plan).contains("- [ ] Fix the bike\n- [x] Call Ana @from:2026-11-21\n"))
        #expect(try phone(server, ["list"], in: folder) == "Buy milk|COMPLETED|\nCall Ana|COMPLETED|\nWrite the keynote|NEEDS-ACTION|2026-11-25\n")
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aTitleChangedOnBothSidesIsReportedAndBothAreKept() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        #expect(try sync(plan).status == 0)

        try phone(server, ["rename", "Fix the bike", "Fix the bike tyre"], in: folder)
        try Self.day.replacingOccurrences(of: "Fix the bike", with: "Fix the bicycle")
            .write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let run = try sync(plan)
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            #expect(run.stderr == "2026-11-21.md:8: conflict: the title is `Fix the bicycle` here and `Fix the bike tyre` on the server; "
                    + "both are kept; make them agree and sync again\n")
            #expect(try day(plan).contains("- [ ] Fix the bicycle\n"))
            #expect(try phone(server, ["list"], in: folder).contains("Fix the bike tyre|NEEDS-ACTION|\n"))
        }
        // Made to agree here: in step.
        try Self.day.replacingOccurrences(of: "Fix the bike", with: "Fix the bike tyre")
            .write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        let agreed = try sync(plan)
        #expect(agreed.status == 0, "\(agreed.stderr)")
        #expect(try phone(server, ["list"], in: folder) == "Buy milk|NEEDS-ACTION|\nFix the bike tyre|NEEDS-ACTION|\nWrite the talk|NEEDS-ACTION|2026-11-25\n")
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aRefusedLoginAWrongURLOrAServerDownChangeNothing() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        #expect(try sync(plan).status == 0)
        try phone(server, ["complete", "Buy milk"], in: folder)
        #expect(try Binary.run(["mark", "done", "Fix the bike"], in: plan).status == 0)
        let before = try FolderSnapshot(plan)
        let serverBefore = try phone(server, ["list"], in: folder)

        let refused = try sync(plan, password: "wrong-Pa55word")
        #expect(refused.status == 2)
        #expect(refused.stderr == "dayplan sync: \(server.url): the server refused the login of alice (HTTP 401); "
                + "check sync-user and the password; nothing changed\n")
        #expect(!(refused.stdout + refused.stderr).contains("wrong-Pa55word"))
        #expect(try FolderSnapshot(plan) == before)

        try "sync-url = http://127.0.0.1:\(server.port)/alice/nothing/\nsync-user = alice\nsync-password-env = CALDAV_PASSWORD\n"
            .write(to: plan.appendingPathComponent(".dayplan/config"), atomically: true, encoding: .utf8)
        let wrong = try sync(plan)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("no task list there (HTTP 404)"), "\(wrong.stderr)")
        try "sync-url = \(server.url)\nsync-user = alice\nsync-password-env = CALDAV_PASSWORD\n"
            .write(to: plan.appendingPathComponent(".dayplan/config"), atomically: true, encoding: .utf8)
        #expect(try phone(server, ["list"], in: folder) == serverBefore)

        server.stop()
        let down = try sync(plan)
        #expect(down.status == 2)
        #expect(down.stderr.hasPrefix("dayplan sync: cannot connect to \(server.url): is the server running?"), "\(down.stderr)")
        #expect(try FolderSnapshot(plan) == before)
    }

    @Test(.enabled(if: missing == nil && installedProgram("openssl") != nil,
                   "skipped: \(missing ?? "openssl") is not installed, so there is no HTTPS server to sync with"),
          .timeLimit(.minutes(10)))
    func httpsWithTheServersOwnCertificateTrustedThroughTheSettings() throws {
        let folder = try TemporaryFolder()
        let cert = folder.url.appendingPathComponent("cert.pem").path, key = folder.url.appendingPathComponent("key.pem").path
        let made = try runProgram(try #require(installedProgram("openssl")),
                                  ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                                   "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], in: folder.url)
        try #require(made.status == 0, "\(made.output)")
        let server = try RadicaleServer(in: folder.url, certificate: (cert, key))
        defer { server.stop() }
        let plan = try plan(folder, server)

        let untrusted = try sync(plan)
        #expect(untrusted.status == 2)
        #expect(untrusted.stderr.contains("the secure connection to \(server.url) failed"), "\(untrusted.stderr)")
        #expect(try phone(server, ["list"], in: folder) == "")

        try "sync-url = \(server.url)\nsync-user = alice\nsync-password-env = CALDAV_PASSWORD\nsync-ca-file = ../cert.pem\n"
            .write(to: plan.appendingPathComponent(".dayplan/config"), atomically: true, encoding: .utf8)
        let trusted = try sync(plan)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(try phone(server, ["list"], in: folder).contains("Fix the bike|NEEDS-ACTION|\n"))
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aSyncKilledAtAnyMomentOrTwoAtOnceConvergeWithNothingLostOrDoubled() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        try phone(server, ["add", "Phone one", "Phone two", "Phone three"], in: folder)
        try (Self.day + "- [ ] Plan one\n- [ ] Plan two\n").write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)

        let temporary = folder.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        func start() throws -> Process {
            let process = Process()
            process.executableURL = Binary.url
            process.arguments = ["sync"]
            process.currentDirectoryURL = plan
            // A temporary folder of its own, which must stay empty: a run killed at any moment leaves nothing there.
            process.environment = Binary.environment.merging(["HOME": folder.url.path, "CALDAV_PASSWORD": "secret",
                                                              "TMPDIR": temporary.path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        // Killed at moments spread over a run (a run here takes some tens of milliseconds to a few hundred).
        for delay in [2, 10, 25, 45, 70, 100, 140, 200, 300] {
            let run = try start()
            usleep(UInt32(delay * 1000))
            kill(run.processIdentifier, SIGKILL)
            run.waitUntilExit()
        }
        // Two at once: the lock makes them one after the other.
        let both = [try start(), try start()]
        for run in both { run.waitUntilExit() }
        #expect(both.map(\.terminationStatus) == [0, 0])
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
        for place in [plan, plan.appendingPathComponent(".dayplan")] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: place.path).filter { $0.hasSuffix(".dayplan-tmp") } == [])
        }

        let last = try sync(plan)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(last.stdout.hasSuffix(": 0 sent (0 new), 0 changed here, 0 conflicts\n"), "\(last.stdout)")
        let text = try day(plan)
        for title in ["Phone one", "Phone two", "Phone three", "Plan one", "Plan two", "Buy milk", "Fix the bike"] {
            #expect(text.components(separatedBy: "] \(title)").count == 2, "\(title) in\n\(text)")
        }
        #expect(try phone(server, ["list"], in: folder) == """
            Buy milk|NEEDS-ACTION|
            Fix the bike|NEEDS-ACTION|
            Phone one|NEEDS-ACTION|
            Phone three|NEEDS-ACTION|
            Phone two|NEEDS-ACTION|
            Plan one|NEEDS-ACTION|
            Plan two|NEEDS-ACTION|
            Write the talk|NEEDS-ACTION|2026-11-25

            """)
    }
}
