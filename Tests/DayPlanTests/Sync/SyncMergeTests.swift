import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// One sync worked out on values: each side's changes against the last synced state, as `dayplan merge` merges.
@Suite struct SyncMergeTests {
    static let today = Day("2026-11-21")!
    static let plan = """
        # 2026-11-21

        ## Morning
        * [ ] Write the talk @due:2026-11-25
        - [ ] Buy milk

        ## Backlog
        - [ ] Fix the bike
        """

    func entries(_ text: String = plan) throws -> [CalendarExport.Entry] {
        var export = CalendarExport(includesFinished: true)
        return export.entries(try #require(DayRecord(document: DayDocument(parsing: text), date: Self.today)))
    }

    /// The state after a first sync that sent every task.
    func synced() throws -> SyncState {
        let first = SyncMerge(state: SyncState(collection: "u"), today: Self.today, synced: try entries(), elsewhere: [],
                              remote: [], removed: [], listedAll: true, collectionPath: "/alice/tasks/")
        var merge = first
        for push in first.pushes { merge.pushed(push, etag: "\"\(push.title)\"") }
        return merge.state
    }

    func remote(_ entry: CalendarExport.Entry, summary: String? = nil, status: Status? = nil, etag: String = "\"new\"") -> SyncMerge.RemoteItem {
        var fields = SyncFields(entry.task)
        if let summary { fields.summary = summary }
        if let status { fields.status = status }
        return SyncMerge.RemoteItem(href: "/alice/tasks/\(entry.uid).ics", etag: etag, todo: RemoteTodo(uid: entry.uid, fields: fields))
    }

    @Test func aFirstSyncSendsEveryOpenTaskOnceWithItsExportUID() throws {
        let merge = SyncMerge(state: SyncState(collection: "u"), today: Self.today, synced: try entries(), elsewhere: [],
                              remote: [], removed: [], listedAll: true, collectionPath: "/alice/tasks/")
        #expect(merge.pushes.map(\.title) == ["Write the talk", "Buy milk", "Fix the bike"])
        #expect(merge.pushes.allSatisfy { $0.ifMatch == nil && $0.href.hasSuffix("@dayplan.ics") })
        #expect(merge.pushes[0].uid == CalendarExport.uid(title: "Write the talk", first: Self.today))
        let body = String(decoding: merge.pushes[0].body, as: UTF8.self)
        #expect(body.contains("SUMMARY:Write the talk\r\n") && body.contains("DUE;VALUE=DATE:20261125\r\n") && body.contains("PRIORITY:1\r\n"))
        #expect(merge.changes.isEmpty && merge.captures.isEmpty && merge.conflicts.isEmpty)
        // Nothing changed on either side: nothing to do.
        let state = try synced()
        let again = SyncMerge(state: state, today: Self.today, synced: try entries(), elsewhere: [], remote: [],
                              removed: [], listedAll: false, collectionPath: "/alice/tasks/")
        #expect(again.pushes.isEmpty && again.changes.isEmpty && again.state == state)
    }

    @Test func aTaskCompletedOnThePhoneIsMarkedDoneHere() throws {
        let local = try entries()
        let merge = SyncMerge(state: try synced(), today: Self.today, synced: local, elsewhere: [],
                              remote: [remote(local[1], status: .done)], removed: [], listedAll: false, collectionPath: "/alice/tasks/")
        #expect(merge.changes.map(\.kind) == [.status(.done)])
        #expect(merge.changes.first?.line == 5)
        #expect(merge.pushes.isEmpty)
        let applied = SyncEdits.apply(merge.changes, captures: [], to: Array(Self.plan.utf8), doneDate: nil)
        #expect(String(decoding: applied.bytes, as: UTF8.self) == Self.plan.replacingFirstSync("- [ ] Buy milk", "- [x] Buy milk"))
    }

    @Test func aTitleChangedOnThePhoneAndAStatusHereAreBothKept() throws {
        let text = Self.plan.replacingFirstSync("- [ ] Buy milk", "- [/] Buy milk")
        let local = try entries(text)
        let merge = SyncMerge(state: try synced(), today: Self.today, synced: local, elsewhere: [],
                              remote: [remote(local[1], summary: "Buy oat milk", status: .todo)], removed: [], listedAll: false,
                              collectionPath: "/alice/tasks/")
        #expect(merge.changes.map(\.kind) == [.title("Buy oat milk")])
        #expect(merge.pushes.count == 1 && merge.pushes[0].ifMatch == "\"new\"")
        #expect(String(decoding: merge.pushes[0].body, as: UTF8.self).contains("STATUS:IN-PROCESS"))
        let applied = SyncEdits.apply(merge.changes, captures: [], to: Array(text.utf8), doneDate: nil)
        #expect(String(decoding: applied.bytes, as: UTF8.self) == text.replacingFirstSync("- [/] Buy milk", "- [/] Buy oat milk"))
        #expect(merge.state.records[local[1].uid]?.title == "Buy oat milk")
    }

    @Test func aTitleChangedDifferentlyOnBothSidesIsAConflictKeptOnBoth() throws {
        let text = Self.plan.replacingFirstSync("- [ ] Buy milk", "- [ ] Buy soy milk")
        let local = try entries(text)
        let state = try synced()
        let uid = CalendarExport.uid(title: "Buy milk", first: Self.today)
        let theirs = SyncMerge.RemoteItem(href: "/alice/tasks/\(uid).ics", etag: "\"new\"",
                                          todo: RemoteTodo(uid: uid, fields: SyncFields(summary: "Buy oat milk", status: .done, due: nil)))
        let merge = SyncMerge(state: state, today: Self.today, synced: local, elsewhere: [], remote: [theirs], removed: [],
                              listedAll: false, collectionPath: "/alice/tasks/")
        #expect(merge.conflicts == [SyncMerge.Conflict(day: Self.today, line: 5, field: "title", local: "Buy soy milk", remote: "Buy oat milk")])
        // The status merges (done on the phone), the title stays as each side has it, and the base stays the old one.
        #expect(merge.changes.map(\.kind) == [.status(.done)])
        #expect(merge.pushes.isEmpty)
        #expect(merge.state.records[uid]?.fields.summary == "Buy milk")
        // The next sync, with nothing new on the server, still knows the phone's title: reported again, nothing sent.
        let next = SyncMerge(state: merge.state, today: Self.today, synced: try entries(text.replacingFirstSync("- [ ] Buy soy", "- [x] Buy soy")),
                             elsewhere: [], remote: [], removed: [], listedAll: false, collectionPath: "/alice/tasks/")
        #expect(next.conflicts.map(\.remote) == ["Buy oat milk"])
        #expect(next.pushes.isEmpty && next.changes.isEmpty)
        // Once the plan takes the phone's title, they agree.
        let agreed = SyncMerge(state: merge.state, today: Self.today,
                               synced: try entries(text.replacingFirstSync("- [ ] Buy soy milk", "- [x] Buy oat milk")),
                               elsewhere: [], remote: [], removed: [], listedAll: false, collectionPath: "/alice/tasks/")
        #expect(agreed.conflicts.isEmpty && agreed.pushes.isEmpty)
        #expect(agreed.state.records[uid]?.fields.summary == "Buy oat milk" && agreed.state.records[uid]?.serverFields == nil)
    }

    @Test func aToDoMadeOnThePhoneIsCapturedOnceIntoTodaysBacklog() throws {
        let local = try entries()
        let phone = SyncMerge.RemoteItem(href: "/alice/tasks/x.ics", etag: "\"p\"",
                                         todo: RemoteTodo(uid: "x", fields: SyncFields(summary: "Call Ana", status: .todo, due: Day("2026-11-24"))))
        let merge = SyncMerge(state: try synced(), today: Self.today, synced: local, elsewhere: [], remote: [phone], removed: [],
                              listedAll: false, collectionPath: "/alice/tasks/")
        #expect(merge.captures.map(\.task.canonicalLine) == ["- [ ] Call Ana @due:2026-11-24 @from:2026-11-21"])
        let applied = SyncEdits.apply([], captures: merge.captures, to: Array(Self.plan.utf8), doneDate: nil)
        let after = String(decoding: applied.bytes, as: UTF8.self)
        #expect(after == Self.plan + "\n- [ ] Call Ana @due:2026-11-24 @from:2026-11-21")
        // The next sync knows it: nothing captured or sent again.
        let next = SyncMerge(state: merge.state, today: Self.today, synced: try entries(after), elsewhere: [], remote: [],
                             removed: [], listedAll: false, collectionPath: "/alice/tasks/")
        #expect(next.captures.isEmpty && next.pushes.isEmpty && next.changes.isEmpty)
        // A run killed after writing the plan but before its state: the task is found, not captured twice.
        let killed = SyncMerge(state: try synced(), today: Self.today, synced: try entries(after), elsewhere: [], remote: [phone],
                               removed: [], listedAll: false, collectionPath: "/alice/tasks/")
        #expect(killed.captures.isEmpty && killed.pushes.isEmpty)
    }

    @Test func aToDoDeletedOnThePhoneIsNamedAndItsTaskKept() throws {
        let local = try entries()
        let merge = SyncMerge(state: try synced(), today: Self.today, synced: local, elsewhere: [], remote: [],
                              removed: ["/alice/tasks/\(local[2].uid).ics"], listedAll: false, collectionPath: "/alice/tasks/")
        #expect(merge.removals == [SyncMerge.Removal(day: Self.today, line: 8, title: "Fix the bike")])
        #expect(merge.changes.isEmpty && merge.pushes.isEmpty)
        #expect(merge.state.records[local[2].uid]?.removedOnServer == true)
        let next = SyncMerge(state: merge.state, today: Self.today, synced: local, elsewhere: [], remote: [], removed: [],
                             listedAll: false, collectionPath: "/alice/tasks/")
        #expect(next.removals.isEmpty && next.pushes.isEmpty)
    }

    @Test func aTaskDoneHereIsSentAndARefusedPushKeepsTheLastState() throws {
        let text = Self.plan.replacingFirstSync("- [ ] Buy milk", "- [x] Buy milk")
        let state = try synced()
        var merge = SyncMerge(state: state, today: Self.today, synced: try entries(text), elsewhere: [], remote: [], removed: [],
                              listedAll: false, collectionPath: "/alice/tasks/")
        #expect(merge.pushes.count == 1 && merge.pushes[0].ifMatch == "\"Buy milk\"")
        #expect(String(decoding: merge.pushes[0].body, as: UTF8.self).contains("STATUS:COMPLETED"))
        merge.refused(merge.pushes[0])
        #expect(merge.state == state)
    }

    @Test func theStateReadsBackAsItWasWritten() throws {
        var state = try synced()
        state.syncToken = "tok"
        state.records[state.records.keys.sorted()[0]]?.removedOnServer = true
        let json = try JSONValue(parsing: state.json.serialized())
        #expect(SyncState(json: json) == state)
        #expect(SyncState(json: .object([])) == nil)
    }

    @Test func aStateOfTheVersionBeforeIsReadWholeAndSendsEachToDoOnceMore() throws {
        let state = try synced()
        #expect(state.records.values.allSatisfy { $0.content != nil })
        // Version 1 kept no digest of what was sent.
        let old = String(decoding: state.json.serialized(), as: UTF8.self)
            .replacingOccurrences(of: "\"version\":2", with: "\"version\":1")
            .replacingOccurrences(of: #","content":"[0-9a-f]{16}""#, with: "", options: .regularExpression)
        #expect(!old.contains("content") && old.contains("\"version\":1"))
        let read = try #require(SyncState(json: try JSONValue(parsing: Array(old.utf8))))
        var expected = state
        for uid in expected.records.keys { expected.records[uid]?.content = nil }
        #expect(read == expected)
        let merge = SyncMerge(state: read, today: Self.today, synced: try entries(), elsewhere: [], remote: [], removed: [],
                              listedAll: false, collectionPath: "/alice/tasks/")
        #expect(merge.pushes.count == 3 && merge.pushes.allSatisfy { $0.ifMatch != nil } && merge.changes.isEmpty)
        #expect(merge.state == state)
    }

    @Test func aChangeOfTheBucketRegionOrNotesAloneIsSent() throws {
        let state = try synced()
        for (text, what) in [(Self.plan.replacingFirstSync("- [ ] Buy milk", "* [ ] Buy milk"), "PRIORITY:1\r\n"),
                             (Self.plan.replacingFirstSync("- [ ] Buy milk", "- [ ] Buy milk\n  oat, not soy"), "DESCRIPTION:oat\\, not soy"),
                             (Self.plan.replacingFirstSync("## Backlog\n- [ ] Fix the bike", "## Evening\n- [ ] Fix the bike\n\n## Backlog"),
                              "CATEGORIES:Evening")] {
            let merge = SyncMerge(state: state, today: Self.today, synced: try entries(text), elsewhere: [], remote: [], removed: [],
                                  listedAll: false, collectionPath: "/alice/tasks/")
            #expect(merge.pushes.count == 1, "\(what)")
            #expect(merge.pushes.first.map { String(decoding: $0.body, as: UTF8.self).contains(what) } == true, "\(what)")
            #expect(merge.changes.isEmpty)
        }
    }

    @Test func aTimedTaskIsSentWithItsTimeAndAlarmAndReadBackUnchanged() throws {
        let text = Self.plan.replacingFirstSync("- [ ] Buy milk", "- [ ] 09:30 - 10:00 Buy milk")
        let local = try entries(text)
        let first = SyncMerge(state: SyncState(collection: "u"), today: Self.today, synced: local, elsewhere: [], remote: [],
                              removed: [], listedAll: true, collectionPath: "/alice/tasks/")
        let push = try #require(first.pushes.first { $0.title.hasSuffix("Buy milk") })
        let body = String(decoding: push.body, as: UTF8.self)
        #expect(body.contains("DTSTART:20261121T093000\r\n") && body.contains("SUMMARY:Buy milk\r\n")
                && body.contains("BEGIN:VALARM\r\n") && body.contains("TRIGGER;RELATED=START:-PT10M\r\n") && !body.contains("DUE"))
        var sent = first
        for push in first.pushes { sent.pushed(push, etag: "\"1\"") }
        // The server gives back what was sent: nothing changed on either side.
        let back = try #require(RemoteTodo(parsing: push.body))
        #expect(back.fields == SyncFields(summary: "Buy milk", status: .todo, due: nil))
        let again = SyncMerge(state: sent.state, today: Self.today, synced: local, elsewhere: [],
                              remote: [SyncMerge.RemoteItem(href: push.href, etag: "\"2\"", todo: back)], removed: [],
                              listedAll: false, collectionPath: "/alice/tasks/")
        #expect(again.pushes.isEmpty && again.changes.isEmpty && again.conflicts.isEmpty)
        // A deadline: DUE at the end of that day, read back as the same day.
        let due = Self.plan.replacingFirstSync("- [ ] Buy milk", "- [ ] 09:30 Buy milk @due:2026-11-23")
        let withDue = try #require(SyncMerge(state: SyncState(collection: "u"), today: Self.today, synced: try entries(due), elsewhere: [],
                                             remote: [], removed: [], listedAll: true, collectionPath: "/alice/tasks/")
            .pushes.first { $0.title.hasPrefix("09:30") })
        #expect(String(decoding: withDue.body, as: UTF8.self).contains("DUE:20261123T235900\r\n"))
        #expect(RemoteTodo(parsing: withDue.body)?.fields == SyncFields(summary: "Buy milk", status: .todo, due: Day("2026-11-23")))
    }
}

extension String {
    /// The string with the first `target` replaced.
    func replacingFirstSync(_ target: String, _ replacement: String) -> String {
        guard let range = self.firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
