extension Rule {
    /// The status mark is not one of ` `, `/`, `x`, `>`, `-`.
    ///
    /// Reads: A status box with an unknown mark.
    public static let unknownStatus: Rule = Rule(
        id: "DP030", name: "unknown-status", severity: .error, blocksFormatting: false, leavesTaskBehind: true,
        summary: "a status is one of `[ ]`, `[/]`, `[x]`, `[>]`, `[-]`",
        check: .reading { problem in
            guard case .unknownStatusMark(let mark) = problem.kind else { return nil }
            return "Unknown status `[\(mark)]`; use `[ ]` to do, `[/]` in progress, `[x]` done, `[>]` moved or `[-]` cancelled."
        })
}
