/// One of the four parts of a day, in their canonical order.
public enum Region: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// What is planned for the morning.
    case morning
    /// What is planned for the afternoon.
    case afternoon
    /// What is planned for the evening.
    case evening
    /// Everything not planned for a time of day; never limited.
    case backlog

    /// The heading text, as in `## Morning`.
    public var name: String {
        switch self {
        case .morning: "Morning"
        case .afternoon: "Afternoon"
        case .evening: "Evening"
        case .backlog: "Backlog"
        }
    }

    /// The name in lower case (`morning`): how headings, `@on:DATE/region` and metadata compare and write it.
    public var lowercaseName: String { lowercaseNameLiteral.description }

    /// `lowercaseName` as a literal, for writing it with no string made (a report writes four a day).
    public var lowercaseNameLiteral: StaticString {
        switch self {
        case .morning: "morning"
        case .afternoon: "afternoon"
        case .evening: "evening"
        case .backlog: "backlog"
        }
    }

    /// Whether `text` is the region's name in any case (`Morning`, `MORNING`, `morning`), and nothing else.
    public func isNamed(_ text: String) -> Bool {
        // Most headings are the name as canonical form writes it: equal small strings compare at once.
        if text == self.name { return true }
        var text = text, name = lowercaseName
        // Nearly always ASCII: compared on the bytes, with no lower-case copy made. The name's letters are all
        // lower case, so `byte | 0x20` equals one only for that letter in either case.
        let ascii = text.withUTF8 { text in
            name.withUTF8 { name -> Bool? in
                guard text.allSatisfy({ $0 < 0x80 }) else { return nil }
                return text.count == name.count && !zip(text, name).contains { $0 | 0x20 != $1 }
            }
        }
        return ascii ?? (text.lowercased() == name)
    }

    /// Whether the 1-3-5 rule applies (Morning, Afternoon and Evening).
    public var isLimited: Bool { self != .backlog }

    /// The region's name.
    public var description: String { name }

    /// Finds the region a heading names, as people write it: the text, with a parenthesised suffix
    /// (`Afternoon (13-17)`) and a suffix after a spaced dash (`Evening – wind down`) cut off, and emoji,
    /// punctuation, a trailing colon and case ignored, is the region's name. `## Morning ☀️`, `## 🌅 Morning`,
    /// `## **Backlog**:` and `## MORNING` all name a region; `## Morning routine` and `## Evenings` do not.
    public init?(headingText text: some StringProtocol) {
        // Most headings are a name as canonical form writes it (`Morning`): found without reading its words.
        if let string = text as? String, let region = Region.allCases.first(where: { $0.name == string }) {
            self = region
            return
        }
        guard let region = Region.named(Region.significantWords(of: text)) else { return nil }
        self = region
    }

    /// The region a heading that names none was probably meant to name (`Evenings`, `Mornign`, `Back log`):
    /// its significant words are one edit (a letter added, dropped, changed, or two swapped) away from a
    /// region's name, or are that name split in two.
    public static func nearMiss(headingText text: some StringProtocol) -> Region? {
        let words = significantWords(of: text)
        guard named(words) == nil, words.count >= 4 else { return nil }
        if let region = named(words.filter { $0 != " " }) { return region }
        let letters = Array(words)
        return allCases.first { isOneEditAway(letters, Array($0.lowercaseName)) }
    }

    private static func named(_ words: String) -> Region? {
        allCases.first { $0.lowercaseName == words }
    }

    /// The heading's words that count, lowercased and single-spaced: the text before any `(` and before a
    /// dash (`-`, `–`, `—`) that follows white space, keeping only letters and digits. Anything else (emoji,
    /// punctuation, `**`) separates words as white space does.
    static func significantWords(of text: some StringProtocol) -> String {
        // Headings are nearly always ASCII: read those as bytes, without Unicode property look-ups.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var kept: [UInt8] = []
            var separated = false
            var previousWasSpace = false
            for byte in text.utf8 {
                if byte == UInt8(ascii: "(") || (previousWasSpace && byte == UInt8(ascii: "-")) { break }
                previousWasSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
                let lower = byte | 0x20
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    if separated, !kept.isEmpty { kept.append(0x20) }
                    separated = false
                    kept.append((UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte : lower)
                } else {
                    separated = true
                }
            }
            return String(decoding: kept, as: UTF8.self)
        }
        var kept = ""
        var separated = false
        var previousWasSpace = false
        for scalar in text.unicodeScalars {
            if scalar == "(" { break }
            if previousWasSpace, scalar == "-" || scalar == "\u{2013}" || scalar == "\u{2014}" { break }
            previousWasSpace = scalar.properties.isWhitespace
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if separated, !kept.isEmpty { kept.append(" ") }
                separated = false
                kept.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else {
                separated = true
            }
        }
        return kept
    }

    /// Whether `a` becomes `b` by one letter added, dropped or changed, or two neighbours swapped.
    private static func isOneEditAway(_ a: [Character], _ b: [Character]) -> Bool {
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var i = 0
        while i < min(a.count, b.count), a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        return a.count > b.count ? a[(i + 1)...] == b[i...] : a[i...] == b[(i + 1)...]
    }

    /// Canonical order: Morning, Afternoon, Evening, Backlog.
    public static func < (lhs: Region, rhs: Region) -> Bool { lhs.rawValue < rhs.rawValue }
}
