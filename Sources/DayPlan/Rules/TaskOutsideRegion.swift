extension Rule {
    /// An open task stands where dayplan does not read tasks (before any region, under a heading that is not
    /// a region, in a quote): it is not counted, and rollover would leave it behind.
    ///
    /// Reads: An open checklist line that dayplan does not read as a task (outside the regions, in a quote, after a lone CR).
    public static let taskOutsideRegion: Rule = Rule(
        id: "DP020", name: "task-outside-region", severity: .error, blocksFormatting: false, leavesTaskBehind: true,
        summary: "every open task stands in a region",
        check: .reading { problem in
            guard case .checkboxNotATask(let status, let place) = problem.kind, status.isOpen else { return nil }
            if case .afterLoneCR = place {
                return "This open task \(Rule.afterLoneCR); the 1-3-5 rule does not count it and rollover does not carry it. Save the file with LF line endings."
            }
            return "This open task stands \(Rule.words(place)), so the 1-3-5 rule does not count it and rollover will not carry it; move it under a region heading (Morning, Afternoon, Evening or Backlog)."
        })
}

extension Rule {
    /// Where a checklist line that is not read as a task stands, in words (for DP020 and DP024).
    static func words(_ place: ReadingProblem.Place) -> String {
        switch place {
        case .beforeRegions: "before any region"
        case .underHeading(let heading): "under `\(heading.isEmpty ? "##" : "## " + heading)`, which is not a region"
        case .inQuote: "inside a quote (`>`), where dayplan does not read tasks"
        case .afterLoneCR: "after a lone carriage return (CR)"
        }
    }

    /// Why a checklist line after a lone CR is not a task (for DP020 and DP024): Markdown ends a line at a lone
    /// CR, a day file only at LF or CRLF (FORMAT §1).
    static let afterLoneCR = "follows a lone carriage return (CR): Markdown ends a line there, but a day file ends its lines only with LF or CRLF, so dayplan reads it as part of the line before, not as a task"
}
