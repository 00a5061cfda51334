import DayPlan
import DayPlanJSON

extension DayRecord {
    /// The JSON names of the statuses, as EXPORT.md lists them.
    static let statusNames: [(String, Status)] = Status.allCases.map { ($0.name, $0) }
    /// The JSON names of the buckets.
    static let bucketNames: [(String, Bucket)] = Bucket.allCases.map { ($0.description, $0) }
    /// The JSON names of the regions.
    static let regionNames: [(String, Region)] = Region.allCases.map { ($0.lowercaseName, $0) }
    static let lineEndingNames: [(String, LineEnding)] = [("lf", .lf), ("crlf", .crlf)]

    /// The day as a JSON object, its members in the order EXPORT.md documents; with `lines`, each task's
    /// `line` too (a record made in code has none worth saying).
    package func jsonValue(lines: Bool = true) -> JSONValue {
        // The writer is the one definition of the format; what it writes is always JSON.
        (try? JSONValue(parsing: json(lines: lines))) ?? .null
    }

    /// The day as compact JSON text, UTF-8, written directly (no `JSONValue` in between: this is export's hot
    /// path); `jsonValue()` is the same as a value.
    public func json(lines: Bool = true) -> [UInt8] {
        writeJSON(lines: lines) { write in
            for index in regions.indices {
                let record = regions[index]
                write(record.region, record.heading, record.level, record.group) { task in
                    for taskIndex in record.tasks.indices {
                        let taskRecord = record.tasks[taskIndex]
                        task(taskRecord.task, nil, taskRecord.textBefore, taskRecord.line)
                    }
                    return record.textAfter
                }
            }
        }
    }

    /// The JSON of a parsed day file planning `date`: the bytes `DayRecord(document:date:)?.json()` gives,
    /// written from the document's own tasks without making the record's copy of each (what `dayplan export`
    /// writes). Nil when the record would be (errors that block formatting).
    public static func json(of document: DayDocument, date: Day) -> [UInt8]? {
        json(of: document, titles: nil, date: date)
    }

    /// The JSON of a day file's bytes, as `json(of: DayDocument(parsing: bytes), date:)` gives it, read with the
    /// titles apart: each title written from its bytes, no string made for it (`dayplan export`'s hot path).
    /// `date` says, from the document as read, the day it plans, or nil to write nothing. The JSON is nil when
    /// the record would be, or `date` gave nil; `document` is the file as read (its findings, its day heading),
    /// with each non-empty title in it the stand-in `…`.
    public static func json(ofFile bytes: [UInt8], planning date: (DayDocument) -> Day?) -> (document: DayDocument, json: [UInt8]?) {
        let (document, titles, titleEnds, shapes) = DayDocument.readingWholeWithTitlesApart(of: bytes)
        guard let day = date(document) else { return (document, nil) }
        // Each task's title is the next one apart, in file order: where each section's first task stands among
        // them. A count that differs (never seen) reads the file whole.
        var count = 0, firstTask: [Int] = []
        firstTask.reserveCapacity(document.sections.count)
        for item in document.leading { if case .task = item { count += 1 } }
        for item in document.preamble { if case .task = item { count += 1 } }
        for section in document.sections {
            firstTask.append(count)
            for case .task in section.items { count += 1 }
        }
        guard count == titleEnds.count, shapes.count == titleEnds.count else {
            let whole = DayDocument(parsing: bytes)
            return (whole, DayRecord.json(of: whole, date: day))
        }
        let written = titles.withUnsafeBufferPointer { titleBytes in
            DayRecord.json(of: document, titles: (titleBytes, titleEnds, shapes, firstTask), date: day)
        }
        return (document, written)
    }

    /// The JSON of a document; with `titles`, each task's title is taken from there (the n-th task's in file
    /// order, ending at `ends[n]`, its shape `shapes[n]`; the first task of section `s` is the
    /// `firstTask[s]`-th), not from the task.
    private static func json(of document: DayDocument,
                             titles: (bytes: UnsafeBufferPointer<UInt8>, ends: [Int], shapes: [TitleShape], firstTask: [Int])?,
                             date: Day) -> [UInt8]? {
        guard let head = DayRecord(allButRegionsOf: document, date: date) else { return nil }
        return head.writeJSON(lines: true) { write in
            for (region, index) in DayRecord.regionSections(of: document) {
                guard let index else {
                    // As `RegionRecord(region:)` makes it: the heading alone.
                    write(region, region.name, 2, nil) { _ in [] }
                    continue
                }
                let section = document.sections[index]
                write(region, section.canonicalHeadingText, section.headingLevel, section.groupHeading) { task in
                    guard let titles else {
                        return RegionRecord.forEachTask(in: section) { task($0, nil, $1, $0.line) }
                    }
                    var next = titles.firstTask[index]
                    return RegionRecord.forEachTask(in: section) { planTask, textBefore in
                        let start = next == 0 ? 0 : titles.ends[next - 1]
                        task(planTask, (UnsafeBufferPointer(rebasing: titles.bytes[start..<titles.ends[next]]), titles.shapes[next]),
                             textBefore, planTask.line)
                        next += 1
                    }
                }
            }
        }
    }

    /// Writes one task: the task, its title's bytes and shape when they are apart from it (nil: its own title),
    /// the free-text lines before it, and its line.
    typealias TaskWriter = (PlanTask, (bytes: UnsafeBufferPointer<UInt8>, shape: TitleShape)?, [String], Int) -> Void
    /// Writes one region: which, its heading's text, level and group, and its tasks (given a task writer,
    /// writes each and returns the lines after the last).
    typealias RegionWriter = (Region, String, Int, String?, (TaskWriter) -> [String]) -> Void

    /// The one writer of the format: the record's day, heading and free text, the regions `regions` hands to
    /// the region writer it is given, in order, then the other sections.
    private func writeJSON(lines: Bool, regions: (RegionWriter) -> Void) -> [UInt8] {
        // A day of a full plan is a few kilobytes of JSON: room for it at once rather than growing into it.
        var writer = JSONTextWriter(capacity: 8192)
        writer.open("date"); writer.day(date)
        writer.member("heading"); writer.optional(heading)
        writer.member("lineEnding"); writer.string(lineEnding == .lf ? "lf" : "crlf")
        writer.member("frontMatter"); writer.strings(frontMatter)
        writer.member("leading"); writer.strings(leading)
        writer.member("preamble"); writer.strings(preamble)
        writer.member("regions"); writer.startArray()
        var regionCount = 0
        regions { region, heading, level, group, tasks in
            if regionCount > 0 { writer.comma() }
            regionCount += 1
            writer.open("region"); writer.string(region.lowercaseName)
            writer.member("heading"); writer.string(heading)
            writer.member("level"); writer.integer(level)
            writer.member("group"); writer.optional(group)
            writer.member("tasks"); writer.startArray()
            var taskCount = 0
            let textAfter = tasks { task, titleBytes, textBefore, line in
                if lines {
                    // The comma before it and the member's name in one piece, and no text before it (most tasks)
                    // in one piece too.
                    writer.literal(taskCount > 0 ? #",{"line":"# : #"{"line":"#)
                    writer.integer(line)
                    if textBefore.isEmpty {
                        writer.literal(#","textBefore":[]"#)
                    } else {
                        writer.member("textBefore"); writer.strings(textBefore)
                    }
                } else {
                    if taskCount > 0 { writer.comma() }
                    writer.open("textBefore"); writer.strings(textBefore)
                }
                taskCount += 1
                writer.literal(DayRecord.member(of: task.bucket))
                writer.literal(DayRecord.member(of: task.status))
                if let titleBytes {
                    writer.titleMembers(utf8: titleBytes.bytes, shape: titleBytes.shape)
                } else {
                    writer.titleMembers(task.title)
                }
                let noMetadata = task.metadata == TaskMetadata()
                if noMetadata, task.notes.isEmpty {
                    // Most tasks: no metadata, no notes and so no sub-tasks, all in one piece.
                    writer.literal(#","metadata":{"carry":false,"sticky":false,"expires":null,"from":null,"expired":false},"notes":[],"subtasks":[]}"#)
                    return
                }
                if noMetadata {
                    // What the members below write for no metadata, in one piece.
                    writer.literal(#","metadata":{"carry":false,"sticky":false,"expires":null,"from":null,"expired":false}"#)
                } else {
                    writer.member("metadata")
                    for (index, key) in DayRecord.alwaysExported.enumerated() {
                        if index == 0 { writer.open(dynamic: key.exportField) } else { writer.member(dynamic: key.exportField) }
                        let value = key.value(in: task.metadata)
                        if key.takesValue { writer.day(value?.day) } else { writer.bool(value != nil) }
                    }
                    // Keys a later format adds, as the canonical line writes them: a flag true, a value its text.
                    for (key, value) in DayRecord.otherMetadata(task.metadata) {
                        writer.member(dynamic: key)
                        if let value { writer.string(value) } else { writer.bool(true) }
                    }
                    writer.close()
                }
                if task.notes.isEmpty {
                    // No notes, so no sub-tasks: in one piece too.
                    writer.literal(#","notes":[],"subtasks":[]}"#)
                    return
                }
                writer.member("notes"); writer.strings(task.notes)
                if task.endsInHardBreak, let first = task.notes.first, !first.isEmpty {
                    writer.member("breakAfterTitle"); writer.bool(true)
                }
                writer.member("subtasks")
                writer.array(task.subtasks) { subtask, writer in
                    writer.open("status"); writer.string(DayRecord.name(of: subtask.status))
                    writer.member("title"); writer.string(subtask.title)
                    writer.member("depth"); writer.integer(subtask.depth)
                    writer.member("note"); writer.integer(subtask.note)
                    writer.close()
                }
                writer.close()
            }
            writer.endArray()
            writer.member("textAfter"); writer.strings(textAfter)
            writer.close()
        }
        writer.endArray()
        writer.member("sections")
        writer.array(sections) { section, writer in
            writer.open("heading"); writer.string(section.heading)
            writer.member("lines"); writer.strings(section.lines)
            writer.member("after"); writer.optional(section.after?.lowercaseName)
            writer.close()
        }
        writer.close()
        return writer.bytes
    }

    /// A status's JSON name.
    static func name(of status: Status) -> String { status.name }

    /// A task's `status` member after the one before it, `,"status":"todo"` (written as it is: no escaping to
    /// look for).
    static func member(of status: Status) -> StaticString {
        switch status {
        case .todo: #","status":"todo""#
        case .inProgress: #","status":"in-progress""#
        case .done: #","status":"done""#
        case .moved: #","status":"moved""#
        case .cancelled: #","status":"cancelled""#
        }
    }

    /// A task's `bucket` member after the one before it: `,"bucket":` and the bucket's JSON name (its
    /// `description`).
    static func member(of bucket: Bucket) -> StaticString {
        switch bucket {
        case .must: #","bucket":"must""#
        case .complementary: #","bucket":"complementary""#
        case .misc: #","bucket":"misc""#
        }
    }

    /// Reads a day from its JSON object, as `jsonValue()` writes it or as a person writes it with fewer
    /// members (EXPORT.md says which may be left out). Errors name the JSON path below `path`.
    ///
    /// This checks the shape of the value only; `validated(at:)` checks that the file it describes reads
    /// back as the same day.
    package init(json: JSONValue, at path: String = "") throws(RecordError) {
        var day = try ObjectReader(json, at: path)
        guard let date = try day.day("date") else {
            throw RecordError(path: day.path("date"), message: "missing; every day has its date, YYYY-MM-DD")
        }
        self.date = date
        heading = try day.string("heading", default: date.description)
        lineEnding = try day.choice("lineEnding", "line ending", DayRecord.lineEndingNames, default: .lf)
        frontMatter = try day.lines("frontMatter")
        leading = try day.lines("leading")
        preamble = try day.lines("preamble")
        var regions: [RegionRecord] = []
        for (index, value) in try day.elements("regions").enumerated() {
            let regionPath = "\(day.path("regions"))[\(index)]"
            let region = try RegionRecord(json: value, at: regionPath)
            if let twice = regions.firstIndex(where: { $0.region == region.region }) {
                throw RecordError(path: regionPath + ".region", message: "\(region.region.name) is listed twice (also regions[\(twice)])")
            }
            regions.append(region)
        }
        sections = try day.elements("sections").enumerated().map { (index, value) throws(RecordError) in
            var section = try ObjectReader(value, at: "\(day.path("sections"))[\(index)]")
            guard let heading = try section.string("heading") else {
                throw RecordError(path: section.path("heading"), message: "missing; a section has a heading")
            }
            // Without "after" (an export older than the field) the section follows the Backlog, where the
            // canonical form then put it; null is before the regions.
            let after: Region? = section.value("after") == .null ? nil
                : try section.choice("after", "region", DayRecord.regionNames, default: .backlog)
            let record = SectionRecord(heading: try ObjectReader.line(.string(heading), at: section.path("heading")),
                                       lines: try section.lines("lines"), after: after)
            try section.finish(knowing: ["heading", "lines", "after"])
            return record
        }
        try day.finish(knowing: ["date", "heading", "lineEnding", "frontMatter", "leading", "preamble", "regions", "sections"])
        // A day with anything in it has all four regions, in canonical order, as the canonical form does.
        let isEmpty = heading == nil && regions.isEmpty && sections.isEmpty && leading.isEmpty
        if !isEmpty {
            self.regions = Region.allCases.map { region in regions.first { $0.region == region } ?? RegionRecord(region: region) }
        } else {
            self.regions = []
        }
        if let heading { _ = try ObjectReader.line(.string(heading), at: day.path("heading")) }
    }

    /// Checks that the file this record describes reads back as this record: its canonical form, parsed,
    /// has no error that blocks formatting and gives the same record. Throws at the first member that would
    /// read back otherwise (a title holding `@carry`, a line of free text that is a region heading, a line
    /// with trailing white space…), below `path`.
    public func validated(at path: String = "") throws(RecordError) {
        let printed = canonicalBytes()
        let parsed = DayDocument(parsing: printed)
        if let blocker = parsed.formattingBlockers.first {
            throw RecordError(path: path, message: "the day file it describes would have an error that blocks formatting, at its line "
                              + "\(blocker.start.line): \(blocker.message) [\(blocker.rule.id)]")
        }
        guard let back = DayRecord(document: parsed, date: date) else { return }
        guard back != self else { return }
        let (wherePath, expected, found) = JSONValue.firstDifference(jsonValue(lines: false), back.jsonValue(lines: false), at: path)
            ?? (path, "", "")
        throw RecordError(path: wherePath, message: "would not read back as written: the day file would say \(found) here, not \(expected)")
    }
}

extension RegionRecord {
    /// Reads a region from its JSON object.
    init(json: JSONValue, at path: String) throws(RecordError) {
        var object = try ObjectReader(json, at: path)
        let region = try object.choice("region", "region", DayRecord.regionNames, default: nil)
        self.init(region: region)
        heading = try ObjectReader.line(.string(try object.string("heading", default: region.name) ?? region.name), at: object.path("heading"))
        if let value = object.value("level") {
            guard let level = value.intValue, level == 2 || level == 3 else {
                throw RecordError(path: object.path("level"), message: "expected 2 or 3 (the number of #), found \(value.jsonText())")
            }
            self.level = level
        }
        group = try object.string("group")
        if let group { _ = try ObjectReader.line(.string(group), at: object.path("group")) }
        tasks = try object.elements("tasks").enumerated().map { (index, value) throws(RecordError) in
            try TaskRecord(json: value, at: "\(object.path("tasks"))[\(index)]")
        }
        textAfter = try object.lines("textAfter")
        try object.finish(knowing: ["region", "heading", "level", "group", "tasks", "textAfter"])
    }
}

extension TaskRecord {
    /// Reads a task from its JSON object. `line`, `words`, `tags` and `subtasks` are read-only views of the
    /// title and notes: accepted and not used.
    init(json: JSONValue, at path: String) throws(RecordError) {
        var object = try ObjectReader(json, at: path)
        let bucket = try object.choice("bucket", "bucket", DayRecord.bucketNames, default: .misc)
        let status = try object.choice("status", "status", DayRecord.statusNames, alsoRead: [("deferred", .moved)],
                                       default: .todo)
        guard let title = try object.string("title") else {
            throw RecordError(path: object.path("title"), message: "missing; a task has a title")
        }
        var metadata = TaskMetadata()
        if let value = object.value("metadata") {
            metadata = try DayRecord.metadata(json: value, at: object.path("metadata"))
        }
        var task = PlanTask(bucket: bucket, status: status, title: try ObjectReader.line(.string(title), at: object.path("title")),
                            metadata: metadata, notes: try object.lines("notes"))
        // A date the title spells another tool's way (`📅 2026-12-01`) is not written again as `@due:`.
        task.markSpelledKeys()
        if let value = object.value("breakAfterTitle") {
            guard case .bool(let breaks) = value else {
                throw RecordError(path: object.path("breakAfterTitle"), message: "expected true or false, found \(value.jsonText())")
            }
            // A break written only before a note (PlanTask.endsInHardBreak).
            task.endsInHardBreak = breaks && task.notes.first?.isEmpty == false
        }
        self.init(task: task, textBefore: try object.lines("textBefore"), line: 0)
        for view in ["line", "words", "tags", "subtasks"] { _ = object.value(view) }
        try object.finish(knowing: ["line", "textBefore", "bucket", "status", "title", "words", "tags", "metadata", "notes",
                                    "breakAfterTitle", "subtasks"])
    }
}

extension JSONValue {
    /// The first place two values differ, as a path below `path` and each side written as JSON (an array
    /// that is longer on one side differs at its first extra element); nil when they are equal.
    static func firstDifference(_ a: JSONValue, _ b: JSONValue, at path: String) -> (String, String, String)? {
        switch (a, b) {
        case (.object(let left), .object(let right)):
            for member in left {
                let here = ObjectReader.join(path, member.key)
                guard let other = right.first(where: { $0.key == member.key }) else { return (here, member.value.jsonText(), "nothing") }
                if let found = firstDifference(member.value, other.value, at: here) { return found }
            }
            for member in right where !left.contains(where: { $0.key == member.key }) {
                return (ObjectReader.join(path, member.key), "nothing", member.value.jsonText())
            }
            return nil
        case (.array(let left), .array(let right)):
            for index in 0..<max(left.count, right.count) {
                let here = "\(path)[\(index)]"
                guard index < left.count else { return (here, "nothing", right[index].jsonText()) }
                guard index < right.count else { return (here, left[index].jsonText(), "nothing") }
                if let found = firstDifference(left[index], right[index], at: here) { return found }
            }
            return nil
        default:
            return a == b ? nil : (path, a.jsonText(), b.jsonText())
        }
    }
}

/// What only export writes: optional strings, arrays of strings, a title's words.
extension JSONTextWriter {
    /// A string, or `null`.
    mutating func optional(_ text: String?) {
        if let text { string(text) } else { literal("null") }
    }

    /// An array of the strings `each` gives as UTF-8 bytes.
    mutating func strings(_ each: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        startArray()
        var first = true
        each { bytes in
            if !first { comma() }
            first = false
            output.append(UInt8(ascii: "\""))
            JSONValue.writeEscaped(utf8: bytes, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        endArray()
    }

    /// `,"title":…,"words":[…],"tags":[…]`: a task's title and the two views export gives of it, its words (as
    /// `PlanTask.forEachWord` splits them) and its tags (as `PlanTask.forEachTag` finds them).
    ///
    /// Written member by member; a title read from a file comes with its shape (`titleMembers(utf8:shape:title:)`).
    mutating func titleMembers(_ title: String) {
        var text = title
        text.withUTF8 { titleMembers(utf8: $0, title: title) }
    }

    /// The same members for a title given as its UTF-8 bytes (valid: a file that is not is refused before).
    /// `shape`: what the parser learnt of it. Nearly every title is plain (no byte JSON escapes, no code span or
    /// link, single spaces between its words): its three members are written in one run, the title copied
    /// whole, its words as the title with each space written `","`, and no tags unless it holds a `#`. Any
    /// other title is written member by member. `title` is the
    /// title as a string, when the caller has it: made from the bytes otherwise, for a title written member by
    /// member.
    mutating func titleMembers(utf8 bytes: UnsafeBufferPointer<UInt8>, shape: TitleShape = TitleShape(), title: String? = nil) {
        let written = { () -> Bool in
            // Plain as the parser's one scan of it found it (`TitleShape`): no second scan here.
            guard shape.isPlain else { return false }
            let plain = PlainTitle(spaces: Int(shape.spaces), hasHash: shape.hasHash)
            let titleName: StaticString = #","title":""#, wordsName: StaticString = #"","words":"#
            let tagsName: StaticString = plain.hasHash ? #","tags":"# : #","tags":[]"#
            let wordsLength = bytes.isEmpty ? 2 : bytes.count + 2 * plain.spaces + 4
            let length = titleName.utf8CodeUnitCount + bytes.count + wordsName.utf8CodeUnitCount + wordsLength
                + tagsName.utf8CodeUnitCount
            // Eight bytes of room beyond the run: the words are stored eight bytes at a time.
            output.append(atMost: length + 8) { target in
                let out = UnsafeMutableRawPointer(target)
                var o = 0
                func put(_ text: StaticString) {
                    (out + o).copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
                    o += text.utf8CodeUnitCount
                }
                put(titleName)
                if let base = bytes.baseAddress { (out + o).copyMemory(from: base, byteCount: bytes.count) }
                o += bytes.count
                put(wordsName)
                if bytes.isEmpty {
                    (out + o).storeBytes(of: UInt16(0x5D5B).littleEndian, as: UInt16.self)   // []
                    o += 2
                } else {
                    (out + o).storeBytes(of: UInt16(0x225B).littleEndian, as: UInt16.self)   // ["
                    o += 2
                    o = PlainTitle.writeWords(bytes, to: out, at: o)
                    (out + o).storeBytes(of: UInt16(0x5D22).littleEndian, as: UInt16.self)   // "]
                    o += 2
                }
                put(tagsName)
                return o
            }
            guard plain.hasHash else { return true }
            strings { PlanTask.forEachTag(inTitle: bytes, $0) }
            return true
        }()
        guard !written else { return }
        let title = title ?? String(decoding: bytes, as: UTF8.self)
        member("title"); string(title)
        member("words"); strings { PlanTask.forEachWord(of: title, $0) }
        member("tags"); strings { PlanTask.forEachTag(inTitle: bytes, $0) }
    }

    /// An array of strings.
    mutating func strings(_ texts: [String]) {
        // Most lists of lines (a task's text before it, its notes) are empty.
        if texts.isEmpty { literal("[]"); return }
        array(texts) { text, writer in writer.string(text) }
    }
}

/// A title as export writes it in one run (`JSONTextWriter.titleMembers`): its UTF-8 has no byte JSON escapes,
/// no code span, no link, and single spaces between words, none at either end.
private struct PlainTitle {
    /// How many spaces it holds (each is written `","` among the words).
    let spaces: Int
    /// Whether it holds a `#`, and so may have tags.
    let hasHash: Bool

    /// A title the parser found plain with no byte JSON escapes (`TitleShape`), of that shape.
    init(spaces: Int, hasHash: Bool) {
        self.spaces = spaces
        self.hasHash = hasHash
    }

    /// Writes the words of plain title `bytes` at `offset` of `out`, each space as `","`, and returns where
    /// they end. Eight bytes at a time: each run between spaces is stored as a whole word of eight bytes, so up
    /// to eight bytes past the end are written over (the caller leaves room).
    static func writeWords(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutableRawPointer, at offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return offset }
        let raw = UnsafeRawPointer(base), separator = UInt32(0x22_2C_22).littleEndian   // ","
        // Offsets stay within the title and the room the caller made: wrapping arithmetic, no overflow checks.
        var o = offset, k = 0
        while k &+ 8 <= bytes.count {
            let word = UInt64(littleEndian: (raw + k).loadUnaligned(as: UInt64.self))
            var blank = zeroBytes(word ^ everyByte(UInt8(ascii: " ")))
            var from = 0
            while blank != 0 {
                let at = blank.trailingZeroBitCount &>> 3
                (out + o).storeBytes(of: (word &>> UInt64(from &* 8)).littleEndian, as: UInt64.self)
                o = o &+ at &- from
                (out + o).storeBytes(of: separator, as: UInt32.self)
                o = o &+ 3
                from = at &+ 1
                blank &= blank &- 1
            }
            if from < 8 {
                (out + o).storeBytes(of: (word &>> UInt64(from &* 8)).littleEndian, as: UInt64.self)
                o = o &+ 8 &- from
            }
            k = k &+ 8
        }
        while k < bytes.count {
            if base[k] == UInt8(ascii: " ") {
                (out + o).storeBytes(of: separator, as: UInt32.self)
                o = o &+ 3
            } else {
                (out + o).storeBytes(of: base[k], as: UInt8.self)
                o = o &+ 1
            }
            k = k &+ 1
        }
        return o
    }
}
