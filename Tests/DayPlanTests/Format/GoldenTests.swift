import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Whole documents: `Golden/NAME.input.md` is formatted into `NAME.output.md` (the input itself when
/// formatting is refused), and its diagnostics are listed in `NAME.diagnostics.txt`.
///
/// Re-record after an intended change with `RECORD_GOLDEN=1 swift test --filter GoldenTests`, then review the diff.
@Suite struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".input.md") }.map { String($0.dropLast(".input.md".count)) }.sorted()
    }

    @Test func thereAreGoldenFiles() {
        #expect(Self.names.count >= 8)
    }

    @Test(arguments: names)
    func matchesGolden(_ name: String) throws {
        let input = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("\(name).input.md")))
        let document = DayDocument(parsing: input)
        let output: [UInt8]
        switch Formatter.format(input) {
        case .unchanged, .refused: output = input
        case .changed(let bytes): output = bytes
        }
        let diagnostics = document.diagnostics.map {
            "\($0.start.line):\($0.start.column)-\($0.end.column): \($0.severity.rawValue): \($0.message) [\($0.rule)]\n"
        }.joined()

        let outputURL = Self.folder.appendingPathComponent("\(name).output.md")
        let diagnosticsURL = Self.folder.appendingPathComponent("\(name).diagnostics.txt")
        if Self.recording {
            try Data(output).write(to: outputURL)
            try Data(diagnostics.utf8).write(to: diagnosticsURL)
            return
        }
        #expect(output == [UInt8](try Data(contentsOf: outputURL)), "\(name).output.md differs")
        #expect(diagnostics == (try String(contentsOf: diagnosticsURL, encoding: .utf8)), "\(name).diagnostics.txt differs")
        // gofmt's rule: a golden output formats to itself.
        if case .changed = Formatter.format(output) { Issue.record("\(name).output.md is not idempotent") }
    }
}
