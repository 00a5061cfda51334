extension Rule {
    /// A limited region holds more open tasks in a bucket than the bucket allows.
    ///
    /// Reads: the document; in each limited region, counted across all its sections, the open tasks of a bucket
    /// beyond its limit are each reported at their own line. Fix: move the task to the Backlog (never limited),
    /// or to a region with room in its bucket.
    public static let bucketLimit: Rule = Rule(
        id: "DP101", name: "bucket-limit", severity: .error, blocksFormatting: false,
        summary: "a limited region holds at most 1 must, 3 complementary and 5 misc open tasks",
        check: .document { subject, findings in
            for region in Region.allCases where region.isLimited {
                var open = [0, 0, 0]
                forEachOpenTask(in: region, of: subject.document) { open[$0.bucket.rawValue] += 1 }
                guard Bucket.allCases.contains(where: { open[$0.rawValue] > $0.limit }) else { continue }
                var seen = [0, 0, 0]
                forEachOpenTask(in: region, of: subject.document) { task in
                    let bucket = task.bucket
                    seen[bucket.rawValue] += 1
                    guard seen[bucket.rawValue] > bucket.limit else { return }
                    let count = open[bucket.rawValue]
                    let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
                    findings.append(Diagnostic(
                        .bucketLimit, from: task.source?.start ?? nowhere, to: task.source?.end ?? nowhere,
                        "\(region.name) has \(count) open \(bucket) task\(count == 1 ? "" : "s"); the limit is \(bucket.limit)"))
                }
            }
        },
        fix: { request in
            let editor = DayEditor(request.bytes)
            let line = request.line
            guard let placed = editor.task(at: line) else { return [] }
            var fixes: [QuickFix] = []
            if let edit = try? editor.move(taskAt: line, to: .backlog) {
                fixes.append(QuickFix(title: "Move “\(placed.task.title)” to the Backlog", edits: edit.edits, isPreferred: true))
            }
            for region in Region.allCases where region.isLimited && region != placed.region {
                if let edit = try? editor.move(taskAt: line, to: region) {
                    fixes.append(QuickFix(title: "Move “\(placed.task.title)” to \(region.name) (its \(placed.task.bucket) bucket has room)",
                                          edits: edit.edits, isPreferred: false))
                }
            }
            return fixes
        })

    /// Calls `body` with each open task of `region`, in file order, whichever of its sections it stands in.
    private static func forEachOpenTask(in region: Region, of document: DayDocument, _ body: (PlanTask) -> Void) {
        // By index: no section is copied.
        for index in document.sections.indices where document.sections[index].region == region {
            for case .task(let task) in document.sections[index].items where task.status.isOpen { body(task) }
        }
    }
}
