import Foundation
import Testing

/// `dayplan sync` end to end, for what a to-do carries beyond its title: a timed task's time of day and alarm, a
/// task cancelled or given another deadline on the phone, and a change of the plan's alone (its bucket) sent.
extension SyncCommandTests {
    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aTimedTaskReachesThePhoneWithItsTimeAndAnAlarmAndABucketChangeIsSent() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        let timed = Self.day.replacingOccurrences(of: "- [ ] Buy milk\n", with: "- [ ] Buy milk\n- [ ] 09:30 - 10:00 Call the bank #money\n")
        try timed.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)

        let first = try sync(plan)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("4 sent (4 new), 0 changed here, 0 conflicts\n"), "\(first.stdout)")
        // The phone sees the time of day (floating local time) and an alarm ten minutes before; the title without the time.
        #expect(try phone(server, ["show", "Call the bank #money"], in: folder)
                == "DTSTART=2026-11-21T09:30:00 timed=True PRIORITY=9 VALARM=-PT10M\n")
        #expect(try phone(server, ["list"], in: folder).contains("Call the bank #money|NEEDS-ACTION|\n"))

        // Read back (its DTSTART with a time and its VALARM), nothing looks changed: nothing sent, nothing edited.
        for _ in 0..<2 {
            let again = try sync(plan)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.hasSuffix(": 0 sent (0 new), 0 changed here, 0 conflicts\n"), "\(again.stdout)")
            #expect(try day(plan) == timed)
        }

        // Only the bucket changes (misc to must): the to-do is sent with the new PRIORITY, once.
        let must = timed.replacingOccurrences(of: "- [ ] 09:30 - 10:00 Call the bank", with: "* [ ] 09:30 - 10:00 Call the bank")
        try must.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        let bucket = try sync(plan)
        #expect(bucket.status == 0, "\(bucket.stderr)")
        #expect(bucket.stdout.hasSuffix(": 1 sent (0 new), 0 changed here, 0 conflicts\n"), "\(bucket.stdout)")
        #expect(try phone(server, ["show", "Call the bank #money"], in: folder)
                == "DTSTART=2026-11-21T09:30:00 timed=True PRIORITY=1 VALARM=-PT10M\n")
        for _ in 0..<2 {
            let still = try sync(plan)
            #expect(still.stdout.hasSuffix(": 0 sent (0 new), 0 changed here, 0 conflicts\n"), "\(still.stdout)")
        }

        // A title changed on the phone keeps the time here.
        try phone(server, ["rename", "Call the bank #money", "Call the bank about the loan #money"], in: folder)
        let renamed = try sync(plan)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let renamedDay = try day(plan)
        #expect(renamedDay.contains("* [ ] 09:30 - 10:00 Call the bank about the loan #money\n"), "\(renamedDay)")
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aToDoCancelledOrGivenAnotherDueDateOnThePhoneChangesTheTask() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        let first = try sync(plan)
        #expect(first.status == 0, "\(first.stderr)")

        try phone(server, ["cancel", "Buy milk", "--", "due", "Write the talk", "2026-11-27", "--", "due", "Fix the bike", "2026-11-30"],
                  in: folder)
        let second = try sync(plan)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasSuffix(": 0 sent (0 new), 3 changed here, 0 conflicts\n"), "\(second.stdout)")
        let expected = """
            # 2026-11-21

            ## Morning
            * [ ] Write the talk @due:2026-11-27
            - [-] Buy milk

            ## Backlog
            - [ ] Fix the bike @due:2026-11-30

            """
        #expect(try day(plan) == expected)

        let third = try sync(plan)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stdout.hasSuffix(": 0 sent (0 new), 0 changed here, 0 conflicts\n"), "\(third.stdout)")
        #expect(try day(plan) == expected)
        #expect(try phone(server, ["list"], in: folder)
                == "Buy milk|CANCELLED|\nFix the bike|NEEDS-ACTION|2026-11-30\nWrite the talk|NEEDS-ACTION|2026-11-27\n")
    }

    /// The time spent on a task (`@spent:`, `dayplan stop`) reaches the server as `X-DAYPLAN-SPENT`, a DURATION, and a
    /// change of it is sent once; the server's copy read back is no change here.
    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func theTimeSpentReachesTheServer() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        let spent = Self.day.replacingOccurrences(of: "- [ ] Buy milk\n", with: "- [ ] Buy milk @spent:1h20m\n")
        try spent.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        let first = try sync(plan)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try phone(server, ["property", "X-DAYPLAN-SPENT", "Buy milk"], in: folder) == "PT1H20M\n")
        #expect(try phone(server, ["property", "X-DAYPLAN-SPENT", "Fix the bike"], in: folder) == "\n")
        let again = try sync(plan)
        #expect(again.stdout.hasSuffix(": 0 sent (0 new), 0 changed here, 0 conflicts\n"), "\(again.stdout)")

        let more = spent.replacingOccurrences(of: "@spent:1h20m", with: "@spent:2h")
        try more.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)
        let changed = try sync(plan)
        #expect(changed.stdout.hasSuffix(": 1 sent (0 new), 0 changed here, 0 conflicts\n"), "\(changed.stdout)")
        #expect(try phone(server, ["property", "X-DAYPLAN-SPENT", "Buy milk"], in: folder) == "PT2H\n")
        #expect(try day(plan) == more)
    }
}
