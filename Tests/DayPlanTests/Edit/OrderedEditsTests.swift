import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `OrderedEdits` (rollover's edits of a big old day, applied as its tasks come, and what `TextEdit.apply`
/// applies its sorted edits with) gives what replacing each range in turn gives, and leaves out an edit that
/// does not follow the one before.
@Suite struct OrderedEditsTests {
    /// The edits, in order and apart, made the plain way: each range replaced in turn in the bytes so far.
    static func replacingInTurn(_ edits: [TextEdit], in bytes: [UInt8]) -> [UInt8] {
        var result = bytes, shift = 0
        for edit in edits {
            result.replaceSubrange((edit.offset + shift)..<(edit.offset + shift + edit.removing), with: edit.inserting)
            shift += edit.inserting.count - edit.removing
        }
        return result
    }

    @Test func inOrderEditsGiveEachRangeReplacedInTurn() {
        var generator = SeededGenerator(seed: 17)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0x61...0x66, using: &generator) }
            // Edits in file order, each at or after the end of the one before, some of one byte replaced.
            var edits: [TextEdit] = [], position = 0
            var ordered = OrderedEdits(of: bytes, growth: 0)
            while position < bytes.count, Bool.random(using: &generator) {
                let offset = Int.random(in: position..<bytes.count, using: &generator)
                if Bool.random(using: &generator) {
                    let byte = UInt8.random(in: 0x30...0x39, using: &generator)
                    edits.append(TextEdit(offset: offset, removing: 1, inserting: [byte]))
                    ordered.replaceByte(at: offset, with: byte)
                } else {
                    let removing = Int.random(in: 0...(bytes.count - offset), using: &generator)
                    let inserting = (0..<Int.random(in: 0...3, using: &generator)).map { _ in UInt8(ascii: "+") }
                    let edit = TextEdit(offset: offset, removing: removing, inserting: inserting)
                    edits.append(edit)
                    ordered.apply(edit)
                }
                position = edits[edits.count - 1].offset + edits[edits.count - 1].removing
            }
            let expected = Self.replacingInTurn(edits, in: bytes)
            #expect(ordered.finish() == expected, "\(bytes) \(edits)")
            #expect(TextEdit.apply(edits, to: bytes) == expected, "\(bytes) \(edits)")
        }
    }

    @Test func anEditBeforeTheLastOneEndedOrPastTheEndIsLeftOut() {
        let bytes = Array("- [ ] A\n- [ ] B\n".utf8)
        var ordered = OrderedEdits(of: bytes)
        ordered.replaceByte(at: 3, with: UInt8(ascii: ">"))
        ordered.apply(TextEdit(offset: 7, removing: 0, inserting: Array(" @x".utf8)))
        ordered.replaceByte(at: 3, with: UInt8(ascii: "x"))        // before the end of the last edit
        ordered.apply(TextEdit(offset: 15, removing: 2, inserting: []))   // past the end
        ordered.replaceByte(at: 16, with: UInt8(ascii: "x"))       // past the end
        ordered.replaceByte(at: 11, with: UInt8(ascii: "-"))
        #expect(String(decoding: ordered.finish(), as: UTF8.self) == "- [>] A @x\n- [-] B\n")
        // Given away: the copy is empty after, and finishing again gives the rest of nothing.
        #expect(ordered.finish().isEmpty)
    }
}
