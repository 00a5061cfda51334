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
        for section in document.sections {
            guard let region = section.region else { continue }
            // Through a pointer: a task is read field by field, never copied whole.
            section.tasks.withUnsafeBufferPointer { tasks in
                for index in tasks.indices {
                    append(Record(line: tasks[index].line, column: tasks[index].source?.start.column ?? 1, titleEnd: 0,
                                  titleHash: 0, from: tasks[index].metadata.from, due: tasks[index].metadata.due,
                                  on: tasks[index].metadata.on, region: region, bucket: tasks[index].bucket,
                                  status: tasks[index].status), of: tasks[index])
                }
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
        titles.append(contentsOf: task.title.utf8)
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
    /// compared) share, made from its bytes: FNV-1a over them, when they are ASCII or spell ASCII but for
    /// the three characters that stand for an ASCII one (U+037E for `;`, U+1FEF for `` ` ``, U+212A for `K`),
    /// else Swift's own (slower, normalizing) string hash.
    static func identityHash(_ title: String) -> Int {
        func fnv(_ bytes: some Sequence<UInt8>) -> Int {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return Int(truncatingIfNeeded: hash)
        }
        var title = title
        let ascii = title.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } ? fnv(bytes) : nil }
        if let ascii { return ascii }
        var spelled: [UInt8] = []
        for scalar in title.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: spelled.append(UInt8(scalar.value))
            case 0x37E: spelled.append(UInt8(ascii: ";"))
            case 0x1FEF: spelled.append(UInt8(ascii: "`"))
            case 0x212A: spelled.append(UInt8(ascii: "K"))
            default: return title.hashValue
            }
        }
        return fnv(spelled)
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
