extension Rule {
    /// An open task written a second time, word for word, in the same region: two tasks, as the person may
    /// mean (a pomodoro box each), or a slip. Both are kept and counted; the finding only asks.
    ///
    /// Reads: the document's open tasks, each with the first one of the same line (bucket, status and title).
    public static let repeatedTask: Rule = Rule(
        id: "DP025", name: "repeated-task", severity: .warning, blocksFormatting: false,
        summary: "an open task is written once per region, unless it is meant twice",
        check: .document { subject, findings in
            // The open tasks of the regions by the hash of their title (titles compared as `String` compares
            // them); only tasks whose hashes meet are looked at again, so that a day without a title written
            // twice costs a hash a task and one sort.
            let sections = subject.document.sections
            var open: [OpenTask] = []
            open.reserveCapacity(sections.reduce(0) { $1.region == nil ? $0 : $0 + $1.items.count })
            for s in sections.indices where sections[s].region != nil {
                for i in sections[s].items.indices {
                    guard case .task(let task) = sections[s].items[i], task.status.isOpen, !task.title.isEmpty else { continue }
                    open.append(OpenTask(hash: PlanTask.identityHash(task.title), section: s, item: i))
                }
            }
            // By hash, and in file order within a hash.
            open.sort { ($0.hash, $0.section, $0.item) < ($1.hash, $1.section, $1.item) }
            var start = 0
            while start < open.count {
                var end = start + 1
                while end < open.count, open[end].hash == open[start].hash { end += 1 }
                if end - start > 1 { findRepeats(among: open[start..<end], in: sections, &findings) }
                start = end
            }
        })

    /// An open task of a region: its title's `PlanTask.identityHash` and where it is.
    private struct OpenTask {
        let hash: Int, section: Int, item: Int
    }

    /// The repeated tasks among `tasks` (open tasks whose titles share a hash, in file order): a task whose
    /// title, region, bucket and status are those of one before it is compared with the first such task, and
    /// named when the two lines are the same.
    private static func findRepeats(among tasks: ArraySlice<OpenTask>, in sections: [Section], _ findings: inout [Diagnostic]) {
        // The first task of each title, region, bucket and status, by where it is.
        var kept: [OpenTask] = []
        /// The kept task that `task`, in `region`, repeats the title, bucket and status of, if any.
        func first(like task: PlanTask, in region: Region?) -> PlanTask? {
            for place in kept where sections[place.section].region == region {
                if case .task(let other) = sections[place.section].items[place.item], other.bucket == task.bucket,
                   other.status == task.status, PlanTask.sameIdentity(other.title, task.title) { return other }
            }
            return nil
        }
        for place in tasks {
            guard case .task(let task) = sections[place.section].items[place.item] else { continue }
            guard let earlier = first(like: task, in: sections[place.section].region) else {
                kept.append(place)
                continue
            }
            guard let source = task.source, earlier.canonicalLine == task.canonicalLine else { continue }
            findings.append(Diagnostic(.repeatedTask, from: source.start, to: source.end,
                                       "The same task as line \(earlier.line): both are kept, and rollover carries both. "
                                       + "If one is a slip, remove it."))
        }
    }
}
