/// The version `dayplan --version` prints.
let version = "0.2.0"

/// Every command: its name, what it takes (its spec, which help, argument parsing, completions and the man
/// page are made from) and its whole flow, given its parsed arguments. A new command is one file in Commands/
/// and one line here. A spec is made when asked for, so that a run builds only its own command's.
let commands: [(name: String, spec: () -> CommandSpec, run: @MainActor (Arguments) -> ExitCode)] = [
    (AddCommand.name, { AddCommand.spec }, AddCommand.run),
    (FmtCommand.name, { FmtCommand.spec }, FmtCommand.run),
    (ExportCommand.name, { ExportCommand.spec }, ExportCommand.run),
    (ImportCommand.name, { ImportCommand.spec }, ImportCommand.run),
    (InitCommand.name, { InitCommand.spec }, InitCommand.run),
    (LintCommand.name, { LintCommand.spec }, LintCommand.run),
    (LspCommand.name, { LspCommand.spec }, LspCommand.run),
    (MarkCommand.name, { MarkCommand.spec }, MarkCommand.run),
    (MergeCommand.name, { MergeCommand.spec }, MergeCommand.run),
    (MoveCommand.name, { MoveCommand.spec }, MoveCommand.run),
    (StartCommand.name, { StartCommand.spec }, StartCommand.run),
    (StopCommand.name, { StopCommand.spec }, StopCommand.run),
    (QueryCommand.name, { QueryCommand.spec }, QueryCommand.run),
    (ReportCommand.name, { ReportCommand.spec }, ReportCommand.run),
    (ResolveCommand.name, { ResolveCommand.spec }, ResolveCommand.run),
    (ReviewCommand.name, { ReviewCommand.spec }, ReviewCommand.run),
    (RolloverCommand.name, { RolloverCommand.spec }, RolloverCommand.run),
    (StatusCommand.name, { StatusCommand.spec }, StatusCommand.run),
    (WeekCommand.name, { WeekCommand.spec }, WeekCommand.run),
    (PlanCommand.name, { PlanCommand.spec }, PlanCommand.run),
    (SyncCommand.name, { SyncCommand.spec }, SyncCommand.run),
    (ViewCommand.name, { ViewCommand.spec }, ViewCommand.run),
    (EventsCommand.name, { EventsCommand.spec }, EventsCommand.run),
    (RemindCommand.name, { RemindCommand.spec }, RemindCommand.run),
    (CompletionsCommand.name, { CompletionsCommand.spec }, CompletionsCommand.run),
    (HelpCommand.name, { HelpCommand.spec }, HelpCommand.run),
]

/// What dayplan is, in one line: the overview's first line and the manual page's description.
let tagline = "plain-text 1-3-5 day plans, checked and carried forward"

/// The overview: what `dayplan --help` prints.
var overview: String {
    let specs = commands.map { $0.spec() }
    let width = max(10, (commands.map(\.name.count).max() ?? 0) + 2)
    return """
    dayplan \(version): \(tagline).

    USAGE: dayplan <command> [options] [path ...]

    COMMANDS:
    \(specs.map { "  " + $0.name.padding(width) + $0.summary }.joined(separator: "\n"))

    Run 'dayplan help <command>' or 'dayplan <command> --help' for a command's options.
    Exit codes: 0 fine, 1 findings, 2 usage or I/O error.
    """
}

/// Says that `name` is no command, suggesting the nearest one; exit code 2.
@MainActor func unknownCommand(_ name: String) -> ExitCode {
    var err = Output.error
    defer { err.flush() }
    var message = "dayplan: unknown command '\(name)'"
    if let guess = closest(to: name, among: commands.map(\.name)) { message += " (did you mean '\(guess)'?)" }
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
        guard let command = commands.first(where: { $0.name == first }) else { return unknownCommand(first) }
        if let problem = Clock.checkEnvironmentNow() {
            err.line("dayplan \(first): \(problem.message)")
            return .failure
        }
        out.flush()
        // Every command's words are parsed here, by its spec (help and usage mistakes answered on the way).
        let arguments: Arguments
        do {
            arguments = try Arguments.forCommand(command.spec(), Array(words.dropFirst()))
        } catch {
            return error
        }
        return command.run(arguments)
    }
}

/// The command line's words, each checked to be UTF-8: a word that is not is refused with its position (exit 2),
/// never read with its bad bytes replaced (a title that would be written with U+FFFD, a path that names no file).
@MainActor func commandLineWords() -> [String]? {
    var words: [String] = []
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        guard let word = String(validatingCString: pointer) else {
            var err = Output.error
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            let shown = bytes.map { (0x20..<0x7F).contains($0) ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }
            err.line("dayplan: word \(index) of the command line is not valid UTF-8 (\(shown.joined())); "
                     + "dayplan reads its arguments as UTF-8, so nothing was done")
            err.flush()
            return nil
        }
        words.append(word)
    }
    return words
}

// A write past a file-size limit fails with EFBIG, reported like any other I/O error, instead of killing us.
signal(SIGXFSZ, SIG_IGN)
guard let words = commandLineWords() else { exit(ExitCode.failure.rawValue) }
exit(runDayplan(words).rawValue)
