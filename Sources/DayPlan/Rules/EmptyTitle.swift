extension Rule {
    /// A task has no title words: an empty box, as a template's placeholder leaves it. A warning: it
    /// is kept, and rollover leaves it where it is.
    ///
    /// Reads: A task with no title words.
    public static let emptyTitle: Rule = Rule(
        id: "DP032", name: "empty-title", severity: .warning, blocksFormatting: false,
        summary: "a task has a title",
        check: .reading { problem in
            guard case .emptyTitle = problem.kind else { return nil }
            return "This task has no title; say what is to be done after the status box."
        })
}
