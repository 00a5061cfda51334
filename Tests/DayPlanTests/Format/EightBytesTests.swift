import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

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

    /// `eightDigits` reads eight digits as the plain digit-by-digit reading does, and refuses a word with any
    /// byte that is no digit: words of digits, and words with one to eight bytes drawn from all 256 (those next
    /// to the digits most often: `/`, `:`, and digits with the high bit set).
    @Test func eightDigitsAreReadAsOneByOne() {
        var random = SeededGenerator(seed: 88)
        let near: [UInt8] = [0x2F, 0x3A, 0x3F, 0x40, 0x20, 0xB0, 0xB9, 0x00, 0xFF, 0x0A, 0x39 + 6, 0x30 - 6]
        for round in 0..<20_000 {
            var bytes = (0..<8).map { _ in UInt8(0x30 + random.next(10)) }
            if round % 2 == 1 {
                for _ in 0...random.next(8) {
                    bytes[random.next(8)] = random.next(2) == 0 ? near[random.next(near.count)] : UInt8(random.next(256))
                }
            }
            var plain: Int? = 0
            for byte in bytes {
                guard let sum = plain, (0x30...0x39).contains(byte) else { plain = nil; break }
                plain = sum * 10 + Int(byte - 0x30)
            }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            #expect(eightDigits(word) == plain, "\(bytes)")
        }
        #expect(eightDigits(0x3939_3939_3939_3939) == 99_999_999)
        #expect(eightDigits(0x3132_3131_3632_3032) == 20_261_121)
    }
}
