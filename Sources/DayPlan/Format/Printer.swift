extension DayDocument {
    /// The document in canonical form (FORMAT.md, "Canonical form").
    ///
    /// Regions come in canonical order, all four present, then the other sections in the order they appeared;
    /// task lines are rewritten canonically; everything else keeps its text.
    public func canonicalBytes() -> [UInt8] {
        var printer = Printer(lineEnding: lineEnding, capacity: sourceByteCount + 64)
        for line in frontMatter { printer.line(line) }
        if leading.contains(where: { $0 != .blank }) {
            printer.items(leading)
            printer.separate()
        }
        if let dayHeadingText {
            printer.line(dayHeadingText.isEmpty ? "#" : "# " + dayHeadingText)
            printer.separate()
        } else if let day {
            printer.line("# \(day)")
            printer.separate()
        }
        if preamble.contains(where: { $0 != .blank }) {
            printer.items(preamble)
            printer.separate()
        }
        // An empty day (nothing yet, or front matter only) gets no regions: rollover fills it. A section that is
        // not a region stays where the person put it: before the first region, or after the region it follows.
        // Sections by index: a copy of each would retain its items and strings.
        if isEmptyDay { return printer.finish(frontMatterWritten: !frontMatter.isEmpty) }
        let firstRegion = sections.firstIndex { $0.region != nil } ?? sections.endIndex
        for index in sections.indices[..<firstRegion] { printer.other(sections[index]) }
        for region in Region.allCases {
            if let own = sections.firstIndex(where: { $0.region == region }) {
                if let group = sections[own].groupHeading {
                    printer.line(group.isEmpty ? "##" : "## " + group)
                    printer.separate()
                }
                printer.heading(of: sections[own])
            } else {
                printer.line("## \(region.name)")
            }
            for index in sections.indices where sections[index].region == region { printer.items(sections[index].items) }
            printer.separate()
            for index in sections.indices where sections[index].region == region {
                var next = index + 1
                while next < sections.endIndex, sections[next].region == nil {
                    printer.other(sections[next])
                    next += 1
                }
            }
        }
        return printer.finish(frontMatterWritten: !frontMatter.isEmpty)
    }

    /// The diagnostics that make the canonical form a guess, so `dayplan fmt` leaves the file alone.
    public var formattingBlockers: [Diagnostic] {
        diagnostics.filter { $0.rule.blocksFormatting }
    }
}

/// Writes lines, folding blank lines: never two in a row, none at the start of a section or the end of the file.
/// `canonicalBytes()` prints a whole document with it; `CanonicalCheck` prints the lines as the parser reads them.
struct Printer {
    let lineEnding: LineEnding
    let ending: [UInt8]
    var output: [UInt8] = []
    var blankPending = false
    /// How many bytes were taken out of `output` already (`CanonicalCheck` compares it a piece at a time).
    var taken = 0

    /// `capacity`: the expected size, so that a large file's output is not copied as it grows.
    init(lineEnding: LineEnding, capacity: Int) {
        self.lineEnding = lineEnding
        ending = Array(lineEnding.rawValue.utf8)
        output.reserveCapacity(capacity)
    }

    /// Starts a line: the pending blank line first, if any.
    mutating func startLine() {
        if blankPending, !output.isEmpty || taken > 0 { output.append(contentsOf: ending) }
        blankPending = false
    }

    mutating func line(_ text: String) {
        startLine()
        output.append(utf8: text)
        output.append(contentsOf: ending)
    }

    /// A section's heading line in canonical form (`Section.canonicalHeading`), written in place.
    mutating func heading(of section: Section) {
        startLine()
        let text = section.canonicalHeadingText
        for _ in 0..<section.canonicalHeadingLevel { output.append(UInt8(ascii: "#")) }
        if !text.isEmpty {
            output.append(UInt8(ascii: " "))
            output.append(utf8: text)
        }
        output.append(contentsOf: ending)
    }

    /// A section that is not a region: its heading, its lines, and a blank line if anything follows.
    mutating func other(_ section: Section) {
        heading(of: section)
        items(section.items)
        separate()
    }

    /// A blank line, if anything follows.
    mutating func separate() {
        blankPending = true
    }

    /// A block of items, with the blank lines at its start dropped and those at its end left to `separate`.
    mutating func items(_ items: [Item]) {
        var started = false
        for item in items { self.item(item, started: &started) }
    }

    /// One item of a block; `started` tells whether a line of the block came before it (blank lines before
    /// the first are dropped).
    mutating func item(_ item: Item, started: inout Bool) {
        switch item {
        case .blank:
            if started { blankPending = true }
            return
        case .text(let text):
            line(text)
        case .verbatim(let text):
            line(text)
        case .task(let task):
            startLine()
            task.writeCanonicalLine(to: &output)
            output.append(contentsOf: ending)
            for note in task.notes {
                if !note.isEmpty {
                    output.append(UInt8(ascii: " "))
                    output.append(UInt8(ascii: " "))
                    output.append(utf8: note)
                }
                output.append(contentsOf: ending)
            }
        }
        started = true
    }

    /// The output. Its first line must not read differently at the top of a file than where it came from: one
    /// that starts with U+FEFF (a byte-order mark there) or is `---` without being front matter (front matter
    /// there) gets a blank line before it. Such lines reach the top when the blank lines before them go.
    func finish(frontMatterWritten: Bool) -> [UInt8] {
        guard Printer.needsBlankFirstLine(output, frontMatterWritten: frontMatterWritten) else { return output }
        return Array(lineEnding.rawValue.utf8) + output
    }

    /// Whether output that starts with `start` (its first line whole) needs a blank line before it (`finish`).
    static func needsBlankFirstLine(_ start: [UInt8], frontMatterWritten: Bool) -> Bool {
        var firstLine = start.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        while let last = firstLine.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { firstLine.removeLast() }
        let readsAsFrontMatter = !frontMatterWritten && firstLine.elementsEqual("---".utf8)
        return start.starts(with: [0xEF, 0xBB, 0xBF]) || readsAsFrontMatter
    }
}

extension [UInt8] {
    /// Appends the UTF-8 bytes of `text` in one copy from its contiguous storage, without walking its UTF-8
    /// view byte by byte (that walk is the fallback for a string without such storage).
    mutating func append(utf8 text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if copied == nil { append(contentsOf: text.utf8) }
    }
}
