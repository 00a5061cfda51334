extension Rule {
    /// An open task written a second time, word for word, in the same region: two tasks, as the person may
    /// mean (a pomodoro box each), or a slip. Both are kept and counted; the finding only asks.
    ///
    /// Reads: the document's open tasks, each with the first one of the same line (bucket, status and title).
    public static let repeatedTask: Rule = Rule(
        id: "DP025", name: "repeated-task", severity: .warning, blocksFormatting: false,
        summary: "an open task is written once per region, unless it is meant twice",
        check: .document { subject, findings in
            // Keyed by region, bucket, status and title (numbered by identity, as `String` compares titles); the
            // whole line is compared only when those meet. For each title number, the first open task of that
            // title kept (its section and item), and after each kept task the next one of the same title.
            let sections = subject.document.sections
            var titles = TitleNumbers(expected: 16)
            var firstOfTitle: [Int] = []
            var keptSection: [Int] = [], keptItem: [Int] = [], nextOfTitle: [Int] = []
            for s in sections.indices {
                guard let region = sections[s].region else { continue }
                for i in sections[s].items.indices {
                    guard case .task(let task) = sections[s].items[i], task.status.isOpen, !task.title.isEmpty else { continue }
                    let number = titles.number(task.title)
                    if number == firstOfTitle.count { firstOfTitle.append(-1) }
                    // The first kept task of this title with the same region, bucket and status, if any.
                    var at = firstOfTitle[number], last = -1
                    var earlier: PlanTask?
                    while at >= 0 {
                        if sections[keptSection[at]].region == region, case .task(let other) = sections[keptSection[at]].items[keptItem[at]],
                           other.bucket == task.bucket, other.status == task.status {
                            earlier = other
                            break
                        }
                        last = at
                        at = nextOfTitle[at]
                    }
                    guard let earlier else {
                        keptSection.append(s)
                        keptItem.append(i)
                        nextOfTitle.append(-1)
                        if last >= 0 { nextOfTitle[last] = keptSection.count - 1 } else { firstOfTitle[number] = keptSection.count - 1 }
                        continue
                    }
                    guard let source = task.source, earlier.canonicalLine == task.canonicalLine else { continue }
                    findings.append(Diagnostic(.repeatedTask, from: source.start, to: source.end,
                                               "The same task as line \(earlier.line): both are kept, and rollover carries both. "
                                               + "If one is a slip, remove it."))
                }
            }
        })
}
