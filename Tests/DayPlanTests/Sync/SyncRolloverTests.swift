import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A task the phone changed while rollover moved it on in the plan: the sync finds its live copy wherever
/// rollover put it (by the `UID` the export follows through `[>]`), never the copy moved on, and never takes
/// the phone's change as agreed without making it.
@Suite struct SyncRolloverTests {
    static let first = Day("2026-11-21")!
    static let plan = """
        # 2026-11-21

        ## Morning
        - [ ] Buy milk

        ## Backlog
        - [ ] Fix the bike

        """

    /// The day files after rolling `bytes` of `day` into the next day: the old day's bytes, and the new day's.
    func rolled(_ bytes: [UInt8], of day: Day) throws -> (old: [UInt8], new: [UInt8]) {
        let rollover = try Rollover(opening: day.adding(days: 1), from: (day, bytes), existing: nil)
        return (try #require(rollover.sourceAfter), rollover.targetAfter)
    }

    /// The entries of `days` (oldest first) read with one export, as the sync reads them.
    func chain(_ days: [(Day, [UInt8])]) throws -> [CalendarExport.Entry] {
        var export = CalendarExport(includesFinished: true)
        return try days.flatMap { day, bytes in export.entries(try #require(DayRecord(document: DayDocument(parsing: bytes), date: day))) }
    }

    func merge(_ state: SyncState, today: Day, synced: [CalendarExport.Entry], elsewhere: [CalendarExport.Entry],
               remote: [SyncMerge.RemoteItem] = []) -> SyncMerge {
        SyncMerge(state: state, today: today, synced: synced, elsewhere: elsewhere, remote: remote, removed: [], listedAll: false,
                  collectionPath: "/alice/tasks/")
    }

    /// The statuses sent for `uid` (a to-do is sent again when its day or region changed, with the merged status).
    func sent(_ merge: SyncMerge, _ uid: String) -> [String] {
        merge.pushes.filter { $0.uid == uid }.map { push in
            String(decoding: push.body, as: UTF8.self).split(separator: "\r\n").first { $0.hasPrefix("STATUS:") }.map(String.init) ?? ""
        }
    }

    /// The first sync, on the first day: every task sent and taken.
    func firstSync() throws -> SyncState {
        var first = merge(SyncState(collection: "u"), today: Self.first, synced: try chain([(Self.first, Array(Self.plan.utf8))]), elsewhere: [])
        for push in first.pushes { first.pushed(push, etag: "\"1\"") }
        return first.state
    }

    func completed(_ uid: String, _ title: String, summary: String? = nil) -> SyncMerge.RemoteItem {
        SyncMerge.RemoteItem(href: "/alice/tasks/\(uid).ics", etag: "\"2\"",
                             todo: RemoteTodo(uid: uid, fields: SyncFields(summary: summary ?? title, status: summary == nil ? .done : .todo, due: nil)))
    }

    @Test func aTaskCompletedOnThePhoneWhileRolloverMovedItOnIsMadeDoneInItsLiveCopy() throws {
        let state = try firstSync()
        let uid = CalendarExport.uid(title: "Buy milk", first: Self.first)
        #expect(state.records[uid]?.day == Self.first)
        // Rollover into the 22nd; no sync that day. On the 23rd, before rollover, the phone's change arrives.
        let (old, second) = try rolled(Array(Self.plan.utf8), of: Self.first)
        let day2 = Self.first.adding(days: 1), day3 = Self.first.adding(days: 2)
        let elsewhere = try chain([(Self.first, old), (day2, second)])
        let sync = merge(state, today: day3, synced: [], elsewhere: elsewhere, remote: [completed(uid, "Buy milk")])
        let line = try #require(String(decoding: second, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("Buy milk") }) + 1
        #expect(sync.changes.map(\.kind) == [.status(.done)])
        #expect(sync.changes.map(\.day) == [day2] && sync.changes.map(\.line) == [line])
        #expect(sent(sync, uid).allSatisfy { $0 == "STATUS:COMPLETED" } && sync.unplaced.isEmpty)
        let applied = SyncEdits.apply(sync.changes, captures: [], to: second, doneDate: nil)
        #expect(String(decoding: applied.bytes, as: UTF8.self).contains("- [x] Buy milk @from:2026-11-21"))
        #expect(sync.state.records[uid]?.day == day2 && sync.state.records[uid]?.fields.status == .done)

        // Then rollover into the 23rd and a sync: it stays done, and nothing is sent back.
        let (old2, third) = try rolled(applied.bytes, of: day2)
        let after = merge(sync.state, today: day3, synced: try chain([(day3, third)]), elsewhere: try chain([(day2, old2)]))
        #expect(sent(after, uid).allSatisfy { $0 == "STATUS:COMPLETED" } && after.changes.isEmpty)
        #expect(after.state.records[uid]?.fields.status == .done)
    }

    @Test func aChangeTheSyncCannotPlaceIsKeptApartAndMadeWhenTheTaskIsFound() throws {
        let state = try firstSync()
        let uid = CalendarExport.uid(title: "Buy milk", first: Self.first)
        let (old, second) = try rolled(Array(Self.plan.utf8), of: Self.first)
        let day2 = Self.first.adding(days: 1)
        // A sync that reads only the old day (the moved-on copy is not the task): the change is not made, nor agreed.
        let blind = merge(state, today: day2.adding(days: 1), synced: [], elsewhere: try chain([(Self.first, old)]),
                          remote: [completed(uid, "Buy milk")])
        #expect(blind.changes.isEmpty && blind.pushes.isEmpty)
        #expect(blind.unplaced == [SyncMerge.Unplaced(title: "Buy milk", uid: uid)])
        #expect(blind.state.records[uid]?.fields.status == .todo && blind.state.records[uid]?.serverFields?.status == .done)
        // Found again (today's file, after rollover): made done here, no NEEDS-ACTION sent.
        let found = merge(blind.state, today: day2, synced: try chain([(Self.first, old), (day2, second)]).filter { $0.day == day2 },
                          elsewhere: [])
        #expect(found.changes.map(\.kind) == [.status(.done)])
        #expect(sent(found, uid).allSatisfy { $0 == "STATUS:COMPLETED" })
    }

    @Test func aTaskRenamedOnThePhoneIsFoundAgainAfterRolloverByItsNewTitle() throws {
        let state = try firstSync()
        let uid = CalendarExport.uid(title: "Buy milk", first: Self.first)
        let day2 = Self.first.adding(days: 1), day3 = Self.first.adding(days: 2)
        // Renamed on the phone; the sync of the 21st makes it here.
        let renamed = merge(state, today: Self.first, synced: try chain([(Self.first, Array(Self.plan.utf8))]), elsewhere: [],
                            remote: [completed(uid, "Buy milk", summary: "Buy oat milk")])
        let text = SyncEdits.apply(renamed.changes, captures: [], to: Array(Self.plan.utf8), doneDate: nil).bytes
        // Two rollovers with no sync; the sync of the 23rd, before rollover, finds it in the 22nd, then done on the phone.
        let (old, second) = try rolled(text, of: Self.first)
        let (old2, third) = try rolled(second, of: day2)
        let done = SyncMerge.RemoteItem(href: "/alice/tasks/\(uid).ics", etag: "\"3\"",
                                        todo: RemoteTodo(uid: uid, fields: SyncFields(summary: "Buy oat milk", status: .done, due: nil)))
        let sync = merge(renamed.state, today: day3.adding(days: 1), synced: [],
                         elsewhere: try chain([(Self.first, old), (day2, old2), (day3, third)]), remote: [done])
        #expect(sync.changes.map(\.kind) == [.status(.done)] && sync.changes.map(\.day) == [day3])
        #expect(sent(sync, uid).allSatisfy { $0 == "STATUS:COMPLETED" } && sync.unplaced.isEmpty)
    }

    @Test func severalTitlesChangedByHandInOneDayAreEachFoundByTheirLine() throws {
        let state = try firstSync()
        #expect(state.records.values.map(\.line).sorted { ($0 ?? 0) < ($1 ?? 0) } == [4, 7])
        let text = Self.plan.replacingFirstSync("Buy milk", "Buy oat milk").replacingFirstSync("Fix the bike", "Fix the bicycle")
        let sync = merge(state, today: Self.first, synced: try chain([(Self.first, Array(text.utf8))]), elsewhere: [])
        // Each to-do renamed in place (If-Match), none sent as new, none left.
        #expect(sync.pushes.map(\.title).sorted() == ["Buy oat milk", "Fix the bicycle"])
        #expect(sync.pushes.allSatisfy { $0.ifMatch != nil })
        #expect(sync.state.records.count == 2 && sync.state.records.values.allSatisfy { !$0.leftThePlan })
    }
}

/// A title from the phone passes the same check as `dayplan add`: what would read as metadata, or cannot be a
/// title, is refused and named, never written.
@Suite struct SyncTitleCheckTests {
    @Test func aPhoneTitleThatWouldReadAsMetadataOrHoldsANulIsRefused() throws {
        #expect(SyncFields.problem(withTitle: "Pay the rent #home") == nil)
        #expect(SyncFields.problem(withTitle: "Email ana@example.org about it") == nil)
        for title in ["@due:2026-13-45 pay", "pay @due:2026-12-05", "Call\u{0}mum", "@carry", "pay @expires:2026-11-01", "a\tb"] {
            #expect(SyncFields.problem(withTitle: title) != nil, "\(title)")
        }
        let state = SyncState(collection: "u")
        let item = SyncMerge.RemoteItem(href: "/alice/tasks/x.ics", etag: "\"1\"",
                                        todo: RemoteTodo(uid: "x", fields: SyncFields(summary: "@due:2026-13-45 pay", status: .todo, due: nil)))
        let merge = SyncMerge(state: state, today: Day("2026-11-21")!, synced: [], elsewhere: [], remote: [item], removed: [],
                              listedAll: true, collectionPath: "/alice/tasks/")
        #expect(merge.captures.isEmpty && merge.state.records.isEmpty)
        #expect(merge.refusals.map(\.href) == ["/alice/tasks/x.ics"])
    }
}
