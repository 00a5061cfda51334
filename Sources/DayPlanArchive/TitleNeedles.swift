import DayPlan

/// Runs of bytes that a day file holds, as written, if it holds a task of a given title (`PlanTask.identity`: the
/// title, compared as Swift compares strings): a file without one of them holds no task of the title, so that the
/// files that may hold one are found among thousands without parsing them (`NewestTasks`).
///
/// A title is its line's words, each as written, one space apart, with its `@key:value` words taken out and a
/// leading time written canonically (`TaskTime`); and a title of the same identity may be spelled otherwise, so
/// long as it is canonically equivalent. The runs are therefore taken within single words (no space, no tab), not
/// from a leading time's words (the first of a title starting with a digit, or three when the second is `-`), and
/// of ASCII alone, without the
/// three ASCII characters that a character beyond ASCII is canonically equivalent to (`K`, U+212A KELVIN SIGN;
/// `;`, U+037E; `` ` ``, U+1FEF) and without an ASCII character right before a byte beyond ASCII (it may be the
/// base of a combining sequence, which a precomposed character spells otherwise). Every other ASCII character of
/// a title stands, in any canonically equivalent spelling, as itself beside the same neighbours.
public struct TitleNeedles: Sendable {
    /// The runs, longest first: a file holding a task of the title holds each of them.
    public let runs: [[UInt8]]

    /// The shortest longest run that is worth looking for: a shorter one is in nearly every file.
    public static let shortest = 4

    /// The runs of the title `title` (its UTF-8 bytes); nil when none is `shortest` bytes or more, so that nearly
    /// every file would have to be parsed anyway.
    public init?(title: some Collection<UInt8>) {
        let bytes = Array(title)
        let space = UInt8(ascii: " ")
        var start = 0
        if let first = bytes.first, first &- UInt8(ascii: "0") < 10 {
            // A leading time is held canonically (`09:00`, `09:00 - 10:30`), whatever its spelling in the file.
            func skipWord() {
                while start < bytes.count, bytes[start] != space { start += 1 }
                if start < bytes.count { start += 1 }
            }
            skipWord()
            if bytes[start...].starts(with: [UInt8(ascii: "-"), space]) {
                skipWord()
                skipWord()
            }
        }
        var runs: [[UInt8]] = []
        var run: [UInt8] = []
        for index in start..<bytes.count {
            let byte = bytes[index]
            let stands = byte < 0x80 && byte != space && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "K")
                && byte != UInt8(ascii: ";") && byte != UInt8(ascii: "`") && (index + 1 == bytes.count || bytes[index + 1] < 0x80)
            if stands {
                run.append(byte)
            } else if !run.isEmpty {
                runs.append(run)
                run = []
            }
        }
        if !run.isEmpty { runs.append(run) }
        // Longest first (the likeliest to be missing from a file), in title order among equals.
        runs = runs.filter { $0.count >= 2 }.enumerated()
            .sorted { $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset }
            .map(\.element)
        guard let longest = runs.first, longest.count >= TitleNeedles.shortest else { return nil }
        self.runs = runs
    }

    /// Whether `bytes` (a day file) hold every run: false tells that they hold no task of the title.
    public func mayBeHeld(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        runs.allSatisfy { run in run.withUnsafeBufferPointer { TitleNeedles.contains($0, in: bytes) } }
    }

    /// Whether `needle` stands anywhere in `haystack`: eight places at a time, a place kept when its first and
    /// last bytes are the needle's, then compared whole.
    static func contains(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = needle.count
        guard count > 0 else { return true }
        guard count <= haystack.count, let base = haystack.baseAddress, let target = needle.baseAddress else { return false }
        let first = everyByte(target[0]), last = everyByte(target[count - 1])
        func eight(_ at: Int) -> UInt64 { UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)) }
        var i = 0
        while i + count - 1 + 8 <= haystack.count {
            var places = zeroBytes(eight(i) ^ first) & zeroBytes(eight(i + count - 1) ^ last)
            while places != 0 {
                if memoryEqual(base + i + places.trailingZeroBitCount / 8, target, count) { return true }
                places &= places &- 1
            }
            i += 8
        }
        while i + count <= haystack.count {
            if memoryEqual(base + i, target, count) { return true }
            i += 1
        }
        return false
    }
}
