/// `dayplan lsp`: a language server, so that editors check and format day files as they are typed.
enum LspCommand {
    /// The word that runs it: `dayplan lsp`.
    static let name = "lsp"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Serve day files to editors (Language Server Protocol)",
        arguments: nil,
        about: """
            Speaks the Language Server Protocol (3.17) over standard input and output, for editors: lint's
            findings as you type, formatting as dayplan fmt does it, hover, completion of metadata, dates,
            tags and buckets, an outline, folding and the room left in each region. docs/language-server.md
            shows the setup for Neovim, Helix, VS Code, Emacs, Zed and Sublime Text.

            Standard output carries only protocol messages; the server logs to standard error. It ends at
            the exit notification or when its input closes. A message over 512 MiB is skipped (answered
            with a parse error); a header block over 64 KiB ends the server with exit code 2.
            """,
        options: [
            .flag("--stdio", "Talk over standard input and output: the default and only way, accepted because some editors pass it."),
        ],
        exitCodes: [(0, "exit after shutdown"), (1, "exit without shutdown, or the input closed first"),
                    (2, "usage error, or input that cannot be read as messages (a header block over 64 KiB)")])

    static func run(_ arguments: Arguments) -> ExitCode {
        // A client that goes away while we write must end the server through the closed input, not a signal.
        signal(SIGPIPE, SIG_IGN)
        var server = LanguageServer()
        return server.run()
    }
}
