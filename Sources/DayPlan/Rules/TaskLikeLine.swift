extension Rule {
    /// A checklist line written without a bucket bullet or without the space after it (`1. [ ] x`,
    /// `-[ ] x`): read as a task, and written canonically by `dayplan fmt`.
    ///
    /// Reads: A task line without a bucket bullet or its space.
    public static let taskLikeLine: Rule = Rule(
        id: "DP038", name: "task-like-line", severity: .warning, blocksFormatting: false,
        summary: "a task line starts with `*`, `+` or `-` and a space",
        check: .reading { problem in
            guard case .looseTaskLine(let bucket, let status, let numbered) = problem.kind else { return nil }
            let canonical = "\(bucket.bullet) [\(status.mark)]"
            return numbered
                ? "A numbered task is read as a misc task, as a number says no bucket; `dayplan fmt` writes it `\(canonical) …` (use `*` for must, `+` for complementary)."
                : "No space after the bullet, so Markdown shows no checkbox; it is read as a \(bucket) task and `dayplan fmt` writes it `\(canonical) …`."
        })
}
