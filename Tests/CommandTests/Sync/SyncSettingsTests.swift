import Foundation
import Testing

/// `dayplan sync` before any server answers: where the password goes, curl missing, settings it refuses.
@Suite(.tags(.slow)) struct SyncSettingsTests {
    /// A plan folder whose sync settings end with `settings`.
    func plan(_ settings: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init"], in: folder.url).status == 0)
        try folder.write(".dayplan/config", settings)
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Backlog\n- [ ] Fix the bike\n")
        return folder
    }

    @Test func thePasswordReachesCurlOnItsStandardInputNeverInItsArguments() throws {
        let folder = try plan("sync-url = http://127.0.0.1:9/alice/tasks/\nsync-user = alice\n"
                              + "sync-password-command = printf 'Pa55-from-command\\n'\n")
        // A curl that records its arguments and its standard input, and fails as when nothing listens.
        try folder.write("fake-curl", "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$(dirname \"$0\")/arguments\"\n"
                         + "cat > \"$(dirname \"$0\")/input\"\necho '000 7'\necho 'curl: (7) Failed to connect' >&2\nexit 7\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.appendingPathComponent("fake-curl").path)
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["sync"], in: folder.url, environment: ["DAYPLAN_CURL": folder.url.appendingPathComponent("fake-curl").path])
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan sync: cannot connect to http://127.0.0.1:9/alice/tasks/: is the server running? "
                + "(curl: (7) Failed to connect)\n")
        #expect(!(run.stdout + run.stderr).contains("Pa55"))
        #expect(try folder.read("arguments") == "-q\n--config\n-\n")
        let input = try folder.read("input")
        #expect(input.contains("user = \"alice:Pa55-from-command\"\n"))
        #expect(input.contains("url = \"http://127.0.0.1:9/alice/tasks/\"\nrequest = \"REPORT\"\n"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("arguments"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("input"))
        #expect(try FolderSnapshot(folder.url) == before)
    }

    @Test func withoutCurlSyncSaysSoAndChangesNothing() throws {
        let folder = try plan("sync-url = http://127.0.0.1:9/alice/tasks/\n")
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["sync"], in: folder.url, environment: ["DAYPLAN_CURL": "/nonexistent/curl"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("dayplan sync: the program curl is not installed"), "\(run.stderr)")
        #expect(try FolderSnapshot(folder.url) == before)
    }

    @Test(arguments: [
        ("", "dayplan sync: no task list to sync with: set sync-url"),
        ("sync-url = http://dav.example.org/alice/tasks/\n", "is plain http to another machine"),
        ("sync-url = https://dav.example.org/alice/tasks/\nsync-password-env = DAYPLAN_TEST_NO_SUCH_VARIABLE\n",
         "the password comes from the environment variable DAYPLAN_TEST_NO_SUCH_VARIABLE (sync-password-env), which is not set"),
        ("sync-url = https://dav.example.org/alice/tasks/\nsync-password-command = exit 3\n", "sync-password-command `exit 3` failed"),
        ("sync-url = https://dav.example.org/alice/tasks/\nsync-ca-file = missing.pem\n", "missing.pem: no such certificate file"),
        ("sync-url = dav.example.org\n", ".dayplan/config:1: sync-url: `dav.example.org` is not an http:// or https:// URL"),
    ])
    func settingsItCannotUseAreExitTwoSayingWhatToSet(_ settings: String, _ message: String) throws {
        let folder = try plan(settings)
        let run = try Binary.run(["sync"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test(.enabled(if: installedProgram("python3") != nil, "skipped: python3 is not installed, so there is no plain web server to ask"),
          .timeLimit(.minutes(10)))
    func aServerThatIsNotCalDAVIsExitTwoWithNothingChanged() throws {
        let python = try #require(installedProgram("python3"))
        let found = try runProgram(python, ["-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])"],
                                   in: URL(fileURLWithPath: "/"))
        let port = try #require(Int(found.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        let folder = try plan("sync-url = http://127.0.0.1:\(port)/alice/tasks/\n")
        let web = try TemporaryFolder()
        try web.write("index.html", "<html><body>Hello</body></html>\n")
        // A plain web server (Python's), which knows no REPORT; stopped with its process group.
        let server = Process()
        server.executableURL = URL(fileURLWithPath: python)
        server.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", web.url.path]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            let pid = server.processIdentifier
            kill(getpgid(pid) == pid ? -pid : pid, SIGKILL)
            server.waitUntilExit()
        }
        var listening = false
        for _ in 0..<300 where !listening {
            listening = RadicaleServer.listens(port)
            if !listening { usleep(100_000) }
        }
        try #require(listening, "the web server did not start in 30 seconds")
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["sync"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan sync: http://127.0.0.1:\(port)/alice/tasks/ did not answer as a CalDAV task list (HTTP 501); "
                + "check sync-url (the task list's own URL, ending in /); nothing changed\n")
        #expect(try FolderSnapshot(folder.url) == before)
    }
}
