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

    /// `run`, with standard output as it came, byte for byte; git gets a minute, more than any of these asks.
    private static func bytes(_ arguments: [String], in folder: String) -> (status: Int32, output: [UInt8])? {
        let run = ChildProcess.capture(["git", "-C", folder] + arguments, timeout: 60, errors: .discarded)
        guard run.failedToStart == nil, !run.timedOut else { return nil }
        return (run.status, run.output)
    }
}
