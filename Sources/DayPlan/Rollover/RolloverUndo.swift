/// What one rollover wrote, as `dayplan rollover` records it for `--undo`: both files before and after, byte
/// for byte, whether it made the new day's file, and the folders it made for it.
public struct RolloverRecord: Equatable, Sendable {
    /// The old day's file, inside the plan folder ("" when there was no earlier plan).
    public var sourcePath: String
    /// The new day's file, inside the plan folder.
    public var targetPath: String
    /// The old day before and after (nil when there was none).
    public var sourceBefore: [UInt8]?
    /// The old day as rollover left it.
    public var sourceAfter: [UInt8]?
    /// The new day's file before (nil when rollover made it).
    public var targetBefore: [UInt8]?
    /// The new day's file as rollover left it.
    public var targetAfter: [UInt8]
    /// The folders rollover made for the new day's file (the layout's date folders, `2026/12`), inside the plan
    /// folder, outermost first: an undo that removes the file removes them too, if nothing else is in them.
    public var madeFolders: [String]

    /// Whether rollover made the new day's file.
    public var created: Bool { targetBefore == nil }

    /// A record of a rollover that wrote these files.
    public init(sourcePath: String, targetPath: String, sourceBefore: [UInt8]?, sourceAfter: [UInt8]?,
                targetBefore: [UInt8]?, targetAfter: [UInt8], madeFolders: [String] = []) {
        self.sourcePath = sourcePath
        self.targetPath = targetPath
        self.sourceBefore = sourceBefore
        self.sourceAfter = sourceAfter
        self.targetBefore = targetBefore
        self.targetAfter = targetAfter
        self.madeFolders = madeFolders
    }
}

/// A rollover reversed (`dayplan rollover --undo`), on values: the old day's `[>]` (and `@expired`) marks go back,
/// the tasks rollover put into the new day leave it, and a new day left as rollover made it goes.
///
/// When neither file changed since, both come back byte for byte. Edits made since are kept and named: a task
/// rollover carried that was changed in the new day since stays there (and stays `[>]` in the old day, so that it
/// is in one place), an old day's line changed since stays as it is (and its task stays in the new day), and a new
/// day that holds anything else is kept without what rollover put there. Refused, with the reasons, where it
/// cannot be done without losing a task.
public struct RolloverUndo: Sendable {
    /// The old day's new content; nil when there is no old day.
    public let source: [UInt8]?
    /// The new day's file's new content; nil when it is to be removed (rollover made it, and nothing else is in it).
    public let target: [UInt8]?
    /// One line per edit made since the rollover that the undo kept, and why.
    public let kept: [String]

    /// Why an undo cannot be done without loss.
    public struct Refusal: Error, Sendable {
        /// The reasons, each a sentence.
        public let reasons: [String]
    }

    /// Works out the undo of `record`, the files being `sourceNow` and `targetNow` (nil: missing).
    public init(_ record: RolloverRecord, sourceNow: [UInt8]?, targetNow: [UInt8]?) throws(Refusal) {
        try self.init(record, sourceNow: sourceNow, targetNow: targetNow, shortcut: true)
    }

    /// `init(_:sourceNow:targetNow:)`; without `shortcut`, files unchanged since go through the line-by-line undo
    /// too (its property test: that gives them back byte for byte as well).
    init(_ record: RolloverRecord, sourceNow: [UInt8]?, targetNow: [UInt8]?, shortcut: Bool) throws(Refusal) {
        guard let targetNow else {
            throw Refusal(reasons: ["\(record.targetPath) is gone since the rollover, so what it carried cannot be taken back; "
                                    + "restore it, or mark the old day's tasks by hand"])
        }
        if record.sourceAfter != nil, sourceNow == nil {
            throw Refusal(reasons: ["\(record.sourcePath) is gone since the rollover; restore it first"])
        }
        // Nothing changed since: both files as they were.
        if shortcut, sourceNow == record.sourceAfter, targetNow == record.targetAfter {
            source = record.sourceBefore
            target = record.targetBefore
            kept = []
            return
        }
        var kept: [String] = []
        let sourceName = record.sourcePath, targetName = record.targetPath

        // The old day's lines rollover changed (in place: it edits lines, never adds or removes them).
        let sb = Self.lines(record.sourceBefore ?? []), sa = Self.lines(record.sourceAfter ?? [])
        let sn = Self.lines(sourceNow ?? [])
        guard sb.count == sa.count else {
            throw Refusal(reasons: ["\(sourceName): the rollover changed its number of lines, which undo cannot reverse line by line"])
        }
        let sourceTasks = Self.tasksByLine(record.sourceAfter ?? [])
        let sourceMatch = Self.matches(sa, sn)
        var editedInSource: Set<String> = []
        for i in sa.indices where sa[i] != sb[i] && sourceMatch[i] < 0 {
            if let title = sourceTasks[i + 1] { editedInSource.insert(title) }
        }

        // The new day: the task blocks (a task and its notes) rollover added, and the other lines it added.
        // A day without a final line break may have got one from rollover before lines it added at the end: it is
        // compared in whichever form, as it was or with a line break, has more lines in common with the result.
        var before = record.targetBefore ?? []
        var terminator: [UInt8] = []
        if let last = before.last, last != UInt8(ascii: "\n") {
            let ta = Self.lines(record.targetAfter)
            var best = Self.matches(Self.lines(before), ta).filter { $0 >= 0 }.count
            for candidate: [UInt8] in [[10], [13, 10]] {
                let common = Self.matches(Self.lines(before + candidate), ta).filter { $0 >= 0 }.count
                if common > best { (best, terminator) = (common, candidate) }
            }
            before += terminator
        }
        let tb = Self.lines(before), ta = Self.lines(record.targetAfter), tn = Self.lines(targetNow)
        let fromBefore = Self.matches(ta, tb), inNow = Self.matches(ta, tn)
        let nowTitles = Set(DayDocument(parsing: targetNow).allTasks.map(\.title))
        var removeFromNow = Set<Int>()
        var addedInBlocks = Set<Int>()
        var held: Set<String> = []
        // Tasks rollover added from neither file (a routine's copy, whose routine stays in the routines file): taken
        // out with the rest of what rollover added, and not lost by that.
        let oldDayTitles = Set(DayDocument(parsing: record.sourceBefore ?? []).allTasks.map(\.title))
        var fromElsewhere: Set<String> = []
        for task in DayDocument(parsing: record.targetAfter).allTasks {
            let first = task.line - 1
            guard first >= 0, first < ta.count, fromBefore[first] < 0 else { continue }
            let block = first..<min(ta.count, first + max(1, task.lineSpan))
            addedInBlocks.formUnion(block)
            let unchanged = block.allSatisfy { inNow[$0] >= 0 }
            if editedInSource.contains(task.title) {
                held.insert(task.title)
                kept.append("“\(task.title)”: its line in \(sourceName) was changed since the rollover, so that line is kept "
                            + "as it is and the task stays in \(targetName)")
            } else if unchanged {
                for i in block { removeFromNow.insert(inNow[i]) }
                if !oldDayTitles.contains(task.title) { fromElsewhere.insert(task.title) }
            } else if nowTitles.contains(task.title) {
                held.insert(task.title)
                kept.append("“\(task.title)”: changed in \(targetName) since the rollover, so it stays there (and stays [>] in "
                            + "\(sourceName), so that it is in one place)")
            } else {
                for i in block where inNow[i] >= 0 { removeFromNow.insert(inNow[i]) }
                kept.append("“\(task.title)”: removed from \(targetName) since the rollover; it is open again in \(sourceName)")
            }
        }
        // The other lines rollover added (headings, a new day's skeleton) go too when nothing in the day is new since.
        let matchedInNow = Set(inNow)
        let nowHasEdits = tn.indices.contains { !matchedInNow.contains($0) }
        let structure = ta.indices.filter { fromBefore[$0] < 0 && !addedInBlocks.contains($0) }
        if !nowHasEdits, held.isEmpty {
            for i in structure where inNow[i] >= 0 { removeFromNow.insert(inNow[i]) }
        }
        let remaining = tn.indices.filter { !removeFromNow.contains($0) }.map { tn[$0] }
        var target: [UInt8]? = Self.joined(remaining)
        if !terminator.isEmpty, let undone = target, undone == before || undone + [10] == before { target = record.targetBefore }
        if record.created {
            // A new day holding nothing but what rollover made in it goes; one with anything else stays.
            if !nowHasEdits, held.isEmpty {
                target = nil
            } else {
                kept.append("\(targetName): holds changes made since the rollover, so it is kept, without what rollover put there")
            }
        } else if nowHasEdits || !held.isEmpty, structure.contains(where: { inNow[$0] >= 0 }) {
            kept.append("\(targetName): the headings rollover added are kept, as the day holds changes made since")
        }

        // The old day: each line rollover changed goes back, unless it was changed since or its task stays in the new day.
        var newSource = sn
        for i in sa.indices where sa[i] != sb[i] {
            let title = sourceTasks[i + 1]
            if sourceMatch[i] < 0 {
                kept.append("\(sourceName):\(i + 1): changed since the rollover, so it is kept as it is")
            } else if let title, held.contains(title) {
                continue
            } else {
                newSource[sourceMatch[i]] = sb[i]
            }
        }
        let source: [UInt8]? = record.sourceAfter == nil ? nil : Self.joined(newSource)

        // Nothing lost: every task of either file now is in one of them after.
        let titlesNow = DayDocument(parsing: sourceNow ?? []).allTasks.map(\.title) + DayDocument(parsing: targetNow).allTasks.map(\.title)
        let after = Set(DayDocument(parsing: source ?? []).allTasks.map(\.title) + DayDocument(parsing: target ?? []).allTasks.map(\.title))
        let lost = Set(titlesNow).subtracting(after).subtracting(fromElsewhere).sorted()
        if !lost.isEmpty {
            throw Refusal(reasons: lost.map { "“\($0)” would be in neither \(sourceName) nor \(targetName) after the undo" })
        }
        self.source = source
        self.target = target
        self.kept = kept
    }

    /// A file's lines, split at `\n` (a `\r` stays with its line), the last one after the final `\n` included.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    }

    /// Lines back into a file.
    static func joined(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes += line
        }
        return bytes
    }

    /// For each line of `a`, the line of `b` it is in a longest common subsequence, or -1.
    static func matches(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Int] {
        var numbering = Numbering<ArraySlice<UInt8>>()
        let x = a.map { numbering.number($0) }, y = b.map { numbering.number($0) }
        return Diff3.matches(x, y)
    }

    /// The title of the task on each 1-based line of a file.
    static func tasksByLine(_ bytes: [UInt8]) -> [Int: String] {
        var titles: [Int: String] = [:]
        for section in DayDocument(parsing: bytes).sections {
            for task in section.tasks where task.line > 0 { titles[task.line] = task.title }
        }
        return titles
    }
}
