import DayPlan

/// Bytes appended to memory of its own that doubles when full, with no uniqueness check per byte as an
/// array's append makes. Export writes a day's JSON into one.
package struct ByteBuffer: ~Copyable, ByteSink {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are in it.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it first grows.
    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: byte)
        count += 1
    }

    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends `lead"name":`, a JSON member's name that needs no escaping after `{` or `,`, with one check
    /// for room (export writes some twenty of these a task).
    @inline(__always)
    package mutating func appendMemberName(_ name: StaticString, after lead: UInt8) {
        let length = name.utf8CodeUnitCount
        if count + length + 4 > capacity { grow(toHold: count + length + 4) }
        let target = base + count
        target.initialize(to: lead)
        (target + 1).initialize(to: UInt8(ascii: "\""))
        (target + 2).initialize(from: name.utf8Start, count: length)
        (target + 2 + length).initialize(to: UInt8(ascii: "\""))
        (target + 3 + length).initialize(to: UInt8(ascii: ":"))
        count += length + 4
    }

    /// Appends what `write` writes into room for at most `count` bytes, given where to write; it returns how
    /// many it wrote. One check for room for a run built byte by byte.
    @inline(__always)
    package mutating func append(atMost count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if self.count + count > capacity { grow(toHold: self.count + count) }
        self.count += write(base + self.count)
    }

    /// Appends `value` in decimal.
    package mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var digits = 1, rest = value.magnitude
        while rest >= 10 { rest /= 10; digits += 1 }
        if count + digits > capacity { grow(toHold: count + digits) }
        rest = value.magnitude
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            (base + count + offset).initialize(to: UInt8(48 + rest % 10))
            rest /= 10
        }
        count += digits
    }

    private mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// The bytes, as an array.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Calls `body` with the bytes where they are.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
