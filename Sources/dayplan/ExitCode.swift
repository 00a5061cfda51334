/// The exit codes every command uses.
enum ExitCode: Int32 {
    /// All is well.
    case success = 0
    /// Findings: lint errors, or files `fmt --check` would change.
    case findings = 1
    /// A usage mistake or an I/O error.
    case failure = 2
}
