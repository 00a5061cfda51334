/// Reads a version of a day file as the common ancestor with some of its lines changed, when that is what it
/// is: most of a merge's versions differ from the ancestor in a few task lines (a status changed, a task
/// added or removed), and reading the rest again would only make what the ancestor's reading made.
///
/// The version's lines are matched with the ancestor's (`matches`); where they differ, either the
/// ancestor's lines are whole tasks of a region (a task line and its notes) and the version's are task
/// lines, each canonical, with nothing to report, and read where the ancestor's tasks stand (no line after
/// them reads as their notes), or a task's line alone changes and its notes stay; or both are lines of text
/// of a section other than a region. The version is then the ancestor's reading with those items replaced.
/// Anything else (a changed heading, note or blank line, text in a region, a line ending other than LF, an
/// ancestor that is not canonical or has a finding) and the version is read whole, as it always can be:
/// this reading is only ever a shortcut to the same result.
struct ChangedLines {
    /// The common ancestor, read whole.
    let base: MergeVersion
    let bytes: [UInt8]
    /// Where each of the ancestor's lines starts (with one more, its end) and the hash of each.
    private(set) var lineStarts: [Int] = []
    private var lineHashes: [Int] = []
    /// Where each task of the ancestor's regions stands; `places[n]` is that of the side's task n.
    private struct TaskPlace {
        var section: Int
        var item: Int
        /// Its index in the ancestor's `MergeSide`.
        var sideIndex: Int
        var firstLine: Int
        var lineCount: Int
    }
    private var places: [TaskPlace] = []
    /// For each line of the ancestor, the task (in `places`) whose first line it is, else -1; and the task
    /// whose last line it is, else -1.
    private var taskStarting: [Int32] = []
    private var taskEnding: [Int32] = []
    /// For each line of the ancestor that is a line of text in a section other than a region, where it stands
    /// (its section and item, one line each there); else -1.
    private var textSection: [Int32] = []
    private var textItem: [Int32] = []

    /// The ancestor `base`, read from `bytes`, ready to read other versions against; nil when it cannot be
    /// (they are then read whole).
    init?(base: MergeVersion, bytes: [UInt8]) {
        guard base.blocker == nil, base.wasCanonical, base.document.diagnostics.isEmpty,
              base.document.lineEnding == .lf, ChangedLines.isPlainLF(bytes) else { return nil }
        self.base = base
        self.bytes = bytes
        (lineStarts, lineHashes) = ChangedLines.lines(of: bytes)
        let lineCount = lineHashes.count
        taskStarting = [Int32](repeating: -1, count: lineCount)
        taskEnding = [Int32](repeating: -1, count: lineCount)
        var sideIndex = 0
        for (s, section) in base.document.sections.enumerated() where section.region != nil {
            for (i, item) in section.items.enumerated() {
                guard case .task(let task) = item else { continue }
                let first = task.line - 1, count = task.lineSpan
                guard first >= 0, count >= 1, first + count <= lineCount else { return nil }
                let number = Int32(truncatingIfNeeded: places.count)
                places.append(TaskPlace(section: s, item: i, sideIndex: sideIndex, firstLine: first, lineCount: count))
                taskStarting[first] = number
                taskEnding[first + count - 1] = number
                sideIndex += 1
            }
        }
        guard sideIndex == base.side.tasks.count else { return nil }
        // The other sections, after the regions: each item one line, from the line after the heading.
        textSection = [Int32](repeating: -1, count: lineCount)
        textItem = [Int32](repeating: -1, count: lineCount)
        let sections = base.document.sections
        for (s, section) in sections.enumerated() where section.region == nil {
            let end = s + 1 < sections.count ? sections[s + 1].headingLine - 1 : lineCount
            guard section.headingLine >= 1, end - section.headingLine == section.items.count else { continue }
            for (i, item) in section.items.enumerated() {
                guard case .text = item else { continue }
                textSection[section.headingLine + i] = Int32(truncatingIfNeeded: s)
                textItem[section.headingLine + i] = Int32(truncatingIfNeeded: i)
            }
        }
    }

    /// The ancestor's lines of the task at `index` of its side: its line and its notes.
    func lines(ofTask index: Int) -> Range<Int> {
        places[index].firstLine..<(places[index].firstLine + places[index].lineCount)
    }

    /// Whether `bytes` end with an LF and hold no CR (each line ends with an LF and nothing else).
    static func isPlainLF(_ bytes: [UInt8]) -> Bool {
        guard bytes.last == UInt8(ascii: "\n") else { return false }
        return bytes.withUnsafeBufferPointer { firstIndex(of: UInt8(ascii: "\r"), in: $0, from: 0) == $0.count }
    }

    /// The start of each line of `bytes` (each ending with an LF), with one more start at the end, and the
    /// hash of each line's bytes.
    static func lines(of bytes: [UInt8]) -> (starts: [Int], hashes: [Int]) {
        bytes.withUnsafeBufferPointer { buffer in
            var starts: [Int] = [], hashes: [Int] = []
            starts.reserveCapacity(buffer.count / 32 + 1)
            hashes.reserveCapacity(buffer.count / 32 + 1)
            var start = 0
            while start < buffer.count {
                let end = firstIndex(of: UInt8(ascii: "\n"), in: buffer, from: start)
                starts.append(start)
                hashes.append(ByteHasher.hash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[start..<end]))))
                start = end + 1
            }
            starts.append(buffer.count)
            return (starts, hashes)
        }
    }

    /// One stretch the version changed: the ancestor's tasks `items` of section `section` (its side's
    /// `sideRange`) replaced with `tasks` (or, in a section other than a region, its lines of text `items`
    /// replaced with `texts`); the ancestor's lines `removed` replaced with the version's lines `added`.
    struct Change {
        var section: Int
        var items: Range<Int>
        var sideRange: Range<Int>
        var tasks: [PlanTask]
        /// Lines of text, for a change of text (no task).
        var texts: [Item] = []
        var titleHashes: [Int]
        var removed: Range<Int>
        var added: Range<Int>

        /// How many lines the version has more than the ancestor after it.
        var lineDelta: Int { added.count - removed.count }
    }

    /// A version read as the ancestor with lines changed: the changes, in file order, and where the
    /// version's lines start (with one more start at its end).
    struct Changes {
        var list: [Change]
        var lineStarts: [Int]
    }

    /// `bytes`, a version of the ancestor's day, read as the ancestor with task lines changed; nil when it
    /// is not that (it is then read whole). Its tasks' positions are those of the ancestor's reading, and
    /// of a line alone for the tasks it changed: the merge does not use them.
    func version(_ version: [UInt8], memo: TaskLineMemo) -> MergeVersion? {
        changes(version, memo: memo).map { applying($0.list, byteCount: version.count) }
    }

    /// `version(_:memo:)`, the changes alone.
    func changes(_ version: [UInt8], memo: TaskLineMemo) -> Changes? {
        guard ChangedLines.isPlainLF(version) else { return nil }
        let (starts, hashes) = ChangedLines.lines(of: version)
        let toVersion = ChangedLines.matches(lineHashes, hashes)
        let changes: [Change]? = bytes.withUnsafeBufferPointer { old in
            version.withUnsafeBufferPointer { new in
                // Lines matched by their hashes must be the same bytes.
                for (i, j) in toVersion.enumerated() where j >= 0 {
                    let a = line(i, of: old, lineStarts), b = line(j, of: new, starts)
                    guard a.count == b.count else { return nil }
                    if let x = a.baseAddress, let y = b.baseAddress, !memoryEqual(x, y, a.count) { return nil }
                }
                var changes: [Change] = []
                var i = 0, j = 0
                let oldCount = lineHashes.count, newCount = hashes.count
                while i < oldCount || j < newCount {
                    if i < oldCount, toVersion[i] == j {
                        i += 1; j += 1
                        continue
                    }
                    var s = i
                    while s < oldCount, toVersion[s] < 0 { s += 1 }
                    let jEnd = s < oldCount ? toVersion[s] : newCount
                    guard let change = self.change(removing: i..<s, adding: j..<jEnd, of: new, starts, memo: memo) else { return nil }
                    changes += pieces(of: change)
                    i = s; j = jEnd
                }
                return changes
            }
        }
        guard let changes else { return nil }
        return Changes(list: changes, lineStarts: starts)
    }

    /// How many lines a change may span before the lines are compared the long way (`Diff3.matches`).
    static let shortChange = 48

    /// For each line of `a` (by hash), the line of `b` it is matched with, or -1, as `Diff3.matches` gives
    /// them; found the short way for the edits a merge's versions hold, a few lines changed here and there:
    /// walking both, a stretch that differs ends at the nearest pair of lines (fewest lines skipped, on
    /// either side) where two lines in a row agree again. That is a common subsequence, if not always the
    /// longest; a change longer than `shortChange` lines is looked for with `Diff3.matches`.
    static func matches(_ a: [Int], _ b: [Int]) -> [Int] {
        var result = [Int](repeating: -1, count: a.count)
        // Whether a stretch can end with `a` at `i` and `b` at `j`: both at their ends, or two lines agreeing.
        func agree(_ i: Int, _ j: Int) -> Bool {
            if i == a.count || j == b.count { return i == a.count && j == b.count }
            guard a[i] == b[j] else { return false }
            return i + 1 == a.count || j + 1 == b.count ? i + 1 == a.count && j + 1 == b.count : a[i + 1] == b[j + 1]
        }
        var i = 0, j = 0
        search: while i < a.count, j < b.count {
            if a[i] == b[j] {
                result[i] = j
                i += 1; j += 1
                continue
            }
            for total in 1...(2 * shortChange) {
                for skippedA in max(0, total - shortChange)...min(total, shortChange) {
                    let skippedB = total - skippedA
                    guard i + skippedA <= a.count, j + skippedB <= b.count else { continue }
                    if agree(i + skippedA, j + skippedB) {
                        i += skippedA; j += skippedB
                        continue search
                    }
                }
            }
            return Diff3.matches(a, b)
        }
        return result
    }

    /// The bytes of line `n` (without its LF).
    private func line(_ n: Int, of bytes: UnsafeBufferPointer<UInt8>, _ starts: [Int]) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[starts[n]..<(starts[n + 1] - 1)])
    }

    /// The change that removes the ancestor's lines `removed` and adds the version's lines `added` in their
    /// place, when both are what `ChangedLines` can read; nil otherwise.
    private func change(removing removed: Range<Int>, adding added: Range<Int>, of new: UnsafeBufferPointer<UInt8>,
                        _ starts: [Int], memo: TaskLineMemo) -> Change? {
        // Where in the ancestor: its whole tasks `removed`, one after the other in one section; or, removing
        // nothing, right after a task (or right before one).
        if let change = changingText(removing: removed, adding: added, of: new, starts) { return change }
        var section: Int, items: Range<Int>, sideRange: Range<Int>
        if removed.count == 1, added.count == 1, case let number = Int(taskStarting[removed.lowerBound]), number >= 0,
           places[number].lineCount > 1 {
            return changingLine(of: places[number], to: line(added.lowerBound, of: new, starts), at: added, memo: memo)
        }
        if !removed.isEmpty {
            var line = removed.lowerBound
            var first: TaskPlace?, last: TaskPlace?
            while line < removed.upperBound {
                let number = Int(taskStarting[line])
                guard number >= 0 else { return nil }
                let place = places[number]
                if let last, place.section != last.section || place.item != last.item + 1 { return nil }
                if first == nil { first = place }
                last = place
                line += place.lineCount
            }
            guard line == removed.upperBound, let first, let last else { return nil }
            section = first.section
            items = first.item..<(last.item + 1)
            sideRange = first.sideIndex..<(last.sideIndex + 1)
        } else if removed.lowerBound > 0, case let number = Int(taskEnding[removed.lowerBound - 1]), number >= 0 {
            let place = places[number]
            section = place.section
            items = (place.item + 1)..<(place.item + 1)
            sideRange = (place.sideIndex + 1)..<(place.sideIndex + 1)
        } else if removed.lowerBound < taskStarting.count, case let number = Int(taskStarting[removed.lowerBound]), number >= 0 {
            let place = places[number]
            section = place.section
            items = place.item..<place.item
            sideRange = place.sideIndex..<place.sideIndex
        } else {
            return nil
        }
        // No line after the change may read as notes of a task it adds, or of the task before it.
        var next = removed.upperBound
        while next < lineHashes.count, lineStarts[next + 1] - lineStarts[next] == 1 { next += 1 }
        if next < lineHashes.count {
            let byte = bytes[lineStarts[next]]
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { return nil }
        }
        let sectionItems = base.document.sections[section].items
        if added.isEmpty {
            // Taking tasks out must not leave blank lines together, or one at the start of the section.
            let before = items.lowerBound > 0 ? sectionItems[items.lowerBound - 1] : nil
            let after = items.upperBound < sectionItems.count ? sectionItems[items.upperBound] : nil
            let blankBefore = before == nil || before == .blank, blankAfter = after == nil || after == .blank
            if blankBefore && blankAfter { return nil }
        }
        guard base.document.sections[section].region != nil else { return nil }
        var tasks: [PlanTask] = [], titleHashes: [Int] = []
        tasks.reserveCapacity(added.count)
        titleHashes.reserveCapacity(added.count)
        for n in added {
            guard let (task, entry) = DayDocument.canonicalTask(onLine: line(n, of: new, starts), memo: memo) else { return nil }
            tasks.append(task)
            titleHashes.append(memo.identityHash(entry))
        }
        return Change(section: section, items: items, sideRange: sideRange, tasks: tasks, titleHashes: titleHashes,
                      removed: removed, added: added)
    }

    /// The change of lines of text in a section other than a region: the ancestor's `removed` all such lines,
    /// one after the other in one section (or, removing none, `added` right after one), and `added` all
    /// lines of text there; nil otherwise.
    private func changingText(removing removed: Range<Int>, adding added: Range<Int>,
                              of new: UnsafeBufferPointer<UInt8>, _ starts: [Int]) -> Change? {
        let anchor = removed.isEmpty ? removed.lowerBound - 1 : removed.lowerBound
        guard anchor >= 0, anchor < textSection.count, textSection[anchor] >= 0 else { return nil }
        let section = Int(textSection[anchor])
        let firstItem = Int(textItem[anchor]) + (removed.isEmpty ? 1 : 0)
        for (k, line) in removed.enumerated() {
            guard textSection[line] == textSection[anchor], Int(textItem[line]) == firstItem + k else { return nil }
        }
        let items = firstItem..<(firstItem + removed.count)
        let sectionItems = base.document.sections[section].items
        if added.isEmpty {
            let before = items.lowerBound > 0 ? sectionItems[items.lowerBound - 1] : nil
            let after = items.upperBound < sectionItems.count ? sectionItems[items.upperBound] : nil
            if (before == nil || before == .blank) && (after == nil || after == .blank) { return nil }
        }
        var texts: [Item] = []
        for n in added {
            guard let text = DayDocument.canonicalText(onLine: line(n, of: new, starts)) else { return nil }
            texts.append(.text(text))
        }
        let end = base.side.tasks.count
        return Change(section: section, items: items, sideRange: end..<end, tasks: [], texts: texts,
                      titleHashes: [], removed: removed, added: added)
    }

    /// A change of tasks cut where it begins or ends with a task for one of the same title (changed in
    /// place, as a status is): each such task a change of its own, the rest one change between them.
    private func pieces(of change: Change) -> [Change] {
        guard change.texts.isEmpty, change.tasks.count + change.sideRange.count > 2 else { return [change] }
        let pairs = min(change.tasks.count, change.sideRange.count)
        func same(_ added: Int, _ removed: Int) -> Bool {
            PlanTask.sameIdentity(change.tasks[added].title, base.side.tasks[removed].title)
        }
        // How many pairs at the start, and then at the end, are one task for one of the same title.
        var first = 0
        while first < pairs, same(first, change.sideRange.lowerBound + first) { first += 1 }
        var last = 0
        while first + last < pairs, same(change.tasks.count - 1 - last, change.sideRange.upperBound - 1 - last) { last += 1 }
        guard first + last > 0 else { return [change] }
        // One task of the ancestor (its line and notes, from `line` on) for the k-th of the change's tasks.
        func piece(_ k: Int, _ index: Int, _ line: Int, _ added: Int) -> Change {
            let span = places[index].lineCount
            let item = change.items.lowerBound + (index - change.sideRange.lowerBound)
            return Change(section: change.section, items: item..<(item + 1), sideRange: index..<(index + 1),
                          tasks: [change.tasks[k]], titleHashes: [change.titleHashes[k]],
                          removed: line..<(line + span), added: added..<(added + 1))
        }
        var result: [Change] = []
        result.reserveCapacity(first + last + 1)
        var line = change.removed.lowerBound
        for k in 0..<first {
            let index = change.sideRange.lowerBound + k
            result.append(piece(k, index, line, change.added.lowerBound + k))
            line += places[index].lineCount
        }
        var tail: [Change] = []
        var end = change.removed.upperBound
        for k in 0..<last {
            let index = change.sideRange.upperBound - 1 - k
            end -= places[index].lineCount
            tail.append(piece(change.tasks.count - 1 - k, index, end, change.added.upperBound - 1 - k))
        }
        // The rest, between the pieces at the start and those at the end.
        let sideRange = (change.sideRange.lowerBound + first)..<(change.sideRange.upperBound - last)
        let tasks = Array(change.tasks[first..<(change.tasks.count - last)])
        if !sideRange.isEmpty || !tasks.isEmpty {
            let items = (change.items.lowerBound + first)..<(change.items.upperBound - last)
            let added = (change.added.lowerBound + first)..<(change.added.upperBound - last)
            result.append(Change(section: change.section, items: items, sideRange: sideRange, tasks: tasks,
                                 titleHashes: Array(change.titleHashes[first..<(change.titleHashes.count - last)]),
                                 removed: line..<end, added: added))
        }
        return result + tail.reversed()
    }

    /// The change of a task's line, its notes kept as they are, to `line` (the version's line `added`); nil when `line` is not a task
    /// line `ChangedLines` reads, or when the task is finished there and not in the ancestor (its notes are
    /// then looked at again, for open sub-tasks).
    private func changingLine(of place: TaskPlace, to line: UnsafeBufferPointer<UInt8>, at added: Range<Int>,
                              memo: TaskLineMemo) -> Change? {
        guard case .task(let old) = base.document.sections[place.section].items[place.item],
              let (read, entry) = DayDocument.canonicalTask(onLine: line, memo: memo) else { return nil }
        // Finishing a task looks at its notes for open sub-tasks, which stand in brackets.
        let finished = { (status: Status) in status == .done || status == .cancelled }
        guard !finished(read.status) || finished(old.status) || !old.notes.contains(where: { $0.utf8.contains(UInt8(ascii: "[")) })
        else { return nil }
        var task = read
        task.notes = old.notes
        task.lineSpan = old.lineSpan
        return Change(section: place.section, items: place.item..<(place.item + 1),
                      sideRange: place.sideIndex..<(place.sideIndex + 1), tasks: [task],
                      titleHashes: [memo.identityHash(entry)], removed: place.firstLine..<(place.firstLine + 1), added: added)
    }

    /// The ancestor's reading with `changes` (in file order) made.
    func applying(_ changes: [Change], byteCount: Int) -> MergeVersion {
        var document = base.document
        for change in changes.reversed() {
            document.sections[change.section].items.replaceSubrange(change.items, with: change.texts + change.tasks.map { .task($0) })
            if change.lineDelta != 0 {
                for s in (change.section + 1)..<document.sections.count { document.sections[s].headingLine += change.lineDelta }
            }
        }
        document.sourceByteCount = byteCount
        var side = MergeSide()
        let old = base.side
        let count = old.tasks.count + changes.reduce(0) { $0 + $1.tasks.count - $1.sideRange.count }
        side.tasks.reserveCapacity(count)
        side.regions.reserveCapacity(count)
        side.titleHashes.reserveCapacity(count)
        side.origins.reserveCapacity(count)
        var at = 0
        for change in changes {
            side.tasks += old.tasks[at..<change.sideRange.lowerBound]
            side.regions += old.regions[at..<change.sideRange.lowerBound]
            side.titleHashes += old.titleHashes[at..<change.sideRange.lowerBound]
            side.origins += at..<change.sideRange.lowerBound
            let region = base.document.sections[change.section].region ?? .backlog
            side.tasks += change.tasks
            side.regions += repeatElement(region, count: change.tasks.count)
            side.titleHashes += change.titleHashes
            side.origins += repeatElement(-1, count: change.tasks.count)
            at = change.sideRange.upperBound
        }
        side.tasks += old.tasks[at...]
        side.regions += old.regions[at...]
        side.titleHashes += old.titleHashes[at...]
        side.origins += at..<old.tasks.count
        return MergeVersion(document: document, side: side)
    }
}
