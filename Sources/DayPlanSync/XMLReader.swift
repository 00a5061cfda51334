import DayPlan
import DayPlanJSON
import DayPlanICalendar

/// One element of an XML document, as `XMLReader` reads it: its name resolved against the `xmlns`
/// declarations in scope, its attributes, its child elements and its character data.
///
/// Enough XML for WebDAV answers (RFC 4918 multistatus, CalDAV and collection-sync properties): namespaces,
/// the five predefined entities and character references, CDATA sections; comments, processing instructions
/// and a DOCTYPE are skipped. Entities a DOCTYPE declares are never expanded (an unknown entity is an error),
/// so a hostile document cannot grow in memory beyond its own size.
package struct XMLElement: Hashable, Sendable {
    /// The namespace URI of the element's name (`DAV:`); empty when it has none.
    package var namespace: String
    /// The local name (`href`, `getetag`).
    package var name: String
    /// The attributes, by name as written (`xmlns:d` included), in document order.
    package var attributes: [(name: String, value: String)] {
        get { attributeList.map { ($0.name, $0.value) } }
        set { attributeList = newValue.map { Attribute(name: $0.name, value: $0.value) } }
    }
    /// The child elements, in document order.
    package var children: [XMLElement]
    /// The character data directly inside the element (CDATA included), entities decoded, concatenated.
    package var text: String

    private var attributeList: [Attribute]

    private struct Attribute: Hashable, Sendable {
        var name: String
        var value: String
    }

    /// Makes an element; used by the reader and by tests.
    package init(namespace: String, name: String, attributes: [(name: String, value: String)] = [],
                children: [XMLElement] = [], text: String = "") {
        self.namespace = namespace
        self.name = name
        self.attributeList = attributes.map { Attribute(name: $0.name, value: $0.value) }
        self.children = children
        self.text = text
    }

    /// The first child named `name` in `namespace`.
    package func child(_ namespace: String, _ name: String) -> XMLElement? {
        children.first { $0.name == name && $0.namespace == namespace }
    }

    /// Every child named `name` in `namespace`.
    package func children(_ namespace: String, _ name: String) -> [XMLElement] {
        children.filter { $0.name == name && $0.namespace == namespace }
    }

    /// The element's text with white space at either end removed.
    package var trimmedText: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" || c == "\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}

/// Why a document is not XML `XMLReader` reads: where (a byte offset) and what.
package struct XMLError: Error, Hashable, Sendable {
    /// The byte offset where reading stopped.
    package let offset: Int
    /// What was wrong there.
    package let message: String
}

/// A small, bounded XML reader (see `XMLElement`): one pass over the bytes, no recursion, at most `maxDepth`
/// levels of nesting, so it neither traps nor hangs on any input.
package enum XMLReader {
    /// The deepest nesting read; a deeper document is an error.
    package static let maxDepth = 128

    private struct Open {
        var qualifiedName: [UInt8]
        var element: XMLElement
        var text: [UInt8]
        var scope: [String: String]
    }

    /// Reads a whole document and returns its root element.
    package static func read(_ bytes: [UInt8]) throws(XMLError) -> XMLElement {
        var i = 0
        let n = bytes.count
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        var stack: [Open] = []
        var root: XMLElement?
        let baseScope = ["xml": "http://www.w3.org/XML/1998/namespace"]

        func fail(_ message: String) -> XMLError { XMLError(offset: i, message: message) }
        func starts(_ text: String, at index: Int) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= n && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
        }
        func find(_ text: String, from index: Int) -> Int? {
            let pattern = Array(text.utf8)
            var j = index
            while j + pattern.count <= n {
                if bytes[j] == pattern[0], bytes[j..<(j + pattern.count)].elementsEqual(pattern) { return j }
                j += 1
            }
            return nil
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isNameByte(_ byte: UInt8) -> Bool {
            !isSpace(byte) && byte != UInt8(ascii: "/") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "=")
                && byte != UInt8(ascii: "<") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
        }
        func skipSpace() { while i < n, isSpace(bytes[i]) { i += 1 } }
        func readName() throws(XMLError) -> [UInt8] {
            let start = i
            while i < n, isNameByte(bytes[i]) { i += 1 }
            guard i > start else { throw fail("a name was expected") }
            return Array(bytes[start..<i])
        }
        func closeTop() throws(XMLError) {
            guard var top = stack.popLast() else { throw fail("an end tag without a start tag") }
            top.element.text = String(decoding: try decode(top.text, at: i), as: UTF8.self)
            if stack.isEmpty {
                guard root == nil else { throw fail("a second root element") }
                root = top.element
            } else {
                stack[stack.count - 1].element.children.append(top.element)
            }
        }

        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                let start = i
                while i < n, bytes[i] != UInt8(ascii: "<") { i += 1 }
                if stack.isEmpty {
                    guard bytes[start..<i].allSatisfy(isSpace) else { throw XMLError(offset: start, message: "text outside the root element") }
                } else {
                    stack[stack.count - 1].text.append(contentsOf: bytes[start..<i])
                }
                continue
            }
            if starts("<?", at: i) {
                guard let end = find("?>", from: i + 2) else { throw fail("a processing instruction never closed") }
                i = end + 2
            } else if starts("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { throw fail("a comment never closed") }
                i = end + 3
            } else if starts("<![CDATA[", at: i) {
                guard !stack.isEmpty else { throw fail("a CDATA section outside the root element") }
                guard let end = find("]]>", from: i + 9) else { throw fail("a CDATA section never closed") }
                // Kept apart from entity decoding: `&` inside CDATA is itself.
                var literal: [UInt8] = []
                for byte in bytes[(i + 9)..<end] {
                    if byte == UInt8(ascii: "&") { literal.append(contentsOf: "&amp;".utf8) } else { literal.append(byte) }
                }
                stack[stack.count - 1].text.append(contentsOf: literal)
                i = end + 3
            } else if starts("<!", at: i) {
                // A DOCTYPE (with an internal subset in brackets): skipped; its entities are never expanded.
                var depth = 0
                i += 2
                while i < n {
                    let byte = bytes[i]
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") { depth -= 1 }
                    i += 1
                    if byte == UInt8(ascii: ">"), depth <= 0 { break }
                }
            } else if starts("</", at: i) {
                i += 2
                let name = try readName()
                skipSpace()
                guard i < n, bytes[i] == UInt8(ascii: ">") else { throw fail("an end tag without `>`") }
                guard let top = stack.last, top.qualifiedName == name else {
                    throw fail("the end tag </\(String(decoding: name, as: UTF8.self))> does not close the element open here")
                }
                i += 1
                try closeTop()
            } else {
                i += 1
                let qualified = try readName()
                var rawAttributes: [(name: [UInt8], value: String)] = []
                var selfClosing = false
                while true {
                    skipSpace()
                    guard i < n else { throw fail("a start tag never closed") }
                    if bytes[i] == UInt8(ascii: ">") { i += 1; break }
                    if starts("/>", at: i) { i += 2; selfClosing = true; break }
                    let name = try readName()
                    skipSpace()
                    guard i < n, bytes[i] == UInt8(ascii: "=") else { throw fail("an attribute without `=`") }
                    i += 1
                    skipSpace()
                    guard i < n, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { throw fail("an attribute value without quotes") }
                    let quote = bytes[i]
                    i += 1
                    let start = i
                    while i < n, bytes[i] != quote {
                        guard bytes[i] != UInt8(ascii: "<") else { throw fail("`<` inside an attribute value") }
                        i += 1
                    }
                    guard i < n else { throw fail("an attribute value never closed") }
                    rawAttributes.append((name, String(decoding: try decode(Array(bytes[start..<i]), at: start), as: UTF8.self)))
                    i += 1
                }
                guard stack.count < maxDepth else { throw fail("elements nested deeper than \(maxDepth) levels") }
                guard !(stack.isEmpty && root != nil) else { throw fail("a second root element") }
                var scope = stack.last?.scope ?? baseScope
                for attribute in rawAttributes {
                    if attribute.name.elementsEqual("xmlns".utf8) {
                        scope[""] = attribute.value
                    } else if attribute.name.starts(with: "xmlns:".utf8) {
                        scope[String(decoding: attribute.name.dropFirst(6), as: UTF8.self)] = attribute.value
                    }
                }
                let (prefix, local) = split(qualified)
                guard let namespace = scope[prefix] ?? (prefix.isEmpty ? "" : nil) else {
                    throw fail("the prefix `\(prefix)` is not declared")
                }
                let element = XMLElement(namespace: namespace, name: local,
                                         attributes: rawAttributes.map { (String(decoding: $0.name, as: UTF8.self), $0.value) })
                stack.append(Open(qualifiedName: qualified, element: element, text: [], scope: scope))
                if selfClosing { try closeTop() }
            }
        }
        guard stack.isEmpty else { throw fail("the element <\(String(decoding: stack[stack.count - 1].qualifiedName, as: UTF8.self))> is never closed") }
        guard let root else { throw fail("no root element") }
        return root
    }

    /// The prefix (empty when none) and local name of a qualified name.
    private static func split(_ name: [UInt8]) -> (String, String) {
        guard let colon = name.firstIndex(of: UInt8(ascii: ":")) else { return ("", String(decoding: name, as: UTF8.self)) }
        return (String(decoding: name[..<colon], as: UTF8.self), String(decoding: name[(colon + 1)...], as: UTF8.self))
    }

    /// Character data with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#N;`/`&#xN;` decoded.
    private static func decode(_ bytes: [UInt8], at offset: Int) throws(XMLError) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "&") else {
                output.append(bytes[i])
                i += 1
                continue
            }
            var end = i + 1
            while end < bytes.count, end - i < 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { throw XMLError(offset: offset + i, message: "`&` that starts no entity") }
            let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
            switch name {
            case "amp": output.append(UInt8(ascii: "&"))
            case "lt": output.append(UInt8(ascii: "<"))
            case "gt": output.append(UInt8(ascii: ">"))
            case "quot": output.append(UInt8(ascii: "\""))
            case "apos": output.append(UInt8(ascii: "'"))
            default:
                var value: UInt32?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    value = UInt32(name.dropFirst(2), radix: 16)
                } else if name.hasPrefix("#") {
                    value = UInt32(name.dropFirst(), radix: 10)
                }
                guard let value, let scalar = Unicode.Scalar(value) else {
                    throw XMLError(offset: offset + i, message: "the entity `&\(name);` is not one XML predefines")
                }
                output.append(contentsOf: String(Character(scalar)).utf8)
            }
            i = end + 1
        }
        return output
    }
}
