/// The tasks `Linter`'s rules look at, as they are (titles included): the open tasks of the regions (the
/// 1-3-5 rule, repeated tasks, deadlines); no other line and no note. So a big file costs little more
/// memory than its bytes. The title of a task it does not keep is not made (`structureStandIn`).
///
/// An open Backlog task is set aside (`SetAsideTasks`) unless the date rules may report it (DP051, DP052, on
/// today's plan): only the repeated-task rule (DP025) reads it then, and that rule needs its title's hash and
/// where its line is, not the task. A Backlog of a million tasks so takes a few dozen megabytes, not hundreds.
struct LintReading: KeepsLines {
    var lines: DocumentLines
    /// The region of the section being read; nil outside the regions.
    var region: Region?
    /// The current day, when lint knows it, and the age from which a task is carried for long (DP052).
    let today: Day?
    let carriedWarningDays: Int
    /// The day the file plans: its day heading's, else its file name's (as `Linter.Subject.isToday` reads it).
    var planDay: Day?
    /// The open Backlog tasks not kept in `lines`.
    var setAside: SetAsideTasks

    var keepsText: Bool { false }
    mutating func section(_ section: Section, replacingLast: Bool) {
        region = section.region
        lines.section(section, replacingLast: replacingLast)
    }
    mutating func line(_ item: consuming Item, in part: FilePart) {}
    mutating func dayHeading(_ text: String, day: Day?) {
        if let day { planDay = day }
    }

    /// Whether a task of this status, in `region`, is one the rules look at.
    static func keeps(_ status: Status, in region: Region?) -> Bool {
        status.isOpen && region != nil
    }

    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?) {
        guard part == .section, LintReading.keeps(task.status, in: region) else { return }
        if region == .backlog, !isReadByDateRules(task) {
            setAside.append(task, section: lines.sections.count - 1)
            return
        }
        lines.append(.task(task), in: part)
    }

    /// Whether the overdue (DP051) or long-carried (DP052) rule may report `task`: the file is today's plan, and
    /// the task is due or was first planned long ago.
    func isReadByDateRules(_ task: borrowing PlanTask) -> Bool {
        guard let today, planDay == today else { return false }
        return Rule.isOverdue(task, on: today) || LongCarried.carriedAge(of: task, on: today, days: carriedWarningDays) != nil
    }

    mutating func title(_ words: UnsafeBufferPointer<UInt8>, scan: NoTitleScan?, status: Status, due: Day?) -> String {
        guard LintReading.keeps(status, in: region) else { return words.isEmpty ? "" : structureStandIn }
        return String(decoding: words, as: UTF8.self)
    }
}

/// The open Backlog tasks with a title that lint's reading sets aside (`LintReading`): each one's title hash
/// (`PlanTask.identityHash`), bucket, status and where its line is in the input, from which the task is read
/// again when the repeated-task rule (DP025) must look at it.
struct SetAsideTasks {
    /// One task set aside.
    struct Entry {
        let hash: Int
        /// Where the task's line is: its bullet's offset, line and column, and its length to the end of its text.
        let offset: Int, line: Int
        let column: UInt32, length: UInt32
        /// The index of its section in the document (a file within the 512 MiB a day file may be has fewer
        /// than 2^31 lines).
        let section: Int32
        let bucket: Bucket
        let status: Status
    }

    /// The input the tasks stand in.
    let input: [UInt8]
    var entries: [Entry] = []

    /// Notes where `task`, in the document's section `section`, is; a task without a title is no task to
    /// compare (the rule passes over it) and is not noted.
    mutating func append(_ task: borrowing PlanTask, section: Int) {
        guard !task.title.isEmpty, let source = task.source, section <= Int(Int32.max) else { return }
        entries.append(Entry(hash: PlanTask.identityHash(task.title), offset: source.start.offset,
                             line: source.start.line, column: UInt32(clamping: source.start.column),
                             length: UInt32(clamping: source.end.offset - source.start.offset),
                             section: Int32(section), bucket: task.bucket, status: task.status))
    }

    /// The task of `entries[index]` as the parser reads its line on its own (`DayDocument.task(onLine:)`), where
    /// it stands in the input; nil if the line holds no task.
    func task(_ index: Int) -> PlanTask? {
        let entry = entries[index]
        let end = min(input.count, entry.offset + Int(entry.length))
        guard entry.offset <= end, var task = DayDocument.task(onLine: input[entry.offset..<end])?.task else { return nil }
        let start = SourcePosition(offset: entry.offset, line: entry.line, column: Int(entry.column))
        task.source = (start, SourcePosition(offset: end, line: start.line, column: start.column + (end - entry.offset)))
        return task
    }
}

extension DayDocument {
    /// Parses a day file for what `Linter` checks: the same sections, day and diagnostics as
    /// `init(parsing:)`, but the sections hold only the tasks the linter looks at (`LintReading`), and the open
    /// Backlog tasks that only the repeated-task rule reads are set aside. `fileName`, `today` and
    /// `carriedWarningDays` are the linter's.
    static func readForLint(_ bytes: [UInt8], fileName: String?, today: Day?, carriedWarningDays: Int) -> (DayDocument, SetAsideTasks) {
        bytes.withUnsafeBufferPointer { buffer in
            let reading = LintReading(lines: DocumentLines(buffer), today: today, carriedWarningDays: carriedWarningDays,
                                      planDay: fileName.flatMap(Day.init(fileNameOf:)), setAside: SetAsideTasks(input: bytes))
            var parser = Parser(buffer, reading)
            let document = parser.parseKeepingLines()
            return (document, parser.sink.setAside)
        }
    }
}
