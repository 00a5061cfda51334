/// One content line of an iCalendar file (RFC 5545 §3.1), unfolded: `NAME;PARAM=VALUE:value`.
struct ContentLine {
    /// The property or component name, upper-cased (`DTSTART`, `BEGIN`).
    var name: String
    /// The parameters, names upper-cased, values unquoted (`TZID` → `Europe/Berlin`).
    var parameters: [String: String]
    /// The value, as written (escapes are undone by the reader of each value type).
    var value: String
    /// The 1-based line it starts on.
    var line: Int

    /// The content lines of `bytes`: physical lines ending in LF or CRLF, a line starting with a space or a tab
    /// continuing the one before. Calls `problem` for a line that is no content line (no `:`), and skips it.
    /// Linear in the bytes: each byte is looked at a bounded number of times.
    static func read(_ bytes: [UInt8], each: (ContentLine) -> Void, problem: (Int, String) -> Void) {
        var current: [UInt8] = []
        var currentLine = 0
        func flush() {
            defer { current.removeAll(keepingCapacity: true) }
            guard !current.isEmpty else { return }
            if let line = parse(current, line: currentLine) {
                each(line)
            } else {
                let text = String(decoding: current.prefix(40), as: UTF8.self)
                problem(currentLine, "`\(text)\(current.count > 40 ? "…" : "")` is no content line (NAME:value); skipped")
            }
        }
        var start = 0, number = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var stop = end
            if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
            if stop > start, bytes[start] == 0x20 || bytes[start] == 0x09, !current.isEmpty {
                current.append(contentsOf: bytes[(start + 1)..<stop])
            } else {
                flush()
                current.append(contentsOf: bytes[start..<stop])
                currentLine = number
            }
            start = end + 1
        }
        flush()
    }

    /// Reads one unfolded line; nil when it has no name or no `:`.
    static func parse(_ bytes: [UInt8], line: Int) -> ContentLine? {
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), quote = UInt8(ascii: "\""), equals = UInt8(ascii: "=")
        var index = 0
        while index < bytes.count, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
        guard index > 0, index < bytes.count else { return nil }
        let name = upperCased(bytes[..<index])
        var parameters: [String: String] = [:]
        while index < bytes.count, bytes[index] == semicolon {
            index += 1
            let nameStart = index
            while index < bytes.count, bytes[index] != equals, bytes[index] != colon, bytes[index] != semicolon { index += 1 }
            let parameter = upperCased(bytes[nameStart..<index])
            guard index < bytes.count else { return nil }
            guard bytes[index] == equals else { continue }
            index += 1
            var value: [UInt8] = []
            var quoted = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == quote { quoted.toggle() } else if !quoted, byte == colon || byte == semicolon { break } else { value.append(byte) }
                index += 1
            }
            parameters[parameter] = String(decoding: value, as: UTF8.self)
        }
        guard index < bytes.count, bytes[index] == colon else { return nil }
        return ContentLine(name: name, parameters: parameters, value: String(decoding: bytes[(index + 1)...], as: UTF8.self), line: line)
    }

    /// A name upper-cased, without the cost of Unicode case mapping when it is ASCII already upper-case (as
    /// names almost always are).
    private static func upperCased(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(where: { $0 >= 0x61 }) ? text.uppercased() : text
    }

    /// A TEXT value unescaped (§3.3.11): `\\` `\;` `\,` and `\n` or `\N` (a line break).
    static func text(_ value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "\\")) else { return value }
        var result = "", escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}

/// A DATE or DATE-TIME value as written: a day, or a wall-clock time in UTC, in a named zone, or floating.
enum CalendarTime: Hashable {
    /// A DATE: day number (`CivilDays`).
    case date(Int)
    /// A DATE-TIME: seconds on the wall clock (`CivilDays` counting) and the zone it is read in.
    case dateTime(Int, Zone)

    /// Where a DATE-TIME's wall clock hangs.
    enum Zone: Hashable {
        /// No zone: the same wall-clock time in every zone (the local one).
        case floating
        /// `Z`: UTC.
        case utc
        /// `TZID=…`.
        case named(String)
    }

    /// Reads `value` with `parameters` (`VALUE=DATE`, `TZID`); nil when it is neither `YYYYMMDD` nor
    /// `YYYYMMDDTHHMMSS` with an optional `Z`.
    init?(_ value: some StringProtocol, parameters: [String: String]) {
        let bytes = Array(value.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var result = 0
            for byte in bytes[from..<(from + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                result = result * 10 + Int(byte - 0x30)
            }
            return result
        }
        guard let year = number(0, 4), let month = number(4, 2), let day = number(6, 2),
              (1...12).contains(month), (1...CivilDays.length(ofMonth: month, in: year)).contains(day) else { return nil }
        let dayNumber = CivilDays.number(year: year, month: month, day: day)
        if bytes.count == 8 {
            self = .date(dayNumber)
            return
        }
        guard parameters["VALUE"]?.uppercased() != "DATE", bytes.count == 15 || bytes.count == 16, bytes[8] == UInt8(ascii: "T"),
              let hour = number(9, 2), let minute = number(11, 2), let second = number(13, 2),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let wall = dayNumber * CivilDays.secondsPerDay + hour * 3600 + minute * 60 + min(second, 59)
        if bytes.count == 16 {
            guard bytes[15] == UInt8(ascii: "Z") else { return nil }
            self = .dateTime(wall, .utc)
        } else if var zone = parameters["TZID"], !zone.isEmpty {
            // A TZID starting with `/` is "globally unique" (§3.2.19): the rest is the name.
            if zone.hasPrefix("/") { zone.removeFirst() }
            self = .dateTime(wall, .named(zone))
        } else {
            self = .dateTime(wall, .floating)
        }
    }

    /// Whether it is a DATE.
    var isDate: Bool { if case .date = self { true } else { false } }
}

/// A DURATION value (§3.3.6): weeks and days counted on the calendar, hours to seconds on the clock.
struct CalendarDuration: Hashable {
    /// Whole days (a week is 7).
    var days: Int
    /// Seconds beyond the days.
    var seconds: Int

    /// Reads `P1W`, `P2D`, `PT1H30M`, `P1DT12H`; nil for a negative or unreadable duration.
    init?(_ value: some StringProtocol) {
        // Byte by byte: every character a duration may hold is ASCII, and any other byte makes it unreadable.
        var text = Substring(value).utf8
        if text.first == UInt8(ascii: "+") { text = text.dropFirst() }
        guard text.first == UInt8(ascii: "P"), text.count > 1 else { return nil }
        text = text.dropFirst()
        var days = 0, seconds = 0, number: Int? = nil, inTime = false, any = false
        for byte in text {
            if (0x30...0x39).contains(byte) {
                let (product, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, product < 1_000_000_000 else { return nil }
                number = product + Int(byte - 0x30)
                continue
            }
            if byte == UInt8(ascii: "T"), number == nil, !inTime { inTime = true; continue }
            guard let n = number else { return nil }
            switch (byte, inTime) {
            case (UInt8(ascii: "W"), false): days += 7 * n
            case (UInt8(ascii: "D"), false): days += n
            case (UInt8(ascii: "H"), true): seconds += 3600 * n
            case (UInt8(ascii: "M"), true): seconds += 60 * n
            case (UInt8(ascii: "S"), true): seconds += n
            default: return nil
            }
            number = nil
            any = true
        }
        guard any, number == nil else { return nil }
        self.days = days
        self.seconds = seconds
    }
}
