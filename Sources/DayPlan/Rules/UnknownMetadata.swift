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
            return "Unknown metadata key `@\(key):`; the keys are \(keyList).\(hint)"
        })

    /// The table's keys as the message lists them: those with a value, then the flags, each in the table's order.
    static let keyList: String = {
        func list(_ words: [String]) -> String {
            words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
        }
        let valued = MetadataKey.all.filter(\.takesValue).map { "`@\($0.name):`" }
        let flags = MetadataKey.all.filter { !$0.takesValue }.map { "`@\($0.name)`" }
        return list(valued) + " (and the flags " + flags.joined(separator: ", ") + ")"
    }()
}
