/// One change to a file's bytes: `removing` bytes at `offset` are replaced by `inserting`.
///
/// Offsets count UTF-8 bytes from the start of the file (a byte-order mark included), as
/// `SourcePosition.offset` does. Every change the library makes to a person's file is a list of these,
/// so that all the bytes it does not name stay exactly as they were.
public struct TextEdit: Hashable, Sendable {
    /// Where the change starts, in bytes from the start of the file.
    public var offset: Int
    /// How many bytes from `offset` on are replaced.
    public var removing: Int
    /// What goes in their place.
    public var inserting: [UInt8]

    /// Makes an edit: replace `removing` bytes at `offset` with `inserting`.
    public init(offset: Int, removing: Int, inserting: [UInt8]) {
        self.offset = offset
        self.removing = removing
        self.inserting = inserting
    }

    /// The bytes the edit replaces.
    public var removedRange: Range<Int> { offset..<(offset + removing) }

    /// Applies non-overlapping edits, whatever their order; edits at the same offset apply in the order given.
    /// An edit that overlaps an earlier one, or reaches past the end, is left out.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var output = OrderedEdits(of: bytes, growth: edits.reduce(0) { $0 + $1.inserting.count })
        for edit in sorted(edits) { output.apply(edit) }
        return output.finish()
    }

    /// The edits that undo `edits` (as `apply` applies them to `original`): applied to the result, they give
    /// `original` back, byte for byte.
    public static func inverse(of edits: [TextEdit], on original: [UInt8]) -> [TextEdit] {
        var inverse: [TextEdit] = []
        var position = 0, shift = 0
        for edit in sorted(edits) {
            guard edit.offset >= position, edit.offset + edit.removing <= original.count else { continue }
            inverse.append(TextEdit(offset: edit.offset + shift, removing: edit.inserting.count,
                                    inserting: Array(original[edit.removedRange])))
            shift += edit.inserting.count - edit.removing
            position = edit.offset + edit.removing
        }
        return inverse
    }

    /// By offset, then removals that start there after pure insertions; otherwise in the order given.
    static func sorted(_ edits: [TextEdit]) -> [TextEdit] {
        // Most edits are made in file order (rollover's, for one): those are returned as they are.
        var inOrder = true
        for index in edits.indices.dropFirst()
            where (edits[index - 1].offset, edits[index - 1].removing) > (edits[index].offset, edits[index].removing) {
            inOrder = false
            break
        }
        if inOrder { return edits }
        return edits.enumerated().sorted { a, b in
            (a.element.offset, a.element.removing, a.offset) < (b.element.offset, b.element.removing, b.offset)
        }.map(\.element)
    }
}

/// A copy of some bytes with edits applied as they come, in file order, so that no list of them is held: for
/// a change of many lines of a big file (rollover marks every open task of the old day). `TextEdit.apply`
/// sorts its edits and applies them through one of these.
struct OrderedEdits {
    let original: [UInt8]
    private var output: [UInt8] = []
    /// Where in `original` the bytes not yet copied start.
    private var position = 0

    /// Starts a copy of `original` with room for `growth` more bytes than it has.
    init(of original: [UInt8], growth: Int = 4096) {
        self.original = original
        output.reserveCapacity(original.count + growth)
    }

    /// Applies `edit`, which must start at or after the end of the one before; one that does not, or that
    /// reaches past the end, is left out, as `TextEdit.apply` leaves out an edit that overlaps another.
    mutating func apply(_ edit: TextEdit) {
        guard edit.offset >= position, edit.offset + edit.removing <= original.count else { return }
        output.append(contentsOf: original[position..<edit.offset])
        output.append(contentsOf: edit.inserting)
        position = edit.offset + edit.removing
    }

    /// Replaces the byte at `offset` with `byte`: the edit `TextEdit(offset: offset, removing: 1, inserting:
    /// [byte])`, made without an array (a status box set, once per task of a big plan).
    mutating func replaceByte(at offset: Int, with byte: UInt8) {
        guard offset >= position, offset < original.count else { return }
        output.append(contentsOf: original[position..<offset])
        output.append(byte)
        position = offset + 1
    }

    /// The edited bytes: what `TextEdit.apply` gives for the same edits. Given away, not copied: the copy is
    /// empty after.
    mutating func finish() -> [UInt8] {
        output.append(contentsOf: original[position...])
        position = original.count
        defer { output = [] }
        return output
    }
}
