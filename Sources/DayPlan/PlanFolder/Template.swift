/// The text a new day starts from: the person's own day file, with placeholders for the day.
///
/// A placeholder is a name between double braces, white space inside allowed: `{{date}}` (`2026-11-23`),
/// `{{weekday}}` (`Monday`), `{{yesterday}}` and `{{tomorrow}}` (the days before and after, as
/// `YYYY-MM-DD`). Anything else between double braces (`{{title}}`, `{{date:YYYY}}`) is kept exactly as
/// written and reported, never silently dropped; so is every byte outside placeholders.
public struct Template: Sendable {
    /// The template file's bytes.
    public let bytes: [UInt8]

    /// The placeholders a template may use, in the order the documentation lists them.
    public static let placeholders = ["date", "weekday", "yesterday", "tomorrow"]

    /// A template made of a file's bytes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A placeholder that is not one of `placeholders`: kept as written.
    public struct UnknownPlaceholder: Hashable, Sendable {
        /// The placeholder as written, braces included: `{{title}}`.
        public let text: String
        /// The 1-based line it stands on.
        public let line: Int
        /// The 1-based column of its first brace, in UTF-8 bytes.
        public let column: Int
    }

    /// The template filled in for `day`, and the placeholders it kept because it does not know them.
    public func render(for day: Day) -> (bytes: [UInt8], unknown: [UnknownPlaceholder]) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var unknown: [UnknownPlaceholder] = []
        let open = UInt8(ascii: "{"), newline = UInt8(ascii: "\n")
        var index = 0, line = 1, lineStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == open, index + 1 < bytes.count, bytes[index + 1] == open,
               let end = closing(from: index + 2) {
                let inner = bytes[(index + 2)..<end]
                let name = String(decoding: inner, as: UTF8.self).trimmingWhitespace
                if let value = Template.value(of: name, for: day) {
                    output += value.utf8
                } else {
                    output += bytes[index..<(end + 2)]
                    unknown.append(UnknownPlaceholder(text: String(decoding: bytes[index..<(end + 2)], as: UTF8.self),
                                                      line: line, column: index - lineStart + 1))
                }
                index = end + 2
                continue
            }
            output.append(byte)
            if byte == newline {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (output, unknown)
    }

    /// The offset of the `}}` that closes a placeholder whose name starts at `start`, on the same line and
    /// with no brace in between; nil when there is none.
    private func closing(from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "}"):
                return bytes[index + 1] == UInt8(ascii: "}") && index > start ? index : nil
            case UInt8(ascii: "{"), UInt8(ascii: "\n"):
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// What a known placeholder stands for on `day`.
    private static func value(of name: String, for day: Day) -> String? {
        switch name {
        case "date": day.description
        case "weekday": Weekday(of: day).name
        case "yesterday": day.adding(days: -1).description
        case "tomorrow": day.adding(days: 1).description
        default: nil
        }
    }
}
