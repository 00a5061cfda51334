import DayPlan
import DayPlanJSON

/// A day plan as data: what `dayplan export` writes and `dayplan import` reads (EXPORT.md, schema version 1).
///
/// It holds exactly what the canonical form of a day file says, no more: the lines of free text as
/// `dayplan fmt` prints them, and each task as a `PlanTask`. So a record made from a file and printed again
/// gives that file's canonical form byte for byte, and an app can read and write day files through it
/// without the command line (`DayRecord(document:date:)`, `document`, `canonicalBytes()`).
public struct DayRecord: Hashable, Sendable {
    /// The day the file plans: the date in its file name (or, without one, in its day heading).
    public var date: Day
    /// The day heading's text as written (`2026-11-20 Friday`); nil when the file has no day heading.
    public var heading: String?
    /// The line ending every line is written with.
    public var lineEnding: LineEnding
    /// The front matter's lines, its `---` lines included; empty when there is none.
    public var frontMatter: [String]
    /// The lines before the day heading, as printed (runs of blank lines as one `""`).
    public var leading: [String]
    /// The lines between the day heading and the first section, as printed.
    public var preamble: [String]
    /// The regions in canonical order: all four, or none for an empty day (§2.1 of FORMAT.md).
    public var regions: [RegionRecord]
    /// The other sections (`## Notes`) in the order they appear.
    public var sections: [SectionRecord]

    /// Makes a record; by default a day with the heading `# YYYY-MM-DD` (a nil `heading` here means the date;
    /// set the property to nil afterwards for a file without a day heading) and four empty regions.
    public init(date: Day, heading: String? = nil, lineEnding: LineEnding = .lf, frontMatter: [String] = [],
                leading: [String] = [], preamble: [String] = [],
                regions: [RegionRecord] = Region.allCases.map { RegionRecord(region: $0) },
                sections: [SectionRecord] = []) {
        self.date = date
        self.heading = heading ?? date.description
        self.lineEnding = lineEnding
        self.frontMatter = frontMatter
        self.leading = leading
        self.preamble = preamble
        self.regions = regions
        self.sections = sections
    }

    /// The record of a parsed day file planning `date`; nil when the document has errors that block
    /// formatting (`formattingBlockers`: its canonical form, and so its record, would be a guess).
    public init?(document: DayDocument, date: Day) {
        self.init(allButRegionsOf: document, date: date)
        regions = DayRecord.regionSections(of: document).map { region, index in
            index.map { RegionRecord(section: document.sections[$0], region: region) } ?? RegionRecord(region: region)
        }
    }

    /// The record of a parsed day file without its regions (`regions` empty), which `json(of:date:)` writes
    /// from the document itself; nil when the document has errors that block formatting.
    init?(allButRegionsOf document: DayDocument, date: Day) {
        guard document.formattingBlockers.isEmpty else { return nil }
        self.date = date
        heading = document.dayHeadingText
        lineEnding = document.lineEnding
        frontMatter = document.frontMatter
        leading = document.leading.contains { $0 != .blank } ? DayRecord.printedLines(document.leading) : []
        preamble = document.preamble.contains { $0 != .blank } ? DayRecord.printedLines(document.preamble) : []
        regions = []
        var after: Region?
        sections = document.sections.compactMap { section in
            guard case .other(let heading) = section.kind else {
                after = section.region
                return nil
            }
            return SectionRecord(heading: heading, lines: DayRecord.printedLines(section.items), after: after)
        }
    }

    /// A parsed day file's regions in canonical order, each with the index of its section if the file has
    /// one: all four, or none for an empty day (§2.1 of FORMAT.md).
    static func regionSections(of document: DayDocument) -> [(region: Region, index: Int?)] {
        document.isEmptyDay ? [] : Region.allCases.map { region in (region, document.sections.firstIndex { $0.region == region }) }
    }

    /// The day as a document, ready to print (`canonicalBytes()`); it has no diagnostics and no positions.
    public var document: DayDocument {
        var document = DayDocument(day: date, lineEnding: lineEnding)
        document.frontMatter = frontMatter
        document.leading = leading.map { .verbatim($0) }
        document.dayHeadingText = heading
        document.day = heading == nil ? nil : date
        // Any non-nil line: the file has a day heading, so it is not an empty day.
        document.dayHeadingLine = heading == nil ? nil : 1
        document.preamble = preamble.map { .verbatim($0) }
        // Each other section where it stood: before the regions, or after the region it followed.
        document.sections = sections.filter { $0.after == nil }.map(\.section)
        for region in regions {
            document.sections.append(region.section)
            document.sections += sections.filter { $0.after == region.region }.map(\.section)
        }
        // A section after a region the record lacks (an empty day has none) goes last.
        document.sections += sections.filter { section in
            section.after.map { after in !regions.contains { $0.region == after } } ?? false
        }.map(\.section)
        return document
    }

    /// The day file this record describes, in canonical form.
    public func canonicalBytes() -> [UInt8] {
        document.canonicalBytes()
    }

    /// Items as the printer writes them, one string a line: blank lines at the start and end dropped, runs of
    /// them as one `""`, lines inside code fences and comments as they are.
    static func printedLines(_ items: [Item]) -> [String] {
        var lines: [String] = []
        var started = false, blankPending = false
        for item in items {
            switch item {
            case .blank:
                if started { blankPending = true }
                continue
            case .text(let text), .verbatim(let text):
                if blankPending { lines.append("") }
                lines.append(text)
            case .task(let task):
                if blankPending { lines.append("") }
                lines.append(task.canonicalLine)
                lines += task.notes.map { $0.isEmpty ? "" : "  " + $0 }
            }
            blankPending = false
            started = true
        }
        return lines
    }
}

/// One region of a day: its heading as written, and its tasks with the free text between them.
public struct RegionRecord: Hashable, Sendable {
    /// Which region it is.
    public var region: Region
    /// The heading's text after the `#`s: the region's name, or the person's decorated heading (`Morning ☀️`).
    public var heading: String
    /// The heading's level: 2 (`##`) or 3 (`###`).
    public var level: Int
    /// The text of a `##` heading that groups the regions right before this one (`Today`), if any.
    public var group: String?
    /// The tasks, in order.
    public var tasks: [TaskRecord]
    /// Free-text lines after the last task (after the heading when there is no task), as printed.
    public var textAfter: [String]

    /// Makes a region; by default `## Region` with nothing under it.
    public init(region: Region, heading: String? = nil, level: Int = 2, group: String? = nil,
                tasks: [TaskRecord] = [], textAfter: [String] = []) {
        self.region = region
        self.heading = heading ?? region.name
        self.level = level
        self.group = group
        self.tasks = tasks
        self.textAfter = textAfter
    }

    /// The record of a parsed region section: its items as the printer writes them.
    init(section: Section, region: Region) {
        self.init(region: region, heading: section.canonicalHeadingText,
                  level: section.headingLevel, group: section.groupHeading)
        var tasks: [TaskRecord] = []
        tasks.reserveCapacity(section.items.count)
        textAfter = RegionRecord.forEachTask(in: section) { task, textBefore in
            tasks.append(TaskRecord(task: task, textBefore: textBefore, line: task.line))
        }
        self.tasks = tasks
    }

    /// Calls `body` with each task of a parsed region section and the free-text lines before it (as printed:
    /// blank lines at the start dropped, runs of them as one `""`), in order; returns the lines after the last
    /// task. The one reading of a section into records, for `init(section:region:)` and `DayRecord.json(of:date:)`.
    static func forEachTask(in section: Section, _ body: (PlanTask, [String]) -> Void) -> [String] {
        var pending: [String] = []
        var started = false, blankPending = false
        section.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if case .blank = items[index] {
                    if started { blankPending = true }
                    continue
                }
                if blankPending { pending.append("") }
                blankPending = false
                started = true
                switch items[index] {
                case .text(let text), .verbatim(let text): pending.append(text)
                case .task(let task):
                    body(task, pending)
                    pending = []
                case .blank: break
                }
            }
        }
        return pending
    }

    /// The region as a document section.
    var section: Section {
        var items: [Item] = []
        for task in tasks {
            items += task.textBefore.map { .verbatim($0) }
            items.append(.task(task.task))
        }
        items += textAfter.map { .verbatim($0) }
        var section = Section(kind: .region(region), items: items)
        section.headingText = heading
        section.headingLevel = level
        section.groupHeading = group
        return section
    }
}

/// One task of a region, with the free-text lines that stand right before it.
public struct TaskRecord: Hashable, Sendable {
    /// The task: bucket, status, title, metadata and notes.
    public var task: PlanTask
    /// Free-text lines between the previous task (or the heading) and this one, as printed.
    public var textBefore: [String]
    /// The task's 1-based line in the file it was read from; 0 for a task made in code. Not part of equality.
    public var line: Int

    /// Makes a task record.
    public init(task: PlanTask, textBefore: [String] = [], line: Int = 0) {
        self.task = task
        self.textBefore = textBefore
        self.line = line
    }

    /// Records are equal when they say the same; where the task stood does not count.
    public static func == (lhs: TaskRecord, rhs: TaskRecord) -> Bool {
        lhs.task == rhs.task && lhs.textBefore == rhs.textBefore
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(task)
        hasher.combine(textBefore)
    }
}

/// A section that is not a region (`## Notes`), as text.
public struct SectionRecord: Hashable, Sendable {
    /// The heading's text after `## `, as written.
    public var heading: String
    /// The lines under it, as printed.
    public var lines: [String]
    /// The region it follows in the file; nil when it stands before the regions.
    public var after: Region?

    /// Makes a section; by default it follows the Backlog.
    public init(heading: String, lines: [String] = [], after: Region? = .backlog) {
        self.heading = heading
        self.lines = lines
        self.after = after
    }

    /// The section as a document section.
    var section: Section {
        Section(kind: .other(heading), items: lines.map { .verbatim($0) })
    }
}
