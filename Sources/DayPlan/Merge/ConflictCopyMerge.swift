/// A sync tool's conflict copy merged into its day file, task by task: `dayplan resolve` in library form.
///
/// With a common ancestor (git's last committed version of the day) it is `DayMerge`'s three-way merge, the day
/// file as ours and the copy as theirs. Without one it is a two-way merge by the same rules: the ancestor is taken
/// to be what both versions hold alike (their common lines), so that whatever only one side holds counts as added
/// by it and is kept; a task on both sides with two statuses keeps the more final one (done beats open); nothing
/// is dropped. Each decision is named in `decisions`.
public enum ConflictCopyMerge {
    /// What merging a copy gave: the merge itself, and one line per decision a person should hear about.
    public struct Result: Sendable {
        /// The merged day file (with conflict markers where a person must decide), and how it was merged.
        public let merge: MergeResult
        /// Each task the copy brought in, changed or removed, and each notice of the merge, in file order.
        public let decisions: [String]
        /// Whether there was no common ancestor (a two-way merge).
        public let isTwoWay: Bool
    }

    /// Merges `copy` into `dayFile`, against `base` (nil: two-way). `fileName` is the day file's name, for the
    /// merge's check that it is a day file.
    public static func merge(dayFile: [UInt8], copy: [UInt8], base: [UInt8]?, fileName: String) -> Result {
        let ancestor = base ?? commonLines(dayFile, copy)
        let merged = DayMerge.merge(base: ancestor, ours: dayFile, theirs: copy, fileName: fileName)
        guard merged.method == .byTask, merged.isClean else {
            return Result(merge: merged, decisions: merged.notices, isTwoWay: base == nil)
        }
        return Result(merge: merged, decisions: decisions(dayFile: dayFile, copy: copy, merged: merged.bytes) + merged.notices,
                      isTwoWay: base == nil)
    }

    /// The lines both versions hold, in order (a longest common subsequence): the ancestor of a two-way merge.
    static func commonLines(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        }
        let x = lines(a), y = lines(b)
        var numbering = Numbering<ArraySlice<UInt8>>()
        let xs = x.map { numbering.number($0) }, ys = y.map { numbering.number($0) }
        let matched = Diff3.matches(xs, ys)
        var common: [UInt8] = []
        for (index, match) in matched.enumerated() where match >= 0 {
            common += x[index]
            if index < x.count - 1 { common.append(UInt8(ascii: "\n")) }
        }
        return common
    }

    /// One line per task the merge took from the copy or removed, against the day file as it was.
    static func decisions(dayFile: [UInt8], copy: [UInt8], merged: [UInt8]) -> [String] {
        let ours = numbered(DayDocument(parsing: dayFile)), theirs = numbered(DayDocument(parsing: copy))
        let result = numbered(DayDocument(parsing: merged))
        var lines: [String] = []
        for (key, task) in result {
            let name = "“\(task.title)”"
            let inOurs = ours.first { $0.key == key }?.task, inTheirs = theirs.first { $0.key == key }?.task
            switch (inOurs, inTheirs) {
            case (nil, _?):
                lines.append("\(name): added from the copy")
            case (let day?, let other?) where day.status != other.status:
                let kept = task.status == day.status ? "the day file's" : "the copy's"
                lines.append("\(name): [\(day.status.mark)] in the day file, [\(other.status.mark)] in the copy: kept \(kept) "
                             + "[\(task.status.mark)] (the more final status wins)")
            case (let day?, _) where day != task:
                lines.append("\(name): the copy's changes to it taken (its notes, bucket or metadata)")
            default:
                break
            }
        }
        for (key, task) in ours where !result.contains(where: { $0.key == key }) {
            lines.append("“\(task.title)”: removed, as the copy removed it and the day file had not changed it since the last commit")
        }
        return lines
    }

    /// A document's region tasks, each with a key: its title and which of that title it is (the second “Call Ana”).
    private static func numbered(_ document: DayDocument) -> [(key: String, task: PlanTask)] {
        var seen: [String: Int] = [:]
        return document.allTasks.map { task in
            let n = seen[task.title, default: 0]
            seen[task.title] = n + 1
            return ("\(n) \(task.title)", task)
        }
    }
}
