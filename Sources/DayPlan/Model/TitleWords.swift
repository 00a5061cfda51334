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

    /// Calls `body` with the bytes of each tag name (without `#`) of `task`'s title, in order: `tags`.
    package static func forEachTag(of task: PlanTask, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var title = task.title
        title.withUTF8 { forEachTag(inTitle: $0, body) }
    }

    /// The one reading of a title's tags (FORMAT.md §3.2), which `tags`, export, the archive, merge and the
    /// language server's tokens all use: each of its words (as `forEachWord` splits them, a code span one word)
    /// that is `#` and a tag name (`isTagName`), handed to `body` without the `#`.
    package static func forEachTag(inTitle bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Most titles have no tag: no `#`, found eight bytes at a time.
        guard firstIndex(of: UInt8(ascii: "#"), in: bytes, from: 0) < bytes.count else { return }
        forEachTagRange(in: bytes, 0, bytes.count, tabs: false) { body(UnsafeBufferPointer(rebasing: bytes[$0])) }
    }

    /// The tags among the words of `bytes[start..<end]`, a title or a task line's text after its box (`tabs`: a
    /// line's words are apart at tabs too): the range of each tag's name, without the `#`.
    package static func forEachTagRange(in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, tabs: Bool, _ body: (Range<Int>) -> Void) {
        forEachWordRange(in: bytes, start, end, tabs: tabs, spans: true) { word in
            let name = (word.lowerBound + 1)..<word.upperBound
            if bytes[word.lowerBound] == UInt8(ascii: "#"), isTagName(bytes[name]) { body(name) }
        }
    }
}
