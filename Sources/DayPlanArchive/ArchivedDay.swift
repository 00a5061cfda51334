import DayPlan

/// One day file of an archive, read once for `dayplan query` and `dayplan report`: its day, its figures and
/// its tasks. Made from a parsed file on whichever thread read it, so that the work of one file is done
/// there; the tasks are stored compactly (every title in one buffer, no string per task) and each is made
/// an `ArchivedTask` only when asked for.
public struct ArchivedDay: Sendable {
    /// One task line, without its title (which stands in `titles`) and its rarer `@due:` and `@on:` days
    /// (in `dated`): 32 bytes, so that an archive's tasks take little memory (a page touched costs time).
    /// A day file is at most 512 MB (`FileSystem`), so its lines, columns and titles' bytes count in 32 bits.
    struct Record: Sendable {
        /// The title's hash (`PlanTask.identityHash`: equal titles, as Swift compares them, hash equally).
        var titleHash = 0
        private var storedLine: Int32
        private var storedColumn: Int32
        /// Where its title ends in `titles`; it starts where the previous one ends.
        private var storedTitleEnd: Int32 = 0
        var from: Day?
        var region: Region
        var bucket: Bucket
        var status: Status

        init(line: Int, column: Int, from: Day?, region: Region, bucket: Bucket, status: Status) {
            storedLine = Int32(truncatingIfNeeded: line)
            storedColumn = Int32(truncatingIfNeeded: column)
            self.from = from
            self.region = region
            self.bucket = bucket
            self.status = status
        }

        var line: Int { Int(storedLine) }
        var column: Int { Int(storedColumn) }
        var titleEnd: Int {
            get { Int(storedTitleEnd) }
            set { storedTitleEnd = Int32(truncatingIfNeeded: newValue) }
        }
    }

    /// The day the file plans.
    public let day: Day
    /// The file, as the caller names it (a path).
    public let file: String
    /// What `ArchiveReport` takes from a day file, found where the file was read. Ages count from a task's
    /// first planned day as if the task stood alone (its day, or an earlier `@from:`); the report corrects
    /// them for the tasks that continue another (`TaskArchive`), which can only make them older.
    struct Figures: Sendable {
        /// The figures of its tasks.
        var statistics = DayStatistics()
        /// The tags written on its done tasks, each with how many of them carry it, in the order first met.
        /// The implied `inbox` of a task without tags is not among them: such a task counts in `untaggedDone`.
        var doneTags: [(tag: String, count: Int)] = []
        /// How many of its done tasks have no tag.
        var untaggedDone = 0
        /// Per done task, in order: the days from first planned to done.
        var leadTimes: [Int] = []
        /// The Backlog's tasks not done or cancelled: how many, their ages added up, and the oldest's age.
        var backlog = (count: 0, totalAge: 0, oldest: 0)

        /// Counts one task of a file planning `day`.
        mutating func add(_ record: Record, title: UnsafeBufferPointer<UInt8>, on day: Day) {
            statistics.add(region: record.region, bucket: record.bucket, status: record.status)
            let age = record.from.map { $0 < day ? $0.days(until: day) : 0 } ?? 0
            if record.region == .backlog, record.status != .done, record.status != .cancelled {
                backlog.count += 1
                backlog.totalAge += age
                backlog.oldest = max(backlog.oldest, age)
            }
            guard record.status == .done else { return }
            leadTimes.append(age)
            var tagged = false
            PlanTask.forEachTag(inTitle: title) { tag in
                tagged = true
                count(String(decoding: tag, as: UTF8.self)) { $0.tag.utf8.elementsEqual(tag) }
            }
            if !tagged { untaggedDone += 1 }
        }

        private mutating func count(_ tag: @autoclosure () -> String, where same: ((tag: String, count: Int)) -> Bool) {
            if let index = doneTags.firstIndex(where: same) {
                doneTags[index].count += 1
            } else {
                doneTags.append((tag(), 1))
            }
        }
    }

    /// The figures `ArchiveReport` takes, when gathered as the file was read.
    var gathered: Figures? { gatheredBox?.figures }
    /// The gathered figures, kept on the heap: absent (a query gathers none), they take no room in an archived day.
    private var gatheredBox: GatheredFigures?

    /// Whether a task is moved (`[>]`).
    private(set) var hasMovedOn = false
    private(set) var records: [Record] = []
    /// Every title's UTF-8 bytes, one after the other.
    private var titles: [UInt8] = []
    /// The `@due:` and `@on:` days and `@priority:` of the tasks that have one, by index.
    private var dated: [Int: Dated] = [:]

    /// A task's rarer facts: its `@due:` and `@on:` days, its `@priority:` (index in `MetadataKey.priorities`),
    /// and its `@est:` and `@spent:` minutes.
    struct Dated {
        var due: Day?, on: Day?
        var priority: String?
        var estimate: Int?, spent: Int?

        /// The facts of `metadata`; nil when it has none of them (most tasks).
        init?(_ metadata: TaskMetadata) {
            self.init(due: metadata.due, on: metadata.on, priority: metadata.priority, estimate: metadata.estimate, spent: metadata.spent)
        }

        init?(due: Day?, on: Day?, priority: String?, estimate: Int? = nil, spent: Int? = nil) {
            guard due != nil || on != nil || priority != nil || estimate != nil || spent != nil else { return nil }
            (self.due, self.on, self.priority, self.estimate, self.spent) = (due, on, priority, estimate, spent)
        }
    }

    /// The tasks of a parsed day file that stand in a region, in file order (what `ArchivedTask.tasks(of:day:file:)`
    /// gives), and, unless `figures` is false (for a caller that only lists tasks), the figures a report
    /// takes from it, while the file is at hand.
    public init(_ document: DayDocument, day: Day, file: String, figures: Bool = true) {
        self.day = day
        self.file = file
        var gathering: Figures? = figures ? Figures() : nil
        defer { gatheredBox = gathering.map(GatheredFigures.init) }
        // Sized exactly first: growing the buffers would copy them and leave memory behind.
        var count = 0, titleBytes = 0
        for section in document.sections where section.region != nil {
            section.items.withUnsafeBufferPointer { items in
                for index in items.indices {
                    guard case .task(let task) = items[index] else { continue }
                    count += 1
                    titleBytes += task.title.utf8.count
                }
            }
        }
        records.reserveCapacity(count)
        titles.reserveCapacity(titleBytes)
        for section in document.sections {
            guard let region = section.region else { continue }
            section.items.withUnsafeBufferPointer { items in
                for index in items.indices {
                    guard case .task(let task) = items[index] else { continue }
                    var title = task.title
                    title.withUTF8 { append(task, in: region, title: $0, gathering: &gathering) }
                }
            }
        }
    }

    /// A day file read for the archive, before the day it plans is known (its name says it, else its heading):
    /// its findings, its heading's day, and its tasks' records (`ArchiveReading`: no document of its lines, no
    /// string per title).
    public struct Reading: Sendable {
        /// What the parser found, as `DayDocument(parsing:)` finds it.
        public var diagnostics: [Diagnostic] { document.diagnostics }
        /// The day its heading names, if any.
        public var headingDay: Day? { document.day }
        let bytes: [UInt8]
        /// The sections' headings, the day and the findings; no lines.
        let document: DayDocument
        let tasks: ArchiveReading

        /// Reads a day file's bytes.
        public init(_ bytes: [UInt8]) {
            self.bytes = bytes
            (document, tasks) = DayDocument.readingArchiveRecords(of: bytes)
        }
    }

    /// The tasks of a day file read for the archive, as `init(_:day:file:figures:)` makes them from the file
    /// parsed whole.
    public init(_ reading: Reading, day: Day, file: String, figures: Bool = true) {
        guard reading.tasks.titleCount == reading.tasks.records.count else {
            // Every task read has its title: this is only a guard, by the whole reading.
            self = ArchivedDay(DayDocument(parsing: reading.bytes), day: day, file: file, figures: figures)
            return
        }
        self.day = day
        self.file = file
        records = reading.tasks.records
        titles = reading.tasks.titles
        dated = reading.tasks.dated
        hasMovedOn = reading.tasks.hasMovedOn
        count = records.count
        if figures { gatheredBox = GatheredFigures(self.figures) }
    }

    /// The tasks given, all of `day` and `file`, in the order given (file order: by line).
    public init(day: Day, file: String, tasks: some Sequence<ArchivedTask>) {
        self.day = day
        self.file = file
        var gathering: Figures? = Figures()
        defer { gatheredBox = gathering.map(GatheredFigures.init) }
        for task in tasks {
            var title = task.title
            title.withUTF8 { title in
                append(Record(line: task.line, column: task.column, from: task.from, region: task.region, bucket: task.bucket,
                              status: task.status),
                       dated: Dated(due: task.due, on: task.on, priority: task.priority, estimate: task.estimate, spent: task.spent),
                       title: title, gathering: &gathering)
            }
        }
    }

    /// Adds a parsed task standing in `region`, whose title is `title`.
    private mutating func append(_ task: PlanTask, in region: Region, title: UnsafeBufferPointer<UInt8>, gathering: inout Figures?) {
        append(Record(line: task.line, column: task.source?.start.column ?? 1, from: task.metadata.from,
                      region: region, bucket: task.bucket, status: task.status),
               dated: Dated(task.metadata), title: title, gathering: &gathering)
    }

    /// Adds a task's record and title, counting it in `gathering` if figures are gathered.
    private mutating func append(_ record: Record, dated dates: Dated?, title: UnsafeBufferPointer<UInt8>,
                                 gathering: inout Figures?) {
        var record = record
        if let dates { dated[records.count] = dates }
        record.titleHash = PlanTask.identityHash(utf8: title)
        titles.append(contentsOf: title)
        record.titleEnd = titles.count
        records.append(record)
        count = records.count
        if record.status == .moved { hasMovedOn = true }
        gathering?.add(record, title: title, on: day)
    }

    /// The figures `ArchiveReport` takes: as gathered when the file was read, else counted now.
    var figures: Figures {
        if let gathered { return gathered }
        var figures = Figures()
        titles.withUnsafeBufferPointer { titles in
            for index in records.indices {
                let start = index == 0 ? 0 : records[index - 1].titleEnd
                figures.add(records[index], title: UnsafeBufferPointer(rebasing: titles[start..<records[index].titleEnd]), on: day)
            }
        }
        return figures
    }

    /// The figures of its tasks (all four regions; `DayStatistics`).
    public var statistics: DayStatistics { figures.statistics }

    /// How many tasks the file has in its regions.
    public private(set) var count = 0

    /// The task at `index` (0 to `count` − 1), in file order.
    public subscript(index: Int) -> ArchivedTask {
        let record = records[index]
        var task = ArchivedTask(day: day, file: file, line: record.line, column: record.column, region: record.region,
                                bucket: record.bucket, status: record.status,
                                title: String(decoding: titleUTF8(at: index), as: UTF8.self), from: record.from)
        task.due = dated[index]?.due
        task.on = dated[index]?.on
        task.priority = dated[index]?.priority
        task.estimate = dated[index]?.estimate
        task.spent = dated[index]?.spent
        return task
    }

    /// The `@due:` day of the task at `index`, if any.
    public func due(at index: Int) -> Day? { dated.isEmpty ? nil : dated[index]?.due }

    /// The `@on:` day of the task at `index`, if any.
    public func on(at index: Int) -> Day? { dated.isEmpty ? nil : dated[index]?.on }

    /// The `@priority:` of the task at `index` (or another tool's spelling of it), if any.
    public func priority(at index: Int) -> String? { dated.isEmpty ? nil : dated[index]?.priority }

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

    /// Whether a task of this file has the identity of the task at `index` of `day` (`PlanTask.identity`: the
    /// title, compared as Swift compares strings): whether this file, on a later day, may continue it.
    func holdsTask(sameAs index: Int, of day: ArchivedDay) -> Bool {
        let hash = day.records[index].titleHash
        return records.indices.contains { records[$0].titleHash == hash && day.sameTitle(at: index, as: $0, in: self) }
    }

    /// Whether the tasks at `index` here and at `other` in `day` have the same identity (`PlanTask.identity`:
    /// the title, compared as Swift compares strings).
    func sameTitle(at index: Int, as other: Int, in day: ArchivedDay) -> Bool {
        guard records[index].titleHash == day.records[other].titleHash else { return false }
        return titleUTF8(at: index).withUnsafeBufferPointer { mine in
            day.titleUTF8(at: other).withUnsafeBufferPointer { theirs in PlanTask.sameIdentity(utf8: mine, theirs) }
        }
    }
}

/// An archived day's figures, kept on the heap (`ArchivedDay.gathered`).
final class GatheredFigures: Sendable {
    let figures: ArchivedDay.Figures

    init(_ figures: ArchivedDay.Figures) {
        self.figures = figures
    }
}
