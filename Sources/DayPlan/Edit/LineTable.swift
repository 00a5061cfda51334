/// Where each line of some bytes starts, to edit and show them by line number.
///
/// Lines end at `\n` as in the parser; `\r`s before it belong to the line ending.
struct LineTable {
    let bytes: [UInt8]
    /// The offset of each line's first byte.
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts: [Int] = []
        forEachLine(in: bytes) { starts.append($0.lowerBound) }
        self.starts = starts
    }

    /// How many lines `bytes` holds, counted as `LineTable(bytes).count` counts them, without the table.
    static func lineCount(of bytes: [UInt8]) -> Int {
        var count = 0
        forEachLine(in: bytes) { _ in count += 1 }
        return count
    }

    /// How many lines there are; a last line without a line break counts.
    var count: Int { starts.count }

    /// Where a 1-based line starts; the end of the bytes for the line after the last.
    func start(of line: Int) -> Int {
        line >= 1 && line <= starts.count ? starts[line - 1] : bytes.count
    }

    /// The line's bytes without `\n` and the `\r`s before it (all of them, as the parser reads a line).
    func content(of line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= starts.count else { return [] }
        var end = line < starts.count ? starts[line] : bytes.count
        if end > starts[line - 1], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        while end > starts[line - 1], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return bytes[starts[line - 1]..<end]
    }

    /// The line's text without its line ending.
    func text(of line: Int) -> String {
        String(decoding: content(of: line), as: UTF8.self)
    }

    /// The 1-based line holding a byte offset.
    func line(containing offset: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(1, low)
    }

    /// Whether the line holds only spaces, tabs and `\r`, as the parser's blank lines do.
    func isBlank(_ line: Int) -> Bool {
        content(of: line).allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
    }

    /// The ways to take out lines `first ..< first + count` (a task and its notes), as byte ranges: the lines
    /// alone first, then with the blank lines after them, before them, and both. The canonical form keeps a blank
    /// line only between some parts, so which one an edit keeps canonical depends on what is around: the editor
    /// tries them in this order.
    func removals(ofLines first: Int, count: Int) -> [Range<Int>] {
        let after = first + count
        var before = first
        while before > 1, isBlank(before - 1) { before -= 1 }
        var next = after
        while next <= self.count, isBlank(next) { next += 1 }
        var ranges: [Range<Int>] = []
        for range in [start(of: first)..<start(of: after), start(of: first)..<start(of: next),
                      start(of: before)..<start(of: after), start(of: before)..<start(of: next)] where !ranges.contains(range) {
            ranges.append(range)
        }
        return ranges
    }

    /// Whether the line starts with a space or a tab.
    func isIndented(_ line: Int) -> Bool {
        guard let first = content(of: line).first else { return false }
        return first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
    }

    /// The last non-blank line in a range, or its first line when all are blank.
    func lastNonBlank(in range: Range<Int>) -> Int {
        range.reversed().first { !isBlank($0) } ?? range.lowerBound
    }

    /// The line with its line ending.
    func full(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= starts.count else { return [] }
        return bytes[starts[line - 1]..<(line < starts.count ? starts[line] : bytes.count)]
    }

    /// The line ending of a line: `\r\n`, `\n`, or nothing for a last line without one.
    func ending(of line: Int) -> ArraySlice<UInt8> {
        let whole = full(line)
        return whole.dropFirst(content(of: line).count)
    }
}
