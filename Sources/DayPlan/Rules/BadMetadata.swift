extension Rule {
    /// A metadata value is wrong, such as `@expires:` with no real date.
    ///
    /// Reads: A date that is not real, a length of time that is none, a time of day that is none, a flag with a value, `@on:` naming no region.
    public static let badMetadata: Rule = Rule(
        id: "DP033", name: "bad-metadata", severity: .error, blocksFormatting: false,
        summary: "metadata values are well formed",
        check: .reading { problem in
            switch problem.kind {
            case .notADate(let key, let word): "`\(word)` does not hold a real date; write `@\(key):YYYY-MM-DD`."
            case .notADuration(let key, let word):
                "`\(word)` is not a length of time; write minutes, hours or both, such as `@\(key):45m`, `@\(key):1h30m` or `@\(key):2h`."
            case .notAClock(let key, let word):
                "`\(word)` is not a time of day; write hours and minutes on the day, such as `@\(key):09:30`."
            case .notAChoice(let key, let word, let words):
                "`\(word)` is none of the words of `@\(key):`; write " + words.map { "`@\(key):\($0)`" }.joined(separator: ", ") + "."
            case .flagWithValue(let key): "`@\(key)` is a flag and takes no value; write `@\(key)`."
            case .notARegion(let word):
                "`\(word)` names no region after `/`; write `@on:YYYY-MM-DD/morning` (afternoon, evening, backlog) or leave the region out."
            default: nil
            }
        })
}
