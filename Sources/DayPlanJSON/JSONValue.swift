import DayPlan

/// A JSON value (RFC 8259), as read by `JSONValue(parsing:)` and written by `serialized()`.
///
/// Objects keep their members in the order they were written, duplicates included, so that reading and
/// writing a document changes nothing but white space. Numbers keep the text they were written with, so
/// that an integer too large for `Int` or a decimal is never rounded on its way through.
package enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON text (`-12`, `0.5`, `1e9`); `JSONValue.integer(_:)` makes one from an `Int`.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object: its members in order.
    case object([Member])

    /// One `"key": value` member of an object.
    package struct Member: Hashable, Sendable {
        /// The member's name.
        package var key: String
        /// The member's value.
        package var value: JSONValue

        /// Makes a member.
        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A number from an integer.
    package static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The value of the member named `key` (the last one when a key is repeated, as most readers do);
    /// nil when this is not an object or has no such member.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The element at `index`; nil when this is not an array or the index is out of range.
    package subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The string, when this is one.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as an `Int`, when this is an integer that fits (`3`, `-7`; not `3.5` or `1e3`).
    package var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// The number as a `Double`, when this is a number.
    package var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The Boolean, when this is one.
    package var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, when this is an object.
    package var objectValue: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Whether this is `null`.
    package var isNull: Bool { self == .null }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// `nil` is `null`.
    package init(nilLiteral: ()) { self = .null }
    /// `true` and `false`.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal is a number.
    package init(integerLiteral value: Int) { self = .integer(value) }
    /// A string literal is a string.
    package init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is an array.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal is an object, its members in the order written.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { Member($0.0, $0.1) })
    }
}
