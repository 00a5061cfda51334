extension Rule {
    /// Another tool's spelling of a metadata key (Obsidian Tasks, Dataview, Logseq) whose value dayplan cannot
    /// read: kept as title words, and named.
    ///
    /// Reads: A spelling another tool writes whose value is no date, priority or routine dayplan reads.
    public static let foreignMetadata: Rule = Rule(
        id: "DP042", name: "foreign-metadata", severity: .warning, blocksFormatting: false,
        summary: "another tool's spelling of a key (`📅`, `[due:: …]`, `SCHEDULED:`) holds a value dayplan reads",
        check: .reading { problem in
            guard case .unreadSpelling(let written, let key, let style) = problem.kind else { return nil }
            let tool = style.toolPossessive
            let what = key == "every" ? "a rule no `@every:` means (FORMAT.md §3.7 lists those read)"
                : key == "priority" ? "no priority (highest, high, medium, low, lowest)" : "no date (YYYY-MM-DD)"
            return "`\(written)` is \(tool) `@\(key):`, but holds \(what); it is kept as words of the title."
        })
}
