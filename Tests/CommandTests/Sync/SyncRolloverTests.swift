import Foundation
import Testing

/// `dayplan sync` end to end across rollovers: a to-do changed on the phone while the plan's task was moved on
/// into a day the sync had not read stays as the phone left it.
extension SyncCommandTests {
    func sync(_ plan: URL, on day: String) throws -> Binary.Run {
        try Binary.run(["sync", "--date", day], in: plan, environment: ["CALDAV_PASSWORD": "secret"])
    }

    func rollover(_ plan: URL, to day: String) throws {
        let run = try Binary.run(["rollover", "--date", day], in: plan)
        try #require(run.status == 0, "rollover \(day): \(run.stderr)")
    }

    func file(_ plan: URL, _ day: String) throws -> String {
        try String(contentsOf: plan.appendingPathComponent("\(day).md"), encoding: .utf8)
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aTaskCompletedOrRenamedOnThePhoneWhileRolloverMovedItOnIsNotReverted() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)

        // Synced before the morning's rollover on two days running, and no sync after the first rollover.
        let first = try sync(plan, on: "2026-11-21")
        #expect(first.status == 0, "\(first.stderr)")
        try rollover(plan, to: "2026-11-22")
        #expect(try file(plan, "2026-11-21").contains("- [>] Buy milk\n"))
        try phone(server, ["complete", "Buy milk", "--", "rename", "Fix the bike", "Fix the bike tyre"], in: folder)
        let second = try sync(plan, on: "2026-11-23")
        #expect(second.status == 0, "\(second.stderr)")
        // Made in the live copies, in the 22nd's file (the copies moved on in the 21st's stay as they are).
        let day22 = try file(plan, "2026-11-22")
        #expect(day22.contains("- [x] Buy milk @from:2026-11-21\n"), "\(day22)")
        #expect(day22.contains("- [ ] Fix the bike tyre\n"), "\(day22)")
        #expect(try file(plan, "2026-11-21").contains("- [>] Buy milk\n- [>] Fix the bike") == false)
        #expect(second.stdout.contains("2026-11-22.md:"), "\(second.stdout)")

        try rollover(plan, to: "2026-11-23")
        for _ in 0..<2 {
            let after = try sync(plan, on: "2026-11-23")
            #expect(after.status == 0, "\(after.stderr)")
            #expect(!after.stdout.contains("Buy milk"), "\(after.stdout)")
            // The phone keeps what was done there: no NEEDS-ACTION sent back, no old title.
            let list = try phone(server, ["list"], in: folder)
            #expect(list.contains("Buy milk|COMPLETED|\n"), "\(list)")
            #expect(list.contains("Fix the bike tyre|NEEDS-ACTION|\n") && !list.contains("Fix the bike|"), "\(list)")
        }
        #expect(try file(plan, "2026-11-23").contains("- [ ] Fix the bike tyre"))
        #expect(!(try file(plan, "2026-11-23")).contains("Buy milk"))
    }
}
