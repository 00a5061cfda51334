import Foundation
import Testing

/// `dayplan plan` and `plan --fit` through the built binary, at 08:00 on 2026-11-21.
@Suite struct PlanCommandTests {
    static let now = ["DAYPLAN_NOW": "1795248000"]  // 2026-11-21 08:00 UTC
    static let day = """
        # 2026-11-21

        ## Morning
        - [ ] Email @est:20m
        * [ ] Write the talk @est:1h30m
        + [ ] 10:30 Call Ana @est:30m
        - [ ] Buy milk

        ## Afternoon
        * [ ] Review @est:7h

        ## Evening
        - [ ] Read @est:45m

        ## Backlog

        """

    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = work.ics\nmorning = 08:00-12:00\n")
        try folder.write("work.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:s\r\nSUMMARY:Standup\r\n"
                         + "DTSTART:20261121T090000\r\nDTEND:20261121T093000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        try folder.write("2026-11-21.md", day)
        return folder
    }

    @Test func theDayAsBlocks() throws {
        let folder = try Self.folder()
        let run = try Binary.run(["plan"], in: folder.url, environment: Self.now)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            2026-11-21.md: Saturday 2026-11-21
            Morning 08:00-12:00, 1h10m free
              08:00-09:00  free 1h
              09:00-09:30  Standup (event)
              09:30-10:30  free 1h
              10:30-11:00  Call Ana (line 6)
              11:00-12:00  free 1h
              no time     Write the talk (must, 1h30m, line 5)
              no time     Email (misc, 20m, line 4)
              no time     Buy milk (misc, no estimate, line 7)
            Afternoon 12:00-18:00, over by 1h
              12:00-18:00  free 6h
              no time     Review (must, 7h, line 10)
            Evening 18:00-23:00, 4h15m free
              18:00-23:00  free 5h
              no time     Read (misc, 45m, line 13)

            """)
        let json = try Binary.run(["plan", "--format", "json"], in: folder.url, environment: Self.now)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let regions = try #require(object["regions"] as? [[String: Any]])
        #expect(regions.first?["free"] as? Int == 70)
        #expect((regions.first?["blocks"] as? [[String: Any]])?[1]["title"] as? String == "Standup")
    }

    @Test func fitWritesTimesMustFirstRefusesAnOverfullRegionAndIsIdempotent() throws {
        let folder = try Self.folder()
        let run = try Binary.run(["plan", "--fit"], in: folder.url, environment: Self.now)
        #expect(run.status == 1)
        #expect(run.stdout == "2026-11-21.md:4: 08:00 Email\n2026-11-21.md:13: 18:00 Read\n")
        #expect(run.stderr == """
            dayplan plan: Afternoon is over capacity by 1h: nothing placed there; move a task with 'dayplan move' or shorten an estimate
            dayplan plan: 2026-11-21.md:5: no free gap of 1h30m left for: Write the talk

            """)
        let fitted = Self.day.replacingOccurrences(of: "- [ ] Email", with: "- [ ] 08:00 Email")
            .replacingOccurrences(of: "- [ ] Read", with: "- [ ] 18:00 Read")
        #expect(try folder.read("2026-11-21.md") == fitted)
        #expect(try Binary.run(["lint", "2026-11-21.md"], in: folder.url, environment: Self.now).status == 0)
        // Again: nothing more to place; the file is not written.
        let again = try Binary.run(["plan", "--fit"], in: folder.url, environment: Self.now)
        #expect(again.stdout == "" && again.status == 1)
        #expect(try folder.read("2026-11-21.md") == fitted)
        // Once the afternoon has room and the morning a long gap, everything estimated is placed, exit 0.
        try folder.write("2026-11-21.md", fitted.replacingOccurrences(of: "@est:7h", with: "@est:2h")
            .replacingOccurrences(of: "+ [ ] 10:30 Call Ana", with: "+ [ ] 11:30 Call Ana"))
        let room = try Binary.run(["plan", "--fit"], in: folder.url, environment: Self.now)
        #expect(room.status == 0, "\(room.stderr)")
        #expect(room.stdout == "2026-11-21.md:5: 09:30 Write the talk\n2026-11-21.md:10: 12:00 Review\n")
        let done = try Binary.run(["plan", "--fit"], in: folder.url, environment: Self.now)
        #expect(done.stdout == "2026-11-21.md: nothing to place (no open task with an estimate and no time)\n" && done.status == 0)
        #expect(try Binary.run(["plan", "--fit", "--format", "json"], in: folder.url).status == 2)
    }
}
