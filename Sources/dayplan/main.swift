#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The version `dayplan --version` prints.
let version = "0.2.0"

/// Every command: what it takes (its spec, which help, argument parsing, completions and the man page are
/// made from) and its whole flow, given its parsed arguments. A new command is one file in Commands/ and one
/// line here.
let commands: [(spec: CommandSpec, run: @MainActor (Arguments) -> ExitCode)] = [
    (AddCommand.spec, AddCommand.run),
    (FmtCommand.spec, FmtCommand.run),
    (ExportCommand.spec, ExportCommand.run),
    (ImportCommand.spec, ImportCommand.run),
    (InitCommand.spec, InitCommand.run),
    (LintCommand.spec, LintCommand.run),
    (LspCommand.spec, LspCommand.run),
    (MarkCommand.spec, MarkCommand.run),
    (MergeCommand.spec, MergeCommand.run),
    (MoveCommand.spec, MoveCommand.run),
    (QueryCommand.spec, QueryCommand.run),
    (ReportCommand.spec, ReportCommand.run),
    (RolloverCommand.spec, RolloverCommand.run),
    (StatusCommand.spec, StatusCommand.run),
    (CompletionsCommand.spec, CompletionsCommand.run),
    (HelpCommand.spec, HelpCommand.run),
]

/// What dayplan is, in one line: the overview's first line and the manual page's description.
let tagline = "plain-text 1-3-5 day plans, checked and carried forward"

let overview = """
    dayplan \(version): \(tagline).

    USAGE: dayplan <command> [options] [path ...]

    COMMANDS:
    \(commands.map { "  " + $0.spec.name.padding(max(10, (commands.map(\.spec.name.count).max() ?? 0) + 2)) + $0.spec.summary }.joined(separator: "\n"))

    Run 'dayplan help <command>' or 'dayplan <command> --help' for a command's options.
    Exit codes: 0 fine, 1 findings, 2 usage or I/O error.
    """

/// Says that `name` is no command, suggesting the nearest one; exit code 2.
@MainActor func unknownCommand(_ name: String) -> ExitCode {
    var err = Output.error
    defer { err.flush() }
    var message = "dayplan: unknown command '\(name)'"
    if let guess = closest(to: name, among: commands.map(\.spec.name)) { message += " (did you mean '\(guess)'?)" }
    err.line(message + "\nRun 'dayplan --help' for the list of commands.")
    return .failure
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
    case "-h", "--help":
        out.line(overview)
        return .success
    case "-V", "--version", "version":
        out.line("dayplan \(version)")
        return .success
    default:
        guard let command = commands.first(where: { $0.spec.name == first }) else { return unknownCommand(first) }
        out.flush()
        // Every command's words are parsed here, by its spec (help and usage mistakes answered on the way).
        let arguments: Arguments
        do {
            arguments = try Arguments.forCommand(command.spec, Array(words.dropFirst()))
        } catch {
            return error
        }
        return command.run(arguments)
    }
}

// A write past a file-size limit fails with EFBIG, reported like any other I/O error, instead of killing us.
signal(SIGXFSZ, SIG_IGN)
exit(runDayplan(Array(CommandLine.arguments.dropFirst())).rawValue)
