import DayPlan
import DayPlanICalendar
import DayPlanSync

/// Reads what changed on the server since the last sync: a `sync-collection` report from the state's sync-token
/// (RFC 6578; one request when nothing changed), then a `calendar-multiget` of the to-dos whose ETag is new.
/// Without a token, or with one the server no longer knows, everything is listed.
enum SyncFetch {
    /// What the server changed.
    struct Changes {
        /// The resources listed (changed ones with their to-dos; with `listedAll`, unchanged ones without).
        var items: [SyncMerge.RemoteItem]
        /// The addresses removed.
        var removed: Set<String>
        /// Whether every resource was listed.
        var listedAll: Bool
        /// The new sync-token.
        var token: String?
    }

    static func changes(since state: SyncState, settings: SyncSettings, transport: some HTTPTransport) throws(HTTPFailure) -> Changes {
        var token = state.syncToken
        var answer = try report(token: token, settings: settings, transport: transport)
        if token != nil, [400, 403, 409, 412].contains(answer.status) {
            // The server no longer knows the token (RFC 6578 §3.2 valid-sync-token): list everything.
            token = nil
            answer = try report(token: nil, settings: settings, transport: transport)
        }
        try check(answer, settings: settings)
        let listing: DAVMultistatus
        do {
            listing = try DAVMultistatus(parsing: answer.body)
        } catch {
            throw notCalDAV(settings, error.message)
        }
        var changes = Changes(items: [], removed: [], listedAll: token == nil, token: listing.syncToken)
        let etags = Dictionary(state.records.values.map { ($0.href, $0.etag) }, uniquingKeysWith: { a, _ in a })
        var wanted: [String] = []
        // Each address once, however many times the server lists it.
        var listed = Set<String>()
        for resource in listing.resources {
            let href = SyncMerge.canonicalHref(resource.href)
            guard href != settings.collectionPath, href.hasPrefix(settings.collectionPath), listed.insert(href).inserted else { continue }
            if resource.isRemoved {
                changes.removed.insert(href)
            } else if let known = etags[href], known != nil, known == resource.etag {
                if changes.listedAll { changes.items.append(SyncMerge.RemoteItem(href: href, etag: resource.etag, todo: nil)) }
            } else {
                wanted.append(href)
            }
        }
        guard !wanted.isEmpty else { return changes }
        let got = try transport.send([HTTPRequest(method: "REPORT", url: settings.url,
                                                  headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"],
                                                  body: DAVRequest.multiget(wanted.map(SyncMerge.encodedPath)))])[0]
        try check(got, settings: settings)
        let fetched: DAVMultistatus
        do {
            fetched = try DAVMultistatus(parsing: got.body)
        } catch {
            throw notCalDAV(settings, error.message)
        }
        for resource in fetched.resources {
            let href = SyncMerge.canonicalHref(resource.href)
            if resource.isRemoved {
                changes.removed.insert(href)
                continue
            }
            changes.items.append(SyncMerge.RemoteItem(href: href, etag: resource.etag,
                                                      todo: resource.calendarData.flatMap { RemoteTodo(parsing: $0) }))
        }
        return changes
    }

    private static func report(token: String?, settings: SyncSettings, transport: some HTTPTransport) throws(HTTPFailure) -> HTTPResponse {
        try transport.send([HTTPRequest(method: "REPORT", url: settings.url,
                                        headers: ["Depth: 0", "Content-Type: application/xml; charset=utf-8"],
                                        body: DAVRequest.syncCollection(token: token))])[0]
    }

    /// A failure for an answer that is not a multistatus (207), saying what it means.
    private static func check(_ answer: HTTPResponse, settings: SyncSettings) throws(HTTPFailure) {
        let shown = SyncSettings.withoutUserInfo(settings.url)
        switch answer.status {
        case 207: return
        case 401: throw HTTPFailure(message: "\(shown): the server refused the login\(settings.user.map { " of \($0)" } ?? "") "
                                    + "(HTTP 401); check sync-user and the password; nothing changed")
        case 403: throw HTTPFailure(message: "\(shown): the server forbids this user the task list (HTTP 403); nothing changed")
        case 404: throw HTTPFailure(message: "\(shown): no task list there (HTTP 404); check sync-url; nothing changed")
        default:
            throw notCalDAV(settings, "HTTP \(answer.status)")
        }
    }

    private static func notCalDAV(_ settings: SyncSettings, _ detail: String) -> HTTPFailure {
        HTTPFailure(message: "\(SyncSettings.withoutUserInfo(settings.url)) did not answer as a CalDAV task list (\(detail)); "
                    + "check sync-url (the task list's own URL, ending in /); nothing changed")
    }
}
