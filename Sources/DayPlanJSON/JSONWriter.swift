import DayPlan

extension JSONValue {
    /// The value as compact JSON text (no white space between tokens), UTF-8 encoded.
    ///
    /// Strings escape `"`, `\` and every control character below U+0020 (`\n`, `\t` and the like by name,
    /// the rest as `\u00XX`). With `asciiOnly`, every character beyond ASCII is written as a `\uXXXX` escape
    /// too, those beyond U+FFFF as a surrogate pair (`😀` is `\uD83D\uDE00`), for channels that are not
    /// 8-bit clean. Numbers are written as their text; members in their order.
    package func serialized(asciiOnly: Bool = false) -> [UInt8] {
        // Into a buffer of its own (`ByteBuffer`): a report over years writes megabytes.
        var buffer = ByteBuffer(capacity: 4096)
        write(into: &buffer, asciiOnly: asciiOnly)
        return buffer.bytes
    }

    /// The value as compact JSON text in a `String`.
    package func jsonText(asciiOnly: Bool = false) -> String {
        String(decoding: serialized(asciiOnly: asciiOnly), as: UTF8.self)
    }

    /// Appends the value's JSON text to `output`.
    package func write(to output: inout [UInt8], asciiOnly: Bool = false) {
        write(into: &output, asciiOnly: asciiOnly)
    }

    /// Appends the value's JSON text to any sink.
    package func write<Sink: ByteSink & ~Copyable>(into output: inout Sink, asciiOnly: Bool) {
        switch self {
        case .null: output.append(literal: "null")
        case .bool(let value): output.append(literal: value ? "true" : "false")
        case .number(let text):
            var text = text
            text.withUTF8 { output.append(bytes: $0) }
        case .string(let text): JSONValue.writeString(text, to: &output, asciiOnly: asciiOnly)
        case .array(let elements):
            // By index, each element written in place rather than copied out.
            output.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                elements[index].write(into: &output, asciiOnly: asciiOnly)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(members[index].key, to: &output, asciiOnly: asciiOnly)
                output.append(UInt8(ascii: ":"))
                members[index].value.write(into: &output, asciiOnly: asciiOnly)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a string literal, quoted and escaped.
    package static func writeString<Sink: ByteSink & ~Copyable>(_ text: String, to output: inout Sink, asciiOnly: Bool) {
        output.append(UInt8(ascii: "\""))
        if asciiOnly {
            for unit in text.utf16 {
                if unit >= 0x80 { writeUnicodeEscape(unit, to: &output) } else { writeEscaped(UInt8(unit), to: &output) }
            }
        } else {
            var text = text
            text.withUTF8 { writeEscaped(utf8: $0, to: &output) }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends valid UTF-8 text as a string literal's content, quotes not included. Bytes of 0x80 and above are
    /// parts of multi-byte characters, written as they are; runs that need no escape are copied whole.
    package static func writeEscaped<Sink: ByteSink & ~Copyable>(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout Sink) {
        var runStart = 0
        var index = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while index < bytes.count {
            // Eight bytes at a time past those that need no escape, nearly all of them.
            if index + 8 <= bytes.count,
               bytesJSONEscapes(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))) == 0 {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C {
                output.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                writeEscaped(byte, to: &output)
                runStart = index + 1
            }
            index += 1
        }
        output.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// Appends one byte of a string, escaped when JSON requires it.
    private static func writeEscaped<Sink: ByteSink & ~Copyable>(_ byte: UInt8, to output: inout Sink) {
        let letter: UInt8
        switch byte {
        case UInt8(ascii: "\""): letter = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): letter = UInt8(ascii: "\\")
        case 0x0A: letter = UInt8(ascii: "n")
        case 0x0D: letter = UInt8(ascii: "r")
        case 0x09: letter = UInt8(ascii: "t")
        case 0x08: letter = UInt8(ascii: "b")
        case 0x0C: letter = UInt8(ascii: "f")
        case 0..<0x20: writeUnicodeEscape(UInt16(byte), to: &output); return
        default: output.append(byte); return
        }
        output.append(UInt8(ascii: "\\"))
        output.append(letter)
    }

    /// Appends `\uXXXX` for one UTF-16 code unit, in upper-case hexadecimal.
    private static func writeUnicodeEscape<Sink: ByteSink & ~Copyable>(_ unit: UInt16, to output: inout Sink) {
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: unit >> UInt16(shift)) & 0xF
            output.append(digit < 10 ? 48 + digit : 55 + digit)
        }
    }
}
