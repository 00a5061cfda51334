/// The lines of a document as a reading keeps them (`DocumentReading`, `TitlesApartReading`, `LintReading`):
/// the lines before the day heading, the preamble, and each section with its items.
struct DocumentLines {
    var leading: [Item] = []
    var preamble: [Item] = []
    var sections: [Section] = []
    /// The input, counted in lines when a section grows big.
    let input: UnsafeBufferPointer<UInt8>
    /// Whether a big section has had room made for the lines left, and the regions whose first section has
    /// room for its first few lines.
    var reservedForBigSection = false
    var roomyRegions: UInt8 = 0

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    mutating func section(_ section: consuming Section, replacingLast: Bool) {
        if replacingLast { sections.removeLast() }
        // Room for a region's first few lines, so that its items are not copied as they grow one by one (the
        // first heading of each region only, so that a file of many headings does not reserve many times over).
        if let region = section.region, roomyRegions & (1 << region.rawValue) == 0 {
            roomyRegions |= 1 << region.rawValue
            section.items.reserveCapacity(8)
        }
        sections.append(section)
    }

    mutating func append(_ item: consuming Item, in part: FilePart) {
        switch part {
        case .beforeDayHeading: leading.append(item)
        case .preamble: preamble.append(item)
        case .section:
            // The first section to grow big gets room for every line of the input, so that it is not copied
            // again and again as it grows (room never written to costs no memory). Once: a file of many big
            // sections must not reserve its size many times over.
            if !reservedForBigSection, sections[sections.count - 1].items.count == 1024 {
                reservedForBigSection = true
                var lines = 1
                for byte in input where byte == UInt8(ascii: "\n") { lines += 1 }
                sections[sections.count - 1].items.reserveCapacity(1024 + lines)
            }
            sections[sections.count - 1].items.append(item)
        }
    }

    /// The verbatim blank lines at the end of `part` become plain blank lines.
    mutating func releaseTrailingBlankLines(in part: FilePart) {
        func release(_ items: inout [Item]) {
            var index = items.count
            while index > 0, case .verbatim(let line) = items[index - 1],
                  line.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }) {
                index -= 1
            }
            for k in index..<items.count { items[k] = .blank }
        }
        switch part {
        case .beforeDayHeading: release(&leading)
        case .preamble: release(&preamble)
        case .section: release(&sections[sections.count - 1].items)
        }
    }

    /// `document` (as the parser returns it: no lines) with these lines.
    func filling(_ document: consuming DayDocument) -> DayDocument {
        document.leading = leading
        document.preamble = preamble
        document.sections = sections
        return document
    }
}

/// A reading that keeps the document's lines (`DocumentLines`).
protocol KeepsLines: DayReading {
    var lines: DocumentLines { get }
}

extension Parser where Sink: KeepsLines {
    /// Parses the input: the document with the lines its reading kept.
    mutating func parseKeepingLines() -> DayDocument {
        let document = parse()
        return sink.lines.filling(document)
    }
}

/// The document, whole (`DayDocument.init(parsing:)`); for the merge, each task handed on as it is read and
/// the file compared with its canonical form as it is read (`parsingCheckingCanonical`).
struct DocumentReading: KeepsLines {
    var lines: DocumentLines
    /// Where each task goes too, with its region.
    var visit: ((PlanTask, Region?) -> Void)?
    /// Whether each line is also printed canonically and compared with the input (`check`).
    let checksCanonical: Bool
    var check: CanonicalCheck?

    init(_ input: UnsafeBufferPointer<UInt8>, checksCanonical: Bool = false, visit: ((PlanTask, Region?) -> Void)? = nil) {
        lines = DocumentLines(input)
        self.checksCanonical = checksCanonical
        self.visit = visit
    }

    var keepsText: Bool { true }

    mutating func start(lineEnding: LineEnding) {
        if checksCanonical { check = CanonicalCheck(input: lines.input, lineEnding: lineEnding) }
    }

    mutating func frontMatter(_ lines: [String]) { check?.frontMatter(lines) }
    mutating func dayHeading(_ text: String, day: Day?) { check?.dayHeading(text) }

    mutating func section(_ section: Section, replacingLast: Bool) {
        check?.section(section)
        lines.section(section, replacingLast: replacingLast)
    }

    mutating func line(_ item: consuming Item, in part: FilePart) {
        check?.item(item)
        lines.append(item, in: part)
    }

    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?) {
        if let visit { visit(copy task, region) }
        // Moved, not copied, into its item and the item into its section (`consume`): the optimizer copies
        // each otherwise.
        let item = Item.task(consume task)
        check?.item(item)
        lines.append(consume item, in: part)
    }

    mutating func releaseTrailingBlankLines(in part: FilePart) { lines.releaseTrailingBlankLines(in: part) }
    mutating func layoutChangedByPrinting() { check?.giveUp() }
}

extension DayDocument {
    /// Parses a day file. Never fails: whatever is wrong becomes a diagnostic, and nothing is dropped.
    public init(parsing bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, DocumentReading(buffer))
            return parser.parseKeepingLines()
        }
    }

    /// Parses a day file held in a string.
    public init(parsing text: String) {
        self.init(parsing: Array(text.utf8))
    }

    /// Parses a day file whole, as `init(parsing:)` does, and hands each task to `body` as it is read, in file
    /// order with its region (nil outside the regions). Tells too whether the file is in canonical form, found
    /// as `CanonicalCheck` reads it (false: it is not, or the check cannot tell, as `blockersIfCanonical(_:)`
    /// says nil). For the merge, which keeps each version's tasks apart and needs each version canonical: one
    /// reading does all three, with no canonical copy printed for a version that is canonical already.
    static func parsingCheckingCanonical(_ bytes: [UInt8],
                                         handingOnEachTask body: (PlanTask, Region?) -> Void)
        -> (document: DayDocument, isCanonical: Bool) {
        withoutActuallyEscaping(body) { visit in
            bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(buffer, DocumentReading(buffer, checksCanonical: true, visit: visit))
                let document = parser.parseKeepingLines()
                return (document, parser.sink.check?.finish() == true)
            }
        }
    }
}
