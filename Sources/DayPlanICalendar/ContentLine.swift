import DayPlan

/// One content line of an iCalendar file (RFC 5545 §3.1), unfolded: `NAME;PARAM=VALUE:value`, as positions in
/// its bytes. A view, valid only inside the call that hands it out: what outlives the call is made from it then
/// (a time, a rule), or kept as `offset`, where `ContentLine.at` reads the same line again.
struct ContentLine {
    /// The line's bytes, unfolded.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the name ends: at the first `;` or `:`.
    let nameEnd: Int
    /// Where the value starts: after the `:` that ends the parameters.
    let valueStart: Int
    /// The 1-based line it starts on.
    let line: Int
    /// The offset in the source of the physical line it starts on.
    let offset: Int

    /// The value's bytes, as written (escapes are undone by the reader of each value type).
    var valueBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[valueStart...]) }

    /// The value, as written.
    var value: String { String(decoding: valueBytes, as: UTF8.self) }

    /// The name, upper-cased (`DTSTART`, `BEGIN`).
    var name: String { Self.upperCased(UnsafeBufferPointer(rebasing: bytes[..<nameEnd])) }

    /// The parameters, names upper-cased, values unquoted (`TZID` → `Europe/Berlin`); the last of a name counts.
    var parameters: [String: String] {
        var result: [String: String] = [:]
        Self.parameters(bytes, from: nameEnd) { name, value in
            let raw = bytes[value].filter { $0 != UInt8(ascii: "\"") }
            result[Self.upperCased(UnsafeBufferPointer(rebasing: bytes[name]))] = String(decoding: raw, as: UTF8.self)
        }
        return result
    }

    /// Whether the name is `upper` (given upper-case), in any case of ASCII letters.
    @inline(__always)
    func isNamed(_ upper: StaticString) -> Bool {
        Self.equals(bytes, 0..<nameEnd, upper)
    }

    /// Whether the value is `upper` (given upper-case), in any case of ASCII letters.
    @inline(__always)
    func valueIs(_ upper: StaticString) -> Bool {
        Self.equals(bytes, valueStart..<bytes.count, upper)
    }

    /// The value of the parameter named `upper` (given upper-case), unquoted; nil when it is not given. The
    /// last one given counts.
    func parameter(_ upper: StaticString) -> String? {
        guard nameEnd + 1 < valueStart else { return nil }
        var found: Range<Int>?
        Self.parameters(bytes, from: nameEnd) { name, value in
            if Self.equals(bytes, name, upper) { found = value }
        }
        guard let found else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[found])
        guard raw.contains(UInt8(ascii: "\"")) else { return String(decoding: raw, as: UTF8.self) }
        return String(decoding: raw.filter { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
    }

    /// Whether the parameter named `upper` is given with the value `value` (both given upper-case).
    func parameter(_ upper: StaticString, is value: StaticString) -> Bool {
        guard nameEnd + 1 < valueStart else { return false }
        var found: Range<Int>?
        Self.parameters(bytes, from: nameEnd) { name, value in
            if Self.equals(bytes, name, upper) { found = value }
        }
        guard let found else { return false }
        if Self.equals(bytes, found, value) { return true }
        // Quoted (rare): compared without its quotes.
        let unquoted = bytes[found].filter { $0 != UInt8(ascii: "\"") }
        return unquoted.withUnsafeBufferPointer { Self.equals($0, 0..<$0.count, value) }
    }

    /// The value, upper-cased (a component's name after `BEGIN:` or `END:`).
    var upperCasedValue: String { Self.upperCased(valueBytes) }

    /// The content lines of `bytes`, as `read(_:each:problem:)` of a buffer gives them.
    static func read(_ bytes: [UInt8], each: (ContentLine) -> Void, problem: (Int, String) -> Void) {
        bytes.withUnsafeBufferPointer { read($0, each: each, problem: problem) }
    }

    /// The content lines of `bytes`: physical lines ending in LF or CRLF, a line starting with a space or a tab
    /// continuing the one before. Calls `problem` for a line that is no content line (no `:`), and skips it.
    /// Linear in the bytes: each byte is looked at a bounded number of times, and only a folded line is copied.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, each: (ContentLine) -> Void, problem: (Int, String) -> Void) {
        read(bytes, each: { each($0); return nil }, problem: problem)
    }

    /// Where reading goes on after a content line whose reader passed over the lines after it (`EventGlance`):
    /// at `offset`, the start of a physical line, `lines` physical lines further on.
    struct Resume {
        let offset: Int
        let lines: Int
    }

    /// As `read(_:each:problem:)`; when `each` returns where to go on, the lines up to there are not read.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, each: (ContentLine) -> Resume?, problem: (Int, String) -> Void) {
        var scratch: [UInt8] = []
        var start = 0, number = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        while start < bytes.count {
            number += 1
            let first = number, offset = start
            var resume: Resume?
            let end = logicalLine(bytes, from: start, physicalLines: &number, scratch: &scratch) { line in
                if let parsed = parse(line, line: first, offset: offset) {
                    resume = each(parsed)
                } else {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: line.prefix(40)), as: UTF8.self)
                    problem(first, "`\(text)\(line.count > 40 ? "…" : "")` is no content line (NAME:value); skipped")
                }
            }
            if let resume, resume.offset >= end {
                start = resume.offset
                number += resume.lines
            } else {
                start = end
            }
        }
    }

    /// The content line whose first physical line starts at `offset` of `bytes` (as `read` handed it out), given
    /// to `body`; nil when there is none there.
    static func at<Result>(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ body: (ContentLine) -> Result) -> Result? {
        var scratch: [UInt8] = [], number = 0, result: Result?
        _ = logicalLine(bytes, from: offset, physicalLines: &number, scratch: &scratch) { line in
            if let parsed = parse(line, line: 0, offset: offset) { result = body(parsed) }
        }
        return result
    }

    /// Where the content line whose first physical line starts at `offset` of `bytes` lies: from there to the
    /// start of the next, its folded continuation lines and line breaks included; so it can be copied whole and
    /// read again with `at`.
    static func extent(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var next = physicalLine(bytes, from: offset).next
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 {
            next = physicalLine(bytes, from: next).next
        }
        return offset..<min(next, bytes.count)
    }

    /// Reads the logical line whose first physical line starts at `start`: that line and the lines after it
    /// that start with a space or a tab, each less its line break and (for the continuing ones) that first
    /// byte. Gives it unfolded to `body` unless it is empty, and returns where the next one starts; counts the
    /// continuing lines in `physicalLines`.
    private static func logicalLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, physicalLines: inout Int,
                                    scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        var (stop, next) = physicalLine(bytes, from: start)
        guard stop > start else { return next }
        // A continuing line is never empty: it starts with its space or tab.
        guard next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 else {
            body(UnsafeBufferPointer(rebasing: bytes[start..<stop]))
            return next
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<stop])
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 {
            physicalLines += 1
            let from = next + 1
            (stop, next) = physicalLine(bytes, from: next)
            if stop > from { scratch.append(contentsOf: bytes[from..<stop]) }
        }
        scratch.withUnsafeBufferPointer(body)
        return next
    }

    /// The physical line from `start`: where its content stops (before CRLF or LF) and where the next starts.
    @inline(__always)
    static func physicalLine(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (stop: Int, next: Int) {
        let end = firstIndex(of: 0x0A, in: bytes, from: start)
        var stop = end
        if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
        return (stop, end + 1)
    }

    /// Reads one unfolded line; nil when it has no name or no `:`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, offset: Int) -> ContentLine? {
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";")
        var index = 0
        while index < bytes.count, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
        guard index > 0, index < bytes.count else { return nil }
        let nameEnd = index
        if bytes[index] == semicolon {
            guard let end = parameters(bytes, from: index, { _, _ in }) else { return nil }
            index = end
        }
        guard index < bytes.count, bytes[index] == colon else { return nil }
        return ContentLine(bytes: bytes, nameEnd: nameEnd, valueStart: index + 1, line: line, offset: offset)
    }

    /// Walks the parameters from `start` (at the `;` before the first): gives each one's name and value (with
    /// any quotes) to `each`, and returns where they end (at the `:`), nil when a name runs to the end.
    @discardableResult
    private static func parameters(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                   _ each: (Range<Int>, Range<Int>) -> Void) -> Int? {
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")
        var index = start
        while index < bytes.count, bytes[index] == semicolon {
            index += 1
            let nameStart = index
            while index < bytes.count, bytes[index] != equals, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
            let name = nameStart..<index
            guard index < bytes.count else { return nil }
            guard bytes[index] == equals else { continue }
            index += 1
            let valueStart = index
            var quoted = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote { quoted.toggle() } else if !quoted, byte == colon || byte == semicolon { break }
                index += 1
            }
            each(name, valueStart..<index)
        }
        return index
    }

    /// Whether `bytes[range]` is `upper` (given upper-case) in any case of ASCII letters.
    @inline(__always)
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ upper: StaticString) -> Bool {
        let count = upper.utf8CodeUnitCount
        guard range.upperBound - range.lowerBound == count else { return false }
        let expected = upper.utf8Start
        var index = 0
        while index < count {
            var byte = bytes[range.lowerBound + index]
            if byte >= 0x61, byte <= 0x7A { byte -= 0x20 }
            guard byte == expected[index] else { return false }
            index += 1
        }
        return true
    }

    /// Bytes upper-cased, without the cost of Unicode case mapping when they are ASCII upper-case already.
    private static func upperCased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(where: { $0 >= 0x61 }) ? text.uppercased() : text
    }

    /// A TEXT value unescaped (§3.3.11): `\\` `\;` `\,` and `\n` or `\N` (a line break).
    static func text(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
        var result = "", escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}
