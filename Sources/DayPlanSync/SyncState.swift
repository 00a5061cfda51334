import DayPlan
import DayPlanJSON
import DayPlanICalendar

/// What `dayplan sync` remembers between runs (`.dayplan/sync.json`, beside the lock): the collection's
/// sync-token and, for each to-do it has seen, where it is on the server and in the plan and the fields both
/// sides had when they last agreed: the base each side's changes are told apart from.
public struct SyncState: Hashable, Sendable {
    /// One to-do known to both sides.
    public struct Record: Hashable, Sendable {
        /// Its `UID` on the server.
        public var uid: String
        /// Its address on the server (a path).
        public var href: String
        /// Its ETag when last read or written; nil when the server gave none.
        public var etag: String?
        /// The fields both sides had at the last sync (the base of the three-way merge).
        public var fields: SyncFields
        /// The fields on the server where they differ from `fields` (a conflict left as it is); nil when the same.
        public var serverFields: SyncFields?
        /// The task's title in the plan at the last sync: how it is found again when its `UID` (made from the
        /// title) no longer says it.
        public var title: String
        /// The day whose file held the task at the last sync.
        public var day: Day
        /// The task's line in that file at the last sync: where a task whose title was changed by hand (and so
        /// its `UID` in the plan) is found again; nil when not known.
        public var line: Int?
        /// Whether it was deleted on the server (the task is kept in the plan, and not sent again).
        public var removedOnServer: Bool = false
        /// Whether the plan's synced days no longer hold it (it stays on the server as it is).
        public var leftThePlan: Bool = false
        /// The digest of the rest of the to-do last sent (`RemoteTodo.contentDigest`); nil when not known (a state
        /// written before it was kept, or a to-do dayplan has not sent), which sends it again.
        public var content: UInt64?

        /// Makes a record.
        public init(uid: String, href: String, etag: String?, fields: SyncFields, title: String, day: Day,
                    removedOnServer: Bool = false, leftThePlan: Bool = false) {
            self.uid = uid
            self.href = href
            self.etag = etag
            self.fields = fields
            self.title = title
            self.day = day
            self.removedOnServer = removedOnServer
            self.leftThePlan = leftThePlan
        }
    }

    /// The collection's URL the state is about: another URL starts again from nothing.
    public var collection: String
    /// The sync-token of the last sync (RFC 6578); nil before the first.
    public var syncToken: String?
    /// The records, by `UID`.
    public var records: [String: Record]

    /// A state with nothing synced yet.
    public init(collection: String) {
        self.collection = collection
        self.syncToken = nil
        self.records = [:]
    }

    /// The state as JSON, records in `UID` order so that the file changes only where the state does.
    package var json: JSONValue {
        .object([
            .init("version", .integer(2)),
            .init("collection", .string(collection)),
            .init("syncToken", syncToken.map(JSONValue.string) ?? .null),
            .init("todos", .array(records.keys.sorted().compactMap { records[$0] }.map { record in
                var members: [JSONValue.Member] = [
                    .init("uid", .string(record.uid)), .init("href", .string(record.href)),
                    .init("etag", record.etag.map(JSONValue.string) ?? .null),
                    .init("summary", .string(record.fields.summary)),
                    .init("status", .string(CalendarExport.status(record.fields.status))),
                    .init("due", record.fields.due.map { .string($0.description) } ?? .null),
                    .init("title", .string(record.title)), .init("day", .string(record.day.description)),
                ]
                if let server = record.serverFields {
                    members.append(.init("server", .object([
                        .init("summary", .string(server.summary)), .init("status", .string(CalendarExport.status(server.status))),
                        .init("due", server.due.map { .string($0.description) } ?? .null)])))
                }
                if record.removedOnServer { members.append(.init("removedOnServer", .bool(true))) }
                if record.leftThePlan { members.append(.init("leftThePlan", .bool(true))) }
                if let content = record.content { members.append(.init("content", .string(SyncState.hex(content)))) }
                if let line = record.line { members.append(.init("line", .integer(line))) }
                return .object(members)
            })),
        ])
    }

    /// Sixteen lower-case hexadecimal digits.
    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads a state written by `json`, or by the version before it (which kept no `content`: each to-do is then
    /// sent once more); nil when it is not one.
    package init?(json: JSONValue) {
        guard let version = json["version"]?.intValue, version == 1 || version == 2, let collection = json["collection"]?.stringValue,
              let todos = json["todos"]?.arrayValue else { return nil }
        self.collection = collection
        syncToken = json["syncToken"]?.stringValue
        records = [:]
        for todo in todos {
            guard let uid = todo["uid"]?.stringValue, let href = todo["href"]?.stringValue,
                  let summary = todo["summary"]?.stringValue, let status = todo["status"]?.stringValue.flatMap(SyncFields.status),
                  let title = todo["title"]?.stringValue, let day = todo["day"]?.stringValue.flatMap({ Day($0) }) else { return nil }
            let due = todo["due"]?.stringValue.flatMap { Day($0) }
            var server: SyncFields?
            if let object = todo["server"], let summary = object["summary"]?.stringValue,
               let status = object["status"]?.stringValue.flatMap(SyncFields.status) {
                server = SyncFields(summary: summary, status: status, due: object["due"]?.stringValue.flatMap { Day($0) })
            }
            records[uid] = Record(uid: uid, href: href, etag: todo["etag"]?.stringValue,
                                  fields: SyncFields(summary: summary, status: status, due: due), title: title, day: day,
                                  removedOnServer: todo["removedOnServer"]?.boolValue ?? false,
                                  leftThePlan: todo["leftThePlan"]?.boolValue ?? false)
            records[uid]?.serverFields = server
            records[uid]?.content = todo["content"]?.stringValue.flatMap { UInt64($0, radix: 16) }
            records[uid]?.line = todo["line"]?.intValue
        }
    }
}
