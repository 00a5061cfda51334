#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DayPlan

/// A program dayplan runs and waits for, up to a limit: a hook (docs/hooks.md) or the command `dayplan remind`
/// announces with. It is started with its arguments as given, never through a shell's reading of them, in its
/// own process group; it gets `input` on standard input, what it prints on standard output goes to dayplan's
/// standard error, what it prints there is passed on, and when it runs past the limit it is killed with every process
/// it started.
enum ChildProcess {
    /// What running it did.
    struct Outcome {
        /// Its exit status (128 + the signal when a signal ended it).
        let status: Int32
        /// Whether it ran past the limit and was killed.
        let timedOut: Bool
        /// Why it could not be started at all, when it could not.
        let failedToStart: String?
    }

    /// Runs `words` (the program, then its arguments; the program looked up in `PATH` when it names no folder)
    /// with `environment` (`NAME=value` entries), waiting up to `timeout` seconds; its standard error, and its
    /// standard output, go to `err`.
    static func run(_ words: [String], input: [UInt8], environment: [String], timeout: Int, err: inout Output) -> Outcome {
        guard let program = words.first else { return Outcome(status: -1, timedOut: false, failedToStart: "no program named") }
        signal(SIGPIPE, SIG_IGN)  // a program that exits without reading its input must not end dayplan

        var stdinPipe: [Int32] = [-1, -1], stderrPipe: [Int32] = [-1, -1]
        guard pipe(&stdinPipe) == 0 else { return Outcome(status: -1, timedOut: false, failedToStart: "no pipe") }
        guard pipe(&stderrPipe) == 0 else {
            close(stdinPipe[0]); close(stdinPipe[1])
            return Outcome(status: -1, timedOut: false, failedToStart: "no pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
        for descriptor in stdinPipe + stderrPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        // posix_spawnp looks the program up in the PATH of dayplan's own environment, which `environment` keeps.
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp)
        close(stdinPipe[0])
        close(stderrPipe[1])
        defer { close(stderrPipe[0]) }
        guard spawned == 0 else {
            close(stdinPipe[1])
            return Outcome(status: -1, timedOut: false, failedToStart: String(cString: strerror(spawned)))
        }

        // Its input, without waiting on a program that does not read it.
        _ = fcntl(stdinPipe[1], F_SETFL, fcntl(stdinPipe[1], F_GETFL) | O_NONBLOCK)
        input.withUnsafeBytes { raw in _ = write(stdinPipe[1], raw.baseAddress, raw.count) }
        close(stdinPipe[1])

        // Its output read as it comes; it is waited for up to the limit, then killed with its group.
        _ = fcntl(stderrPipe[0], F_SETFL, fcntl(stderrPipe[0], F_GETFL) | O_NONBLOCK)
        var errors: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func drain() {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(stderrPipe[0], $0.baseAddress, $0.count) }
                if count <= 0 { break }
                if errors.count < 65_536 { errors += buffer[0..<count] }
            }
        }
        var status: Int32 = 0
        var timedOut = false
        let limit = timeout * 100
        var waited = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            drain()
            if done == pid { break }
            if done < 0, errno != EINTR { break }
            if waited >= limit {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                timedOut = true
                break
            }
            usleep(10_000)
            waited += 1
        }
        drain()
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        if !errors.isEmpty {
            err.write(bytes: errors)
            if errors.last != UInt8(ascii: "\n") { err.line("") }
        }
        return Outcome(status: code, timedOut: timedOut, failedToStart: nil)
    }

    /// dayplan's environment, less the variables named in `removing` (`NAME`), as `NAME=value` entries.
    static func environment(removing names: [String]) -> [String] {
        var environment: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !names.contains(where: { text.hasPrefix($0 + "=") }) { environment.append(text) }
            entry += 1
        }
        return environment
    }

    /// Whether `program` can be run: a path to an executable file, or a name found in `PATH`.
    static func isPresent(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 && FileSystem.kind(of: program) == .file }
        for folder in (Clock.environment("PATH") ?? "").split(separator: ":") where !folder.isEmpty {
            let path = FileSystem.join(String(folder), program)
            if access(path, X_OK) == 0, FileSystem.kind(of: path) == .file { return true }
        }
        return false
    }
}
