extension Rule {
    /// An `@every:` value that is not a recurrence.
    ///
    /// Reads: An `@every:` value that is not a recurrence.
    public static let badRecurrence: Rule = Rule(
        id: "DP050", name: "bad-recurrence", severity: .error, blocksFormatting: false,
        summary: "`@every:` holds a recurrence rollover understands",
        check: .reading { problem in
            guard case .notARecurrence(let word) = problem.kind else { return nil }
            return "`\(word)` is not a recurrence; write `@every:` with day, weekday, weekend, days such as mon,wed,fri, month:1, month:last, week:2/YYYY-MM-DD or yearly:MM-DD."
        })
}
