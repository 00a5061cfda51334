/// Merges two versions of a day file that both changed a common ancestor, task by task: `dayplan merge`,
/// the git merge driver, in library form (FORMAT.md, "Merging").
///
/// Tasks are matched by identity (the title, as rollover does; a title that differs only in its `#tags` is
/// the same task) and merged field by field; free text merges line by line. The result is canonical and
/// holds conflict markers only where a person must decide; without conflicts it is read back once before
/// it is given. A file that is not a day file, or a version that does not parse, is merged line by line
/// instead, as git would.
public enum DayMerge {
    /// Merges `ours` and `theirs`, both descended from `base` (empty when both sides added the file).
    /// `fileName` is the file's path, if known: a name that is not `YYYY-MM-DD.md` is merged line by line.
    /// What the merge read and made (the three versions parsed, each task's outcome) is handed to `keep`,
    /// which may keep it past the merge: `dayplan merge` exits right after, and need not free it.
    ///
    /// The three versions are read through `concurrently`, which runs work for each index below a count and
    /// returns when all of it has run. The library starts no thread: the default reads them one after another,
    /// and a caller with cores to spare passes one that spreads them (the command passes
    /// `DispatchQueue.concurrentPerform`).
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8], fileName: String? = nil,
                             keeping keep: (Any) -> Void = { _ in },
                             concurrently: (Int, @Sendable (Int) -> Void) -> Void = inTurn) -> MergeResult {
        if let fileName {
            let name = Day.fileName(ofPath: fileName)
            guard Day.isFileName(utf8: name.utf8) else { return byLine(base, ours, theirs, "\(name) is not a day file (YYYY-MM-DD.md)") }
        }
        let inputs = [base, ours, theirs]
        let read = ResultSlots<MergeVersion>(count: inputs.count)
        concurrently(inputs.count) { read.set($0, MergeVersion(inputs[$0])) }
        // A version the caller's `concurrently` left unread is read here.
        let versions = inputs.indices.map { read.take($0) ?? MergeVersion(inputs[$0]) }
        keep(versions)
        for (side, version) in zip(["the common ancestor", "our side", "their side"], versions) {
            if let blocker = version.blocker {
                return byLine(base, ours, theirs, "\(side) has an error at line \(blocker.start.line) that makes its plan a guess [\(blocker.rule)]")
            }
        }
        let documents = versions.map(\.document)
        if documents[1].isEmptyDay || documents[2].isEmptyDay {
            return byLine(base, ours, theirs, "one side plans nothing yet (an empty day)")
        }
        var merger = Merger(versions)
        let merged = merger.run()
        let bytes = merged.canonicalBytes()
        defer { keep((merger, merged)) }
        if merger.conflicts.isEmpty, let problem = merger.check(bytes, merged: merged) {
            return byLine(base, ours, theirs, "merging task by task gave a file that \(problem)")
        }
        let reasons = merger.conflicts
        // The sides' own layout where the merge kept their lines; canonical where it changed them.
        let written = reasons.isEmpty ? MergeLayout.restore(bytes, sides: [versions[1], versions[2]]) : bytes
        // Without a conflict block the file holds no marker: every side parsed without one.
        return MergeResult(bytes: written, conflicts: reasons.isEmpty ? [] : conflicts(in: bytes) { $0 < reasons.count ? reasons[$0] : "both sides changed these lines differently" },
                           notices: merger.notices,
                           method: .byTask)
    }

    /// Runs `work` for each index below `count`, one after another: `merge`'s default way of reading its versions.
    public static func inTurn(_ count: Int, _ work: @Sendable (Int) -> Void) {
        for index in 0..<count { work(index) }
    }

    /// Whether `bytes`, printed from `merged`, read back as it: they parse with nothing that blocks
    /// formatting, are canonical, and hold `merged`'s region tasks in order (the same region, bucket, status
    /// and title identity). A description of the problem, or nil. One reading, each task compared as it comes.
    static func readsBack(_ bytes: [UInt8], as merged: DayDocument) -> String? {
        // Both have one section per region, in canonical order, so their tasks pair up in file order.
        var meant = merged.placedTasks.makeIterator()
        var differs = false
        func compare(_ task: PlanTask, _ region: Region?) {
            guard let region, !differs else { return }
            guard let x = meant.next(), x.region == region, x.task.bucket == task.bucket, x.task.status == task.status,
                  PlanTask.sameIdentity(x.task.title, task.title) else { return differs = true }
        }
        // Compared with its canonical form as it is read, keeping no line: a merge prints canonically, so the
        // file is found canonical that way unless something is wrong, and only then is it read whole.
        if let blockers = DayDocument.blockersIfCanonical(bytes, handingOnEachTask: compare) {
            if let blocker = blockers.first { return "does not parse (\(blocker.rule), line \(blocker.start.line))" }
        } else {
            meant = merged.placedTasks.makeIterator()
            differs = false
            let (document, isCanonical) = DayDocument.parsingCheckingCanonical(bytes, handingOnEachTask: compare)
            if let blocker = document.formattingBlockers.first { return "does not parse (\(blocker.rule), line \(blocker.start.line))" }
            if !isCanonical, !sameBytes(document.canonicalBytes(), bytes) { return "is not canonical" }
        }
        return differs || meant.next() != nil ? "does not hold the merged tasks" : nil
    }

    /// The line-by-line merge, for what cannot be merged task by task.
    static func byLine(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8], _ reason: String) -> MergeResult {
        let (bytes, _) = TextMerge.merge(base: base, ours: ours, theirs: theirs)
        return MergeResult(bytes: bytes, conflicts: conflicts(in: bytes) { _ in "both sides changed these lines differently" },
                           notices: [], method: .byLine(reason: reason))
    }

    /// The conflicts of a merged file: each `<<<<<<< ours` line, with its reason, in order.
    static func conflicts(in bytes: [UInt8], reason: (Int) -> String) -> [MergeConflict] {
        var found: [MergeConflict] = []
        let marker = Array("<<<<<<< \(TextMerge.oursLabel)".utf8)
        for (number, line) in TextMerge.lines(bytes).enumerated() {
            var text = line
            while let last = text.last, last == 0x0A || last == 0x0D { text.removeLast() }
            if text.elementsEqual(marker) {
                found.append(MergeConflict(line: number + 1, reason: reason(found.count)))
            }
        }
        return found
    }
}

/// The merge of one day file's three parsed versions, each in canonical form.
struct Merger {
    let base: DayDocument, ours: DayDocument, theirs: DayDocument
    /// Why each conflict block was written, in file order.
    var conflicts: [String] = []
    var notices: [String] = []

    /// One stretch of a region as merged: a task (by key), a line, or free text both sides changed.
    enum Placed: Hashable {
        case task(Int)
        case item(Item)
        case textConflict(ours: [Item], theirs: [Item])

        /// Whether it is a task.
        var isTask: Bool { if case .task = self { true } else { false } }
    }

    /// The tasks of the common ancestor, ours and theirs; their keys (shared by the versions of one task: a
    /// base task's index, else a number after those, `matchTasks`); and what became of each task, by key.
    var sides: [MergeSide] = []
    var keys: [[Int]] = []
    var outcomes: [TaskMerge.Outcome?] = []
    /// Keys in the order a missing task is placed: ours first, then theirs.
    var order: [Int] = []
    /// The number of each title met so far, shared by the three versions (a task's identity is its title).
    var identityNumbers = TitleNumbers(expected: 0)
    /// How many times each key's task was placed in the merged document (`items`), for the check.
    var placedCounts: [Int] = []
    /// The lines other than tasks met in regions, numbered for diff3 as negative codes (`mergeRegion`).
    var itemNumbers = Numbering<Item>()

    /// The merge of the three versions, in order: the common ancestor, ours, theirs.
    init(_ versions: [MergeVersion]) {
        base = versions[0].document
        ours = versions[1].document
        theirs = versions[2].document
        sides = versions.map(\.side)
    }

    // MARK: - The whole file

    mutating func run() -> DayDocument {
        matchTasks()
        decideTasks()
        var document = DayDocument(frontMatter: [], leading: [], day: ours.day, dayHeadingLine: nil, preamble: [],
                                   sections: [], lineEnding: ours.lineEnding, diagnostics: [])
        document.dayHeadingLine = ours.dayHeadingLine ?? theirs.dayHeadingLine
        document.frontMatter = mergeLines(base.frontMatter, ours.frontMatter, theirs.frontMatter)
        document.leading = mergeItems(base.leading, ours.leading, theirs.leading)
        switch TaskMerge.pick(base.dayHeadingText, ours.dayHeadingText, theirs.dayHeadingText) {
        case .some(let text):
            document.dayHeadingText = text
            document.day = text == ours.dayHeadingText ? ours.day : theirs.day
        case .none:
            document.leading += block(ours: ["# " + (ours.dayHeadingText ?? "")], theirs: ["# " + (theirs.dayHeadingText ?? "")],
                                      "the day heading was changed differently on both sides")
            document.dayHeadingText = nil
            document.day = nil
        }
        document.preamble = mergeItems(base.preamble, ours.preamble, theirs.preamble)

        // By region, each at its raw value.
        var placed = Region.allCases.map { mergeRegion($0) }
        placeMissing(&placed)
        keepLimits(&placed)
        var sections: [Section] = []
        for region in Region.allCases {
            var section = heading(of: region)
            let elements = placed[region.rawValue]
            section.items.reserveCapacity(elements.count)
            for element in elements {
                // A kept task, most elements, goes in without an array of its own.
                if case .task(let key) = element, case .kept(let task, _)? = outcomes[key] {
                    placedCounts[key] += 1
                    section.items.append(.task(task))
                } else {
                    section.items += items(element)
                }
            }
            sections.append(section)
        }
        let (others, loose) = mergeOtherSections()
        sections[Region.backlog.rawValue].items += loose
        // Each other section where the sides have it: before the regions, or after the region it follows.
        document.sections = others.filter { $0.after == nil }.map(\.section)
        for section in sections {
            document.sections.append(section)
            document.sections += others.filter { $0.after == section.region }.map(\.section)
        }
        return document
    }

    /// Whether the merged file (without conflicts) is what the merge meant: each kept task placed once in
    /// `merged`, and the file reads back as `merged` (`DayMerge.readsBack(_:as:)`). A description of the
    /// problem, or nil.
    func check(_ bytes: [UInt8], merged: DayDocument) -> String? {
        for (key, outcome) in outcomes.enumerated() {
            let kept = if case .kept? = outcome { 1 } else { 0 }
            if placedCounts[key] != kept { return "does not hold the merged tasks" }
        }
        return DayMerge.readsBack(bytes, as: merged)
    }

    // MARK: - Tasks

    /// Gives the versions of each task one key: a base task's key is its place in the base; a task one side
    /// added, the next key after those (ours first, in file order, then theirs); a task both sides added,
    /// that of our version. Keys are dense, so that what is kept by key takes no room for keys unused.
    mutating func matchTasks() {
        identityNumbers = TitleNumbers(expected: base.sourceByteCount / 24 + 64)
        for s in sides.indices {
            let side = sides[s]
            sides[s].identities = side.tasks.indices.map { index in
                identityNumbers.number(side.tasks[index].identity, hash: side.titleHashes[index])
            }
        }
        let baseKeys = Array(sides[0].tasks.indices)
        let oursToBase = match(sides[1], Array(sides[1].tasks.indices), sides[0], baseKeys)
        let theirsToBase = match(sides[2], Array(sides[2].tasks.indices), sides[0], baseKeys)
        var nextKey = baseKeys.count
        let oursKeys = sides[1].tasks.indices.map { index in
            if let key = oursToBase[index] { return key }
            defer { nextKey += 1 }
            return nextKey
        }
        var theirsKeys = sides[2].tasks.indices.map { index in theirsToBase[index] ?? -1 }
        // What both sides added: matched with each other the same way.
        let newOurs = sides[1].tasks.indices.filter { oursToBase[$0] == nil }
        let newTheirs = sides[2].tasks.indices.filter { theirsToBase[$0] == nil }
        let theirsToOurs = match(sides[2], newTheirs, sides[1], newOurs)
        for (position, index) in newTheirs.enumerated() {
            if let matched = theirsToOurs[position] {
                theirsKeys[index] = oursKeys[newOurs[matched]]
            } else {
                theirsKeys[index] = nextKey
                nextKey += 1
            }
        }
        keys = [baseKeys, oursKeys, theirsKeys]
        var seen = [Bool](repeating: false, count: nextKey)
        for key in oursKeys + theirsKeys + baseKeys where !seen[key] {
            seen[key] = true
            order.append(key)
        }
        // Filled in place, with no value copied in.
        outcomes = [TaskMerge.Outcome?](unsafeUninitializedCapacity: seen.count) { slots, count in
            slots.initialize(repeating: nil)
            count = slots.count
        }
        placedCounts = [Int](repeating: 0, count: seen.count)
    }

    /// For each of the tasks of `side` at `indices`, the position in `referenceIndices` of the task of
    /// `reference` it is: the same identity (the n-th task of a title is the n-th of that title), else the
    /// same title but for `#tags`; nil when none is.
    func match(_ side: MergeSide, _ indices: [Int], _ reference: MergeSide, _ referenceIndices: [Int]) -> [Int?] {
        var result = [Int?](repeating: nil, count: indices.count)
        var claimed = [Bool](repeating: false, count: referenceIndices.count)
        // The first unclaimed reference task of each identity, and after each the next one of the same.
        var first = [Int](repeating: -1, count: identityNumbers.count)
        var next = [Int](repeating: -1, count: referenceIndices.count)
        for (position, index) in referenceIndices.enumerated().reversed() {
            let identity = reference.identities[index]
            next[position] = first[identity]
            first[identity] = position
        }
        for (position, index) in indices.enumerated() {
            let identity = side.identities[index]
            let found = first[identity]
            if found >= 0 {
                result[position] = found
                claimed[found] = true
                first[identity] = next[found]
            }
        }
        // The unclaimed reference tasks by their title's words (numbered), the last one first.
        var words = Numbering<String>()
        var byWords: [[Int]] = []
        for (position, index) in referenceIndices.enumerated().reversed() where !claimed[position] {
            let untagged = TaskMerge.untagged(reference.tasks[index].title)
            guard !untagged.isEmpty else { continue }
            let number = words.number(untagged)
            if number == byWords.count { byWords.append([]) }
            byWords[number].append(position)
        }
        guard !byWords.isEmpty else { return result }
        for (position, index) in indices.enumerated() where result[position] == nil {
            if let number = words[TaskMerge.untagged(side.tasks[index].title)], let next = byWords[number].popLast() {
                result[position] = next
            }
        }
        return result
    }

    /// Decides each task from its three versions.
    mutating func decideTasks() {
        // Where each key's version stands on each side (-1: that side does not hold it).
        var at = [[Int]](repeating: [Int](repeating: -1, count: outcomes.count), count: 3)
        for side in 0..<3 {
            for (index, key) in keys[side].enumerated() { at[side][key] = index }
        }
        let (base, ours, theirs) = (sides[0], sides[1], sides[2])
        for key in outcomes.indices {
            let b = at[0][key], o = at[1][key], t = at[2][key]
            // Most tasks are the same in all three versions.
            if b >= 0, o >= 0, t >= 0, base.regions[b] == ours.regions[o], ours.regions[o] == theirs.regions[t],
               Self.same(base, b, ours, o), Self.same(ours, o, theirs, t) {
                outcomes[key] = .kept(ours.tasks[o], ours.regions[o])
                continue
            }
            guard b >= 0 || o >= 0 || t >= 0 else { continue }
            let inBase = b < 0 ? nil : base.placed(b), inOurs = o < 0 ? nil : ours.placed(o), inTheirs = t < 0 ? nil : theirs.placed(t)
            let outcome = TaskMerge.merge(base: inBase, ours: inOurs, theirs: inTheirs)
            outcomes[key] = outcome
            // Rollover's `[>]` against a finished task on the other side: the task stays finished here, but the
            // day rollover opened may hold an open copy, which this file cannot reach.
            if case .kept(let task, _) = outcome, let b = inBase?.task.status, b.isOpen,
               let o = inOurs?.task.status, let t = inTheirs?.task.status,
               (o == .moved && (t == .done || t == .cancelled)) || (t == .moved && (o == .done || o == .cancelled)) {
                notices.append("“\(task.title)” is \(task.status) on one side and was moved on by rollover on the other: it stays \(task.status) here; if the day rollover opened holds an open copy, mark that one \(task.status) too")
            }
        }
    }

    /// Whether task `i` of `one` and task `j` of `other` say the same (`PlanTask.==`), their titles compared
    /// by number: the same identity is the same title.
    static func same(_ one: MergeSide, _ i: Int, _ other: MergeSide, _ j: Int) -> Bool {
        // Field by field in place, with no task copied.
        one.identities[i] == other.identities[j] && one.tasks[i].bucket == other.tasks[j].bucket
            && one.tasks[i].status == other.tasks[j].status && one.tasks[i].metadata == other.tasks[j].metadata
            && one.tasks[i].notes == other.tasks[j].notes
    }

    /// The region a task's outcome puts it in (a conflict: ours, else theirs); nil when it is removed.
    func home(_ key: Int) -> Region? {
        switch outcomes[key] {
        case .kept(_, let region): region
        case .conflict(let ours, let theirs, _): (ours ?? theirs)?.region
        case .removed, nil: nil
        }
    }

    // MARK: - Regions

    /// A region's content merged with diff3, tasks by key: where both sides changed the same stretch, the
    /// tasks of both (ours first) and the free text of the side that changed it, or both between markers.
    mutating func mergeRegion(_ region: Region) -> [Placed] {
        // A region's content as diff3 compares it: a task as its key, another line as a negative number.
        func codes(_ side: Int) -> [Int] {
            let document = [base, ours, theirs][side]
            var next = sides[side].regions.firstIndex(of: region) ?? 0
            var result: [Int] = []
            for s in document.sections.indices where document.sections[s].region == region {
                let items = document.sections[s].items
                result.reserveCapacity(result.count + items.count)
                for index in items.indices {
                    if case .task = items[index] {
                        result.append(keys[side][next])
                        next += 1
                    } else {
                        let item = items[index]
                        let number = itemNumbers.number(item)
                        result.append(-1 - number)
                    }
                }
            }
            return result
        }
        func isTask(_ code: Int) -> Bool { code >= 0 }
        func placed(_ codes: [Int]) -> [Placed] {
            codes.map { code in isTask(code) ? .task(code) : .item(itemNumbers.elements[-1 - code]) }
        }
        let b = codes(0), o = codes(1), t = codes(2)
        var result: [Placed] = []
        result.reserveCapacity(max(o.count, t.count))
        for chunk in Diff3.merge(integers: b, ours: o, theirs: t) {
            switch chunk {
            case .resolved(let codes):
                result += placed(codes)
            case .conflict(let b, let o, let t):
                let bText = b.filter { !isTask($0) }, oText = o.filter { !isTask($0) }, tText = t.filter { !isTask($0) }
                func union(_ layout: [Int], _ other: [Int]) -> [Placed] {
                    var merged = placed(layout)
                    let laidOut = Set(layout)
                    let extra = placed(other.filter { isTask($0) && !laidOut.contains($0) })
                    let after = merged.lastIndex { $0.isTask }.map { $0 + 1 } ?? merged.count
                    merged.insert(contentsOf: extra, at: after)
                    return merged
                }
                if oText == tText || tText == bText {
                    result += union(o, t)
                } else if oText == bText {
                    result += union(t, o)
                } else {
                    result += union(o.filter(isTask), t)
                    result.append(.textConflict(ours: oText.map { itemNumbers.elements[-1 - $0] },
                                                theirs: tText.map { itemNumbers.elements[-1 - $0] }))
                }
            }
        }
        return result
    }

    /// Keeps each task once, in the region its outcome says; places the tasks no region's merge placed
    /// (moved by one side, or kept against a removal) after the task before it on the side that has it
    /// there (ours, else theirs), or before the region's first task.
    func placeMissing(_ placed: inout [[Placed]]) {
        let homes = outcomes.indices.map(home)
        var seen = [Bool](repeating: false, count: outcomes.count)
        for region in Region.allCases {
            placed[region.rawValue] = placed[region.rawValue].filter { element in
                guard case .task(let key) = element, homes[key] == region, !seen[key] else { return !element.isTask }
                seen[key] = true
                return true
            }
        }
        for key in order where !seen[key] {
            guard let region = homes[key] else { continue }
            var elements = placed[region.rawValue]
            // The tasks before it in that region, nearest first, on the side that holds it there.
            let side = [1, 2, 0].first { side in zip(sides[side].regions, keys[side]).contains { $0.1 == key && $0.0 == region } }
            var before: [Int] = []
            if let side {
                for (taskRegion, other) in zip(sides[side].regions, keys[side]) {
                    if other == key { break }
                    if taskRegion == region { before.append(other) }
                }
            }
            var position: [Int: Int] = [:]
            for (index, element) in elements.enumerated() { if case .task(let other) = element { position[other] = index } }
            var at = elements.firstIndex { if case .task = $0 { true } else { false } } ?? elements.count
            if let previous = before.last(where: { position[$0] != nil }), let index = position[previous] { at = index + 1 }
            elements.insert(.task(key), at: at)
            placed[region.rawValue] = elements
            seen[key] = true
        }
    }

    /// Never more open tasks in a bucket than its limit when neither side had more: the tasks beyond it that
    /// came from their side (else from ours), the last first, go to the end of the Backlog.
    mutating func keepLimits(_ placed: inout [[Placed]]) {
        // Where each key's task stands open on each side (region and bucket as one number; -1: not open
        // there), and how many stand open in each region and bucket.
        let slots = Region.allCases.count * Bucket.allCases.count
        var openAt = [[Int]](repeating: [Int](repeating: -1, count: outcomes.count), count: 2)
        var openCount = [[Int]](repeating: [Int](repeating: 0, count: slots), count: 2)
        for side in 1...2 {
            for (index, key) in keys[side].enumerated() where sides[side].tasks[index].status.isOpen {
                let slot = sides[side].regions[index].rawValue * 3 + sides[side].tasks[index].bucket.rawValue
                openAt[side - 1][key] = slot
                openCount[side - 1][slot] += 1
            }
        }
        for region in Region.allCases where region.isLimited {
            for bucket in Bucket.allCases {
                let slot = region.rawValue * 3 + bucket.rawValue
                guard openCount[0][slot] <= bucket.limit, openCount[1][slot] <= bucket.limit else { continue }
                let inOurs = { (key: Int) in openAt[0][key] == slot }, inTheirs = { (key: Int) in openAt[1][key] == slot }
                let open = placed[region.rawValue].compactMap { element -> Int? in
                    guard case .task(let key) = element, case .kept(let task, _) = outcomes[key],
                          task.bucket == bucket, task.status.isOpen else { return nil }
                    return key
                }
                guard open.count > bucket.limit else { continue }
                var moving: [Int] = []
                for preferred in [{ (key: Int) in !inOurs(key) }, { !inTheirs($0) }, { _ in true }] {
                    for key in open.reversed() where moving.count < open.count - bucket.limit && preferred(key) && !moving.contains(key) {
                        moving.append(key)
                    }
                }
                placed[region.rawValue].removeAll { if case .task(let key) = $0 { moving.contains(key) } else { false } }
                for key in moving.reversed() {
                    guard case .kept(let task, _) = outcomes[key] else { continue }
                    outcomes[key] = .kept(task, .backlog)
                    var backlog = placed[Region.backlog.rawValue]
                    let after = backlog.lastIndex { if case .task = $0 { true } else { false } }.map { $0 + 1 } ?? backlog.count
                    backlog.insert(.task(key), at: after)
                    placed[Region.backlog.rawValue] = backlog
                    notices.append("\(region.name) would hold \(open.count) open \(bucket) tasks, more than its limit of \(bucket.limit), which neither side exceeded: moved “\(task.title)” to the Backlog")
                }
            }
        }
    }

    /// The items a placed element prints as.
    mutating func items(_ element: Placed) -> [Item] {
        switch element {
        case .item(let item):
            return [item]
        case .textConflict(let mine, let other):
            return block(ours: mine.flatMap(Self.lines), theirs: other.flatMap(Self.lines), "free text was changed differently on both sides")
        case .task(let key):
            switch outcomes[key] {
            case .kept(let task, _):
                placedCounts[key] += 1
                return [.task(task)]
            case .conflict(let mine, let other, let reason):
                let title = (mine ?? other)?.task.title ?? ""
                let where_ = mine.flatMap { m in other.map { $0.region == m.region ? "" : " (in \(m.region.name) on our side, \($0.region.name) on theirs)" } } ?? ""
                return block(ours: mine.map { Self.lines(.task($0.task)) } ?? [],
                             theirs: other.map { Self.lines(.task($0.task)) } ?? [], "“\(title)”: \(reason)\(where_)")
            case .removed, nil:
                return []
            }
        }
    }

    /// The heading of a region in the merged file: its decoration as the side that changed it has it; ours
    /// when both changed it (a notice says so).
    mutating func heading(of region: Region) -> Section {
        struct Style: Equatable { var text: String; var level: Int; var group: String? }
        func style(_ document: DayDocument) -> Style? {
            document.sections.first { $0.region == region }.map { Style(text: $0.headingText, level: $0.headingLevel, group: $0.groupHeading) }
        }
        let plain = Style(text: region.name, level: 2, group: nil)
        let o = style(ours) ?? plain, t = style(theirs) ?? plain
        let chosen = TaskMerge.pick(style(base) ?? plain, o, t) ?? o
        if TaskMerge.pick(style(base) ?? plain, o, t) == nil {
            notices.append("the \(region.name) heading was changed differently on both sides: kept ours, `\(String(repeating: "#", count: o.level)) \(o.text)`, not `\(String(repeating: "#", count: t.level)) \(t.text)`")
        }
        var section = Section(kind: .region(region), items: [])
        section.headingText = chosen.text
        section.headingLevel = chosen.level
        section.groupHeading = chosen.group
        return section
    }
}
