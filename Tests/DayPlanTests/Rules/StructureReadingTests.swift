import Foundation
import Testing
@testable import DayPlan

/// `Linter` reads a file for its structure only (`DayDocument(readingStructureOf:)`, no text kept): the
/// findings and the plan it sees must be those of a whole reading, over generated files, junk, the golden
/// documents and the fuzzer's regressions.
@Suite struct StructureReadingTests {
    static let seeds: [UInt64] = Array(1...300)

    /// What a document says but its text: sections and their items, each task's bucket, status, metadata,
    /// position and whether it has a title.
    static func shape(_ document: DayDocument) -> [String] {
        var lines = ["day \(document.day.map { "\($0)" } ?? "-") heading \(document.dayHeadingLine ?? 0)",
                     "leading \(document.leading.count) preamble \(document.preamble.count)"]
        func describe(_ item: Item) -> String {
            switch item {
            case .blank: "blank"
            case .text: "text"
            case .verbatim(let line): line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? "verbatim blank" : "verbatim"
            case .task(let task):
                "task \(task.bucket) \(task.status) titled \(!task.title.isEmpty) \(task.metadata.canonicalText) "
                    + "at \(task.source.map { "\($0.start.offset)-\($0.end.offset) \($0.start.line):\($0.start.column)" } ?? "-") spans \(task.lineSpan)"
            }
        }
        for section in document.sections {
            lines.append("section \(section.kind) \(section.headingText) level \(section.headingLevel) group \(section.groupHeading ?? "-")")
            lines += section.items.map(describe)
        }
        return lines
    }

    static func expectSameReading(_ bytes: [UInt8], _ label: String) {
        let whole = DayDocument(parsing: bytes), structure = DayDocument(readingStructureOf: bytes)
        #expect(structure.diagnostics == whole.diagnostics, "\(label)")
        #expect(shape(structure) == shape(whole), "\(label)")
        for today in [nil, whole.day, Day(year: 2026, month: 11, day: 21)] {
            #expect(Linter.lint(bytes, fileName: "2026-11-21.md", today: today)
                        == Linter.lint(whole, fileName: "2026-11-21.md", today: today), "\(label) today \(String(describing: today))")
        }
    }

    @Test(arguments: seeds)
    func generatedFilesReadTheSame(seed: UInt64) throws {
        var generator = DocumentGenerator(seed: seed)
        let day = try #require(Day("2026-11-21")).adding(days: Int(seed % 3) - 1)
        Self.expectSameReading(generator.file(day: day), "seed \(seed)")
        Self.expectSameReading(generator.junk(), "junk seed \(seed)")
    }

    @Test func goldenDocumentsAndFuzzRegressionsReadTheSame() throws {
        var inputs: [(String, [UInt8])] = []
        for name in GoldenTests.names {
            inputs.append((name, try [UInt8](Data(contentsOf: GoldenTests.folder.appendingPathComponent("\(name).input.md")))))
        }
        for name in FuzzRegressionTests.inputs {
            inputs.append((name, try [UInt8](Data(contentsOf: FuzzRegressionTests.folder.appendingPathComponent(name)))))
        }
        #expect(inputs.count > 20)
        for (name, bytes) in inputs { Self.expectSameReading(bytes, name) }
    }

    @Test func anOverdueTaskIsNamedByItsTitle() {
        let bytes = Array("# 2026-11-21\n\n## Backlog\n- [ ] Renew the passport @due:2026-11-20\n".utf8)
        let findings = Linter.lint(bytes, fileName: "2026-11-21.md", today: Day(year: 2026, month: 11, day: 21))
        #expect(findings.map(\.message) == ["Renew the passport was due on 2026-11-20, 1 day ago; do it, or move the deadline with `@due:`."])
        #expect(DayDocument(readingStructureOf: bytes).allTasks.map(\.title) == [structureStandIn])
    }
}
