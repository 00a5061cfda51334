/// One version of a day file read for a merge: parsed, in canonical form (so that layout alone never
/// differs between versions), or the error that keeps it from being merged task by task.
struct MergeVersion: Sendable {
    /// The version parsed in canonical form.
    let document: DayDocument
    /// The first error that makes its plan a guess, if any: the file is then merged line by line.
    let blocker: Diagnostic?
    /// Whether the bytes read were canonical already, so that `document` was read from them as they stand
    /// (its tasks' positions are theirs).
    private(set) var wasCanonical = false

    /// Reads one version of a day file, its task lines through `memo` (shared with the other versions).
    init(_ bytes: [UInt8], memo: TaskLineMemo) {
        var side = MergeSide(expected: bytes.count / 40)
        var (document, isCanonical) = DayDocument.parsingCheckingCanonical(bytes, memo: memo) { side.add($0, $1, memo) }
        blocker = document.formattingBlockers.first
        guard blocker == nil else {
            self.document = document
            return
        }
        if !isCanonical, case let canonical = document.canonicalBytes(), !sameBytes(canonical, bytes) {
            side = MergeSide(expected: canonical.count / 40)
            document = DayDocument.parsingCheckingCanonical(canonical, memo: memo) { side.add($0, $1, memo) }.document
        } else {
            wasCanonical = true
        }
        side.groupByRegion()
        self.document = document
        self.side = side
    }

    /// A version made whole by its parts: `ChangedLines` makes one from the common ancestor's.
    init(document: DayDocument, side: MergeSide) {
        self.document = document
        blocker = nil
        wasCanonical = true
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
    /// For a version read as the common ancestor with lines changed (`ChangedLines`), the index in the
    /// ancestor's side of each task it holds unchanged, else -1; empty for a version read whole.
    var origins: [Int] = []

    init() {}

    /// Room for `expected` tasks, an estimate that grows if passed (room never written to costs no memory).
    init(expected: Int) {
        tasks.reserveCapacity(expected)
        regions.reserveCapacity(expected)
        titleHashes.reserveCapacity(expected)
    }

    /// A task as the parser reads it, with its region; one outside the regions is not merged as a task. Its
    /// title's hash comes from `memo` when its line was kept there (`TaskLineMemo.lastEntry`).
    mutating func add(_ task: PlanTask, _ region: Region?, _ memo: TaskLineMemo) {
        guard let region else { return }
        titleHashes.append(memo.lastEntry >= 0 ? memo.identityHash(memo.lastEntry) : PlanTask.identityHash(task.identity))
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
        if !origins.isEmpty { origins = order.map { origins[$0] } }
    }

    /// The task at `index` and its region.
    func placed(_ index: Int) -> TaskMerge.Placed { TaskMerge.Placed(task: tasks[index], region: regions[index]) }
}
