/// Where the line starting at `start` ends: just past its `\n`, or at the end of `bytes` when it has none.
/// Lines end at `\n` as the parser reads them; a `\r` before it is part of the line ending. Every reading of
/// a file line by line apart from the parser finds its lines through this or `forEachLine(in:_:)`.
func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    min(firstIndex(of: UInt8(ascii: "\n"), in: bytes, from: start) + 1, bytes.count)
}

/// `lineEnd(in:from:)` for bytes in an array.
func lineEnd(in bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { lineEnd(in: $0, from: start) }
}

/// Hands each line of `bytes` to `body`, in order, as its range with its line ending (the last line may have
/// none); empty bytes have no line.
package func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
    var start = 0
    while start < bytes.count {
        let end = lineEnd(in: bytes, from: start)
        body(start..<end)
        start = end
    }
}

/// `forEachLine(in:_:)` for bytes in an array.
package func forEachLine(in bytes: [UInt8], _ body: (Range<Int>) -> Void) {
    bytes.withUnsafeBufferPointer { forEachLine(in: $0, body) }
}

/// A line's range without its `\n` (its `\r`s kept).
package func withoutNewline(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    line.isEmpty || bytes[line.upperBound - 1] != UInt8(ascii: "\n") ? line : line.lowerBound..<(line.upperBound - 1)
}
