import DayPlan

/// One task as it stands in one day file of an archive: what `dayplan query` lists and `dayplan report`
/// counts. The same task on several days (moved on by rollover) is several of these, joined by `TaskPath`.
public struct ArchivedTask: Hashable, Sendable {
    /// The day the file plans.
    public var day: Day
    /// The file, as the caller names it (a path).
    public var file: String
    /// The 1-based line of the task line.
    public var line: Int
    /// The 1-based column of its bullet, in UTF-8 bytes (FORMAT.md, Positions).
    public var column: Int
    /// The region it stands in.
    public var region: Region
    /// Its bucket.
    public var bucket: Bucket
    /// Its status on that day.
    public var status: Status
    /// Its title, `#tags` and other tools' spellings included (its identity across days is `identity`).
    public var title: String
    /// Its `@from:` day, if any: the day it was planned for before rollover deferred it.
    public var from: Day?
    /// Its `@due:` day (deadline), if any.
    public var due: Day?
    /// Its `@on:` day (scheduled), if any.
    public var on: Day?
    /// Its `@priority:` (or another tool's spelling of it, `⏫`), if any.
    public var priority: String?
    /// Its `@est:`, in minutes, if any.
    public var estimate: Int?
    /// Its `@spent:` (the time spent on it that day), in minutes, if any.
    public var spent: Int?

    /// Makes an archived task.
    public init(day: Day, file: String, line: Int, column: Int, region: Region, bucket: Bucket, status: Status,
                title: String, from: Day? = nil) {
        self.day = day
        self.file = file
        self.line = line
        self.column = column
        self.region = region
        self.bucket = bucket
        self.status = status
        self.title = title
        self.from = from
    }

    /// The `#tags` of the title as written, without `#`, in order.
    public var tags: [String] {
        guard title.utf8.contains(UInt8(ascii: "#")) else { return [] }
        return PlanTask(bucket: bucket, title: title).tags
    }

    /// The tags it counts under: its tags, or the implied `inbox` when it has none (FORMAT.md §3.2).
    public var countedTags: [String] {
        let written = tags
        return written.isEmpty ? [ArchivedTask.implicitTag] : written
    }

    /// The tag of a task written without one.
    public static let implicitTag = "inbox"

    /// The task's identity across days: its title without other tools' spellings of its metadata, as rollover
    /// compares it (`PlanTask.identity`).
    public var identity: String { PlanTask.identityTitle(title) }

    /// Every task of a parsed day file that stands in a region, in file order.
    public static func tasks(of document: DayDocument, day: Day, file: String) -> [ArchivedTask] {
        var found: [ArchivedTask] = []
        for section in document.sections {
            guard let region = section.region else { continue }
            for task in section.tasks {
                var archived = ArchivedTask(day: day, file: file, line: task.line, column: task.source?.start.column ?? 1,
                                            region: region, bucket: task.bucket, status: task.status,
                                            title: task.title, from: task.metadata.from)
                archived.due = task.metadata.due
                archived.on = task.metadata.on
                archived.priority = task.metadata.priority
                archived.estimate = task.metadata.estimate
                archived.spent = task.metadata.spent
                found.append(archived)
            }
        }
        return found
    }
}
