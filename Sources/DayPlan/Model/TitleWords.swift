extension PlanTask {
    /// The title's words, in order: split at its single spaces, except inside an inline code span
    /// (`` `git  rebase` ``) or a link destination, which are one word as the parser reads them.
    public var words: [String] {
        var found: [String] = []
        PlanTask.forEachWord(of: title) { found.append(String(decoding: $0, as: UTF8.self)) }
        return found
    }

    /// Calls `body` with the bytes of each word of `title`, in order (as `words` splits it).
    package static func forEachWord(of title: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var title = title
        title.withUTF8 { bytes in
            forEachWordRange(in: bytes, 0, bytes.count, tabs: false, spans: true) { body(UnsafeBufferPointer(rebasing: bytes[$0])) }
        }
    }

    /// Calls `body` with the bytes of each tag name (without `#`) of `title`, exactly as `tags` finds them:
    /// byte by byte where that is sure to give the same, else through `tags`.
    package static func forEachTag(of task: PlanTask, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var title = task.title
        title.withUTF8 { forEachTag(inTitle: $0, body) }
    }

    /// `forEachTag(of:)` for a title given as its UTF-8 bytes.
    package static func forEachTag(inTitle bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let done = { () -> Bool in
            // Most titles have no tag: no `#`, found eight bytes at a time.
            guard firstIndex(of: UInt8(ascii: "#"), in: bytes, from: 0) < bytes.count else { return true }
            // Splitting by characters differs from splitting by bytes only where a space or a word's `#` forms one
            // character with a non-ASCII neighbour: a mark or joiner after it, a prepended mark before a space
            // (Unicode's grapheme rules GB9, GB9a, GB9b). Other letters (`café #home`, `#仕事`) split alike, and
            // an ASCII title has no such neighbour.
            let beyondASCII = firstNonASCII(in: bytes, from: 0)
            for index in bytes.indices.dropFirst(max(beyondASCII - 1, 0))
            where bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "#") {
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80, joinsWithWhatPrecedes(scalar(in: bytes, at: index + 1)) {
                    return false
                }
                if bytes[index] == UInt8(ascii: " "), index > 0, bytes[index - 1] >= 0x80 {
                    var start = index - 1
                    while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
                    if isPrepended(scalar(in: bytes, at: start)) { return false }
                }
            }
            forEachTag(splittingAtSpaces: bytes, body)
            return true
        }()
        guard !done else { return }
        let task = PlanTask(bucket: .misc, title: String(decoding: bytes, as: UTF8.self))
        for var tag in task.tags { tag.withUTF8 { body($0) } }
    }

    /// The tags of a title whose words split alike by bytes and by characters (an ASCII title, say), as
    /// `forEachTag(inTitle:_:)` finds them: its words split at spaces, in place.
    package static func forEachTag(splittingAtSpaces bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        forEachWordRange(in: bytes, 0, bytes.count, tabs: false, spans: false) { word in
            if bytes[word.lowerBound] == UInt8(ascii: "#"), isTagName(bytes[(word.lowerBound + 1)..<word.upperBound]) {
                body(UnsafeBufferPointer(rebasing: bytes[(word.lowerBound + 1)..<word.upperBound]))
            }
        }
    }

    /// The scalar whose UTF-8 encoding starts at `index` of valid UTF-8 `bytes`.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Unicode.Scalar {
        var iterator = bytes[index...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    /// Whether a character never starts at `scalar` after a space or `#`: a mark (grapheme extend, spacing
    /// mark), a zero-width joiner or an emoji skin-tone modifier. Errs towards yes (then `tags` decides).
    private static func joinsWithWhatPrecedes(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: break
        }
        return properties.isGraphemeExtend || scalar.value == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar.value)
            || scalar.value == 0x0E33 || scalar.value == 0x0EB3   // letters that are spacing marks for grapheme breaks
            || scalar.value == 0xFFFD
    }

    /// Whether `scalar` is a prepended concatenation mark (grapheme break property Prepend), which joins the
    /// character after it, a space included.
    private static func isPrepended(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD, 0x111C2...0x111C3,
             0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02, 0xFFFD:
            return true
        default:
            return false
        }
    }
}
