import Foundation
import Testing

/// `dayplan export --format ics` read by an independent parser, Python's `icalendar` package: every line is
/// valid RFC 5545, and the titles, notes and tags come back exactly, emoji, CJK, commas, semicolons,
/// backslashes and very long lines included. Skipped, with the reason, where Python or the package is missing
/// (.ci/run installs it).
@Suite(.tags(.slow)) struct CalendarValidationTests {
    static let python = pythonWith("icalendar")

    static let longTitle = String(repeating: "Prepare the 📦 shipment, then 配達を確認する; ", count: 8) + "done"

    @Test(.enabled(if: python != nil, "no python3 with the icalendar package: pip install icalendar"))
    func theCalendarReadsBackExactlyInAnIndependentParser() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", """
            # 2026-11-20

            ## Morning
            * [/] Ship 🚀 v2, then celebrate; really #work #仕事 @due:2026-11-27
              notes with a comma, a semicolon; and a backslash \\ here
              - [ ] 子タスク
            + [ ] \(Self.longTitle) #long

            ## Evening
            - [x] Done, and written with --all

            ## Backlog
            - [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-18
            """)
        try folder.write("2026-11-19.md", "# 2026-11-19\n\n## Morning\n* [>] Ship 🚀 v2, then celebrate; really #work #仕事 @due:2026-11-27\n")
        let run = try Binary.run(["export", "--format", "ics", "--all"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        try folder.write("plan.ics", bytes: run.stdoutBytes)
        let script = Repository.url("Tests/CommandTests/Export/validate-ics.py").path
        let parsed = try runProgram(try #require(Self.python), [script, "plan.ics"], in: folder.url)
        #expect(parsed.status == 0, "\(parsed.output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Any])
        #expect((report["problems"] as? [String]) == [])
        let todos = try #require(report["todos"] as? [[String: Any]])
        #expect(todos.count == 4)
        #expect(todos.map { $0["summary"] as? String } == [
            "Ship 🚀 v2, then celebrate; really #work #仕事", Self.longTitle + " #long", "Done, and written with --all", "Renew passport #admin",
        ])
        #expect(todos[0]["description"] as? String == "notes with a comma, a semicolon; and a backslash \\ here\n- [ ] 子タスク")
        #expect(todos[0]["categories"] as? [String] == ["work", "仕事", "Morning"])
        #expect(todos[0]["status"] as? String == "IN-PROCESS")
        #expect(todos[0]["priority"] as? Int == 1)
        #expect(todos[0]["due"] as? String == "2026-11-27")
        #expect(todos[0]["dtstart"] as? String == "2026-11-20")
        #expect((todos[0]["uid"] as? String)?.hasPrefix("2026-11-19-") == true, "first planned the day before")
        #expect(todos[1]["priority"] as? Int == 5)
        #expect(todos[2]["status"] as? String == "COMPLETED")
        #expect(todos[3]["due"] as? String == "2026-12-01")
        #expect(todos[3]["categories"] as? [String] == ["admin", "Backlog"])
        // The long title was folded: its SUMMARY runs over many lines (each at most 75 octets, checked above).
        #expect(run.stdout.components(separatedBy: "\r\n ").count > Self.longTitle.utf8.count / 75)
    }

    @Test(.enabled(if: python != nil, "no python3 with the icalendar package: pip install icalendar"))
    func aTaskOpenOnTwoDaysIsOnceInTheCalendarWithTheNewestDaysCopyAndAStableUID() throws {
        let folder = try TemporaryFolder()
        // Deferred into the Backlog on the 20th, and still open on the 18th (that day was never rolled over).
        try folder.write("2026-11-18.md", "# 2026-11-18\n\n## Morning\n- [ ] Renew passport #admin\n- [ ] Call the bank\n")
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Backlog\n- [ ] Renew passport #admin @from:2026-11-18\n")
        let script = Repository.url("Tests/CommandTests/Export/validate-ics.py").path
        func todos(_ arguments: [String]) throws -> [[String: Any]] {
            let run = try Binary.run(["export", "--format", "ics"] + arguments, in: folder.url)
            #expect(run.status == 0, "\(run.stderr)")
            try folder.write("plan.ics", bytes: run.stdoutBytes)
            let parsed = try runProgram(try #require(Self.python), [script, "plan.ics"], in: folder.url)
            let report = try #require(try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Any])
            #expect((report["problems"] as? [String]) == [], "two VTODOs with one UID are a problem the script names")
            return try #require(report["todos"] as? [[String: Any]])
        }
        let all = try todos([])
        #expect(all.map { $0["summary"] as? String } == ["Call the bank", "Renew passport #admin"])
        #expect(all[1]["categories"] as? [String] == ["admin", "Backlog"], "the newest day's copy")
        #expect(all[1]["dtstart"] as? String == "2026-11-20")
        let uid = try #require(all[1]["uid"] as? String)
        #expect(uid.hasPrefix("2026-11-18-"))
        // The same UID when only the newer day is exported, and when the export runs again.
        #expect(try todos(["2026-11-20.md"]).map { $0["uid"] as? String } == [uid])
        #expect(try todos([]).map { $0["uid"] as? String } == all.map { $0["uid"] as? String })
    }

    @Test(.enabled(if: python != nil, "no python3 with the icalendar package: pip install icalendar"))
    func aTimedTaskHasItsTimeAndAnAlarmAndKeepsItsUID() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", """
            # 2026-11-20

            ## Morning
            * [ ] 09:30 - 10:30 Write the report #work
            - [ ] 11:00 Call the bank @est:45m
            - [ ] 23:30 Late, past midnight @est:1h
            - [x] 08:00 Done early

            ## Afternoon
            - [>] 14:00 Moved on

            """)
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [ ] 14:00 Moved on\n- [ ] 16:00 With a deadline @due:2026-11-25\n")
        let script = Repository.url("Tests/CommandTests/Export/validate-ics.py").path
        func todos(_ arguments: [String]) throws -> [[String: Any]] {
            let run = try Binary.run(["export", "--format", "ics"] + arguments, in: folder.url)
            #expect(run.status == 0, "\(run.stderr)")
            try folder.write("plan.ics", bytes: run.stdoutBytes)
            let parsed = try runProgram(try #require(Self.python), [script, "plan.ics"], in: folder.url)
            #expect(parsed.status == 0, "\(parsed.output)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Any])
            #expect((report["problems"] as? [String]) == [])
            return try #require(report["todos"] as? [[String: Any]])
        }
        let all = try todos(["--all"])
        #expect(all.map { $0["summary"] as? String } == [
            "Write the report #work", "Call the bank", "Late, past midnight", "Done early", "Moved on", "With a deadline",
        ])
        #expect(all.map { $0["dtstart"] as? String } == [
            "2026-11-20T09:30:00", "2026-11-20T11:00:00", "2026-11-20T23:30:00", "2026-11-20T08:00:00", "2026-11-21T14:00:00", "2026-11-21T16:00:00",
        ])
        #expect(all.map { $0["due"] as? String } == [
            "2026-11-20T10:30:00", "2026-11-20T11:45:00", "2026-11-21T00:30:00", nil, nil, "2026-11-25T23:59:00",
        ])
        // An alarm ten minutes before the start on each open timed task; none on one that is done.
        let alarms = all.map { ($0["alarms"] as? [[String: String]]) ?? [] }
        #expect(alarms.map(\.count) == [1, 1, 1, 0, 1, 1])
        #expect(alarms[0] == [["action": "DISPLAY", "trigger": "-1 day, 23:50:00", "related": "START", "description": "Write the report #work"]])
        // The moved-on task keeps the UID of its first day; exported again, every UID is the same.
        #expect((all[4]["uid"] as? String)?.hasPrefix("2026-11-20-") == true)
        #expect(try todos(["--all"]).map { $0["uid"] as? String } == all.map { $0["uid"] as? String })
        #expect(try todos([]).map { $0["uid"] as? String } == [0, 1, 2, 4, 5].map { all[$0]["uid"] as? String })
    }
}
