/// The hash and the comparison of a task's identity (its title, compared as Swift compares strings), for
/// tables of titles: the archive's links between days and the merge's numbering of titles.
extension PlanTask {
    /// A hash of a title that titles Swift holds equal (canonically equivalent, as `PlanTask.identity` is
    /// compared) share, made from its bytes where it can be: Swift's string hash normalizes every title that
    /// is not ASCII, and most titles are.
    ///
    /// Only three characters beyond ASCII are equivalent to ASCII ones (U+037E `;`, U+1FEF `` ` ``, U+212A
    /// `K`), so a title of ASCII and them hashes as its ASCII spelling, and any other title (which can only
    /// equal a title beyond ASCII too) by Swift's hash.
    static func identityHash(_ title: String) -> Int {
        var title = title
        return title.withUTF8(identityHash(utf8:))
    }

    /// Whether two titles are the same identity: the same bytes (nearly always, found at once), else equal as
    /// Swift compares strings (canonically equivalent).
    static func sameIdentity(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in sameIdentity(utf8: x, y) } }
    }

    /// `sameIdentity(_:_:)` of two titles given as their UTF-8 bytes.
    static func sameIdentity(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.count == b.count, let x = a.baseAddress, let y = b.baseAddress, memoryEqual(x, y, a.count) { return true }
        return String(decoding: a, as: UTF8.self) == String(decoding: b, as: UTF8.self)
    }

    /// `identityHash(_:)` of a title given as its UTF-8 bytes.
    static func identityHash(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = ByteHasher()
        if hasher.addASCII(UnsafeRawBufferPointer(bytes)) { return hasher.finish() }
        return asciiSpelling(of: bytes[...])?.withUnsafeBytes(ByteHasher.hash(of:))
            ?? String(decoding: bytes, as: UTF8.self).hashValue
    }

    /// The ASCII spelling of bytes that are not all ASCII but spell ASCII (U+037E, U+1FEF and U+212A as the
    /// character each stands for); nil when they are all ASCII, or hold another character beyond it.
    private static func asciiSpelling(of bytes: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8]? {
        var i = bytes.startIndex, ascii = true
        while i < bytes.endIndex, let (_, length) = asciiSpelling(bytes.base, at: i, before: bytes.endIndex) {
            if length > 1 { ascii = false }
            i += length
        }
        guard i == bytes.endIndex, !ascii else { return nil }
        var spelled: [UInt8] = []
        i = bytes.startIndex
        while i < bytes.endIndex, let (byte, length) = asciiSpelling(bytes.base, at: i, before: bytes.endIndex) {
            spelled.append(byte)
            i += length
        }
        return spelled
    }

    /// The ASCII character the character at `i` is or stands for (U+037E `;`, U+1FEF `` ` ``, U+212A `K`),
    /// and its length in bytes; nil for any other character.
    @inline(__always)
    private static func asciiSpelling(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, before end: Int) -> (UInt8, Int)? {
        let byte = bytes[i]
        if byte < 0x80 { return (byte, 1) }
        if byte == 0xCD, i + 1 < end, bytes[i + 1] == 0xBE { return (UInt8(ascii: ";"), 2) }
        if byte == 0xE1, i + 2 < end, bytes[i + 1] == 0xBF, bytes[i + 2] == 0xAF { return (UInt8(ascii: "`"), 3) }
        if byte == 0xE2, i + 2 < end, bytes[i + 1] == 0x84, bytes[i + 2] == 0xAA { return (UInt8(ascii: "K"), 3) }
        return nil
    }
}
