import Testing
@testable import DayPlan

/// The eight-bytes-at-a-time helpers the hot paths share.
@Suite struct EightBytesTests {
    /// `zeroBytes` flags exactly the zero bytes of a word and `flaggedByteCount` counts them: every set of
    /// places for the zero bytes, each other byte drawn from the 255 others.
    @Test func zeroBytesAreFlaggedAndCounted() {
        var random = SeededGenerator(seed: 8)
        for places in 0..<256 {
            for _ in 0..<16 {
                var word: UInt64 = 0, expectedFlags: UInt64 = 0
                for k in 0..<8 {
                    if places & (1 << k) != 0 {
                        expectedFlags |= 0x80 << (8 * UInt64(k))
                    } else {
                        word |= UInt64(1 + random.next(255)) << (8 * UInt64(k))
                    }
                }
                #expect(zeroBytes(word) == expectedFlags, "word \(String(word, radix: 16))")
                #expect(flaggedByteCount(zeroBytes(word)) == places.nonzeroBitCount)
            }
        }
    }
}
