import DayPlan
import DayPlanJSON
import DayPlanICalendar

/// One run of `dayplan sync` worked out on values: the plan's tasks, what the server gave and the state of
/// the last sync in; the edits to the plan, the to-dos to send, what to report and the new state out. Pure: the
/// command does the reading, the requests and the writing.
///
/// Each to-do both sides know is merged field by field against the last synced fields, as `dayplan merge`
/// merges a task: a field one side changed takes that side's value; a status both changed takes the more final
/// (`Status.merged`: done beats moved on); a title or deadline both changed differently is a conflict, kept
/// as each side has it and reported on every run until a person makes them agree.
public struct SyncMerge: Sendable {
    /// One resource the server listed as changed (or every one, on a first sync).
    public struct RemoteItem: Sendable {
        /// Its address.
        public var href: String
        /// Its ETag.
        public var etag: String?
        /// Its to-do; nil for a resource that holds none (an event in the same collection).
        public var todo: RemoteTodo?

        /// Makes an item.
        public init(href: String, etag: String?, todo: RemoteTodo?) {
            self.href = href
            self.etag = etag
            self.todo = todo
        }
    }

    /// A change to a task of the plan that the server's side asks for.
    public struct LocalChange: Sendable {
        /// What changes.
        public enum Kind: Sendable, Equatable {
            /// The status (the box).
            case status(Status)
            /// The title (its words; metadata words stay).
            case title(String)
            /// The deadline: `@due:` set, or removed for nil.
            case due(Day?)
        }
        /// The `UID` of the to-do it comes from.
        public var uid: String
        /// The day whose file holds the task.
        public var day: Day
        /// The task's line.
        public var line: Int
        /// What changes.
        public var kind: Kind
    }

    /// A to-do made on the phone, to be added to today's Backlog.
    public struct Capture: Sendable {
        /// Its `UID`.
        public var uid: String
        /// The task to add: misc, to do, its title and deadline, `@from:` today.
        public var task: PlanTask
    }

    /// A to-do to send: created (`ifMatch` nil: `If-None-Match: *`) or replaced (`If-Match`).
    public struct Push: Sendable {
        /// Its `UID`.
        public var uid: String
        /// Where it goes.
        public var href: String
        /// The ETag it must still have on the server; nil to create it only where nothing is.
        public var ifMatch: String?
        /// The iCalendar text.
        public var body: [UInt8]
        /// The task's title, for messages.
        public var title: String
    }

    /// A title or deadline both sides changed differently.
    public struct Conflict: Sendable, Equatable {
        /// The day whose file holds the task, and its line.
        public var day: Day
        /// The task's line.
        public var line: Int
        /// The field: `title` or `due date`.
        public var field: String
        /// The value in the plan, and on the server.
        public var local: String
        /// The value on the server.
        public var remote: String
    }

    /// A to-do deleted on the server whose task the plan keeps.
    public struct Removal: Sendable, Equatable {
        /// The day whose file holds the task.
        public var day: Day
        /// The task's line (0 when the plan no longer holds it).
        public var line: Int
        /// The task's title.
        public var title: String
    }

    /// A title on the server that the plan does not take (`SyncFields.problem(withTitle:)`): the to-do stays as it
    /// is there, its task (if any) as it is here.
    public struct Refusal: Sendable, Equatable {
        /// The server's title.
        public var title: String
        /// The to-do's address.
        public var href: String
        /// Why.
        public var reason: String
    }

    /// A to-do changed on the server whose task the plan's days read no longer hold.
    public struct Unplaced: Sendable, Equatable {
        /// The task's title at the last sync.
        public var title: String
        /// The to-do's `UID`.
        public var uid: String
    }

    /// The edits to the plan's existing tasks.
    public var changes: [LocalChange] = []
    /// The to-dos to add to today's Backlog.
    public var captures: [Capture] = []
    /// The to-dos to send.
    public var pushes: [Push] = []
    /// The conflicts, to report.
    public var conflicts: [Conflict] = []
    /// The to-dos deleted on the server since the last sync.
    public var removals: [Removal] = []
    /// The to-dos whose task no day the sync read holds any more (deleted from the plan, or renamed by hand and
    /// moved on before a sync saw it), named once: they stay on the server as they are.
    public var left: [Unplaced] = []
    /// The server's titles not taken into the plan, reported on every sync until changed.
    public var refusals: [Refusal] = []
    /// The to-dos changed on the server whose task no day the sync read holds: the change is kept (not made, not
    /// taken as agreed) until the task is found again.
    public var unplaced: [Unplaced] = []
    /// The state once the edits are written and every push succeeded (`pushed`, `refused` settle each).
    public var state: SyncState
    /// The state before: what a refused push or a failed edit falls back to.
    public let previous: SyncState

    /// Works out one sync.
    /// - Parameters:
    ///   - state: the last sync's state.
    ///   - today: the day a captured to-do arrives (`@from:`) and the Backlog it goes to.
    ///   - synced: the tasks that are synced: today's (every region, the Backlog included) and those of the days
    ///     ahead, as the export finds them (any status).
    ///   - elsewhere: the tasks of the earlier days the sync reads (a task synced when its day was today, or moved
    ///     on since into a day before today), where a change from the server is still made. Given with the UIDs
    ///     the export follows through rollover from the oldest of those days on, the same as `synced`'s, so
    ///     that a task is found by its `UID` in the newest day holding it.
    ///   - remote: the resources the server listed as changed since the state's sync-token (all of them when
    ///     `listedAll`).
    ///   - removed: the addresses the server listed as removed.
    ///   - listedAll: whether `remote` is every resource (a first sync, or one without a token): a known to-do
    ///     not among them was deleted.
    ///   - collectionPath: the collection's path, ending in `/`, for the addresses of new to-dos. Addresses are
    ///     given and kept canonical (`canonicalHref`).
    public init(state: SyncState, today: Day, synced: [CalendarExport.Entry], elsewhere: [CalendarExport.Entry],
                remote: [RemoteItem], removed: Set<String>, listedAll: Bool, collectionPath: String) {
        self.state = state
        self.previous = state
        let remoteByHref = Dictionary(remote.map { ($0.href, $0) }, uniquingKeysWith: { a, _ in a })
        let syncedIndex = Dictionary(synced.enumerated().map { ($0.element.uid, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var claimed = Set<Int>()
        // The earlier days' tasks, newest day first: where a task stands now when rollover moved it on since.
        let earlier = elsewhere.enumerated().sorted { ($0.element.day, $1.offset) > ($1.element.day, $0.offset) }.map(\.element)
        var claimedEarlier = Set<Int>()
        var unmatched: [SyncState.Record] = []
        var found: [String: CalendarExport.Entry] = [:]

        // Each known to-do's task, first by its UID: the task's identity across days (its title and the day it was
        // first planned for, followed through rollover), so the copy found is the live one, in the newest day that
        // holds it; a copy moved (`[>]`) is never among the entries, so never the one merged with.
        let uids = state.records.keys.sorted()
        for uid in uids {
            if let index = syncedIndex[uid], !claimed.contains(index) {
                claimed.insert(index)
                found[uid] = synced[index]
            } else if let index = earlier.indices.first(where: { !claimedEarlier.contains($0) && earlier[$0].uid == uid }) {
                claimedEarlier.insert(index)
                found[uid] = earlier[index]
            }
        }
        // Then by the title and day it had, by title alone among the synced days, or by title in a day since its own
        // (a task whose title changed keeps its `UID` on the server, but not in the plan, where it is made from the title).
        for uid in uids where found[uid] == nil {
            guard let record = state.records[uid] else { continue }
            var index: Int?
            index = synced.indices.first { !claimed.contains($0) && synced[$0].task.title == record.title && synced[$0].day == record.day }
            index = index ?? synced.indices.first { !claimed.contains($0) && synced[$0].task.title == record.title }
            if let index {
                claimed.insert(index)
                found[uid] = synced[index]
            } else if let other = earlier.indices.first(where: { !claimedEarlier.contains($0) && earlier[$0].day >= record.day
                                                                 && earlier[$0].task.title == record.title }) {
                claimedEarlier.insert(other)
                found[uid] = earlier[other]
            } else {
                unmatched.append(record)
            }
        }
        // A task whose title changed in the plan: the new task on the line of the same day where the record's
        // task stood, else the one new task of the same day as a record without a task.
        let isNew = { (entry: CalendarExport.Entry) in state.records[entry.uid] == nil }
        for record in unmatched {
            guard let line = record.line else { continue }
            if let index = synced.indices.first(where: { !claimed.contains($0) && synced[$0].day == record.day && synced[$0].task.line == line
                                                         && isNew(synced[$0]) }) {
                claimed.insert(index)
                found[record.uid] = synced[index]
            } else if let index = earlier.indices.first(where: { !claimedEarlier.contains($0) && earlier[$0].day == record.day
                                                                 && earlier[$0].task.line == line && isNew(earlier[$0]) }) {
                claimedEarlier.insert(index)
                found[record.uid] = earlier[index]
            }
        }
        unmatched.removeAll { found[$0.uid] != nil }
        for record in unmatched {
            // (Records whose task had left the plan already, such as a to-do made finished on the phone, are not counted.)
            guard !record.leftThePlan, unmatched.filter({ $0.day == record.day && !$0.leftThePlan }).count == 1 else { continue }
            // Among several, the one with the status and deadline last agreed on (a title changed by hand leaves them).
            func narrowed(_ indices: [Int], _ entries: [CalendarExport.Entry]) -> [Int] {
                guard indices.count > 1 else { return indices }
                let same = indices.filter { SyncFields(entries[$0].task).status == record.fields.status && SyncFields(entries[$0].task).due == record.fields.due }
                return same.count == 1 ? same : indices
            }
            let candidates = narrowed(synced.indices.filter { !claimed.contains($0) && synced[$0].day == record.day && isNew(synced[$0]) }, synced)
            let others = narrowed(earlier.indices.filter { !claimedEarlier.contains($0) && earlier[$0].day == record.day && isNew(earlier[$0]) }, earlier)
            if candidates.count == 1, others.isEmpty, let match = candidates.first {
                claimed.insert(match)
                found[record.uid] = synced[match]
            } else if others.count == 1, candidates.isEmpty, let match = others.first {
                claimedEarlier.insert(match)
                found[record.uid] = earlier[match]
            }
        }
        let matches = uids.compactMap { uid in state.records[uid].map { ($0, found[uid]) } }

        let knownHrefs = Set(state.records.values.map(\.href))
        for (record, entry) in matches {
            merge(record, entry, remote: remoteByHref[record.href], removed: removed.contains(record.href)
                    || (listedAll && remoteByHref[record.href] == nil))
        }

        // To-dos the state does not know: one of ours a killed run sent, or new from the phone.
        for item in remote.sorted(by: { $0.href < $1.href }) where !knownHrefs.contains(item.href) {
            guard let todo = item.todo, self.state.records[todo.uid] == nil else { continue }
            if let index = syncedIndex[todo.uid], !claimed.contains(index) {
                claimed.insert(index)
                let entry = synced[index]
                let record = SyncState.Record(uid: todo.uid, href: item.href, etag: item.etag, fields: SyncFields(entry.task),
                                              title: entry.task.title, day: entry.day)
                merge(record, entry, remote: item, removed: false)
                continue
            }
            let isOurs = todo.uid.hasSuffix("@dayplan")
            guard !isOurs, todo.fields.status.isOpen else {
                // Finished on the phone before dayplan saw it, or one of ours whose task the plan no longer holds.
                self.state.records[todo.uid] = SyncState.Record(uid: todo.uid, href: item.href, etag: item.etag, fields: todo.fields,
                                                           title: todo.fields.summary, day: today, leftThePlan: true)
                continue
            }
            if !todo.fields.summary.isEmpty, let reason = SyncFields.problem(withTitle: todo.fields.summary) {
                // Not captured and not remembered: taken once its title is one the plan can hold.
                refusals.append(Refusal(title: todo.fields.summary, href: item.href, reason: reason))
                continue
            }
            var task = PlanTask(bucket: .misc, title: todo.fields.summary.isEmpty ? "To-do from the phone" : todo.fields.summary)
            task.metadata.due = todo.fields.due
            task.metadata.from = today
            // A due date the phone's title spells another tool's way (`📅 2026-12-01`) is not written twice.
            task.markSpelledKeys()
            if let parsed = PlanTask.parsing(line: task.canonicalLine)?.task { task = parsed }
            // Captured already by a run killed before it saved its state: the same title, from today, in today's Backlog.
            if let index = synced.indices.first(where: { !claimed.contains($0) && synced[$0].day == today && synced[$0].region == .backlog
                                                    && synced[$0].task.title == task.title && synced[$0].task.metadata.from == today }) {
                claimed.insert(index)
            } else {
                captures.append(Capture(uid: todo.uid, task: task))
            }
            self.state.records[todo.uid] = SyncState.Record(uid: todo.uid, href: item.href, etag: item.etag,
                                                       fields: SyncFields(summary: todo.fields.summary, status: .todo, due: todo.fields.due),
                                                       title: task.title, day: today)
            // The phone's to-do stays as the phone made it: it is sent only once the plan changes what dayplan would send.
            self.state.records[todo.uid]?.content = RemoteTodo.contentDigest(task: task, day: today, region: .backlog)
        }

        // Open tasks the server does not have yet.
        for (index, entry) in synced.enumerated() where !claimed.contains(index) && entry.task.status.isOpen && self.state.records[entry.uid] == nil {
            let fields = SyncFields(entry.task)
            let href = collectionPath + entry.uid + ".ics"
            pushes.append(Push(uid: entry.uid, href: href, ifMatch: nil,
                               body: RemoteTodo.calendar(uid: entry.uid, fields: fields, task: entry.task, day: entry.day, region: entry.region),
                               title: entry.task.title))
            self.state.records[entry.uid] = SyncState.Record(uid: entry.uid, href: href, etag: nil, fields: fields,
                                                        title: entry.task.title, day: entry.day)
            self.state.records[entry.uid]?.content = RemoteTodo.contentDigest(task: entry.task, day: entry.day, region: entry.region)
            self.state.records[entry.uid]?.line = entry.task.line
        }
    }

    /// Merges one known to-do: its record, its task (nil when the plan no longer holds it), what the server gave
    /// (nil when it did not change), and whether the server deleted it.
    private mutating func merge(_ record: SyncState.Record, _ entry: CalendarExport.Entry?, remote: RemoteItem?, removed: Bool) {
        var record = record
        defer { state.records[record.uid] = record }
        guard !record.removedOnServer else { return }
        if removed {
            record.removedOnServer = true
            removals.append(Removal(day: entry?.day ?? record.day, line: entry?.task.line ?? 0, title: entry?.task.title ?? record.title))
            return
        }
        let base = record.fields
        let theirs = remote?.todo?.fields ?? record.serverFields ?? base
        record.etag = remote?.etag ?? record.etag
        guard let entry else {
            // The plan's days read hold no copy of the task: what the server changed is kept apart from what both
            // sides last agreed on, so that when the task is found again (rollover moved it into a day not read)
            // the server's change is made there, rather than the plan's older value read as a change of the plan's.
            if remote?.todo != nil, theirs != (record.serverFields ?? base) {
                unplaced.append(Unplaced(title: record.title, uid: record.uid))
            } else if !record.leftThePlan {
                left.append(Unplaced(title: record.title, uid: record.uid))
            }
            record.serverFields = theirs == base ? nil : theirs
            record.leftThePlan = true
            return
        }
        record.leftThePlan = false
        let ours = SyncFields(entry.task)
        var plan = ours, server = theirs, agreed = base

        func field<Value: Equatable>(_ name: String, _ path: WritableKeyPath<SyncFields, Value>, _ show: (Value) -> String) {
            let o = ours[keyPath: path], t = theirs[keyPath: path], b = base[keyPath: path]
            if o == t || t == b {
                server[keyPath: path] = o
                agreed[keyPath: path] = o
            } else if o == b {
                plan[keyPath: path] = t
                agreed[keyPath: path] = t
            } else {
                conflicts.append(Conflict(day: entry.day, line: entry.task.line, field: name, local: show(o), remote: show(t)))
            }
        }
        if theirs.summary != base.summary, theirs.summary != ours.summary, let reason = SyncFields.problem(withTitle: theirs.summary) {
            // The server's title stays there, the plan's here, the base as it was: reported until it changes.
            refusals.append(Refusal(title: theirs.summary, href: record.href, reason: reason))
        } else {
            field("title", \.summary) { $0 }
        }
        field("due date", \.due) { $0?.description ?? "none" }
        let status = Status.merged(base: base.status, ours: ours.status, theirs: theirs.status)
        plan.status = status
        server.status = status
        agreed.status = status

        var title = entry.task.title
        if plan.summary != ours.summary {
            // The server's words, with the plan's time of day and `@due:`/`@on:` title words kept.
            title = SyncFields.title(plan.summary, keepingTimeAndDaysOf: entry.task)
            changes.append(LocalChange(uid: record.uid, day: entry.day, line: entry.task.line, kind: .title(title)))
        }
        if plan.status != ours.status { changes.append(LocalChange(uid: record.uid, day: entry.day, line: entry.task.line, kind: .status(plan.status))) }
        if plan.due != ours.due { changes.append(LocalChange(uid: record.uid, day: entry.day, line: entry.task.line, kind: .due(plan.due))) }
        var task = entry.task
        task.title = title
        // Sent when a synced field differs on the server, or when the rest of the to-do (bucket, region, notes,
        // tags, day, time of day) differs from what was last sent.
        let content = RemoteTodo.contentDigest(task: task, day: entry.day, region: entry.region)
        if server != theirs || content != record.content {
            pushes.append(Push(uid: record.uid, href: record.href, ifMatch: record.etag,
                               body: RemoteTodo.calendar(uid: record.uid, fields: server, task: task, day: entry.day, region: entry.region),
                               title: title))
            record.content = content
        }
        record.fields = agreed
        record.serverFields = server == agreed ? nil : server
        record.title = title
        record.day = entry.day
        record.line = entry.task.line
    }

    /// Settles a push the server took: the to-do's new ETag (nil when the answer gave none; the next sync reads it).
    public mutating func pushed(_ push: Push, etag: String?) {
        state.records[push.uid]?.etag = etag
    }

    /// Settles a push the server refused (it changed meanwhile, or the send failed): the to-do keeps its last
    /// synced state, so that the next sync reads the server's version and merges again. Edits already made to the
    /// plan stay: the next sync finds them as the plan's own changes.
    public mutating func refused(_ push: Push) {
        state.records[push.uid] = previous.records[push.uid]
    }

    /// Settles an edit of the plan that could not be made (a full bucket, a file with errors): the to-do keeps
    /// its last synced state, and nothing is sent for it.
    public mutating func notApplied(uid: String) {
        state.records[uid] = previous.records[uid]
        pushes.removeAll { $0.uid == uid }
        captures.removeAll { $0.uid == uid }
    }

    /// An address as the state keeps it: the path of a `href` (a full URL loses its scheme and host), with its
    /// percent-escapes decoded, so that two spellings of one address compare equal.
    public static func canonicalHref(_ href: String) -> String {
        var bytes = Array(href.utf8)
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) {
            let rest = bytes[(colon + 3)...]
            bytes = rest.firstIndex(of: UInt8(ascii: "/")).map { Array(rest[$0...]) } ?? [UInt8(ascii: "/")]
        }
        return PercentEscapes.decoded(bytes)
    }

    /// A canonical address as it is sent: each segment percent-encoded (`pathSegment`), the slashes kept.
    public static func encodedPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { pathSegment(String($0)) }.joined(separator: "/")
    }

    /// A `UID` as one segment of a path: letters, digits and `-._~` as they are, every other byte percent-encoded.
    public static func pathSegment(_ text: String) -> String {
        var result = ""
        let hex = Array("0123456789ABCDEF")
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return result
    }
}
