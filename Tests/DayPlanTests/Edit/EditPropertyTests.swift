import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Every edit operation on every task of the real-style corpus (`Corpus/Cases/*/2026-11-20.md`): each edit
/// is refused for a reason (a full bucket, an ambiguous file) or, applied, changes bytes only inside the edited
/// task's lines (plus, for an insertion or a move, only inserts), and its inverse gives the file back.
@Suite struct EditPropertyTests {
    static var cases: [(name: String, bytes: [UInt8])] {
        CorpusTests.names.compactMap { name in CorpusTests.read(name, "2026-11-20.md").map { (name, $0) } }
    }

    /// The operations tried on the task at a line.
    static func operations(_ line: Int) -> [(String, (DayEditor) throws(EditError) -> DayEdit)] {
        var operations: [(String, (DayEditor) throws(EditError) -> DayEdit)] = []
        for status in Status.allCases {
            operations.append(("set \(status)", { editor throws(EditError) in try editor.setStatus(status, ofTaskAt: line) }))
        }
        for region in Region.allCases {
            operations.append(("move to \(region)", { editor throws(EditError) in try editor.move(taskAt: line, to: region) }))
            operations.append(("move to \(region) misc", { editor throws(EditError) in try editor.move(taskAt: line, to: region, bucket: .misc) }))
        }
        operations.append(("remove", { editor throws(EditError) in try editor.remove(taskAt: line) }))
        for word in ["@carry", "@from:2026-11-19", "@expires:2026-12-01"] {
            operations.append(("set \(word)", { editor throws(EditError) in try editor.replaceMetadata(with: word, onTaskAt: line) }))
        }
        for key in ["carry", "from", "sticky"] {
            operations.append(("remove @\(key)", { editor throws(EditError) in try editor.removeMetadata(key, fromTaskAt: line) }))
        }
        return operations
    }

    @Test func thereIsACorpusWithFullBuckets() {
        #expect(Self.cases.count >= 40)
        // Some edits meet a full bucket, so the property test sees refusals too.
        let refused = Self.cases.filter { _, bytes in
            let editor = DayEditor(bytes)
            return editor.tasks.contains { placed in
                if case .bucketFull? = Result(catching: { () throws(EditError) in try editor.move(taskAt: placed.task.line, to: .morning) }).failure {
                    return true
                }
                return false
            }
        }
        #expect(!refused.isEmpty)
    }

    @Test(arguments: 0..<4)
    func editsChangeOnlyTheEditedTaskAndInvert(_ quarter: Int) throws {
        var applied = 0
        for (index, (name, bytes)) in Self.cases.enumerated() where index % 4 == quarter {
            let editor = DayEditor(bytes)
            let lines = LineTable(bytes)
            for placed in editor.tasks {
                let task = placed.task
                let own = lines.start(of: task.line)..<lines.start(of: task.line + task.lineSpan)
                for (what, operation) in Self.operations(task.line) {
                    let edit: DayEdit
                    do {
                        edit = try operation(editor)
                    } catch {
                        switch error {
                        case .bucketFull: break
                        case .refused: break
                        default: Issue.record("\(name) line \(task.line), \(what): \(error.message)")
                        }
                        continue
                    }
                    applied += 1
                    let context = "\(name) line \(task.line), \(what)"
                    #expect(TextEdit.apply(edit.inverse, to: edit.after) == bytes, "\(context): the inverse gives the file back")
                    // A task taken out of a canonical file may take a blank line beside it that the canonical form would
                    // not keep (`EditCanonicalPropertyTests`): only blank lines, and only as one of the ways
                    // `LineTable.removals` offers; every other byte changed is the task's own.
                    let removals = lines.removals(ofLines: task.line, count: task.lineSpan)
                    let around = removals.reduce(own) { min($0.lowerBound, $1.lowerBound)..<max($0.upperBound, $1.upperBound) }
                    for change in edit.edits where change.removing > 0 || !what.hasPrefix("move") {
                        let within = change.removing > 0 && (what.hasPrefix("move") || what == "remove") ? around : own
                        #expect(within.lowerBound <= change.offset && change.offset + change.removing <= within.upperBound,
                                "\(context): an edit outside the task's lines \(task.line)...\(task.line + task.lineSpan - 1)")
                    }
                    if what.hasPrefix("move"), !what.hasPrefix("move to \(placed.region) ") && what != "move to \(placed.region)" {
                        let removed = edit.edits.filter { $0.removing > 0 }.map(\.removedRange)
                        #expect(removed.count == 1 && removals.contains(removed[0]), "\(context): the task's lines are taken out whole")
                    }
                    // The edited file reads back as the edit meant: the task is where it should be.
                    if edit.line > 0 {
                        let after = DayEditor(edit.after)
                        // A date the task spells another tool's way is written in its title (`➕ 2026-11-19`).
                        #expect(after.task(at: edit.line)?.task.titleWithoutSpellings == task.titleWithoutSpellings,
                                "\(context): the task stands on line \(edit.line)")
                    }
                }
            }
            // Insertions: pure, and findable.
            for region in Region.allCases {
                do {
                    let edit = try editor.insert(PlanTask(bucket: .misc, title: "Inserted by the test #t"), into: region)
                    applied += 1
                    #expect(edit.edits.allSatisfy { $0.removing == 0 }, "\(name): insert into \(region) only inserts")
                    #expect(TextEdit.apply(edit.inverse, to: edit.after) == bytes)
                    let placed = DayEditor(edit.after).task(at: edit.line)
                    #expect(placed?.region == region && placed?.task.title == "Inserted by the test #t", "\(name): inserted into \(region)")
                } catch {
                    switch error {
                    case .bucketFull: break
                    case .refused: break
                    default: Issue.record("\(name) insert into \(region): \(error.message)")
                    }
                }
            }
        }
        #expect(applied > 100)
    }
}

extension Result {
    /// The error, when it is one.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension PlanTask {
    /// The title without the other tools' spellings it holds (`📅 2026-12-01`, `[due:: …]`): the words a person
    /// reads as the task's name.
    var titleWithoutSpellings: String {
        var bytes = Array(title.utf8)
        var ranges: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard ForeignSpelling.mayHold(buffer, 0, buffer.count) else { return }
            ForeignSpelling.forEach(in: buffer, 0, buffer.count) { if $0.value != nil { ranges.append($0.range) } }
        }
        for range in ranges.reversed() {
            bytes.removeSubrange(range.lowerBound..<min(range.upperBound + 1, bytes.count))
        }
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
