/// The shape of a checklist line as Markdown writers type it: a bullet (`-`, `+`, `*`, or a number with
/// `.` or `)`), a status box `[c]`, then the text. Shared by the parser, which decides what such a line is
/// where it stands, and by `PlanTask.subtasks`.
struct Checkbox {
    /// The words Logseq and org-mode write an open task with (`- TODO …`, `** TODO …`), which dayplan does not
    /// read as tasks: the parser reports such lines and rollover names each one it leaves behind.
    static let openTaskWords = ["TODO", "DOING", "LATER", "NOW", "WAITING", "NEXT"]

    /// Whether `bytes[start..<end]` is an org-mode headline with an open task word (`** TODO Call Bo`): stars,
    /// white space, then the word and white space or the end of the line.
    static func isOrgTask(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end, bytes[i] == UInt8(ascii: "*") { i += 1 }
        guard i > start, i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") else { return false }
        while i < end, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
        return openTaskWords.contains { word in
            let after = i + word.utf8.count
            return after <= end && bytes[i..<after].elementsEqual(word.utf8)
                && (after == end || bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t"))
        }
    }

    /// The sub-task a note line holds, read the one way the parser (DP039), `PlanTask.subtasks` (export,
    /// rollover's notes) and `TaskLine` (the marks rollover and `mark --with-subtasks` set) all read it: after
    /// blanks and Markdown quote markers (`> - [ ] charger`, as editors show it), a checklist item with a known
    /// status, spaced as Markdown needs. Nil for any other line.
    static func subtask(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Checkbox? {
        var i = start
        while i < end, bytes[i] == UInt8(ascii: ">") || bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard let box = read(bytes, from: i, to: end), box.status != nil, box.closeAt != nil,
              box.spacedAfterBullet || box.spacedAfterBox else { return nil }
        return box
    }

    /// The bucket the bullet writes; nil for a number (`1.`, `2)`), which says no bucket.
    let bucket: Bucket?
    /// Whether white space stands between the bullet and the box, as Markdown needs for a checkbox.
    let spacedAfterBullet: Bool
    /// Where the box's `[` is.
    let boxStart: Int
    /// Where the mark inside the box is, and its length in bytes (one scalar).
    let markStart: Int
    let markLength: Int
    /// Where the box's `]` is; nil when the box is not closed right after one scalar.
    let closeAt: Int?
    /// The status the mark writes; nil when the box is broken or the mark is not a status.
    let status: Status?

    /// Whether white space or the end of the line follows the box, as Markdown needs for a checkbox.
    let spacedAfterBox: Bool


    /// The mark's first byte.
    let mark: UInt8

    /// Reads the shape at `start` (the first non-blank byte of a line) up to `end`; nil when the line does
    /// not start with a bullet followed, with or without white space, by `[`.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Checkbox? {
        guard start < end else { return nil }
        var i = start
        let bucket = Bucket(bullet: bytes[i])
        if bucket != nil {
            i += 1
        } else {
            while i < end, i - start < 9, (0x30...0x39).contains(bytes[i]) { i += 1 }
            guard i > start, i < end, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ")") else { return nil }
            i += 1
        }
        let afterBullet = i
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < end, bytes[i] == UInt8(ascii: "[") else { return nil }
        let boxStart = i
        let markStart = i + 1
        var markLength = 0
        if markStart < end {
            let lead = bytes[markStart]
            markLength = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if markStart + markLength > end { markLength = 1 }
        }
        let close = markStart + markLength
        let closed = markLength > 0 && close < end && bytes[close] == UInt8(ascii: "]")
        let mark = markStart < end ? bytes[markStart] : 0
        return Checkbox(
            bucket: bucket, spacedAfterBullet: afterBullet < boxStart, boxStart: boxStart,
            markStart: markStart, markLength: markLength, closeAt: closed ? close : nil,
            status: closed && markLength == 1 ? Status(mark: mark) : nil,
            spacedAfterBox: closed && (close + 1 == end || bytes[close + 1] == 0x20 || bytes[close + 1] == 0x09),
            mark: mark)
    }

    /// A status box typed with stray blanks, which FORMAT.md §3 reads as the status it can only mean: `[]` and
    /// blanks alone (`[  ]`) to do, blanks around one status mark (`[ x]`, `[x ]`, `[ x ]`) that status, the
    /// box followed by white space or the end of the line. Nil for any other box, and for a well-formed one
    /// (`closeAt` is set there). `status` is what it reads, `closeAt` where its `]` is.
    func loose(_ bytes: UnsafeBufferPointer<UInt8>, to end: Int) -> (status: Status, closeAt: Int)? {
        guard closeAt == nil else { return nil }
        var i = boxStart + 1
        var status: Status?
        while i < end, i - boxStart <= 4, bytes[i] != UInt8(ascii: "]") {
            if bytes[i] != 0x20, bytes[i] != 0x09 {
                guard status == nil, let read = Status(mark: bytes[i]) else { return nil }
                status = read
            }
            i += 1
        }
        guard i < end, bytes[i] == UInt8(ascii: "]"), i + 1 == end || bytes[i + 1] == 0x20 || bytes[i + 1] == 0x09 else { return nil }
        return (status ?? .todo, i)
    }
}
