extension PlanTask {
    /// The title's words, in order: split at its single spaces, except inside an inline code span
    /// (`` `git  rebase` ``) or a link destination, which are one word as the parser reads them.
    public var words: [String] {
        var title = title
        return title.withUTF8 { bytes in
            var found: [String] = []
            var i = 0
            while i < bytes.count {
                while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
                guard i < bytes.count else { break }
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: " ") { i = inlineSpanEnd(in: bytes, at: i, bytes.count) }
                found.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
            }
            return found
        }
    }

    /// The day a title word `@due:YYYY-MM-DD` names (the key in any case), if any: not a metadata key of
    /// the format (it stays in the title, with a DP036 warning), read by the calendar export as a deadline.
    public var due: Day? { CalendarExport.dayWord("due", in: words) }
}
