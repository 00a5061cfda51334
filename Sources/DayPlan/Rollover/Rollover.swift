/// Opening a new day from the most recent plan: what comes forward, and the edits that record it.
///
/// A rollover is worked out on values and never touches files. Open tasks of the old day are marked
/// `[>]` (moved) or, when their expiry passed, `[-]` with `@expired`, by editing those lines and
/// nothing else; what moves on is added to the new day: `@carry` tasks to their region and bucket,
/// other tasks of Morning, Afternoon and Evening to the Backlog with `@from:<old day>`, and the open
/// Backlog as it is. A new day that already has a file keeps every byte of it; lines are inserted,
/// and a task whose title is already there is not added again (as many times as it is there), which makes a second
/// run a no-op.
public struct Rollover: Sendable {
    /// The day being opened.
    public let day: Day
    /// The day of the plan it starts from; nil when there is no earlier plan.
    public let sourceDay: Day?
    /// The old day's file as it was.
    public let sourceBefore: [UInt8]?
    /// The old day's file after rollover: its open tasks marked as moved on or expired.
    public let sourceAfter: [UInt8]?
    /// The new day's file as it was, when it already existed.
    public let targetBefore: [UInt8]?
    /// The new day's file after rollover.
    public let targetAfter: [UInt8]
    /// The lines of the old day's file that change, in order.
    public var sourceChanges: [LineChange] {
        guard let sourceBefore, let sourceAfter, !changedSourceLines.isEmpty else { return [] }
        let before = LineTable(sourceBefore), after = LineTable(sourceAfter)
        return changedSourceLines.map { LineChange(line: $0, old: before.text(of: $0), new: after.text(of: $0)) }
    }
    /// The lines of the new day's file that rollover adds (every line, when the file is new).
    public var addedLines: [AddedLine] {
        guard !addedLineNumbers.isEmpty else { return [] }
        let lines = LineTable(targetAfter)
        return addedLineNumbers.map { AddedLine(line: $0, text: lines.text(of: $0)) }
    }
    // Line numbers only: their texts are made when asked for, as a big plan changes many lines.
    let changedSourceLines: [Int]
    let addedLineNumbers: [Int]
    /// The counts for the summary.
    public let summary: RolloverSummary
    /// What rollover does not carry although it is (or may be) open, each with why: the findings of every rule
    /// that `leavesTaskBehind` (a task outside any region, a broken or unknown status box, an open sub-task under
    /// a finished task), an open box without a title, and a Logseq or org-mode `TODO` item. They stay in the old
    /// day as they are.
    public let leftBehind: [Diagnostic]
    /// The scheduled (`@on:`) tasks and routines rollover placed on the new day, and the `@carry` tasks whose
    /// region had no room, in order, each with where it went, and where it was meant to go when that region's
    /// bucket had no room.
    public let placements: [Placement]
    /// How the `@from:` day rollover writes on a task deferred to the Backlog is spelled when the task spells no
    /// key another tool's way (the plan folder's `metadata-style`); a task that does keeps its own spelling.
    public private(set) var metadataStyle = MetadataStyle.dayplan

    /// A task rollover placed because it was scheduled or is a routine.
    public struct Placement: Hashable, Sendable {
        /// Why it was placed.
        public enum Reason: Hashable, Sendable {
            /// `@on:` named the new day (or an earlier one).
            case scheduled
            /// A routine of the routines file due on the new day.
            case routine
            /// `@carry` meant its region, whose bucket had no room: it went to the Backlog.
            case carried
        }
        /// The task's title.
        public let title: String
        /// Its bucket.
        public let bucket: Bucket
        /// Why it was placed.
        public let reason: Reason
        /// The region it went to.
        public let region: Region
        /// The region it was meant for, when that region's bucket was full (it went to the Backlog instead).
        public let wanted: Region?
        /// The task's line in the old day, for a task the old day moved on (nil for a routine's new copy; a
        /// routine's unfinished copy the old day moves on has its line): which of two tasks of one title it was.
        public var oldDayLine: Int? = nil
        /// For a routine due on a day nobody rolled over into, that day: it is added once, for the latest of them.
        public var missedDay: Day? = nil
    }

    /// The list items without a status box that start with an open task word (`- TODO Write the plan`, and org's
    /// `** TODO …`): a task to
    /// the person, but none to dayplan, so rollover leaves it and names it, never silently.
    static func openWordItems(in diagnostics: [Diagnostic], of bytes: [UInt8]) -> [Diagnostic] {
        diagnostics.compactMap { finding -> Diagnostic? in
            guard finding.rule == .listItemWithoutStatus, finding.start.offset < bytes.count else { return nil }
            let line = bytes.withUnsafeBufferPointer { withoutNewline(finding.start.offset..<lineEnd(in: $0, from: finding.start.offset), in: $0) }
            let words = String(decoding: bytes[line], as: UTF8.self).split(separator: " ")
            guard words.count >= 2, let word = Checkbox.openTaskWords.first(where: { words[1] == $0 }) else { return nil }
            return Diagnostic(finding.rule, from: finding.start, to: finding.end,
                              "This `\(word)` item is a task to Logseq or org-mode but not to dayplan, so rollover left it "
                              + "here; write it as `- [ ] …` to plan and carry it.")
        }
    }

    /// `finding` with the line it is about quoted after its message (`Left behind: `- [ ] Call the plumber``), so that
    /// a cron log names the task itself, not only where it stands. The line is cut, by whole characters, at 100.
    static func quotingItsLine(_ finding: Diagnostic, in bytes: [UInt8]) -> Diagnostic {
        guard finding.start.offset < bytes.count else { return finding }
        var start = finding.start.offset
        // A line ends at LF; an item after a lone CR (old Mac line endings) is quoted from the CR on.
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\r") { start -= 1 }
        var end = finding.start.offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self).trimmingWhitespace
        guard !text.isEmpty else { return finding }
        let shown = text.count > 100 ? String(text.prefix(99)) + "…" : text
        return Diagnostic(finding.rule, from: finding.start, to: finding.end, finding.message + " Left behind: `\(shown)`")
    }

    /// One line of the old day's file that rollover edits.
    public struct LineChange: Hashable, Sendable {
        /// The 1-based line.
        public let line: Int
        /// The text before, without its line ending.
        public let old: String
        /// The text after, without its line ending.
        public let new: String
    }

    /// One line rollover adds to the new day's file.
    public struct AddedLine: Hashable, Sendable {
        /// The 1-based line in the new day's file.
        public let line: Int
        /// The text, without its line ending.
        public let text: String
    }

    /// Whether the old day's file changes.
    public var changesSource: Bool { sourceAfter != sourceBefore }
    /// Whether the new day's file is created or changes.
    public var changesTarget: Bool { targetAfter != targetBefore }

    /// Whether an open task of `region` is carried into the same region of the new `day` (`@carry`, FORMAT.md
    /// §6.2) rather than deferred: a task of a limited region flagged carry, unless it is scheduled (`@on:`) for a
    /// later day, which it waits for in the Backlog.
    static func isCarried(_ task: PlanTask, in region: Region, opening day: Day) -> Bool {
        region.isLimited && task.metadata.carry && !(task.metadata.on.map { $0 > day } ?? false)
    }

    /// Works out the rollover into `day` from the plan `source` (its day, from the file name, and its bytes),
    /// given the new day's file if it already exists, the plan folder's routines file, if any, and when their
    /// copies were last closed (for `@every:done+…`).
    ///
    /// A Backlog task scheduled with `@on:` for the new day or earlier is placed (FORMAT.md §6.2), and each
    /// routine due on the new day is added unless its title is there already (§6.9); both respect the 1-3-5
    /// limits, and what does not fit stays in (or goes to) the Backlog, listed in `placements`.
    ///
    /// Throws `.sourceRefused` or `.targetRefused` when a file has errors that make its structure
    /// ambiguous (FORMAT.md's formatting blockers, a never-closed code fence among them), when an open task
    /// of the old day has no title, or when the new day's existing file is headed with another day.
    /// `metadataStyle` spells the `@from:` day written on a deferred task that spells no key another way.
    public init(opening day: Day, from source: (day: Day, bytes: [UInt8])?, existing target: [UInt8]?,
                routines: DayDocument? = nil, history: RoutineHistory = RoutineHistory(),
                metadataStyle: MetadataStyle = .dayplan) throws(RolloverError)
    {
        var targetDocument: DayDocument?
        if let target {
            let document = DayDocument(parsing: target)
            guard document.formattingBlockers.isEmpty else { throw .targetRefused(document.formattingBlockers) }
            if let named = document.day, named != day, let line = document.dayHeadingLine {
                let lines = LineTable(target)
                let start = SourcePosition(offset: lines.start(of: line), line: line, column: 1)
                let end = SourcePosition(offset: start.offset + lines.content(of: line).count, line: line,
                                         column: lines.content(of: line).count + 1)
                throw .targetRefused([Diagnostic(.dayMismatch, from: start, to: end,
                                                 "This file is the plan of \(day), but its heading says \(named); fix the heading.")])
            }
            targetDocument = document
        }

        // What the new day already holds, by identity, and how many of each: an open task of the old day is not added
        // again while the new day holds a task of its title that no other one matched (a run cut short, a day planned
        // ahead), so that two tasks of one title stay two (four pomodoros are four tasks), and a second run adds none.
        let targetTasks = targetDocument?.allTasks ?? []
        var known = TitleNumbers(expected: targetTasks.count + 16)
        var unmatched: [Int] = []
        for task in targetTasks {
            let number = known.number(task.identity)
            if number == unmatched.count { unmatched.append(0) }
            unmatched[number] += 1
        }
        // What each region gets, by `Region.rawValue`.
        var additions = [[PlanTask]](repeating: [], count: Region.allCases.count)
        var summary = RolloverSummary()
        var sourceAfter: [UInt8]?
        var oldDayTasks: [OldDayTask]?
        var changedSourceLines: [Int] = []
        var lineEnding = LineEnding.lf
        var leftBehind: [Diagnostic] = []
        var placements: [Placement] = []
        // Scheduled tasks placed in the Backlog go first among what is added there.
        var backlogFirst: [PlanTask] = []
        // The old day's open tasks bound for the new day's Backlog (deferred, or moved on in the Backlog), each with
        // its place in `additions`, its old line, the task as it was, and whether it was deferred from a region:
        // a routine due on the new day takes its unfinished copy from among them (§6.9).
        var toTheBacklog: [(index: Int, line: Int, task: PlanTask, deferred: Bool)] = []
        // Open tasks per region and bucket on the new day as it fills: what a placement must fit beside.
        var open = [[Int]](repeating: [0, 0, 0], count: Region.allCases.count)
        for section in targetDocument?.sections ?? [] {
            guard let region = section.region else { continue }
            for case .task(let task) in section.items where task.status.isOpen { open[region.rawValue][task.bucket.rawValue] += 1 }
        }
        /// Where a task meant for `region` goes: there when its bucket has room, else the Backlog.
        func place(_ task: PlanTask, in region: Region, _ reason: Placement.Reason, oldDayLine: Int? = nil,
                   missedDay: Day? = nil) -> Region {
            let fits = !region.isLimited || open[region.rawValue][task.bucket.rawValue] < task.bucket.limit
            let placed = fits ? region : .backlog
            open[placed.rawValue][task.bucket.rawValue] += 1
            placements.append(Placement(title: task.title, bucket: task.bucket, reason: reason, region: placed,
                                        wanted: fits ? nil : region, oldDayLine: oldDayLine, missedDay: missedDay))
            return placed
        }

        if let source {
            // The old day is read task by task, its edits made on its bytes as its tasks come: no task or other
            // line of it is held, so that a big plan costs little more memory than its bytes, before and after.
            var edited = OrderedEdits(of: source.bytes)
            var untitled: [Diagnostic] = []
            var lostBox: Int?
            var kept: [OldDayTask]? = Rollover.keepsOldDayTasks(ofSize: source.bytes.count) ? [] : nil
            let document = DayDocument.forEachTask(in: source.bytes) { task, region in
                guard let region else { return }
                kept?.append(OldDayTask(task: task, region: region))
                guard task.status.isOpen else { return }
                // An open box with no title (a template's `- [ ]` placeholder): nothing to carry, so it stays where it is,
                // open, and is named; it never stops the rollover of the day's other tasks.
                if task.title.isEmpty {
                    if let span = task.source {
                        untitled.append(Diagnostic(.emptyTitle, from: span.start, to: span.end,
                                                   "This empty box has no title, so rollover left it where it is; give it a title or remove it."))
                    }
                    return
                }
                guard lostBox == nil, let taskLine = TaskLine(task, in: source.bytes) else {
                    lostBox = lostBox ?? task.line
                    return
                }
                var moving = task
                moving.source = nil
                moving = moving.rolled(.movedOn)
                let carried = Rollover.isCarried(task, in: region, opening: day)
                if region.isLimited, !carried { moving = moving.rolled(.deferred(from: source.day), style: metadataStyle) }
                let expired = !task.metadata.carry && (task.metadata.expires.map { $0 < day } ?? false)
                // Only the task's own line changes (its status box, and a word after its text), and the tasks
                // come in file order: so do the changed lines and the edits.
                changedSourceLines.append(task.line)
                if expired {
                    taskLine.setStatus(.cancelled, in: &edited)
                    if !task.metadata.expired { edited.apply(taskLine.insertionEdit(of: "@expired", key: "expired", in: source.bytes)) }
                    summary.expired += 1
                    return
                }
                taskLine.setStatus(.moved, in: &edited)
                // Its open sub-tasks move on with it (no open task stands open in two days); its finished ones stay
                // in the old day, the record of what was done, and do not come along (FORMAT.md §3.4).
                for mark in taskLine.openSubtaskMarks(of: task, in: source.bytes) {
                    edited.replaceByte(at: mark.offset, with: Status.moved.markByte)
                    changedSourceLines.append(mark.line)
                }
                moving.notes = task.notesMovingOn
                let number = known.number(moving.identity)
                if number == unmatched.count { unmatched.append(0) }
                guard unmatched[number] == 0 else {
                    unmatched[number] -= 1
                    summary.alreadyPlanned += 1
                    return
                }
                if let due = task.metadata.due, due <= day { summary.overdue += 1 }
                if let on = task.metadata.on, on <= day {
                    // Scheduled (from the Backlog or a region, where `review --evening` plans a task for tomorrow):
                    // placed now, and no longer scheduled; without room it stays scheduled in the Backlog, to be
                    // tried again at the next rollover. A carried task without a region of its own stays in its region.
                    let wanted = task.metadata.onRegion ?? (carried ? region : .backlog)
                    let placed = place(moving, in: wanted, .scheduled, oldDayLine: task.line)
                    if placed == wanted { moving = moving.rolled(.placedAsScheduled) }
                    if placed == .backlog { backlogFirst.append(moving) } else { additions[placed.rawValue].append(moving) }
                    summary.scheduled += 1
                    return
                }
                var into: Region = carried ? region : .backlog
                if carried, open[region.rawValue][moving.bucket.rawValue] >= moving.bucket.limit {
                    // The new day's bucket is full already (planned ahead): nothing exceeds a limit.
                    into = .backlog
                    placements.append(Placement(title: moving.title, bucket: moving.bucket, reason: .carried,
                                                region: .backlog, wanted: region, oldDayLine: task.line))
                }
                open[into.rawValue][moving.bucket.rawValue] += 1
                if into == .backlog, !carried {
                    var asItWas = task
                    asItWas.source = nil
                    asItWas = asItWas.rolled(.movedOn)
                    asItWas.notes = moving.notes
                    toTheBacklog.append((additions[into.rawValue].count, task.line, asItWas, region.isLimited))
                }
                additions[into.rawValue].append(moving)
                if carried {
                    summary.carried += 1
                } else if region.isLimited {
                    summary.deferred += 1
                }
            }
            lineEnding = document.lineEnding
            let blockers = document.formattingBlockers
            guard blockers.isEmpty else { throw .sourceRefused(blockers.sorted { $0.start < $1.start }) }
            if let lostBox { throw .checkFailed(["cannot find the status box of line \(lostBox) of the old day"]) }
            leftBehind = (document.diagnostics.filter { $0.rule.leavesTaskBehind }
                          + Rollover.openWordItems(in: document.diagnostics, of: source.bytes))
                .map { Rollover.quotingItsLine($0, in: source.bytes) }
                + untitled
            leftBehind.sort { $0.start < $1.start }
            sourceAfter = edited.finish()
            oldDayTasks = kept
        }

        // The routines due on the new day, or on a day since the old one nobody rolled over into (once), in the routines
        // file's order, unless a task of that title is there. An unfinished copy the old day moves on to the Backlog
        // goes to the routine's region instead, as it was (no `@from:` added), and no second copy is added.
        var takenFromTheBacklog: [Int] = []
        for section in routines?.sections ?? [] {
            guard let region = section.region else { continue }
            for routine in section.tasks where routine.status.isOpen {
                guard let every = routine.metadata.every,
                      let due = every.dueDay(opening: day, after: source?.day, lastClosed: history.lastClosed(routine.identity))
                else { continue }
                guard known.insert(routine.identity) else {
                    if let at = toTheBacklog.firstIndex(where: { $0.task.identity == routine.identity }) {
                        let copy = toTheBacklog.remove(at: at)
                        open[Region.backlog.rawValue][copy.task.bucket.rawValue] -= 1
                        let placed = place(copy.task, in: region, .routine, oldDayLine: copy.line,
                                           missedDay: due == day ? nil : due)
                        if placed != .backlog {
                            takenFromTheBacklog.append(copy.index)
                            additions[placed.rawValue].append(copy.task)
                            if copy.deferred { summary.deferred -= 1 }
                            summary.routines += 1
                            continue
                        }
                    }
                    summary.routinesAlreadyThere += 1
                    continue
                }
                var task = routine
                task.source = nil
                task = task.rolled(.copiedFromRoutine)
                additions[place(task, in: region, .routine, missedDay: due == day ? nil : due).rawValue].append(task)
                summary.routines += 1
            }
        }

        for index in takenFromTheBacklog.sorted(by: >) { additions[Region.backlog.rawValue].remove(at: index) }
        // In the order they stood in the old day, except that a sticky task goes before the first task of its
        // bucket that is not sticky; scheduled tasks bound for the Backlog before all of them.
        if !backlogFirst.isEmpty { additions[Region.backlog.rawValue] = backlogFirst + additions[Region.backlog.rawValue] }
        for region in additions.indices where additions[region].contains(where: \.metadata.sticky) {
            var ordered: [PlanTask] = []
            for task in additions[region] {
                var at = ordered.count
                if task.metadata.sticky {
                    for index in ordered.indices where ordered[index].bucket == task.bucket && !ordered[index].metadata.sticky {
                        at = index
                        break
                    }
                }
                ordered.insert(task, at: at)
            }
            additions[region] = ordered
        }

        let targetAfter: [UInt8]
        let addedLines: [Int]
        if let target, let targetDocument, !targetDocument.isEmptyDay {
            (targetAfter, addedLines) = Rollover.insert(additions, into: target)
        } else {
            // A new file, or an empty day (nothing, front matter or blank lines only): the whole plan, after
            // whatever the file held.
            var kept = target ?? []
            if let targetDocument, kept.contains(UInt8(ascii: "\n")) { lineEnding = targetDocument.lineEnding }
            if let last = kept.last, last != UInt8(ascii: "\n") { kept += Array(lineEnding.rawValue.utf8) }
            var document = DayDocument(day: day, lineEnding: lineEnding)
            for index in document.sections.indices {
                guard let region = document.sections[index].region else { continue }
                document.sections[index].items = additions[region.rawValue].map(Item.task)
            }
            targetAfter = kept + document.canonicalBytes()
            addedLines = Array((LineTable.lineCount(of: kept) + 1)..<(LineTable.lineCount(of: targetAfter) + 1))
        }
        // Everything added is open; counted without parsing the result again.
        summary.backlog = (targetDocument?.tasks(in: .backlog).filter(\.status.isOpen).count ?? 0)
            + additions[Region.backlog.rawValue].count

        self.init(day: day, sourceDay: source?.day, sourceBefore: source?.bytes, sourceAfter: sourceAfter,
                  targetBefore: target, targetAfter: targetAfter, changedSourceLines: changedSourceLines,
                  addedLineNumbers: addedLines, summary: summary, leftBehind: leftBehind, placements: placements)
        self.metadataStyle = metadataStyle
        // The new day's file as parsed above, so that `verify()` need not parse it again; the old day's tasks too,
        // when kept.
        parsedTargetBefore = targetDocument
        parsedOldDayTasks = oldDayTasks
    }

    /// The new day's file as it was, parsed: kept from the work so that `verify()` need not read it again. Nil
    /// for a rollover made from its parts (tests of `verify()`). (The old day's tasks are kept only when its
    /// file is small: `parsedOldDayTasks`.)
    var parsedTargetBefore: DayDocument?

    /// The old day's tasks of its regions as the work read them, in file order, kept for `verify()` when its file is
    /// small (`keepsOldDayTasks(ofSize:)`); nil otherwise, or for a rollover made from its parts, and `verify()`
    /// reads the file again, task by task.
    var parsedOldDayTasks: [OldDayTask]?

    /// Whether the work keeps the old day's tasks for `verify()` when its file has `size` bytes: up to 1 MiB
    /// (a day file is some 5 to 20 KB). Kept, they spare a typical rollover, which has a time budget, a second
    /// parse; but tasks take a few times their bytes, so a bigger plan, whose peak memory has a budget too, is
    /// read again instead.
    static func keepsOldDayTasks(ofSize size: Int) -> Bool { size <= 1 << 20 }

    /// A task of one of the old day's regions, and the region.
    struct OldDayTask {
        let task: PlanTask
        let region: Region
    }

    /// Every stored property as given; for the initializer above and for tests of `verify()`.
    init(day: Day, sourceDay: Day?, sourceBefore: [UInt8]?, sourceAfter: [UInt8]?, targetBefore: [UInt8]?,
         targetAfter: [UInt8], changedSourceLines: [Int] = [], addedLineNumbers: [Int] = [],
         summary: RolloverSummary, leftBehind: [Diagnostic] = [], placements: [Placement] = []) {
        self.leftBehind = leftBehind
        self.placements = placements
        self.day = day
        self.sourceDay = sourceDay
        self.sourceBefore = sourceBefore
        self.sourceAfter = sourceAfter
        self.targetBefore = targetBefore
        self.targetAfter = targetAfter
        self.changedSourceLines = changedSourceLines
        self.addedLineNumbers = addedLineNumbers
        self.summary = summary
    }
}

/// What a rollover did, in counts.
public struct RolloverSummary: Hashable, Sendable {
    /// Open `@carry` tasks placed in the same region and bucket of the new day.
    public var carried = 0
    /// Open tasks of Morning, Afternoon or Evening moved to the new day's Backlog.
    public var deferred = 0
    /// Open tasks dropped because their `@expires:` day has passed.
    public var expired = 0
    /// Open tasks not added because the new day's file already holds a task with the same title.
    public var alreadyPlanned = 0
    /// Open tasks in the new day's Backlog afterwards.
    public var backlog = 0
    /// Scheduled (`@on:`) tasks placed (or tried: see `Rollover.placements`).
    public var scheduled = 0
    /// Routines added.
    public var routines = 0
    /// Routines due but not added because a task of that title was already there.
    public var routinesAlreadyThere = 0
    /// Open tasks that came forward on or after their `@due:` day.
    public var overdue = 0

    /// Makes a summary; all counts start at zero.
    public init(carried: Int = 0, deferred: Int = 0, expired: Int = 0, alreadyPlanned: Int = 0, backlog: Int = 0) {
        self.carried = carried
        self.deferred = deferred
        self.expired = expired
        self.alreadyPlanned = alreadyPlanned
        self.backlog = backlog
    }
}

/// Why a rollover cannot be done; in every case nothing may be written.
public enum RolloverError: Error, Sendable {
    /// The old day's file has errors that make its structure ambiguous.
    case sourceRefused([Diagnostic])
    /// The new day's file exists and has errors that make its structure ambiguous.
    case targetRefused([Diagnostic])
    /// The computed files, parsed back, are not what rollover meant to write: each string says what is wrong.
    case checkFailed([String])
}

extension Rollover {
    /// Inserts what comes forward into an existing day file, keeping every byte it had (see `RegionInsertion`).
    /// `additions`: the tasks for each region, by `Region.rawValue`; a region that gets none is left alone.
    static func insert(_ additions: [[PlanTask]], into original: [UInt8]) -> ([UInt8], [Int]) {
        let insertions = Region.allCases.compactMap { region in
            additions[region.rawValue].isEmpty
                ? nil : RegionInsertion(region: region, text: additions[region.rawValue].flatMap(\.writtenLines))
        }
        let result = RegionInsertion.apply(insertions, to: original)
        return (result.bytes, result.addedLines)
    }
}
