extension Rule {
    /// An `@every:` value that is not a recurrence.
    ///
    /// Reads: An `@every:` value that is not a recurrence.
    public static let badRecurrence: Rule = Rule(
        id: "DP050", name: "bad-recurrence", severity: .error, blocksFormatting: false,
        summary: "`@every:` holds a recurrence rollover understands",
        check: .reading { problem in
            guard case .notARecurrence(let word) = problem.kind else { return nil }
            let value = word.firstIndex(of: ":").map { word[word.index(after: $0)...] } ?? ""
            let reason = Recurrence.problem(in: value) ?? "it is not a recurrence"
            return "`\(word)` is not a recurrence: \(reason); FORMAT.md §3.5 lists them (day, weekday, mon,wed,fri, month:last, month:2nd-tue, done+3d, …)."
        })
}
