import DayPlan

/// The parser's reading for the archive (`ArchivedDay.Reading`): each task of a region straight into the records
/// an `ArchivedDay` holds (its title's bytes in one buffer, its hash, line, column, bucket, status and dates), and
/// nothing else: no line is kept, no document is filled, no task is kept past its record. The same parser, so the
/// same tasks as a whole reading's `placedTasks` (a test reads generated files both ways).
struct ArchiveReading: DayReading {
    /// The tasks' records, in file order.
    var records: [ArchivedDay.Record] = []
    /// Every title's UTF-8 bytes, one after the other (a record's ends at its `titleEnd`).
    var titles: [UInt8] = []
    /// The `@due:` and `@on:` days and `@priority:` of the tasks that have one, by index.
    var dated: [Int: ArchivedDay.Dated] = [:]
    /// Whether a task is moved (`[>]`).
    var hasMovedOn = false
    /// How many titles the parser handed over: one per task, as every task read has its title.
    var titleCount = 0

    init(_ input: UnsafeBufferPointer<UInt8>) {
        // Room made once: a task takes a line of at least six bytes (`- [ ] `), and the titles are never longer
        // than the input; room never written to costs no memory.
        titles.reserveCapacity(input.count)
        // A task line and its notes take some 60 bytes in most plans; `fitted()` gives back what is left over.
        records.reserveCapacity(input.count / 32 + 4)
    }

    /// The records and titles in buffers of their own size, as an archive keeps them for long (thousands of days).
    mutating func fitted() -> ArchiveReading {
        func exact<Element>(_ array: [Element]) -> [Element] {
            array.capacity - array.count < 64 ? array : [Element](unsafeUninitializedCapacity: array.count) { buffer, count in
                _ = buffer.initialize(from: array)
                count = array.count
            }
        }
        titles = exact(titles)
        records = exact(records)
        return self
    }

    var keepsText: Bool { false }
    mutating func section(_ section: Section, replacingLast: Bool) {}
    mutating func line(_ item: consuming Item, in part: FilePart) {}

    mutating func title(_ words: UnsafeBufferPointer<UInt8>, scan: NoTitleScan?, status: Status, due: Day?) -> String {
        titles.append(contentsOf: words)
        titleCount += 1
        return words.isEmpty ? "" : structureStandIn
    }

    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?) {
        let titleStart = records.last?.titleEnd ?? 0
        // A task outside the regions is none of the archive's (the parser reads none there; this is only a guard).
        guard let region else { return titles.removeSubrange(titleStart...) }
        var record = ArchivedDay.Record(line: task.line, column: task.source?.start.column ?? 1, from: task.metadata.from,
                                        region: region, bucket: task.bucket, status: task.status)
        record.titleHash = titles.withUnsafeBufferPointer {
            PlanTask.identityHash(utf8: UnsafeBufferPointer(rebasing: $0[titleStart...]))
        }
        record.titleEnd = titles.count
        if let dates = ArchivedDay.Dated(task.metadata) { dated[records.count] = dates }
        if record.status == .moved { hasMovedOn = true }
        records.append(record)
    }
}

extension DayDocument {
    /// Parses a day file for the archive (`ArchiveReading`): the document's sections (headings only), day and
    /// findings as `init(parsing:)` finds them, and the records of its tasks in the regions.
    static func readingArchiveRecords(of bytes: [UInt8]) -> (document: DayDocument, tasks: ArchiveReading) {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(buffer, ArchiveReading(buffer))
            let document = parser.parse()
            return (document, parser.sink.fitted())
        }
    }
}
