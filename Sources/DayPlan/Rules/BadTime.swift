extension Rule {
    /// A task title starts with text that looks like a time of day but is none.
    ///
    /// Reads: `25:00 Call`, `9:75 Call`, `09:00 - 08:00 Call` at the start of a title: the text stays in the
    /// title, and the task has no time.
    public static let badTime: Rule = Rule(
        id: "DP053", name: "bad-time", severity: .warning, blocksFormatting: false,
        summary: "a title's leading time is a real time of day, and a range ends after it starts",
        check: .reading { problem in
            guard case .notATime(let written, let reason) = problem.kind else { return nil }
            return "`\(written)` is not a time for this task: \(reason). Write `HH:MM` or `HH:MM - HH:MM` (FORMAT.md §3.6)."
        })
}
