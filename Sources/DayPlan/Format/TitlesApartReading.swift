/// The document with each title as bytes apart (`titles`, the n-th task's ending at `titleEnds[n]`) and a
/// task's title the stand-in `…` (or empty): no string is made per title. Whole (export, which learns each
/// plain title's shape as it is scanned: `TitleShape.Scan`), or only the tasks (`keepsText` false: the
/// archive's reading).
struct TitlesApartReading<Scan: TitleScan>: KeepsLines {
    var lines: DocumentLines
    let keepsText: Bool
    var titles: [UInt8] = []
    var titleEnds: [Int] = []
    /// The shape of each title, by its place in `titleEnds` (`TitleShape.Scan` only).
    var titleShapes: [TitleShape] = []

    init(_ input: UnsafeBufferPointer<UInt8>, keepsText: Bool) {
        lines = DocumentLines(input)
        self.keepsText = keepsText
        // Room made once: the titles are never longer than the input, and a task takes a line of at least six
        // bytes (`- [ ] `); room never written to costs no memory.
        titles.reserveCapacity(input.count)
        titleEnds.reserveCapacity(input.count / 6 + 1)
        if Scan.learnsShape { titleShapes.reserveCapacity(input.count / 6 + 1) }
    }

    mutating func section(_ section: Section, replacingLast: Bool) { lines.section(section, replacingLast: replacingLast) }

    mutating func line(_ item: consuming Item, in part: FilePart) {
        if keepsText { lines.append(item, in: part) }
    }

    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?) {
        lines.append(.task(task), in: part)
    }

    mutating func releaseTrailingBlankLines(in part: FilePart) { lines.releaseTrailingBlankLines(in: part) }

    mutating func title(_ words: UnsafeBufferPointer<UInt8>, scan: Scan?, status: Status, due: Day?) -> String {
        titles.append(contentsOf: words)
        titleEnds.append(titles.count)
        if Scan.learnsShape { titleShapes.append(scan?.shape ?? TitleShape()) }
        return words.isEmpty ? "" : structureStandIn
    }
}

/// What a non-empty title is in a reading that keeps titles apart (`TitlesApartReading`).
package let structureStandIn = "…"

extension DayDocument {
    /// Parses a day file for its tasks, as the archive (`ArchivedDay.Reading`) does: the same sections, day,
    /// diagnostics and tasks as `init(parsing:)`, but no notes, no line that is not a task, and each title
    /// (a non-empty one is the stand-in `…`) as bytes in `titles`, the n-th task's ending at `titleEnds[n]`:
    /// no string is made per title.
    static func readingTasks(of bytes: [UInt8]) -> (document: DayDocument, titles: [UInt8], titleEnds: [Int]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, TitlesApartReading<NoTitleScan>(buffer, keepsText: false))
            let document = parser.parseKeepingLines()
            return (document, parser.sink.titles, parser.sink.titleEnds)
        }
    }

    /// Parses a day file whole, as `init(parsing:)` does, but with each title (a non-empty one is the stand-in
    /// `…`) as bytes in `titles`, the n-th task's ending at `titleEnds[n]`, as `readingTasks(of:)` gives them:
    /// export writes each title from its bytes, and no string is made per title. Each title's shape comes too
    /// (`titleShapes[n]`, the n-th task's): what export needs to know to write it without scanning it again.
    package static func readingWholeWithTitlesApart(of bytes: [UInt8])
        -> (document: DayDocument, titles: [UInt8], titleEnds: [Int], titleShapes: [TitleShape]) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, TitlesApartReading<TitleShape.Scan>(buffer, keepsText: true))
            let document = parser.parseKeepingLines()
            return (document, parser.sink.titles, parser.sink.titleEnds, parser.sink.titleShapes)
        }
    }
}
