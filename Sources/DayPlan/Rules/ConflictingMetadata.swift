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
            case .spellingsDisagree(let key, let first, let written):
                "This task's `@\(key):` is \(first), and `\(written)` says otherwise; keep one of them."
            case .secondRegion: "This task is scheduled for two regions; keep one `@on:`."
            default: nil
            }
        }, fix: keepOneValue)
}

extension Rule {
    /// DP034's fixes: one for each value the key is written with on the task, that value kept and the others taken
    /// out (in whichever spelling each is written).
    static let keepOneValue: @Sendable (QuickFix.Request) -> [QuickFix] = { request in
        let editor = DayEditor(request.bytes)
        let range = min(request.range.lowerBound, request.bytes.count)..<min(request.range.upperBound, request.bytes.count)
        guard let placed = editor.task(at: request.line), let taskLine = TaskLine(placed.task, in: request.bytes) else { return [] }
        let words = taskLine.metadataWords(in: request.bytes)
        guard let key = words.first(where: { $0.range.overlaps(range) || $0.range == range })?.key else { return [] }
        let same = words.filter { $0.key == key }
        guard same.count > 1 else { return [] }
        return same.map { kept in
            let written = String(decoding: request.bytes[kept.range], as: UTF8.self)
            let edits = same.filter { $0.range != kept.range }.map { taskLine.removalEdit(of: $0.range, in: request.bytes) }
            return QuickFix(title: "Keep \(written)", edits: edits, isPreferred: false)
        }
    }
}
