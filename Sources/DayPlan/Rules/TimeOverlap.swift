extension Rule {
    /// Two timed tasks overlap, or a timed task overlaps a calendar event.
    ///
    /// Reads: the document and the day's calendar events (`DayHours.events`, when the settings name calendars):
    /// the tasks that take time (open: to do, in progress) in Morning, Afternoon and Evening with a time; each
    /// overlap is one finding, at the later task in the file.
    public static let timeOverlap: Rule = Rule(
        id: "DP061", name: "time-overlap", severity: .warning, blocksFormatting: false,
        summary: "timed tasks overlap neither each other nor the day's calendar events",
        check: .document { subject, findings in
            var earlier: [(task: PlanTask, minutes: Range<Int>)] = []
            let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
            for section in subject.document.sections {
                guard let region = section.region, region.isLimited else { continue }
                for case .task(let task) in section.items where task.takesTime {
                    guard let minutes = task.plannedMinutes else { continue }
                    // The task as its findings name it, made once for all of them.
                    var named: String?
                    func report(_ other: String) {
                        let name = named ?? "“\(task.titleAfterTime)” at \(task.plannedTimeText)"
                        named = name
                        findings.append(Diagnostic(.timeOverlap, from: task.source?.start ?? nowhere, to: task.source?.end ?? nowhere,
                                                   "\(name) overlaps \(other); change one of the times"))
                    }
                    for other in earlier where minutesOverlap(minutes, other.minutes) {
                        report("“\(other.task.titleAfterTime)” at \(other.task.plannedTimeText)" + (other.task.line > 0 ? " (line \(other.task.line))" : ""))
                    }
                    for busy in subject.busy where minutesOverlap(minutes, busy.minutes) {
                        report(busy.named)
                    }
                    earlier.append((task, minutes))
                }
            }
        })
}
