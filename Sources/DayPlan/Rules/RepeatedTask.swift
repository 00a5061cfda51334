extension Rule {
    /// An open task written a second time, word for word, in the same region: two tasks, as the person may
    /// mean (a pomodoro box each), or a slip. Both are kept and counted; the finding only asks.
    ///
    /// Reads: the document's open tasks, each with the first one of the same line (bucket, status and title).
    public static let repeatedTask: Rule = Rule(
        id: "DP025", name: "repeated-task", severity: .warning, blocksFormatting: false,
        summary: "an open task is written once per region, unless it is meant twice",
        check: .document { subject, findings in
            // Keyed by region, bucket, status and title; the whole line is compared only when those meet.
            var first: [String: PlanTask] = [:]
            for placed in subject.document.placedTasks where placed.task.status.isOpen && !placed.task.title.isEmpty {
                let task = placed.task
                let key = "\(placed.region.rawValue)\(task.bucket.bullet)\(task.status.mark)\(task.title)"
                guard let earlier = first[key] else {
                    first[key] = task
                    continue
                }
                guard let source = task.source, earlier.canonicalLine == task.canonicalLine else { continue }
                findings.append(Diagnostic(.repeatedTask, from: source.start, to: source.end,
                                           "The same task as line \(earlier.line): both are kept, and rollover carries both. "
                                           + "If one is a slip, remove it."))
            }
        })
}
