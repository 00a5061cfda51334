extension PlanTask {
    /// The title's words, in order: split at its single spaces, except inside an inline code span
    /// (`` `git  rebase` ``) or a link destination, which are one word as the parser reads them.
    public var words: [String] {
        var found: [String] = []
        PlanTask.forEachWord(of: title) { found.append(String(decoding: $0, as: UTF8.self)) }
        return found
    }

    /// Calls `body` with the bytes of each word of `title`, in order (as `words` splits it).
    static func forEachWord(of title: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var title = title
        title.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
                guard i < bytes.count else { break }
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: " ") { i = wordScanStep(bytes, at: i, bytes.count) }
                body(UnsafeBufferPointer(rebasing: bytes[start..<i]))
            }
        }
    }

    /// Calls `body` with the bytes of each tag name (without `#`) of `title`, exactly as `tags` finds them:
    /// byte by byte where that is sure to give the same, else through `tags`.
    static func forEachTag(of task: PlanTask, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var title = task.title
        let done = title.withUTF8 { bytes -> Bool in
            guard bytes.contains(UInt8(ascii: "#")) else { return true }
            // Splitting by characters differs from splitting by bytes only where a space or a word's `#` forms one
            // character with a non-ASCII neighbour (a combining mark after it, a prepended mark before a space).
            for index in bytes.indices where bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "#") {
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return false }
                if bytes[index] == UInt8(ascii: " "), index > 0, bytes[index - 1] >= 0x80 { return false }
            }
            // The words split at spaces, scanned in place (no array of words made per title).
            var i = 0
            while i < bytes.count {
                while i < bytes.count, bytes[i] == UInt8(ascii: " ") { i += 1 }
                let start = i
                while i < bytes.count, bytes[i] != UInt8(ascii: " ") { i += 1 }
                if i > start, bytes[start] == UInt8(ascii: "#"), isTagName(bytes[(start + 1)..<i]) {
                    body(UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]))
                }
            }
            return true
        }
        guard !done else { return }
        for var tag in task.tags { tag.withUTF8 { body($0) } }
    }
}
