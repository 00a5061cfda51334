/// One metadata key a task line may carry (FORMAT.md §3.1), with everything that differs by key: the one
/// table the parser, the edit API, merge, rollover, the language server's hover and completion, export and
/// the Vim syntax read (a test walks it through each of them).
///
/// Adding a key is one entry in `all`, a case in `ID`, its field in `TaskMetadata` (read and written by
/// `value(in:)` and `set(_:in:)`), and its tests.
public struct MetadataKey: Sendable {
    /// Which key: the table's rows, in canonical order.
    public enum ID: Int, CaseIterable, Sendable {
        case carry, sticky, every, on, start, due, expires, from, expired, done, estimate, spent, running, priority
    }

    /// What a key's value is.
    public enum Kind: Hashable, Sendable {
        /// No value: `@carry`.
        case flag
        /// A day: `@due:2026-11-30`.
        case date
        /// A day and, after `/`, the region it names, if any: `@on:2026-11-30/afternoon`.
        case scheduledDate
        /// A recurrence (`Recurrence`): `@every:weekday`.
        case recurrence
        /// A length of time in minutes (`Estimate`): `@est:1h30m`.
        case duration
        /// A time of day, `HH:MM`, on the day of the file the task is in: `@running:14:05`.
        case clock
        /// One of a few words, in lower case, read in any case and written in lower case: `@energy:high`
        /// (of `low`, `medium`, `high`).
        case choice([String])
    }

    /// What a field changed differently on both sides of a merge becomes (a field changed on one side takes
    /// that side's value; changed on both to the same value, that value).
    public enum MergeRule: Sendable {
        /// Set or not: a flag either side set is set (it can differ only between two sides that added the
        /// task, one with the flag and one without).
        case eitherSideSets
        /// A conflict: a person decides between the two versions of the task.
        case conflict
    }

    /// What rollover does to the key of a task it brings into the new day.
    public enum RolloverRule: Sendable {
        /// Kept as it is.
        case kept
        /// Set to the old day when the task is deferred from a limited region, unless it is set already.
        case setToTheDayLeft
        /// Removed once its day's rollover placed the task where it asked.
        case removedOncePlaced
        /// Not on the copy that rollover adds from the routines file.
        case removedFromRoutineCopies
        /// Not on the copy rollover brings into the new day: it stays with the old day's task (time spent that day).
        case leftWithTheOldDay
    }

    /// Which key.
    public let id: ID
    /// The key as written after `@`, such as `due`.
    public let name: String
    /// What its value is.
    public let kind: Kind
    /// How two sides' different changes of it merge.
    public let merge: MergeRule
    /// What rollover does to it.
    public let rollover: RolloverRule
    /// One line on what it does: the documentation completion offers, and FORMAT.md's.
    public let summary: String
    /// What hover says: after the key for a flag (`carry: comes back tomorrow if unfinished`), before the
    /// value for one with a value (`expires 2026-12-15`).
    public let hover: String
    /// Its member in the metadata object of export's JSON.
    public let exportField: String
    /// Whether export writes it always (`false`, `null` when unset), as schema version 1 names it; the others
    /// are written only when set.
    public let exportedAlways: Bool

    /// Whether it takes a value after `:` (`@due:2026-11-30`); flags (`@carry`) do not.
    public var takesValue: Bool { kind != .flag }
    /// Whether its value is a date (or starts with one, as `@on:DATE/region` does).
    public var takesDate: Bool { kind == .date || kind == .scheduledDate }

    /// Every key, in canonical order (`ID`'s order).
    public static let all: [MetadataKey] = [
        MetadataKey(id: .carry, name: "carry", kind: .flag, merge: .eitherSideSets, rollover: .kept,
                    summary: "If unfinished at rollover, the task comes back the next day in the same region and bucket instead of going to the Backlog.",
                    hover: "comes back tomorrow if unfinished", exportField: "carry", exportedAlways: true),
        MetadataKey(id: .sticky, name: "sticky", kind: .flag, merge: .eitherSideSets, rollover: .kept,
                    summary: "Rollover places the task at the top of its bucket among what it adds to a region.",
                    hover: "kept at the top of its bucket", exportField: "sticky", exportedAlways: true),
        MetadataKey(id: .every, name: "every", kind: .recurrence, merge: .conflict, rollover: .removedFromRoutineCopies,
                    summary: "In the routines file: the days rollover adds the task on (day, weekday, weekend, mon,wed,fri, month:1, month:last, month:2nd-tue, week:2/YYYY-MM-DD, yearly:MM-DD, done+3d; then ,start:DATE and ,until:DATE or ,times:N).",
                    hover: "routine: every", exportField: "every", exportedAlways: false),
        MetadataKey(id: .on, name: "on", kind: .scheduledDate, merge: .conflict, rollover: .removedOncePlaced,
                    summary: "A task scheduled for this day: that day's rollover places it (in the region after `/`, or at the Backlog's top).",
                    hover: "scheduled for", exportField: "on", exportedAlways: false),
        MetadataKey(id: .start, name: "start", kind: .date, merge: .conflict, rollover: .kept,
                    summary: "The first day the task can be worked on: before it, review, status and lint do not offer it (Obsidian Tasks' start date).",
                    hover: "starts", exportField: "start", exportedAlways: false),
        MetadataKey(id: .due, name: "due", kind: .date, merge: .conflict, rollover: .kept,
                    summary: "A deadline: never drops the task; on and after this day, an open task is overdue.",
                    hover: "due", exportField: "due", exportedAlways: false),
        MetadataKey(id: .expires, name: "expires", kind: .date, merge: .conflict, rollover: .kept,
                    summary: "A task still open after this day is dropped at rollover instead of going forward.",
                    hover: "expires", exportField: "expires", exportedAlways: true),
        MetadataKey(id: .from, name: "from", kind: .date, merge: .conflict, rollover: .setToTheDayLeft,
                    summary: "The day the task was planned for before rollover deferred it to the Backlog (rollover sets it).",
                    hover: "from", exportField: "from", exportedAlways: true),
        MetadataKey(id: .expired, name: "expired", kind: .flag, merge: .eitherSideSets, rollover: .kept,
                    summary: "Set by rollover on a task it dropped because its expiry passed.",
                    hover: "dropped at rollover because its expiry passed", exportField: "expired", exportedAlways: true),
        MetadataKey(id: .done, name: "done", kind: .date, merge: .conflict, rollover: .kept,
                    summary: "The day the task was done: `dayplan mark done` (and the editor's mark done) writes it when the plan's `done-date` setting is on.",
                    hover: "done on", exportField: "done", exportedAlways: false),
        MetadataKey(id: .estimate, name: "est", kind: .duration, merge: .conflict, rollover: .kept,
                    summary: "How long the task takes: 45m, 1h30m, 2h (lint adds a region's estimates up against its free hours).",
                    hover: "estimated", exportField: "estimate", exportedAlways: false),
        MetadataKey(id: .spent, name: "spent", kind: .duration, merge: .conflict, rollover: .leftWithTheOldDay,
                    summary: "The time spent on the task that day (dayplan start and stop add to it); rollover leaves it with the day.",
                    hover: "spent", exportField: "spent", exportedAlways: false),
        MetadataKey(id: .running, name: "running", kind: .clock, merge: .conflict, rollover: .leftWithTheOldDay,
                    summary: "The time of day dayplan start began timing the task; dayplan stop adds the time since to @spent:.",
                    hover: "running since", exportField: "running", exportedAlways: false),
        MetadataKey(id: .priority, name: "priority", kind: .choice(MetadataKey.priorities), merge: .conflict, rollover: .kept,
                    summary: "Another tool's priority (Obsidian Tasks' emoji, Dataview's field): highest, high, medium, low or lowest; kept and queried, while the bullet stays the bucket.",
                    hover: "priority", exportField: "priority", exportedAlways: false),
    ]

    /// The words of `@priority:`, highest first.
    public static let priorities = ["highest", "high", "medium", "low", "lowest"]

    /// The key of `id`.
    public static subscript(_ id: ID) -> MetadataKey { all[id.rawValue] }

    /// The key named `name` (in lower case), if any.
    public static func named(_ name: some StringProtocol) -> MetadataKey? {
        all.first { $0.name == name }
    }

    /// Every key's name as bytes, for the parser to compare with (the names of `all`, in its order).
    static let nameBytes: [[UInt8]] = all.map { Array($0.name.utf8) }

    /// The key's value on a task with `metadata`; nil when it is not set.
    public func value(in metadata: TaskMetadata) -> MetadataValue? {
        switch id {
        case .carry: metadata.carry ? .set : nil
        case .sticky: metadata.sticky ? .set : nil
        case .expired: metadata.expired ? .set : nil
        case .every: metadata.every.map { .recurrence($0) }
        case .on: metadata.on.map { .scheduled($0, metadata.onRegion) }
        case .start: metadata.start.map { .day($0) }
        case .due: metadata.due.map { .day($0) }
        case .priority: metadata.priority.map { .word($0) }
        case .expires: metadata.expires.map { .day($0) }
        case .from: metadata.from.map { .day($0) }
        case .done: metadata.done.map { .day($0) }
        case .estimate: metadata.estimate.map { .minutes($0) }
        case .spent: metadata.spent.map { .minutes($0) }
        case .running: metadata.running.map { .clock($0) }
        }
    }

    /// Sets the key's value on `metadata` (nil: unsets it). A value of another kind unsets it too. The title's
    /// spelling of it, if any, is the caller's (`PlanTask.setValue(_:of:)` rewrites it).
    public func set(_ value: MetadataValue?, in metadata: inout TaskMetadata) {
        if value == nil, metadata.spelled.contains(id) { metadata.spelled.remove(id) }
        switch id {
        case .carry: metadata.carry = value == .set
        case .sticky: metadata.sticky = value == .set
        case .expired: metadata.expired = value == .set
        case .every: metadata.every = value?.recurrence
        case .on:
            metadata.on = value?.day
            metadata.onRegion = value?.day == nil ? nil : value?.region
        case .start: metadata.start = value?.day
        case .due: metadata.due = value?.day
        case .priority: metadata.priority = value?.word
        case .expires: metadata.expires = value?.day
        case .from: metadata.from = value?.day
        case .done: metadata.done = value?.day
        case .estimate: metadata.estimate = value?.minutes
        case .spent: metadata.spent = value?.minutes
        case .running: if case .clock(let minutes)? = value { metadata.running = minutes } else { metadata.running = nil }
        }
    }

    /// The value written after `@key:` (nil after a flag), read as the parser reads it; nil when it is not one.
    public func readValue(_ text: Substring?) -> MetadataValue? {
        switch kind {
        case .flag: return text == nil ? .set : nil
        case .date: return text.flatMap { Day($0) }.map { .day($0) }
        case .recurrence: return text.flatMap { Recurrence($0) }.map { .recurrence($0) }
        case .duration: return text.flatMap { Estimate.minutes(in: $0.utf8) }.map { .minutes($0) }
        case .clock: return text.flatMap { TaskTime.clockMinutes($0) }.map { .clock($0) }
        case .choice(let words): return text.flatMap { MetadataKey.choice($0, of: words) }.map { .word($0) }
        case .scheduledDate:
            guard let text, let day = Day(text.prefix { $0 != "/" }) else { return nil }
            guard let slash = text.firstIndex(of: "/") else { return .scheduled(day, nil) }
            let name = String(text[text.index(after: slash)...])
            guard let region = Region(headingText: name), region.isNamed(name) else { return nil }
            return .scheduled(day, region)
        }
    }

    /// What each value of two different ones is called in a merge conflict's reason ("two different days").
    var valuesName: String {
        switch kind {
        case .flag: "flags"
        case .date: "days"
        case .scheduledDate: "days or regions"
        case .recurrence: "recurrences"
        case .duration: "lengths of time"
        case .clock: "times of day"
        case .choice: "words"
        }
    }

    /// The word of `words` that `text` is, compared in any case; nil when it is none of them.
    static func choice(_ text: some StringProtocol, of words: [String]) -> String? {
        let lowered = text.lowercased()
        return words.first { $0 == lowered }
    }
}

extension MetadataKey.ID {
    /// The key as written after `@`.
    var name: String { MetadataKey.all[rawValue].name }
}

/// The value of one metadata key on a task.
public enum MetadataValue: Hashable, Sendable, CustomStringConvertible {
    /// A flag that is set.
    case set
    /// A day.
    case day(Day)
    /// A day, and the region it names.
    case scheduled(Day, Region?)
    /// A recurrence.
    case recurrence(Recurrence)
    /// A length of time, in minutes.
    case minutes(Int)
    /// One word of a key's choice (`MetadataKey.Kind.choice`), in lower case.
    case word(String)
    /// A time of day, in minutes since midnight.
    case clock(Int)

    /// The day it holds, if any.
    public var day: Day? {
        switch self {
        case .day(let day), .scheduled(let day, _): day
        case .set, .recurrence, .minutes, .word, .clock: nil
        }
    }

    /// The region a scheduled day names, if any.
    public var region: Region? {
        if case .scheduled(_, let region) = self { region } else { nil }
    }

    /// The recurrence it holds, if any.
    public var recurrence: Recurrence? {
        if case .recurrence(let recurrence) = self { recurrence } else { nil }
    }

    /// The word it holds, if any.
    public var word: String? {
        if case .word(let word) = self { word } else { nil }
    }

    /// The length of time it holds, in minutes, if any.
    public var minutes: Int? {
        if case .minutes(let minutes) = self { minutes } else { nil }
    }

    /// Appends the value as written after `@key:` (nothing for a flag), a day without a String.
    func write(to output: inout [UInt8]) {
        switch self {
        case .set: break
        case .day(let day): day.write(to: &output)
        case .scheduled(let day, let region):
            day.write(to: &output)
            if let region { output.append(contentsOf: "/\(region.lowercaseName)".utf8) }
        case .clock(let minutes): TaskTime.writeClock(minutes, to: &output)
        case .recurrence, .minutes, .word: output.append(contentsOf: description.utf8)
        }
    }

    /// The value as written after `@key:` (empty for a flag).
    public var description: String {
        switch self {
        case .set: ""
        case .day(let day): day.description
        case .scheduled(let day, let region): day.description + (region.map { "/" + $0.lowercaseName } ?? "")
        case .recurrence(let recurrence): recurrence.description
        case .minutes(let minutes): Estimate.text(minutes)
        case .word(let word): word
        case .clock(let minutes): TaskTime.clockText(minutes)
        }
    }
}

/// The moments rollover changes a task's metadata as it brings the task into the new day.
enum RolloverStep {
    /// Deferred from a limited region of the old day, `day`.
    case deferred(from: Day)
    /// Placed where its `@on:` day asked.
    case placedAsScheduled
    /// Copied from the routines file.
    case copiedFromRoutine
    /// Brought from the old day into the new one, whichever way (every task rollover moves on, first).
    case movedOn
}

extension PlanTask {
    /// The task after rollover's `step`, each key as its `MetadataKey.rollover` says, in the spelling the task
    /// has for it (`setValue(_:of:)`).
    func rolled(_ step: RolloverStep, style: MetadataStyle = .dayplan) -> PlanTask {
        var task = self
        for key in MetadataKey.all {
            switch (key.rollover, step) {
            case (.setToTheDayLeft, .deferred(let day)) where key.value(in: task.metadata) == nil: task.setValue(.day(day), of: key, style: style)
            case (.removedOncePlaced, .placedAsScheduled), (.removedFromRoutineCopies, .copiedFromRoutine),
                 (.leftWithTheOldDay, .movedOn):
                if key.value(in: task.metadata) != nil { task.setValue(nil, of: key) }
            default: break
            }
        }
        return task
    }
}
