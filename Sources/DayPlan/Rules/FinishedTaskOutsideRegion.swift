extension Rule {
    /// A done, moved or cancelled task stands outside any region: it is not part of the day's plan.
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

extension Rule {
    /// One finding of `finishedTaskOutsideRegion` per place, not per box: a note with twenty done checkboxes under
    /// `## Todo` gets one warning there, naming how many and their lines (first contact with a vault was
    /// a warning per done box). The first box's finding stands for the others of its section.
    static func collapseFinishedOutsideRegions(_ findings: inout [Diagnostic], in document: DayDocument) {
        let boxes = findings.indices.filter { findings[$0].rule == .finishedTaskOutsideRegion }
        guard boxes.count > 1 else { return }
        let headings = document.sections.map(\.headingLine).filter { $0 > 0 }.sorted()
        /// The heading above a line (0 before the first): boxes under one heading are one place.
        func place(_ line: Int) -> Int { headings.last { $0 <= line } ?? 0 }
        var groups: [Int: [Int]] = [:]
        for index in boxes { groups[place(findings[index].start.line), default: []].append(index) }
        var dropped = Set<Int>()
        for (heading, members) in groups where members.count > 1 {
            let first = findings[members[0]]
            let lines = members.map { String(findings[$0].start.line) }
            let section = document.sections.first { $0.headingLine == heading }
            let where_ = section.map { "under `## \($0.headingText)`, which is not a region" } ?? "outside the day's regions"
            findings[members[0]] = Diagnostic(first.rule, from: first.start, to: first.end,
                "\(members.count) finished checkboxes (lines \(lines.joined(separator: ", "))) stand \(where_), "
                + "so they are not part of the day's plan; move them under a region heading to count them.")
            dropped.formUnion(members.dropFirst())
        }
        findings = findings.indices.filter { !dropped.contains($0) }.map { findings[$0] }
    }
}

