import Foundation
import Testing

/// A program run in a terminal of its own (a tmux server on a private socket), driven by keys as a person
/// types them and read back from its screen: for the shells' completion and Vim, which behave as they do for
/// a person only in a terminal.
final class TmuxSession {
    static let tmux = installedProgram("tmux")

    private let socket: String
    private let folder: URL

    /// Starts `command` (a shell command line) in `folder`, in a 160×40 terminal, with `environment` added to
    /// the one `runProgram` gives (the built `dayplan` first on PATH).
    init(_ command: String, in folder: URL, environment: [String: String] = [:]) throws {
        self.folder = folder
        // The socket lives outside `folder`: a test's folder may be removed before the session ends (Swift releases
        // a local after its last use), and a server whose socket is gone could no longer be told to stop.
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("dayplan-tmux-\(UUID().uuidString.prefix(8))").path
        // The tmux server lives on after this command: it must hold none of the test's descriptors (its output
        // pipes, the socket through which Foundation sees the command end), or waiting for the command would not end.
        let started = try runProgram("/bin/bash", ["-c", """
            for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done
            exec "$0" -S "$1" -f /dev/null new-session -d -x 160 -y 40 "$2" </dev/null >/dev/null 2>&1
            """, try #require(Self.tmux), socket, command],
                                     in: folder, environment: environment.merging(["TERM": "xterm"]) { $1 })
        #expect(started.status == 0, "tmux: \(started.output)")
    }

    /// Stops the server and every program in its terminal (from `/`, as the test's folder may be gone by now). The
    /// programs a test starts inherit its blocked signals, so a shell in the terminal never sees the hang-up
    /// `kill-server` sends it, and the server waits for it forever: each is killed outright, then the server.
    deinit {
        let root = URL(fileURLWithPath: "/"), tmux = Self.tmux ?? "tmux"
        let panes = (try? runProgram(tmux, ["-S", socket, "list-panes", "-a", "-F", "#{pane_pid}"], in: root).output) ?? ""
        let server = (try? runProgram(tmux, ["-S", socket, "display-message", "-p", "#{pid}"], in: root).output) ?? ""
        _ = try? runProgram(tmux, ["-S", socket, "kill-server"], in: root)
        for pid in panes.split(separator: "\n").compactMap({ pid_t($0) }) where pid > 1 {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        if let pid = pid_t(server.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 1 { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: socket)
    }

    /// Sends tmux key names (`Tab`, `Enter`, `C-u`, `Escape`), or with `literal` the text as typed.
    func send(_ keys: String..., literal: Bool = false) throws {
        let run = try runProgram(try #require(Self.tmux), ["-S", socket, "send-keys", "-t", "0"] + (literal ? ["-l"] : []) + keys, in: folder)
        #expect(run.status == 0, "tmux send-keys: \(run.output)")
    }

    /// Resizes the terminal to `columns` by `rows`, as a person drags its window.
    func resize(columns: Int, rows: Int) throws {
        let run = try runProgram(try #require(Self.tmux), ["-S", socket, "resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"], in: folder)
        #expect(run.status == 0, "tmux resize-window: \(run.output)")
    }

    /// What the terminal shows now.
    func screen() throws -> String {
        try runProgram(try #require(Self.tmux), ["-S", socket, "capture-pane", "-p", "-t", "0"], in: folder).output
    }

    /// From now on, every byte the program writes to its terminal is appended to `file` (tmux's `pipe-pane`), as
    /// the terminal receives it.
    func recordOutput(to file: URL) throws {
        let run = try runProgram(try #require(Self.tmux), ["-S", socket, "pipe-pane", "-t", "0", "-o", "cat >> '\(file.path)'"], in: folder)
        #expect(run.status == 0, "tmux pipe-pane: \(run.output)")
    }

    /// Waits (up to `seconds`) until the screen satisfies `condition`; returns the last screen seen either way.
    @discardableResult
    func wait(seconds: Double = 10, until condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = try screen()
        while !condition(shown), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            shown = try screen()
        }
        return shown
    }

    /// The last line of the screen that starts with `prompt`, without it and without trailing spaces.
    static func line(after prompt: String, in screen: String) -> String? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).last { $0.hasPrefix(prompt) }
            .map { String($0.dropFirst(prompt.count)).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
    }
}
