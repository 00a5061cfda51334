extension Rule {
    /// A second level-1 heading.
    ///
    /// Reads: Each `#` heading after the first.
    public static let extraDayHeading: Rule = Rule(
        id: "DP013", name: "extra-day-heading", severity: .warning, blocksFormatting: false,
        summary: "a day file has one level-1 heading",
        check: .reading { problem in
            guard case .secondDayHeading = problem.kind else { return nil }
            return "A second level-1 heading; a day file has one. Make it `###` or plain text."
        })
}
