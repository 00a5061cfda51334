extension DayDocument {
    /// Parses a day file. Never fails: whatever is wrong becomes a diagnostic, and nothing is dropped.
    public init(parsing bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer)
            return parser.parse()
        }
    }

    /// Parses a day file held in a string.
    public init(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    /// Parses a day file for what `Linter` checks: the same sections, day and diagnostics as
    /// `init(parsing:)`, but the sections hold only the tasks the linter looks at (open tasks of Morning,
    /// Afternoon and Evening, and open tasks with a `@due:` day: bucket, status, metadata and position),
    /// no other line, no note and no title (a non-empty one is the stand-in `…`). So no String is made per
    /// line, and a big file costs little more memory than its bytes.
    init(readingForLint bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, reading: .forLint)
            return parser.parse()
        }
    }

    /// Reads a day file task by task: hands each task, whole (title, metadata and notes as `init(parsing:)`
    /// reads them), to `body` in file order with the region it stands in (nil outside the regions), and keeps
    /// none of them. Returns the document without its lines: the same sections (with no items), day, line
    /// ending and diagnostics as `init(parsing:)`. For rollover, which reads an old day's tasks once each:
    /// however big the plan, no task and no other line is held.
    static func forEachTask(in bytes: [UInt8], _ body: (PlanTask, Region?) -> Void) -> DayDocument {
        withoutActuallyEscaping(body) { visit in
            bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(buffer, reading: .eachTask)
                parser.visit = visit
                return parser.parse()
            }
        }
    }

    /// Parses a day file whole, as `init(parsing:)` does, and hands each task to `body` as it is read, in file
    /// order with its region (nil outside the regions). Tells too whether the file is in canonical form, found
    /// as `CanonicalCheck` reads it (false: it is not, or the check cannot tell, as `blockersIfCanonical(_:)`
    /// says nil). For the merge, which keeps each version's tasks apart and needs each version canonical: one
    /// reading does all three, with no canonical copy printed for a version that is canonical already.
    /// Task lines are read through `memo` (`Parser.memo`), when given.
    static func parsingCheckingCanonical(_ bytes: [UInt8], memo: TaskLineMemo? = nil,
                                         handingOnEachTask body: (PlanTask, Region?) -> Void)
        -> (document: DayDocument, isCanonical: Bool) {
        withoutActuallyEscaping(body) { visit in
            bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(buffer, reading: .whole)
                parser.checksCanonical = true
                parser.visit = visit
                parser.memo = memo
                let document = parser.parse()
                return (document, parser.check?.finish() == true)
            }
        }
    }

    /// Whether `bytes` are in canonical form, found as `CanonicalCheck` reads them, keeping no document:
    /// the diagnostics that block formatting when they are (`Formatter.format` refuses those files), nil when
    /// they are not or the check cannot tell.
    static func blockersIfCanonical(_ bytes: [UInt8]) -> [Diagnostic]? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, reading: .canonicalCheck)
            return parser.blockersIfCanonical()
        }
    }

    /// `blockersIfCanonical(_:)`, each task read handed to `body` too, in file order with its region (nil
    /// outside the regions), until the check finds a difference: a caller that must know a file's tasks
    /// reads it once. Task lines are read through `memo` (`Parser.memo`), when given.
    static func blockersIfCanonical(_ bytes: [UInt8], memo: TaskLineMemo? = nil,
                                    handingOnEachTask body: (PlanTask, Region?) -> Void) -> [Diagnostic]? {
        withoutActuallyEscaping(body) { visit in
            bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(buffer, reading: .canonicalCheck)
                parser.visit = visit
                parser.memo = memo
                return parser.blockersIfCanonical()
            }
        }
    }

    /// Parses a day file for its tasks, as the archive (`ArchivedDay.Reading`) does: the same sections, day,
    /// diagnostics and tasks as `init(parsing:)`, but no notes, no line that is not a task, and each title
    /// (a non-empty one is the stand-in `…`) as bytes in `titles`, the n-th task's ending at `titleEnds[n]`:
    /// no string is made per title.
    static func readingTasks(of bytes: [UInt8]) -> (document: DayDocument, titles: [UInt8], titleEnds: [Int]) {
        let read = readingTitlesApart(of: bytes, reading: .tasks)
        return (read.document, read.titles, read.titleEnds)
    }

    /// Parses a day file whole, as `init(parsing:)` does, but with each title (a non-empty one is the stand-in
    /// `…`) as bytes in `titles`, the n-th task's ending at `titleEnds[n]`, as `readingTasks(of:)` gives them:
    /// export writes each title from its bytes, and no string is made per title. Each title's shape comes too
    /// (`titleShapes[n]`, the n-th task's): what export needs to know to write it without scanning it again.
    static func readingWholeWithTitlesApart(of bytes: [UInt8])
        -> (document: DayDocument, titles: [UInt8], titleEnds: [Int], titleShapes: [TitleShape]) {
        readingTitlesApart(of: bytes, reading: .wholeWithTitlesApart)
    }

    private static func readingTitlesApart(of bytes: [UInt8], reading: Parser.Reading)
        -> (document: DayDocument, titles: [UInt8], titleEnds: [Int], titleShapes: [TitleShape]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, reading: reading)
            // Room made once: the titles are never longer than the input, and a task takes a line of at least
            // six bytes (`- [ ] `); room never written to costs no memory.
            parser.titleBytes.reserveCapacity(buffer.count)
            parser.titleEnds.reserveCapacity(buffer.count / 6 + 1)
            if reading == .wholeWithTitlesApart { parser.titleShapes.reserveCapacity(buffer.count / 6 + 1) }
            let document = parser.parse()
            return (document, parser.titleBytes, parser.titleEnds, parser.titleShapes)
        }
    }

    /// The task one line holds, read as a task's line in a region is read (its notes aside), and whether
    /// reading it found something that blocks formatting; nil when the line holds no task. For a check that
    /// reads back a line it changed without parsing the whole file again (rollover's).
    static func task(onLine line: ArraySlice<UInt8>) -> (task: PlanTask, blocked: Bool)? {
        line.withUnsafeBufferPointer { buffer in
            var parser = Parser(lineInSection: buffer)
            var start = 0, end = buffer.count
            while start < end, isBlank(buffer[start]) { start += 1 }
            while end > start, isBlank(buffer[end - 1]) || buffer[end - 1] == cr { end -= 1 }
            guard start < end, let task = parser.parseTask(start, end) else { return nil }
            return (task, parser.diagnostics.contains { $0.rule.blocksFormatting })
        }
    }
}

extension DayDocument {
    /// The task `line` holds when, standing alone on a line of a region, it is read as a task line with
    /// nothing to report (valid UTF-8, no NUL, no finding) and is that task's canonical line: a bullet at
    /// its first byte, no blank at its end. Read through `memo`, and given with its line there
    /// (`TaskLineMemo`); nil otherwise. A task line read this way reads as the parser reads it in a file.
    static func canonicalTask(onLine line: UnsafeBufferPointer<UInt8>, memo: TaskLineMemo) -> (task: PlanTask, entry: Int)? {
        guard line.count >= 6, line[0] == UInt8(ascii: "-") || line[0] == UInt8(ascii: "+") || line[0] == UInt8(ascii: "*"),
              line[1] == space, line[2] == UInt8(ascii: "["), !isBlank(line[line.count - 1]), line[line.count - 1] != cr else { return nil }
        var parser = Parser(lineInSection: line)
        parser.memo = memo
        parser.checkEncoding(from: 0)
        guard parser.diagnostics.isEmpty, let task = parser.rememberedTask(0, line.count, wholeLine: true),
              parser.diagnostics.isEmpty, memo.lastEntry >= 0, memo.isCanonical(memo.lastEntry) else { return nil }
        return (task, memo.lastEntry)
    }

    /// The text `line` is when, standing alone on a line of a section that is not a region (and no task or
    /// block open before it), it reads as a line of free text with nothing to report, and is its own
    /// canonical form (no blank at its end); nil otherwise. Lines that start like a heading, a quote, a git
    /// conflict marker or a block (`#`, `>`, `<`, `=`, `|`, a fence) give nil without being read.
    static func canonicalText(onLine line: UnsafeBufferPointer<UInt8>) -> String? {
        var first = 0
        while first < line.count, isBlank(line[first]) { first += 1 }
        guard first < line.count, !isBlank(line[line.count - 1]), line[line.count - 1] != cr else { return nil }
        switch line[first] {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "|"),
             UInt8(ascii: "`"), UInt8(ascii: "~"): return nil
        default: break
        }
        var parser = Parser(lineInSection: line)
        parser.sections = [Section(kind: .other("Notes"), items: [])]
        parser.checkEncoding(from: 0)
        guard parser.diagnostics.isEmpty, !parser.holdsCR else { return nil }
        parser.parseLine(0, line.count)
        guard parser.diagnostics.isEmpty, !parser.isTaskOpen, case .none = parser.block, parser.sections.count == 1,
              parser.sections[0].items.count == 1, case .text(let text) = parser.sections[0].items[0] else { return nil }
        return text
    }
}

/// What a non-empty title is when a parse keeps no title text (`init(readingForLint:)`, `readingTasks(of:)`).
let structureStandIn = "…"

/// What the parser learns of a title kept apart for export while it finds it plain (its text as written: words
/// one space apart, no `@` word, code span or link): whether it is plain with no byte JSON escapes (a control
/// byte, `"`, `\`), how many spaces it holds, whether it holds a `#`, and whether it is ASCII. Export then
/// writes it in one run without scanning it again. A title not known to be plain is `TitleShape()`.
struct TitleShape {
    /// Plain, with no byte JSON escapes: `spaces`, `hasHash` and `isASCII` are known.
    var isPlain = false
    var hasHash = false
    /// No byte beyond ASCII: its words split alike by bytes and by characters.
    var isASCII = false
    var spaces: Int32 = 0

    /// Learns the shape from the bytes the parser's plain-title scan hands it.
    struct Scan: TitleScan {
        private var spaces = 0
        private var escapes: UInt64 = 0, hashes: UInt64 = 0, highBits: UInt64 = 0

        @inline(__always) mutating func add(eight: UInt64, spaces: UInt64) {
            escapes |= bytesJSONEscapes(eight)
            hashes |= zeroBytes(eight ^ everyByte(UInt8(ascii: "#")))
            highBits |= eight
            self.spaces &+= flaggedByteCount(spaces)
        }

        @inline(__always) mutating func add(byte: UInt8) {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { escapes = 1 }
            if byte == UInt8(ascii: "#") { hashes = 1 }
            if byte == UInt8(ascii: " ") { spaces &+= 1 }
            highBits |= UInt64(byte)
        }

        /// The shape of the title scanned, which the scan found plain.
        var shape: TitleShape {
            escapes != 0 ? TitleShape() : TitleShape(isPlain: true, hasHash: hashes != 0,
                                                      isASCII: highBits & 0x8080_8080_8080_8080 == 0,
                                                      spaces: Int32(truncatingIfNeeded: spaces))
        }
    }
}

/// Takes the bytes of a title as the parser's plain-title scan reads them (`Parser.plainRun`).
protocol TitleScan {
    /// Eight bytes of the title, with the flags (`zeroBytes`) of its spaces.
    mutating func add(eight: UInt64, spaces: UInt64)
    /// One byte of the title, after the last eight.
    mutating func add(byte: UInt8)
}

/// A scan that learns nothing: every reading but export's.
struct NoTitleScan: TitleScan {
    @inline(__always) mutating func add(eight: UInt64, spaces: UInt64) {}
    @inline(__always) mutating func add(byte: UInt8) {}
}

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let cr = UInt8(ascii: "\r")
private let lf = UInt8(ascii: "\n")
private let hash = UInt8(ascii: "#")
private let at = UInt8(ascii: "@")
private let colon = UInt8(ascii: ":")
private let openBracket = UInt8(ascii: "[")

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

/// One pass over the lines of the input, building the document as it goes.
///
/// Each line is looked at once and each byte a bounded number of times, so the cost is linear in the size of
/// the input whatever its shape.
private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>

    // Where we are, and whether a big section has had room made for the lines left.
    var lineNumber = 0
    var reservedForBigSection = false
    var lineStart = 0

    // What has been built.
    var frontMatter: [String] = []
    var leading: [Item] = []
    var day: Day?
    var dayHeadingLine: Int?
    var dayHeadingSource: (start: SourcePosition, end: SourcePosition)?
    var dayHeadingText: String?
    var preamble: [Item] = []
    var sections: [Section] = []
    var diagnostics: [Diagnostic] = []
    /// Whether the input reads as text: no invalid UTF-8 and no NUL byte (a file that is not text has no day
    /// heading to miss).
    var readsAsText = true

    enum Phase { case beforeDayHeading, preamble, section }
    var phase = Phase.beforeDayHeading
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
    // A code fence opened inside the open task's notes: its lines are kept as they are.
    var noteFence: (mark: UInt8, length: Int)?

    /// One line under a task: `start..<end` is its text after the indentation (trailing white space
    /// trimmed), or for a line inside a fenced code block the whole line from `lineStart`, kept as it is.
    struct NoteLine {
        var indent: Int
        var start: Int
        var end: Int
        var line: Int
        var lineStart: Int
        var verbatim: Bool
        var isBlank: Bool { end <= start && !verbatim }
    }

    // Git conflict markers: whether a `<<<<<<<` is open, and `=======` lines seen outside one, which are
    // markers only if a `>>>>>>>` follows (alone, such a line may underline a Markdown heading).
    var conflictOpen = false
    var pendingSeparators: [(start: Int, end: Int, line: Int, lineStart: Int)] = []

    // Inside a code fence (its character and length) or an HTML comment, lines are kept verbatim.
    enum Block { case none, fence(UInt8, Int, indent: Int), comment }
    var block = Block.none
    /// Whether the file holds a CR (`checkEncoding` looks while it reads each byte).
    var holdsCR = false
    var blockStart: SourcePosition?

    /// What a reading keeps.
    enum Reading {
        /// Everything (`init(parsing:)`).
        case whole
        /// Everything, but the titles as bytes apart (`titleBytes`), as `.tasks` has them
        /// (`readingWholeWithTitlesApart(of:)`).
        case wholeWithTitlesApart
        /// The tasks, titles as bytes apart (`titleBytes`); no notes, no other line (`readingTasks(of:)`).
        case tasks
        /// Each task whole, titles and notes as `.whole` reads them, handed to `visit` and not kept; no other
        /// line (`forEachTask(in:_:)`).
        case eachTask
        /// The tasks the linter checks, without titles (`init(readingForLint:)`).
        case forLint
        /// Each line printed canonically and compared with the input as it is read (`check`); no line kept
        /// (`blockersIfCanonical(_:)`).
        case canonicalCheck
    }
    let reading: Reading
    /// Read whole, whether each line is also printed canonically and compared with the input (`check`) until
    /// the first difference (`parsingCheckingCanonical(_:handingOnEachTask:)`).
    var checksCanonical = false
    /// Read for tasks: every task's title, one after the other, and where each ends.
    var titleBytes: [UInt8] = []
    var titleEnds: [Int] = []
    /// Read for export (`.wholeWithTitlesApart`): the shape of each title, by its place in `titleEnds`.
    var titleShapes: [TitleShape] = []
    /// Whether notes and lines other than tasks are kept.
    var keepsText: Bool { reading == .whole || reading == .wholeWithTitlesApart || reading == .canonicalCheck }
    /// Whether titles go to `titleBytes`, each task's title the stand-in.
    var keepsTitlesApart: Bool { reading == .tasks || reading == .wholeWithTitlesApart }
    /// Whether a task's notes are kept.
    var keepsNotes: Bool { keepsText || reading == .eachTask }
    /// Read task by task: where each task goes, with its region, instead of the document (or, read whole,
    /// as well as into it).
    var visit: ((PlanTask, Region?) -> Void)?
    /// Read for the canonical check: the check, which every line goes to instead of the document.
    var check: CanonicalCheck?
    /// Task lines read before, in other versions of the same day (`TaskLineMemo`); nil: each line is read.
    /// Only for readings that keep titles as strings (`.whole`, `.canonicalCheck`).
    var memo: TaskLineMemo?
    /// The open task's line in the input, when it is the task's canonical line as it stands (found through
    /// `memo`): the check takes these bytes as the line printed.
    var canonicalTaskLine: Range<Int>?

    init(_ bytes: UnsafeBufferPointer<UInt8>, reading: Reading = .whole) {
        self.bytes = bytes
        self.reading = reading
    }

    /// A parser of one line read apart from its file, as line 1 of a section.
    init(lineInSection line: UnsafeBufferPointer<UInt8>) {
        self.init(line)
        lineNumber = 1
        phase = .section
    }

    mutating func parse() -> DayDocument {
        var position = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        checkEncoding(from: position)
        let lineEnding = detectLineEnding(from: position)
        if reading == .canonicalCheck || checksCanonical { check = CanonicalCheck(input: bytes, lineEnding: lineEnding) }
        position = readFrontMatter(from: position)
        check?.frontMatter(frontMatter)
        // A check that gave up reads no further: the file is read whole after it. Read whole already, the
        // file is read on (the check compares nothing more).
        while position < bytes.count, check?.failed != true || checksCanonical {
            let end = firstIndex(of: lf, in: bytes, from: position)
            lineNumber += 1
            lineStart = position
            // Every CR right before the LF belongs to the line ending, so a stray one cannot turn into one.
            var contentEnd = end
            while contentEnd > position, bytes[contentEnd - 1] == cr { contentEnd -= 1 }
            // A lone CR may stand inside a line only in a file that holds a CR (most hold none).
            let wasMarkdown = holdsCR && readsMarkdownLines
            parseLine(position, contentEnd)
            if wasMarkdown, readsMarkdownLines { reportCheckboxesAfterLoneCRs(position, contentEnd) }
            position = end + 1
        }
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
        var document = DayDocument(frontMatter: frontMatter, leading: leading, day: day,
                                   dayHeadingLine: dayHeadingLine, preamble: preamble, sections: sections,
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

    /// A text or verbatim line's text; nothing when no text is kept (nor the line).
    func lineText(_ start: Int, _ end: Int) -> String {
        keepsText ? string(start, end) : ""
    }

    // MARK: - The whole input

    /// Eight bytes of the input from `i` as one word, the byte at `i` lowest; `i + 8` must not pass the end.
    @inline(__always) func word(at i: Int, _ base: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    }

    /// Reports the first invalid UTF-8 sequence and the first NUL byte, with their positions.
    mutating func checkEncoding(from start: Int) {
        guard let base = bytes.baseAddress else { return }
        // Lines are counted only when there is something to report.
        func here(_ offset: Int) -> SourcePosition {
            var line = 1
            var lineBegin = start
            for k in start..<offset where bytes[k] == lf {
                line += 1
                lineBegin = k + 1
            }
            return SourcePosition(offset: offset, line: line, column: offset - lineBegin + 1)
        }
        var reportedNul = false
        var i = start
        while i < bytes.count {
            // Eight bytes at a time while they are ASCII and not NUL, the common case; a CR is looked for too,
            // until one is found (`holdsCR`).
            while i + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let nonASCII = word & 0x8080_8080_8080_8080
                let hasZeroByte = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                let crs = word ^ 0x0D0D_0D0D_0D0D_0D0D
                let mayHoldCR = (crs &- 0x0101_0101_0101_0101) & ~crs & 0x8080_8080_8080_8080
                if nonASCII != 0 || hasZeroByte != 0 || (mayHoldCR != 0 && !holdsCR) { break }
                i += 8
            }
            guard i < bytes.count else { return }
            let byte = bytes[i]
            if byte < 0x80 {
                if byte == cr { holdsCR = true }
                if byte == 0, !reportedNul {
                    reportedNul = true
                    let at = here(i)
                    readsAsText = false
                    report(ReadingProblem(kind: .nulByte, start: at, end: at))
                }
                i += 1
                continue
            }
            let length = validSequenceLength(at: i)
            if length == 0 {
                let at = here(i)
                readsAsText = false
                report(ReadingProblem(kind: .invalidUTF8(byte: byte), start: at, end: at))
                // The rest is not read: it may hold a CR.
                holdsCR = true
                return
            }
            i += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `i`, or 0.
    func validSequenceLength(at i: Int) -> Int {
        let lead = bytes[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    func detectLineEnding(from start: Int) -> LineEnding {
        var i = start
        while i < bytes.count, bytes[i] != lf { i += 1 }
        return i < bytes.count && i > start && bytes[i - 1] == cr ? .crlf : .lf
    }

    /// Takes `---` … `---` (or `...`) front matter off the top, if the input starts with it and it is closed.
    mutating func readFrontMatter(from start: Int) -> Int {
        var lines: [(Int, Int)] = []
        var position = start
        while position < bytes.count {
            var end = position
            while end < bytes.count, bytes[end] != lf { end += 1 }
            var lineEnd = end
            while lineEnd > position, bytes[lineEnd - 1] == cr { lineEnd -= 1 }
            lines.append((position, lineEnd))
            var contentEnd = lineEnd
            while contentEnd > position, isBlank(bytes[contentEnd - 1]) { contentEnd -= 1 }
            let text = bytes[position..<contentEnd]
            if lines.count == 1 {
                guard text.elementsEqual("---".utf8) else { return start }
            } else if text.elementsEqual("---".utf8) || text.elementsEqual("...".utf8) {
                frontMatter = lines.map { string($0.0, $0.1) }
                for (index, line) in lines.enumerated() {
                    checkConflictMarker(line.0, line.1, line: index + 1, lineStart: line.0)
                }
                lineNumber = lines.count
                return end + 1
            }
            position = end + 1
        }
        return start
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
                append(.blank)
            }
            return
        }
        if indentWidth > 0, isTaskOpen, !startsSiblingTask(indentWidth, indentEnd, trimmedEnd) {
            addNoteLine(indentWidth, start, indentEnd, end, trimmedEnd)
            return
        }
        finishTask()

        if indentWidth == 0, checkConflictMarker(start, trimmedEnd, line: lineNumber, lineStart: start) {
            append(.text(lineText(start, trimmedEnd)))
            return
        }
        if indentWidth == 0, bytes[start] == hash, parseHeading(start, trimmedEnd) { return }
        if indentWidth <= 3, startsBlock(indentEnd, trimmedEnd, indent: indentWidth) {
            append(.verbatim(lineText(start, end)))
            return
        }
        if bytes[indentEnd] == UInt8(ascii: ">") {
            reportQuotedTask(indentEnd, trimmedEnd)
        } else if phase != .section {
            reportStrayTask(indentEnd, trimmedEnd, .beforeRegions)
        } else if case .other(let heading) = sections[sections.count - 1].kind {
            reportStrayTask(indentEnd, trimmedEnd, .underHeading(heading))
        } else {
            // Straight into `openTask` (no task is open here): a task is not copied on its way.
            openTask = memo == nil ? parseTask(indentEnd, trimmedEnd)
                                   : rememberedTask(indentEnd, trimmedEnd, wholeLine: indentEnd == start && trimmedEnd == end)
            if isTaskOpen {
                openTaskIndent = indentWidth
                return
            }
        }
        append(.text(lineText(start, trimmedEnd)))
    }

    /// `parseTask(_:_:)` through `memo`: a line read before (in another version of the day) is taken from
    /// it, and a line read now without a finding is kept in it. When the line is its task's canonical line
    /// and `wholeLine` (nothing before or after it on its line), the canonical check takes its bytes as
    /// printed (`canonicalTaskLine`).
    mutating func rememberedTask(_ start: Int, _ end: Int, wholeLine: Bool) -> PlanTask? {
        canonicalTaskLine = nil
        guard let memo, let base = bytes.baseAddress else { return parseTask(start, end) }
        let line = UnsafeBufferPointer(start: base + start, count: end - start)
        let hash = TaskLineMemo.hash(line)
        if let entry = memo.find(line, hash: hash) {
            memo.lastEntry = entry
            var task = memo.task(entry)
            task.source = (location(start), location(end))
            if check != nil, wholeLine, memo.isCanonical(entry) { canonicalTaskLine = start..<end }
            return task
        }
        let findings = diagnostics.count
        let task = parseTask(start, end)
        memo.lastEntry = -1
        if let task, diagnostics.count == findings { memo.lastEntry = memo.add(line, hash: hash, task) }
        return task
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
        // The canonical form indents a note outside a fence with spaces: a tab here is a difference, found now
        // rather than when the task's last note has been read (which may be the end of the file).
        if check != nil, firstIndex(of: tab, in: UnsafeBufferPointer(rebasing: bytes[start..<indentEnd]), from: 0) < indentEnd - start {
            check?.giveUp()
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
    }

    /// Reports a checklist line that dayplan does not read as a task, saying why: open ones are errors
    /// (rollover would leave them behind), finished ones warnings (they are not counted). `place`, where the
    /// line stands, is made only when there is a checkbox: a line of a big free-text section makes no string.
    mutating func reportStrayTask(_ start: Int, _ end: Int, _ place: @autoclosure () -> ReadingProblem.Place, from reportStart: Int? = nil) {
        guard let status = strayCheckboxStatus(start, end) else { return }
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

    mutating func append(_ item: consuming Item) {
        if phase == .section {
            if case .blank = item {} else { sectionHasContent = true }
        }
        switch reading {
        case .whole:
            check?.item(item, printedLine: canonicalTaskLine.take())
        case .wholeWithTitlesApart:
            break
        case .tasks:
            guard case .task = item else { return }
        case .eachTask:
            // Tasks go to `visit` straight from `finishTask()`; no other line is kept.
            return
        case .forLint:
            // Only the tasks the linter checks: open ones in a region with limits, open ones with a `@due:` day.
            guard phase == .section, case .task(let task) = item, task.status.isOpen,
                  sections[sections.count - 1].region?.isLimited == true || task.metadata.due != nil else { return }
        case .canonicalCheck:
            check?.item(item, printedLine: canonicalTaskLine.take())
            return
        }
        switch phase {
        case .beforeDayHeading: leading.append(item)
        case .preamble: preamble.append(item)
        case .section:
            // The first section to grow big gets room for every line left, so that it is not copied again
            // and again as it grows (room never written to costs no memory). Once: a file of many big
            // sections must not reserve its size many times over.
            if !reservedForBigSection, sections[sections.count - 1].items.count == 1024 {
                reservedForBigSection = true
                sections[sections.count - 1].items.reserveCapacity(1024 + linesLeft())
            }
            sections[sections.count - 1].items.append(item)
        }
    }

    /// Ends the open task: its notes are now known, and blank lines after them are plain blank lines.
    mutating func finishTask() {
        guard isTaskOpen else { return }
        // The task is finished where it stands, then moved out: a copy of it made here was copied again into
        // its item.
        if !noteLines.isEmpty {
            if keepsNotes {
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
        }
        let line = openTask?.line ?? 0
        openTask?.lineSpan = (noteLines.last?.line ?? line) - line + 1
        noteFence = nil
        if !noteLines.isEmpty { noteLines.removeAll(keepingCapacity: true) }
        if reading == .eachTask {
            // Handed on as it is: wrapped in an item and taken out again, its every field was copied.
            if let task = openTask.take() {
                if phase == .section { sectionHasContent = true }
                visit?(task, phase == .section ? sections[sections.count - 1].region : nil)
            }
        } else if visit != nil, let task = openTask.take() {
            // Other readings may hand each task on too (`parsingCheckingCanonical(_:handingOnEachTask:)`,
            // `blockersIfCanonical(_:handingOnEachTask:)`); apart, so that the others build each item in place.
            handOn(task)
            append(.task(task))
        } else if let task = openTask.take() {
            append(.task(task))
        }
        if !pendingBlanks.isEmpty {
            for _ in pendingBlanks { append(.blank) }
            pendingBlanks.removeAll(keepingCapacity: true)
        }
    }

    /// Reads the file as `.canonicalCheck` does: the diagnostics that block formatting if it is canonical.
    mutating func blockersIfCanonical() -> [Diagnostic]? {
        let document = parse()
        guard check?.finish() == true else { return nil }
        return document.formattingBlockers
    }

    /// Hands a task kept in the document to `visit` too, with its region (nil outside the regions). Apart, so
    /// that the readings that hand nothing on pay only for the test.
    @inline(never)
    func handOn(_ task: borrowing PlanTask) {
        visit?(copy task, phase == .section ? sections[sections.count - 1].region : nil)
    }

    /// A line inside a code fence in notes: every byte after the notes' common indentation, trailing white
    /// space included (a tab that reaches past that indentation is kept).
    /// A note line's text after `indent` spaces, made as one string (not the spaces, then the text added).
    func noteText(_ note: NoteLine, indentedBy indent: Int) -> String {
        guard indent > 0 else { return string(note.start, note.end) }
        let length = note.end - note.start
        // Decoded as `string(_:_:)` decodes, an invalid byte repaired: spaces before it change nothing there.
        return String(unsafeUninitializedCapacity: indent + length) { text in
            guard let output = text.baseAddress, let input = bytes.baseAddress else { return 0 }
            output.update(repeating: space, count: indent)
            (output + indent).update(from: input + note.start, count: length)
            return indent + length
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
            // A quoted checklist line (`> - [ ] …`) is one too, as Markdown editors show it.
            let start = afterQuoteMarkers(note.start, note.end)
            guard let box = Checkbox.read(bytes, from: start, to: note.end), let subtask = box.status,
                  box.spacedAfterBullet || box.spacedAfterBox else { continue }
            let at = SourcePosition(offset: note.start, line: note.line, column: note.start - note.lineStart + 1)
            let end = SourcePosition(offset: note.end, line: note.line, column: note.end - note.lineStart + 1)
            report(ReadingProblem(kind: .subtask(subtask, under: status), start: at, end: end))
        }
    }

    // MARK: - Git conflict markers

    /// Whether the line (`start..<end`, trailing white space trimmed) is a git conflict marker: seven `<`, `|`,
    /// `=` or `>` then the end of the line or white space (`=======` alone). Reports it (DP041); a `=======`
    /// outside a `<<<<<<<` … `>>>>>>>` is reported only when a `>>>>>>>` follows.
    @discardableResult
    mutating func checkConflictMarker(_ start: Int, _ end: Int, line: Int, lineStart: Int) -> Bool {
        guard end - start >= 7 else { return false }
        let mark = bytes[start]
        guard mark == UInt8(ascii: "<") || mark == UInt8(ascii: "=") || mark == UInt8(ascii: ">")
                || mark == UInt8(ascii: "|") else { return false }
        var run = 1
        while run < 7, bytes[start + run] == mark { run += 1 }
        guard run == 7 else { return false }
        if mark == UInt8(ascii: "=") ? end != start + 7 : end > start + 7 && !isBlank(bytes[start + 7]) { return false }
        func flag(_ at: (start: Int, end: Int, line: Int, lineStart: Int), _ what: ReadingProblem.ConflictMark) {
            let from = SourcePosition(offset: at.start, line: at.line, column: at.start - at.lineStart + 1)
            let to = SourcePosition(offset: at.start + 7, line: at.line, column: at.start - at.lineStart + 8)
            report(ReadingProblem(kind: .conflictMarker(what, character: Character(Unicode.Scalar(bytes[at.start]))), start: from, end: to))
        }
        let here = (start: start, end: end, line: line, lineStart: lineStart)
        switch mark {
        case UInt8(ascii: "<"):
            conflictOpen = true
            flag(here, .sideStart)
        case UInt8(ascii: "|"):
            flag(here, .ancestorStart)
        case UInt8(ascii: "="):
            if conflictOpen { flag(here, .separator) } else { pendingSeparators.append(here) }
        default:
            for separator in pendingSeparators { flag(separator, .separator) }
            pendingSeparators.removeAll()
            conflictOpen = false
            flag(here, .sideEnd)
        }
        return true
    }

    // MARK: - Code fences and HTML comments

    /// Inside a fence or comment, keeps the line verbatim and watches for the end. Returns whether it did.
    mutating func continueBlock(_ start: Int, _ end: Int) -> Bool {
        switch block {
        case .none:
            return false
        case .fence(let mark, let length, let indent):
            // An indented fence belongs to the list item above it (Markdown's reading), and ends with it: at
            // the first non-blank line indented less than the fence.
            if indent > 0 {
                var width = 0
                var k = start
                while k < end, isBlank(bytes[k]) {
                    width = bytes[k] == tab ? (width / 4 + 1) * 4 : width + 1
                    k += 1
                }
                if width < indent, k < end, bytes[k] != cr {
                    block = .none
                    releaseTrailingBlankLines()
                    return false
                }
            }
            var i = start
            while i < end, i - start < 3, bytes[i] == space { i += 1 }
            if closesFence(mark, length, i, end) { block = .none }
        case .comment:
            if contains("-->", start, end) { block = .none }
        }
        finishTask()
        append(.verbatim(lineText(start, end)))
        return true
    }

    /// The blank lines at the end of a fence that its list item's end closed are not the fence's: they
    /// become plain blank lines again, which the canonical form folds.
    mutating func releaseTrailingBlankLines() {
        func release(_ items: inout [Item]) {
            var index = items.count
            while index > 0, case .verbatim(let line) = items[index - 1],
                  line.utf8.allSatisfy({ $0 == space || $0 == tab || $0 == cr }) {
                index -= 1
            }
            for k in index..<items.count { items[k] = .blank }
        }
        switch phase {
        case .beforeDayHeading: release(&leading)
        case .preamble: release(&preamble)
        case .section: release(&sections[sections.count - 1].items)
        }
    }

    /// Whether the text from `start` closes a fence of `length` `mark`s: a run at least as long, then only
    /// white space.
    func closesFence(_ mark: UInt8, _ length: Int, _ start: Int, _ end: Int) -> Bool {
        var i = start
        var run = 0
        while i < end, bytes[i] == mark { run += 1; i += 1 }
        while i < end, isBlank(bytes[i]) || bytes[i] == cr { i += 1 }
        return run >= length && i == end
    }

    /// Whether the line opens a code fence or an HTML comment; if so, enters it.
    mutating func startsBlock(_ start: Int, _ end: Int, indent: Int) -> Bool {
        let first = bytes[start]
        if first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
            var run = 0
            while start + run < end, bytes[start + run] == first { run += 1 }
            guard run >= 3 else { return false }
            if first == UInt8(ascii: "`"), contains("`", start + run, end) { return false }
            // Its blank lines may turn out not to be its own (`releaseTrailingBlankLines`), after they were printed.
            if indent > 0 { check?.giveUp() }
            block = .fence(first, run, indent: indent)
            blockStart = location(start)
            return true
        }
        if first == UInt8(ascii: "<"), end - start >= 4, contains("<!--", start, start + 4) {
            if !contains("-->", start + 4, end) {
                block = .comment
                blockStart = location(start)
            }
            return true
        }
        return false
    }

    func contains(_ needle: StaticString, _ start: Int, _ end: Int) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, end - start >= count else { return false }
        let pattern = needle.utf8Start
        var i = start
        while i + count <= end {
            var k = 0
            while k < count, bytes[i + k] == pattern[k] { k += 1 }
            if k == count { return true }
            i += 1
        }
        return false
    }

    // MARK: - Headings

    /// Handles `#` and `##` headings, and `###` headings that name a region. Returns false when the line is
    /// not one of those (`#tag`, another `###`, …): it is then text.
    mutating func parseHeading(_ start: Int, _ end: Int) -> Bool {
        var level = 0
        while start + level < end, bytes[start + level] == hash { level += 1 }
        guard level <= 3, start + level == end || isBlank(bytes[start + level]) else { return false }
        var textStart = start + level
        while textStart < end, isBlank(bytes[textStart]) { textStart += 1 }
        var textEnd = end
        // An optional closing run of `#`, after white space, is not part of the text.
        var closing = textEnd
        while closing > textStart, bytes[closing - 1] == hash { closing -= 1 }
        if closing < textEnd, closing == textStart || isBlank(bytes[closing - 1]) {
            textEnd = closing
            while textEnd > textStart, isBlank(bytes[textEnd - 1]) { textEnd -= 1 }
        }

        if level == 1 {
            guard phase == .beforeDayHeading else {
                report(.secondDayHeading, start, end)
                return false
            }
            dayHeadingLine = lineNumber
            // Kept whole, closing `#`s included, unless it is just the date (`#  2026-11-21 ##` is canonically
            // `# 2026-11-21`): without them, `# a ## #` would print as `# a ##`, which reads back as `a`.
            dayHeadingText = string(textStart, end)
            phase = .preamble
            if let (dateStart, found) = findDate(textStart, textEnd) {
                if dateStart == textStart, textEnd - textStart == 10 { dayHeadingText = string(textStart, textEnd) }
                day = found
                dayHeadingSource = (location(dateStart), location(dateStart + 10))
            } else {
                dayHeadingSource = (location(textStart), location(textEnd))
                report(.dayHeadingWithoutDate(heading: string(start, end)), textStart, max(textEnd, textStart))
            }
            if let dayHeadingText { check?.dayHeading(dayHeadingText) }
            return true
        }

        let text = string(textStart, textEnd)
        guard let region = Region(headingText: text) else {
            if let meant = Region.nearMiss(headingText: text) {
                report(.nearRegionHeading(heading: string(start, end), level: level, region: meant), start, end)
            }
            guard level == 2 else { return false }
            finishTask()
            phase = .section
            // Kept as written, closing `#`s included: without them, `## ## #` would print as `## ##`, which
            // reads back as an empty heading.
            open(Section(kind: .other(string(textStart, end)), items: [], headingLine: lineNumber))
            return true
        }
        finishTask()
        phase = .section
        if seenRegions & (1 << region.rawValue) != 0 {
            report(.repeatedRegion(region, heading: string(start, end)), start, end)
        } else if let lastRegion, region < lastRegion {
            report(.regionOutOfOrder(region, after: lastRegion), start, end)
        }
        var section = Section(kind: .region(region), items: [], headingLine: lineNumber)
        // Room for a region's first few lines, so that its items are not copied as they grow one by one (the
        // first heading of each region only, so that a file of many headings does not reserve many times over).
        if seenRegions & (1 << region.rawValue) == 0, reading == .whole || reading == .wholeWithTitlesApart || reading == .tasks {
            section.items.reserveCapacity(8)
        }
        seenRegions |= 1 << region.rawValue
        lastRegion = region
        // A decorated heading is kept whole, a closing run of `#` included (without it, `## Morning ## #`
        // would print as `## Morning ##`, which reads back as `Morning`).
        section.headingText = region.isNamed(text) ? text : string(textStart, end)
        section.headingLevel = level
        // `## Today` with nothing under it, right before `### Morning`: a heading that groups the regions.
        if level == 3, let last = sections.last, case .other(let group) = last.kind, last.groupHeading == nil,
           !sectionHasContent {
            sections.removeLast()
            section.groupHeading = group
        }
        open(section)
        return true
    }

    /// Starts a section.
    mutating func open(_ section: Section) {
        sectionHasContent = false
        check?.section(section)
        sections.append(section)
    }

    /// The number of lines from the current one to the end of the input: counted only when a section grows
    /// big, so that a parse of a small file does not pass over its bytes once more.
    func linesLeft() -> Int {
        var count = 1
        for index in lineStart..<bytes.count where bytes[index] == lf { count += 1 }
        return count
    }

    /// The first `YYYY-MM-DD` in a heading that stands apart from other digits and dashes, and where it is.
    func findDate(_ start: Int, _ end: Int) -> (Int, Day)? {
        var i = start
        while i + 10 <= end {
            let apart = (i == start || !isDateByte(bytes[i - 1])) && (i + 10 == end || !isDateByte(bytes[i + 10]))
            if apart, bytes[i + 4] == UInt8(ascii: "-"), let day = Day(utf8: bytes[i..<(i + 10)]) { return (i, day) }
            i += 1
        }
        return nil
    }

    func isDateByte(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") }

    // MARK: - Tasks

    /// Reads a task line, or reports a line that looks like one but is broken. Nil when it is not a task.
    ///
    /// `- [ ] x` is a task. So are the checklist lines people type without a bucket bullet or without the
    /// space after it (`1. [ ] x`, `-[ ] x`): read with the bucket their bullet says (a number says misc), and
    /// reported so that the person knows `dayplan fmt` writes them canonically.
    mutating func parseTask(_ start: Int, _ end: Int) -> PlanTask? {
        guard let box = Checkbox.read(bytes, from: start, to: end) else {
            if let bucket = Bucket(bullet: bytes[start]), start + 1 < end, isBlank(bytes[start + 1]),
               phase == .section, !isThematicBreak(start, end) {
                report(.listItemWithoutBox(bucket), start, end)
            }
            return nil
        }
        let bucket: Bucket
        if let bullet = box.bucket, box.spacedAfterBullet {
            bucket = bullet
        } else {
            // Without a bucket bullet and its space, only a well-formed box makes the line a task.
            guard let status = box.status, box.spacedAfterBox else { return nil }
            bucket = box.bucket ?? .misc
            report(.looseTaskLine(bucket, status, numbered: box.bucket == nil), start, box.boxStart + 3)
        }
        guard let closeAt = box.closeAt else {
            report(.brokenStatusBox, box.boxStart, end)
            return nil
        }
        guard let status = box.status else {
            report(.unknownStatusMark(string(box.markStart, closeAt)), box.markStart, closeAt)
            return nil
        }
        var metadata = TaskMetadata()
        let title = readTitle(into: &metadata, from: closeAt + 1, to: end)
        if title.isEmpty {
            report(.emptyTitle, start, end)
        }
        // Made once, whole: a task filled in field by field through `inout` was copied on its way out.
        var task = PlanTask(bucket: bucket, status: status, title: title, metadata: metadata)
        task.source = (location(start), location(end))
        return task
    }

    func scalarLength(at i: Int) -> Int {
        let lead = bytes[i]
        if lead < 0x80 { return 1 }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return i + length <= bytes.count ? length : 1
    }

    func isThematicBreak(_ start: Int, _ end: Int) -> Bool {
        (start..<end).allSatisfy { bytes[$0] == bytes[start] || isBlank(bytes[$0]) }
    }

    /// Splits the rest of a task line into title words, returned, and `@` metadata, read into `metadata`.
    mutating func readTitle(into metadata: inout TaskMetadata, from start: Int, to end: Int) -> String {
        if keepsTitlesApart {
            let titleStart = titleBytes.count
            // Read for export, a plain title's shape comes from the same scan that finds it plain.
            var shape = TitleShape.Scan()
            let run = reading == .wholeWithTitlesApart ? plainRun(start, end, scan: &shape) : plainRun(start, end)
            if reading == .wholeWithTitlesApart { titleShapes.append(run.isWhole ? shape.shape : TitleShape()) }
            if run.isWhole {
                titleBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run.plain]))
            } else {
                // The words are written on the stack first: never longer than the text they come from.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(end - start, 1)) { words in
                    let length = readWords(into: &metadata, start, end, after: run, to: words.baseAddress)
                    titleBytes.append(contentsOf: UnsafeBufferPointer(rebasing: words[..<length]))
                }
            }
            titleEnds.append(titleBytes.count)
            return titleBytes.count == titleStart ? "" : structureStandIn
        }
        let run = plainRun(start, end)
        if run.isWhole {
            let plain = run.plain
            guard reading != .forLint else { return plain.isEmpty ? "" : structureStandIn }
            return String(unsafeUninitializedCapacity: plain.count) { title in
                guard let output = title.baseAddress, let input = bytes.baseAddress, !plain.isEmpty else { return 0 }
                output.update(from: input + plain.lowerBound, count: plain.count)
                return plain.count
            }
        }
        guard reading != .forLint else {
            let length = readWords(into: &metadata, start, end, after: run, to: nil)
            return length == 0 ? "" : structureStandIn
        }
        // Single-spaced words are never longer than the text they come from, so the title is written in place.
        return String(unsafeUninitializedCapacity: max(end - start, 0)) { title in
            readWords(into: &metadata, start, end, after: run, to: title.baseAddress)
        }
    }

    /// `readWords(into:_:_:to:)` of a title whose plain run (`plainRun`) ended at an `@` word: the plain words
    /// before it are written as they stand, and only the rest is read word by word (a title with metadata
    /// after its words, most of those that are not plain). Any other title is read word by word whole.
    mutating func readWords(into metadata: inout TaskMetadata, _ start: Int, _ end: Int, after run: PlainRun,
                            to output: UnsafeMutablePointer<UInt8>?) -> Int {
        guard let rest = run.restAtWord, !run.plain.isEmpty else {
            return readWords(into: &metadata, start, end, to: output)
        }
        let prefix = run.plain
        if let output, let input = bytes.baseAddress {
            output.update(from: input + prefix.lowerBound, count: prefix.count)
        }
        // The rest's words go after the prefix and a space; the space is written only if a word follows.
        let length = readWords(into: &metadata, rest, end, to: output.map { $0 + prefix.count + 1 })
        guard length > 0 else { return prefix.count }
        output?[prefix.count] = space
        return prefix.count + 1 + length
    }

    /// Reads the words of `start..<end`: `@` metadata into `metadata`, every other word written to `output`
    /// (when given) one space apart. Returns the length of the title so written.
    mutating func readWords(into metadata: inout TaskMetadata, _ start: Int, _ end: Int, to output: UnsafeMutablePointer<UInt8>?) -> Int {
        var count = 0
        var i = start
        while i < end {
            while i < end, isBlank(bytes[i]) { i += 1 }
            guard i < end else { break }
            let wordStart = i
            while i < end, !isBlank(bytes[i]) {
                // Only a code span or a link destination spans blanks (`wordScanStep`); other bytes are one each.
                let byte = bytes[i]
                i = byte == UInt8(ascii: "`") || byte == UInt8(ascii: "]") ? skipSpan(at: i, end) : i + 1
            }
            if bytes[wordStart] == at, readMetadata(into: &metadata, wordStart, i) { continue }
            if count > 0 {
                output?[count] = space
                count += 1
            }
            if let output, let input = bytes.baseAddress {
                (output + count).update(from: input + wordStart, count: i - wordStart)
            }
            count += i - wordStart
        }
        return count
    }

    /// How much of a title is plain (`plainRun`): its text as written, words one space apart, none of them `@`
    /// metadata, a code span or a link.
    struct PlainRun {
        /// The plain bytes: the whole title less the blanks around it when `isWhole`; the words before the `@`
        /// word, less the space between, when the run ended there (`restAtWord`); else empty.
        var plain: Range<Int>
        /// Whether the whole title is plain (most titles).
        var isWhole: Bool
        /// Where the rest starts when the run ended at an `@` that starts a word (metadata after the words,
        /// most often), and nothing else ended it before; nil otherwise.
        var restAtWord: Int?
    }

    /// How much of the title in `start..<end` is plain, from its start (see `PlainRun`).
    func plainRun(_ start: Int, _ end: Int) -> PlainRun {
        var none = NoTitleScan()
        return plainRun(start, end, scan: &none)
    }

    /// `plainRun(_:_:)`, handing `scan` each byte of the title as it goes (eight at a time, then one by one)
    /// up to where the run ends.
    @inline(__always)
    func plainRun<Scan: TitleScan>(_ start: Int, _ end: Int, scan: inout Scan) -> PlainRun {
        var first = start, last = end
        while first < last, isBlank(bytes[first]) { first += 1 }
        while last > first, isBlank(bytes[last - 1]) { last -= 1 }
        var i = first
        if let base = bytes.baseAddress {
            // Eight bytes at a time: none may be a tab, `@`, a backtick or `]`, and no space may follow a space
            // (in this word, or the last byte of the word before). Eight that hold one are read byte by byte
            // below, to find where the run ends.
            var spaceBefore: UInt64 = 0
            while i + 8 <= last {
                let eight = word(at: i, base)
                let spaces = zeroBytes(eight ^ everyByte(space))
                let stops = zeroBytes(eight ^ everyByte(tab)) | zeroBytes(eight ^ everyByte(at))
                    | zeroBytes(eight ^ everyByte(UInt8(ascii: "`"))) | zeroBytes(eight ^ everyByte(UInt8(ascii: "]")))
                if stops != 0 || spaces & (spaces >> 8 | spaceBefore) != 0 { break }
                scan.add(eight: eight, spaces: spaces)
                spaceBefore = spaces >> 56
                i += 8
            }
            // The byte loop below looks at the pair of the last byte read and the next.
            if i > first { i -= 1 }
        }
        // The bytes the eight-byte loop did not hand to `scan`.
        let scanned = i == first ? first : i + 1
        while i < last {
            let byte = bytes[i]
            // Every byte that can change the reading sorts at or below a backtick.
            if byte <= UInt8(ascii: "`") {
                if byte == tab || byte == at || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "]") {
                    // Ended here. An `@` after a single space starts a word: the words before it are plain.
                    let atWord = byte == at && i > first && bytes[i - 1] == space
                    return PlainRun(plain: first..<(atWord ? i - 1 : first), isWhole: false, restAtWord: atWord ? i : nil)
                }
                // The last byte is not blank, so a space has a byte after it.
                if byte == space, isBlank(bytes[i + 1]) { return PlainRun(plain: first..<first, isWhole: false, restAtWord: nil) }
            }
            if i >= scanned { scan.add(byte: byte) }
            i += 1
        }
        return PlainRun(plain: first..<last, isWhole: true, restAtWord: nil)
    }

    /// Where the word scan goes on after the byte at `i` (see `wordScanStep`).
    func skipSpan(at i: Int, _ end: Int) -> Int {
        wordScanStep(bytes, at: i, end)
    }

    /// Reads the date of a `@key:YYYY-MM-DD` word, whose value stands in `valueStart..<valueEnd`; the word runs
    /// from `start` to `end`. Reports a bad, repeated or conflicting value; false when the word stays a word.
    mutating func dateValue(_ value: inout Day?, _ key: KnownKey, _ start: Int, _ valueStart: Int,
                            _ valueEnd: Int, _ end: Int) -> Bool {
        guard valueStart <= valueEnd, let parsed = Day(utf8: bytes[valueStart..<valueEnd]) else {
            report(.notADate(key: key.name, word: string(start, end)), start, end)
            return false
        }
        if let value, value != parsed {
            report(.secondValue(key: key.name, first: "\(value)", word: string(start, end)), start, end)
            return true
        }
        if value != nil { report(.repeatedWord(string(start, end)), start, end) }
        value = parsed
        return true
    }

    /// The keys the parser knows, in the order of `MetadataKey.names`.
    enum KnownKey: Int {
        case carry, sticky, every, on, due, expires, from, expired

        /// The key as written after `@`.
        var name: String { MetadataKey.names[rawValue].description }
    }

    /// The key an `@` word names, its bytes `start..<end` (after `@`, before any `:`) compared in any case; nil
    /// when it names none. Known keys are ASCII, found without a String (most words); a key with other bytes is
    /// lower-cased as Unicode lower-cases it (the Kelvin sign is a `k`) and then compared.
    func knownKey(_ start: Int, _ end: Int) -> KnownKey? {
        for i in start..<end where bytes[i] >= 0x80 {
            let lowered = string(start, end).lowercased()
            return MetadataKey.names.firstIndex { $0.description == lowered }.flatMap { KnownKey(rawValue: $0) }
        }
        for (index, known) in MetadataKey.names.enumerated() where known.utf8CodeUnitCount == end - start {
            let name = known.utf8Start
            var same = true
            for k in 0..<(end - start) {
                let byte = bytes[start + k]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != name[k] {
                    same = false
                    break
                }
            }
            if same { return KnownKey(rawValue: index) }
        }
        return nil
    }

    /// Reads one `@` word. Returns false when it is not metadata and stays in the title.
    mutating func readMetadata(into metadata: inout TaskMetadata, _ start: Int, _ end: Int) -> Bool {
        var keyEnd = start + 1
        while keyEnd < end, bytes[keyEnd] != colon { keyEnd += 1 }
        let known = knownKey(start + 1, keyEnd)
        // The key in lower case (as Unicode lower-cases one it does not know), made only for a message or an
        // unknown key: most words name a key and read well.
        var key: String { known?.name ?? string(start + 1, keyEnd).lowercased() }
        let hasValue = keyEnd < end

        func flag(_ value: inout Bool) -> Bool {
            guard !hasValue else {
                report(.flagWithValue(key: key), start, end)
                return false
            }
            if value { report(.repeatedWord(string(start, end)), start, end) }
            value = true
            return true
        }
        func date(_ value: inout Day?, _ key: KnownKey) -> Bool {
            dateValue(&value, key, start, keyEnd + 1, end, end)
        }

        switch known {
        case .carry: return flag(&metadata.carry)
        case .sticky: return flag(&metadata.sticky)
        case .expired: return flag(&metadata.expired)
        case .expires: return date(&metadata.expires, .expires)
        case .from: return date(&metadata.from, .from)
        case .due: return date(&metadata.due, .due)
        case .on:
            // `@on:DATE` or `@on:DATE/region`.
            var slash = keyEnd + 1
            while slash < end, bytes[slash] != UInt8(ascii: "/") { slash += 1 }
            var region: Region?
            if slash < end {
                region = Region(headingText: string(slash + 1, end))
                guard let named = region, named.isNamed(string(slash + 1, end)) else {
                    report(.notARegion(word: string(start, end)), start, end)
                    return false
                }
            }
            let before = metadata.onRegion
            guard dateValue(&metadata.on, .on, start, keyEnd + 1, slash, end) else { return false }
            if let before, let region, before != region {
                report(.secondRegion, start, end)
            }
            metadata.onRegion = region ?? before
            return true
        case .every:
            guard hasValue, let recurrence = Recurrence(string(keyEnd + 1, end)) else {
                report(.notARecurrence(word: string(start, end)), start, end)
                return false
            }
            if let every = metadata.every, every != recurrence {
                report(.secondValue(key: "every", first: "\(every)", word: string(start, end)), start, end)
                return true
            }
            if metadata.every != nil { report(.repeatedWord(string(start, end)), start, end) }
            metadata.every = recurrence
            return true
        case nil:
            // Written like metadata: whether the key is one a person meant is the rule's to say (DP036).
            if hasValue { report(.unknownKey(key), start, end) }
            return false
        }
    }
}
