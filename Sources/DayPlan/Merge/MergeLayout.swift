/// The merged file in the sides' own layout: the merge works on canonical versions, but a person who never
/// ran `fmt` keeps their spacing, bullets, indentation and blank lines wherever the merge left their lines as
/// they were. Only the lines the merge changed are written in canonical form.
enum MergeLayout {
    /// `merged` (canonical, without conflicts) with the lines of each non-canonical side put back where the
    /// merge kept them: a line-by-line three-way merge of the side's canonical form (the ancestor), the side
    /// as written, and the merged file, in which a stretch both changed takes the merged file's lines. Ours
    /// is put back first, then theirs where ours left the canonical lines. The result is given only when it
    /// formats to exactly `merged` (it means the same); otherwise `merged` is.
    static func restore(_ merged: [UInt8], sides: [MergeVersion]) -> [UInt8] {
        // Sides written canonically have no layout of their own to put back.
        guard sides.contains(where: { $0.layout != nil }) else { return merged }
        var result = merged
        for side in sides {
            guard let (written, canonical) = side.layout else { continue }
            var restored: [UInt8] = []
            restored.reserveCapacity(result.count + 64)
            for chunk in Diff3.merge(base: TextMerge.lines(canonical), ours: TextMerge.lines(written), theirs: TextMerge.lines(result)) {
                switch chunk {
                case .resolved(let lines): for line in lines { restored += line }
                case .conflict(_, _, let mergedLines): for line in mergedLines { restored += line }
                }
            }
            // A last line without its line ending, put back in the middle, would join the next line.
            if let last = restored.last, last != 0x0A, result.last == 0x0A { continue }
            result = restored
        }
        let document = DayDocument(parsing: result)
        guard document.formattingBlockers.isEmpty, sameBytes(document.canonicalBytes(), merged) else { return merged }
        return result
    }
}
