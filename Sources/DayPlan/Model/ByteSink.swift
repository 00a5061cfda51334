/// Somewhere bytes are appended (a day as text, JSON text), a byte at a time or a run at a time: a `[UInt8]`, or a `ByteBuffer`.
package protocol ByteSink: ~Copyable {
    /// Appends one byte.
    mutating func append(_ byte: UInt8)
    /// Appends a run of bytes.
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteSink where Self: ~Copyable {
    /// Appends the bytes of a literal (`null`, `true`).
    package mutating func append(literal: StaticString) {
        append(bytes: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

extension Array: ByteSink where Element == UInt8 {
    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
