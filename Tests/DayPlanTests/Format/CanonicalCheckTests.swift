import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `Formatter.format` first reads a file with the canonical check (`CanonicalCheck`: each line printed and
/// compared as it is read, no document kept) and formats it whole only when the check cannot say the file is
/// canonical. Its answer must be the whole formatting's (`Formatter.formatWhole`) for every input, and the
/// check must find the canonical files it is meant to find, or it would save nothing.
@Suite struct CanonicalCheckTests {
    static let seeds: [UInt64] = Array(1...300)

    static func describe(_ result: FormatResult) -> String {
        switch result {
        case .unchanged: "unchanged"
        case .changed(let bytes): "changed \(String(decoding: bytes, as: UTF8.self).debugDescription)"
        case .refused(let blockers): "refused \(blockers.map { "\($0.rule) \($0.start.line):\($0.start.column)" })"
        }
    }

    static func expectSameAnswer(_ bytes: [UInt8], _ label: String) {
        #expect(describe(Formatter.format(bytes)) == describe(Formatter.formatWhole(bytes)), "\(label)")
    }

    /// The file's canonical form, or the file when it is canonical or refused.
    static func canonical(_ bytes: [UInt8]) -> [UInt8] {
        if case .changed(let output) = Formatter.formatWhole(bytes) { return output }
        return bytes
    }

    @Test(arguments: seeds)
    func generatedFilesGetTheWholeFormattingsAnswer(seed: UInt64) throws {
        var generator = DocumentGenerator(seed: seed)
        let day = try #require(Day("2026-11-21"))
        let file = generator.file(day: day)
        let formatted = Self.canonical(file)
        Self.expectSameAnswer(file, "seed \(seed)")
        Self.expectSameAnswer(formatted, "formatted, seed \(seed)")
        Self.expectSameAnswer(generator.junk(), "junk, seed \(seed)")
        // One byte of a canonical file changed, taken out or added: the difference may stand anywhere.
        var random = SeededGenerator(seed: seed)
        for _ in 0..<8 where !formatted.isEmpty {
            var changed = formatted
            let at = Int.random(in: 0..<changed.count, using: &random)
            let byte = generator.pick(Array(" \n\t#-*+[]x>`~@:é".utf8))
            switch Int.random(in: 0..<3, using: &random) {
            case 0: changed[at] = byte
            case 1: changed.remove(at: at)
            default: changed.insert(byte, at: at)
            }
            Self.expectSameAnswer(changed, "seed \(seed), byte \(at) changed")
        }
    }

    @Test func goldenDocumentsAndFuzzRegressionsGetTheWholeFormattingsAnswer() throws {
        var inputs: [(String, [UInt8])] = []
        for name in GoldenTests.names {
            for suffix in ["input", "output"] {
                inputs.append(("\(name).\(suffix)", try [UInt8](Data(contentsOf: GoldenTests.folder.appendingPathComponent("\(name).\(suffix).md")))))
            }
        }
        for name in FuzzRegressionTests.inputs {
            inputs.append((name, try [UInt8](Data(contentsOf: FuzzRegressionTests.folder.appendingPathComponent(name)))))
        }
        #expect(inputs.count > 40)
        for (name, bytes) in inputs { Self.expectSameAnswer(bytes, name) }
    }

    /// The check finds canonical files itself: it gives up only on the shapes it says it gives up on.
    @Test func canonicalFilesAreFoundWithoutAWholeReading() throws {
        var canonicalCount = 0, found = 0
        for seed in Self.seeds {
            var generator = DocumentGenerator(seed: seed)
            let formatted = Self.canonical(generator.file(day: try #require(Day("2026-11-21"))))
            guard case .unchanged = Formatter.formatWhole(formatted) else { continue }
            canonicalCount += 1
            if DayDocument.blockersIfCanonical(formatted) == [] { found += 1 }
        }
        #expect(canonicalCount > 200)
        // The generator writes a few files the check gives up on (a front-matter-like `---` on top, …).
        #expect(found * 100 >= canonicalCount * 95, "found \(found) of \(canonicalCount)")

        let plain = """
            ---
            tags: [daily]
            ---
            A line before the day.

            # 2026-11-21 — Sprint review

            A preamble line.

            ## Morning ☀️
            * [ ] Write the report @carry
              A note

                an indented note
              ```
              code   \n\
              ```
            + [x] Call Sam

            Free text.

            ## Afternoon

            ## Evening
            <!-- a comment
            - [ ] hidden -->
            ```
            ## Backlog inside a fence
            ```

            ## Backlog
            - [ ] Renew the passport @due:2026-12-01

            ## Notes
            Something to remember.

            """
        #expect(Self.describe(Formatter.formatWhole(Array(plain.utf8))) == "unchanged")
        #expect(DayDocument.blockersIfCanonical(Array(plain.utf8)) == [])
        #expect(DayDocument.blockersIfCanonical(Array(plain.replacingOccurrences(of: "\n", with: "\r\n").utf8)) == [])
        // A file with nothing planned yet is printed without regions.
        #expect(DayDocument.blockersIfCanonical(Array("---\na: b\n---\n".utf8)) == [])
        #expect(DayDocument.blockersIfCanonical([]) == [])
    }

    @Test func theCheckGivesUpWhereTheCanonicalFormIsNotInReadingOrder() {
        let gaveUp = [
            // A region missing, regions out of order, a heading that groups them.
            "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Backlog\n",
            "# 2026-11-21\n\n## Afternoon\n\n## Morning\n\n## Evening\n\n## Backlog\n",
            "# 2026-11-21\n\n## Today\n\n### Morning\n\n### Afternoon\n\n### Evening\n\n### Backlog\n",
            // An indented fence, whose blank lines at the end are given back when the next line ends it.
            "# 2026-11-21\n\n## Morning\n  ```\n  code\n\n## Afternoon\n\n## Evening\n\n## Backlog\n",
            // Not canonical: the last byte, a blank line, a task line's spacing.
            "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog",
            "# 2026-11-21\n\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n",
            "# 2026-11-21\n\n## Morning\n-  [ ] A\n\n## Afternoon\n\n## Evening\n\n## Backlog\n",
            // A note indented with a tab (found at its line, before the task's notes end), and then a canonical
            // note under it.
            "# 2026-11-21\n\n## Morning\n- [ ] A\n\tnote\n  another\n\n## Afternoon\n\n## Evening\n\n## Backlog\n",
        ]
        for text in gaveUp {
            #expect(DayDocument.blockersIfCanonical(Array(text.utf8)) == nil, "\(text.debugDescription)")
            Self.expectSameAnswer(Array(text.utf8), text.debugDescription)
        }
        // Sections other than regions stand anywhere around the regions in canonical form (FORMAT.md §5).
        for text in ["# 2026-11-21\n\n## Notes\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n",
                     "# 2026-11-21\n\n## Morning\n\n## Lunch notes\nsoup\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"] {
            #expect(DayDocument.blockersIfCanonical(Array(text.utf8)) == [], "\(text.debugDescription)")
            Self.expectSameAnswer(Array(text.utf8), text.debugDescription)
        }
        // Canonical but refused: the blockers come from the check's own reading.
        let refused = Array("# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n```\n".utf8)
        #expect(DayDocument.blockersIfCanonical(refused)?.map(\.rule) == [.unclosedBlock])
        Self.expectSameAnswer(refused, "unclosed fence")
    }

    /// A section bigger than a piece of the comparison, compared a piece at a time.
    @Test func aBigFileIsComparedAPieceAtATime() {
        var text = "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        for index in 0..<5_000 { text += "- [ ] Task number \(index) with a few words\n" }
        let bytes = Array(text.utf8)
        #expect(bytes.count > 4 * CanonicalCheck.pieceSize)
        #expect(DayDocument.blockersIfCanonical(bytes) == [])
        var late = bytes
        late[late.count - 10] = UInt8(ascii: "\t")
        #expect(DayDocument.blockersIfCanonical(late) == nil)
        Self.expectSameAnswer(late, "a tab near the end")
    }
}
