extension Rule {
    /// The day heading holds no real `YYYY-MM-DD` date; the day comes from the file name.
    ///
    /// Reads: A day heading with no date in it.
    public static let badDayHeading: Rule = Rule(
        id: "DP011", name: "bad-day-heading", severity: .warning, blocksFormatting: false,
        summary: "the day heading holds a real date written YYYY-MM-DD",
        check: .reading { problem in
            guard case .dayHeadingWithoutDate(let heading) = problem.kind else { return nil }
            return "The day heading `\(heading)` holds no date, so the day comes from the file name; write the date as `YYYY-MM-DD` in it (other words may stay)."
        })
}
