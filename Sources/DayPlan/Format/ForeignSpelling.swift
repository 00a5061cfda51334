/// Another tool's spelling of a fact a metadata key holds (FORMAT.md §3.7): Obsidian Tasks' `📅 2026-12-01`,
/// Dataview's `[due:: 2026-12-01]`, Logseq's `DEADLINE: <2026-12-01 Tue>` under the task. The words stay in the
/// title byte for byte; the parser also reads them as the key's value (`TaskMetadata.spelled` says which), so a
/// vault's due date is a due date to every command, and the file is written back as it was.
///
/// Adding a spelling is one row in `sigils` or `fields`, and its tests.
public enum MetadataStyle: String, CaseIterable, Sendable {
    /// `@due:2026-12-01`.
    case dayplan
    /// Obsidian Tasks' emoji: `📅 2026-12-01`.
    case obsidianTasks = "obsidian-tasks"
    /// Dataview's inline fields: `[due:: 2026-12-01]`, `(due:: 2026-12-01)`.
    case dataview
    /// Logseq's `SCHEDULED: <2026-12-01 Tue>` and `DEADLINE: <…>`, on the line under the task (read, and its date
    /// rewritten in place; never written new).
    case logseq

    /// The styles the plan folder's `metadata-style` setting may name: those dayplan writes new words in.
    public static let written: [MetadataStyle] = [.dayplan, .obsidianTasks, .dataview]

    /// The tool's name in the possessive, as findings and hovers say it: `Obsidian Tasks'`, `Dataview's`.
    public var toolPossessive: String {
        switch self {
        case .dayplan: "dayplan's"
        case .obsidianTasks: "Obsidian Tasks'"
        case .dataview: "Dataview's"
        case .logseq: "Logseq's"
        }
    }
}

/// The keys a task spells another tool's way (`ForeignSpelling`), and the first such spelling's style.
public struct SpelledKeys: Hashable, Sendable {
    private var bits: UInt16 = 0
    /// The style of the first key spelled another way; `.dayplan` when none is.
    public private(set) var style: MetadataStyle = .dayplan

    /// No key spelled another way.
    public init() {}

    /// Whether no key is spelled another way.
    public var isEmpty: Bool { bits == 0 }
    /// Whether `key`'s value stands in the title (or a Logseq line) in another tool's spelling.
    public func contains(_ key: MetadataKey.ID) -> Bool { bits & (1 << key.rawValue) != 0 }

    mutating func insert(_ key: MetadataKey.ID, style: MetadataStyle) {
        if bits == 0 { self.style = style }
        bits |= 1 << key.rawValue
    }

    mutating func remove(_ key: MetadataKey.ID) {
        bits &= ~(1 << key.rawValue)
        if bits == 0 { style = .dayplan }
    }
}

/// The spellings dayplan reads, and how it finds and writes them.
enum ForeignSpelling {
    /// An Obsidian Tasks signifier: its emoji (any one of `emoji`, an emoji presentation selector allowed after
    /// it), and the key it gives a value to: a date after it, a recurrence in words, or a priority word alone.
    struct Sigil {
        let emoji: [[UInt8]]
        let key: MetadataKey.ID
        /// For a priority signifier: the word of `@priority:` it is.
        let priority: String?
    }

    /// Obsidian Tasks' signifiers, as its emoji format reads them. `❌` (cancelled on) is the day the task was
    /// closed, which `@done:` holds for every finished task.
    static let sigils: [Sigil] = [
        Sigil(emoji: ["📅", "📆", "🗓"].map(bytes), key: .due, priority: nil),
        Sigil(emoji: ["⏳", "⌛"].map(bytes), key: .on, priority: nil),
        Sigil(emoji: [bytes("🛫")], key: .start, priority: nil),
        Sigil(emoji: [bytes("➕")], key: .from, priority: nil),
        Sigil(emoji: [bytes("✅")], key: .done, priority: nil),
        Sigil(emoji: [bytes("❌")], key: .done, priority: nil),
        Sigil(emoji: [bytes("🔁")], key: .every, priority: nil),
        Sigil(emoji: [bytes("🔺")], key: .priority, priority: "highest"),
        Sigil(emoji: [bytes("⏫")], key: .priority, priority: "high"),
        Sigil(emoji: [bytes("🔼")], key: .priority, priority: "medium"),
        Sigil(emoji: [bytes("🔽")], key: .priority, priority: "low"),
        Sigil(emoji: [bytes("⏬")], key: .priority, priority: "lowest"),
    ]

    /// Dataview's inline field names (as Obsidian Tasks writes them) and the key each gives a value to.
    static let fields: [(name: String, key: MetadataKey.ID)] = [
        ("due", .due), ("scheduled", .on), ("start", .start), ("created", .from), ("completion", .done),
        ("cancelled", .done), ("repeat", .every), ("priority", .priority),
    ]

    /// Logseq's planning words and their keys.
    static let logseq: [(word: String, key: MetadataKey.ID)] = [("SCHEDULED:", .on), ("DEADLINE:", .due)]

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static let selector: [UInt8] = [0xEF, 0xB8, 0x8F]

    /// One spelling found on a line: its bytes (the signifier and its value), the key and the value read (nil
    /// when the value is no value of the key, or a recurrence no `@every:` means: kept as words, and named).
    struct Found {
        let range: Range<Int>
        let key: MetadataKey.ID
        let style: MetadataStyle
        let value: MetadataValue?
    }

    /// Whether `start..<end` may hold a spelling: a byte that starts a signifier's emoji (0xE2, 0xF0) or `::`.
    /// Looked at eight bytes at a time, from one byte of interest (beyond ASCII, or a colon) to the next.
    static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        let colons = everyByte(UInt8(ascii: ":"))
        while i < end {
            if let base = bytes.baseAddress, i + 8 <= end {
                let eight = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                // The first byte of interest of the eight (each flag exact), else the next eight.
                let flags = (eight & 0x8080_8080_8080_8080) | zeroBytes(eight ^ colons)
                guard flags != 0 else { i += 8; continue }
                i += flags.trailingZeroBitCount / 8
            }
            let byte = bytes[i]
            if byte == 0xE2 || byte == 0xF0 || byte == UInt8(ascii: ":") && i + 1 < end && bytes[i + 1] == byte { return true }
            i += 1
        }
        return false
    }

    /// Hands each spelling among the words of `start..<end` (a task line after its box) to `body`, in order.
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ body: (Found) -> Void) {
        var words: [Range<Int>] = []
        forEachWordRange(in: bytes, start, end, tabs: true, spans: true) { words.append($0) }
        var index = 0
        while index < words.count {
            let word = words[index]
            if let (sigil, rest) = sigil(bytes, word) {
                var last = index, value: MetadataValue?
                switch sigil.key {
                case .priority:
                    guard rest == word.upperBound else { index += 1; continue }
                    value = .word(sigil.priority ?? "")
                case .every:
                    // The rule in words: letters, digits, commas, blanks and `!`, as Obsidian Tasks reads it.
                    var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[rest..<word.upperBound]), as: UTF8.self)
                    while last + 1 < words.count, isRuleWord(bytes, words[last + 1]) {
                        last += 1
                        text += (text.isEmpty ? "" : " ") + String(decoding: UnsafeBufferPointer(rebasing: bytes[words[last]]), as: UTF8.self)
                    }
                    value = routine(text).flatMap { Recurrence($0) }.map { .recurrence($0) }
                default:
                    var date = rest..<word.upperBound
                    if date.isEmpty, last + 1 < words.count {
                        last += 1
                        date = words[last]
                    }
                    value = Day(utf8: bytes[date]).map { sigil.key == .on ? .scheduled($0, nil) : .day($0) }
                }
                body(Found(range: word.lowerBound..<words[last].upperBound, key: sigil.key, style: .obsidianTasks, value: value))
                index = last + 1
                continue
            }
            if let found = field(bytes, words, at: index) {
                body(found.found)
                index = found.next
                continue
            }
            index += 1
        }
    }

    /// The signifier `word` starts with, and where its value starts (after a presentation selector).
    private static func sigil(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> (Sigil, Int)? {
        let first = bytes[word.lowerBound]
        guard first == 0xE2 || first == 0xF0 else { return nil }
        for sigil in sigils {
            for emoji in sigil.emoji where starts(bytes, word, with: emoji, at: word.lowerBound) {
                var rest = word.lowerBound + emoji.count
                if starts(bytes, word, with: selector, at: rest) { rest += selector.count }
                return (sigil, rest)
            }
        }
        return nil
    }

    /// Whether `prefix` stands at `i`, within `word`.
    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>, with prefix: [UInt8], at i: Int) -> Bool {
        i + prefix.count <= word.upperBound && prefix.indices.allSatisfy { bytes[i + $0] == prefix[$0] }
    }

    /// Whether `word` is of Obsidian Tasks' rule text: ASCII letters, digits, `,` and `!`.
    private static func isRuleWord(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        word.allSatisfy { i in (bytes[i] < 0x80 && Character(Unicode.Scalar(bytes[i])).isLetter) || ",!0123456789".utf8.contains(bytes[i]) }
    }

    /// A Dataview field that starts at `words[index]` (`[key:: value]` or `(key:: value)`, the value over any
    /// words up to the closing bracket), and the index of the word after it; nil when none does.
    private static func field(_ bytes: UnsafeBufferPointer<UInt8>, _ words: [Range<Int>], at index: Int) -> (found: Found, next: Int)? {
        let word = words[index]
        let open = bytes[word.lowerBound]
        guard open == UInt8(ascii: "[") || open == UInt8(ascii: "("), word.count > 3 else { return nil }
        let close = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
        var colons = word.lowerBound + 1
        while colons + 1 < word.upperBound, !(bytes[colons] == UInt8(ascii: ":") && bytes[colons + 1] == UInt8(ascii: ":")) { colons += 1 }
        guard colons + 1 < word.upperBound else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(word.lowerBound + 1)..<colons]), as: UTF8.self).lowercased()
        guard let key = fields.first(where: { $0.name == name })?.key else { return nil }
        var last = index
        while bytes[words[last].upperBound - 1] != close {
            guard last + 1 < words.count else { return nil }
            last += 1
        }
        let valueStart = colons + 2, valueEnd = words[last].upperBound - 1
        let text = valueStart < valueEnd ? String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]), as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") : ""
        let value: MetadataValue?
        switch key {
        case .every: value = routine(text).flatMap { Recurrence($0) }.map { .recurrence($0) }
        case .priority: value = MetadataKey.choice(text, of: MetadataKey.priorities).map { .word($0) }
        default:
            // A date, or a date and a time (`2026-12-01T10:00`): the day.
            let day = text.utf8.count == 10 || text.dropFirst(10).first == "T" ? Day(text.prefix(10)) : nil
            value = day.map { key == .on ? .scheduled($0, nil) : .day($0) }
        }
        return (Found(range: word.lowerBound..<words[last].upperBound, key: key, style: .dataview, value: value), last + 1)
    }

    /// Logseq's planning line (`SCHEDULED: <2026-12-01 Tue>`, `DEADLINE: <…>`) in `start..<end`, a note line's
    /// text: the key and day; nil when it is none.
    static func logseqLine(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (key: MetadataKey.ID, value: MetadataValue?)? {
        for (word, key) in logseq {
            let prefix = Array(word.utf8)
            guard starts(bytes, start..<end, with: prefix, at: start) else { continue }
            var i = start + prefix.count
            while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
            guard i < end, bytes[i] == UInt8(ascii: "<") else { return nil }
            let day = i + 11 <= end ? Day(utf8: bytes[(i + 1)..<(i + 11)]) : nil
            return (key, day.map { key == .on ? .scheduled($0, nil) : .day($0) })
        }
        return nil
    }

    /// The bytes of the date of a Logseq planning line in `line` (and of its weekday, when it has one), and what
    /// they become for `day`: `2026-12-01 Tue` becomes `2026-12-04 Fri`. Nil when the line has no `<` date.
    static func logseqRedating(_ bytes: [UInt8], _ line: Range<Int>, to day: Day) -> (range: Range<Int>, text: [UInt8])? {
        guard let open = bytes[line].firstIndex(of: UInt8(ascii: "<")), open + 11 <= line.upperBound else { return nil }
        var range = (open + 1)..<(open + 11), text = Array(day.description.utf8)
        let weekday = open + 12
        if weekday + 3 <= line.upperBound, bytes[open + 11] == UInt8(ascii: " "),
           bytes[weekday..<(weekday + 3)].allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) {
            range = (open + 1)..<(weekday + 3)
            text += Array((" " + Weekday(of: day).abbreviation).utf8)
        }
        return (range, text)
    }

    /// The key's value written in `style`; nil when that style has no spelling for it (a region of `@on:`, a
    /// routine, Logseq's): the caller writes dayplan's word.
    static func written(_ key: MetadataKey.ID, _ value: MetadataValue, in style: MetadataStyle) -> String? {
        switch style {
        case .dayplan, .logseq: return nil
        case .obsidianTasks:
            if key == .priority, let word = value.word, let sigil = sigils.first(where: { $0.priority == word }) {
                return String(decoding: sigil.emoji[0], as: UTF8.self)
            }
            guard key != .every, value.region == nil, let day = value.day,
                  let sigil = sigils.first(where: { $0.key == key }) else { return nil }
            return String(decoding: sigil.emoji[0], as: UTF8.self) + " " + day.description
        case .dataview:
            guard key != .every, value.region == nil, let field = fields.first(where: { $0.key == key }) else { return nil }
            return "[\(field.name):: \(value.description)]"
        }
    }

    /// The `@every:` value a rule in Obsidian Tasks' words means (`every weekday`, `every week on Monday,
    /// Friday`, `every month on the 2nd Tuesday`, `every 3 days when done`); nil for one no `@every:` means.
    static func routine(_ text: String) -> String? {
        var words = text.lowercased().split { $0 == " " || $0 == "," }.map(String.init).filter { $0 != "and" }
        guard words.first == "every" else { return nil }
        words.removeFirst()
        let whenDone = words.suffix(2) == ["when", "done"]
        if whenDone { words.removeLast(2) }
        let count = words.first.flatMap { Int($0) }
        if count != nil { words.removeFirst() }
        let unit = words.first.map { $0.hasSuffix("s") ? String($0.dropLast()) : $0 }
        if whenDone { return unit == "day" && words.count == 1 ? "done+\(count ?? 1)d" : nil }
        guard count == nil || count == 1 else { return nil }
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        func weekday(_ word: String) -> String? {
            let name = word.hasSuffix("s") ? String(word.dropLast()) : word
            return days.contains(name) ? String(name.prefix(3)) : nil
        }
        switch unit {
        case "day" where words.count == 1: return "day"
        case "weekday" where words.count == 1: return "weekday"
        case "weekend" where words.count == 1: return "weekend"
        case "week" where words.count > 2 && words[1] == "on":
            let named = words.dropFirst(2).map(weekday)
            return named.contains(nil) ? nil : named.compactMap { $0 }.joined(separator: ",")
        case "month" where words.count >= 4 && words[1] == "on" && words[2] == "the":
            let nth = words[3]
            if nth == "last", words.count == 4 { return "month:last" }
            guard let number = Int(nth.prefix { $0.isNumber }), nth.count - String(number).count == 2 else { return nil }
            if words.count == 4 { return "month:\(number)" }
            guard words.count == 5, let day = weekday(words[4]) else { return nil }
            return "month:\(nth)-\(day)"
        default:
            let named = words.map(weekday)
            return !named.isEmpty && !named.contains(nil) ? named.compactMap { $0 }.joined(separator: ",") : nil
        }
    }
}


extension PlanTask {
    /// Sets `key`'s value (nil: unsets it) in the spelling the task has for it: another tool's words in the title
    /// (or Logseq's line under it) are rewritten or taken out; a task that spells other keys another tool's way
    /// gets the new one in that spelling where it has one, and a task that spells none, in `style` (the plan
    /// folder's `metadata-style`); else the key is an `@` word.
    mutating func setValue(_ value: MetadataValue?, of key: MetadataKey, style: MetadataStyle = .dayplan) {
        let spelled = metadata.spelled
        let spelling = spelled.isEmpty ? style : spelled.style
        if spelled.contains(key.id) {
            if spelled.style == .logseq || !respell(key, value) { respellNote(key, value) }
            if value == nil { metadata.spelled.remove(key.id) }
        } else if let value, spelling != .dayplan, let text = ForeignSpelling.written(key.id, value, in: spelling) {
            title += (title.isEmpty ? "" : " ") + text
            metadata.spelled.insert(key.id, style: spelling)
        }
        key.set(value, in: &metadata)
    }

    /// Rewrites `key`'s spelling in the title as `value` (in the same style), or takes it out; false when the
    /// title spells no value of it.
    private mutating func respell(_ key: MetadataKey, _ value: MetadataValue?) -> Bool {
        var bytes = Array(title.utf8)
        var found: ForeignSpelling.Found?
        bytes.withUnsafeBufferPointer { buffer in
            ForeignSpelling.forEach(in: buffer, 0, buffer.count) { if found == nil, $0.key == key.id, $0.value != nil { found = $0 } }
        }
        guard let found else { return false }
        if let value, let text = ForeignSpelling.written(key.id, value, in: found.style) {
            bytes.replaceSubrange(found.range, with: Array(text.utf8))
        } else {
            // Taken out with the space before it (after it, at the start).
            let start = found.range.lowerBound > 0 ? found.range.lowerBound - 1 : 0
            let end = found.range.lowerBound > 0 || found.range.upperBound == bytes.count ? found.range.upperBound : found.range.upperBound + 1
            bytes.removeSubrange(start..<end)
            // A value this spelling cannot say (a region after `@on:`) becomes an `@` word.
            if value != nil { metadata.spelled.remove(key.id) }
        }
        title = String(decoding: bytes, as: UTF8.self)
        return true
    }

    /// Rewrites the date of Logseq's `SCHEDULED:` or `DEADLINE:` note for `key` as `value`'s (its weekday too), or
    /// takes the note out.
    private mutating func respellNote(_ key: MetadataKey, _ value: MetadataValue?) {
        for (index, note) in notes.enumerated().prefix(2) {
            var bytes = Array(note.utf8)
            let line = bytes.withUnsafeBufferPointer { ForeignSpelling.logseqLine($0, 0, $0.count) }
            guard let line else { break }
            guard line.key == key.id else { continue }
            guard let day = value?.day else {
                notes.remove(at: index)
                return
            }
            guard let date = ForeignSpelling.logseqRedating(bytes, 0..<bytes.count, to: day) else { return }
            bytes.replaceSubrange(date.range, with: date.text)
            notes[index] = String(decoding: bytes, as: UTF8.self)
            return
        }
    }
}

extension PlanTask {
    /// Marks the keys whose value the title (or a Logseq line among the first notes) already spells another
    /// tool's way, as the parser marks them: for a task made from a title and metadata (import, the phone), so
    /// that the key is not written a second time as an `@` word.
    package mutating func markSpelledKeys() {
        var metadata = self.metadata
        let mark = { (key: MetadataKey.ID, value: MetadataValue?, style: MetadataStyle) in
            guard let value, let own = MetadataKey[key].value(in: metadata), own.day == value.day,
                  own.day != nil || own == value, !metadata.spelled.contains(key) else { return }
            metadata.spelled.insert(key, style: style)
        }
        title.utf8.withContiguousStorageIfAvailable { buffer in
            guard ForeignSpelling.mayHold(buffer, 0, buffer.count) else { return }
            ForeignSpelling.forEach(in: buffer, 0, buffer.count) { mark($0.key, $0.value, $0.style) }
        }
        for note in notes.prefix(2) {
            let line = note.utf8.withContiguousStorageIfAvailable { ForeignSpelling.logseqLine($0, 0, $0.count) } ?? nil
            guard let line else { break }
            mark(line.key, line.value, .logseq)
        }
        self.metadata = metadata
    }
}

extension PlanTask {
    /// The task with each key's value spelled `style`'s way where that style has a spelling for it (else as an `@`
    /// word): what `fmt --metadata-style` writes. Logseq is read, never written: asked for it, nothing changes.
    public func respelled(_ style: MetadataStyle) -> PlanTask {
        guard style != .logseq else { return self }
        var task = self
        for key in MetadataKey.all {
            guard let value = key.value(in: task.metadata) else { continue }
            let wanted = ForeignSpelling.written(key.id, value, in: style)
            let spelled = task.metadata.spelled.contains(key.id)
            // Already as wanted: spelled that style's way, or an `@` word where the style has no spelling for it.
            if spelled ? task.metadata.spelled.style == style && wanted != nil : wanted == nil { continue }
            if spelled { task.setValue(nil, of: key) }
            if let wanted {
                task.title += (task.title.isEmpty ? "" : " ") + wanted
                task.metadata.spelled.insert(key.id, style: style)
            }
            key.set(value, in: &task.metadata)
        }
        return task
    }
}
