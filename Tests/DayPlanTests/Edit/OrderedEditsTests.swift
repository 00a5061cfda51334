import Testing
@testable import DayPlan

/// `OrderedEdits` (rollover's edits of a big old day, applied as its tasks come) gives what `TextEdit.apply`
/// gives for the same edits, and leaves out what it leaves out.
@Suite struct OrderedEditsTests {
    @Test func inOrderEditsGiveWhatApplyGives() {
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
            #expect(ordered.finish() == TextEdit.apply(edits, to: bytes), "\(bytes) \(edits)")
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
