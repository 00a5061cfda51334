import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The archive's reading (`ArchivedDay.Reading`, the parser with `ArchiveReading`: what `query`, `report` and the
/// language server's folder index read) against the plain path (each file parsed whole, `ArchivedDay(document)`):
/// over generated plan folders, the same days, the same tasks and the same paths across days, so the same
/// workspace symbols and references.
@Suite struct ArchiveReadingTests {
    /// Task lines whose titles come back day after day (two spellings of one title among them), moved on or not,
    /// so that the folders' tasks join into paths.
    static let recurring = ["Renew passport", "Call Ana #home", "Café visit", "Cafe\u{301} visit", "Plan the week"]

    /// A folder of `count` days from `seed`: generated files (`DocumentGenerator`, odd shapes and broken files
    /// included) with recurring tasks put in their first region.
    static func folder(seed: UInt64, count: Int) -> [(day: Day, file: String, bytes: [UInt8])] {
        var generator = DocumentGenerator(seed: seed)
        var random = SeededGenerator(seed: seed &+ 1)
        let first = Day(year: 2026, month: 10, day: 1) ?? Day(daysSinceEpoch: 0)
        return (0..<count).map { offset in
            let day = first.adding(days: offset)
            var lines = generator.lines(day: day)
            let tasks = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                "\(["-", "*", "+"].randomElement(using: &random)!) [\([">", ">", " ", "x", "/"].randomElement(using: &random)!)] "
                    + recurring.randomElement(using: &random)!
            }
            let regionNames = Region.allCases.map { $0.name.lowercased() }
            if let heading = lines.firstIndex(where: { line in
                line.hasPrefix("##") && regionNames.contains { line.lowercased().contains($0) }
            }) {
                lines.insert(contentsOf: tasks, at: heading + 1)
            } else {
                lines += ["## Backlog"] + tasks
            }
            let file = "plan/\(day).md"
            return (day, file, Array((lines.joined(separator: Bool.random(using: &random) ? "\n" : "\r\n") + "\n").utf8))
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func generatedFoldersReadTheSameAsParsedWhole(seed: UInt64) {
        let files = Self.folder(seed: seed, count: 40)
        let plain = TaskArchive(days: files.map { ArchivedDay(DayDocument(parsing: $0.bytes), day: $0.day, file: $0.file, figures: false) })
        let read = TaskArchive(days: files.map { ArchivedDay(ArchivedDay.Reading($0.bytes), day: $0.day, file: $0.file, figures: false) })
        #expect(read.days.map(\.file) == plain.days.map(\.file))
        #expect(read.days.map(\.count) == plain.days.map(\.count))
        let steps = Array(plain.steps)
        #expect(Array(read.steps) == steps)
        var linked = 0
        for step in steps {
            #expect(read[step] == plain[step], "seed \(seed), \(plain[step].file) line \(plain[step].line)")
            #expect(read.next(after: step) == plain.next(after: step), "seed \(seed), \(plain[step].file) line \(plain[step].line)")
            #expect(read.previous(before: step) == plain.previous(before: step))
            if plain.next(after: step) != nil { linked += 1 }
        }
        // What the workspace symbols give: every task where its path stands last, newest first.
        let last = { (archive: TaskArchive) in
            archive.steps.filter { archive.next(after: $0) == nil }.reversed().map { archive[$0] }
        }
        #expect(last(read) == last(plain))
        // The folders are made to hold paths of more than one day: the check of `next(after:)` is not empty.
        #expect(linked > 0, "seed \(seed)")
    }
}
