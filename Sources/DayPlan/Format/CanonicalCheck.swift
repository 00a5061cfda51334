/// Compares a file with its canonical form while the parser reads it, printing each line as it is read and
/// comparing the print with the input a piece at a time: neither the document nor the output is kept, so a
/// file is found canonical in little more memory than its bytes (`Formatter.format`).
///
/// The canonical form is printed in reading order only when the file's sections already stand in canonical
/// order: the four regions, each once and in order, with the other sections anywhere between them. At the
/// first difference, and on any shape the parser alone cannot print that way (a region out of order or missing, an indented
/// code fence whose blank lines the parser gives back later), the check gives up (`failed`); the file is then
/// formatted whole, which is always right.
struct CanonicalCheck {
    /// The input the parser reads.
    let input: UnsafeBufferPointer<UInt8>
    /// Prints the canonical lines; its output is compared with the input and emptied as it fills.
    var printer: Printer
    /// Whether the check gave up: the file is not canonical, or its canonical form is not printed in order.
    var failed = false

    /// Which part of the file the parser is in: the lines before the day heading, the preamble after it, or
    /// a section.
    enum Part { case leading, preamble, section }
    var part = Part.leading
    /// Whether a line other than a blank one was printed in the current part (`Printer.item(_:started:)`).
    var started = false
    /// How many regions were printed: the next section that is a region must be `Region.allCases[this]`.
    var regionsPrinted = 0
    var frontMatterWritten = false

    /// The output compared at once once it holds this many bytes.
    static let pieceSize = 16 * 1024

    init(input: UnsafeBufferPointer<UInt8>, lineEnding: LineEnding) {
        self.input = input
        printer = Printer(lineEnding: lineEnding, capacity: CanonicalCheck.pieceSize + 4096)
    }

    mutating func frontMatter(_ lines: [String]) {
        for line in lines { printer.line(line) }
        frontMatterWritten = !lines.isEmpty
    }

    /// A line (or a task with its notes) of the current part.
    mutating func item(_ item: Item) {
        printer.item(item, started: &started)
        if printer.output.count >= CanonicalCheck.pieceSize { compare() }
    }

    /// The day heading, with its text as the document keeps it (`DayDocument.dayHeadingText`).
    mutating func dayHeading(_ text: String) {
        endPart()
        printer.line(text.isEmpty ? "#" : "# " + text)
        printer.separate()
        part = .preamble
        started = false
    }

    /// A section starts: its heading is printed if it stands where the canonical form puts it.
    mutating func section(_ section: Section) {
        endPart()
        switch section.kind {
        case .region(let region):
            guard regionsPrinted < Region.allCases.count, region == Region.allCases[regionsPrinted],
                  section.groupHeading == nil else { return giveUp() }
            regionsPrinted += 1
        case .other:
            break
        }
        printer.heading(of: section)
        part = .section
        started = false
    }

    mutating func giveUp() {
        failed = true
    }

    /// The end of the input: whether the file is canonical. False when it is not, or when the check gave up.
    mutating func finish() -> Bool {
        // `DayDocument.isEmptyDay`: no heading, no section, only blank lines before them. Such a day is printed
        // without regions; any other lacks a region if fewer than four were printed.
        let isEmptyDay = part == .leading && !started
        endPart()
        if !isEmptyDay, regionsPrinted < Region.allCases.count { giveUp() }
        compare()
        return !failed && printer.taken == input.count
    }

    /// As `canonicalBytes()` does after each part: the leading lines and the preamble are followed by a blank
    /// line only when they hold a line.
    mutating func endPart() {
        if part == .section || started { printer.separate() }
    }

    /// Compares the output so far with the input where the previous piece ended, and empties it.
    mutating func compare() {
        let count = printer.output.count
        guard count > 0, !failed else { return }
        // A first line the printer's `finish` would put a blank line before.
        if printer.taken == 0, Printer.needsBlankFirstLine(printer.output, frontMatterWritten: frontMatterWritten) {
            return giveUp()
        }
        let offset = printer.taken
        let same = offset + count <= input.count && printer.output.withUnsafeBufferPointer { piece in
            guard let printed = piece.baseAddress, let base = input.baseAddress else { return false }
            return memoryEqual(printed, base + offset, count)
        }
        guard same else { return giveUp() }
        printer.taken += count
        printer.output.removeAll(keepingCapacity: true)
    }
}

/// The file compared with its canonical form as it is read (`CanonicalCheck`), no line kept: `Formatter`'s
/// first look at a file, and the merge's at a version it need not keep. Each task may be handed on too.
struct CanonicalReading: DayReading {
    let input: UnsafeBufferPointer<UInt8>
    var check: CanonicalCheck?
    var visit: ((PlanTask, Region?) -> Void)?

    var keepsText: Bool { true }
    /// A check that gave up reads no further: the file is formatted whole after it.
    var readsOn: Bool { check?.failed != true }

    mutating func start(lineEnding: LineEnding) { check = CanonicalCheck(input: input, lineEnding: lineEnding) }
    mutating func frontMatter(_ lines: [String]) { check?.frontMatter(lines) }
    mutating func dayHeading(_ text: String, day: Day?) { check?.dayHeading(text) }
    mutating func section(_ section: Section, replacingLast: Bool) { check?.section(section) }
    mutating func line(_ item: consuming Item, in part: FilePart) { check?.item(item) }

    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?) {
        if let visit { visit(copy task, region) }
        check?.item(.task(task))
    }

    mutating func layoutChangedByPrinting() { check?.giveUp() }
}

extension DayDocument {
    /// Whether `bytes` are in canonical form, found as `CanonicalCheck` reads them, keeping no document:
    /// the diagnostics that block formatting when they are (`Formatter.format` refuses those files), nil when
    /// they are not or the check cannot tell.
    static func blockersIfCanonical(_ bytes: [UInt8]) -> [Diagnostic]? {
        blockersIfCanonical(bytes, visit: nil)
    }

    /// `blockersIfCanonical(_:)`, each task read handed to `body` too, in file order with its region (nil
    /// outside the regions), until the check finds a difference: a caller that must know a file's tasks
    /// reads it once.
    static func blockersIfCanonical(_ bytes: [UInt8],
                                    handingOnEachTask body: (PlanTask, Region?) -> Void) -> [Diagnostic]? {
        withoutActuallyEscaping(body) { visit in blockersIfCanonical(bytes, visit: visit) }
    }

    private static func blockersIfCanonical(_ bytes: [UInt8],
                                            visit: ((PlanTask, Region?) -> Void)?) -> [Diagnostic]? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, CanonicalReading(input: buffer, visit: visit))
            let document = parser.parse()
            guard parser.sink.check?.finish() == true else { return nil }
            return document.formattingBlockers
        }
    }
}
