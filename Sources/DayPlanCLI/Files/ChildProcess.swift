import DayPlan

/// A program dayplan runs and waits for, up to a limit: a hook (docs/hooks.md), the command `dayplan remind`
/// announces with, `git` (`dayplan init`, `dayplan resolve`), sync's password command. It is started with its
/// arguments as given, never through a shell's reading of them; it gets `input` on standard input and is killed
/// when it runs past the limit. `run` passes what it prints on to dayplan's standard error; `capture` keeps its
/// standard output for the caller.
enum ChildProcess {
    /// What running it did.
    struct Outcome {
        /// Its exit status (128 + the signal when a signal ended it).
        let status: Int32
        /// Whether it ran past the limit and was killed.
        let timedOut: Bool
        /// Why it could not be started at all, when it could not.
        let failedToStart: String?
        /// Its standard output, byte for byte, when it was captured (`capture`); empty otherwise.
        var output: [UInt8] = []
        /// Its standard error (at most 64 KiB), when it was kept (`capture` with `.kept`); empty otherwise.
        var errors: [UInt8] = []
    }

    /// What becomes of a captured program's standard error.
    enum Errors {
        /// Thrown away (git's advice is not dayplan's to show).
        case discarded
        /// Kept in the outcome, for the caller to explain (curl's message).
        case kept
        /// dayplan's own standard error, and the program stays in dayplan's process group so it can ask on the
        /// terminal (`pass` asking for its passphrase); the limit then kills the program alone.
        case shownToThePerson
    }

    /// Runs `words` (the program, then its arguments; the program looked up in `PATH` when it names no folder)
    /// with `environment` (`NAME=value` entries) in its own process group, waiting up to `timeout` seconds, then
    /// killing it with every process it started; its standard output and its standard error go to `err`.
    static func run(_ words: [String], input: [UInt8], environment: [String], timeout: Int, err: inout Output) -> Outcome {
        let (outcome, errors) = spawn(words, input: input, environment: environment, timeout: timeout,
                                      output: .toStandardError, errors: .collected)
        if !errors.isEmpty {
            err.write(bytes: errors)
            if errors.last != UInt8(ascii: "\n") { err.line("") }
        }
        return outcome
    }

    /// Runs `words` as `run` does, with dayplan's environment and `input` on standard input, keeping its standard
    /// output (at most `limit` bytes) in the outcome.
    static func capture(_ words: [String], input: [UInt8] = [], timeout: Int, errors: Errors, limit: Int = 1 << 29) -> Outcome {
        let destination: ErrorDestination = switch errors {
        case .discarded: .discarded
        case .kept: .collected
        case .shownToThePerson: .inherited
        }
        var (outcome, collected) = spawn(words, input: input, environment: environment(removing: []), timeout: timeout,
                                         output: .captured(limit: limit), errors: destination)
        outcome.errors = collected
        return outcome
    }

    /// Where the program's standard output goes.
    private enum OutputDestination {
        case toStandardError
        case captured(limit: Int)
    }

    /// Where the program's standard error goes.
    private enum ErrorDestination {
        case collected, discarded, inherited
    }

    /// The one way dayplan starts a program: `posix_spawnp`, its input written as it reads it, its output read as
    /// it comes, waited for up to `timeout` seconds and then killed (with its process group when it has its own).
    /// Returns the outcome and the standard error collected (at most 64 KiB).
    private static func spawn(_ words: [String], input: [UInt8], environment: [String], timeout: Int,
                              output: OutputDestination, errors: ErrorDestination) -> (outcome: Outcome, errors: [UInt8]) {
        func failed(_ why: String) -> (Outcome, [UInt8]) { (Outcome(status: -1, timedOut: false, failedToStart: why), []) }
        guard let program = words.first else { return failed("no program named") }
        signal(SIGPIPE, SIG_IGN)  // a program that exits without reading its input must not end dayplan

        // Each pipe: [read end, write end]. Standard input always; standard output and error when kept.
        var pipes: [[Int32]] = []
        func makePipe() -> Int? {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            pipes.append(ends)
            return pipes.count - 1
        }
        defer { for ends in pipes { for end in ends where end >= 0 { close(end) } } }
        guard let stdinPipe = makePipe() else { return failed("no pipe") }
        var stdoutPipe: Int?, stderrPipe: Int?
        if case .captured = output { guard let made = makePipe() else { return failed("no pipe") }; stdoutPipe = made }
        if case .collected = errors { guard let made = makePipe() else { return failed("no pipe") }; stderrPipe = made }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[stdinPipe][0], 0)
        if let stdoutPipe { posix_spawn_file_actions_adddup2(&actions, pipes[stdoutPipe][1], 1) }
        else { posix_spawn_file_actions_adddup2(&actions, 2, 1) }
        switch errors {
        case .collected: posix_spawn_file_actions_adddup2(&actions, pipes[stderrPipe ?? 0][1], 2)
        case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .inherited: break
        }
        for ends in pipes { for end in ends { posix_spawn_file_actions_addclose(&actions, end) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let ownGroup = errors != .inherited
        if ownGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }

        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        // posix_spawnp looks the program up in the PATH of dayplan's own environment, which `environment` keeps.
        let spawned = posix_spawnp(&pid, program, &actions, &attributes, &argv, &envp)
        // The child's ends are the child's now.
        func closeEnd(_ pipe: Int?, _ end: Int) {
            guard let pipe, pipes[pipe][end] >= 0 else { return }
            close(pipes[pipe][end])
            pipes[pipe][end] = -1
        }
        closeEnd(stdinPipe, 0); closeEnd(stdoutPipe, 1); closeEnd(stderrPipe, 1)
        guard spawned == 0 else { return failed(String(cString: strerror(spawned))) }

        // Its input as it reads it, never waiting on a program that does not: closed when all is written, or
        // when the program reads no more.
        _ = fcntl(pipes[stdinPipe][1], F_SETFL, fcntl(pipes[stdinPipe][1], F_GETFL) | O_NONBLOCK)
        var written = 0
        func feed() {
            while pipes[stdinPipe][1] >= 0 {
                guard written < input.count else { return closeEnd(stdinPipe, 1) }
                let count = input.withUnsafeBytes { raw in
                    write(pipes[stdinPipe][1], raw.baseAddress.map { $0 + written }, min(65_536, raw.count - written))
                }
                if count > 0 { written += count; continue }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
                return closeEnd(stdinPipe, 1)
            }
        }

        // Its output read as it comes; it is waited for up to the limit, then killed.
        var captured: [UInt8] = [], collected: [UInt8] = []
        let outputLimit = if case .captured(let limit) = output { limit } else { 0 }
        for pipe in [stdoutPipe, stderrPipe] {
            if let pipe { _ = fcntl(pipes[pipe][0], F_SETFL, fcntl(pipes[pipe][0], F_GETFL) | O_NONBLOCK) }
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        func drain() {
            for (pipe, isOutput) in [(stdoutPipe, true), (stderrPipe, false)] {
                guard let pipe, pipes[pipe][0] >= 0 else { continue }
                while true {
                    let count = buffer.withUnsafeMutableBytes { read(pipes[pipe][0], $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    if count == 0 { closeEnd(pipe, 0) }
                    if count <= 0 { break }
                    if isOutput { if captured.count < outputLimit { captured += buffer[0..<min(count, outputLimit - captured.count)] } }
                    else if collected.count < 65_536 { collected += buffer[0..<count] }
                }
            }
        }
        var status: Int32 = 0
        var timedOut = false
        let deadline = monotonicNanoseconds() + UInt64(max(0, timeout)) * 1_000_000_000
        while true {
            feed()
            let done = waitpid(pid, &status, WNOHANG)
            drain()
            if done == pid { break }
            if done < 0, errno != EINTR { break }
            if monotonicNanoseconds() >= deadline {
                kill(ownGroup ? -pid : pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                timedOut = true
                break
            }
            // Until something arrives on its output, it can take more input, or 10 ms pass.
            var watched = [stdoutPipe, stderrPipe].compactMap { $0 }.map { pipes[$0][0] }.filter { $0 >= 0 }
                .map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if pipes[stdinPipe][1] >= 0 { watched.append(pollfd(fd: pipes[stdinPipe][1], events: Int16(POLLOUT), revents: 0)) }
            if watched.isEmpty { usleep(2_000) } else { _ = poll(&watched, nfds_t(watched.count), 10) }
        }
        drain()
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (Outcome(status: code, timedOut: timedOut, failedToStart: nil, output: captured), collected)
    }

    /// The monotonic clock, for the limit: never the plan's "now", which tests set.
    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
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
