/// Changes to one day file, worked out on its bytes: the one place the library edits a person's plan.
///
/// Each operation returns a `DayEdit`: the byte edits that make the change and nothing else (every other
/// byte stays as it was: the person's spacing, decoration, tabs, line endings, a byte-order mark), checked
/// before anything is applied. The check reads the result back: a bucket of a limited region that would hold
/// more open tasks than the 1-3-5 rule allows is `EditError.bucketFull`, naming where there is room; a file
/// whose structure is a guess (a region twice, a code fence never closed) is refused; and a result that does
/// not say exactly what was meant, every other task unchanged, is `checkFailed`. Pure: no I/O.
///
/// A task is addressed by a line it stands on: its task line or one of its notes' lines (`PlanTask.line`
/// and `lineSpan`), as editors and `dayplan lint` name lines.
///
/// ```swift
/// let editor = DayEditor(bytes)
/// let edit = try editor.setStatus(.done, ofTaskAt: 7)
/// save(edit.after)          // or send edit.edits to an editor
/// print(edit.summary)       // "marked done: Buy milk"
/// ```
public struct DayEditor: Sendable {
    /// The file as it is.
    public let bytes: [UInt8]
    /// The file, parsed.
    public let document: DayDocument
    /// How a metadata word is written on a task that spells none of its keys another tool's way (the plan
    /// folder's `metadata-style`); a task that does is written in its own spelling (`ForeignSpelling`).
    public var style = MetadataStyle.dayplan

    /// Reads a day file to edit it.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.document = DayDocument(parsing: bytes)
    }

    /// Every task standing in a region, with its region, in file order.
    public var tasks: [PlacedTask] {
        var placed: [PlacedTask] = []
        for section in document.sections {
            guard let region = section.region else { continue }
            for task in section.tasks { placed.append(PlacedTask(region: region, task: task)) }
        }
        return placed
    }

    /// The task standing on `line`: its task line or one of its notes' lines.
    public func task(at line: Int) -> PlacedTask? {
        tasks.first { $0.task.line <= line && line < $0.task.line + $0.task.lineSpan }
    }

    /// How many open tasks each bucket of a region holds (sub-tasks do not count).
    public func openCount(in region: Region, _ bucket: Bucket) -> Int {
        DayEditor.openCounts(document)[region.rawValue][bucket.rawValue]
    }

    // MARK: - Operations

    /// Adds `task` to `region`: after the region's last task and its notes, right after its heading when it
    /// has none, or under a new `## Region` heading in canonical position when the file has no such region.
    /// The task is written in canonical form (`- [ ] title @metadata`, notes indented by two spaces) with the
    /// file's line ending.
    public func insert(_ task: PlanTask, into region: Region) throws(EditError) -> DayEdit {
        try refuseAmbiguous()
        var task = task
        task.source = nil
        let result = RegionInsertion.apply([RegionInsertion(region: region, text: task.writtenLines)], to: bytes, parsed: document)
        var expected = regionTasks()
        expected[region.rawValue].append(task)
        return try check(result.edits, expecting: expected, summary: "added to \(region.withArticle) (\(task.bucket)): \(task.title)",
                         edited: region)
    }

    /// Captures `task` into the Backlog on `day` (the day of the file): inserted as `insert(_:into:)` does, with
    /// `@from:` that day unless it says one, so that a captured task ages from the day it was captured, as a
    /// task rollover defers does from its old day (`dayplan add`, the language server's add).
    public func capture(_ task: PlanTask, on day: Day) throws(EditError) -> DayEdit {
        try insert(DayEditor.captured(task, on: day), into: .backlog)
    }

    /// `task` as `capture(_:on:)` writes it: with `@from:` `day` unless it says one.
    public static func captured(_ task: PlanTask, on day: Day) -> PlanTask {
        var task = task
        if task.metadata.from == nil { task.metadata.from = day }
        return task
    }

    /// Sets the status of the task on `line`: one byte, the mark between the brackets (none when the task has
    /// that status already; `[X]` counts as done). With `doneDate` (the plan's `done-date` setting on), a task
    /// marked done gets `@done:` that day, unless it has one, and a task marked anything else loses its `@done:`.
    /// With `subtasks`, a task marked done or cancelled has its open sub-tasks (`- [ ] …` in its notes) marked the
    /// same: one byte each.
    public func setStatus(_ status: Status, ofTaskAt line: Int, doneDate: Day? = nil, subtasks: Bool = false) throws(EditError) -> DayEdit {
        let (placed, taskLine) = try find(line)
        var expected = regionTasks()
        var changed = placed.task
        changed.status = status
        var edits = taskLine.statusEdit(status, in: bytes)
        if subtasks, status == .done || status == .cancelled {
            let marks = taskLine.openSubtaskMarks(of: placed.task, in: bytes)
            edits += marks.map { TextEdit(offset: $0.offset, removing: 1, inserting: [status.markByte]) }
            // The notes expected after: each edited one with its box's mark replaced, the others as they are.
            for mark in marks {
                let note = mark.line - placed.task.line - 1
                guard changed.notes.indices.contains(note) else { continue }
                var text = Array(changed.notes[note].utf8)
                let first = text.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? text.count
                let box = text.withUnsafeBufferPointer { Checkbox.read($0, from: first, to: $0.count) }
                guard let box, box.markStart < text.count else { continue }
                text[box.markStart] = status.markByte
                changed.notes[note] = String(decoding: text, as: UTF8.self)
            }
        }
        if let doneDate {
            let done = taskLine.metadataWords(in: bytes).filter { $0.key == "done" }
            if status == .done, done.isEmpty {
                edits.append(insertion(of: .day(doneDate), key: MetadataKey[.done], on: placed.task, taskLine))
                changed.metadata.done = doneDate
            } else if status != .done {
                edits += done.map { taskLine.removalEdit(of: $0.range, in: bytes) }
                changed.metadata.done = nil
            }
            changed.title = title(after: edits, on: taskLine) ?? changed.title
        }
        replace(placed, with: changed, in: &expected)
        let summary = placed.task.status == status
            ? "already \(status): \(placed.task.title)"
            : "marked \(status) (was \(placed.task.status)): \(placed.task.title)"
        return try check(edits, expecting: expected, summary: summary, at: placed.task.line)
    }

    /// Sets the title of the task on `line` to `title` (its words; a sync takes a title changed on the phone this
    /// way): the words between the box and the end of the line are replaced, the task's metadata words kept after
    /// them. A title that would not read back as itself (empty, or read as something else) is refused.
    public func setTitle(_ title: String, ofTaskAt line: Int) throws(EditError) -> DayEdit {
        let (placed, taskLine) = try find(line)
        var text = title
        for word in taskLine.metadataWords(in: bytes) { text += " " + String(decoding: bytes[word.range], as: UTF8.self) }
        guard let (parsed, _) = PlanTask.parsing(line: "- [ ] " + text), !parsed.title.isEmpty,
              parsed.metadata == placed.task.metadata else {
            throw .checkFailed("the title `\(title)` would not read back as a title")
        }
        guard parsed.title != placed.task.title else {
            return try check([], expecting: regionTasks(), summary: "already titled: \(title)", at: placed.task.line)
        }
        var changed = placed.task
        changed.title = parsed.title
        var expected = regionTasks()
        replace(placed, with: changed, in: &expected)
        let start = taskLine.textStart
        return try check([TextEdit(offset: start, removing: taskLine.textEnd - start, inserting: Array((" " + text).utf8))],
                         expecting: expected, summary: "retitled (was \(placed.task.title)): \(parsed.title)", at: placed.task.line)
    }

    /// Moves the task on `line`, with its notes and sub-tasks, to `region` (where `insert` would put it) and,
    /// when given, to another `bucket` (its bullet changes). Within its own region only the bullet changes.
    /// The moved lines keep their bytes, except the task line's indentation, which is dropped so that the
    /// line cannot become another task's note.
    public func move(taskAt line: Int, to region: Region, bucket: Bucket? = nil) throws(EditError) -> DayEdit {
        let (placed, taskLine) = try find(line)
        let task = placed.task
        let bucket = bucket ?? task.bucket
        var moved = task
        moved.bucket = bucket
        var expected = regionTasks()
        let place = "\(region.withArticle) (\(bucket))"
        let bulletEdit = bucket == task.bucket && bytes[taskLine.bullet].count == 1 && Bucket(bullet: bytes[taskLine.bullet.lowerBound]) == bucket
            ? nil : TextEdit(offset: taskLine.bullet.lowerBound, removing: taskLine.bullet.count, inserting: [bucket.bulletByte])

        if region == placed.region {
            guard bucket != task.bucket else {
                return try check([], expecting: expected, summary: "already in \(place): \(task.title)", at: task.line)
            }
            replace(placed, with: moved, in: &expected)
            return try check(bulletEdit.map { [$0] } ?? [], expecting: expected,
                             summary: "moved to \(place): \(task.title)", at: task.line)
        }

        // Take the task's lines out, then add them where the region wants them, reading the file without them.
        let lines = LineTable(bytes)
        let end = lines.start(of: task.line + task.lineSpan)
        var chunk = bulletEdit.map { $0.inserting } ?? Array(bytes[taskLine.bullet])
        chunk += bytes[taskLine.bullet.upperBound..<end]
        if chunk.last != UInt8(ascii: "\n") { chunk += Array(document.lineEnding.rawValue.utf8) }
        let edits = keepingCanonical(lines.removals(ofLines: task.line, count: task.lineSpan)) { taken in
            var without = bytes
            without.removeSubrange(taken)
            let result = RegionInsertion.apply([RegionInsertion(region: region, bytes: chunk, count: task.lineSpan)], to: without)
            let insertions = result.edits.map { edit in
                TextEdit(offset: edit.offset < taken.lowerBound ? edit.offset : edit.offset + taken.count, removing: 0, inserting: edit.inserting)
            }
            return [TextEdit(offset: taken.lowerBound, removing: taken.count, inserting: [])] + insertions
        }
        expected[placed.region.rawValue].removeAll { $0.line == task.line }
        var plain = moved
        plain.source = nil
        expected[region.rawValue].append(plain)
        return try check(edits, expecting: expected,
                         summary: "moved from \(placed.region.withArticle) to \(place): \(task.title)", edited: region)
    }

    /// Moves the task on `line`, with its notes and sub-tasks, one place up (`step` -1) or down (`step` 1) among the
    /// tasks of its bucket in its region: its lines and the neighbour's trade places, every other byte kept.
    /// First (or last) of its bucket already, nothing changes, and the summary says so.
    public func reorder(taskAt line: Int, by step: Int) throws(EditError) -> DayEdit {
        let (placed, _) = try find(line)
        let task = placed.task
        var expected = regionTasks()
        let inRegion = expected[placed.region.rawValue]
        guard let index = inRegion.firstIndex(where: { $0.line == task.line }) else {
            throw .checkFailed("the task of line \(line) is not among its region's tasks")
        }
        let sameBucket = inRegion.indices.filter { inRegion[$0].bucket == task.bucket }
        guard let at = sameBucket.firstIndex(of: index), sameBucket.indices.contains(at + step) else {
            return try check([], expecting: expected, summary: "already \(step < 0 ? "first" : "last") of its bucket (\(task.bucket)): \(task.title)",
                             at: task.line)
        }
        let neighbour = inRegion[sameBucket[at + step]]
        let (first, second) = step < 0 ? (neighbour, task) : (task, neighbour)
        let lines = LineTable(bytes)
        let start = lines.start(of: first.line), secondStart = lines.start(of: second.line)
        let firstEnd = lines.start(of: first.line + first.lineSpan), end = lines.start(of: second.line + second.lineSpan)
        // The second task's lines, then what stood between, then the first's: each block keeps its line endings, and
        // a last line without one gets the file's before it moves up.
        var secondBlock = Array(bytes[secondStart..<end])
        var rest = Array(bytes[firstEnd..<secondStart]) + Array(bytes[start..<firstEnd])
        if secondBlock.last != UInt8(ascii: "\n") {
            secondBlock += Array(document.lineEnding.rawValue.utf8)
            if rest.last == UInt8(ascii: "\n") {
                rest.removeLast()
                if rest.last == UInt8(ascii: "\r") { rest.removeLast() }
            }
        }
        let edits = [TextEdit(offset: start, removing: end - start, inserting: secondBlock + rest)]
        expected[placed.region.rawValue].swapAt(sameBucket[at], sameBucket[at + step])
        return try check(edits, expecting: expected,
                         summary: "moved \(step < 0 ? "up" : "down") in \(placed.region.withArticle) (\(task.bucket)): \(task.title)",
                         at: step < 0 ? neighbour.line : neighbour.line + neighbour.lineSpan - task.lineSpan)
    }

    /// Removes the task on `line` with its notes and sub-tasks: its lines, line endings included (and, in a canonical
    /// file, a blank line beside them that the canonical form would not keep: `keepingCanonical`).
    public func remove(taskAt line: Int) throws(EditError) -> DayEdit {
        let (placed, _) = try find(line)
        let task = placed.task
        let edits = keepingCanonical(LineTable(bytes).removals(ofLines: task.line, count: task.lineSpan)) { taken in
            [TextEdit(offset: taken.lowerBound, removing: taken.count, inserting: [])]
        }
        var expected = regionTasks()
        expected[placed.region.rawValue].removeAll { $0.line == task.line }
        return try check(edits, expecting: expected,
                         summary: "removed from \(placed.region.withArticle): \(task.title)", at: 0)
    }

    /// Adds a metadata word (`@carry`, `@from:2026-11-20`, …) to the task on `line`, in canonical order.
    /// A key the task has already is replaced instead (`replaceMetadata`); the same word is no change.
    public func addMetadata(_ word: String, toTaskAt line: Int) throws(EditError) -> DayEdit {
        try replaceMetadata(with: word, onTaskAt: line)
    }

    /// Sets a metadata word on the task on `line`: the first word with the same key is replaced by `word`, any
    /// other with that key removed; without one, `word` is added where the canonical form puts it among the task's
    /// metadata words (after its last word when none comes after it).
    public func replaceMetadata(with word: String, onTaskAt line: Int) throws(EditError) -> DayEdit {
        guard let (key, metadata) = DayEditor.metadataWord(word), let table = MetadataKey.named(key),
              let value = table.value(in: metadata) else { throw .notMetadata(word) }
        let (placed, taskLine) = try find(line)
        let found = taskLine.metadataWords(in: bytes).filter { $0.key == key }
        var edits: [TextEdit] = []
        if let first = found.first {
            // In the spelling the task has for the key: `📅 2026-12-01` stays an Obsidian Tasks due date.
            let written = ForeignSpelling.written(table.id, value, in: first.style) ?? word
            if !bytes[first.range].elementsEqual(written.utf8) {
                edits.append(TextEdit(offset: first.range.lowerBound, removing: first.range.count, inserting: Array(written.utf8)))
            }
            edits += found.dropFirst().map { taskLine.removalEdit(of: $0.range, in: bytes) }
        } else if let redating = logseqRedating(of: table.id, to: value, on: placed.task) {
            edits += redating
        } else {
            edits.append(insertion(of: value, key: table, on: placed.task, taskLine))
        }
        var changed = placed.task
        changed.metadata = DayEditor.merging(metadata, key: key, into: changed.metadata)
        changed.title = title(after: edits, on: taskLine) ?? changed.title
        if found.isEmpty, changed.metadata.spelled.style == .logseq, changed.metadata.spelled.contains(table.id) {
            changed.setValue(value, of: table)
        }
        var expected = regionTasks()
        replace(placed, with: changed, in: &expected)
        return try check(edits, expecting: expected,
                         summary: (edits.isEmpty ? "already \(word): " : "set \(word): ") + placed.task.title, at: placed.task.line)
    }

    /// Removes every metadata word with `key` (`carry`, `from`, …; with or without `@`) from the task on `line`,
    /// with the white space before it.
    public func removeMetadata(_ key: String, fromTaskAt line: Int) throws(EditError) -> DayEdit {
        var key = key.lowercased()
        if key.hasPrefix("@") { key.removeFirst() }
        guard MetadataKey.named(key) != nil else { throw .notMetadata("@" + key) }
        let (placed, taskLine) = try find(line)
        let edits = taskLine.metadataWords(in: bytes).filter { $0.key == key }.map { taskLine.removalEdit(of: $0.range, in: bytes) }
        var changed = placed.task
        changed.metadata = DayEditor.merging(TaskMetadata(), key: key, into: changed.metadata)
        changed.title = title(after: edits, on: taskLine) ?? changed.title
        var expected = regionTasks()
        replace(placed, with: changed, in: &expected)
        return try check(edits, expecting: expected,
                         summary: (edits.isEmpty ? "no @\(key) to remove: " : "removed @\(key): ") + placed.task.title, at: placed.task.line)
    }

    /// The edit that gives a task without a word for `key` its `value`: in the task's own spelling when it spells
    /// a key another tool's way, else in `style`; dayplan's `@` word where that spelling has none.
    private func insertion(of value: MetadataValue, key: MetadataKey, on task: PlanTask, _ taskLine: TaskLine) -> TextEdit {
        let spelling = task.metadata.spelled.isEmpty ? style : task.metadata.spelled.style
        if let text = ForeignSpelling.written(key.id, value, in: spelling) { return taskLine.spellingEdit(text, in: bytes) }
        let word = "@" + key.name + (key.takesValue ? ":" + value.description : "")
        return taskLine.insertionEdit(of: word, key: key.name, in: bytes)
    }

    /// The edit that gives the date of the task's Logseq planning line for `key` (`SCHEDULED: <2026-12-01 Tue>`,
    /// among its first two note lines) `value`'s day (none when it has that day); nil when it has no such line, or
    /// `value` names a region.
    private func logseqRedating(of key: MetadataKey.ID, to value: MetadataValue, on task: PlanTask) -> [TextEdit]? {
        guard task.metadata.spelled.style == .logseq, task.metadata.spelled.contains(key), value.region == nil,
              let day = value.day else { return nil }
        let lines = LineTable(bytes)
        for line in (task.line + 1)..<min(task.line + 3, task.line + task.lineSpan) {
            let content = lines.content(of: line)
            guard let start = content.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { continue }
            let planning = bytes.withUnsafeBufferPointer { ForeignSpelling.logseqLine($0, start, content.endIndex) }
            guard planning?.key == key, let date = ForeignSpelling.logseqRedating(bytes, start..<content.endIndex, to: day) else { continue }
            return date.text.elementsEqual(bytes[date.range]) ? []
                : [TextEdit(offset: date.range.lowerBound, removing: date.range.count, inserting: date.text)]
        }
        return nil
    }

    /// The title the task on `taskLine` has after `edits` (all on that line) when they change another tool's
    /// spelling, which is title words; nil when the task and the edits spell nothing so.
    private func title(after edits: [TextEdit], on taskLine: TaskLine) -> String? {
        let line = Array(bytes[taskLine.lineStart..<taskLine.textEnd])
        let shifted = edits.map { TextEdit(offset: $0.offset - taskLine.lineStart, removing: $0.removing, inserting: $0.inserting) }
        let after = TextEdit.apply(shifted, to: line)
        let spells = { (bytes: [UInt8]) in bytes.withUnsafeBufferPointer { ForeignSpelling.mayHold($0, 0, $0.count) } }
        guard spells(line) || spells(after) else { return nil }
        var text = String(decoding: after, as: UTF8.self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        return PlanTask.parsing(line: text)?.task.title
    }

    // MARK: - Checks

    /// The edits `making` makes from the first of `removals` (ways to take a task's lines out) after which a
    /// canonical file stays canonical: a task taken from between a heading and a blank line, or from the end of a
    /// section, takes a blank line with it. A file that is not canonical gets the first, the lines alone.
    private func keepingCanonical(_ removals: [Range<Int>], _ making: (Range<Int>) -> [TextEdit]) -> [TextEdit] {
        let plain = removals.first.map(making) ?? []
        guard removals.count > 1, let blockers = DayDocument.blockersIfCanonical(bytes), blockers.isEmpty else { return plain }
        for removal in removals {
            let edits = removal == removals.first ? plain : making(removal)
            if DayDocument.blockersIfCanonical(TextEdit.apply(edits, to: bytes)) != nil { return edits }
        }
        return plain
    }

    /// The task on `line` and its line's parts, in a file whose structure is no guess.
    private func find(_ line: Int) throws(EditError) -> (PlacedTask, TaskLine) {
        try refuseAmbiguous()
        guard let placed = task(at: line), let taskLine = TaskLine(placed.task, in: bytes) else { throw .noTask(line: line) }
        return (placed, taskLine)
    }

    private func refuseAmbiguous() throws(EditError) {
        let blockers = document.formattingBlockers
        guard blockers.isEmpty else { throw .refused(blockers) }
    }

    /// The tasks of each region, by region's raw value, in file order.
    private func regionTasks() -> [[PlanTask]] {
        var byRegion: [[PlanTask]] = Array(repeating: [], count: Region.allCases.count)
        for placed in tasks { byRegion[placed.region.rawValue].append(placed.task) }
        return byRegion
    }

    private func replace(_ placed: PlacedTask, with task: PlanTask, in expected: inout [[PlanTask]]) {
        guard let index = expected[placed.region.rawValue].firstIndex(where: { $0.line == placed.task.line }) else { return }
        expected[placed.region.rawValue][index] = task
    }

    /// Open tasks per region and bucket: `[region][bucket]`.
    static func openCounts(_ document: DayDocument) -> [[Int]] {
        var counts = Array(repeating: [0, 0, 0], count: Region.allCases.count)
        for section in document.sections {
            guard let region = section.region else { continue }
            for task in section.tasks where task.status.isOpen { counts[region.rawValue][task.bucket.rawValue] += 1 }
        }
        return counts
    }

    /// Applies the edits on values and reads the result back: no bucket of a limited region grows past its
    /// limit, the structure stays unambiguous, and every region holds exactly the tasks expected.
    /// `line` is the edited task's line afterwards; with `edited`, it is the last task of that region.
    private func check(_ edits: [TextEdit], expecting expected: [[PlanTask]], summary: String,
                       at line: Int = 0, edited region: Region? = nil) throws(EditError) -> DayEdit {
        let after = TextEdit.apply(edits, to: bytes)
        let result = DayDocument(parsing: after)
        let before = DayEditor.openCounts(document), now = DayEditor.openCounts(result)
        for region in Region.allCases where region.isLimited {
            for bucket in Bucket.allCases {
                let was = before[region.rawValue][bucket.rawValue], will = now[region.rawValue][bucket.rawValue]
                guard will > was, will > bucket.limit else { continue }
                throw .bucketFull(BucketFull(
                    region: region, bucket: bucket, open: was,
                    bucketsWithRoom: Bucket.allCases.filter { $0 != bucket && before[region.rawValue][$0.rawValue] < $0.limit },
                    regionsWithRoom: Region.allCases.filter {
                        $0.isLimited && $0 != region && before[$0.rawValue][bucket.rawValue] < bucket.limit
                    }))
            }
        }
        if let blocker = result.formattingBlockers.first, document.formattingBlockers.isEmpty {
            throw .checkFailed("an error at line \(blocker.start.line): \(blocker.message)")
        }
        var found: [[PlanTask]] = Array(repeating: [], count: Region.allCases.count)
        for section in result.sections {
            guard let region = section.region else { continue }
            found[region.rawValue] += section.tasks
        }
        for region in Region.allCases where found[region.rawValue] != expected[region.rawValue] {
            throw .checkFailed("the tasks of \(region.name) would not be the ones expected")
        }
        let editedLine = region.flatMap { found[$0.rawValue].last?.line } ?? line
        return DayEdit(edits: edits, after: after, summary: summary, line: editedLine,
                       inverse: TextEdit.inverse(of: edits, on: bytes))
    }

    // MARK: - Metadata words

    /// The key and meaning of a metadata word the format reads; nil for any other word.
    package static func metadataWord(_ word: String) -> (key: String, metadata: TaskMetadata)? {
        guard word.hasPrefix("@"), let (task, findings) = PlanTask.parsing(line: "- [ ] x \(word)"),
              findings.isEmpty, task.title == "x", !task.metadata.isEmpty else { return nil }
        let key = word.dropFirst().prefix { $0 != ":" }.lowercased()
        return (key, task.metadata)
    }

    /// `metadata` with the value of `key` taken from `source` (unset when `source` has none).
    static func merging(_ source: TaskMetadata, key: String, into metadata: TaskMetadata) -> TaskMetadata {
        var merged = metadata
        if let key = MetadataKey.named(key) { key.set(key.value(in: source), in: &merged) }
        return merged
    }
}

extension Region {
    /// "the Backlog", "Morning": how a summary names the region.
    var withArticle: String { self == .backlog ? "the Backlog" : name }
}
