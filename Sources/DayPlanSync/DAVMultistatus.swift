import DayPlan
import DayPlanJSON
import DayPlanICalendar

/// A WebDAV `multistatus` answer (RFC 4918 §13), as a CalDAV server sends it for a `REPORT` or `PROPFIND`: one
/// `DAVResource` per `response`, and the collection's new `sync-token` (RFC 6578) when it gives one.
package struct DAVMultistatus: Hashable, Sendable {
    /// One `response`: a resource's address and the properties the server gave for it.
    package struct Resource: Hashable, Sendable {
        /// The `href`, as the server wrote it (a path, percent-encoded).
        package var href: String
        /// The HTTP status of the response itself (404 for a resource removed since a sync-token), or of the
        /// properties found; nil when neither says.
        package var status: Int?
        /// `getetag`, quotes included, as `If-Match` takes it.
        package var etag: String?
        /// `calendar-data` (CalDAV): the resource's iCalendar text.
        package var calendarData: [UInt8]?
        /// Whether `resourcetype` names a CalDAV `calendar` collection.
        package var isCalendar: Bool
        /// `sync-token` as a property (from a `PROPFIND`).
        package var syncToken: String?
        /// `getctag` (CalendarServer extension): a value that changes whenever the collection does.
        package var ctag: String?

        /// Whether the resource is gone (removed since the sync-token given).
        package var isRemoved: Bool { status == 404 }
    }

    /// The resources, in the answer's order.
    package var resources: [Resource]
    /// The `sync-token` the answer ends with (a `sync-collection` report); nil when none.
    package var syncToken: String?

    /// The `DAV:` namespace.
    package static let dav = "DAV:"
    /// The CalDAV namespace (RFC 4791).
    package static let caldav = "urn:ietf:params:xml:ns:caldav"
    /// The CalendarServer namespace, of `getctag`.
    package static let calendarServer = "http://calendarserver.org/ns/"

    /// Reads a multistatus answer; an answer that is not XML or whose root is not `DAV:multistatus` is an
    /// error saying so.
    package init(parsing bytes: [UInt8]) throws(XMLError) {
        let root = try XMLReader.read(bytes)
        guard root.namespace == DAVMultistatus.dav, root.name == "multistatus" else {
            throw XMLError(offset: 0, message: "the answer is <\(root.name)>, not a WebDAV multistatus")
        }
        resources = root.children(DAVMultistatus.dav, "response").map(DAVMultistatus.resource)
        let token = root.child(DAVMultistatus.dav, "sync-token")?.trimmedText
        syncToken = token?.isEmpty == false ? token : nil
    }

    private static func resource(_ response: XMLElement) -> Resource {
        var resource = Resource(href: response.child(dav, "href")?.trimmedText ?? "", status: nil, etag: nil,
                                calendarData: nil, isCalendar: false, syncToken: nil, ctag: nil)
        if let status = response.child(dav, "status") { resource.status = code(status.trimmedText) }
        for propstat in response.children(dav, "propstat") {
            let status = propstat.child(dav, "status").flatMap { code($0.trimmedText) } ?? 200
            guard (200..<300).contains(status), let prop = propstat.child(dav, "prop") else { continue }
            if resource.status == nil { resource.status = status }
            if let etag = prop.child(dav, "getetag")?.trimmedText, !etag.isEmpty { resource.etag = etag }
            if let data = prop.child(caldav, "calendar-data") { resource.calendarData = Array(data.text.utf8) }
            if let type = prop.child(dav, "resourcetype") { resource.isCalendar = type.child(caldav, "calendar") != nil }
            if let token = prop.child(dav, "sync-token")?.trimmedText, !token.isEmpty { resource.syncToken = token }
            if let ctag = prop.child(calendarServer, "getctag")?.trimmedText, !ctag.isEmpty { resource.ctag = ctag }
        }
        return resource
    }

    /// The code of a status line `HTTP/1.1 404 Not Found`.
    static func code(_ line: String) -> Int? {
        let words = line.split(separator: " ")
        return words.count >= 2 ? Int(words[1]) : nil
    }
}

/// The bodies of the requests `dayplan sync` sends, as XML text.
package enum DAVRequest {
    /// `REPORT sync-collection` (RFC 6578): what changed since `token` (everything, for an empty one), with
    /// each resource's ETag.
    package static func syncCollection(token: String?) -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:">
              <d:sync-token>\(escaped(token ?? ""))</d:sync-token>
              <d:sync-level>1</d:sync-level>
              <d:prop><d:getetag/></d:prop>
            </d:sync-collection>
            """.utf8)
    }

    /// `REPORT calendar-multiget` (RFC 4791 §7.9): the ETag and iCalendar text of each of `hrefs`.
    package static func multiget(_ hrefs: [String]) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><d:getetag/><c:calendar-data/></d:prop>

            """
        for href in hrefs { text += "  <d:href>\(escaped(href))</d:href>\n" }
        text += "</c:calendar-multiget>\n"
        return Array(text.utf8)
    }

    /// `text` with `&`, `<`, `>` and `"` written as entities.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
