extension Status {
    /// Where a status stands when two machines changed a task's status differently: the more final wins
    /// (FORMAT.md, "Merging"): done, then cancelled, then moved on, then in progress, then to do.
    public var mergePrecedence: Int {
        switch self {
        case .done: 4
        case .cancelled: 3
        case .moved: 2
        case .inProgress: 1
        case .todo: 0
        }
    }

    /// The status of a task that was `base` (nil: added on both sides) and is `ours` and `theirs` now: the
    /// side that changed it, or, when both changed it differently, the one of higher `mergePrecedence`.
    public static func merged(base: Status?, ours: Status, theirs: Status) -> Status {
        if ours == theirs || theirs == base { return ours }
        if ours == base { return theirs }
        return ours.mergePrecedence >= theirs.mergePrecedence ? ours : theirs
    }
}

/// One task's three versions merged field by field (FORMAT.md, "Merging").
struct TaskMerge {
    /// A task and the region it stands in.
    struct Placed {
        var task: PlanTask
        var region: Region
    }

    /// What became of the task.
    enum Outcome {
        /// The merged task, in this region.
        case kept(PlanTask, Region)
        /// Removed by one side and left alone by the other, or by both.
        case removed
        /// A person must decide: the two sides' versions (nil where a side removed it), and why. Out of line:
        /// a merge holds an outcome per task, and two tasks inline would make each of them three tasks big.
        indirect case conflict(ours: Placed?, theirs: Placed?, reason: String)
    }

    /// Merges one task: `base` nil when both sides added it, `ours` or `theirs` nil when that side removed it.
    static func merge(base: Placed?, ours: Placed?, theirs: Placed?) -> Outcome {
        func same(_ a: Placed, _ b: Placed) -> Bool { a.task == b.task && a.region == b.region }
        switch (base, ours, theirs) {
        case (_, nil, nil):
            return .removed
        case (let base?, nil, let theirs?):
            return same(base, theirs) ? .removed : .conflict(ours: nil, theirs: theirs, reason: "removed on our side and changed on theirs")
        case (let base?, let ours?, nil):
            return same(base, ours) ? .removed : .conflict(ours: ours, theirs: nil, reason: "changed on our side and removed on theirs")
        case (nil, let ours?, nil):
            return .kept(ours.task, ours.region)
        case (nil, nil, let theirs?):
            return .kept(theirs.task, theirs.region)
        case (let base, let ours?, let theirs?):
            return fields(base: base, ours: ours, theirs: theirs)
        }
    }

    /// Both sides hold the task: each field from the side that changed it.
    static func fields(base: Placed?, ours: Placed, theirs: Placed) -> Outcome {
        // Most tasks are changed on one side or none: no field needs merging.
        if ours.task == theirs.task, ours.region == theirs.region { return .kept(ours.task, ours.region) }
        if let base, base.task == ours.task, base.region == ours.region { return .kept(theirs.task, theirs.region) }
        if let base, base.task == theirs.task, base.region == theirs.region { return .kept(ours.task, ours.region) }
        let b = base?.task, o = ours.task, t = theirs.task
        func conflict(_ reason: String) -> Outcome { .conflict(ours: ours, theirs: theirs, reason: reason) }

        var task = o
        task.status = Status.merged(base: b?.status, ours: o.status, theirs: t.status)
        // Both changed the bucket, or the region: the more important bucket, the earlier region.
        task.bucket = pick(b?.bucket, o.bucket, t.bucket) ?? min(o.bucket, t.bucket)
        let region = pick(base?.region, ours.region, theirs.region) ?? min(ours.region, theirs.region)
        // Most often only one side touched the title: no word needs merging.
        task.title = pick(b?.title, o.title, t.title)
            ?? words(base: b.map { words(of: $0.title) } ?? [], ours: words(of: o.title), theirs: words(of: t.title))
                .joined(separator: " ")

        // Every key of the table, field by field; changed differently on both sides, as the key's rule says.
        let bm = b?.metadata ?? TaskMetadata(), om = o.metadata, tm = t.metadata
        for key in MetadataKey.all {
            let ours = key.value(in: om), theirs = key.value(in: tm)
            if let picked = pick(key.value(in: bm), ours, theirs) {
                key.set(picked, in: &task.metadata)
            } else if key.merge == .eitherSideSets {
                key.set(.set, in: &task.metadata)
            } else {
                return conflict("its @\(key.name): was set to two different \(key.valuesName)")
            }
        }

        // Notes line by line: conflicting edits of the same lines are a person's to decide.
        if let notes = pick(b?.notes ?? [], o.notes, t.notes) {
            task.notes = notes
            return .kept(task, region)
        }
        var notes: [String] = []
        for chunk in Diff3.merge(base: b?.notes ?? [], ours: o.notes, theirs: t.notes) {
            switch chunk {
            case .resolved(let lines): notes += lines
            case .conflict: return conflict("its notes were changed differently on both sides")
            }
        }
        task.notes = notes
        return .kept(task, region)
    }

    /// The value of the side that changed it; nil when both changed it differently.
    static func pick<Value: Equatable>(_ base: Value?, _ ours: Value, _ theirs: Value) -> Value? {
        if ours == theirs || theirs == base { return ours }
        if ours == base { return theirs }
        return nil
    }

    /// The words of a title, as the parser reads them (a code span or link destination is one word, its inner
    /// spaces kept); tags are words too.
    static func words(of title: String) -> [String] {
        PlanTask(bucket: .misc, title: title).words
    }

    /// The title without its `#tags`: two versions of a task whose titles differ only in tags are one task.
    static func untagged(_ title: String) -> String {
        let space = UInt8(ascii: " ")
        var title = title
        var kept: [UInt8] = []
        kept.reserveCapacity(title.utf8.count)
        title.withUTF8 { bytes in
            // The title's words (`PlanTask.forEachWord`) less its tags (`PlanTask.forEachTagRange`).
            var tags: [Int] = []
            PlanTask.forEachTagRange(in: bytes, 0, bytes.count, tabs: false) { tags.append($0.lowerBound - 1) }
            forEachWordRange(in: bytes, 0, bytes.count, tabs: false, spans: true) { range in
                if tags.contains(range.lowerBound) { return }
                if !kept.isEmpty { kept.append(space) }
                kept.append(contentsOf: bytes[range])
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Title words merged word by word: where both sides changed the same words (tags added or removed),
    /// a word either side added is kept and a word either side removed goes.
    static func words(base: [String], ours: [String], theirs: [String]) -> [String] {
        var merged: [String] = []
        for chunk in Diff3.merge(base: base, ours: ours, theirs: theirs) {
            switch chunk {
            case .resolved(let words):
                merged += words
            case .conflict(let b, let o, let t):
                var taken = Set(b.filter { !o.contains($0) || !t.contains($0) })
                for word in o + t where !taken.contains(word) {
                    taken.insert(word)
                    merged.append(word)
                }
            }
        }
        return merged
    }
}
