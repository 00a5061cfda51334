extension Rule {
    /// No level-1 heading names the day; the day comes from the file name.
    ///
    /// Reads: A file read as text with no `#` heading (a plan folder's own files are exempt: `Linter`).
    public static let missingDayHeading: Rule = Rule(
        id: "DP010", name: "missing-day-heading", severity: .warning, blocksFormatting: false,
        summary: "a day file starts with a `# YYYY-MM-DD` heading",
        check: .reading { problem in
            guard case .noDayHeading = problem.kind else { return nil }
            return "No day heading, so the day comes from the file name; start the file with `# YYYY-MM-DD` to say it in the file."
        })
}
