import DayPlan
import Foundation
import Testing

/// `dayplan report --spent` on the built binary: the time spent against estimated, per tag and bucket.
@Suite struct ReportSpentTests {
    /// Three days of a plan: a task timed on two days (its time adds up, its estimate counts once), a task
    /// with no estimate, and a day before the window that is left out.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-15.md", "# 2026-11-15\n\n## Morning\n* [x] Before the week #work @est:1h @spent:3h\n")
        try folder.write("2026-11-16.md", """
            # 2026-11-16

            ## Morning
            * [>] Write the talk #work @est:2h @spent:1h20m
            + [x] Review the pull request #work #code @est:30m @spent:45m

            """)
        try folder.write("2026-11-17.md", """
            # 2026-11-17

            ## Morning
            - [x] Sort photos @spent:25m

            ## Backlog
            * [x] Write the talk #work @from:2026-11-16 @est:2h @spent:50m

            """)
        return folder
    }

    @Test func spentAgainstEstimatedPerTagAndBucket() throws {
        let folder = try Self.folder()
        let run = try Binary.run(["report", "--spent", "--since", "this-week"], in: folder.url,
                                 environment: ["DAYPLAN_NOW": "2026-11-18T12:00"])
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        #expect(run.stdout == """
            Time spent 2026-11-16 to 2026-11-18: 3h20m on 3 tasks, estimated 2h30m for the 2 with @est:; 1 without

            Tag     spent    estimated  share  tasks
            #work   2h55m    2h30m      117%   2
            #code   45m      30m        150%   1
            #inbox  25m      -          -      1 (1 without @est:)

            Bucket         spent    estimated  share  tasks
            must           2h10m    2h         108%   1
            complementary  45m      30m        150%   1
            misc           25m      -          -      1 (1 without @est:)

            """)
        let json = try Binary.run(["report", "--spent", "--since", "2026-11-16", "--format", "json"], in: folder.url,
                                  environment: ["DAYPLAN_NOW": "2026-11-18T12:00"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["spentMinutes"] as? Int == 200 && total["estimatedMinutes"] as? Int == 150 && total["tasks"] as? Int == 3)
        #expect((document["tags"] as? [[String: Any]])?.map { $0["name"] as? String } == ["work", "code", "inbox"])
        let none = try Binary.run(["report", "--spent", "--since", "2026-11-18"], in: folder.url,
                                  environment: ["DAYPLAN_NOW": "2026-11-18T12:00"])
        #expect(none.stdout == "Time spent 2026-11-18 to 2026-11-18: none recorded (time a task with 'dayplan start TASK' and 'dayplan stop')\n")
        let csv = try Binary.run(["report", "--spent", "--format", "csv"], in: folder.url)
        #expect(csv.status == 2 && csv.stderr.hasPrefix("dayplan report: --spent is written to standard output, as text or json"))
    }
}

/// The iCalendar export carries the time spent on a task (`X-DAYPLAN-SPENT`, a DURATION), for the tasks that have it.
@Suite struct CalendarExportSpentTests {
    @Test func theExportCarriesTheTimeSpent() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n* [/] Write the talk @est:2h @spent:1h20m\n+ [ ] Call Ana @spent:45m\n- [ ] Sort photos\n")
        let run = try Binary.run(["export", "--format", "ics", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.components(separatedBy: "\r\n")
        #expect(lines.filter { $0.hasPrefix("X-DAYPLAN-SPENT:") } == ["X-DAYPLAN-SPENT:PT1H20M", "X-DAYPLAN-SPENT:PT45M"])
    }
}
