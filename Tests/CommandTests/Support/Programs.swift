import Foundation

/// Real programs the end-to-end tests run where they are installed: each looked for in the usual folders,
/// nil when it is absent (its tests are then skipped, saying why).
enum Programs {
    /// git, for the merge driver, `init` in a repository and the pre-commit hook.
    static let git = installed("git")
    /// strace, to see which files a command flushes.
    static let strace = installed("strace")

    /// The path of an executable `name` in /usr/bin, /bin, /usr/local/bin or /opt/homebrew/bin.
    static func installed(_ name: String) -> String? {
        ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
