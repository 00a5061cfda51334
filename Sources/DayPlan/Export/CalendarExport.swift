/// Writes tasks as an iCalendar file (RFC 5545): one `VCALENDAR` with a `VTODO` per task, for calendar and
/// reminders apps (EXPORT.md, "iCalendar"). Days are given oldest first, one at a time, so that an archive of
/// any size streams through in flat memory.
///
/// A task keeps its `UID` from day to day: it is made from the task's identity (its title) and the first day
/// it was planned for. That day is followed through rollover: a task moved on (`[>]`) from one day and found
/// again, by its title, in the next day given continues the earlier one (carried in its region, or deferred
/// to the Backlog, or moved forward in the Backlog); without that, its `@from:` day; without that, its own
/// day. A task moved on is written once, where it went.
public struct CalendarExport: Sendable {
    /// Whether every task is written, or only open ones (to do, in progress).
    public let includesFinished: Bool
    /// Tasks moved on the day before, by title: their first day, and where they stood, until the next day
    /// says whether they continue there.
    private var movedOn: [Pending] = []
    /// Where each title stands in `movedOn`.
    private var movedOnIndex: [String: Int] = [:]

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

    /// The to-dos of one day, after the day before it. With `written` false the day only carries the
    /// chain of first days forward (a day before `--since`), and nothing of it is written.
    public mutating func day(_ record: DayRecord, written: Bool = true) -> [UInt8] {
        var output: [UInt8] = []
        var next: [Pending] = []
        var nextIndex: [String: Int] = [:]
        var uses: [String: Int] = [:]
        for region in record.regions {
            for entry in region.tasks {
                let task = entry.task
                var earlier: Day?
                if let index = movedOnIndex[task.identity], !movedOn[index].continued {
                    movedOn[index].continued = true
                    earlier = movedOn[index].first
                }
                let first = earlier ?? task.metadata.from ?? record.date
                if task.status == .deferred {
                    if nextIndex[task.identity] == nil {
                        nextIndex[task.identity] = next.count
                        next.append(Pending(first: first, task: task, day: record.date, region: region.region, written: written))
                    }
                    continue
                }
                guard written, includesFinished || task.status.isOpen else { continue }
                let key = "\(first)\u{1F}\(task.identity)"
                uses[key, default: 0] += 1
                todo(task, day: record.date, region: region.region, first: first, use: uses[key] ?? 1, to: &output)
            }
        }
        flushMovedOn(to: &output)
        movedOn = next
        movedOnIndex = nextIndex
        return output
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
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(first)\u{1F}\(title)\(use > 1 ? "\u{1F}\(use)" : "")".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\(first)-\(String(repeating: "0", count: 16 - hex.count))\(hex)@dayplan"
    }

    /// The `STATUS` of a task.
    public static func status(_ status: Status) -> String {
        switch status {
        case .todo, .deferred: "NEEDS-ACTION"
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

    private func todo(_ task: PlanTask, day: Day, region: Region, first: Day, use: Int, to output: inout [UInt8]) {
        func date(_ day: Day) -> String { day.description.filter { $0 != "-" } }
        let start = task.dayWord("on") ?? day
        let due = task.due ?? task.metadata.expires
        let summary = task.words.filter { word in
            let lower = word.lowercased()
            return !((lower.hasPrefix("@due:") || lower.hasPrefix("@on:")) && Day(utf8: word.utf8.drop { $0 != UInt8(ascii: ":") }.dropFirst()) != nil)
        }.joined(separator: " ")
        var lines = [
            "BEGIN:VTODO",
            "UID:" + CalendarExport.uid(title: task.identity, first: first, use: use),
            "DTSTAMP:\(date(day))T000000Z",
        ]
        // DUE must be later than DTSTART (RFC 5545, 3.8.2.3): a deadline on or before the day keeps the deadline.
        if due.map({ $0 > start }) ?? true { lines.append("DTSTART;VALUE=DATE:\(date(start))") }
        if let due { lines.append("DUE;VALUE=DATE:\(date(due))") }
        lines.append("SUMMARY:" + CalendarExport.text(summary))
        lines.append("STATUS:" + CalendarExport.status(task.status))
        lines.append("PRIORITY:\(CalendarExport.priority(task.bucket))")
        lines.append("CATEGORIES:" + (task.tags + [region.name]).map(CalendarExport.text).joined(separator: ","))
        if !task.notes.isEmpty { lines.append("DESCRIPTION:" + CalendarExport.text(task.notes.joined(separator: "\n"))) }
        lines.append("END:VTODO")
        for line in lines { CalendarExport.contentLine(line, to: &output) }
    }

    /// A TEXT value (RFC 5545, 3.3.11): `\`, `;` and `,` escaped with a backslash, a line break as `\n`;
    /// control characters other than tab, which the format does not allow, left out.
    public static func text(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case "\t": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Appends one content line, folded (RFC 5545, 3.1): at most 75 octets a line, a continuation starting
    /// with a space, never splitting a UTF-8 sequence; each line ending in CRLF.
    public static func contentLine(_ line: String, to output: inout [UInt8]) {
        let bytes = Array(line.utf8)
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
