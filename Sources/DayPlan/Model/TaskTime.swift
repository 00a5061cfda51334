/// When a task is planned in the day: `09:00` or `09:00 - 10:00` at the start of its title (FORMAT.md).
///
/// The form Obsidian Day Planner writes. The time stays part of the title, written canonically (two-digit
/// hours, ` - ` between a range's ends); the parser reads `9:00`, `09:00-10:00` and an en dash too.
public struct TaskTime: Hashable, Sendable, CustomStringConvertible {
    /// Minutes since midnight it starts (0..<1440).
    public var start: Int
    /// Minutes since midnight it ends, when a range is written (after start; 24:00 = 1440 allowed as an end).
    public var end: Int?

    /// Makes a time; `end`, when given, is after `start`.
    public init(start: Int, end: Int? = nil) {
        self.start = start
        self.end = end
    }

    /// How long a range lasts, in minutes; nil for a start time alone.
    public var length: Int? { end.map { $0 - start } }

    /// The canonical spelling: `09:00` or `09:00 - 10:00`.
    public var description: String {
        var text: [UInt8] = []
        write(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the canonical spelling.
    func write(to output: inout [UInt8]) {
        TaskTime.writeClock(start, to: &output)
        if let end {
            output.append(contentsOf: " - ".utf8)
            TaskTime.writeClock(end, to: &output)
        }
    }

    /// `HH:MM` of `minutes` since midnight.
    public static func clockText(_ minutes: Int) -> String {
        var text: [UInt8] = []
        writeClock(minutes, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// The minutes since midnight of a clock written `HH:MM` or `H:MM` (`09:05`, `9:05`), 00:00 to 23:59;
    /// nil for anything else (a range, `9am`).
    public static func clockMinutes(_ text: some StringProtocol) -> Int? {
        var text = String(text)
        return text.withUTF8 { bytes in
            guard case .time(let time, let length, _)? = read(bytes, from: 0, to: bytes.count),
                  length == bytes.count, time.end == nil else { return nil }
            return time.start
        }
    }

    package static func writeClock(_ minutes: Int, to output: inout [UInt8]) {
        let hours = minutes / 60, rest = minutes % 60
        let zero = UInt8(ascii: "0")
        output.append(zero + UInt8(truncatingIfNeeded: hours / 10 % 10))
        output.append(zero + UInt8(truncatingIfNeeded: hours % 10))
        output.append(UInt8(ascii: ":"))
        output.append(zero + UInt8(truncatingIfNeeded: rest / 10))
        output.append(zero + UInt8(truncatingIfNeeded: rest % 10))
    }

    /// What the start of a title holds that looks like a time.
    package enum Leading: Equatable {
        /// A time, written in `length` bytes; `canonical` when they are its canonical spelling.
        case time(TaskTime, length: Int, canonical: Bool)
        /// Text that looks like a time but is none (`25:00`, `09:00 - 08:00`), `length` bytes, and why.
        case malformed(length: Int, reason: String)

        /// The time, if it is one.
        package var time: TaskTime? {
            if case .time(let time, _, _) = self { time } else { nil }
        }
    }

    /// The leading time of a title, read as the parser reads it; nil when the title starts with none.
    package static func leading(in title: String) -> Leading? {
        guard let first = title.utf8.first, first &- UInt8(ascii: "0") < 10 else { return nil }
        var title = title
        return title.withUTF8 { read($0, from: 0, to: $0.count) }
    }

    /// Reads the time-looking text that starts at `start` (a title's first byte), up to `end`: a clock
    /// (`H:MM` or `HH:MM`) ending at a blank or the end, or a range of two clocks joined by `-` or an en dash,
    /// with or without blanks around it. Nil when no such text starts there.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Leading? {
        guard let (first, afterFirst) = clock(bytes, start, end) else { return nil }
        func endsWord(_ i: Int) -> Bool { i == end || bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") }
        var i = afterFirst
        while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        var range: (clock: Int, start: Int, after: Int)?
        if i < end, bytes[i] == UInt8(ascii: "-") {
            i += 1
        } else if i + 2 < end, bytes[i] == 0xE2, bytes[i + 1] == 0x80, bytes[i + 2] == 0x93 {
            i += 3
        } else {
            i = -1
        }
        if i >= 0 {
            while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
            if let (second, after) = clock(bytes, i, end), endsWord(after) { range = (second, i, after) }
        }
        guard range != nil || endsWord(afterFirst) else { return nil }
        let length = (range?.after ?? afterFirst) - start
        func text(_ minutes: Int) -> String { clockText(minutes) }
        func written(_ from: Int, _ to: Int) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self) }
        guard first < 24 * 60 else {
            return .malformed(length: length, reason: "its hour or minute is out of range (00:00 to 23:59)")
        }
        var time = TaskTime(start: first)
        if let range {
            guard range.clock <= 24 * 60 else {
                return .malformed(length: length, reason: "its end `\(written(range.start, range.after))` is out of range (00:00 to 24:00)")
            }
            guard range.clock > first else {
                return .malformed(length: length, reason: range.clock == first
                    ? "the range ends when it starts; write one time, or an end after \(text(first))"
                    : "the range ends at \(text(range.clock)), before it starts at \(text(first)); write the end after the start")
            }
            time.end = range.clock
        }
        var canonical: [UInt8] = []
        time.write(to: &canonical)
        let same = canonical.count == length && canonical.indices.allSatisfy { canonical[$0] == bytes[start + $0] }
        return .time(time, length: length, canonical: same)
    }

    /// A clock `H:MM` or `HH:MM` at `i`: its minutes since midnight (hours up to 99 and minutes up to 99, for
    /// the caller to judge) and where it ends. Nil when none stands there or a digit or `:` follows it.
    private static func clock(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> (Int, Int)? {
        func digit(_ at: Int) -> Int? {
            guard at < end else { return nil }
            let value = bytes[at] &- UInt8(ascii: "0")
            return value < 10 ? Int(value) : nil
        }
        guard var hours = digit(i) else { return nil }
        var at = i + 1
        if let second = digit(at) {
            hours = hours * 10 + second
            at += 1
        }
        guard at < end, bytes[at] == UInt8(ascii: ":"), let tens = digit(at + 1), let ones = digit(at + 2) else { return nil }
        at += 3
        if at < end, digit(at) != nil || bytes[at] == UInt8(ascii: ":") { return nil }
        guard tens < 6 else { return (24 * 60 * 100, at) }
        return (hours * 60 + tens * 10 + ones, at)
    }
}

/// A length of time as `@est:` writes it: `45m`, `1h30m`, `2h`.
public enum Estimate {
    /// The longest estimate read: 99 hours 59 minutes.
    public static let longest = 99 * 60 + 59

    /// The minutes `text` says (`45m`, `90m`, `1h30m`, `2h`, in any case), more than 0 and at most `longest`;
    /// nil when it is not a length of time.
    public static func minutes<Bytes: Collection<UInt8>>(in text: Bytes) -> Int? {
        var total = 0, number = -1, sawHours = false, sawMinutes = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number = max(number, 0) * 10 + Int(byte - UInt8(ascii: "0"))
                if number > longest { return nil }
            case UInt8(ascii: "h"), UInt8(ascii: "H"):
                guard number >= 0, !sawHours, !sawMinutes, number <= 99 else { return nil }
                total += number * 60
                sawHours = true
                number = -1
            case UInt8(ascii: "m"), UInt8(ascii: "M"):
                guard number >= 0, !sawMinutes, !sawHours || number < 60 else { return nil }
                total += number
                sawMinutes = true
                number = -1
            default:
                return nil
            }
        }
        guard number < 0, sawHours || sawMinutes, total > 0, total <= longest else { return nil }
        return total
    }

    /// The canonical spelling of `minutes`: `45m`, `1h30m`, `2h`.
    public static func text(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
    }
}
