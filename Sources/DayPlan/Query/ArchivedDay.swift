/// One day file of an archive, read once for `dayplan query` and `dayplan report`: its day, its figures and
/// its tasks. Made from a parsed file on whichever thread read it, so that the work of one file is done
/// there; the tasks are stored compactly (every title in one buffer, no string per task) and each is made
/// an `ArchivedTask` only when asked for.
public struct ArchivedDay: Sendable {
    /// One task line, without its title (which stands in `titles`).
    struct Record: Sendable {
        var line: Int
        var column: Int
        /// Where its title ends in `titles`; it starts where the previous one ends.
        var titleEnd: Int
        /// The title's hash (`identityHash`: equal titles, as Swift compares them, hash equally).
        var titleHash: Int
        var from: Day?
        var due: Day?
        var on: Day?
        var region: Region
        var bucket: Bucket
        var status: Status
    }

    /// The day the file plans.
    public let day: Day
    /// The file, as the caller names it (a path).
    public let file: String
    /// The figures of its tasks (all four regions; `DayStatistics`).
    public private(set) var statistics = DayStatistics()
    /// The tags of its done tasks (`ArchivedTask.countedTags`: `inbox` for a task without tags), each with
    /// how many of them carry it, in the order first met.
    public private(set) var doneTags: [(tag: String, count: Int)] = []
    private(set) var records: [Record] = []
    /// Every title's UTF-8 bytes, one after the other.
    private var titles: [UInt8] = []

    /// The tasks of a parsed day file that stand in a region, in file order (what `ArchivedTask.tasks(of:day:file:)`
    /// gives), with their figures.
    public init(_ document: DayDocument, day: Day, file: String) {
        self.day = day
        self.file = file
        var count = 0, titleBytes = 0
        for section in document.sections where section.region != nil {
            for case .task(let task) in section.items {
                count += 1
                titleBytes += task.title.utf8.count
            }
        }
        records.reserveCapacity(count)
        titles.reserveCapacity(titleBytes)
        for section in document.sections {
            guard let region = section.region else { continue }
            for case .task(let task) in section.items {
                append(Record(line: task.line, column: task.source?.start.column ?? 1, titleEnd: 0, titleHash: 0,
                              from: task.metadata.from, due: task.metadata.due, on: task.metadata.on, region: region,
                              bucket: task.bucket, status: task.status), of: task)
            }
        }
    }

    /// The tasks given, all of `day` and `file`, in the order given (file order: by line).
    public init(day: Day, file: String, tasks: some Sequence<ArchivedTask>) {
        self.day = day
        self.file = file
        for task in tasks {
            append(Record(line: task.line, column: task.column, titleEnd: 0, titleHash: 0, from: task.from,
                          due: task.due, on: task.on, region: task.region, bucket: task.bucket, status: task.status),
                   of: PlanTask(bucket: task.bucket, status: task.status, title: task.title))
        }
    }

    private mutating func append(_ record: Record, of task: PlanTask) {
        var record = record
        record.titleHash = ArchivedDay.identityHash(task.title)
        if task.title.utf8.withContiguousStorageIfAvailable({ titles.append(contentsOf: $0) }) == nil {
            titles.append(contentsOf: task.title.utf8)
        }
        record.titleEnd = titles.count
        records.append(record)
        statistics.add(region: record.region, bucket: record.bucket, status: record.status)
        guard record.status == .done else { return }
        var tagged = false
        PlanTask.forEachTag(of: task) { tag in
            tagged = true
            if let index = doneTags.firstIndex(where: { $0.tag.utf8.elementsEqual(tag) }) {
                doneTags[index].count += 1
            } else {
                doneTags.append((String(decoding: tag, as: UTF8.self), 1))
            }
        }
        guard !tagged else { return }
        if let index = doneTags.firstIndex(where: { $0.tag == ArchivedTask.implicitTag }) {
            doneTags[index].count += 1
        } else {
            doneTags.append((ArchivedTask.implicitTag, 1))
        }
    }

    /// A hash of a title that titles Swift holds equal (canonically equivalent, as `PlanTask.identity` is
    /// compared) share, made from its bytes rather than by Swift's string hash, which normalizes every
    /// title that is not ASCII.
    ///
    /// An ASCII title hashes as its bytes. Otherwise each word (between spaces, which canonical equivalence
    /// never moves, adds or joins to a neighbour) counts by itself: a word of ASCII and the three characters
    /// that stand for one ASCII character (U+037E `;`, U+1FEF `` ` ``, U+212A `K`) as that ASCII, any other
    /// word by Swift's hash of it. Equal titles have equal words, so equal hashes.
    static func identityHash(_ title: String) -> Int {
        var title = title
        return title.withUTF8 { bytes in
            var hasher = ByteHasher()
            if hasher.addASCII(UnsafeRawBufferPointer(bytes)) { return hasher.finish() }
            hasher = ByteHasher()
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: " ") { end += 1 }
                if let spelled = asciiSpelling(of: bytes[start..<end]) {
                    for byte in spelled { hasher.add(byte) }
                } else {
                    hasher.add(0xFF)
                    withUnsafeBytes(of: String(decoding: bytes[start..<end], as: UTF8.self).hashValue) {
                        for byte in $0 { hasher.add(byte) }
                    }
                }
                if end < bytes.count { hasher.add(UInt8(ascii: " ")) }
                start = end + 1
            }
            return hasher.finish()
        }
    }

    /// A word's bytes as ASCII (U+037E, U+1FEF and U+212A as the ASCII character each stands for), lazily;
    /// nil when it has another character beyond ASCII.
    private static func asciiSpelling(of word: Slice<UnsafeBufferPointer<UInt8>>) -> [UInt8]? {
        guard word.contains(where: { $0 >= 0x80 }) else { return Array(word) }
        var spelled: [UInt8] = []
        var i = word.startIndex
        while i < word.endIndex {
            let byte = word[i]
            if byte < 0x80 {
                spelled.append(byte)
                i += 1
            } else if byte == 0xCD, i + 1 < word.endIndex, word[i + 1] == 0xBE {
                spelled.append(UInt8(ascii: ";"))
                i += 2
            } else if byte == 0xE1, i + 2 < word.endIndex, word[i + 1] == 0xBF, word[i + 2] == 0xAF {
                spelled.append(UInt8(ascii: "`"))
                i += 3
            } else if byte == 0xE2, i + 2 < word.endIndex, word[i + 1] == 0x84, word[i + 2] == 0xAA {
                spelled.append(UInt8(ascii: "K"))
                i += 3
            } else {
                return nil
            }
        }
        return spelled
    }

    /// How many tasks the file has in its regions.
    public var count: Int { records.count }

    /// The task at `index` (0 to `count` − 1), in file order.
    public subscript(index: Int) -> ArchivedTask {
        let record = records[index]
        var task = ArchivedTask(day: day, file: file, line: record.line, column: record.column, region: record.region,
                                bucket: record.bucket, status: record.status,
                                title: String(decoding: titleUTF8(at: index), as: UTF8.self), from: record.from)
        task.due = record.due
        task.on = record.on
        return task
    }

    /// The title of the task at `index` as UTF-8 bytes, without making a string.
    public func titleUTF8(at index: Int) -> ArraySlice<UInt8> {
        titles[(index == 0 ? 0 : records[index - 1].titleEnd)..<records[index].titleEnd]
    }

    /// The status of the task at `index`.
    public func status(at index: Int) -> Status { records[index].status }

    /// The 1-based line of the task at `index`.
    public func line(at index: Int) -> Int { records[index].line }

    /// The 1-based column of the bullet of the task at `index`, in UTF-8 bytes.
    public func column(at index: Int) -> Int { records[index].column }

    /// Whether the tasks at `index` here and at `other` in `day` have the same identity (`PlanTask.identity`:
    /// the title, compared as Swift compares strings).
    func sameTitle(at index: Int, as other: Int, in day: ArchivedDay) -> Bool {
        guard records[index].titleHash == day.records[other].titleHash else { return false }
        let mine = titleUTF8(at: index), theirs = day.titleUTF8(at: other)
        if mine.elementsEqual(theirs) { return true }
        return String(decoding: mine, as: UTF8.self) == String(decoding: theirs, as: UTF8.self)
    }
}

/// A hash of a stream of bytes, eight at a time (multiply and shift, after FNV and splitmix): the same bytes
/// hash the same however they are handed over.
private struct ByteHasher {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    private var pending: UInt64 = 0
    private var count = 0

    private mutating func mix(_ word: UInt64) {
        hash = (hash ^ word) &* 0x9e37_79b9_7f4a_7c15
        hash ^= hash >> 32
    }

    /// Adds one byte.
    mutating func add(_ byte: UInt8) {
        pending |= UInt64(byte) << UInt64((count & 7) * 8)
        count += 1
        if count & 7 == 0 {
            mix(pending)
            pending = 0
        }
    }

    /// Adds `bytes` to a hasher given nothing yet, and tells whether they are all ASCII (if not, the hash is
    /// of no use).
    mutating func addASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        precondition(count == 0)
        var high: UInt64 = 0, i = 0
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            high |= word
            mix(word)
            i += 8
        }
        count = i
        while i < bytes.count {
            high |= UInt64(bytes[i])
            add(bytes[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// The hash of every byte added.
    func finish() -> Int {
        var copy = self
        copy.mix(pending)
        copy.mix(UInt64(count))
        return Int(truncatingIfNeeded: copy.hash)
    }
}
