/// Numbers titles: equal titles (as Swift's `String` compares them: canonically equivalent Unicode is
/// equal) get the same number, the first title met gets 0, the next new one 1, and so on.
///
/// The merge numbers every task of three versions of a day, so the cost per title counts. Titles are looked
/// up by their bytes: most come back with the very same bytes. Two different spellings can still be equal
/// text (`é` as one scalar or as `e` and an accent), which `String`'s hash settles by normalising Unicode
/// first, at a cost. That cost is paid only once a title that may not be in normal form (NFC) turns up:
/// until then every title is of characters that are their own normal form (ASCII, Latin letters, kana,
/// CJK ideographs, Hangul syllables, emoji: most titles), and two such titles are equal only when their
/// bytes are.
struct TitleNumbers {
    /// The bytes of every spelling met so far, one after the other; where each ends; its hash and number.
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var hashes: [Int] = []
    private var numbers: [Int] = []
    /// Open addressing over the spellings: a slot holds a spelling's index + 1 (0: empty), at the slot its
    /// hash picks or after it.
    private var slots: [Int32]
    private var mask: Int
    /// How many different titles have been numbered.
    private(set) var count = 0
    /// The number of each title as `String` compares them: kept from the first title that may not be in
    /// normal form on (`comparesText`).
    private var byText: [String: Int] = [:]
    private var comparesText = false

    /// A table for about `expected` titles.
    init(expected: Int) {
        var capacity = 64
        while capacity < expected * 2 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        mask = capacity - 1
        ends.reserveCapacity(expected)
        hashes.reserveCapacity(expected)
        numbers.reserveCapacity(expected)
        bytes.reserveCapacity(expected * 32)
    }

    /// The number of `title`, given on first sight.
    mutating func number(_ title: String) -> Int {
        var title = title
        let (hash, normal) = title.withUTF8 { (Self.hash($0), Self.isNormal($0)) }
        return number(title, hash: hash, normal: normal)
    }

    /// The number of `title`, given on first sight, when its `hash` (`TitleNumbers.hash`) and whether it is
    /// certainly in normal form (`isNormal`) are known.
    mutating func number(_ title: String, hash: Int, normal: Bool) -> Int {
        var title = title
        let found = title.withUTF8 { spelling -> Int? in
            var slot = hash & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                if hashes[index] == hash, spells(index, spelling) { return numbers[index] }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(truncatingIfNeeded: ends.count + 1)
            bytes.append(contentsOf: spelling)
            ends.append(bytes.count)
            hashes.append(hash)
            return nil
        }
        if let found { return found }
        var number = count
        if !normal, !comparesText {
            // The first title that may be spelt another way: from now on titles are compared as text too.
            comparesText = true
            byText.reserveCapacity(ends.count * 2)
            var start = 0
            for (index, end) in ends.dropLast().enumerated() {
                byText[String(decoding: bytes[start..<end], as: UTF8.self)] = numbers[index]
                start = end
            }
        }
        if comparesText {
            // One lookup: a new title's number is stored by the access itself.
            func read(_ stored: inout Int) -> Int { stored }
            number = read(&byText[title, default: count])
        }
        if number == count { count += 1 }
        numbers.append(number)
        if ends.count * 2 > slots.count { grow() }
        return number
    }

    /// Whether spelling `index` is `spelling`, byte for byte.
    private func spells(_ index: Int, _ spelling: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == spelling.count else { return false }
        guard let other = spelling.baseAddress, !spelling.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { memoryEqual($0.baseAddress! + start, other, spelling.count) }
    }

    /// Whether a spelling is certainly in Unicode's normal form C: every character is one that is its own
    /// normal form and never combines with its neighbours (no combining mark, no conjoining jamo). False
    /// means "maybe not", and costs only a slower lookup.
    static func isNormal(_ spelling: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let raw = UnsafeRawBufferPointer(spelling)
        while i < spelling.count {
            // Eight ASCII bytes at a time, most of a title.
            if i + 8 <= spelling.count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let lead = spelling[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            var scalar: UInt32
            let length: Int
            switch lead {
            case 0xC2...0xDF: (scalar, length) = (UInt32(lead & 0x1F), 2)
            case 0xE0...0xEF: (scalar, length) = (UInt32(lead & 0x0F), 3)
            case 0xF0...0xF4: (scalar, length) = (UInt32(lead & 0x07), 4)
            default: return false
            }
            guard i + length <= spelling.count else { return false }
            for k in 1..<length { scalar = scalar << 6 | UInt32(spelling[i + k] & 0x3F) }
            switch scalar {
            case 0x00A0...0x02FF,          // Latin-1, Latin Extended A and B, IPA, spacing modifiers
                 0x0370...0x0373, 0x0375...0x037D, 0x037F...0x0386, 0x0388...0x03FF,  // Greek, not U+0374, U+037E, U+0387
                 0x0400...0x0482, 0x048A...0x04FF,  // Cyrillic without its combining marks
                 0x2010...0x205F,          // dashes, quotes, bullets (not the spaces U+2000, U+2001)
                 0x3000...0x3029, 0x3030...0x303F,  // CJK punctuation without its combining marks
                 0x3041...0x3096, 0x309D...0x30FF,  // kana without the combining sound marks
                 0x4E00...0x9FFF,          // CJK ideographs (not the compatibility ones)
                 0xAC00...0xD7A3,          // Hangul syllables
                 0x1F300...0x1FAFF:        // emoji
                i += length
            default:
                return false
            }
        }
        return true
    }

    /// Twice the slots, every number placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
        }
    }

    /// The hash of a title's bytes, as the table looks it up.
    static func hash(_ spelling: UnsafeBufferPointer<UInt8>) -> Int {
        ByteHasher.ofASCII(UnsafeRawBufferPointer(spelling))
    }

    /// Whether two titles are equal: the same bytes, else as `String` compares them.
    static func same(_ a: String, _ b: String) -> Bool {
        sameBytes(a, b) || a == b
    }

    /// Whether two strings have the same bytes.
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        let count = a.utf8.count
        guard count == b.utf8.count else { return false }
        return a.withUTF8 { x in b.withUTF8 { y in count == 0 || memoryEqual(x.baseAddress!, y.baseAddress!, count) } }
    }
}
