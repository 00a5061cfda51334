#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the `git` program found on PATH, for the few things dayplan asks of a repository (`dayplan init`
/// setting up the merge driver).
enum Git {
    /// What one run of git did.
    struct Run {
        /// Its exit status (128 + the signal when a signal ended it).
        let status: Int32
        /// What it wrote to standard output, without the final line break.
        let output: String
    }

    /// Runs `git -C folder arguments…`, its standard error discarded; nil when git cannot be started.
    static func run(_ arguments: [String], in folder: String) -> Run? {
        guard let run = bytes(arguments, in: folder) else { return nil }
        var output = run.output
        while let last = output.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { output.removeLast() }
        return Run(status: run.status, output: String(decoding: output, as: UTF8.self))
    }

    /// The last committed version of `file` (`git show HEAD:./name` in its folder), byte for byte; nil when its
    /// folder is no git repository, git is missing, or HEAD does not hold the file.
    static func committedVersion(of file: String) -> [UInt8]? {
        guard let (status, output) = bytes(["show", "HEAD:./" + FileSystem.name(of: file)], in: FileSystem.directory(of: file)),
              status == 0 else { return nil }
        return output
    }

    /// `run`, with standard output as it came, byte for byte.
    private static func bytes(_ arguments: [String], in folder: String) -> (status: Int32, output: [UInt8])? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])

        let words = ["git", "-C", folder] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "git", &actions, nil, &argv, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { return nil }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, output)
    }
}
