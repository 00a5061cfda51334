private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let at = UInt8(ascii: "@")
private let colon = UInt8(ascii: ":")

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

extension Parser where Sink: DayReading {
    // MARK: - Tasks

    /// Reads a task line, or reports a line that looks like one but is broken. Nil when it is not a task.
    ///
    /// `- [ ] x` is a task. So are the checklist lines people type without a bucket bullet or without the
    /// space after it (`1. [ ] x`, `-[ ] x`): read with the bucket their bullet says (a number says misc), and
    /// reported so that the person knows `dayplan fmt` writes them canonically.
    mutating func parseTask(_ start: Int, _ end: Int) -> PlanTask? {
        guard let box = Checkbox.read(bytes, from: start, to: end) else {
            if let bucket = Bucket(bullet: bytes[start]), start + 1 < end, isBlank(bytes[start + 1]),
               phase == .section, !isThematicBreak(start, end) {
                report(.listItemWithoutBox(bucket), start, end)
            } else if phase == .section, bytes[start] == UInt8(ascii: "*"), Checkbox.isOrgTask(bytes, from: start, to: end) {
                // An org-mode headline with a task word (`** TODO …`): no list item to Markdown, a task to its writer.
                report(.listItemWithoutBox(.must), start, end)
            }
            return nil
        }
        let bucket: Bucket
        if let bullet = box.bucket, box.spacedAfterBullet {
            bucket = bullet
        } else {
            // Without a bucket bullet and its space, only a well-formed box makes the line a task.
            guard let status = box.status, box.spacedAfterBox else { return nil }
            bucket = box.bucket ?? .misc
            report(.looseTaskLine(bucket, status, numbered: box.bucket == nil), start, box.boxStart + 3)
        }
        let closeAt: Int, status: Status
        if let close = box.closeAt {
            guard let mark = box.status else {
                report(.unknownStatusMark(string(box.markStart, close)), box.markStart, close)
                return nil
            }
            (closeAt, status) = (close, mark)
        } else if let loose = box.loose(bytes, to: end) {
            // `[]`, `[ x]`: a box with stray blanks means one status; read as it, and written `[x]` by `fmt`.
            report(.looseStatusBox(loose.status, written: string(box.boxStart, loose.closeAt + 1)), box.boxStart, loose.closeAt + 1)
            (closeAt, status) = (loose.closeAt, loose.status)
        } else {
            report(.brokenStatusBox, box.boxStart, end)
            return nil
        }
        var metadata = TaskMetadata()
        let title = readTitle(into: &metadata, from: closeAt + 1, to: end, status: status)
        if ForeignSpelling.mayHold(bytes, closeAt + 1, end) {
            ForeignSpelling.forEach(in: bytes, closeAt + 1, end) { read($0.key, $0.value, $0.style, $0.range, into: &metadata) }
        }
        if title.isEmpty {
            report(.emptyTitle, start, end)
        }
        // Made once, whole, not filled in field by field through `inout`.
        var task = PlanTask(bucket: bucket, status: status, title: title, metadata: metadata)
        task.source = (location(start), location(end))
        return task
    }

    func isThematicBreak(_ start: Int, _ end: Int) -> Bool {
        (start..<end).allSatisfy { bytes[$0] == bytes[start] || isBlank(bytes[$0]) }
    }

    /// Splits the rest of a task line into title words and `@` metadata, read into `metadata`; returns the title
    /// the reading makes of the words (`DayReading.title(_:scan:)`).
    mutating func readTitle(into metadata: inout TaskMetadata, from start: Int, to end: Int, status: Status) -> String {
        // A title that starts with a digit may start with a time (`TaskTime`): one not written canonically is
        // held canonically, as words are held single-spaced; text that looks like a time but is none is named.
        var first = start
        while first < end, isBlank(bytes[first]) { first += 1 }
        if first < end, bytes[first] &- UInt8(ascii: "0") < 10, let leading = TaskTime.read(bytes, from: first, to: end) {
            switch leading {
            case .malformed(let length, let reason):
                report(.notATime(written: string(first, first + length), reason: reason), first, first + length)
            case .time(let time, let length, let canonical) where !canonical:
                var written: [UInt8] = []
                time.write(to: &written)
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: written.count + 1 + end - start) { words in
                    guard let base = words.baseAddress else { return "" }
                    base.update(from: written, count: written.count)
                    let length = readWords(into: &metadata, first + length, end, to: base + written.count + 1)
                    if length > 0 { base[written.count] = space }
                    let count = length > 0 ? written.count + 1 + length : written.count
                    return sink.title(UnsafeBufferPointer(rebasing: words[..<count]), scan: nil, status: status, due: metadata.due)
                }
            case .time:
                break
            }
        }
        // A plain title's scan, what the reading learns of it, is the one that finds it plain.
        var scan = Sink.Scan()
        let run = plainRun(start, end, scan: &scan)
        if run.isWhole { return sink.title(UnsafeBufferPointer(rebasing: bytes[run.plain]), scan: scan, status: status, due: nil) }
        // Single-spaced words are never longer than the text they come from: written on the stack first.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(end - start, 1)) { words in
            let length = readWords(into: &metadata, start, end, after: run, to: words.baseAddress)
            return sink.title(UnsafeBufferPointer(rebasing: words[..<length]), scan: nil, status: status, due: metadata.due)
        }
    }

    /// `readWords(into:_:_:to:)` of a title whose plain run (`plainRun`) ended at an `@` word: the plain words
    /// before it are written as they stand, and only the rest is read word by word (a title with metadata
    /// after its words, most of those that are not plain). Any other title is read word by word whole.
    mutating func readWords(into metadata: inout TaskMetadata, _ start: Int, _ end: Int, after run: PlainRun,
                            to output: UnsafeMutablePointer<UInt8>?) -> Int {
        guard let rest = run.restAtWord, !run.plain.isEmpty else {
            return readWords(into: &metadata, start, end, to: output)
        }
        let prefix = run.plain
        if let output, let input = bytes.baseAddress {
            output.update(from: input + prefix.lowerBound, count: prefix.count)
        }
        // The rest's words go after the prefix and a space; the space is written only if a word follows.
        let length = readWords(into: &metadata, rest, end, to: output.map { $0 + prefix.count + 1 })
        guard length > 0 else { return prefix.count }
        output?[prefix.count] = space
        return prefix.count + 1 + length
    }

    /// Reads the words of `start..<end`: `@` metadata into `metadata`, every other word written to `output`
    /// (when given) one space apart. Returns the length of the title so written.
    mutating func readWords(into metadata: inout TaskMetadata, _ start: Int, _ end: Int, to output: UnsafeMutablePointer<UInt8>?) -> Int {
        var count = 0
        forEachWordRange(in: bytes, start, end, tabs: true, spans: true) { word in
            if bytes[word.lowerBound] == at, readMetadata(into: &metadata, word.lowerBound, word.upperBound) { return }
            if count > 0 {
                output?[count] = space
                count += 1
            }
            if let output, let input = bytes.baseAddress {
                (output + count).update(from: input + word.lowerBound, count: word.count)
            }
            count += word.count
        }
        return count
    }

    /// How much of the title in `start..<end` is plain, from its start (see `PlainRun`), handing `scan` each
    /// byte of the title as it goes (eight at a time, then one by one) up to where the run ends.
    @inline(__always)
    func plainRun<Scan: TitleScan>(_ start: Int, _ end: Int, scan: inout Scan) -> PlainRun {
        var first = start, last = end
        while first < last, isBlank(bytes[first]) { first += 1 }
        while last > first, isBlank(bytes[last - 1]) { last -= 1 }
        var i = first
        if let base = bytes.baseAddress {
            // Eight bytes at a time: none may be a tab, `@`, a backtick or `]`, and no space may follow a space
            // (in this word, or the last byte of the word before). Eight that hold one are read byte by byte
            // below, to find where the run ends.
            var spaceBefore: UInt64 = 0
            while i + 8 <= last {
                let eight = word(at: i, base)
                let spaces = zeroBytes(eight ^ everyByte(space))
                let stops = zeroBytes(eight ^ everyByte(tab)) | zeroBytes(eight ^ everyByte(at))
                    | zeroBytes(eight ^ everyByte(UInt8(ascii: "`"))) | zeroBytes(eight ^ everyByte(UInt8(ascii: "]")))
                if stops != 0 || spaces & (spaces >> 8 | spaceBefore) != 0 { break }
                scan.add(eight: eight, spaces: spaces)
                spaceBefore = spaces >> 56
                i += 8
            }
            // The byte loop below looks at the pair of the last byte read and the next.
            if i > first { i -= 1 }
        }
        // The bytes the eight-byte loop did not hand to `scan`.
        let scanned = i == first ? first : i + 1
        while i < last {
            let byte = bytes[i]
            // Every byte that can change the reading sorts at or below a backtick.
            if byte <= UInt8(ascii: "`") {
                if byte == tab || byte == at || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "]") {
                    // Ended here. An `@` after a single space starts a word: the words before it are plain.
                    let atWord = byte == at && i > first && bytes[i - 1] == space
                    return PlainRun(plain: first..<(atWord ? i - 1 : first), isWhole: false, restAtWord: atWord ? i : nil)
                }
                // The last byte is not blank, so a space has a byte after it.
                if byte == space, isBlank(bytes[i + 1]) { return PlainRun(plain: first..<first, isWhole: false, restAtWord: nil) }
            }
            if i >= scanned { scan.add(byte: byte) }
            i += 1
        }
        return PlainRun(plain: first..<last, isWhole: true, restAtWord: nil)
    }

    /// Reads the date of a `@key:YYYY-MM-DD` word, whose value stands in `valueStart..<valueEnd`; the word runs
    /// from `start` to `end`. Reports a bad, repeated or conflicting value; false when the word stays a word.
    mutating func dateValue(_ value: inout Day?, _ key: KnownKey, _ start: Int, _ valueStart: Int,
                            _ valueEnd: Int, _ end: Int) -> Bool {
        guard valueStart <= valueEnd, let parsed = Day(utf8: bytes[valueStart..<valueEnd]) else {
            report(.notADate(key: key.name, word: string(start, end)), start, end)
            return false
        }
        if let value, value != parsed {
            report(.secondValue(key: key.name, first: "\(value)", word: string(start, end)), start, end)
            return true
        }
        if value != nil { report(.repeatedWord(string(start, end)), start, end) }
        value = parsed
        return true
    }

    /// The keys the parser knows: the rows of `MetadataKey.all`.
    typealias KnownKey = MetadataKey.ID

    /// The key an `@` word names, its bytes `start..<end` (after `@`, before any `:`) compared in any case; nil
    /// when it names none. Known keys are ASCII, found without a String (most words); a key with other bytes is
    /// lower-cased as Unicode lower-cases it (the Kelvin sign is a `k`) and then compared.
    func knownKey(_ start: Int, _ end: Int) -> KnownKey? {
        for i in start..<end where bytes[i] >= 0x80 {
            let lowered = string(start, end).lowercased()
            return MetadataKey.all.firstIndex { $0.name == lowered }.flatMap { KnownKey(rawValue: $0) }
        }
        for (index, name) in MetadataKey.nameBytes.enumerated() where name.count == end - start {
            var same = true
            for k in 0..<(end - start) {
                let byte = bytes[start + k]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != name[k] {
                    same = false
                    break
                }
            }
            if same { return KnownKey(rawValue: index) }
        }
        return nil
    }

    /// Reads another tool's spelling of `key` (`ForeignSpelling`), its bytes `range`, kept as words: its value is
    /// the key's unless the task has one already (a different one is reported) or it holds none (reported).
    mutating func read(_ key: MetadataKey.ID, _ value: MetadataValue?, _ style: MetadataStyle, _ range: Range<Int>,
                       into metadata: inout TaskMetadata) {
        let table = MetadataKey[key]
        guard let value else {
            report(.unreadSpelling(written: string(range.lowerBound, range.upperBound), key: table.name, style: style),
                   range.lowerBound, range.upperBound)
            return
        }
        if let first = table.value(in: metadata) {
            if first.day != value.day || (first.day == nil && first != value) {
                report(.spellingsDisagree(key: table.name, first: first.description, written: string(range.lowerBound, range.upperBound)),
                       range.lowerBound, range.upperBound)
            }
            return
        }
        table.set(value, in: &metadata)
        metadata.spelled.insert(key, style: style)
    }

    /// Reads one `@` word. Returns false when it is not metadata and stays in the title.
    mutating func readMetadata(into metadata: inout TaskMetadata, _ start: Int, _ end: Int) -> Bool {
        var keyEnd = start + 1
        while keyEnd < end, bytes[keyEnd] != colon { keyEnd += 1 }
        let known = knownKey(start + 1, keyEnd)
        // The key in lower case (as Unicode lower-cases one it does not know), made only for a message or an
        // unknown key: most words name a key and read well.
        var key: String { known?.name ?? string(start + 1, keyEnd).lowercased() }
        let hasValue = keyEnd < end

        guard let known else {
            // Written like metadata: whether the key is one a person meant is the rule's to say (DP036).
            if hasValue { report(.unknownKey(key), start, end) }
            return false
        }
        // What a key's value is decides how it is read (`MetadataKey.kind`): no key has code of its own here.
        let table = MetadataKey[known]
        /// Sets a value read once; a second equal one is repeated, a second different one keeps the first.
        func single(_ value: MetadataValue) -> Bool {
            if let first = table.value(in: metadata) {
                report(first == value ? .repeatedWord(string(start, end))
                       : .secondValue(key: key, first: first.description, word: string(start, end)), start, end)
                return true
            }
            table.set(value, in: &metadata)
            return true
        }
        switch table.kind {
        case .flag:
            guard !hasValue else {
                report(.flagWithValue(key: key), start, end)
                return false
            }
            if table.value(in: metadata) != nil { report(.repeatedWord(string(start, end)), start, end) }
            table.set(.set, in: &metadata)
            return true
        case .date:
            var day = table.value(in: metadata)?.day
            guard dateValue(&day, known, start, keyEnd + 1, end, end) else { return false }
            table.set(day.map { .day($0) }, in: &metadata)
            return true
        case .duration:
            guard hasValue, let minutes = Estimate.minutes(in: bytes[(keyEnd + 1)..<end]) else {
                report(.notADuration(key: key, word: string(start, end)), start, end)
                return false
            }
            return single(.minutes(minutes))
        case .clock:
            guard hasValue, let minutes = TaskTime.clockMinutes(string(keyEnd + 1, end)) else {
                report(.notAClock(key: key, word: string(start, end)), start, end)
                return false
            }
            return single(.clock(minutes))
        case .choice(let words):
            guard hasValue, let word = MetadataKey.choice(string(keyEnd + 1, end), of: words) else {
                report(.notAChoice(key: key, word: string(start, end), words: words), start, end)
                return false
            }
            return single(.word(word))
        case .recurrence:
            guard hasValue, let recurrence = Recurrence(string(keyEnd + 1, end)) else {
                report(.notARecurrence(word: string(start, end)), start, end)
                return false
            }
            return single(.recurrence(recurrence))
        case .scheduledDate:
            // `@on:DATE` or `@on:DATE/region`.
            var slash = keyEnd + 1
            while slash < end, bytes[slash] != UInt8(ascii: "/") { slash += 1 }
            var region: Region?
            if slash < end {
                region = Region(headingText: string(slash + 1, end))
                guard let named = region, named.isNamed(string(slash + 1, end)) else {
                    report(.notARegion(word: string(start, end)), start, end)
                    return false
                }
            }
            let before = table.value(in: metadata)
            var day = before?.day
            guard dateValue(&day, known, start, keyEnd + 1, slash, end), let day else { return false }
            if let earlier = before?.region, let region, earlier != region {
                report(.secondRegion, start, end)
            }
            table.set(.scheduled(day, region ?? before?.region), in: &metadata)
            return true
        }
    }
}

/// How much of a title is plain (`plainRun`): its text as written, words one space apart, none of them `@`
/// metadata, a code span or a link.
struct PlainRun {
    /// The plain bytes: the whole title less the blanks around it when `isWhole`; the words before the `@`
    /// word, less the space between, when the run ended there (`restAtWord`); else empty.
    var plain: Range<Int>
    /// Whether the whole title is plain (most titles).
    var isWhole: Bool
    /// Where the rest starts when the run ended at an `@` that starts a word (metadata after the words,
    /// most often), and nothing else ended it before; nil otherwise.
    var restAtWord: Int?
}
