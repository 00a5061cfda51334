extension Rule {
    /// `@key:value` with a key dayplan does not know.
    ///
    /// Reads: `@key:value` whose key is written as one but is not known.
    public static let unknownMetadata: Rule = Rule(
        id: "DP036", name: "unknown-metadata", severity: .warning, blocksFormatting: false,
        summary: "`@key:value` uses a known key",
        check: .reading { problem in
            // Only a key written like one (letters and dashes): `@12:30` stays a word of the title, unremarked.
            guard case .unknownKey(let key) = problem.kind, !key.isEmpty,
                  key.utf8.allSatisfy({ (0x61...0x7A).contains($0) || $0 == 0x2D }) else { return nil }
            let hint = ["deadline", "by", "until", "before", "duedate", "due-date", "deadline-date"].contains(key)
                ? " For a deadline, write `@due:YYYY-MM-DD` (it never drops the task)." : ""
            return "Unknown metadata key `@\(key):`; the keys are `@due:`, `@on:`, `@every:`, `@expires:` and `@from:` (and the flags `@carry`, `@sticky`, `@expired`).\(hint)"
        })
}
