import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `rollover --undo` in library form: rollover then undo gives both files back byte for byte (over generated days
/// and the corpus, through the line-by-line path too), and edits made in between survive it.
@Suite struct RolloverUndoPropertyTests {
    /// A planned rollover and its record, or nil when rollover refuses the files.
    static func rolled(_ source: [UInt8], _ target: [UInt8]?) -> (plan: Rollover, record: RolloverRecord)? {
        guard let plan = try? Rollover(opening: Day("2026-11-21")!, from: (Day("2026-11-20")!, source), existing: target) else { return nil }
        return (plan, RolloverRecord(sourcePath: "2026-11-20.md", targetPath: "2026-11-21.md", sourceBefore: source,
                                     sourceAfter: plan.sourceAfter ?? source, targetBefore: target, targetAfter: plan.targetAfter))
    }

    /// Generated pairs (as RolloverPropertyTests makes them) and every corpus case, with and without a new day.
    static let cases: [(name: String, source: [UInt8], target: [UInt8]?)] = {
        var cases: [(String, [UInt8], [UInt8]?)] = []
        for seed in 0..<300 {
            var random = SeededGenerator(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D)
            let source = Array(RolloverPropertyTests.file("2026-11-20", lines: 1 + random.next(10), using: &random).utf8)
            let target = random.next(2) == 0 ? nil : Array(RolloverPropertyTests.file("2026-11-21", lines: random.next(5), using: &random).utf8)
            cases.append(("generated \(seed)", source, target))
        }
        for name in CorpusTests.names {
            guard let source = CorpusTests.read(name, "2026-11-20.md") else { continue }
            cases.append((name, source, CorpusTests.read(name, "2026-11-21.md")))
            cases.append((name + " (no new day)", source, nil))
        }
        return cases
    }()

    @Test func undoGivesBothFilesBackByteForByte() throws {
        var undone = 0
        for (name, source, target) in Self.cases {
            guard let (plan, record) = Self.rolled(source, target) else { continue }
            for shortcut in [true, false] {
                let undo = try RolloverUndo(record, sourceNow: plan.sourceAfter ?? source, targetNow: plan.targetAfter, shortcut: shortcut)
                #expect(undo.source == source, "\(name), shortcut \(shortcut): the old day")
                #expect(undo.target == target, "\(name), shortcut \(shortcut): the new day\n\(String(decoding: target ?? [], as: UTF8.self).debugDescription)\n\(String(decoding: plan.targetAfter, as: UTF8.self).debugDescription)")
                #expect(undo.kept.isEmpty, "\(name): \(undo.kept)")
            }
            undone += 1
        }
        #expect(undone > 250)
    }

    @Test func editsMadeInBetweenSurvive() throws {
        for (name, source, target) in Self.cases {
            guard let (plan, record) = Self.rolled(source, target) else { continue }
            func appending(_ text: String, to bytes: [UInt8]) -> [UInt8] {
                bytes + Array(((bytes.last == UInt8(ascii: "\n") || bytes.isEmpty) ? text + "\n" : "\n" + text).utf8)
            }
            let sourceNow = appending("Added to the old day later.", to: plan.sourceAfter ?? source)
            let targetNow = appending("- [ ] Added to the new day later", to: plan.targetAfter)
            let undo: RolloverUndo
            do {
                undo = try RolloverUndo(record, sourceNow: sourceNow, targetNow: targetNow)
            } catch {
                Issue.record("\(name): refused: \(error.reasons)")
                continue
            }
            #expect(undo.source == appending("Added to the old day later.", to: source), "\(name): the old day, its marks back and the edit kept")
            let newDay = String(decoding: try #require(undo.target, "\(name): a day with an edit is kept"), as: UTF8.self)
            #expect(newDay.contains("- [ ] Added to the new day later"), "\(name)")
        }
    }

    @Test func aCarriedTaskChangedSinceStaysInTheNewDayAndMovedOnInTheOld() throws {
        let source = Array("# 2026-11-20\n\n## Morning\n- [ ] Write the talk\n- [ ] Call Ana\n".utf8)
        let (plan, record) = try #require(Self.rolled(source, nil))
        let now = String(decoding: plan.targetAfter, as: UTF8.self).replacingOccurrences(of: "- [ ] Write the talk", with: "- [x] Write the talk")
        let undo = try RolloverUndo(record, sourceNow: plan.sourceAfter, targetNow: Array(now.utf8))
        #expect(String(decoding: try #require(undo.source), as: UTF8.self) == "# 2026-11-20\n\n## Morning\n- [>] Write the talk\n- [ ] Call Ana\n")
        let newDay = String(decoding: try #require(undo.target), as: UTF8.self)
        #expect(newDay.contains("- [x] Write the talk") && !newDay.contains("Call Ana"))
        #expect(undo.kept.first?.hasPrefix("“Write the talk”: changed in 2026-11-21.md since the rollover, so it stays there") == true)
    }

    @Test func aMissingNewDayIsRefused() throws {
        let source = Array("# 2026-11-20\n\n## Morning\n- [ ] Write the talk\n".utf8)
        let (plan, record) = try #require(Self.rolled(source, nil))
        #expect(throws: RolloverUndo.Refusal.self) { try RolloverUndo(record, sourceNow: plan.sourceAfter, targetNow: nil) }
    }

    @Test func theRecordRoundTripsThroughJSON() throws {
        let source = Array("# 2026-11-20\r\n\n## Morning\n- [ ] Café\n".utf8)
        let (_, record) = try #require(Self.rolled(source, nil))
        let json = try #require(record.json)
        #expect(RolloverRecord(json: try JSONValue(parsing: json.serialized())) == record)
    }
}
