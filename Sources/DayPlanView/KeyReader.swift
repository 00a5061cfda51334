import DayPlan

/// Reads the bytes a terminal sends for keys into `ViewKey`s: UTF-8 characters, Control letters, the arrow keys,
/// Tab and Shift-Tab, Enter, Backspace, Escape alone, and bracketed paste (`ESC [200~ … ESC [201~`) as one
/// `.paste`, and the mouse (SGR reports): a click of the first button as `.click`, the wheel as the arrow keys up
/// and down. A sequence it does not know (a function key, another button, a release) is skipped whole. Bytes that
/// end in the middle of a sequence are kept for the next read.
public struct KeyReader: Sendable {
    private var pending: [UInt8] = []

    /// A reader with nothing pending.
    public init() {}

    /// Whether bytes of an unfinished sequence wait for more (a lone Escape is Escape when no more come).
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys `bytes` (and what was pending) make.
    public mutating func keys(_ bytes: [UInt8]) -> [ViewKey] {
        pending += bytes
        var keys: [ViewKey] = []
        var index = 0
        let input = pending
        func rest(_ from: Int) -> ArraySlice<UInt8> { input[from...] }
        reading: while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                guard index + 1 < input.count else { break reading }
                let next = input[index + 1]
                if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
                    // CSI or SS3: parameters, then one final byte from 0x40 to 0x7E.
                    var end = index + 2
                    while end < input.count, !(0x40...0x7E).contains(input[end]) { end += 1 }
                    guard end < input.count else { break reading }
                    let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
                    let final = input[end]
                    if next == UInt8(ascii: "["), parameters == "200", final == UInt8(ascii: "~") {
                        let start = end + 1
                        let close: [UInt8] = Array("\u{1B}[201~".utf8)
                        guard let found = firstIndex(of: close, in: input, from: start) else { break reading }
                        keys.append(.paste(String(decoding: input[start..<found], as: UTF8.self)))
                        index = found + close.count
                        continue
                    }
                    // A mouse report (SGR, `ESC [ < button ; x ; y M`, 1-based; `m` is a release): the first button
                    // pressed is a click at that cell, the wheel moves the selection.
                    if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
                        let numbers = parameters.dropFirst().split(separator: ";").map { Int($0) }
                        if final == UInt8(ascii: "M"), numbers.count == 3, let button = numbers[0], let x = numbers[1], let y = numbers[2] {
                            if button == 0, x >= 1, y >= 1 { keys.append(.click(column: x - 1, row: y - 1)) }
                            if button == 64 { keys.append(.up) }
                            if button == 65 { keys.append(.down) }
                        }
                        index = end + 1
                        continue
                    }
                    switch final {
                    case UInt8(ascii: "A"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    case UInt8(ascii: "C"): keys.append(.right)
                    case UInt8(ascii: "D"): keys.append(.left)
                    case UInt8(ascii: "Z"): keys.append(.backTab)
                    default: break
                    }
                    index = end + 1
                } else {
                    // Escape then a character: Alt held; read as Escape and the character.
                    keys.append(.escape)
                    index += 1
                }
            case 0x0D, 0x0A: keys.append(.enter); index += 1
            case 0x09: keys.append(.tab); index += 1
            case 0x7F, 0x08: keys.append(.backspace); index += 1
            case 0x01...0x1A:
                keys.append(.control(Character(UnicodeScalar(byte + 0x60))))
                index += 1
            case 0x00, 0x1C...0x1F: index += 1
            default:
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                guard index + length <= input.count else { break reading }
                let text = String(decoding: input[index..<(index + length)], as: UTF8.self)
                for character in text where character != "\u{FFFD}" || byte >= 0xC0 { keys.append(.character(character)) }
                index += length
            }
        }
        pending = Array(rest(min(index, input.count)))
        return keys
    }

    /// What is pending when no more bytes come soon: a lone Escape is Escape; anything else unfinished is dropped.
    public mutating func flush() -> [ViewKey] {
        defer { pending = [] }
        return pending == [0x1B] ? [.escape] : []
    }

    private func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
}
