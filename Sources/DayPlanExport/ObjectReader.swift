import DayPlan
import DayPlanJSON

/// Reads the members of one JSON object, checking types and names, with every error at its path.
struct ObjectReader {
    let path: String
    let members: [JSONValue.Member]
    private var used: Set<String> = []

    /// Reads `value` as an object; an error when it is something else.
    init(_ value: JSONValue, at path: String) throws(RecordError) {
        guard case .object(let members) = value else {
            throw RecordError(path: path, message: "expected an object, found \(value.kindName)")
        }
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            throw RecordError(path: ObjectReader.join(path, member.key), message: "appears twice in the object")
        }
        self.path = path
        self.members = members
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The path of a member.
    func path(_ key: String) -> String { ObjectReader.join(path, key) }

    /// A member's value; nil when it is absent.
    mutating func value(_ key: String) -> JSONValue? {
        used.insert(key)
        return members.first { $0.key == key }?.value
    }

    /// A member that must be there.
    mutating func required(_ key: String) throws(RecordError) -> JSONValue {
        guard let value = value(key) else { throw RecordError(path: path(key), message: "missing; it is required") }
        return value
    }

    /// A string member; `fallback` when absent. `null` is refused unless `nullable`.
    mutating func string(_ key: String, default fallback: String? = nil) throws(RecordError) -> String? {
        guard let value = value(key) else { return fallback }
        switch value {
        case .string(let text): return text
        case .null: return nil
        default: throw RecordError(path: path(key), message: "expected a string or null, found \(value.kindName)")
        }
    }

    /// A Boolean member; false when absent.
    mutating func bool(_ key: String) throws(RecordError) -> Bool {
        guard let value = value(key) else { return false }
        guard case .bool(let flag) = value else {
            throw RecordError(path: path(key), message: "expected true or false, found \(value.kindName)")
        }
        return flag
    }

    /// An array of one-line strings; empty when absent.
    mutating func lines(_ key: String) throws(RecordError) -> [String] {
        guard let value = value(key) else { return [] }
        return try array(value, at: path(key)).enumerated().map { (index, element) throws(RecordError) in
            try ObjectReader.line(element, at: "\(path(key))[\(index)]")
        }
    }

    /// An array member's elements; empty when absent.
    mutating func elements(_ key: String) throws(RecordError) -> [JSONValue] {
        guard let value = value(key) else { return [] }
        return try array(value, at: path(key))
    }

    func array(_ value: JSONValue, at path: String) throws(RecordError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw RecordError(path: path, message: "expected an array, found \(value.kindName)")
        }
        return elements
    }

    /// One line of text: a string without a line break (a line break would make it two lines of the file) or a NUL
    /// (which makes a file binary). A CR inside it is text, as in the file (FORMAT.md §1); a CR at its end would
    /// join the line ending.
    static func line(_ value: JSONValue, at path: String) throws(RecordError) -> String {
        guard case .string(let text) = value else {
            throw RecordError(path: path, message: "expected a string, found \(value.kindName)")
        }
        if text.utf8.contains(0x0A) {
            throw RecordError(path: path, message: "holds a line break; each line of the file is one string of the array")
        }
        if text.utf8.contains(0) {
            throw RecordError(path: path, message: "holds a NUL byte, which a day file cannot hold (it would read as a binary file)")
        }
        if text.utf8.last == 0x0D {
            throw RecordError(path: path, message: "ends with a CR, which the file would read as part of its line ending")
        }
        return text
    }

    /// One of the names `choices` gives, as a string member.
    /// `alsoRead` are older names still read but no longer written, so not listed in the message.
    mutating func choice<T>(_ key: String, _ what: String, _ choices: [(String, T)], alsoRead: [(String, T)] = [],
                            default fallback: T?) throws(RecordError) -> T {
        guard let value = value(key) else {
            if let fallback { return fallback }
            throw RecordError(path: path(key), message: "missing; it is required")
        }
        guard case .string(let name) = value else {
            throw RecordError(path: path(key), message: "expected a string, found \(value.kindName)")
        }
        guard let found = choices.first(where: { $0.0 == name }) ?? alsoRead.first(where: { $0.0 == name }) else {
            throw RecordError(path: path(key), message: "unknown \(what) \(JSONValue.string(name).jsonText()); the \(what)"
                              + (what.hasSuffix("s") ? "es" : "s") + " are " + choices.map { "\"\($0.0)\"" }.joined(separator: ", "))
        }
        return found.1
    }

    /// A day, `YYYY-MM-DD`; nil when absent or null.
    mutating func day(_ key: String) throws(RecordError) -> Day? {
        guard let text = try string(key) else { return nil }
        guard let day = Day(text) else {
            throw RecordError(path: path(key), message: "\(JSONValue.string(text).jsonText()) is not a date; write YYYY-MM-DD")
        }
        return day
    }

    /// Refuses members nobody asked for: a misspelt name would otherwise be dropped without a word.
    func finish(knowing names: [String]) throws(RecordError) {
        for member in members where !used.contains(member.key) {
            throw RecordError(path: path(member.key), message: "unknown field; the fields here are "
                              + names.map { "\"\($0)\"" }.joined(separator: ", "))
        }
    }
}

extension JSONValue {
    /// What kind of value this is, for messages: "a number", "an object".
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
