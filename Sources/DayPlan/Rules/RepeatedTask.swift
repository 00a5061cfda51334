extension Rule {
    /// An open task written a second time, word for word, in the same region: two tasks, as the person may
    /// mean (a pomodoro box each), or a slip. Both are kept and counted; the finding only asks.
    ///
    /// Reads: the document's open tasks and the open Backlog tasks lint's reading set aside
    /// (`Linter.Subject.setAside`), each with the first one of the same line (bucket, status and title).
    public static let repeatedTask: Rule = Rule(
        id: "DP025", name: "repeated-task", severity: .warning, blocksFormatting: false,
        summary: "an open task is written once per region, unless it is meant twice",
        check: .document { subject, findings in
            // The open tasks of the regions by the hash of their title (titles compared as `String` compares
            // them); only tasks whose hashes meet are looked at again, so that a day without a title written
            // twice costs a hash a task and one sort.
            let sections = subject.document.sections
            let setAside = subject.setAside?.entries ?? []
            var open: [OpenTask] = []
            open.reserveCapacity(sections.reduce(setAside.count) { $1.region == nil ? $0 : $0 + $1.items.count })
            for s in sections.indices where sections[s].region != nil {
                for i in sections[s].items.indices {
                    guard case .task(let task) = sections[s].items[i], task.status.isOpen, !task.title.isEmpty else { continue }
                    open.append(OpenTask(hash: PlanTask.identityHash(task.title), section: s,
                                         offset: task.source?.start.offset ?? 0, place: i))
                }
            }
            for (index, entry) in setAside.enumerated() {
                open.append(OpenTask(hash: entry.hash, section: Int(entry.section), offset: entry.offset, place: ~index))
            }
            // By hash, and in file order within a hash (a task made in code, with no offset, by its place).
            open.sort { ($0.hash, $0.section, $0.offset, $0.place) < ($1.hash, $1.section, $1.offset, $1.place) }
            var start = 0
            while start < open.count {
                var end = start + 1
                while end < open.count, open[end].hash == open[start].hash { end += 1 }
                if end - start > 1 { findRepeats(among: open[start..<end], in: subject, &findings) }
                start = end
            }
        })

    /// An open task of a region: its title's `PlanTask.identityHash` and where it is: the item `place` of its
    /// section, or, for a negative `place`, the entry `~place` of the tasks set aside (`SetAsideTasks`).
    private struct OpenTask {
        let hash: Int, section: Int, offset: Int, place: Int
    }

    /// The first task of its title, region, bucket and status among tasks whose titles share a hash. (A struct,
    /// not a tuple: an array of tuples has its type made at run time.)
    private struct KeptTask {
        let task: PlanTask, region: Region?
    }

    /// The repeated tasks among `tasks` (open tasks whose titles share a hash, in file order): a task whose
    /// title, region, bucket and status are those of one before it is compared with the first such task, and
    /// named when the two lines are the same.
    private static func findRepeats(among tasks: ArraySlice<OpenTask>, in subject: Linter.Subject, _ findings: inout [Diagnostic]) {
        let sections = subject.document.sections
        // The first task of each title, region, bucket and status.
        var kept: [KeptTask] = []
        /// The kept task that `task`, in `region`, repeats the title, bucket and status of, if any.
        func first(like task: PlanTask, in region: Region?) -> PlanTask? {
            kept.first { other in
                other.region == region && other.task.bucket == task.bucket && other.task.status == task.status
                    && PlanTask.sameIdentity(other.task.title, task.title)
            }?.task
        }
        // The two canonical lines compared, written into buffers kept from one comparison to the next.
        var earlierLine: [UInt8] = [], line: [UInt8] = []
        for place in tasks {
            let read: PlanTask?
            if place.place >= 0, case .task(let task) = sections[place.section].items[place.place] {
                read = task
            } else {
                read = place.place < 0 ? subject.setAside?.task(~place.place) : nil
            }
            guard let task = read else { continue }
            let region = sections[place.section].region
            guard let earlier = first(like: task, in: region) else {
                kept.append(KeptTask(task: task, region: region))
                continue
            }
            guard let source = task.source else { continue }
            earlierLine.removeAll(keepingCapacity: true)
            earlier.writeCanonicalLine(to: &earlierLine)
            line.removeAll(keepingCapacity: true)
            task.writeCanonicalLine(to: &line)
            // Compared as `String` compares them (canonically equivalent), bytes first.
            guard earlierLine.withUnsafeBufferPointer({ a in line.withUnsafeBufferPointer { b in PlanTask.sameIdentity(utf8: a, b) } })
            else { continue }
            findings.append(Diagnostic(.repeatedTask, from: source.start, to: source.end, """
                The same task as line \(earlier.line): both are kept, and rollover carries both. \
                If one is a slip, remove it.
                """))
        }
    }
}
