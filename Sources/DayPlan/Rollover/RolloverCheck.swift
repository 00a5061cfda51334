extension Rollover {
    /// Reads both computed files back (the new day's parsed whole, the old day's compared line by line with
    /// what it was) and checks they say what rollover means, before anything is written.
    ///
    /// The new day's file parses cleanly, is headed with the day, keeps every line and task it had, and adds
    /// only open tasks the old day moved on; the old day's file keeps its lines and tasks, each open task now
    /// moved (`[>]`) or expired (`[-]` with `@expired`), changing no other line; and each task moved on is
    /// in the new day exactly once (added now, or there already). Throws `.checkFailed` saying what is wrong.
    public func verify() throws(RolloverError) {
        let problems = self.problems()
        guard problems.isEmpty else { throw .checkFailed(problems) }
    }

    /// What `verify()` finds wrong, one sentence each.
    ///
    /// One linear pass over each file. The old day's file is compared line by line with what it was as its tasks
    /// come (kept from the work, or read again task by task: `forEachOldDayTask(in:_:)`): a line that changes
    /// must be an open task's line, changed only as rollover changes it. That is its status box set to `[>]`
    /// (moved on), which changes nothing else the parser reads; or to `[-]` with ` @expired` after its text
    /// (expired), and that line is parsed back on its own to see the word read as metadata. Each task moved on
    /// says what the new day must get. Then the new day's file is read back the same way, and each task it did
    /// not have is paired with one of those, by title number (`TitleNumbers`).
    func problems() -> [String] {
        // Every title met, numbered; for each number, what the check knows of it. (Room for the titles rollover
        // placed and those the new day had; the table grows if need be.)
        let before = targetBefore.map { parsedTargetBefore ?? DayDocument(parsing: $0) }
        var known = KnownTitles(room: placements.count + 64)
        // Routines are the one addition that no old day moves on.
        for placement in placements where placement.reason == .routine { known.facts[known.number(placement.title)].isRoutine = true }
        for placed in before?.placedTasks ?? PlacedTasks(sections: []) { known.facts[known.number(placed.task.identity)].wasThere += 1 }

        // The old day's file: the same lines, only open tasks' lines changed, each moved on or expired. Its tasks
        // come in file order, its lines walked beside those it would have as they come.
        var oldDayProblems: [String] = []
        var walk: OldDayWalk?
        switch (sourceBefore, sourceAfter, sourceDay) {
        case (nil, nil, nil):
            break
        case let (sourceBefore?, sourceAfter?, sourceDay?):
            let lineCount = LineTable.lineCount(of: sourceBefore), newLineCount = LineTable.lineCount(of: sourceAfter)
            guard lineCount == newLineCount else {
                oldDayProblems.append("the old day's file would have \(newLineCount) lines instead of \(lineCount)")
                break
            }
            var oldDay = OldDayWalk(before: sourceBefore, after: sourceAfter, day: sourceDay, newDay: day,
                                    placements: placements, style: metadataStyle)
            forEachOldDayTask(in: sourceBefore) { oldDay.visit($0, in: $1, known: &known) }
            _ = oldDay.walk(to: lineCount + 1)
            walk = oldDay
        default:
            oldDayProblems.append("the old day's file and its day would not be given together")
        }

        // The new day's tasks of its regions, in file order, as they come: the tasks it had stay as they were and
        // where they were; each other one was added, and takes the first task of its title the old day moves on
        // that it is (the same task, to the same region). No line is kept.
        var beforeTasks = before?.placedTasks.makeIterator()
        var nextItHad = beforeTasks?.next()
        var addsMoreThanRoutines = false
        var added: [(title: Int, identity: String)] = []
        let target = DayDocument.forEachTask(in: targetAfter) { task, region in
            guard let region else { return }
            let placed = PlacedTask(region: region, task: task)
            if let next = nextItHad, next == placed {
                nextItHad = beforeTasks?.next()
                return
            }
            let title = known.number(task.identity)
            if known.facts[title].copies == 0 { added.append((title, task.identity)) }
            known.facts[title].copies += 1
            known.match(placed, of: title)
            if !known.facts[title].isRoutine { addsMoreThanRoutines = true }
        }
        var problems: [String] = []
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
        if nextItHad != nil {
            problems.append("the new day's file would change or lose a task it already had")
        }
        problems += oldDayProblems

        if var walk {
            walk.checkCopies(known)
            // What the walk over the lines finds, then what the tasks do.
            problems += walk.lineProblems + walk.taskProblems + walk.movedProblems
            for task in walk.expired {
                let title = known.number(task.identity)
                if known.facts[title].moved == 0, known.facts[title].copies > 0 {
                    problems.append("`\(task.title)` expired, yet it would be added to the new day")
                }
            }
            for (title, identity) in added where !known.facts[title].isRoutine {
                if known.facts[title].moved == 0 {
                    problems.append("`\(identity)` would be added to the new day, but the old day does not move it on")
                } else if known.facts[title].moved <= known.facts[title].wasThere {
                    problems.append("`\(identity)` would be added, yet the new day already had it")
                }
            }
        }
        if sourceBefore == nil, addsMoreThanRoutines {
            problems.append("the new day would get tasks though there is no earlier plan")
        }
        return problems
    }
}

extension Rollover {
    /// Hands each task of the old day's regions (its file `before`) to `body` with its region, in file order: those
    /// the work kept (`parsedOldDayTasks`), or else the file read again task by task, holding none. Either way
    /// the same tasks (a property test compares the two).
    func forEachOldDayTask(in before: [UInt8], _ body: (PlanTask, Region) -> Void) {
        if let parsedOldDayTasks {
            for kept in parsedOldDayTasks { body(kept.task, kept.region) }
        } else {
            _ = DayDocument.forEachTask(in: before) { task, region in
                if let region { body(task, region) }
            }
        }
    }
}

/// Every title `Rollover.problems()` meets, numbered (`TitleNumbers`), and what it knows of each, by number; and
/// the tasks the new day must get for those the old day moves on, in one list, each chained to the next of its
/// title, so that a title holds no list of its own.
private struct KnownTitles {
    var numbers: TitleNumbers
    var facts: [TitleFacts] = []
    /// The tasks the new day must get for those the old day moves on (less those it had), in the old day's order.
    var expected: [ExpectedCopy] = []

    /// Room for about `room` titles; more grow the table.
    init(room: Int) {
        numbers = TitleNumbers(expected: room)
        facts.reserveCapacity(room)
    }

    /// The number of `title`, given (with facts yet unknown) on first sight.
    mutating func number(_ title: String) -> Int {
        let number = numbers.number(title)
        if number == facts.count { facts.append(TitleFacts()) }
        return number
    }

    /// Adds a task the new day must get to those of its title, last.
    mutating func add(expected copy: ExpectedCopy, of title: Int) {
        expected.append(copy)
        let index = expected.count - 1
        if facts[title].lastExpected >= 0 {
            expected[facts[title].lastExpected].next = index
        } else {
            facts[title].firstExpected = index
            facts[title].firstUnmatched = index
        }
        facts[title].lastExpected = index
        facts[title].expectedCount += 1
    }

    /// Pairs a task the new day gets with the first task of its title it must get that it is and that is not
    /// paired yet, if any. (Equal tasks are alike, so which of them is paired changes nothing said.)
    mutating func match(_ copy: PlacedTask, of title: Int) {
        var index = facts[title].firstUnmatched
        while index >= 0 {
            if !expected[index].isPaired, expected[index].task == copy.task, expected[index].region == copy.region {
                expected[index].isPaired = true
                // The tasks come in nearly the same order in both days: the search starts past those paired.
                while facts[title].firstUnmatched >= 0, expected[facts[title].firstUnmatched].isPaired {
                    facts[title].firstUnmatched = expected[facts[title].firstUnmatched].next
                }
                return
            }
            index = expected[index].next
        }
    }
}

/// The check's walk over the old day's file (`Rollover.problems()`): its tasks read again as they come, in file
/// order, and its lines beside those rollover would write, each line passed once.
private struct OldDayWalk {
    var lines: LinePairs
    let before: [UInt8]
    /// The old day, and the day it rolls over into.
    let day: Day, newDay: Day
    /// The placements of the tasks rollover carried or scheduled, in the old day's order: where each went
    /// (searched; there are few).
    var carriedPlacements: [Rollover.Placement] = [], scheduledPlacements: [Rollover.Placement] = []
    /// The placements of routines' unfinished copies the old day moves on, taken to the routine's region.
    var routinePlacements: [Rollover.Placement] = []
    /// What is wrong, in the order said: the lines, the tasks, then the tasks moved on.
    var lineProblems: [String] = [], taskProblems: [String] = [], movedProblems: [String] = []
    /// The open tasks that expired.
    var expired: [PlanTask] = []

    /// How a date rollover writes is spelled on a task that spells none (`Rollover.metadataStyle`).
    let style: MetadataStyle

    init(before: [UInt8], after: [UInt8], day: Day, newDay: Day, placements: [Rollover.Placement], style: MetadataStyle) {
        lines = LinePairs(before, after)
        self.before = before
        self.day = day
        self.newDay = newDay
        self.style = style
        carriedPlacements = placements.filter { $0.reason == .carried && $0.oldDayLine != nil }
        scheduledPlacements = placements.filter { $0.reason == .scheduled && $0.oldDayLine != nil }
        routinePlacements = placements.filter { $0.reason == .routine && $0.oldDayLine != nil }
    }

    /// Walks on to `line` (not included), each line passed the same as it was; whether one was not.
    mutating func walk(to line: Int) -> Bool {
        var changed = false
        while lines.next < line, let (old, new) = lines.pair() {
            guard !sameBytes(old, new) else { continue }
            lineProblems.append("line \(lines.next - 1) of the old day's file would change, but it holds no open task")
            changed = true
        }
        return changed
    }

    /// A task of a region of the old day, the next in file order.
    mutating func visit(_ task: PlanTask, in region: Region, known: inout KnownTitles) {
        _ = walk(to: task.line)
        // A task that is not open, or an open box with no title (left where it is), stays as it was.
        guard task.status.isOpen, !task.title.isEmpty else {
            if walk(to: task.line + task.lineSpan) {
                taskProblems.append("`\(task.title)` (line \(task.line)) is not open, yet it would change")
            }
            return
        }
        // The open task's own line: its line ending stays, and its status box changes as rollover's do.
        guard lines.next == task.line, let (old, new) = lines.pair() else {
            taskProblems.append("`\(task.title)` (line \(task.line)) was not met where the old day's lines put it")
            return
        }
        let oldContent = LinePairs.content(of: old), newContent = LinePairs.content(of: new)
        if !sameBytes(old[oldContent.endIndex...], new[newContent.endIndex...]) {
            lineProblems.append("line \(task.line) of the old day's file would change its line ending")
        }
        let now = TaskLineChange(task, before: before, old: oldContent, new: newContent)
        if now.isMovedOn {
            checkSubtaskLines(of: task)
            checkMoved(task, in: region, known: &known)
        } else if now.isExpired {
            expired.append(task)
        } else {
            taskProblems.append("`\(task.title)` (line \(task.line)) would be neither moved on nor expired in the old day")
        }
    }

    /// The note lines of a task moved on: each the same, or an open sub-task's line with only its status box set to
    /// `[>]` (it moves on with its task, FORMAT.md §3.4).
    mutating func checkSubtaskLines(of task: PlanTask) {
        let end = task.line + task.lineSpan
        guard lines.next < end else { return }
        let marks = TaskLine(task, in: before).map { Set($0.openSubtaskMarks(of: task, in: before).map(\.offset)) } ?? []
        while lines.next < end, let (old, new) = lines.pair() {
            guard !sameBytes(old, new) else { continue }
            // `old` is a slice of the old day's bytes: its indices are offsets in the file.
            let changed = zip(old.indices, new.indices).filter { old[$0.0] != new[$0.1] }
            guard old.count == new.count, changed.count == 1, new[changed[0].1] == Status.moved.markByte,
                  marks.contains(changed[0].0) else {
                lineProblems.append("line \(lines.next - 1) of the old day's file would change, but it holds no open task")
                continue
            }
        }
    }

    /// Each task moved on is in the new day once, open as it was, where rollover puts it: the tasks of one title,
    /// in the old day's order, are the tasks of that title the new day had, then those added, in the new day's order.
    mutating func checkMoved(_ task: PlanTask, in region: Region, known: inout KnownTitles) {
        let carried = Rollover.isCarried(task, in: region, opening: newDay)
        var expected = task.rolled(.movedOn)
        var destination = carried ? region : .backlog
        if region.isLimited, !carried { expected = expected.rolled(.deferred(from: day), style: style) }
        expected.notes = task.notesMovingOn
        if carried, let placement = carriedPlacements.first(where: { $0.oldDayLine == task.line }) {
            destination = placement.region
        } else if !carried, let placement = routinePlacements.first(where: { $0.oldDayLine == task.line }) {
            // A routine's unfinished copy, taken to the routine's region as it was (§6.9).
            destination = placement.region
            if placement.region != .backlog { expected.metadata = task.rolled(.movedOn).metadata }
        } else if let placement = scheduledPlacements.first(where: { $0.oldDayLine == task.line }) {
            // Scheduled: where it was placed, no longer scheduled once placed where it was meant to be.
            destination = placement.region
            if placement.wanted == nil { expected = expected.rolled(.placedAsScheduled) }
        }
        // Known by the title it has in the new day: another tool's spelling of a date rollover writes or takes away
        // is title words.
        let title = known.number(expected.identity)
        known.facts[title].moved += 1
        let facts = known.facts[title]
        // Matched by a task of its title the new day had already (a run cut short, a day planned ahead).
        guard facts.moved > facts.wasThere else { return }
        known.add(expected: ExpectedCopy(task: expected, region: destination), of: title)
    }

    /// Each title's tasks the new day must get, as the old day's tasks moved on say, match the copies it gets: the
    /// same tasks in the same regions, in any order (the new day orders them by region).
    mutating func checkCopies(_ known: KnownTitles) {
        for facts in known.facts where facts.expectedCount > 0 {
            // As many as the old day moves on, less those the new day had: each title's count first.
            guard facts.copies == facts.expectedCount else {
                func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
                movedProblems.append("`\(known.expected[facts.firstExpected].task.title)` would be in the new day \(times(facts.copies)) instead of \(times(facts.expectedCount))")
                continue
            }
            var index = facts.firstExpected
            while index >= 0 {
                let copy = known.expected[index]
                if !copy.isPaired {
                    movedProblems.append("`\(copy.task.title)` would not come forward as it was, or not to \(copy.region)")
                }
                index = copy.next
            }
        }
    }
}

/// What `Rollover.problems()` knows of one title.
private struct TitleFacts {
    /// How many tasks of this title the new day gets that it did not have.
    var copies = 0
    /// How many tasks of this title the new day had before rollover.
    var wasThere = 0
    /// How many open tasks of the old day with this title were moved on (so far, in the walk).
    var moved = 0
    /// The tasks the new day must get for those moved on (less those it had): the first and the last in
    /// `KnownTitles.expected` (-1: none), and how many.
    var firstExpected = -1, lastExpected = -1, expectedCount = 0
    /// The first of them not yet paired with a task of the new day (-1: none), where pairing searches from.
    var firstUnmatched = -1
    /// A routine of this title was added.
    var isRoutine = false
}

/// A task the new day must get for one of the old day's tasks moved on, and the region it must stand in.
private struct ExpectedCopy {
    let task: PlanTask
    let region: Region
    /// The index of the next of its title in `KnownTitles.expected` (-1: none).
    var next = -1
    /// Whether a task of the new day was paired with it.
    var isPaired = false
}

/// How an open task's line of the old day changed: moved on (its status box set to `[>]`, nothing else) or
/// expired (set to `[-]`, with ` @expired` after its text unless it had the word, and parsed back as such).
private struct TaskLineChange {
    let isMovedOn: Bool
    let isExpired: Bool
    /// What rollover appends to an expired task's line.
    static let expiredWord = Array(" @expired".utf8)

    /// `old` and `new`: the task's line, without its line ending, in the old day's file before (`before`) and
    /// after rollover.
    init(_ task: PlanTask, before: [UInt8], old: ArraySlice<UInt8>, new: ArraySlice<UInt8>) {
        guard let parts = TaskLine(task, in: before), parts.box.lowerBound > old.startIndex,
              parts.box.upperBound <= old.endIndex, parts.textEnd <= old.endIndex else {
            isMovedOn = false
            isExpired = false
            return
        }
        // Offsets within the line. A box with stray blanks (`[ ]` typed `[]`) is written whole, canonically.
        let boxStart = parts.box.lowerBound - old.startIndex, boxEnd = parts.box.upperBound - old.startIndex
        let textEnd = parts.textEnd - old.startIndex
        /// Whether `new` is `old` with the box set to `[c]` of `status`'s mark and `inserted` after the text.
        func isEdit(setting status: Status, inserting inserted: ArraySlice<UInt8>) -> Bool {
            let grown = 3 - (boxEnd - boxStart)
            guard new.count == old.count + grown + inserted.count else { return false }
            let o = old.startIndex, n = new.startIndex, after = n + textEnd + grown + inserted.count
            return new[n + boxStart] == UInt8(ascii: "[") && new[n + boxStart + 1] == status.markByte && new[n + boxStart + 2] == UInt8(ascii: "]")
                && sameBytes(old[o..<(o + boxStart)], new[n..<(n + boxStart)])
                && sameBytes(old[(o + boxEnd)..<(o + textEnd)], new[(n + boxStart + 3)..<(n + textEnd + grown)])
                && sameBytes(new[(n + textEnd + grown)..<after], inserted)
                && sameBytes(old[(o + textEnd)...], new[after...])
        }
        isMovedOn = isEdit(setting: .moved, inserting: [])
        guard !isMovedOn, isEdit(setting: .cancelled, inserting: task.metadata.expired ? [] : TaskLineChange.expiredWord[...]) else {
            isExpired = false
            return
        }
        // The line read back on its own, as the parser reads a task's line: the same task, cancelled and expired.
        var expected = task
        expected.status = .cancelled
        expected.metadata.expired = true
        expected.notes = []
        guard let read = DayDocument.task(onLine: new) else {
            isExpired = false
            return
        }
        isExpired = !read.blocked && read.task == expected
    }
}

/// The lines of a file before and after an edit that keeps their number, walked together, one pair at a time.
private struct LinePairs {
    let before: [UInt8], after: [UInt8]
    /// Where the next line starts in each.
    var offsets = (before: 0, after: 0)
    /// The 1-based number of the next line.
    var next = 1

    init(_ before: [UInt8], _ after: [UInt8]) {
        self.before = before
        self.after = after
    }

    /// The next line of each, with its line ending (as `LineTable.full(_:)`); nil past the last line of either.
    mutating func pair() -> (old: ArraySlice<UInt8>, new: ArraySlice<UInt8>)? {
        guard offsets.before < before.count, offsets.after < after.count else { return nil }
        let oldEnd = lineEnd(in: before, from: offsets.before)
        let newEnd = lineEnd(in: after, from: offsets.after)
        defer {
            offsets = (oldEnd, newEnd)
            next += 1
        }
        return (before[offsets.before..<oldEnd], after[offsets.after..<newEnd])
    }

    /// A line without its line ending: the `\n` and the `\r`s before it (as `LineTable.content(of:)`).
    static func content(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = line.endIndex
        if end > line.startIndex, line[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        while end > line.startIndex, line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return line[line.startIndex..<end]
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
