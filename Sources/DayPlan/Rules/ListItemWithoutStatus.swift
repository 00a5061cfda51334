extension Rule {
    /// A list item in a region has no status box, so it is not a task.
    ///
    /// Reads: A bulleted line in a region with no status box.
    public static let listItemWithoutStatus: Rule = Rule(
        id: "DP037", name: "list-item-without-status", severity: .warning, blocksFormatting: false,
        summary: "list items in a region are tasks with a status box",
        check: .reading { problem in
            guard case .listItemWithoutBox(let bucket) = problem.kind else { return nil }
            return "This list item has no status box, so it is not a task; write `\(bucket.bullet) [ ] …` to make it one."
        })
}
