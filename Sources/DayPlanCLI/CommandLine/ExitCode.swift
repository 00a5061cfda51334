/// The exit codes every command uses.
/// An `Error` too, so that a step can end the command with its code (`Arguments.forCommand` does).
enum ExitCode: Int32, Error {
    /// All is well.
    case success = 0
    /// Findings: lint errors, or files `fmt --check` would change.
    case findings = 1
    /// A usage mistake or an I/O error.
    case failure = 2
}
