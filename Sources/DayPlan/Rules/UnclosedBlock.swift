extension Rule {
    /// A code fence or HTML comment is never closed. It swallows the rest of the file, so the canonical form
    /// (which writes regions after it) would change what is inside it: formatting waits for it to be closed.
    ///
    /// Reads: A code fence or HTML comment still open at the end of the file.
    public static let unclosedBlock: Rule = Rule(
        id: "DP040", name: "unclosed-block", severity: .error, blocksFormatting: true,
        summary: "code fences and HTML comments are closed",
        check: .reading { problem in
            guard case .unclosedBlock(let comment) = problem.kind else { return nil }
            return "This \(comment ? "HTML comment" : "code fence") is never closed, so everything after it is kept as plain text; close it."
        })
}
