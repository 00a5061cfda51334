private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let cr = UInt8(ascii: "\r")
private let lf = UInt8(ascii: "\n")
private let hash = UInt8(ascii: "#")
private let at = UInt8(ascii: "@")

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

/// One pass over the lines of the input, handing what it finds to its reading (`Sink`, a `DayReading`).
///
/// The parser keeps what the grammar needs (where it is, the sections' headings, the open task and its notes,
/// an open block) and the findings the rules make of what it cannot read (`report(_:)`); what is kept of the
/// lines is the reading's. Each line is looked at once and each byte a bounded number of times, so the cost is
/// linear in the size of the input whatever its shape.
package struct Parser<Sink> {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The reading that takes what the parser finds.
    package var sink: Sink

    // Where we are.
    var lineNumber = 0
    var lineStart = 0

    // What the grammar needs of what was read: the sections' headings (their items are the reading's).
    var frontMatter: [String] = []
    var day: Day?
    var dayHeadingLine: Int?
    var dayHeadingSource: (start: SourcePosition, end: SourcePosition)?
    var dayHeadingText: String?
    var sections: [Section] = []
    var diagnostics: [Diagnostic] = []
    /// Whether the input reads as text: no invalid UTF-8 and no NUL byte (a file that is not text has no day
    /// heading to miss).
    var readsAsText = true

    var phase = FilePart.beforeDayHeading
    var seenRegions: UInt8 = 0  // one bit per region, by raw value
    var lastRegion: Region?
    // Whether the last section holds anything but blank lines (a heading that groups the regions holds none).
    var sectionHasContent = false

    // A task whose notes may still continue, the indentation of its line, its note lines, and blank lines
    // not yet known to belong to it.
    var openTask: PlanTask?
    var openTaskIndent = 0
    /// Whether a task is open: its case only (`openTask != nil` copied the task to compare it).
    var isTaskOpen: Bool {
        if case .some = openTask { return true }
        return false
    }
    var noteLines: [NoteLine] = []
    var pendingBlanks: [NoteLine] = []
    /// A line of free text or notes that ends in a Markdown hard break, kept only if a line follows it directly:
    /// decided when the next line is read (`releaseHardBreak`).
    var heldBreak = HeldBreak.none
    /// Whether the open task's line ends in a hard break: kept if its first note follows directly.
    var openTaskBreaks = false
    // A code fence opened inside the open task's notes: its lines are kept as they are.
    var noteFence: (mark: UInt8, length: Int)?

    // Git conflict markers: whether a `<<<<<<<` is open, and `=======` lines seen outside one, which are
    // markers only if a `>>>>>>>` follows (alone, such a line may underline a Markdown heading).
    var conflictOpen = false
    var pendingSeparators: [(start: Int, end: Int, line: Int, lineStart: Int)] = []

    // Inside a code fence (its character and length) or an HTML comment, lines are kept verbatim.
    var block = OpenBlock.none
    /// Whether the file holds a CR (`checkEncoding` looks while it reads each byte).
    var holdsCR = false
    var blockStart: SourcePosition?


    package init(_ bytes: UnsafeBufferPointer<UInt8>, _ sink: Sink) {
        self.bytes = bytes
        self.sink = sink
    }

    /// A parser of one line read apart from its file, as line 1 of a section.
    init(lineInSection line: UnsafeBufferPointer<UInt8>, _ sink: Sink) {
        self.init(line, sink)
        lineNumber = 1
        phase = .section
    }
}

// The reading is required only here, not of the type, so that making a parser's type looks up no conformance.
extension Parser where Sink: DayReading {

    package mutating func parse() -> DayDocument {
        var position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        checkEncoding(from: position)
        let lineEnding = detectLineEnding(from: position)
        sink.start(lineEnding: lineEnding)
        position = readFrontMatter(from: position)
        sink.frontMatter(frontMatter)
        while position < bytes.count, sink.readsOn {
            let end = firstIndex(of: lf, in: bytes, from: position)
            lineNumber += 1
            lineStart = position
            // Every CR right before the LF belongs to the line ending, so a stray one cannot turn into one.
            var contentEnd = end
            while contentEnd > position, bytes[contentEnd - 1] == cr { contentEnd -= 1 }
            // A lone CR may stand inside a line only in a file that holds a CR (most hold none).
            let wasMarkdown = holdsCR && readsMarkdownLines
            releaseHardBreak(beforeLine: position, contentEnd)
            parseLine(position, contentEnd)
            if wasMarkdown, readsMarkdownLines { reportCheckboxesAfterLoneCRs(position, contentEnd) }
            position = end + 1
        }
        releaseHardBreak(beforeLine: bytes.count, bytes.count)
        finishTask()
        // An indented fence needs no closing line: the next less indented line (a heading the canonical form
        // writes after it, say) ends it.
        if case .fence(_, _, let indent) = block, indent > 0 {
            releaseTrailingBlankLines()
        } else if case .none = block {} else if let blockStart {
            let comment = if case .comment = block { true } else { false }
            report(ReadingProblem(kind: .unclosedBlock(comment: comment), start: blockStart, end: blockStart))
        }
        // A file that is not text has no day heading to miss.
        if dayHeadingLine == nil, readsAsText {
            let start = SourcePosition(offset: 0, line: 1, column: 1)
            report(ReadingProblem(kind: .noDayHeading, start: start, end: start))
        }
        diagnostics.sort { $0.start.offset < $1.start.offset }
        // The sections' headings, with no items: a reading that keeps lines fills them in (`DocumentLines`).
        var document = DayDocument(frontMatter: frontMatter, leading: [], day: day,
                                   dayHeadingLine: dayHeadingLine, preamble: [], sections: sections,
                                   lineEnding: lineEnding, diagnostics: diagnostics)
        document.dayHeadingSource = dayHeadingSource
        document.dayHeadingText = dayHeadingText
        document.sourceByteCount = bytes.count
        return document
    }

    // MARK: - Positions

    func location(_ offset: Int) -> SourcePosition {
        SourcePosition(offset: offset, line: lineNumber, column: offset - lineStart + 1)
    }

    /// Reports what could not be read at `start..<end` of the current line.
    mutating func report(_ kind: ReadingProblem.Kind, _ start: Int, _ end: Int) {
        report(ReadingProblem(kind: kind, start: location(start), end: location(end)))
    }

    /// Reports what could not be read: the finding its rule makes of it, if any (`Rule.finding(for:)`).
    mutating func report(_ problem: ReadingProblem) {
        if let finding = Rule.finding(for: problem) { diagnostics.append(finding) }
    }

    func string(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A text or verbatim line's text; nothing when the reading keeps no text.
    func lineText(_ start: Int, _ end: Int) -> String {
        sink.keepsText ? string(start, end) : ""
    }

    // MARK: - One line

    mutating func parseLine(_ start: Int, _ end: Int) {
        if continueBlock(start, end) { return }

        var indentEnd = start
        var indentWidth = 0
        while indentEnd < end, isBlank(bytes[indentEnd]) {
            indentWidth = bytes[indentEnd] == tab ? (indentWidth / 4 + 1) * 4 : indentWidth + 1
            indentEnd += 1
        }
        var trimmedEnd = end
        while trimmedEnd > indentEnd, isBlank(bytes[trimmedEnd - 1]) || bytes[trimmedEnd - 1] == cr { trimmedEnd -= 1 }

        if indentEnd == trimmedEnd {
            if isTaskOpen {
                pendingBlanks.append(NoteLine(indent: 0, start: start, end: end, line: lineNumber, lineStart: start,
                                              verbatim: noteFence != nil))
            } else {
                pass(.blank)
            }
            return
        }
        if indentWidth > 0, isTaskOpen, !startsSiblingTask(indentWidth, indentEnd, trimmedEnd) {
            addNoteLine(indentWidth, start, indentEnd, end, trimmedEnd)
            return
        }
        finishTask()

        if indentWidth == 0, checkConflictMarker(start, trimmedEnd, line: lineNumber, lineStart: start) {
            pass(.text(lineText(start, trimmedEnd)))
            return
        }
        if indentWidth == 0, bytes[start] == hash, parseHeading(start, trimmedEnd) { return }
        if indentWidth <= 3, startsBlock(indentEnd, trimmedEnd, indent: indentWidth) {
            pass(.verbatim(lineText(start, end)))
            return
        }
        if bytes[indentEnd] == UInt8(ascii: ">") {
            reportQuotedTask(indentEnd, trimmedEnd)
        } else if phase != .section {
            reportStrayTask(indentEnd, trimmedEnd, .beforeRegions)
        } else if case .other(let heading) = sections[sections.count - 1].kind {
            reportStrayTask(indentEnd, trimmedEnd, .underHeading(heading))
        } else {
            // Straight into `openTask` (no task is open here).
            openTask = parseTask(indentEnd, trimmedEnd)
            if isTaskOpen {
                openTaskIndent = indentWidth
                openTaskBreaks = endsInHardBreak(indentEnd, end)
                return
            }
        }
        if endsInHardBreak(start, end) {
            heldBreak = .text(start: start, end: trimmedEnd)
        } else {
            pass(.text(lineText(start, trimmedEnd)))
        }
    }

    /// Whether the line ends in a Markdown hard break: two spaces (or more) before its line ending.
    func endsInHardBreak(_ start: Int, _ end: Int) -> Bool {
        end - start >= 3 && bytes[end - 1] == space && bytes[end - 2] == space
    }

    /// Gives the line held for its hard break (`heldBreak`), with the break when the next line (`start..<end`,
    /// the end of the input when empty) directly continues it: it is not blank and not a heading. A break
    /// before a blank line, a heading or the end of the file does nothing in Markdown and is not kept
    /// (FORMAT.md §5), so that a file's canonical form keeps each break that shows.
    mutating func releaseHardBreak(beforeLine start: Int, _ end: Int) {
        if case .none = heldBreak { return }
        var first = start
        while first < end, isBlank(bytes[first]) || bytes[first] == cr { first += 1 }
        var hashes = 0
        while start + hashes < end, bytes[start + hashes] == hash { hashes += 1 }
        let isHeading = (1...6).contains(hashes) && (start + hashes == end || isBlank(bytes[start + hashes]))
        let keep = first < end && !isHeading
        switch heldBreak {
        case .none: break
        case .text(let textStart, let textEnd):
            pass(.text(sink.keepsText ? string(textStart, textEnd) + (keep ? "  " : "") : ""))
        case .note:
            noteLines[noteLines.count - 1].hardBreak = keep
        }
        heldBreak = .none
    }

    /// Whether an indented line under a task starts a task of its own rather than a sub-task: a checklist
    /// line indented less than the task's text (two columns past its bullet) is its sibling, as in Markdown.
    /// Only a line that reads as a task is: a broken one stays a note, so that formatting (which takes the
    /// task's indentation away) cannot turn it from one into the other.
    func startsSiblingTask(_ indentWidth: Int, _ start: Int, _ end: Int) -> Bool {
        guard indentWidth < openTaskIndent + 2, noteFence == nil,
              let box = Checkbox.read(bytes, from: start, to: end), box.status != nil else { return false }
        return box.bucket != nil && box.spacedAfterBullet || box.spacedAfterBox
    }

    /// Adds a line to the open task's notes, with the blank lines before it; watches for code fences there.
    mutating func addNoteLine(_ indentWidth: Int, _ start: Int, _ indentEnd: Int, _ end: Int, _ trimmedEnd: Int) {
        if openTaskBreaks, noteLines.isEmpty, pendingBlanks.isEmpty { openTask?.endsInHardBreak = true }
        if noteFence != nil {
            noteLines += pendingBlanks
        } else if !pendingBlanks.isEmpty {
            // Blank lines inside notes fold to one, as everywhere else.
            noteLines.append(NoteLine(indent: 0, start: 0, end: 0, line: pendingBlanks[0].line, lineStart: 0, verbatim: false))
        }
        pendingBlanks.removeAll(keepingCapacity: true)
        if let fence = noteFence {
            if closesFence(fence.mark, fence.length, indentEnd, end) { noteFence = nil }
            noteLines.append(NoteLine(indent: indentWidth, start: start, end: end, line: lineNumber, lineStart: start, verbatim: true))
            return
        }
        // The canonical form indents a note outside a fence with spaces: a tab here is said now rather than when
        // the task's last note has been read (which may be the end of the file).
        if firstIndex(of: tab, in: UnsafeBufferPointer(rebasing: bytes[start..<indentEnd]), from: 0) < indentEnd - start {
            sink.layoutChangedByPrinting()
        }
        let first = bytes[indentEnd]
        if first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
            var run = 0
            while indentEnd + run < trimmedEnd, bytes[indentEnd + run] == first { run += 1 }
            if run >= 3, first == UInt8(ascii: "~") || !contains("`", indentEnd + run, trimmedEnd) {
                noteFence = (first, run)
            }
        }
        noteLines.append(NoteLine(indent: indentWidth, start: indentEnd, end: trimmedEnd, line: lineNumber, lineStart: start, verbatim: false))
        // A line that opens a code fence ends in its info string, not a break.
        if noteFence == nil, endsInHardBreak(indentEnd, end) {
            noteLines[noteLines.count - 1].hardBreak = true
            heldBreak = .note
        }
    }

    /// Reports a checklist line that dayplan does not read as a task, saying why: open ones are errors
    /// (rollover would leave them behind), finished ones warnings (they are not counted). `place`, where the
    /// line stands, is made only when there is a checkbox: a line of a big free-text section makes no string.
    mutating func reportStrayTask(_ start: Int, _ end: Int, _ place: @autoclosure () -> ReadingProblem.Place, from reportStart: Int? = nil) {
        guard let status = strayCheckboxStatus(start, end) else {
            // A box typed with stray blanks (`+ [] …`, `- [ x] …`) is a task to the person wherever it stands: in a
            // region it is read as one (DP038); here it is named, so that rollover, which cannot carry it, says so. A link (`- [notes](…)`) is no box.
            if let box = Checkbox.read(bytes, from: start, to: end), box.spacedAfterBullet, box.loose(bytes, to: end) != nil {
                report(.brokenStatusBox, box.boxStart, end)
            }
            return
        }
        report(.checkboxNotATask(status, place()), reportStart ?? start, end)
    }

    /// Whether the lines being read are Markdown a renderer shows as such: not inside a code fence, an HTML
    /// comment or a fence in a task's notes.
    var readsMarkdownLines: Bool {
        guard case .none = block else { return false }
        return noteFence == nil
    }

    /// Names each checklist item that follows a lone CR in the line `start..<end`. Markdown ends a line at a
    /// lone CR (a file saved with old Mac line endings is all such lines); a day file ends its lines only with
    /// LF or CRLF (FORMAT §1), so dayplan reads what follows as part of the line before. A renderer shows the
    /// item; dayplan does not read it as a task: an open one is an error (rollover would leave it behind), a
    /// finished one a warning, as for any checklist line dayplan does not read as a task.
    mutating func reportCheckboxesAfterLoneCRs(_ start: Int, _ end: Int) {
        guard let base = bytes.baseAddress else { return }
        func nextCR(from offset: Int) -> Int {
            offset + firstIndex(of: cr, in: UnsafeBufferPointer(start: base + offset, count: end - offset), from: 0)
        }
        var at = nextCR(from: start)
        while at < end {
            let next = nextCR(from: at + 1)
            let textStart = afterQuoteMarkers(at + 1, next)
            var textEnd = next
            while textEnd > textStart, isBlank(bytes[textEnd - 1]) { textEnd -= 1 }
            if textStart < textEnd, let status = strayCheckboxStatus(textStart, textEnd) {
                report(.checkboxNotATask(status, .afterLoneCR), textStart, textEnd)
            }
            at = next
        }
    }

    /// The status of the checklist item at `start..<end` when it is one a renderer shows as a checkbox (a
    /// known status, spaced as a task is); nil otherwise. For lines dayplan does not read as tasks.
    func strayCheckboxStatus(_ start: Int, _ end: Int) -> Status? {
        guard let box = Checkbox.read(bytes, from: start, to: end), let status = box.status,
              box.spacedAfterBullet || box.spacedAfterBox else { return nil }
        return status
    }

    /// A checklist line inside a quote (`> - [ ] …`, an Obsidian callout): Markdown shows a checkbox, but
    /// dayplan does not read tasks in quotes.
    mutating func reportQuotedTask(_ start: Int, _ end: Int) {
        reportStrayTask(afterQuoteMarkers(start, end), end, .inQuote, from: start)
    }

    /// Where a quoted line's text starts: past its `>` markers and the white space among them.
    func afterQuoteMarkers(_ start: Int, _ end: Int) -> Int {
        var i = start
        while i < end, bytes[i] == UInt8(ascii: ">") || isBlank(bytes[i]) { i += 1 }
        return i
    }

    /// Hands a line that is not a task to the reading.
    mutating func pass(_ item: consuming Item) {
        if phase == .section {
            if case .blank = item {} else { sectionHasContent = true }
        }
        sink.line(item, in: phase)
    }

    /// Logseq's `SCHEDULED: <…>` and `DEADLINE: <…>` on the note lines right under the task, read as the task's
    /// `@on:` and `@due:` (`ForeignSpelling`); the lines stay notes.
    mutating func readLogseqLines() {
        guard var metadata = openTask?.metadata else { return }
        for note in noteLines.prefix(2) where !note.verbatim {
            guard let (key, value) = ForeignSpelling.logseqLine(bytes, note.start, note.end) else { break }
            read(key, value, .logseq, note.start..<note.end, into: &metadata)
        }
        openTask?.metadata = metadata
    }

    /// Ends the open task: its notes are now known, and blank lines after them are plain blank lines.
    mutating func finishTask() {
        guard isTaskOpen else { return }
        openTaskBreaks = false
        // The task is finished where it stands, then moved out: a copy of it made here was copied again into
        // its item.
        if !noteLines.isEmpty {
            if sink.keepsNotes {
                var least = Int.max
                for note in noteLines where !note.verbatim && note.end > note.start { least = min(least, note.indent) }
                if least == Int.max { least = 0 }
                let notes = noteLines.map { note in
                    if note.verbatim { return verbatimNote(note, dropping: least) }
                    return note.end > note.start ? noteText(note, indentedBy: note.indent - least) : ""
                }
                openTask?.notes = notes
            }
            if let status = openTask?.status { checkSubtasks(under: status) }
            readLogseqLines()
        }
        let line = openTask?.line ?? 0
        openTask?.lineSpan = (noteLines.last?.line ?? line) - line + 1
        noteFence = nil
        if !noteLines.isEmpty { noteLines.removeAll(keepingCapacity: true) }
        // Moved out, not copied: a copy made here was copied again on its way.
        if let task = openTask.take() {
            if phase == .section { sectionHasContent = true }
            sink.task(consume task, in: phase, region: phase == .section ? sections[sections.count - 1].region : nil)
        }
        if !pendingBlanks.isEmpty {
            for _ in pendingBlanks { pass(.blank) }
            pendingBlanks.removeAll(keepingCapacity: true)
        }
    }

    /// A line inside a code fence in notes: every byte after the notes' common indentation, trailing white
    /// space included (a tab that reaches past that indentation is kept).
    /// A note line's text after `indent` spaces, made as one string (not the spaces, then the text added).
    /// A hard break the note ends in is kept as two spaces (`releaseHardBreak`).
    func noteText(_ note: NoteLine, indentedBy indent: Int) -> String {
        guard indent > 0 || note.hardBreak else { return string(note.start, note.end) }
        let length = note.end - note.start
        let breakLength = note.hardBreak ? 2 : 0
        // Decoded as `string(_:_:)` decodes, an invalid byte repaired: spaces around it change nothing there.
        return String(unsafeUninitializedCapacity: indent + length + breakLength) { text in
            guard let output = text.baseAddress, let input = bytes.baseAddress else { return 0 }
            output.update(repeating: space, count: indent)
            (output + indent).update(from: input + note.start, count: length)
            (output + indent + length).update(repeating: space, count: breakLength)
            return indent + length + breakLength
        }
    }

    func verbatimNote(_ note: NoteLine, dropping least: Int) -> String {
        var i = note.start
        var width = 0
        while i < note.end, width < least, isBlank(bytes[i]) {
            let next = bytes[i] == tab ? (width / 4 + 1) * 4 : width + 1
            if next > least { break }
            width = next
            i += 1
        }
        var end = note.end
        while end > i, bytes[end - 1] == cr { end -= 1 }
        return string(i, end)
    }

    /// Reports each checklist item in the open task's notes (a sub-task), with its parent's status: one under a
    /// finished task is left behind with it by rollover (DP039).
    mutating func checkSubtasks(under status: Status) {
        // Lines inside a code fence are code, not checklist items.
        for note in noteLines where !note.isBlank && !note.verbatim {
            // A quoted checklist line (`> - [ ] …`) is one too, as Markdown editors show it (`Checkbox.subtask`).
            guard let box = Checkbox.subtask(bytes, from: note.start, to: note.end), let subtask = box.status else { continue }
            let at = SourcePosition(offset: note.start, line: note.line, column: note.start - note.lineStart + 1)
            let end = SourcePosition(offset: note.end, line: note.line, column: note.end - note.lineStart + 1)
            report(ReadingProblem(kind: .subtask(subtask, under: status), start: at, end: end))
        }
    }
}

// The parser's own types stand outside the generic `Parser`: nested, each would be a type per reading, its
// metadata made at run time.

/// One line under a task: `start..<end` is its text after the indentation (trailing white space trimmed), or
/// for a line inside a fenced code block the whole line from `lineStart`, kept as it is.
struct NoteLine {
    var indent: Int
    var start: Int
    var end: Int
    var line: Int
    var lineStart: Int
    var verbatim: Bool
    /// Whether the line ends in a Markdown hard break that is kept (`Parser.releaseHardBreak`).
    var hardBreak = false
    var isBlank: Bool { end <= start && !verbatim }
}

/// A line the parser holds until it knows whether its hard break is kept: free text (its text, trimmed), or
/// the open task's last note line.
enum HeldBreak { case none, text(start: Int, end: Int), note }

/// The block the parser is inside: none, a code fence (its character, length and indentation) or an HTML
/// comment; inside one, lines are kept verbatim.
enum OpenBlock { case none, fence(UInt8, Int, indent: Int), comment }
