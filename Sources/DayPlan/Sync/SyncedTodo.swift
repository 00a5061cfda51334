/// The fields of a to-do that `dayplan sync` keeps the same on both sides: its title (`SUMMARY`), its status
/// (`STATUS`) and its deadline (`DUE`, a day). Everything else a task has is the plan's (its region, bucket, notes,
/// other metadata) and goes to the server one way.
public struct SyncFields: Hashable, Sendable {
    /// The title: the task's title words without `@due:`/`@on:` words, as the export writes `SUMMARY`.
    public var summary: String
    /// The status; a task moved on (`[>]`) counts as to do, as the export writes it.
    public var status: Status
    /// The deadline: `@due:` in the plan, `DUE` on the server.
    public var due: Day?

    /// Makes the fields.
    public init(summary: String, status: Status, due: Day?) {
        self.summary = summary
        self.status = status == .deferred ? .todo : status
        self.due = due
    }

    /// The fields of a task of the plan.
    public init(_ task: PlanTask) {
        let words = task.words.filter { CalendarExport.dayWord($0) == nil }
        self.init(summary: words.joined(separator: " "), status: task.status,
                  due: task.metadata.due ?? CalendarExport.dayWord("due", in: task.words))
    }

    /// The status a `STATUS` value says (RFC 5545 §3.8.1.11); nil for a value that is not a to-do's.
    public static func status(_ value: String) -> Status? {
        switch value.uppercased() {
        case "NEEDS-ACTION": .todo
        case "IN-PROCESS": .inProgress
        case "COMPLETED": .done
        case "CANCELLED": .cancelled
        default: nil
        }
    }
}

/// One to-do as a CalDAV server holds it: the first `VTODO` of a resource's iCalendar text, read for the fields
/// dayplan syncs.
public struct RemoteTodo: Hashable, Sendable {
    /// The `UID`.
    public var uid: String
    /// Its `SUMMARY`, `STATUS` and `DUE`.
    public var fields: SyncFields

    /// Makes a to-do from its parts.
    public init(uid: String, fields: SyncFields) {
        self.uid = uid
        self.fields = fields
    }

    /// Reads the first `VTODO` of `bytes` (properties of components inside it, such as a `VALARM`, are not
    /// its own); nil when there is none or it has no `UID`. A missing `STATUS` is to do, or done when the to-do
    /// has a `COMPLETED` time, as phones write it.
    public init?(parsing bytes: [UInt8]) {
        var inTodo = false, done = false, depth = 0
        var uid: String?, summary = "", status: Status?, completed = false, due: Day?
        ContentLine.read(bytes, each: { line in
            guard !done else { return }
            if line.name == "BEGIN" {
                if inTodo { depth += 1 } else if line.value.uppercased() == "VTODO" { inTodo = true }
                return
            }
            if line.name == "END" {
                if depth > 0 { depth -= 1 } else if inTodo { done = true }
                return
            }
            guard inTodo, depth == 0 else { return }
            switch line.name {
            case "UID": uid = line.value
            case "SUMMARY": summary = ContentLine.text(line.value)
            case "STATUS": status = SyncFields.status(line.value)
            case "COMPLETED": completed = true
            case "DUE":
                switch CalendarTime(line.value, parameters: line.parameters) {
                case .date(let number)?: due = CivilDays.day(number)
                case .dateTime(let wall, _)?: due = CivilDays.day(CivilDays.floorDiv(wall, CivilDays.secondsPerDay))
                case nil: break
                }
            default: break
            }
        }, problem: { _, _ in })
        guard let uid, !uid.isEmpty else { return nil }
        self.uid = uid
        // A title is one line: the phone's line breaks and tabs become spaces, runs of spaces one.
        let words = summary.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        fields = SyncFields(summary: words.joined(separator: " "), status: status ?? (completed ? .done : .todo), due: due)
    }

    /// The iCalendar text `dayplan sync` puts on the server for a task of the plan: one `VCALENDAR` holding one
    /// `VTODO` with `uid` and `fields` (which may differ from the task's own where the phone's value is kept, in a
    /// conflict), its `DTSTART` (the day it is planned for, or its `@on:` day), `PRIORITY` from its bucket,
    /// `CATEGORIES` from its tags and region, and its notes as `DESCRIPTION`.
    public static func calendar(uid: String, fields: SyncFields, task: PlanTask, day: Day, region: Region) -> [UInt8] {
        var output: [UInt8] = []
        func line(_ text: String) { CalendarExport.contentLine(text, to: &output) }
        func date(_ day: Day) -> String { String(day.description.filter { $0 != "-" }) }
        for text in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//dayplan//DayPlan library//EN", "BEGIN:VTODO"] { line(text) }
        line("UID:" + uid)
        line("DTSTAMP:" + date(day) + "T000000Z")
        let start = task.metadata.on ?? CalendarExport.dayWord("on", in: task.words) ?? day
        if fields.due.map({ $0 > start }) ?? true { line("DTSTART;VALUE=DATE:" + date(start)) }
        if let due = fields.due { line("DUE;VALUE=DATE:" + date(due)) }
        line("SUMMARY:" + CalendarExport.text(fields.summary))
        line("STATUS:" + CalendarExport.status(fields.status))
        if fields.status == .done { line("PERCENT-COMPLETE:100") }
        line("PRIORITY:" + String(CalendarExport.priority(task.bucket)))
        line("CATEGORIES:" + (task.tags.map(CalendarExport.text) + [region.name]).joined(separator: ","))
        if !task.notes.isEmpty { line("DESCRIPTION:" + CalendarExport.text(task.notes.joined(separator: "\n"))) }
        line("END:VTODO")
        line("END:VCALENDAR")
        return output
    }
}
