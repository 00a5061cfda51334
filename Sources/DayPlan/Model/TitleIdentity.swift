/// The hash and the comparison of a task's identity (its title without the facts another tool spells in it,
/// compared as Swift compares strings), for tables of titles: the archive's links between days and the merge's
/// numbering of titles.
extension PlanTask {
    /// A title as it identifies its task: without the words that spell a key's value another tool's way
    /// (`📅 2026-11-20`, `[due:: 2026-11-20]`, `⏫`; FORMAT.md §3.7), which are metadata as `@` words are, and which
    /// dayplan writes itself (rollover's `➕`, mark's `✅`, the phone's due date); the other words joined by single
    /// spaces. nil when the title spells none (nearly every title) or is nothing else. `🔁 every week`, read as no value, stays.
    package static func identityTitle(utf8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard ForeignSpelling.mayHold(bytes, 0, bytes.count) else { return nil }
        var cuts: [Range<Int>] = []
        ForeignSpelling.forEach(in: bytes, 0, bytes.count) { if $0.value != nil { cuts.append($0.range) } }
        guard !cuts.isEmpty else { return nil }
        var identity: [UInt8] = [], start = 0
        for cut in cuts + [bytes.count..<bytes.count] {
            // The bytes between two spellings, without the blanks at their ends.
            let blank = { (i: Int) in bytes[i] == 0x20 || bytes[i] == 0x09 }
            var piece = start..<cut.lowerBound
            while let i = piece.first, blank(i) { piece = piece.dropFirst() }
            while let i = piece.last, blank(i) { piece = piece.dropLast() }
            if !piece.isEmpty { identity += (identity.isEmpty ? [] : [0x20]) + bytes[piece] }
            start = cut.upperBound
        }
        return identity.isEmpty ? nil : identity
    }

    /// `identityTitle(utf8:)` of a title string: the title itself when it spells nothing another tool's way.
    package static func identityTitle(_ title: String) -> String {
        var title = title
        return title.withUTF8 { identityTitle(utf8: $0) }.map { String(decoding: $0, as: UTF8.self) } ?? title
    }

    /// A hash of a title that titles Swift holds equal (canonically equivalent, as `PlanTask.identity` is
    /// compared) share: the hash of its bytes in Normalization Form C, which equal titles have in common.
    ///
    /// Nearly every title is in that form as it stands, and is hashed as its bytes: one of ASCII, or one whose
    /// every character beyond ASCII is untouched by canonical equivalence (`isPlainlyNFC`). Any other title
    /// (a combining mark, a character with a decomposition) is hashed as the bytes of its NFC form.
    package static func identityHash(_ title: String) -> Int {
        var title = title
        return title.withUTF8(identityHash(utf8:))
    }

    /// Whether two titles are the same identity: the same bytes (nearly always, found at once), else equal as
    /// Swift compares strings (canonically equivalent).
    package static func sameIdentity(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in sameIdentity(utf8: x, y) } }
    }

    /// `sameIdentity(_:_:)` of two titles given as their UTF-8 bytes.
    package static func sameIdentity(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.count == b.count, let x = a.baseAddress, let y = b.baseAddress, memoryEqual(x, y, a.count) { return true }
        let ours = identityTitle(utf8: a), theirs = identityTitle(utf8: b)
        if ours != nil || theirs != nil {
            let x = ours ?? Array(a), y = theirs ?? Array(b)
            return x == y || String(decoding: x, as: UTF8.self) == String(decoding: y, as: UTF8.self)
        }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }

    /// `identityHash(_:)` of a title given as its UTF-8 bytes.
    package static func identityHash(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let identity = identityTitle(utf8: bytes) { return identity.withUnsafeBufferPointer(plainIdentityHash(utf8:)) }
        return plainIdentityHash(utf8: bytes)
    }

    /// `identityHash(utf8:)` of a title that holds no other tool's spelling.
    private static func plainIdentityHash(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = ByteHasher()
        if hasher.addASCII(UnsafeRawBufferPointer(bytes)) || isPlainlyNFC(bytes) { return hasher.finish() }
        // Swift has no public normalization: `_withNFCCodeUnits` is the standard library's own, by which a
        // String hashes and compares (the title's invalid bytes, if any, read as U+FFFD, as the title's string
        // has them).
        var normalized = ByteHasher()
        String(decoding: bytes, as: UTF8.self)._withNFCCodeUnits { normalized.add($0) }
        return normalized.finish()
    }

    /// Whether `bytes` are UTF-8 in Normalization Form C by the quick check of Unicode's UAX #15, without
    /// tables of decompositions: every character beyond ASCII is one that canonical equivalence leaves
    /// alone (no decomposition, combining class 0, never composed with a character before it), as
    /// `nfcStableRanges` lists them. False when it cannot tell so (a combining mark, a precomposed letter's
    /// other spelling, bytes that are not UTF-8): those are normalized.
    package static func isPlainlyNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = firstNonASCII(in: bytes, from: 0)
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i = firstNonASCII(in: bytes, from: i)
                continue
            }
            let length = lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : lead & 0xF8 == 0xF0 ? 4 : 0
            guard length > 0, i + length <= bytes.count else { return false }
            var scalar = UInt32(lead & (0x7F >> length))
            for k in 1..<length {
                let next = bytes[i + k]
                guard next & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            // The shortest form only (an overlong one is not UTF-8), of a character the ranges list.
            let least: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
            guard scalar >= least, isNFCStable(scalar) else { return false }
            i += length
        }
        return true
    }

    /// Whether a character beyond ASCII is in `nfcStableRanges` (the first range, Latin-1 to the spacing
    /// modifier letters, looked at first).
    @inline(__always)
    package static func isNFCStable(_ scalar: UInt32) -> Bool {
        if scalar <= 0x2FF { return true }
        // The last range starting at or before `scalar`, by halves.
        var low = 0, high = nfcStableRanges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if nfcStableRanges[2 * middle] <= scalar { low = middle + 1 } else { high = middle }
        }
        return low > 0 && scalar <= nfcStableRanges[2 * (low - 1) + 1]
    }

    /// The characters beyond ASCII that canonical equivalence leaves alone, as first and last of each range,
    /// in order (after U+0080–U+02FF, which `isNFCStable` looks at first): assigned characters (in Unicode
    /// 14, so that none a later version assigns is taken for one), of combining class 0, that are their own
    /// NFC form and the second of no composition (Hangul vowels and trailing consonants included); only
    /// ranges of 48 or more, which hold nearly all of them. Unicode's stability policy keeps each such character
    /// so in every later version. Made with Python's `unicodedata`; `TitleIdentityTests` checks them against
    /// Swift's own normalization.
    package static let nfcStableRanges: [UInt32] = [
        0x3A3, 0x482, 0x488, 0x52F, 0x559, 0x58A, 0x61B, 0x64A, 0x671, 0x6D5,
        0x74D, 0x7B1, 0x900, 0x93B, 0xE01, 0xE37, 0x103B, 0x108C, 0x108E, 0x10C5,
        0x10D0, 0x1160, 0x1176, 0x11A7, 0x11C3, 0x1248, 0x12D8, 0x1310, 0x1318, 0x135A,
        0x13A0, 0x13F5, 0x1400, 0x169C, 0x16A0, 0x16F8, 0x1780, 0x17D1, 0x1820, 0x1878,
        0x18B0, 0x18F5, 0x19DE, 0x1A16, 0x1A1E, 0x1A5E, 0x1B00, 0x1B33, 0x1BAC, 0x1BE5,
        0x1BFC, 0x1C36, 0x1C4D, 0x1C88, 0x1D00, 0x1DBF, 0x1E00, 0x1F15, 0x1F80, 0x1FB4,
        0x2002, 0x2064, 0x212C, 0x218B, 0x2190, 0x2328, 0x232B, 0x2426, 0x2460, 0x2ADB,
        0x2ADD, 0x2B73, 0x2B97, 0x2CEE, 0x2D30, 0x2D67, 0x2E00, 0x2E5D, 0x2E9B, 0x2EF3,
        0x2F00, 0x2FD5, 0x3041, 0x3096, 0x309B, 0x30FF, 0x3131, 0x318E, 0x3190, 0x31E3,
        0x3220, 0xA48C, 0xA490, 0xA4C6, 0xA4D0, 0xA62B, 0xA6A0, 0xA6EF, 0xA700, 0xA7CA,
        0xA840, 0xA877, 0xA880, 0xA8C3, 0xA8F2, 0xA92A, 0xA980, 0xA9B2, 0xAA00, 0xAA36,
        0xAA5C, 0xAAAF, 0xAB30, 0xAB6B, 0xAB70, 0xABEC, 0xAC00, 0xD7A3, 0xD7CB, 0xD7FB,
        0xE000, 0xF8FF, 0xFB4F, 0xFBC2, 0xFBD3, 0xFD8F, 0xFD92, 0xFDC7, 0xFE76, 0xFEFC,
        0xFF01, 0xFFBE, 0x10080, 0x100FA, 0x10137, 0x1018E, 0x102A0, 0x102D0, 0x10400, 0x1049D,
        0x10530, 0x10563, 0x10600, 0x10736, 0x10857, 0x1089E, 0x10980, 0x109B7, 0x109D2, 0x10A03,
        0x10A60, 0x10A9F, 0x10B00, 0x10B35, 0x10C00, 0x10C48, 0x10C80, 0x10CB2, 0x10CC0, 0x10CF2,
        0x11000, 0x11045, 0x11080, 0x110B8, 0x11180, 0x111BF, 0x112B0, 0x112E8, 0x11400, 0x11441,
        0x11480, 0x114AF, 0x11600, 0x1163E, 0x11680, 0x116B5, 0x11800, 0x11838, 0x118A0, 0x118F2,
        0x11A00, 0x11A33, 0x11A50, 0x11A98, 0x11AB0, 0x11AF8, 0x11FC0, 0x11FF1, 0x11FFF, 0x12399,
        0x12400, 0x1246E, 0x12480, 0x12543, 0x12F90, 0x12FF2, 0x13000, 0x1342E, 0x14400, 0x14646,
        0x16800, 0x16A38, 0x16A6E, 0x16ABE, 0x16B00, 0x16B2F, 0x16E40, 0x16E9A, 0x16F00, 0x16F4A,
        0x16F4F, 0x16F87, 0x17000, 0x187F7, 0x18800, 0x18CD5, 0x1B000, 0x1B122, 0x1B170, 0x1B2FB,
        0x1BC00, 0x1BC6A, 0x1CF50, 0x1CFC3, 0x1D000, 0x1D0F5, 0x1D129, 0x1D15D, 0x1D200, 0x1D241,
        0x1D300, 0x1D356, 0x1D400, 0x1D454, 0x1D456, 0x1D49C, 0x1D4C5, 0x1D505, 0x1D552, 0x1D6A5,
        0x1D6A8, 0x1D7CB, 0x1D7CE, 0x1DA8B, 0x1E800, 0x1E8C4, 0x1E900, 0x1E943, 0x1EC71, 0x1ECB4,
        0x1ED01, 0x1ED3D, 0x1F030, 0x1F093, 0x1F100, 0x1F1AD, 0x1F300, 0x1F6D7, 0x1F700, 0x1F773,
        0x1F780, 0x1F7D8, 0x1F810, 0x1F847, 0x1F900, 0x1FA53, 0x1FB00, 0x1FB92, 0x1FB94, 0x1FBCA,
        0x20000, 0x2A6DF, 0x2A700, 0x2B738, 0x2B740, 0x2B81D, 0x2B820, 0x2CEA1, 0x2CEB0, 0x2EBE0,
        0x30000, 0x3134A, 0xE0020, 0xE007F, 0xE0100, 0xE01EF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD,
    ]
}
