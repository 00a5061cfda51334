/// Adding task lines to regions of an existing day file, where FORMAT.md §6.4 says they go, keeping every
/// byte the file had: rollover adding what comes forward, and `DayEditor` adding or moving a task.
///
/// - in a region that has tasks: after its last task and that task's notes;
/// - in a region without tasks: right after its heading (or, when the first text under the heading is
///   indented and so would become the new task's notes, after the region's last non-blank line);
/// - a region without a heading gets `## Region` in canonical position, with blank lines around it;
/// - new lines end with the file's own line ending; a file without a final line break keeps none.
struct RegionInsertion {
    /// The region the lines go to.
    let region: Region
    /// The task lines as bytes, each with its line ending, given the file's line ending; and how many lines.
    let lines: (LineEnding) -> (bytes: [UInt8], count: Int)

    /// Lines made from text: each followed by the file's line ending.
    init(region: Region, text: [String]) {
        self.region = region
        self.lines = { ending in
            var bytes: [UInt8] = []
            for line in text {
                bytes.append(contentsOf: line.utf8)
                bytes.append(contentsOf: ending.rawValue.utf8)
            }
            return (bytes, text.count)
        }
    }

    /// Lines given as bytes (a task's own lines, moved): each keeps its own line ending.
    init(region: Region, bytes: [UInt8], count: Int) {
        self.region = region
        self.lines = { _ in (bytes, count) }
    }

    /// What inserting gave: the edits on the original bytes (each a pure insertion), the bytes with them
    /// applied, and the 1-based lines of the result that are new.
    struct Result {
        let edits: [TextEdit]
        let bytes: [UInt8]
        let addedLines: [Int]
    }

    /// Inserts each region's lines, in region order, reading the file again before each, so that each
    /// insertion sees the lines and headings the ones before it added.
    /// `parsed` is `original` parsed already, when the caller has it.
    static func apply(_ insertions: [RegionInsertion], to original: [UInt8], parsed: DayDocument? = nil) -> Result {
        var bytes = original
        var parsed = parsed
        var added: [Int] = []
        // The insertions so far, in the original's coordinates: where each goes and what it holds, by offset.
        var pending: [(offset: Int, bytes: [UInt8])] = []
        for region in Region.allCases {
            for insertion in insertions where insertion.region == region {
                let document = parsed ?? DayDocument(parsing: bytes)
                parsed = nil
                let lines = LineTable(bytes)
                let task = insertion.lines(document.lineEnding)
                guard task.count > 0 else { continue }
                let (at, before, after) = placement(in: region, sections: document.sections, lines: lines)
                let ending = Array(document.lineEnding.rawValue.utf8)
                var inserted: [UInt8] = []
                for line in before { inserted += Array(line.utf8) + ending }
                inserted += task.bytes
                for line in after { inserted += Array(line.utf8) + ending }
                let count = before.count + task.count + after.count
                // A byte-order mark stays the file's first bytes: lines going to the top go after it.
                let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                let offset = max(lines.start(of: at), mark)
                if offset == bytes.count, offset > mark, let last = bytes.last, last != UInt8(ascii: "\n") {
                    // The file ends without a line break: give its last line one, and leave the new last line without.
                    var end = inserted.count
                    if end > 0, inserted[end - 1] == UInt8(ascii: "\n") { end -= 1 }
                    while end > 0, inserted[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    inserted = ending + inserted[..<end]
                }
                bytes.insert(contentsOf: inserted, at: offset)
                added = added.map { $0 >= at ? $0 + count : $0 } + Array(at..<(at + count))
                record(inserted, at: offset, into: &pending)
            }
        }
        return Result(edits: pending.map { TextEdit(offset: $0.offset, removing: 0, inserting: $0.bytes) },
                      bytes: bytes, addedLines: added.sorted())
    }

    /// Records an insertion made at `offset` of the bytes as they are now (after `pending`) in the original's
    /// coordinates: inside or at either end of an earlier insertion it joins it; elsewhere it is a new one.
    private static func record(_ inserted: [UInt8], at offset: Int, into pending: inout [(offset: Int, bytes: [UInt8])]) {
        var shift = 0
        for index in pending.indices {
            let start = pending[index].offset + shift
            if offset < start {
                pending.insert((offset - shift, inserted), at: index)
                return
            }
            if offset <= start + pending[index].bytes.count {
                pending[index].bytes.insert(contentsOf: inserted, at: offset - start)
                return
            }
            shift += pending[index].bytes.count
        }
        pending.append((offset - shift, inserted))
    }

    /// Where a region's new task lines go: the line to insert before, and the lines to write before and after
    /// them (the region's heading and blank lines around it, when the region has no section yet).
    ///
    /// Written with plain loops: swift-frontend 6.3.1 crashes optimizing an earlier version of this code
    /// that read `Section.kind` in closures (`-c release`, SIL pass CopyPropagation).
    static func placement(in region: Region, sections: [Section], lines: LineTable)
        -> (line: Int, before: [String], after: [String])
    {
        var own: Int?, later: Int?, lastRegion: Int?
        for index in sections.indices {
            guard let found = sections[index].region else { continue }
            if found == region, own == nil { own = index }
            if found > region, later == nil { later = index }
            lastRegion = index
        }
        /// Where the section at `index` ends: the next section's heading, or past the last line.
        let end = { (index: Int) in index + 1 < sections.count ? sections[index + 1].headingLine : lines.count + 1 }
        let heading = "## \(region.name)"

        if let own {
            let headingLine = sections[own].headingLine
            if let last = sections[own].tasks.last {
                return (last.line + last.lineSpan, [], [])
            }
            var firstText = headingLine + 1
            while firstText < end(own), lines.isBlank(firstText) { firstText += 1 }
            if firstText < end(own), lines.isIndented(firstText) {
                // Right after the heading, this indented text would become the new task's notes.
                return (lines.lastNonBlank(in: headingLine..<end(own)) + 1, [], [])
            }
            return (headingLine + 1, [], [])
        }
        var before: Int?, after: Int?
        if let later {
            before = sections[later].headingLine
        } else if let lastRegion {
            after = lines.lastNonBlank(in: sections[lastRegion].headingLine..<end(lastRegion))
        } else if !sections.isEmpty {
            before = sections[0].headingLine
        } else {
            after = lines.lastNonBlank(in: 1..<(lines.count + 1))
        }
        if let before {
            return (before, (before > 1 && !lines.isBlank(before - 1) ? [""] : []) + [heading], [""])
        }
        let line = after ?? lines.count
        return (line + 1, ["", heading], line + 1 <= lines.count && !lines.isBlank(line + 1) ? [""] : [])
    }
}
