// Bytes eight at a time (SWAR): a word holds eight bytes, the first one lowest.

/// A word of eight `byte`s.
@inlinable @inline(__always) package func everyByte(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

/// The high bit of each byte of `word` that is zero, and no other bit. Exact for every byte (no borrow runs
/// from one byte into the next), so the flags can be shifted and combined.
@inlinable @inline(__always) package func zeroBytes(_ word: UInt64) -> UInt64 {
    ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
}

/// How many bytes `flags` (as `zeroBytes` gives them: the high bit of a byte, or nothing) flags, summed by one
/// multiplication (Swift's baseline x86-64 has no POPCNT for `nonzeroBitCount`).
@inlinable @inline(__always) package func flaggedByteCount(_ flags: UInt64) -> Int {
    Int(((flags >> 7) &* 0x0101_0101_0101_0101) >> 56)
}

/// The number eight ASCII digits in `word` (the first one lowest, as read from memory) write, nil when a byte
/// is no digit: the digits paired, the pairs paired, then the halves joined, in three multiplications.
@inlinable @inline(__always) package func eightDigits(_ word: UInt64) -> Int? {
    // Each byte 0x30 to 0x39: its high half 3, and still 3 once 6 is added (0x3A to 0x3F become 0x40 and more).
    guard word & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
          (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030 else { return nil }
    var value = word &- 0x3030_3030_3030_3030
    value = (value &* 10 &+ (value >> 8)) & 0x00FF_00FF_00FF_00FF
    value = (value &* 100 &+ (value >> 16)) & 0x0000_FFFF_0000_FFFF
    value = (value &* 10000 &+ (value >> 32)) & 0xFFFF_FFFF
    return Int(value)
}

/// Where the first `byte` at or after `start` stands in `bytes`, or `bytes.count` when none does: eight bytes
/// at a time.
@inlinable package func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    if let base = bytes.baseAddress {
        let pattern = everyByte(byte)
        while i + 8 <= bytes.count {
            let found = zeroBytes(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ pattern)
            if found != 0 { return i + found.trailingZeroBitCount / 8 }
            i += 8
        }
    }
    while i < bytes.count, bytes[i] != byte { i += 1 }
    return i
}

/// Where the first byte beyond ASCII (0x80 or more) at or after `start` stands in `bytes`, or `bytes.count`
/// when none does: eight bytes at a time.
@inlinable package func firstNonASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    if let base = bytes.baseAddress {
        while i + 8 <= bytes.count {
            let high = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) & 0x8080_8080_8080_8080
            if high != 0 { return i + high.trailingZeroBitCount / 8 }
            i += 8
        }
    }
    while i < bytes.count, bytes[i] < 0x80 { i += 1 }
    return i
}

/// Whether two byte arrays are equal, eight bytes at a time: `==` on arrays compares them one element at a
/// time, and a file is compared with its canonical form on every `fmt --check` and merge.
@inlinable package func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
            guard let first = x.baseAddress, let second = y.baseAddress else { return true }
            return memoryEqual(first, second, x.count)
        }
    }
}

/// `sameBytes(_:_:)` of two runs of bytes (lines of two files, say).
@inlinable package func sameBytes(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
            guard let first = x.baseAddress, let second = y.baseAddress else { return true }
            return memoryEqual(first, second, x.count)
        }
    }
}

/// Whether `count` bytes at `a` and at `b` are equal.
@inlinable @inline(__always) package func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i + 8 <= count {
        if UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self) {
            return false
        }
        i += 8
    }
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}

/// The high bit of each byte of `word` that JSON must escape in a string (below 0x20, `"` or `\`).
@inlinable @inline(__always) package func bytesJSONEscapes(_ word: UInt64) -> UInt64 {
    zeroBytes(word & everyByte(0xE0)) | zeroBytes(word ^ everyByte(UInt8(ascii: "\""))) | zeroBytes(word ^ everyByte(UInt8(ascii: "\\")))
}
