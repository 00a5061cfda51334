/// One task: a line `<bullet> [<status>] <title>` and the indented note lines under it.
///
/// Named `PlanTask` so that it never hides Swift's own `Task`.
public struct PlanTask: Hashable, Sendable {
    /// The title words, single-spaced, without metadata. `#tags` are part of the title.
    public var title: String
    /// The task's flags and dated metadata.
    public var metadata: TaskMetadata
    /// Note lines with the task's indentation taken off; relative indentation is kept, `""` is a blank line.
    public var notes: [String]
    /// Where the task line stands in the parsed input: its bullet, and the end of its text before trailing
    /// white space. Nil for a task made in code. Not part of a task's equality.
    public var source: (start: SourcePosition, end: SourcePosition)? {
        get {
            guard sourceLine > 0 else { return nil }
            let length = Int(sourceLength), column = Int(sourceColumn)
            return (SourcePosition(offset: sourceOffset, line: sourceLine, column: column),
                    SourcePosition(offset: sourceOffset + length, line: sourceLine, column: column + length))
        }
        set {
            sourceOffset = newValue?.start.offset ?? 0
            sourceLine = newValue?.start.line ?? 0
            sourceColumn = UInt32(clamping: newValue?.start.column ?? 0)
            sourceLength = UInt32(clamping: newValue.map { $0.end.offset - $0.start.offset } ?? 0)
        }
    }
    // Packed, with the end on the start's line (line 0: no position), and the bucket and status last, in
    // what would be padding: every line of a document is an `Item`, so a task's size is the size of a large
    // file's parse. A column, a line's length or a span past 4 GiB is held at the largest that fits.
    private var sourceOffset = 0
    private var sourceLine = 0
    private var sourceColumn: UInt32 = 0
    private var sourceLength: UInt32 = 0
    private var storedLineSpan: UInt32 = 1

    /// How many lines the task and its notes take in the parsed input (blank lines between notes included);
    /// 1 for a task made in code. Not part of a task's equality.
    public internal(set) var lineSpan: Int { get { Int(storedLineSpan) } set { storedLineSpan = UInt32(clamping: newValue) } }

    /// The bucket, from the bullet.
    public var bucket: Bucket
    /// Where the task stands.
    public var status: Status
    /// Whether the task line ends in a Markdown hard break (two spaces) before its first note, which continues
    /// the title on the next line. Written only while a note follows; layout, not part of a task's equality.
    public var endsInHardBreak = false

    /// Makes a task.
    public init(bucket: Bucket, status: Status = .todo, title: String,
                metadata: TaskMetadata = TaskMetadata(), notes: [String] = []) {
        self.bucket = bucket
        self.status = status
        self.title = title
        self.metadata = metadata
        self.notes = notes
    }

    /// When the task is planned in the day: the `09:00` or `09:00 - 10:00` its title starts with (FORMAT.md
    /// §3.6); nil when the title starts with no time. The time stays part of the title.
    public var time: TaskTime? { TaskTime.leading(in: title)?.time }

    /// The 1-based line of the task in the parsed input; 0 for a task made in code.
    public var line: Int { source?.start.line ?? 0 }

    /// Tasks are equal when they say the same; where they stand does not count.
    public static func == (lhs: PlanTask, rhs: PlanTask) -> Bool {
        lhs.bucket == rhs.bucket && lhs.status == rhs.status && lhs.title == rhs.title
            && lhs.metadata == rhs.metadata && lhs.notes == rhs.notes
    }

    /// Hashes what `==` compares: not where the task stands.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bucket)
        hasher.combine(status)
        hasher.combine(title)
        hasher.combine(metadata)
        hasher.combine(notes)
    }

    /// The `#tags` in the title, without the `#`, in order of appearance (`PlanTask.forEachTag`, the one reading).
    public var tags: [String] {
        var found: [String] = []
        PlanTask.forEachTag(of: self) { found.append(String(decoding: $0, as: UTF8.self)) }
        return found
    }

    /// The checklist items in the task's notes (`- [ ] call the bank` indented under it), in order; lines
    /// inside a fenced code block are not items. They travel with the task and do not count for 1-3-5.
    public var subtasks: [Subtask] {
        // Read on each note's bytes, as the parser reads notes: a blank, a fence mark and a checkbox are ASCII.
        let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        var found: [Subtask] = []
        var fence: (mark: UInt8, length: Int)?
        for (index, note) in notes.enumerated() {
            var note = note
            let item = note.withUTF8 { bytes -> Subtask? in
                var start = 0
                while start < bytes.count, bytes[start] == space || bytes[start] == tab { start += 1 }
                func run(of mark: UInt8) -> Int {
                    var length = 0
                    while start + length < bytes.count, bytes[start + length] == mark { length += 1 }
                    return length
                }
                if let open = fence {
                    let length = run(of: open.mark)
                    if length >= open.length, bytes[(start + length)...].allSatisfy({ $0 == space || $0 == tab }) { fence = nil }
                    return nil
                }
                if start < bytes.count, bytes[start] == UInt8(ascii: "`") || bytes[start] == UInt8(ascii: "~") {
                    let length = run(of: bytes[start])
                    if length >= 3 {
                        fence = (bytes[start], length)
                        return nil
                    }
                }
                // A sub-task has a checkbox: a note without `[` is not one (most notes).
                guard bytes[start...].contains(UInt8(ascii: "[")),
                      let box = Checkbox.subtask(bytes, from: start, to: bytes.count), let status = box.status,
                      let close = box.closeAt else { return nil }
                var titleStart = close + 1
                while titleStart < bytes.count, bytes[titleStart] == space || bytes[titleStart] == tab { titleStart += 1 }
                // A blank that a combining mark follows is part of a character: kept, as a reading by
                // characters keeps it.
                if titleStart < bytes.count, titleStart > close + 1, bytes[titleStart] >= 0x80 {
                    titleStart = close + 1
                    let title = String(decoding: bytes[titleStart...], as: UTF8.self).drop { $0 == " " || $0 == "\t" }
                    return Subtask(status: status, title: String(title), depth: start, note: index)
                }
                return Subtask(status: status, title: String(decoding: bytes[titleStart...], as: UTF8.self), depth: start, note: index)
            }
            if let item { found.append(item) }
        }
        return found
    }

    /// The notes a task that moves on takes to the new day (FORMAT.md §3.4): every note but its finished sub-tasks
    /// (done, cancelled or moved on), each with the lines indented under it, which stay in the old day as its record.
    /// Open sub-tasks come along, and are marked moved on in the old day.
    public var notesMovingOn: [String] {
        let finished = subtasks.filter { !$0.status.isOpen }
        guard !finished.isEmpty else { return notes }
        var dropped = Set<Int>()
        for item in finished {
            dropped.insert(item.note)
            // The lines indented deeper under it are its own, up to the next line at its depth or less.
            var index = item.note + 1
            while index < notes.count {
                let note = notes[index]
                let indent = note.prefix { $0 == " " || $0 == "\t" }.count
                if !note.isEmpty, indent <= item.depth { break }
                index += 1
            }
            // Blank lines at the end of its run stay, as the separation they were.
            var last = index - 1
            while last > item.note, notes[last].isEmpty { last -= 1 }
            if last > item.note { dropped.formUnion((item.note + 1)...last) }
        }
        let kept = notes.indices.filter { !dropped.contains($0) }.map { notes[$0] }
        // Read back, notes are indented from the least indented of them: the lines left shift as the parser will
        // read them in the new day.
        let least = kept.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return least == 0 ? kept : kept.map { $0.isEmpty ? $0 : String($0.dropFirst(least)) }
    }

    /// The task line in canonical form, without notes or line ending.
    public var canonicalLine: String {
        var line: [UInt8] = []
        writeCanonicalLine(to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// The lines the task is written as when it is added to a file: its canonical line, then its notes indented
    /// by two spaces; without line endings.
    var writtenLines: [String] {
        [canonicalLine] + notes.map { $0.isEmpty ? "" : "  " + $0 }
    }

    /// Appends the canonical task line as bytes: the printer's hot path, with no String in between.
    func writeCanonicalLine(to output: inout [UInt8]) {
        output.append(bucket.bulletByte)
        output.append(UInt8(ascii: " "))
        output.append(UInt8(ascii: "["))
        output.append(status.markByte)
        output.append(UInt8(ascii: "]"))
        if !title.isEmpty {
            output.append(UInt8(ascii: " "))
            output.append(utf8: title)
        }
        metadata.write(to: &output)
        if endsInHardBreak, let first = notes.first, !first.isEmpty {
            output.append(UInt8(ascii: " "))
            output.append(UInt8(ascii: " "))
        }
    }

    /// What identifies the same task on two days: bucket aside, its title, without the words that spell a key
    /// another tool's way (`PlanTask.identityTitle`: `Pay the rent ⏫ 📅 2026-11-20` is `Pay the rent`, as
    /// `Pay the rent @due:2026-11-20` is).
    ///
    /// Rollover uses it to never add a task twice; the archive and the merge to find a task again.
    public var identity: String { PlanTask.identityTitle(title) }
}

/// A checklist item under a task: an indented `- [ ] …` line among its notes.
public struct Subtask: Hashable, Sendable {
    /// Where the item stands.
    public var status: Status
    /// The text after the status box, as written.
    public var title: String
    /// How far the item is indented past the task's notes, in columns (0 for a first-level item).
    public var depth: Int
    /// The index of its line in the task's `notes`.
    public var note: Int

    /// Makes a sub-task.
    public init(status: Status, title: String, depth: Int, note: Int) {
        self.status = status
        self.title = title
        self.depth = depth
        self.note = note
    }
}

/// The metadata of a task, written as `@` words on its line.
public struct TaskMetadata: Hashable, Sendable {
    /// `@carry`: if unfinished, it comes back tomorrow in the same region and bucket.
    public var carry: Bool
    /// `@sticky`: rollover keeps it at the top of its bucket.
    public var sticky: Bool
    /// `@every:…`: in the routines file, the days rollover adds the task on (FORMAT.md §3.5).
    public var every: Recurrence? { get { planning?.keys.every } set { changePlanning { $0.every = newValue } } }
    /// `@on:YYYY-MM-DD` (or `@on:YYYY-MM-DD/region`): a Backlog task scheduled for that day; that day's
    /// rollover places it in `onRegion`, or at the top of the Backlog.
    public var on: Day? { get { planning?.keys.on } set { changePlanning { $0.on = newValue } } }
    /// The region of `@on:DATE/region`, if one is named.
    public var onRegion: Region? { get { planning?.keys.onRegion } set { changePlanning { $0.onRegion = newValue } } }
    /// `@due:YYYY-MM-DD`: a deadline. Never drops a task; still open on or after it, the task is overdue.
    public var due: Day? { get { planning?.keys.due } set { changePlanning { $0.due = newValue } } }
    /// `@start:YYYY-MM-DD`: the first day the task can be worked on; before it, it is not offered.
    public var start: Day? { get { planning?.keys.start } set { changePlanning { $0.start = newValue } } }
    /// `@priority:high`: another tool's priority (`MetadataKey.priorities`), kept beside the bucket.
    public var priority: String? { get { planning?.keys.priority } set { changePlanning { $0.priority = newValue } } }
    /// The keys whose value the title holds in another tool's spelling (`ForeignSpelling`), and that spelling;
    /// such a key is not written again as an `@` word. Not part of equality: the title says it.
    public internal(set) var spelled: SpelledKeys {
        get { planning?.keys.spelled ?? SpelledKeys() }
        set { changePlanning { $0.spelled = newValue } }
    }
    /// `@expires:YYYY-MM-DD`: a backlog task still open after this day is dropped at rollover.
    public var expires: Day?
    /// `@from:YYYY-MM-DD`: the day the task was planned for before rollover deferred it.
    public var from: Day?
    /// `@expired`: rollover dropped this backlog task because its expiry passed.
    public var expired: Bool
    /// `@done:YYYY-MM-DD`: the day the task was done (written when the plan's `done-date` setting is on).
    public var done: Day? { get { planning?.keys.done } set { changePlanning { $0.done = newValue } } }
    /// `@est:45m`, `@est:1h30m`: how long the task takes, in minutes (more than 0).
    public var estimate: Int? { get { planning?.keys.estimate } set { changePlanning { $0.estimate = newValue } } }
    /// `@spent:1h20m`: the time spent on the task that day, in minutes (`dayplan stop` adds to it).
    public var spent: Int? { get { planning?.keys.spent } set { changePlanning { $0.spent = newValue } } }
    /// `@running:14:05`: since when, in minutes after midnight of the file's day, `dayplan start` is timing it.
    public var running: Int? { get { planning?.keys.running } set { changePlanning { $0.running = newValue } } }

    /// The planning keys, which few tasks carry, kept out of line: a document holds an item per line, each
    /// the size of a task, so a task stays small (nil when none is set, so that equal metadata compares equal).
    private var planning: PlanningStorage?

    private mutating func changePlanning(_ change: (inout PlanningKeys) -> Void) {
        var keys = planning?.keys ?? PlanningKeys()
        change(&keys)
        planning = keys == PlanningKeys() && keys.spelled.isEmpty ? nil : .stored(keys)
    }

    /// Metadata is equal when it says the same: which keys the title spells another way does not count.
    /// (Nearly every task has no planning keys: two such compare without making any.)
    public static func == (lhs: TaskMetadata, rhs: TaskMetadata) -> Bool {
        guard lhs.carry == rhs.carry, lhs.sticky == rhs.sticky, lhs.expires == rhs.expires, lhs.from == rhs.from,
              lhs.expired == rhs.expired else { return false }
        switch (lhs.planning, rhs.planning) {
        case (nil, nil): return true
        case let (a?, b?): return a.keys == b.keys
        case let (a?, nil), let (nil, a?): return a.keys == PlanningKeys()
        }
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(carry); hasher.combine(sticky); hasher.combine(expires); hasher.combine(from); hasher.combine(expired)
        hasher.combine(planning?.keys ?? PlanningKeys())
    }

    /// Makes metadata; everything is off by default.
    public init(carry: Bool = false, sticky: Bool = false, every: Recurrence? = nil, on: Day? = nil,
                onRegion: Region? = nil, due: Day? = nil, expires: Day? = nil, from: Day? = nil,
                expired: Bool = false, done: Day? = nil, estimate: Int? = nil) {
        self.carry = carry
        self.sticky = sticky
        self.expires = expires
        self.from = from
        self.expired = expired
        let keys = PlanningKeys(every: every, on: on, onRegion: onRegion, due: due, done: done, estimate: estimate)
        self.planning = keys == PlanningKeys() ? nil : .stored(keys)
    }

    /// Whether nothing is set.
    public var isEmpty: Bool {
        !carry && !sticky && expires == nil && from == nil && !expired && planning.map { $0.keys == PlanningKeys() } ?? true
    }

    /// The metadata words in canonical order: `@carry @sticky @every:… @on:… @due:… @expires:… @from:…
    /// @expired @done:… @est:…`.
    public var canonicalText: String {
        var text: [UInt8] = []
        write(to: &text)
        return String(decoding: text.dropFirst(), as: UTF8.self)
    }

    /// Appends each metadata word, with a space before it, in canonical order.
    func write(to output: inout [UInt8]) {
        guard !isEmpty else { return }
        // The table's order is the canonical order; each key writes ` @name` and, for a value, `:value`.
        let spelled = self.spelled
        for key in MetadataKey.all {
            guard !spelled.contains(key.id), let value = key.value(in: self) else { continue }
            output.append(UInt8(ascii: " "))
            output.append(UInt8(ascii: "@"))
            output.append(contentsOf: MetadataKey.nameBytes[key.id.rawValue])
            guard key.takesValue else { continue }
            output.append(UInt8(ascii: ":"))
            value.write(to: &output)
        }
    }
}

/// `@every:`, `@on:`, `@start:`, `@due:`, `@done:`, `@est:` and `@priority:` of a task, and which keys its title
/// spells in another tool's way.
struct PlanningKeys: Hashable, Sendable {
    var every: Recurrence?
    var on: Day?
    var onRegion: Region?
    var start: Day?
    var due: Day?
    var done: Day?
    var estimate: Int?
    var spent: Int?
    var running: Int?
    var priority: String?
    var spelled = SpelledKeys()

    static func == (lhs: PlanningKeys, rhs: PlanningKeys) -> Bool {
        lhs.every == rhs.every && lhs.on == rhs.on && lhs.onRegion == rhs.onRegion && lhs.start == rhs.start
            && lhs.due == rhs.due && lhs.done == rhs.done && lhs.estimate == rhs.estimate && lhs.priority == rhs.priority
            && lhs.spent == rhs.spent && lhs.running == rhs.running
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(every); hasher.combine(on); hasher.combine(onRegion); hasher.combine(start)
        hasher.combine(due); hasher.combine(done); hasher.combine(estimate); hasher.combine(priority); hasher.combine(spent); hasher.combine(running)
    }
}

/// `PlanningKeys` behind a pointer: a task without them pays 8 bytes, not 40.
indirect enum PlanningStorage: Hashable, Sendable {
    case stored(PlanningKeys)

    var keys: PlanningKeys {
        switch self {
        case .stored(let keys): keys
        }
    }
}

/// A tag name is letters, digits, `_`, `-` and `/` (and any non-ASCII text), not all digits.
package func isTagName<Bytes: Collection<UInt8>>(_ name: Bytes) -> Bool {
    var sawNonDigit = false
    for byte in name {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): continue
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "/"), 0x80...0xFF:
            sawNonDigit = true
        default: return false
        }
    }
    return sawNonDigit
}
