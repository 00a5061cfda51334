// The parser's reading of the input as a whole, before and beside its lines: the encoding, the line ending and
// the front matter. The rest of `Parser` is in Parser.swift, ParserStructure.swift and ParserTasks.swift.

private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let cr = UInt8(ascii: "\r")
private let lf = UInt8(ascii: "\n")

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

extension Parser where Sink: DayReading {
    /// Eight bytes of the input from `i` as one word, the byte at `i` lowest; `i + 8` must not pass the end.
    @inline(__always) func word(at i: Int, _ base: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    }

    /// Reports the first invalid UTF-8 sequence and the first NUL byte, with their positions.
    mutating func checkEncoding(from start: Int) {
        guard let base = bytes.baseAddress else { return }
        // Lines are counted only when there is something to report.
        func here(_ offset: Int) -> SourcePosition {
            var line = 1
            var lineBegin = start
            for k in start..<offset where bytes[k] == lf {
                line += 1
                lineBegin = k + 1
            }
            return SourcePosition(offset: offset, line: line, column: offset - lineBegin + 1)
        }
        var reportedNul = false
        var i = start
        while i < bytes.count {
            // Eight bytes at a time while they are ASCII and not NUL, the common case; a CR is looked for too,
            // until one is found (`holdsCR`).
            while i + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let nonASCII = word & 0x8080_8080_8080_8080
                let hasZeroByte = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                let crs = word ^ 0x0D0D_0D0D_0D0D_0D0D
                let mayHoldCR = (crs &- 0x0101_0101_0101_0101) & ~crs & 0x8080_8080_8080_8080
                if nonASCII != 0 || hasZeroByte != 0 || (mayHoldCR != 0 && !holdsCR) { break }
                i += 8
            }
            guard i < bytes.count else { return }
            let byte = bytes[i]
            if byte < 0x80 {
                if byte == cr { holdsCR = true }
                if byte == 0, !reportedNul {
                    reportedNul = true
                    let at = here(i)
                    readsAsText = false
                    report(ReadingProblem(kind: .nulByte, start: at, end: at))
                }
                i += 1
                continue
            }
            let length = validSequenceLength(at: i)
            if length == 0 {
                let at = here(i)
                readsAsText = false
                report(ReadingProblem(kind: .invalidUTF8(byte: byte), start: at, end: at))
                // The rest is not read: it may hold a CR.
                holdsCR = true
                return
            }
            i += length
        }
    }

    /// The length of the well-formed UTF-8 sequence at `i`, or 0.
    func validSequenceLength(at i: Int) -> Int {
        let lead = bytes[i]
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + k < bytes.count && range.contains(bytes[i + k])
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    func detectLineEnding(from start: Int) -> LineEnding {
        var i = start
        while i < bytes.count, bytes[i] != lf { i += 1 }
        return i < bytes.count && i > start && bytes[i - 1] == cr ? .crlf : .lf
    }

    /// Takes `---` … `---` (or `...`) front matter off the top, if the input starts with it and it is closed.
    mutating func readFrontMatter(from start: Int) -> Int {
        var lines: [(Int, Int)] = []
        var position = start
        while position < bytes.count {
            var end = position
            while end < bytes.count, bytes[end] != lf { end += 1 }
            var lineEnd = end
            while lineEnd > position, bytes[lineEnd - 1] == cr { lineEnd -= 1 }
            lines.append((position, lineEnd))
            var contentEnd = lineEnd
            while contentEnd > position, isBlank(bytes[contentEnd - 1]) { contentEnd -= 1 }
            let text = bytes[position..<contentEnd]
            if lines.count == 1 {
                guard text.elementsEqual("---".utf8) else { return start }
            } else if text.elementsEqual("---".utf8) || text.elementsEqual("...".utf8) {
                frontMatter = lines.map { string($0.0, $0.1) }
                for (index, line) in lines.enumerated() {
                    checkConflictMarker(line.0, line.1, line: index + 1, lineStart: line.0)
                }
                lineNumber = lines.count
                return end + 1
            }
            position = end + 1
        }
        return start
    }
}
