import DayPlan

/// The fields of a to-do that `dayplan sync` keeps the same on both sides: its title (`SUMMARY`), its status
/// (`STATUS`) and its deadline (`DUE`, a day). Everything else a task has is the plan's (its region, bucket, notes,
/// other metadata) and goes to the server one way.
public struct SyncFields: Hashable, Sendable {
    /// The title: the task's title words without `@due:`/`@on:` words and without the time it starts with (which
    /// is `DTSTART`'s), as the export writes `SUMMARY`.
    public var summary: String
    /// The status; a task moved (`[>]`) counts as to do, as the export writes it.
    public var status: Status
    /// The deadline: `@due:` in the plan, `DUE` on the server.
    public var due: Day?

    /// Makes the fields.
    public init(summary: String, status: Status, due: Day?) {
        self.summary = summary
        self.status = status == .moved ? .todo : status
        self.due = due
    }

    /// The fields of a task of the plan.
    public init(_ task: PlanTask) {
        let words = task.words.filter { CalendarExport.dayWord($0) == nil }
        self.init(summary: PlannedTime.untimed(words.joined(separator: " ")), status: task.status,
                  due: task.metadata.due ?? CalendarExport.dayWord("due", in: task.words))
    }

    /// The title `task` gets for the title `summary` taken from the server: `summary` after the time the task's
    /// title starts with (kept as written), then the task's `@due:`/`@on:` title words.
    public static func title(_ summary: String, keepingTimeAndDaysOf task: PlanTask) -> String {
        var parts = [summary]
        if case .time(_, let length, _)? = TaskTime.leading(in: task.title), PlannedTime.untimed(task.title) != task.title {
            parts.insert(String(decoding: task.title.utf8.prefix(length), as: UTF8.self), at: 0)
        }
        return (parts + task.words.filter { CalendarExport.dayWord($0) != nil }).joined(separator: " ")
    }

    /// Why a title from the server cannot become a task's title in the plan: what `PlanTask.checkedTitle(_:)`, the
    /// one check for titles from outside a day file, says of it (a control character, no words that are not
    /// metadata, an error the parser finds, words that would read as metadata such as `@due:2026-13-45 pay`, or a
    /// title that would not read back as itself). Nil when it reads back as the same title.
    public static func problem(withTitle summary: String) -> String? {
        do {
            _ = try PlanTask.checkedTitle(summary)
            return nil
        } catch {
            return error.message
        }
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

    /// The iCalendar text `dayplan sync` puts on the server for a task of the plan: one `VCALENDAR` holding the
    /// task's `VTODO` as the export writes it (`CalendarExport`'s one writer: `DTSTART` with its time of day,
    /// `PRIORITY` from its bucket, `CATEGORIES`, its notes, a `VALARM`), with `uid` and `fields` (which may differ
    /// from the task's own where the phone's value is kept, in a conflict).
    public static func calendar(uid: String, fields: SyncFields, task: PlanTask, day: Day, region: Region) -> [UInt8] {
        var output: [UInt8] = []
        for text in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//dayplan//DayPlan library//EN"] {
            CalendarExport.contentLine(text, to: &output)
        }
        CalendarExport.writeTodo(task, day: day, region: region, uid: { $0.append(contentsOf: uid.utf8) }, synced: fields, to: &output)
        CalendarExport.contentLine("END:VCALENDAR", to: &output)
        return output
    }

    /// A digest of what the plan alone decides of a task's to-do: the text `calendar` writes for it with its synced
    /// fields (title, status, deadline) set aside, so that a change of its bucket, region, notes, tags, day or
    /// time of day tells a to-do to send even when those fields agree (they are compared on their own). The
    /// 64-bit FNV-1a hash of the text.
    public static func contentDigest(task: PlanTask, day: Day, region: Region) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in calendar(uid: "", fields: SyncFields(summary: "", status: .todo, due: nil), task: task, day: day, region: region) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
