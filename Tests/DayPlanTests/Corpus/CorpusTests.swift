import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Day files written the way people write them (Obsidian, Templater, vim, phone editors): each case in
/// `Cases/NAME/` is a small plan folder with the old day `2026-11-20.md` (and sometimes an existing
/// `2026-11-21.md`), a README saying what it is about, and `expected.txt`: lint's findings for each file
/// and the result of rolling over into 2026-11-21 (the old day's changed lines, what is left behind, the
/// new day's whole text).
///
/// Re-record after an intended change with `RECORD_CORPUS=1 swift test --filter CorpusTests`, then review
/// the diff of `expected.txt` like code.
@Suite struct CorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Cases")
    static let recording = ProcessInfo.processInfo.environment["RECORD_CORPUS"] == "1"
    static let old = Day("2026-11-20")!
    static let new = Day("2026-11-21")!

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func read(_ name: String, _ file: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(name).appendingPathComponent(file))).map { [UInt8]($0) }
    }

    @Test func thereAreAtLeastFortyCases() {
        #expect(Self.names.count >= 40)
    }

    /// What dayplan makes of one case, as the text `expected.txt` holds.
    static func report(_ name: String) throws -> String {
        let source = try #require(read(name, "2026-11-20.md"), "\(name) has no 2026-11-20.md")
        let target = read(name, "2026-11-21.md")
        var text = ""
        for (file, bytes) in [("2026-11-20.md", source), ("2026-11-21.md", target)] {
            guard let bytes else { continue }
            text += "== lint \(file)\n"
            for finding in Linter.lint(bytes, fileName: file) {
                text += "\(finding.start.line):\(finding.start.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]\n"
            }
        }
        text += "== rollover into 2026-11-21\n"
        do {
            let plan = try Rollover(opening: new, from: (old, source), existing: target)
            try plan.verify()
            let summary = plan.summary
            text += "carried \(summary.carried), deferred \(summary.deferred), expired \(summary.expired), "
                + "already planned \(summary.alreadyPlanned), backlog \(summary.backlog)\n"
            for change in plan.sourceChanges { text += "2026-11-20.md:\(change.line): \(change.old) => \(change.new)\n" }
            for finding in plan.leftBehind { text += "left behind: 2026-11-20.md:\(finding.start.line) [\(finding.rule)]\n" }
            text += "-- 2026-11-21.md\n" + String(decoding: plan.targetAfter, as: UTF8.self)
        } catch {
            switch error {
            case .sourceRefused(let reasons), .targetRefused(let reasons):
                let file = if case .sourceRefused = error { "2026-11-20.md" } else { "2026-11-21.md" }
                for reason in reasons { text += "refused: \(file):\(reason.start.line): [\(reason.rule)]\n" }
            case .checkFailed(let problems):
                text += "check failed: \(problems)\n"
            }
        }
        return text
    }

    @Test(arguments: names)
    func matchesExpected(_ name: String) throws {
        let report = try Self.report(name)
        let url = Self.folder.appendingPathComponent(name).appendingPathComponent("expected.txt")
        if Self.recording {
            try Data(report.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(report == expected, "\(name): re-record with RECORD_CORPUS=1 if the change is intended")
        #expect(!report.contains("check failed"), "\(name)")
    }

    /// The promise, by dayplan's own reading of Markdown: every open checkbox is carried or named.
    @Test(arguments: names)
    func nothingIsSilentlyLeftBehind(_ name: String) throws {
        let source = try #require(Self.read(name, "2026-11-20.md"))
        #expect(Invariants.nothingSilentlyLeftBehind(source, openCheckboxLines: Invariants.markdownOpenCheckboxLines(source)) == [])
    }

    /// The same promise, with GitHub's own renderer (cmark-gfm, Debian's `cmark-gfm`) saying which lines it
    /// shows as open checkboxes.
    @Test(.enabled(if: CmarkGFM.path != nil, "cmark-gfm is not installed (apt-get install cmark-gfm); skipped"),
          arguments: names)
    func cmarkGFMAgrees(_ name: String) throws {
        let source = try #require(Self.read(name, "2026-11-20.md"))
        let lines = try CmarkGFM.openCheckboxLines(source)
        #expect(Invariants.nothingSilentlyLeftBehind(source, openCheckboxLines: lines) == [], "\(name)")
        // dayplan's own reading finds at least what cmark-gfm finds, so the fuzzer's check is no weaker.
        let missed = Set(lines).subtracting(Invariants.markdownOpenCheckboxLines(source))
        #expect(missed.isEmpty, "\(name): cmark-gfm shows open checkboxes on lines \(missed.sorted()) that dayplan's reading misses")
    }
}

/// GitHub's Markdown renderer, run as a program.
enum CmarkGFM {
    static let path: String? = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm", "/opt/homebrew/bin/cmark-gfm"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The 1-based lines of list items cmark-gfm renders with an unchecked checkbox.
    static func openCheckboxLines(_ input: [UInt8]) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = ["-e", "tasklist", "--sourcepos"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // Lines as dayplan counts them (FORMAT.md §1): the CRs before an LF belong to the line ending, where
        // CommonMark would count `\r\r\n` as two line endings and number the lines after it differently.
        var lf: [UInt8] = []
        lf.reserveCapacity(input.count)
        for byte in input {
            if byte == UInt8(ascii: "\n") { while lf.last == UInt8(ascii: "\r") { lf.removeLast() } }
            lf.append(byte)
        }
        try stdin.fileHandleForWriting.write(contentsOf: Data(lf))
        try stdin.fileHandleForWriting.close()
        let html = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // CommonMark also ends a line at a lone CR (every CR left is one): its lines are numbered here as the
        // day file line each stands in.
        var dayFileLine = [0, 1]
        for byte in lf where byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            dayFileLine.append(dayFileLine[dayFileLine.count - 1] + (byte == UInt8(ascii: "\n") ? 1 : 0))
        }
        var lines: [Int] = []
        let marker = "<input type=\"checkbox\" disabled=\"\" />"
        for piece in html.components(separatedBy: "<li data-sourcepos=\"").dropFirst() {
            guard let quote = piece.firstIndex(of: "\""), piece[piece.index(after: quote)...].hasPrefix(">" + marker),
                  let line = Int(piece.prefix { $0.isNumber }) else { continue }
            lines.append(line < dayFileLine.count ? dayFileLine[line] : line)
        }
        return lines
    }
}
