/// A hash of a stream of bytes, eight at a time (multiply and shift, after FNV and splitmix): the same bytes
/// hash the same however they are handed over.
package struct ByteHasher {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private var pending: UInt64 = 0
    private var count = 0

    private mutating func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 32
    }

    /// Adds one byte.
    package mutating func add(_ byte: UInt8) {
        pending |= UInt64(byte) << UInt64((count & 7) * 8)
        count += 1
        if count & 7 == 0 {
            mix(pending)
            pending = 0
        }
    }

    /// Adds `bytes` to a hasher given nothing yet, and tells whether they are all ASCII (if not, the hash is
    /// of no use).
    package mutating func addASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        precondition(count == 0)
        var high: UInt64 = 0, i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            high |= word
            mix(word)
            i += 8
        }
        count = i
        while i < bytes.count {
            high |= UInt64(bytes[i])
            add(bytes[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The hash of `bytes`, as adding them one by one to a new hasher gives it.
    package static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = ByteHasher()
        _ = hasher.addASCII(bytes)
        return hasher.finish()
    }

    /// The hash of every byte added.
    package func finish() -> Int {
        var copy = self
        copy.mix(pending)
        copy.mix(UInt64(count))
        return Int(truncatingIfNeeded: copy.hash)
    }
}
