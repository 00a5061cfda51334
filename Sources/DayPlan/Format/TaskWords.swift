/// Words of a task line, as the parser splits them: white space separates words, except inside an inline
/// code span (`` `a  b` ``) or a link destination (`[x](<a b.md>)`), whose white space is part of the word.
/// The one splitting of a task line or a title into words: the parser, the edits, export, merge and tags
/// all split through `forEachWordRange(in:_:_:tabs:spans:_:)`.
///
/// Hands each word of `bytes[start..<end]` to `body` as its range, in order. Words are separated by spaces
/// (and tabs, when `tabs`); when `spans`, an inline code span or a link destination is one word with its
/// blanks (`wordScanStep`), else every byte that is not a blank is one step.
@inline(__always)
func forEachWordRange(in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, tabs: Bool, spans: Bool,
                 _ body: (Range<Int>) -> Void) {
    let space = UInt8(ascii: " "), tab = tabs ? UInt8(ascii: "\t") : space
    var i = start
    while i < end {
        while i < end, bytes[i] == space || bytes[i] == tab { i += 1 }
        guard i < end else { break }
        let wordStart = i
        while i < end, bytes[i] != space, bytes[i] != tab {
            let byte = bytes[i]
            i = spans && (byte == UInt8(ascii: "`") || byte == UInt8(ascii: "]")) ? wordScanStep(bytes, at: i, end) : i + 1
        }
        body(wordStart..<i)
    }
}

/// Where the word scan goes on after the byte at `i`: past a whole inline code span or link destination,
/// whose white space is the person's and is kept as written; else the next byte.
func wordScanStep(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ end: Int) -> Int {
    let byte = bytes[i]
    if byte == UInt8(ascii: "`") {
        var run = 0
        while i + run < end, bytes[i + run] == byte { run += 1 }
        var j = i + run
        while j < end {
            guard bytes[j] == byte else { j += 1; continue }
            var closing = 0
            while j + closing < end, bytes[j + closing] == byte { closing += 1 }
            if closing == run { return j + closing }
            j += closing
        }
        return i + run
    }
    if byte == UInt8(ascii: "]"), i + 1 < end, bytes[i + 1] == UInt8(ascii: "(") {
        var depth = 0
        var angled = false
        var j = i + 1
        while j < end {
            switch bytes[j] {
            case UInt8(ascii: "<"): angled = true
            case UInt8(ascii: ">"): angled = false
            case UInt8(ascii: "(") where !angled: depth += 1
            case UInt8(ascii: ")") where !angled:
                depth -= 1
                if depth == 0 { return j + 1 }
            default: break
            }
            j += 1
        }
    }
    return i + 1
}
