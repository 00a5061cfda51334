import DayPlan
import DayPlanExport

/// Writes tasks as an iCalendar file (RFC 5545): one `VCALENDAR` with a `VTODO` per task, for calendar and
/// reminders apps (EXPORT.md, "iCalendar"). Days are given oldest first, one at a time, so that an archive of
/// any size streams through in flat memory.
///
/// A task keeps its `UID` from day to day: it is made from the task's identity (its title) and the first day
/// it was planned for. That day is followed through rollover: a task moved (`[>]`) from one day and found
/// again, by its title, in the next day given continues the earlier one (carried in its region, or deferred
/// to the Backlog, or moved forward in the Backlog); without that, its `@from:` day; without that, its own
/// day. A task moved on is written once, where it went.
///
/// A task is written once: two copies of one task on two days (one still open on an older day, and deferred
/// into a later day's Backlog) have one UID, and only the newest day's is written. The newest day of each UID
/// is learnt from a first pass over the same days (`survey(_:written:)`, then `endSurvey()`); without one,
/// every copy is written.
public struct CalendarExport: Sendable {
    /// Whether every task is written, or only open ones (to do, in progress).
    public let includesFinished: Bool
    /// Tasks moved on the day before, by title: their first day, and where they stood, until the next day
    /// says whether they continue there.
    private var movedOn: [Pending] = []
    /// Where each title stands in `movedOn`.
    private var movedOnIndex: [String: Int] = [:]
    /// The newest day each UID would be written on (by the UID's 64-bit hash), from the survey pass.
    private var newest: [UInt64: Day] = [:]
    /// Whether the days given are surveyed (nothing written) rather than written.
    private var surveying = false

    /// A task's first day and title, to number tasks that share both on one day.
    private struct UseKey: Hashable {
        var first: Day
        var title: String
    }

    private struct Pending: Sendable {
        var first: Day
        var task: PlanTask
        var day: Day
        var region: Region
        var written: Bool
        var continued = false
    }

    /// Starts a calendar; with `includesFinished`, done and cancelled tasks are written too (`--all`).
    public init(includesFinished: Bool) {
        self.includesFinished = includesFinished
    }

    /// `BEGIN:VCALENDAR` and the calendar's properties.
    public func start() -> [UInt8] {
        var output: [UInt8] = []
        for line in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//dayplan//DayPlan library//EN", "CALSCALE:GREGORIAN",
                     "X-WR-CALNAME:dayplan"] {
            CalendarExport.contentLine(line, to: &output)
        }
        return output
    }

    /// The first pass over the days, oldest first, exactly as they will then be given to `day(_:written:)`:
    /// notes the newest day each task would be written on, so that the second pass writes each task once.
    public mutating func survey(_ record: DayRecord, written: Bool = true) {
        surveying = true
        _ = day(record, written: written)
        surveying = false
    }

    /// Ends the first pass: what it learnt is kept, the chain of days is started again for the second.
    public mutating func endSurvey() {
        surveying = true
        var ignored: [UInt8] = []
        flushMovedOn(to: &ignored)
        surveying = false
    }

    /// The to-dos of one day, after the day before it. With `written` false the day only carries the
    /// chain of first days forward (a day before `--since`), and nothing of it is written.
    public mutating func day(_ record: DayRecord, written: Bool = true) -> [UInt8] {
        var output: [UInt8] = []
        var movedOnBytes: [UInt8] = []
        for step in walk(record, written: written, movedOnTo: &movedOnBytes) {
            todo(step.task, day: record.date, region: step.region, first: step.first, use: step.use, to: &output)
        }
        return output + movedOnBytes
    }

    /// One task as the export writes it, for `dayplan sync`: the task, where it stands, the day it was first
    /// planned for and its `UID`.
    public struct Entry: Sendable {
        /// The task.
        public var task: PlanTask
        /// The day whose file holds it.
        public var day: Day
        /// The region it stands in.
        public var region: Region
        /// The day it was first planned for, followed through rollover.
        public var first: Day
        /// Its `UID`.
        public var uid: String
    }

    /// The tasks of one day the export would write (`day(_:written:)`, without a survey), as values rather than text.
    public mutating func entries(_ record: DayRecord, written: Bool = true) -> [Entry] {
        var ignored: [UInt8] = []
        return walk(record, written: written, movedOnTo: &ignored).map { step in
            Entry(task: step.task, day: record.date, region: step.region, first: step.first,
                  uid: CalendarExport.uid(title: step.task.identity, first: step.first, use: step.use))
        }
    }

    /// The tasks of one day the export writes, as values: `entries(_:written:)` less those a later day holds too (learnt
    /// by the survey), for another format that writes each task once as the calendar does (todo.txt).
    public mutating func writtenEntries(_ record: DayRecord, written: Bool = true) -> [Entry] {
        var ignored: [UInt8] = []
        return walk(record, written: written, movedOnTo: &ignored).compactMap { step in
            let hash = CalendarExport.uidHash(title: step.task.identity, first: step.first, use: step.use)
            if let newest = newest[hash], newest > record.date { return nil }
            return Entry(task: step.task, day: record.date, region: step.region, first: step.first,
                         uid: CalendarExport.uid(title: step.task.identity, first: step.first, use: step.use))
        }
    }

    /// A task of a day to write: where it stands, its first day, and its count among tasks of the same first day
    /// and title.
    private struct Step {
        var task: PlanTask
        var region: Region
        var first: Day
        var use: Int
    }

    /// Follows one day's tasks (after the day before): the tasks to write, in order; what the previous day moved
    /// on that this day did not continue goes to `movedOnOutput` as text (with `includesFinished`).
    private mutating func walk(_ record: DayRecord, written: Bool, movedOnTo movedOnOutput: inout [UInt8]) -> [Step] {
        var steps: [Step] = []
        var next: [Pending] = []
        var nextIndex: [String: Int] = [:]
        var uses: [UseKey: Int] = [:]
        for region in record.regions {
            for entry in region.tasks {
                let task = entry.task
                var earlier: Day?
                if let index = movedOnIndex[task.identity], !movedOn[index].continued {
                    movedOn[index].continued = true
                    earlier = movedOn[index].first
                }
                let first = earlier ?? task.metadata.from ?? record.date
                if task.status == .moved {
                    if nextIndex[task.identity] == nil {
                        nextIndex[task.identity] = next.count
                        next.append(Pending(first: first, task: task, day: record.date, region: region.region, written: written))
                    }
                    continue
                }
                guard written else { continue }
                let key = UseKey(first: first, title: task.identity)
                guard includesFinished || task.status.isOpen else {
                    // A finished copy is not written, but it is the task's newest day: an older open copy is not either.
                    if surveying { note(CalendarExport.uidHash(title: task.identity, first: first, use: (uses[key] ?? 0) + 1), on: record.date) }
                    continue
                }
                uses[key, default: 0] += 1
                steps.append(Step(task: task, region: region.region, first: first, use: uses[key] ?? 1))
            }
        }
        flushMovedOn(to: &movedOnOutput)
        movedOn = next
        movedOnIndex = nextIndex
        return steps
    }

    /// The tasks moved on from the last day given, which no later day continued, and `END:VCALENDAR`.
    public mutating func finish() -> [UInt8] {
        var output: [UInt8] = []
        flushMovedOn(to: &output)
        CalendarExport.contentLine("END:VCALENDAR", to: &output)
        return output
    }

    /// A task moved on whose continuation is not among the days given is still to do: with `--all`, it is
    /// written as it stood, NEEDS-ACTION.
    private mutating func flushMovedOn(to output: inout [UInt8]) {
        if includesFinished {
            for pending in movedOn where pending.written && !pending.continued {
                todo(pending.task, day: pending.day, region: pending.region, first: pending.first, use: 1, to: &output)
            }
        }
        movedOn = []
        movedOnIndex = [:]
    }

    /// The stable identifier of a task first planned for `first`: the day and a 64-bit FNV-1a hash of the
    /// day and the title (and, for the second task of the same title on one day, its count).
    public static func uid(title: String, first: Day, use: Int = 1) -> String {
        var bytes: [UInt8] = []
        writeUID(title: title, first: first, use: use, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeUID(title: String, first: Day, use: Int, to output: inout [UInt8]) {
        var day: [UInt8] = []
        first.write(to: &day)
        let hash = uidHash(title: title, first: first, use: use)
        output.append(contentsOf: day)
        output.append(UInt8(ascii: "-"))
        let digits = Array("0123456789abcdef".utf8)
        for shift in stride(from: 60, through: 0, by: -4) { output.append(digits[Int((hash >> UInt64(shift)) & 0xF)]) }
        output.append(contentsOf: "@dayplan".utf8)
    }

    /// The 64-bit FNV-1a hash of a UID: of the first day, the title and (past the first) the count.
    static func uidHash(title: String, first: Day, use: Int) -> UInt64 {
        var day: [UInt8] = []
        first.write(to: &day)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for byte in day { mix(byte) }
        mix(0x1F)
        for byte in title.utf8 { mix(byte) }
        if use > 1 {
            mix(0x1F)
            for byte in String(use).utf8 { mix(byte) }
        }
        return hash
    }

    /// The `STATUS` of a task.
    public static func status(_ status: Status) -> String {
        switch status {
        case .todo, .moved: "NEEDS-ACTION"
        case .inProgress: "IN-PROCESS"
        case .done: "COMPLETED"
        case .cancelled: "CANCELLED"
        }
    }

    /// The `PRIORITY` of a bucket: must 1 (highest), complementary 5, misc 9.
    public static func priority(_ bucket: Bucket) -> Int {
        switch bucket {
        case .must: 1
        case .complementary: 5
        case .misc: 9
        }
    }

    /// Writes one to-do, unless a later day has the same task (learnt by the survey); while surveying, notes its day.
    private mutating func todo(_ task: PlanTask, day: Day, region: Region, first: Day, use: Int, to output: inout [UInt8]) {
        let hash = CalendarExport.uidHash(title: task.identity, first: first, use: use)
        if surveying { return note(hash, on: day) }
        if let newest = newest[hash], newest > day { return }
        write(task, day: day, region: region, first: first, use: use, to: &output)
    }

    /// Notes that the UID of `hash` is on `day`, in the survey.
    private mutating func note(_ hash: UInt64, on day: Day) {
        if newest[hash].map({ $0 < day }) ?? true { newest[hash] = day }
    }

    private func write(_ task: PlanTask, day: Day, region: Region, first: Day, use: Int, to output: inout [UInt8]) {
        CalendarExport.writeTodo(task, day: day, region: region, uid: { CalendarExport.writeUID(title: task.identity, first: first, use: use, to: &$0) },
                                 synced: nil, to: &output)
    }

    /// Writes one `VTODO`: the one writer of a task's to-do, for the export and for `dayplan sync` alike.
    ///
    /// `synced`: for `dayplan sync`, the fields the server is to hold (its title, status and deadline, which may
    /// differ from the task's own where the phone's value is kept in a conflict), written instead of the task's;
    /// then a timed task's `DUE` is its deadline only (the end of that day), never the end of its range, so
    /// that what the server gives back reads as the same deadline, and a done to-do says `PERCENT-COMPLETE:100`.
    static func writeTodo(_ task: PlanTask, day: Day, region: Region, uid: (inout [UInt8]) -> Void, synced: SyncFields?,
                          to output: inout [UInt8]) {
        let words = task.words
        // `@due:` and `@on:` as title words, or as metadata where the format reads them as such (in any spelling:
        // `📅 2026-12-01` is a due date too, FORMAT.md §3.7).
        let start = CalendarExport.dayWord("on", in: words) ?? task.metadata.on ?? day
        let due = synced.map(\.due) ?? CalendarExport.dayWord("due", in: words) ?? task.metadata.due ?? task.metadata.expires
        let status = synced?.status ?? task.status
        var line: [UInt8] = []
        func emit(_ name: String, _ value: (inout [UInt8]) -> Void) {
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: name.utf8)
            value(&line)
            CalendarExport.contentLine(line, to: &output)
        }
        func date(_ day: Day, _ line: inout [UInt8]) {
            var text: [UInt8] = []
            day.write(to: &text)
            line.append(contentsOf: text.lazy.filter { $0 != UInt8(ascii: "-") })
        }
        emit("BEGIN:VTODO") { _ in }
        emit("UID:", uid)
        emit("DTSTAMP:") { date(day, &$0); $0.append(contentsOf: "T000000Z".utf8) }
        // A synced task's deadline before its day leaves its time out: DUE is the deadline, and must come after DTSTART.
        let time = synced != nil && due.map({ $0 < start }) == true ? nil : task.time
        if let time {
            // A timed task: its start on its day, in floating local time (the device's zone, as the plan means it),
            // and its end (its range's, else its start and estimate; else the deadline's day, ending it).
            func dateTime(_ minutes: Int, _ line: inout [UInt8]) {
                date(start.adding(days: minutes / 1440), &line)
                line.append(UInt8(ascii: "T"))
                var clock: [UInt8] = []
                TaskTime.writeClock(minutes % 1440, to: &clock)
                line.append(contentsOf: clock.lazy.filter { $0 != UInt8(ascii: ":") })
                line.append(contentsOf: "00".utf8)
            }
            emit("DTSTART:") { dateTime(time.start, &$0) }
            if synced == nil, let end = time.end ?? task.metadata.estimate.map({ time.start + $0 }) {
                emit("DUE:") { dateTime(end, &$0) }
            } else if let due, synced != nil ? due >= start : due > start {
                emit("DUE:") { date(due, &$0); $0.append(contentsOf: "T235900".utf8) }
            }
        } else {
            // DUE must be later than DTSTART (RFC 5545, 3.8.2.3): a deadline on or before the day keeps the deadline.
            if due.map({ $0 > start }) ?? true { emit("DTSTART;VALUE=DATE:") { date(start, &$0) } }
            if let due { emit("DUE;VALUE=DATE:") { date(due, &$0) } }
        }
        var summary: [UInt8] = []
        emit("SUMMARY:") { line in
            if let synced {
                CalendarExport.writeText(synced.summary, to: &line)
            } else {
                var first = true
                for word in words where CalendarExport.dayWord(word) == nil {
                    if !first { line.append(UInt8(ascii: " ")) }
                    CalendarExport.writeText(word, to: &line)
                    first = false
                }
                // The time is DTSTART's: the summary is the rest of the title.
                if time != nil {
                    let text = String(decoding: line.dropFirst("SUMMARY:".utf8.count), as: UTF8.self)
                    line.removeSubrange("SUMMARY:".utf8.count...)
                    line.append(contentsOf: PlannedTime.untimed(text).utf8)
                }
            }
            summary = Array(line.dropFirst("SUMMARY:".utf8.count))
        }
        emit("STATUS:") { $0.append(contentsOf: CalendarExport.status(status).utf8) }
        if synced != nil, status == .done { emit("PERCENT-COMPLETE:100") { _ in } }
        emit("PRIORITY:") { $0.append(contentsOf: String(CalendarExport.priority(task.bucket)).utf8) }
        emit("CATEGORIES:") { line in
            PlanTask.forEachTag(of: task) { tag in
                CalendarExport.writeText(tag, to: &line)
                line.append(UInt8(ascii: ","))
            }
            line.append(contentsOf: region.name.utf8)
        }
        if let spent = task.metadata.spent {
            // The time tracked on it that day (`dayplan start`, `stop`), a DURATION; no standard property holds it.
            emit("X-DAYPLAN-SPENT:") { $0.append(contentsOf: "PT\(spent / 60 > 0 ? "\(spent / 60)H" : "")\(spent % 60 > 0 ? "\(spent % 60)M" : "")".utf8) }
        }
        if !task.notes.isEmpty {
            emit("DESCRIPTION:") { CalendarExport.writeText(task.notes.joined(separator: "\n"), to: &$0) }
        }
        if time != nil, status.isOpen {
            // So that a phone's calendar reminds too, as `dayplan remind` does: ten minutes before the start.
            emit("BEGIN:VALARM") { _ in }
            emit("ACTION:DISPLAY") { _ in }
            emit("DESCRIPTION:") { $0.append(contentsOf: summary) }
            emit("TRIGGER;RELATED=START:-PT10M") { _ in }
            emit("END:VALARM") { _ in }
        }
        emit("END:VTODO") { _ in }
    }

    /// The key and day of a word `@due:YYYY-MM-DD` or `@on:YYYY-MM-DD` (any case; `@on:` may name a region
    /// after the date, `@on:2026-11-27/afternoon`) with a real date.
    static func dayWord(_ word: String) -> (key: String, day: Day)? {
        let bytes = Array(word.utf8)
        guard bytes.first == UInt8(ascii: "@"), let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              bytes.count - colon > 10, bytes.count - colon == 11 || bytes[colon + 11] == UInt8(ascii: "/"),
              let day = Day(utf8: bytes[(colon + 1)..<(colon + 11)]) else { return nil }
        let key = String(decoding: bytes[1..<colon], as: UTF8.self).lowercased()
        return key == "due" || key == "on" ? (key, day) : nil
    }

    /// The day of the first word `@KEY:YYYY-MM-DD` among `words`.
    static func dayWord(_ key: String, in words: [String]) -> Day? {
        words.lazy.compactMap(dayWord).first { $0.key == key }?.day
    }

    /// A TEXT value (RFC 5545, 3.3.11): `\`, `;` and `,` escaped with a backslash, a line break as `\n`;
    /// control characters other than tab, which the format does not allow, left out.
    public static func text(_ value: String) -> String {
        var bytes: [UInt8] = []
        writeText(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func writeText(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { writeText($0, to: &output) }
    }

    static func writeText(_ value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        for byte in value {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0x0A:
                output.append(UInt8(ascii: "\\"))
                output.append(UInt8(ascii: "n"))
            case 0x09: output.append(byte)
            case 0..<0x20, 0x7F: continue
            default: output.append(byte)
            }
        }
    }

    /// Appends one content line, folded (RFC 5545, 3.1): at most 75 octets a line, a continuation starting
    /// with a space, never splitting a UTF-8 sequence; each line ending in CRLF.
    public static func contentLine(_ line: String, to output: inout [UInt8]) {
        contentLine(Array(line.utf8), to: &output)
    }

    /// Appends one content line given as UTF-8 bytes, folded.
    static func contentLine(_ bytes: [UInt8], to output: inout [UInt8]) {
        var start = 0
        var limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            // Back up to the start of a character: continuation bytes are 10xxxxxx.
            while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            output.append(contentsOf: bytes[start..<end])
            output.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = end
            limit = 74
        }
        output.append(contentsOf: bytes[start...])
        output.append(contentsOf: [0x0D, 0x0A])
    }
}
