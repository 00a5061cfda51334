/// The merge of two sides whose changes of the common ancestor are separate, line by line, as they are read
/// by `ChangedLines`: the ancestor's lines with both sides' changed lines put in.
///
/// Separate means that the task merge (`Merger`) gives that same file by its rules:
/// - no task is touched by both sides (by title, or by its words without `#tags`), but tasks both changed
///   in place, which are merged field by field as the task merge does it and must stay where they stand,
///   with no conflict, nothing to say and one side's notes;
/// - neither side moves a task (removes it and adds it again), adds a title twice or adds one the ancestor
///   holds, and the ancestor's titles are all different;
/// - no 1-3-5 limit is exceeded that neither side exceeded;
/// - where a side adds or removes lines, the other side's additions and removals stand at least a line
///   away, or both only add tasks at the same place (ours first, as the task merge puts them). Tasks
///   changed in place (each task's line for one of the same title) may stand next to anything.
/// Anything else is merged task by task.
enum SeparateChanges {
    /// The merged file, or nil when the changes are not separate.
    static func merge(_ ancestor: ChangedLines, ours: ChangedLines.Changes, _ oursBytes: [UInt8],
                      theirs: ChangedLines.Changes, _ theirsBytes: [UInt8], memo: TaskLineMemo) -> [UInt8]? {
        let base = ancestor.base
        guard !base.document.isEmptyDay else { return nil }
        var titles = IntegerSet(expected: base.side.titleHashes.count)
        for hash in base.side.titleHashes { guard titles.insert(hash) else { return nil } }
        guard let o = touched(by: ours, in: base, titles: titles), let t = touched(by: theirs, in: base, titles: titles) else { return nil }

        // A task both sides changed in place is merged field by field, as the task merge does it; it must
        // stay where it is, with no conflict and nothing to say.
        // Both lists are in file order: walked side by side.
        var both: [(index: Int, task: PlanTask)] = []
        var k = 0
        for (index, theirsTask) in t.inPlaceTasks {
            while k < o.inPlaceTasks.count, o.inPlaceTasks[k].index < index { k += 1 }
            guard k < o.inPlaceTasks.count, o.inPlaceTasks[k].index == index else { continue }
            guard let task = mergedInPlace(base.side.tasks[index], o.inPlaceTasks[k].task, theirsTask, region: base.side.regions[index])
            else { return nil }
            both.append((index, task))
        }
        var shared = IntegerSet(expected: both.count)
        for (index, _) in both { _ = shared.insert(index) }
        // Else no task is touched by both sides, by title or by its words without tags.
        func apart(_ a: [(index: Int, hash: Int)], _ b: [(index: Int, hash: Int)]) -> Bool {
            var set = IntegerSet(expected: a.count)
            for (index, hash) in a where index < 0 || !shared.contains(index) { _ = set.insert(hash) }
            return !b.contains { (index, hash) in (index < 0 || !shared.contains(index)) && set.contains(hash) }
        }
        guard apart(o.identities, t.identities), apart(o.words, t.words),
              withinLimits(base, ours, theirs, both: both, shared: shared) else { return nil }

        // Where each change stands in the ancestor, in file order: at one place, an addition before a change
        // of what stands there, and ours before theirs. A task both sides changed in place is one stretch,
        // its lines and notes in the ancestor replaced with the merged task's.
        struct Stretch {
            var removed: Range<Int>
            var side: Int
            var inPlace: Bool
            var added: Range<Int> = 0..<0
            var printed: [UInt8] = []
            /// Whether it only adds tasks (two sides may both do that at one place).
            var addsTasksOnly = false
        }
        var stretches: [Stretch] = []
        for (side, changes, inPlace) in [(0, ours, o.inPlace), (1, theirs, t.inPlace)] {
            for (change, isInPlace) in zip(changes.list, inPlace) where !(isInPlace && shared.contains(change.sideRange.lowerBound)) {
                stretches.append(Stretch(removed: change.removed, side: side, inPlace: isInPlace, added: change.added,
                                         addsTasksOnly: change.removed.isEmpty && change.texts.isEmpty && !change.tasks.isEmpty))
            }
        }
        for (index, task) in both {
            var printer = Printer(lineEnding: .lf, capacity: 128)
            var started = false
            printer.item(.task(task), started: &started)
            // The one line not taken from a side as it stands: it must read back as the task merged.
            let line = printer.output.prefix { $0 != UInt8(ascii: "\n") }
            guard let (read, _) = Array(line).withUnsafeBufferPointer({ DayDocument.canonicalTask(onLine: $0, memo: memo) }),
                  read.bucket == task.bucket, read.status == task.status, read.title == task.title, read.metadata == task.metadata
            else { return nil }
            stretches.append(Stretch(removed: ancestor.lines(ofTask: index), side: 2, inPlace: true, printed: printer.output))
        }
        stretches.sort { a, b in
            (a.removed.lowerBound, a.removed.isEmpty ? 0 : 1, a.side) < (b.removed.lowerBound, b.removed.isEmpty ? 0 : 1, b.side)
        }
        for (k, a) in stretches.enumerated() {
            for b in stretches[(k + 1)...] {
                // Sorted by where they start: one that starts past a's end and a line on is apart, and so is
                // every one after it.
                if b.removed.lowerBound > a.removed.upperBound { break }
                if a.inPlace || b.inPlace {
                    if a.removed.overlaps(b.removed) { return nil }
                } else if b.side != a.side, !(a.addsTasksOnly && b.addsTasksOnly && a.removed.lowerBound == b.removed.lowerBound) {
                    return nil
                }
            }
        }

        // The ancestor's lines, with each change's lines in place of those it removed.
        var output: [UInt8] = []
        output.reserveCapacity(oursBytes.count + theirsBytes.count - ancestor.bytes.count + 64)
        let starts = ancestor.lineStarts
        var at = 0
        for stretch in stretches {
            output += ancestor.bytes[starts[at]..<starts[stretch.removed.lowerBound]]
            switch stretch.side {
            case 0: output += oursBytes[ours.lineStarts[stretch.added.lowerBound]..<ours.lineStarts[stretch.added.upperBound]]
            case 1: output += theirsBytes[theirs.lineStarts[stretch.added.lowerBound]..<theirs.lineStarts[stretch.added.upperBound]]
            default: output += stretch.printed
            }
            at = stretch.removed.upperBound
        }
        output += ancestor.bytes[starts[at]...]
        return output
    }

    /// A task both sides changed in place, merged as the task merge merges it (`TaskMerge`), when that
    /// keeps it where it stands with nothing to say: no conflict, and not the case of a task one side
    /// finished and rollover moved on on the other (which the task merge names in a notice). Its notes must
    /// be one side's, whose lines are canonical as they stand.
    static func mergedInPlace(_ base: PlanTask, _ ours: PlanTask, _ theirs: PlanTask, region: Region) -> PlanTask? {
        guard case .kept(let task, let kept) = TaskMerge.merge(base: TaskMerge.Placed(task: base, region: region),
                                                              ours: TaskMerge.Placed(task: ours, region: region),
                                                              theirs: TaskMerge.Placed(task: theirs, region: region)),
              kept == region, task.notes == ours.notes || task.notes == theirs.notes else { return nil }
        let finished = { (status: Status) in status == .done || status == .cancelled }
        if base.status.isOpen, (ours.status == .deferred && finished(theirs.status)) || (theirs.status == .deferred && finished(ours.status)) {
            return nil
        }
        return task
    }

    /// What one side's changes touch: the titles and the words without tags of the tasks they remove or add
    /// (by hash, with the ancestor's index of a task changed in place, else -1), which changes are in place,
    /// and the tasks changed in place (by the ancestor's index). Nil when the side moves a task, adds one
    /// twice or adds a title the ancestor holds.
    static func touched(by changes: ChangedLines.Changes, in base: MergeVersion, titles: IntegerSet)
        -> (identities: [(index: Int, hash: Int)], words: [(index: Int, hash: Int)], inPlace: [Bool],
            inPlaceTasks: [(index: Int, task: PlanTask)])? {
        var identities: [(index: Int, hash: Int)] = [], words: [(index: Int, hash: Int)] = []
        var inPlace: [Bool] = [], inPlaceTasks: [(index: Int, task: PlanTask)] = []
        var removedTitles = IntegerSet(expected: 16), removedWords = IntegerSet(expected: 16)
        var addedTitles = IntegerSet(expected: 16), addedWords = IntegerSet(expected: 16)
        for change in changes.list {
            // Changed in place: one task's line for one of the same title (`ChangedLines` cuts changes so).
            let isInPlace = change.texts.isEmpty && change.tasks.count == 1 && change.sideRange.count == 1
                && PlanTask.sameIdentity(change.tasks[0].title, base.side.tasks[change.sideRange.lowerBound].title)
            inPlace.append(isInPlace)
            if isInPlace {
                let index = change.sideRange.lowerBound
                identities.append((index, base.side.titleHashes[index]))
                words.append((index, wordsHash(base.side.tasks[index].title)))
                inPlaceTasks.append((index, change.tasks[0]))
                continue
            }
            for k in change.sideRange {
                let word = wordsHash(base.side.tasks[k].title)
                identities.append((-1, base.side.titleHashes[k]))
                words.append((-1, word))
                _ = removedTitles.insert(base.side.titleHashes[k])
                _ = removedWords.insert(word)
            }
            for (k, task) in change.tasks.enumerated() {
                let title = change.titleHashes[k], word = wordsHash(task.title)
                identities.append((-1, title))
                words.append((-1, word))
                guard !titles.contains(title), addedTitles.insert(title), addedWords.insert(word) else { return nil }
            }
        }
        for word in addedWords.elements where removedWords.contains(word) { return nil }
        for title in addedTitles.elements where removedTitles.contains(title) { return nil }
        return (identities, words, inPlace, inPlaceTasks)
    }

    /// A hash of a title's words without `#tags` (`TaskMerge.untagged`), as the task merge matches titles
    /// that differ only in their tags.
    static func wordsHash(_ title: String) -> Int {
        PlanTask.identityHash(TaskMerge.untagged(title))
    }

    /// Whether the merged file leaves each bucket of each limited region within its limit, or one side alone
    /// exceeds it (the task merge then keeps what the sides hold). `both`: the tasks both sides changed in
    /// place, merged; `shared`, their indices.
    static func withinLimits(_ base: MergeVersion, _ ours: ChangedLines.Changes, _ theirs: ChangedLines.Changes,
                             both: [(index: Int, task: PlanTask)], shared: IntegerSet) -> Bool {
        let buckets = Bucket.allCases.count
        func slot(_ region: Region, _ bucket: Bucket) -> Int { region.rawValue * buckets + bucket.rawValue }
        var open = [Int](repeating: 0, count: Region.allCases.count * buckets)
        for k in base.side.tasks.indices where base.side.tasks[k].status.isOpen {
            open[slot(base.side.regions[k], base.side.tasks[k].bucket)] += 1
        }
        // What a side's changes add to the count, leaving out the tasks both changed.
        func delta(_ changes: ChangedLines.Changes, skipping: Bool) -> [Int] {
            var count = [Int](repeating: 0, count: open.count)
            for change in changes.list {
                if skipping, change.sideRange.count == 1, shared.contains(change.sideRange.lowerBound) { continue }
                for k in change.sideRange where base.side.tasks[k].status.isOpen {
                    count[slot(base.side.regions[k], base.side.tasks[k].bucket)] -= 1
                }
                guard let region = base.document.sections[change.section].region else { continue }
                for task in change.tasks where task.status.isOpen { count[slot(region, task.bucket)] += 1 }
            }
            return count
        }
        let o = delta(ours, skipping: false), t = delta(theirs, skipping: false)
        let oApart = delta(ours, skipping: true), tApart = delta(theirs, skipping: true)
        var merged = open
        for s in merged.indices { merged[s] += oApart[s] + tApart[s] }
        for (index, task) in both {
            if base.side.tasks[index].status.isOpen { merged[slot(base.side.regions[index], base.side.tasks[index].bucket)] -= 1 }
            if task.status.isOpen { merged[slot(base.side.regions[index], task.bucket)] += 1 }
        }
        for region in Region.allCases where region.isLimited {
            for bucket in Bucket.allCases {
                let s = slot(region, bucket)
                if merged[s] > bucket.limit, open[s] + o[s] <= bucket.limit, open[s] + t[s] <= bucket.limit { return false }
            }
        }
        return true
    }
}

/// A set of integers (hashes), open addressing: what the merge's shortcut asks of many titles at once,
/// without a `Set` of a type the process may not have used yet.
struct IntegerSet {
    private var slots: [Int]
    private var used: [Bool]
    /// The integers in it, in the order they came.
    private(set) var elements: [Int] = []

    /// Room for about `expected` integers before it grows.
    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 { capacity *= 2 }
        slots = [Int](repeating: 0, count: capacity)
        used = [Bool](repeating: false, count: capacity)
    }

    /// Adds `x`; false when it was there already.
    mutating func insert(_ x: Int) -> Bool {
        if (elements.count + 1) * 2 > slots.count {
            let old = elements
            self = IntegerSet(expected: slots.count)
            for y in old { _ = insert(y) }
        }
        var slot = Int(truncatingIfNeeded: UInt(bitPattern: x &* -0x61c8_8646_80b5_83eb) >> 7) & (slots.count - 1)
        while used[slot] {
            if slots[slot] == x { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        used[slot] = true
        slots[slot] = x
        elements.append(x)
        return true
    }

    /// Whether `x` is in it.
    func contains(_ x: Int) -> Bool {
        var slot = Int(truncatingIfNeeded: UInt(bitPattern: x &* -0x61c8_8646_80b5_83eb) >> 7) & (slots.count - 1)
        while used[slot] {
            if slots[slot] == x { return true }
            slot = (slot + 1) & (slots.count - 1)
        }
        return false
    }
}
