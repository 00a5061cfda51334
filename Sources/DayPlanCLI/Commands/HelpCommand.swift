/// `dayplan help`: the overview, one command's help, or the whole manual page.
enum HelpCommand {
    /// The word that runs it: `dayplan help`.
    static let name = "help"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Show the commands, a command's help, or the manual page",
        arguments: Value(placeholder: "COMMAND", kind: .command),
        about: """
            With no COMMAND, lists the commands. With a COMMAND, shows its help: the same text as
            'dayplan COMMAND --help' and as its section of the manual page dayplan(1).

            --man prints that manual page in mdoc, made from the same descriptions as every command's
            help (install it as share/man/man1/dayplan.1, or read it with 'dayplan help --man | man -l -').
            """,
        options: [
            .flag("--man", "Print the manual page dayplan(1), in mdoc."),
        ],
        exitCodes: [(0, "shown"), (2, "usage error or unknown command")])

    @MainActor static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        defer { out.flush() }
        if arguments.flags.contains("--man") {
            out.write(ManPage.commands(commands.map { $0.spec() }, version: version))
            return .success
        }
        guard let name = arguments.positionals.first else {
            out.line(overview)
            return .success
        }
        guard let command = commands.first(where: { $0.name == name }) else { return unknownCommand(name) }
        out.line(command.spec().help)
        return .success
    }
}
