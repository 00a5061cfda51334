/// The tasks `Linter`'s rules look at, as they are (titles included): the open tasks of the regions (the
/// 1-3-5 rule, repeated tasks, deadlines); no other line and no note. So a big file costs little more
/// memory than its bytes. The title of a task it does not keep is not made (`structureStandIn`).
struct LintReading: KeepsLines {
    var lines: DocumentLines
    /// The region of the section being read; nil outside the regions.
    var region: Region?

    var keepsText: Bool { false }
    mutating func section(_ section: Section, replacingLast: Bool) {
        region = section.region
        lines.section(section, replacingLast: replacingLast)
    }
    mutating func line(_ item: consuming Item, in part: FilePart) {}

    /// Whether a task of this status, in `region`, is one the rules look at.
    static func keeps(_ status: Status, in region: Region?) -> Bool {
        status.isOpen && region != nil
    }

    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?) {
        guard part == .section, LintReading.keeps(task.status, in: region) else { return }
        lines.append(.task(task), in: part)
    }

    mutating func title(_ words: UnsafeBufferPointer<UInt8>, scan: NoTitleScan?, status: Status, due: Day?) -> String {
        guard LintReading.keeps(status, in: region) else { return words.isEmpty ? "" : structureStandIn }
        return String(decoding: words, as: UTF8.self)
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
