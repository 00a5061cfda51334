import DayPlan

/// Why a value from outside a day file (an import, a phone's to-do) is not one value of its metadata key: the key,
/// the text as given, and a message a person can act on.
public struct MetadataValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The key the value was given for; nil for a title (`PlanTask.checkedTitle`).
    public let key: MetadataKey.ID?
    /// The text as given.
    public let text: String
    /// What is wrong with it, such as `"2026-12-05 @expires:2026-11-01" is not one date: it holds a space …`.
    public let message: String

    /// The message.
    public var description: String { message }
}

extension TaskMetadata {
    /// Checks one value that comes from outside a day file for `key`, exactly as the parser reads `@key:value`
    /// on a task line (`MetadataKey.readValue`) and `dayplan add` accepts it: the text must be one whole value of
    /// the key's kind (a date, a date and region, a recurrence, a length of time; empty for a flag) and nothing
    /// more. A space, `@`, `#`, a line break, a NUL or any other control character is refused by name, since on
    /// a task line it would end the value and start another word (another key's metadata, a tag, a title word),
    /// and so is text the kind does not read. The value returned, written as `@key:value`, reads back as this
    /// key alone with this value.
    ///
    /// The one check for every way a value enters a plan from outside: `dayplan import` and sync use it.
    public static func checkedValue(_ text: String, for key: MetadataKey) throws(MetadataValueError) -> MetadataValue {
        func refuse(_ why: String) -> MetadataValueError {
            MetadataValueError(key: key.id, text: text, message: "\(quoted(text)) is not \(key.valueName)\(why)")
        }
        if key.kind == .flag {
            guard text.isEmpty else { throw refuse(": @\(key.name) is a flag and takes no value") }
            return .set
        }
        if let character = text.unicodeScalars.first(where: isWordEnd) {
            throw refuse(": it holds \(describe(character)), and a value is one word; \(key.valueHint)")
        }
        guard let value = key.readValue(Substring(text)) else { throw refuse("; \(key.valueHint)") }
        // What the parser makes of the word written: this key alone, with this value, and no word left in the title.
        let word = "@\(key.name):\(value)"
        guard let (task, findings) = PlanTask.parsing(line: "- [ ] x \(word)"), findings.isEmpty, task.title == "x",
              key.value(in: task.metadata) == value,
              MetadataKey.all.allSatisfy({ $0.id == key.id || $0.value(in: task.metadata) == nil }) else {
            throw refuse(": a task line would not read `\(word)` back as it; \(key.valueHint)")
        }
        return value
    }

    /// Whether a character ends a metadata value's word on a task line, or cannot stand in a day file's line at
    /// all: white space and control characters (NUL, line breaks), and `@` and `#`, which start metadata and tags.
    private static func isWordEnd(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || scalar == "@" || scalar == "#"
            || scalar.properties.isWhitespace
    }

    /// How a message names a character: "a space", "a NUL byte", "`@`, which starts metadata".
    static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case " ": "a space"
        case "\t": "a tab"
        case "\n": "a line break"
        case "\r": "a carriage return"
        case "\0": "a NUL byte"
        case "@": "`@`, which starts metadata"
        case "#": "`#`, which starts a tag"
        default:
            scalar.properties.isWhitespace ? "white space (U+\(hex(scalar)))" : "a control character (U+\(hex(scalar)))"
        }
    }

    /// A scalar's code as four or more upper-case hexadecimal digits.
    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The text in double quotes, with `"`, `\` and control characters escaped as JSON writes them, so that a
    /// message shows a newline or a NUL rather than breaking on it.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\\u" + hex(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

extension MetadataKey {
    /// What one value of the key is called in a message: "a date", "a length of time".
    var valueName: String {
        switch kind {
        case .flag: "a value of @\(name)"
        case .date: "a date"
        case .scheduledDate: "a date (with a region after /)"
        case .recurrence: "a recurrence"
        case .duration: "a length of time"
        case .clock: "a time of day"
        case .choice: "one of its words"
        }
    }

    /// How to write one value of the key, for a message.
    var valueHint: String {
        switch kind {
        case .flag: "a flag takes no value"
        case .date: "write YYYY-MM-DD"
        case .scheduledDate: "write YYYY-MM-DD or YYYY-MM-DD/REGION (morning, afternoon, evening, backlog)"
        case .recurrence: "write one such as weekday, mon,wed,fri, month:1 or done+3d (FORMAT.md §3.5)"
        case .duration: "write one such as 45m, 1h30m or 2h"
        case .clock: "write HH:MM, such as 09:30"
        case .choice(let words): "write " + words.joined(separator: ", ")
        }
    }
}

extension PlanTask {
    /// Checks a task's title that comes from outside a day file (an import, a phone's to-do) as `dayplan add`
    /// checks its words, and more: written after `- [ ] `, it must read back as this same title and nothing else.
    /// A line break, a NUL or another control character is refused (a day file's line cannot hold it); so is what
    /// `add` refuses (a word lint calls an error, such as `@due:2026-13-45`); and so is a word the parser reads as
    /// metadata (`@carry`, `@due:2026-12-05`), which in a title would not stay a word but become the task's
    /// metadata. Tags (`#home`) are words of the title and read back as written. The message names the first
    /// such character or word; a title is returned as given.
    ///
    /// The title check for a title from outside: sync takes each phone's title through it (import checks the titles
    /// it writes by reading its whole result back, which refuses the same ones).
    public static func checkedTitle(_ title: String) throws(MetadataValueError) -> String {
        func refuse(_ why: String) -> MetadataValueError {
            MetadataValueError(key: nil, text: title, message: "the title \(TaskMetadata.quoted(title)) \(why)")
        }
        if let scalar = title.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw refuse("holds \(TaskMetadata.describe(scalar)), which a task's line cannot hold")
        }
        let prefix = "- [ ] "
        guard let (task, findings) = PlanTask.parsing(line: prefix + title), !task.title.isEmpty else {
            throw refuse("is not a title: it needs words that are not metadata, on one line")
        }
        if let error = findings.first(where: { $0.severity == .error }) {
            throw refuse("has, at its column \(error.start.column - prefix.utf8.count), what lint calls an error: "
                         + "\(error.message) [\(error.rule)]")
        }
        if task.metadata != TaskMetadata() {
            let word = title.split(separator: " ").first { DayEditor.metadataWord(String($0)) != nil }
            throw refuse("holds \(word.map { "`\($0)`" } ?? "a word"), which a task line reads as metadata, not as a word of "
                         + "the title; give it as the task's metadata instead")
        }
        // Words single-spaced and a time canonical, as a task line holds a title: what reads back otherwise is refused.
        guard task.title == title else {
            throw refuse("would read back as \(TaskMetadata.quoted(task.title)); write it as a task line holds it")
        }
        return title
    }
}
