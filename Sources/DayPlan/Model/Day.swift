/// A calendar day in the proleptic Gregorian calendar, written `YYYY-MM-DD` (years 0000 to 9999).
///
/// Day files are named by their day, and metadata such as `@from:` and `@expires:` hold days.
/// It is a plain value with no time zone: turning "now" into a day is the caller's job.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Year, month and day in one number (`year << 9 | month << 5 | day`): four bytes a day, in date order.
    private let packed: UInt32

    /// The year, 0 to 9999.
    public var year: Int { Int(packed >> 9) }
    /// The month, 1 to 12.
    public var month: Int { Int((packed >> 5) & 0xF) }
    /// The day of the month, 1 to 31.
    public var day: Int { Int(packed & 0x1F) }

    /// Makes a day, or nil when the three numbers do not name a real date.
    public init?(year: Int, month: Int, day: Int) {
        guard (0...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= Day.length(ofMonth: month, in: year) else { return nil }
        packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
    }

    /// Reads exactly `YYYY-MM-DD`; nil for anything else, including `2026-02-30`.
    public init?(_ text: some StringProtocol) {
        self.init(utf8: text.utf8)
    }

    /// Reads exactly `YYYY-MM-DD` from a `String`: not generic, for the same reason as `isFileName`.
    public init?(_ text: String) {
        guard let day = text.utf8.withContiguousStorageIfAvailable({ Day(utf8: $0) }) ?? Day(utf8: text.utf8) else { return nil }
        self = day
    }

    /// Reads exactly `YYYY-MM-DD` from UTF-8 bytes.
    package init?<Bytes: Collection<UInt8>>(utf8 text: Bytes) {
        guard text.count == 10 else { return nil }
        // Read where the bytes are when they are in one piece (a file's bytes, a path's), with no copy.
        let read = text.withContiguousStorageIfAvailable(Day.init(tenBytes:)) ?? Array(text).withUnsafeBufferPointer(Day.init(tenBytes:))
        guard let read else { return nil }
        self = read
    }

    /// Reads `YYYY-MM-DD` from exactly ten bytes.
    private init?(tenBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<(from + count) {
                let digit = Int(bytes[i]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let y = number(0, 4), let m = number(5, 2), let d = number(8, 2) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The day as `YYYY-MM-DD`.
    public var description: String {
        if (0..<10000).contains(year) {
            // Written on the stack by `write(to:)` (a report writes a day thousands of times).
            let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { text -> String? in
                guard let base = text.baseAddress else { return nil }
                var sink = FixedBytes(base: base)
                write(to: &sink)
                return String(decoding: UnsafeBufferPointer(start: base, count: sink.count), as: UTF8.self)
            }
            if let text { return text }
        }
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// The day `count` days later (or earlier, when negative).
    public func adding(days count: Int) -> Day {
        Day(daysSinceEpoch: daysSinceEpoch + count)
    }

    /// Appends `YYYY-MM-DD` as bytes.
    package func write<Sink: ByteSink & ~Copyable>(to output: inout Sink) {
        Day.write(year, digits: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        Day.write(month, digits: 2, to: &output)
        output.append(UInt8(ascii: "-"))
        Day.write(day, digits: 2, to: &output)
    }

    /// Appends `value` in decimal with exactly `digits` digits.
    private static func write<Sink: ByteSink & ~Copyable>(_ value: Int, digits: Int, to output: inout Sink) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            output.append(UInt8(48 + (value / divisor) % 10))
            divisor /= 10
        }
    }

    /// Whole days from `self` to `other`: positive when `other` is later.
    public func days(until other: Day) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// Whether a file name has a day file's shape, `NNNN-NN-NN.md`, real date or not: what tools search
    /// folders for (and what lint checks against the day heading).
    public static func isFileName(_ name: some StringProtocol) -> Bool {
        isFileName(utf8: name.utf8)
    }

    /// The day a path's file name gives (`plans/2026/2026-11-21.md` gives 2026-11-21): nil when the name is
    /// not a day file's (`YYYY-MM-DD.md`) or not a real date. Reads bytes: commands call it once a file.
    public init?(fileNameOf path: String) {
        // On the path's own bytes: every file of an archive is named so, and a view of them would be made for each
        // name.
        var path = path
        let found = path.withUTF8 { bytes -> Day? in
            let name = UnsafeBufferPointer(rebasing: bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...])
            guard Day.isFileName(utf8: name) else { return nil }
            return Day(utf8: name.prefix(10))
        }
        guard let found else { return nil }
        self = found
    }

    /// The last component of a path: `2026-11-21.md` of `plans/2026/2026-11-21.md`.
    package static func fileName(ofPath path: String) -> Substring {
        var bytes = path
        let start = bytes.withUTF8 { ($0.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1 }
        return Substring(path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: start)...])
    }

    /// `isFileName` for a `String`: not generic, so that other modules (the command, listing thousands of
    /// files) call code specialised for it.
    public static func isFileName(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable { isFileName(utf8: $0) } ?? isFileName(utf8: name.utf8)
    }

    package static func isFileName(utf8 name: some Collection<UInt8>) -> Bool {
        guard name.count == 13 else { return false }
        for (index, byte) in zip(0..., name) {
            let fits = switch index {
            case 4, 7: byte == UInt8(ascii: "-")
            case 10: byte == UInt8(ascii: ".")
            case 11: byte == UInt8(ascii: "m")
            case 12: byte == UInt8(ascii: "d")
            default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
            if !fits { return false }
        }
        return true
    }

    /// The file name of this day's plan: `YYYY-MM-DD.md`.
    public var fileName: String { description + ".md" }

    /// Earlier days first.
    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.packed < rhs.packed }

    package static func length(ofMonth month: Int, in year: Int) -> Int {
        CivilDays.length(ofMonth: month, in: year)
    }

    /// Days since 1970-01-01 (`CivilDays`, which the calendar reader counts with too).
    package var daysSinceEpoch: Int {
        CivilDays.number(year: year, month: month, day: day)
    }

    /// Clamps to the representable range, 0000-01-01 to 9999-12-31.
    package init(daysSinceEpoch: Int) {
        let (y, m, d) = CivilDays.date(min(max(daysSinceEpoch, -719_528), 2_932_896))
        packed = UInt32(y) << 9 | UInt32(m) << 5 | UInt32(d)
    }
}

/// Bytes written into memory known to have room for them: a day's ten, on the stack.
private struct FixedBytes: ByteSink {
    package let base: UnsafeMutablePointer<UInt8>
    package var count = 0

    package mutating func append(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    package mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { append(byte) }
    }
}
