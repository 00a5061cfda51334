extension Rollover {
    /// Parses both computed files back and checks they say what rollover means, before anything is written.
    ///
    /// The new day's file parses cleanly, is headed with the day, keeps every line and task it had, and adds
    /// only open tasks the old day moved on; the old day's file keeps its lines and tasks, each open task now
    /// moved on (`[>]`) or expired (`[-]` with `@expired`), changing no other line; and each task moved on is
    /// in the new day exactly once (added now, or there already). Throws `.checkFailed` saying what is wrong.
    public func verify() throws(RolloverError) {
        let problems = self.problems()
        guard problems.isEmpty else { throw .checkFailed(problems) }
    }

    /// What `verify()` finds wrong, one sentence each.
    func problems() -> [String] {
        var problems: [String] = []
        let target = DayDocument(parsing: targetAfter)
        if let blocker = target.formattingBlockers.first {
            problems.append("the new day's file would have an error at line \(blocker.start.line): \(blocker.message)")
        }
        // An existing file whose heading names no day (its day is its file name's) may stay that way.
        if target.day.map({ $0 != day }) ?? (targetBefore == nil) {
            problems.append("the new day's file would not be headed `# \(day)`")
        }
        if let targetBefore, !LineTable(targetBefore).isKept(in: LineTable(targetAfter)) {
            problems.append("the new day's file would lose some of the lines it had")
        }

        // The tasks the new day had stay as they were and where they were; the others are what was added.
        let before = targetBefore.map { parsedTargetBefore ?? DayDocument(parsing: $0) }
        var beforeTasks = before?.placedTasks.makeIterator()
        var expected = beforeTasks?.next()
        // Routines are the one addition that no old day moves on.
        let routineIdentities = Set(placements.filter { $0.reason == .routine }.map(\.title))
        // What the new day gets, by identity: how many copies, and the first.
        var addedByIdentity: [String: (count: Int, first: PlacedTask)] = [:]
        addedByIdentity.reserveCapacity(target.placedTaskCount)
        var addsMoreThanRoutines = false
        for placed in target.placedTasks {
            if let next = expected, next == placed {
                expected = beforeTasks?.next()
                continue
            }
            addedByIdentity[placed.task.identity, default: (0, placed)].count += 1
            if !routineIdentities.contains(placed.task.identity) { addsMoreThanRoutines = true }
        }
        if expected != nil {
            problems.append("the new day's file would change or lose a task it already had")
        }
        var beforeIdentities = Set<String>(minimumCapacity: before?.placedTaskCount ?? 0)
        for placed in before?.placedTasks ?? PlacedTasks(sections: []) { beforeIdentities.insert(placed.task.identity) }

        // The old day's file: the same lines, only open tasks' lines changed, each moved on or expired.
        var expired: [PlanTask] = []
        switch (sourceBefore, sourceAfter, sourceDay) {
        case (nil, nil, nil):
            break
        case let (sourceBefore?, sourceAfter?, sourceDay?):
            let old = parsedSourceBefore ?? DayDocument(parsing: sourceBefore), new = DayDocument(parsing: sourceAfter)
            if let blocker = new.formattingBlockers.first {
                problems.append("the old day's file would have an error at line \(blocker.start.line): \(blocker.message)")
            }
            let oldLines = LineTable(sourceBefore), newLines = LineTable(sourceAfter)
            let oldCount = old.placedTaskCount, newCount = new.placedTaskCount
            var openLines = Set<Int>(minimumCapacity: oldCount)
            for placed in old.placedTasks where placed.task.status.isOpen { openLines.insert(placed.task.line) }
            if oldLines.count != newLines.count {
                problems.append("the old day's file would have \(newLines.count) lines instead of \(oldLines.count)")
            } else {
                for line in 1..<(oldLines.count + 1) where oldLines.full(line) != newLines.full(line) {
                    if !openLines.contains(line) {
                        problems.append("line \(line) of the old day's file would change, but it holds no open task")
                    } else if oldLines.ending(of: line) != newLines.ending(of: line) {
                        problems.append("line \(line) of the old day's file would change its line ending")
                    }
                }
            }
            // Each task moved on is in the new day exactly once, open as it was, where rollover puts it; checked
            // as the tasks are met, and said after what the walk over the old day finds.
            var movedIdentities = Set<String>(minimumCapacity: oldCount)
            var movedProblems: [String] = []
            var firstCarried: [String: Placement] = [:], firstScheduled: [String: Placement] = [:]
            for placement in placements.reversed() {
                if placement.reason == .carried { firstCarried[placement.title] = placement }
                if placement.reason == .scheduled { firstScheduled[placement.title] = placement }
            }
            func checkMoved(_ placed: PlacedTask) {
                let region = placed.region, task = placed.task
                // A second open task with the same title is the same task: it was moved on, not added again.
                guard movedIdentities.insert(task.identity).inserted else { return }
                let copies = addedByIdentity[task.identity]
                if beforeIdentities.contains(task.identity) {
                    if copies != nil { movedProblems.append("`\(task.title)` would be added, yet the new day already had it") }
                    return
                }
                guard let copies, copies.count == 1 else {
                    movedProblems.append("`\(task.title)` would be in the new day \(copies?.count ?? 0) times instead of once")
                    return
                }
                let copy = copies.first
                let carried = region.isLimited && task.metadata.carry
                var expected = task
                var destination = carried ? region : .backlog
                if region.isLimited, !carried, expected.metadata.from == nil { expected.metadata.from = sourceDay }
                if carried, let placement = firstCarried[task.title] {
                    destination = placement.region
                } else if let placement = firstScheduled[task.title] {
                    // Scheduled: where it was placed, no longer scheduled once placed where it was meant to be.
                    destination = placement.region
                    if placement.wanted == nil {
                        expected.metadata.on = nil
                        expected.metadata.onRegion = nil
                    }
                }
                if copy.task != expected || copy.region != destination {
                    movedProblems.append("`\(task.title)` would not come forward as it was, or not to \(destination)")
                }
            }

            if oldCount != newCount {
                problems.append("the old day's file would have \(newCount) tasks instead of \(oldCount)")
            } else {
                for (was, now) in zip(old.placedTasks, new.placedTasks) {
                    let task = was.task
                    guard task.status.isOpen else {
                        if now.task != task { problems.append("`\(task.title)` (line \(task.line)) is not open, yet it would change") }
                        continue
                    }
                    var movedOn = task
                    movedOn.status = .deferred
                    var dropped = task
                    dropped.status = .cancelled
                    dropped.metadata.expired = true
                    if now.task == movedOn {
                        checkMoved(was)
                    } else if now.task == dropped {
                        expired.append(task)
                    } else {
                        problems.append("`\(task.title)` (line \(task.line)) would be neither moved on nor expired in the old day")
                    }
                }
            }
            problems += movedProblems
            for task in expired where !movedIdentities.contains(task.identity) && addedByIdentity[task.identity] != nil {
                problems.append("`\(task.title)` expired, yet it would be added to the new day")
            }
            for (identity, _) in addedByIdentity where !movedIdentities.contains(identity) && !routineIdentities.contains(identity) {
                problems.append("`\(identity)` would be added to the new day, but the old day does not move it on")
            }
        default:
            problems.append("the old day's file and its day would not be given together")
        }
        if sourceBefore == nil, addsMoreThanRoutines {
            problems.append("the new day would get tasks though there is no earlier plan")
        }
        return problems
    }
}

extension LineTable {
    /// Whether every line of `self` is in `other`, in order, with the same text (line endings aside, and a
    /// byte-order mark, which stays first when lines are added at the top).
    func isKept(in other: LineTable) -> Bool {
        var next = 1
        for line in 1..<(count + 1) {
            while next <= other.count, other.contentAfterMark(of: next) != contentAfterMark(of: line) { next += 1 }
            guard next <= other.count else { return false }
            next += 1
        }
        return true
    }

    /// The line's content, without the byte-order mark the first line may start with.
    private func contentAfterMark(of line: Int) -> ArraySlice<UInt8> {
        let content = content(of: line)
        return line == 1 && content.starts(with: [0xEF, 0xBB, 0xBF]) ? content.dropFirst(3) : content
    }
}
