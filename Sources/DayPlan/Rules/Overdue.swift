extension Rule {
    /// An open task on today's plan whose `@due:` day has come or passed.
    ///
    /// Reads: the document, when it is today's plan (`Linter.Subject.isToday`).
    public static let overdue: Rule = Rule(
        id: "DP051", name: "overdue", severity: .warning, blocksFormatting: false,
        summary: "today's open tasks are not past their `@due:` day",
        check: .document { subject, findings in
            guard let today = subject.today, subject.isToday else { return }
            let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
            for task in subject.document.allTasks where isOverdue(task, on: today) {
                guard let due = task.metadata.due else { continue }
                let late = due.days(until: today)
                let when = late == 0 ? "is due today" : "was due on \(due), \(late) day\(late == 1 ? "" : "s") ago"
                findings.append(Diagnostic(.overdue, from: task.source?.start ?? nowhere, to: task.source?.end ?? nowhere,
                                           "\(task.title) \(when); do it, or move the deadline with `@due:`."))
            }
        })

    /// Whether `task` is open and its `@due:` day is `today` or before it.
    static func isOverdue(_ task: borrowing PlanTask, on today: Day) -> Bool {
        guard task.status.isOpen, let due = task.metadata.due else { return false }
        return due <= today
    }
}
