/// One version of a day file read for a merge: parsed, in canonical form (so that layout alone never
/// differs between versions), or the error that keeps it from being merged task by task.
struct MergeVersion: Sendable {
    /// The version parsed in canonical form.
    let document: DayDocument
    /// The first error that makes its plan a guess, if any: the file is then merged line by line.
    let blocker: Diagnostic?
    /// The version as written and its canonical form, when the two differ (`MergeLayout` puts its layout back).
    var layout: (written: [UInt8], canonical: [UInt8])?

    /// Reads one version of a day file.
    init(_ bytes: [UInt8]) {
        var side = MergeSide(expected: bytes.count / 40)
        var (document, isCanonical) = DayDocument.parsingCheckingCanonical(bytes) { side.add($0, $1) }
        blocker = document.formattingBlockers.first
        guard blocker == nil else {
            self.document = document
            return
        }
        if !isCanonical, case let canonical = document.canonicalBytes(), !sameBytes(canonical, bytes) {
            layout = (bytes, canonical)
            side = MergeSide(expected: canonical.count / 40)
            document = DayDocument.parsingCheckingCanonical(canonical) { side.add($0, $1) }.document
        }
        side.groupByRegion()
        self.document = document
        self.side = side
    }

    /// The tasks of its regions, with what numbering their titles takes (read with the version, so that a
    /// caller reading the versions at once does this at once too).
    var side = MergeSide()
}

/// One version's tasks region by region, in file order within each: each task, its region and the hash of
/// its title (`PlanTask.identityHash`); `identities`, the number of each title, are given when the three
/// versions meet.
struct MergeSide: Sendable {
    var tasks: [PlanTask] = []
    var regions: [Region] = []
    var titleHashes: [Int] = []
    var identities: [Int] = []

    init() {}

    /// Room for `expected` tasks, an estimate that grows if passed (room never written to costs no memory).
    init(expected: Int) {
        tasks.reserveCapacity(expected)
        regions.reserveCapacity(expected)
        titleHashes.reserveCapacity(expected)
    }

    /// A task as the parser reads it, with its region; one outside the regions is not merged as a task.
    mutating func add(_ task: PlanTask, _ region: Region?) {
        guard let region else { return }
        titleHashes.append(PlanTask.identityHash(task.identity))
        tasks.append(task)
        regions.append(region)
    }

    /// Puts the tasks in region order, keeping file order within a region. A canonical file has them so
    /// already, each region once and in order; this is for what else a caller may hand in.
    mutating func groupByRegion() {
        guard zip(regions, regions.dropFirst()).contains(where: { $0.0 > $0.1 }) else { return }
        let order = regions.indices.sorted { regions[$0] != regions[$1] ? regions[$0] < regions[$1] : $0 < $1 }
        tasks = order.map { tasks[$0] }
        regions = order.map { regions[$0] }
        titleHashes = order.map { titleHashes[$0] }
    }

    /// The task at `index` and its region.
    func placed(_ index: Int) -> TaskMerge.Placed { TaskMerge.Placed(task: tasks[index], region: regions[index]) }
}
