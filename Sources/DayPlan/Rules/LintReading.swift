/// The tasks `Linter`'s rules look at, as they are (titles included): the open tasks of the regions (the
/// 1-3-5 rule, repeated tasks, deadlines); no other line and no note. So a big file costs little more
/// memory than its bytes.
struct LintReading: KeepsLines {
    var lines: DocumentLines

    var keepsText: Bool { false }
    mutating func section(_ section: Section, replacingLast: Bool) { lines.section(section, replacingLast: replacingLast) }
    mutating func line(_ item: consuming Item, in part: FilePart) {}

    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?, printedLine: Range<Int>?) {
        guard part == .section, task.status.isOpen, region != nil else { return }
        lines.append(.task(task), in: part)
    }
}

extension DayDocument {
    /// Parses a day file for what `Linter` checks: the same sections, day and diagnostics as
    /// `init(parsing:)`, but the sections hold only the tasks the linter looks at (`LintReading`).
    init(readingForLint bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, LintReading(lines: DocumentLines(buffer)))
            return parser.parseKeepingLines()
        }
    }
}
