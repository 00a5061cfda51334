/// Where the parts of a parsed task's line stand in its file's bytes, as the parser reads them: what an editor
/// shows apart (the language server's semantic tokens) or goes from (a date in `@from:` to that day's file).
///
/// Read with the edit API's own reading of a task line (`TaskLine`), so that what is shown as metadata is what
/// the edit API changes as metadata.
public struct TaskLineParts: Sendable {
    /// The bullet, which says the bucket: `*` must, `+` complementary, `-` misc (or a number with `.` or `)`).
    public let bullet: Range<Int>
    /// The status box, `[ ]` to `[x]` (or one with stray blanks, `[ x]`), brackets included.
    public let box: Range<Int>
    /// The `#tag` words of the title, `#` included, in order.
    public let tags: [Range<Int>]
    /// The metadata words (`@carry`, `@from:2026-11-20`), in order.
    public let metadata: [Word]

    /// One metadata word of the line: dayplan's `@` word, or another tool's spelling of a key (`📅 2026-12-01`).
    public struct Word: Sendable {
        /// The word's bytes, `@` included (another tool's: its signifier and value).
        public let range: Range<Int>
        /// Its key, in lower case: `carry`, `from`, …
        public let key: String
        /// How it is spelled.
        public let style: MetadataStyle
        /// The day its value names, for a dated key (`@from:`, `@on:`, `@due:`, `@expires:`); nil otherwise.
        public let day: Day?
        /// The bytes of that day's date in the word (`2026-11-20` of `@on:2026-11-20/evening`); nil without one.
        public let dayRange: Range<Int>?
    }

    /// The parts of `task`'s line in `bytes` (the file it was parsed from); nil for a task made in code, or one
    /// whose line is not in `bytes`.
    public init?(_ task: PlanTask, in bytes: [UInt8]) {
        guard let line = TaskLine(task, in: bytes) else { return nil }
        bullet = line.bullet
        box = line.box
        metadata = line.metadataWords(in: bytes).map { word in
            // `@key:` and the date; in another tool's spelling, the first date among its bytes.
            let after = word.range.lowerBound + 1 + word.key.utf8.count + 1
            let starts = word.style == .dayplan ? after..<(after + 1) : word.range
            var day: Day?, dayRange: Range<Int>?
            for start in starts where start + 10 <= word.range.upperBound && bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9") {
                guard let found = Day(String(decoding: bytes[start..<(start + 10)], as: UTF8.self)) else { continue }
                day = found
                dayRange = start..<(start + 10)
                break
            }
            return Word(range: word.range, key: word.key, style: word.style, day: day, dayRange: dayRange)
        }
        var tags: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            PlanTask.forEachTagRange(in: buffer, line.textStart, line.textEnd, tabs: true) { tags.append(($0.lowerBound - 1)..<$0.upperBound) }
        }
        self.tags = tags
    }
}
