extension Rule {
    /// The same metadata key is given two different values.
    ///
    /// Reads: A key given two different values on one task.
    public static let conflictingMetadata: Rule = Rule(
        id: "DP034", name: "conflicting-metadata", severity: .error, blocksFormatting: true,
        summary: "a metadata key has one value per task",
        check: .reading { problem in
            switch problem.kind {
            case .secondValue(let key, let first, let word): "This task has `@\(key):\(first)` and `\(word)`; keep one of them."
            case .secondRegion: "This task is scheduled for two regions; keep one `@on:`."
            default: nil
            }
        })
}
