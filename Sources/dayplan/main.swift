#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The version `dayplan --version` prints.
let version = "0.1.0"

/// Each command: its name, one line for the overview, and its whole flow.
let commands: [(name: String, summary: String, run: ([String]) -> ExitCode)] = [
    (FmtCommand.name, FmtCommand.summary, FmtCommand.run),
    (LintCommand.name, LintCommand.summary, LintCommand.run),
    (RolloverCommand.name, RolloverCommand.summary, RolloverCommand.run),
]

let overview = """
    dayplan \(version): plain-text 1-3-5 day plans, checked and carried forward.

    USAGE: dayplan <command> [options] [path ...]

    COMMANDS:
    \(commands.map { "  " + $0.name.padding($0.name.count < 10 ? 10 : $0.name.count) + $0.summary }.joined(separator: "\n"))

    Run 'dayplan <command> --help' for a command's options.
    Exit codes: 0 fine, 1 findings, 2 usage or I/O error.
    """

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}

@MainActor func runDayplan(_ words: [String]) -> ExitCode {
    var out = Output.standard
    var err = Output.error
    defer { out.flush(); err.flush() }
    guard let first = words.first else {
        err.line(overview)
        return .failure
    }
    switch first {
    case "-h", "--help", "help":
        out.line(overview)
        return .success
    case "-V", "--version", "version":
        out.line("dayplan \(version)")
        return .success
    default:
        if let command = commands.first(where: { $0.name == first }) {
            out.flush()
            return command.run(Array(words.dropFirst()))
        }
        var message = "dayplan: unknown command '\(first)'"
        if let guess = closest(to: first, among: commands.map(\.name)) { message += " (did you mean '\(guess)'?)" }
        err.line(message + "\nRun 'dayplan --help' for the list of commands.")
        return .failure
    }
}

// A write past a file-size limit fails with EFBIG, reported like any other I/O error, instead of killing us.
signal(SIGXFSZ, SIG_IGN)
exit(runDayplan(Array(CommandLine.arguments.dropFirst())).rawValue)
