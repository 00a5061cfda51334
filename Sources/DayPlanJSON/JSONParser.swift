import DayPlan

/// Why bytes are not a JSON document, and where.
package struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset, from 0, at which the input stopped making sense.
    package let offset: Int
    /// What was wrong there, such as "expected ':' after an object key".
    package let message: String

    /// `at byte 12: expected ':' after an object key`.
    package var description: String { "at byte \(offset): \(message)" }
}

extension JSONValue {
    /// How deeply arrays and objects may nest by default: deep enough for any real document, shallow enough
    /// that hostile input cannot exhaust the stack.
    package static let defaultDepthLimit = 512

    /// Reads one JSON document from UTF-8 bytes, strictly as RFC 8259 says.
    ///
    /// White space may surround the value; anything else after it is an error. Strings must be valid UTF-8,
    /// hold no raw control characters and no unpaired surrogate escape (`"\uD800"`), since neither can become
    /// a Swift `String` without loss. No byte-order mark, comments, trailing commas, single quotes, `NaN` or
    /// leading `+`/`0`. Arrays and objects nest at most `depthLimit` deep.
    package init(parsing bytes: [UInt8], depthLimit: Int = JSONValue.defaultDepthLimit) throws(JSONError) {
        let result: Result<JSONValue, JSONError> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, depthLimit: depthLimit)
            do throws(JSONError) {
                return .success(try reader.document())
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Reads one JSON document from a string; see `init(parsing:depthLimit:)` for bytes.
    package init(parsing text: String, depthLimit: Int = JSONValue.defaultDepthLimit) throws(JSONError) {
        try self.init(parsing: Array(text.utf8), depthLimit: depthLimit)
    }
}

/// A recursive-descent reader over the input's bytes.
private struct JSONReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let depthLimit: Int
    package var position = 0
    package var depth = 0

    package init(bytes: UnsafeBufferPointer<UInt8>, depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
    }

    package mutating func document() throws(JSONError) -> JSONValue {
        skipWhiteSpace()
        let value = try self.value()
        skipWhiteSpace()
        guard position == bytes.count else { throw fail("unexpected \(describe(bytes[position])) after the value") }
        return value
    }

    package func fail(_ message: String, at offset: Int? = nil) -> JSONError {
        JSONError(offset: offset ?? position, message: message)
    }

    /// A byte as a person would name it in a message.
    package func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    package mutating func skipWhiteSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    package mutating func value() throws(JSONError) -> JSONValue {
        guard position < bytes.count else { throw fail("unexpected end of input; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        case let byte: throw fail("unexpected \(describe(byte)); expected a value")
        }
    }

    package mutating func literal(_ word: StaticString) throws(JSONError) {
        let start = position
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count,
              word.withUTF8Buffer({ w in (0..<count).allSatisfy { bytes[start + $0] == w[$0] } })
        else { throw fail("invalid literal; expected '\(word)'") }
        position += count
    }

    package mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= depthLimit else { throw fail("arrays and objects nest deeper than \(depthLimit)") }
    }

    package mutating func object() throws(JSONError) -> JSONValue {
        try enter()
        position += 1
        var members: [JSONValue.Member] = []
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhiteSpace()
            guard position < bytes.count else { throw fail("unexpected end of input in an object") }
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describe(bytes[position])); expected a string key")
            }
            let key = try string()
            skipWhiteSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("expected ':' after an object key")
            }
            position += 1
            skipWhiteSpace()
            members.append(JSONValue.Member(key, try value()))
            skipWhiteSpace()
            guard position < bytes.count else { throw fail("unexpected end of input in an object") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            case let byte: throw fail("unexpected \(describe(byte)); expected ',' or '}' in an object")
            }
        }
    }

    package mutating func array() throws(JSONError) -> JSONValue {
        try enter()
        position += 1
        var elements: [JSONValue] = []
        skipWhiteSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhiteSpace()
            elements.append(try value())
            skipWhiteSpace()
            guard position < bytes.count else { throw fail("unexpected end of input in an array") }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            case let byte: throw fail("unexpected \(describe(byte)); expected ',' or ']' in an array")
            }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as its text.
    package mutating func number() throws(JSONError) -> JSONValue {
        let start = position
        func isDigit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard isDigit(position) else { throw fail("expected a digit in a number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if isDigit(position) { throw fail("a number does not start with 0 followed by digits") }
        } else {
            while isDigit(position) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard isDigit(position) else { throw fail("expected a digit after the decimal point") }
            while isDigit(position) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard isDigit(position) else { throw fail("expected a digit in the exponent") }
            while isDigit(position) { position += 1 }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    /// A string, its opening quote at `position`; escapes decoded, UTF-8 checked.
    ///
    /// Escapes are ASCII, so the raw bytes between the quotes are valid UTF-8 exactly when the text is:
    /// they are checked once, where an error's offset is the input's own.
    package mutating func string() throws(JSONError) -> String {
        position += 1
        let start = position
        var escapes = false
        while true {
            guard position < bytes.count else { throw fail("unexpected end of input in a string", at: bytes.count) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { throw fail("a control character (\(describe(byte))) must be escaped in a string") }
            if byte == UInt8(ascii: "\\") {
                escapes = true
                position += 1
            }
            position += 1
        }
        let raw = UnsafeBufferPointer(rebasing: bytes[start..<position])
        if let invalid = firstInvalidUTF8(raw) { throw fail("a string is not valid UTF-8", at: start + invalid) }
        let text = String(decoding: raw, as: UTF8.self)
        guard escapes else {
            position += 1
            return text
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        position = start
        while bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") {
                try escape(into: &decoded)
            } else {
                decoded.append(bytes[position])
                position += 1
            }
        }
        position += 1
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The offset of the first byte of `buffer` that does not begin a valid UTF-8 sequence; nil when all of
    /// it is valid (no overlong forms, no surrogates, nothing above U+10FFFF). By hand rather than with
    /// `String(validating:)`, which Apple platforms have only from macOS 15 and iOS 18.
    package func firstInvalidUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = buffer.count
        while index < count {
            let lead = buffer[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; second = 0xA0...0xBF
            case 0xED: length = 3; second = 0x80...0x9F
            case 0xE1...0xEF: length = 3
            case 0xF0: length = 4; second = 0x90...0xBF
            case 0xF4: length = 4; second = 0x80...0x8F
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + length <= count, second.contains(buffer[index + 1]) else { return index }
            for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(buffer[next]) { return index }
            index += length
        }
        return nil
    }

    /// One escape, its backslash at `position`, appended as UTF-8.
    package mutating func escape(into decoded: inout [UInt8]) throws(JSONError) {
        let start = position
        position += 1
        guard position < bytes.count else { throw fail("unexpected end of input in a string", at: bytes.count) }
        let letter = bytes[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hexQuad()
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by `\u` and a low one: together they are one scalar.
                guard bytes.count - position >= 2, bytes[position] == UInt8(ascii: "\\"),
                      bytes[position + 1] == UInt8(ascii: "u") else {
                    throw fail("a high surrogate escape is not followed by a low surrogate escape", at: start)
                }
                position += 2
                let low = try hexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("a high surrogate escape is not followed by a low surrogate escape", at: start)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw fail("a low surrogate escape without a high surrogate before it", at: start)
            }
            // Every value left is a scalar: surrogates were paired or refused above.
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            UTF8.encode(scalar) { decoded.append($0) }
        default:
            throw fail("unknown escape '\\\(Character(Unicode.Scalar(letter)))'", at: start)
        }
    }

    /// Four hexadecimal digits after `\u`.
    package mutating func hexQuad() throws(JSONError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw fail("expected four hexadecimal digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
