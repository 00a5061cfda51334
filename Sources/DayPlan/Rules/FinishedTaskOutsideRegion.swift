extension Rule {
    /// A done, moved-on or cancelled task stands outside any region: it is not part of the day's plan.
    ///
    /// Reads: A finished checklist line that dayplan does not read as a task.
    public static let finishedTaskOutsideRegion: Rule = Rule(
        id: "DP024", name: "finished-task-outside-region", severity: .warning, blocksFormatting: false,
        summary: "finished tasks stand in a region too",
        check: .reading { problem in
            guard case .checkboxNotATask(let status, let place) = problem.kind, !status.isOpen else { return nil }
            if case .afterLoneCR = place {
                return "This \(status) task \(Rule.afterLoneCR); it is not part of the day's plan. Save the file with LF line endings."
            }
            return "This \(status) task stands \(Rule.words(place)), so it is not part of the day's plan; move it under a region heading to count it."
        })
}
