import DayPlan

/// Compact JSON text written token by token into a buffer of its own, for documents too big to build as a
/// `JSONValue` first: a day's export, a report over years. The caller places the commas: `open` starts an
/// object with its first member's name, `member` names each next member, `comma` separates array elements.
package struct JSONTextWriter: ~Copyable {
    package var output: ByteBuffer

    /// An empty text with room for `capacity` bytes before it grows.
    package init(capacity: Int) {
        output = ByteBuffer(capacity: capacity)
    }

    /// The text written so far.
    package var bytes: [UInt8] { output.bytes }

    /// Calls `body` with the text written so far, in the writer's own memory (no copy made).
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try output.withBytes(body)
    }

    /// `{"key":`
    package mutating func open(_ key: StaticString) { output.appendMemberName(key, after: UInt8(ascii: "{")) }

    /// `{"key":` for a key known only at run time.
    package mutating func open(dynamic key: String) {
        output.append(UInt8(ascii: "{"))
        string(key)
        output.append(UInt8(ascii: ":"))
    }

    /// `,"key":`
    package mutating func member(_ key: StaticString) { output.appendMemberName(key, after: UInt8(ascii: ",")) }

    /// `,"key":` for a key known only at run time.
    package mutating func member(dynamic key: String) {
        output.append(UInt8(ascii: ","))
        string(key)
        output.append(UInt8(ascii: ":"))
    }

    /// `}`
    package mutating func close() { output.append(UInt8(ascii: "}")) }
    /// `[`
    package mutating func startArray() { output.append(UInt8(ascii: "[")) }
    /// `]`
    package mutating func endArray() { output.append(UInt8(ascii: "]")) }
    /// `,` between two array elements.
    package mutating func comma() { output.append(UInt8(ascii: ",")) }
    /// An array of `items`, each written by `element`: the brackets, and the commas between them.
    package mutating func array<Items: Sequence>(_ items: Items, _ element: (Items.Element, inout JSONTextWriter) -> Void) {
        startArray()
        var first = true
        for item in items {
            if !first { comma() }
            first = false
            element(item, &self)
        }
        endArray()
    }
    /// A string, escaped as JSON wants.
    package mutating func string(_ text: String) { JSONValue.writeString(text, to: &output, asciiOnly: false) }
    /// A string, or `null`.
    package mutating func string(_ text: String?) {
        if let text { string(text) } else { null() }
    }
    /// Appends `text` as a JSON string to bytes of the caller's, escaped as every other string the writer writes:
    /// for a line of JSON made among other text (lint's findings, one a line).
    package static func appendString(_ text: String, to output: inout [UInt8]) {
        JSONValue.writeString(text, to: &output, asciiOnly: false)
    }
    /// A whole number.
    package mutating func integer(_ value: Int) { output.append(decimal: value) }
    /// A whole number, or `null`.
    package mutating func integer(_ value: Int?) {
        if let value { integer(value) } else { null() }
    }
    /// A number already written as JSON text (`0.7500`).
    package mutating func number(_ text: String) {
        var text = text
        text.withUTF8 { output.append(bytes: $0) }
    }
    /// A number given as its JSON text in UTF-8 bytes, written as it is (no string made for it).
    package mutating func number(utf8 text: UnsafeBufferPointer<UInt8>) { output.append(bytes: text) }
    /// A value, as `JSONValue.serialized()` writes it.
    package mutating func value(_ value: JSONValue) { value.write(into: &output, asciiOnly: false) }
    /// JSON text written before, by another writer (`bytes`), appended as it is: a part made apart, on another
    /// thread or by another function, placed here.
    package mutating func append(written text: [UInt8]) { text.withUnsafeBufferPointer { output.append(bytes: $0) } }
    /// A newline, after the document (JSON Lines end each document with one).
    package mutating func newline() { output.append(UInt8(ascii: "\n")) }
    /// `true` or `false`.
    package mutating func bool(_ value: Bool) { literal(value ? "true" : "false") }
    /// `null`
    package mutating func null() { literal("null") }
    /// JSON text written as it is.
    package mutating func literal(_ text: StaticString) { output.append(literal: text) }

    /// `"YYYY-MM-DD"`, or `null`.
    package mutating func day(_ day: Day?) {
        guard let day else { null(); return }
        output.append(UInt8(ascii: "\""))
        day.write(to: &output)
        output.append(UInt8(ascii: "\""))
    }
}
