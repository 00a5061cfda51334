extension Rule {
    /// The same flag or value is written twice.
    ///
    /// Reads: A flag or value written twice.
    public static let repeatedMetadata: Rule = Rule(
        id: "DP035", name: "repeated-metadata", severity: .warning, blocksFormatting: false,
        summary: "each flag or key is written once per task",
        check: .reading { problem in
            guard case .repeatedWord(let word) = problem.kind else { return nil }
            return "`\(word)` is written twice on this task."
        }, fix: keepOneWord)
}

extension Rule {
    /// DP035's fix: the same word twice, one kept.
    static let keepOneWord: @Sendable (QuickFix.Request) -> [QuickFix] = { request in
        let range = min(request.range.lowerBound, request.bytes.count)..<min(request.range.upperBound, request.bytes.count)
        let word = String(decoding: request.bytes[range], as: UTF8.self)
        guard word.hasPrefix("@"), let edit = try? DayEditor(request.bytes).replaceMetadata(with: word, onTaskAt: request.line),
              edit.changesFile else { return [] }
        return [QuickFix(title: "Keep one \(word)", edits: edit.edits, isPreferred: true)]
    }
}
