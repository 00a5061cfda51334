extension Rule {
    /// The file holds a NUL byte, so it is not text.
    ///
    /// Reads: The first NUL byte.
    public static let binaryContent: Rule = Rule(
        id: "DP002", name: "binary-content", severity: .error, blocksFormatting: true,
        summary: "a day file holds no NUL bytes",
        check: .reading { problem in
            guard case .nulByte = problem.kind else { return nil }
            return "A NUL byte: this looks like a binary file, not a day plan."
        })
}
