import Foundation
import Testing

/// `dayplan week` through the built binary, on the week of Saturday 2026-11-21 (`Binary.environment`'s today).
@Suite struct WeekCommandTests {
    /// A plan folder with two days of the week planned, a calendar, and a Backlog scheduling ahead.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "calendars = work.ics\n")
        try folder.write("work.ics", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:retro\r
            SUMMARY:Retro\r
            DTSTART:20261123T140000\r
            DTEND:20261123T150000\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        try folder.write("2026-11-16.md", "# 2026-11-16\n\n## Morning\n* [x] Ship it\n- [ ] Tidy @due:2026-11-16\n\n## Backlog\n")
        try folder.write("2026-11-21.md", """
            # 2026-11-21

            ## Morning
            * [ ] Pay the rent 📅 2026-11-21
            + [x] Call Ana

            ## Afternoon
            - [ ] 14:00 - 16:00 Workshop

            ## Backlog
            - [ ] Book the flights @due:2026-11-22
            - [ ] Plan the garden @on:2026-11-23/morning
            - [ ] Later @on:2026-12-01

            """)
        return folder
    }

    @Test func theSevenDaysWithCountsDueScheduledEventsAndFreeTime() throws {
        let folder = try Self.folder()
        let run = try Binary.run(["week"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            Week of Monday 2026-11-16 to Sunday 2026-11-22

            Mon 2026-11-16  2026-11-16.md: 1 of 2 done, 17h free
              Morning    must 0/1 · complementary 0/3 · misc 1/5
              Afternoon  must 0/1 · complementary 0/3 · misc 0/5
              Evening    must 0/1 · complementary 0/3 · misc 0/5
              Due        Tidy

            Tue 2026-11-17  no plan yet, 17h free

            Wed 2026-11-18  no plan yet, 17h free

            Thu 2026-11-19  no plan yet, 17h free

            Fri 2026-11-20  no plan yet, 17h free

            Sat 2026-11-21  2026-11-21.md: 1 of 3 done, 15h free
              Morning    must 1/1 · complementary 0/3 · misc 0/5
              Afternoon  must 0/1 · complementary 0/3 · misc 1/5
              Evening    must 0/1 · complementary 0/3 · misc 0/5
              Due        Pay the rent 📅 2026-11-21

            Sun 2026-11-22  no plan yet, 17h free
              Due        Book the flights

            """)
        // The next week: the Backlog's scheduled task and the calendar's event on Monday, an hour less free.
        let next = try Binary.run(["week", "2026-11-23"], in: folder.url)
        #expect(next.stdout.contains("""
            Mon 2026-11-23  no plan yet, 16h free
              Scheduled  Plan the garden
              Events     14:00 Retro

            """), "\(next.stdout)")
        #expect(next.stdout.hasSuffix("\nBacklog of 2026-11-21, scheduled this week: Plan the garden (Mon 2026-11-23)\n"), "\(next.stdout)")
        #expect(!next.stdout.contains("Later"))
    }

    @Test func sundayFirstAndJSON() throws {
        let folder = try Self.folder()
        let sunday = try Binary.run(["week", "--week-starts", "sunday", "--date", "2026-11-21"], in: folder.url)
        #expect(sunday.stdout.hasPrefix("Week of Sunday 2026-11-15 to Saturday 2026-11-21\n"), "\(sunday.stdout)")
        let json = try Binary.run(["week", "2026-11-23", "--format", "json"], in: folder.url)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1 && object["start"] as? String == "2026-11-23" && object["end"] as? String == "2026-11-29")
        #expect(object["backlogDay"] as? String == "2026-11-21")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 7)
        let monday = days[0]
        #expect(monday["file"] is NSNull && monday["free"] as? Int == 960)
        #expect((monday["scheduled"] as? [[String: Any]])?.first?["title"] as? String == "Plan the garden")
        #expect((monday["events"] as? [[String: Any]])?.first?["title"] as? String == "Retro")
    }

    /// --side-by-side: a column a day, as wide as COLUMNS allows, each line cut to it with …; the rows a day has
    /// nothing for are blank.
    @Test func sideBySideIsAColumnADay() throws {
        let folder = try Self.folder()
        let run = try Binary.run(["week", "2026-11-23", "--side-by-side"], in: folder.url, environment: ["COLUMNS": "112"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            Week of Monday 2026-11-23 to Sunday 2026-11-29

            Mon 2026-11-23 │Tue 2026-11-24 │Wed 2026-11-25 │Thu 2026-11-26 │Fri 2026-11-27 │Sat 2026-11-28 │Sun 2026-11-29
            no plan yet    │no plan yet    │no plan yet    │no plan yet    │no plan yet    │no plan yet    │no plan yet
            16h free       │17h free       │17h free       │17h free       │17h free       │17h free       │17h free
            → Plan the gar…│               │               │               │               │               │
            14:00 Retro    │               │               │               │               │               │

            Backlog of 2026-11-21, scheduled this week: Plan the garden (Mon 2026-11-23)

            """)
        let planned = try Binary.run(["week", "2026-11-21", "--side-by-side"], in: folder.url, environment: ["COLUMNS": "140"])
        #expect(planned.stdout == """
            Week of Monday 2026-11-16 to Sunday 2026-11-22

            Mon 2026-11-16     │Tue 2026-11-17     │Wed 2026-11-18     │Thu 2026-11-19     │Fri 2026-11-20     │Sat 2026-11-21     │Sun 2026-11-22
            1 of 2 done        │no plan yet        │no plan yet        │no plan yet        │no plan yet        │1 of 3 done        │no plan yet
            17h free           │17h free           │17h free           │17h free           │17h free           │15h free           │17h free
            M 0/1 0/3 1/5      │                   │                   │                   │                   │M 1/1 0/3 0/5      │! Book the flights
            A 0/1 0/3 0/5      │                   │                   │                   │                   │A 0/1 0/3 1/5      │
            E 0/1 0/3 0/5      │                   │                   │                   │                   │E 0/1 0/3 0/5      │
            ! Tidy             │                   │                   │                   │                   │! Pay the rent 📅 …│

            """, "\(planned.stdout)")
    }

    /// Without --week-starts the week starts where the locale says: LC_ALL before LC_TIME before LANG, by territory;
    /// a locale without one (C) and no locale at all start on Monday.
    @Test(arguments: [
        ([:], "Monday 2026-11-16"), (["LANG": "en_US.UTF-8"], "Sunday 2026-11-15"), (["LANG": "en_GB.UTF-8"], "Monday 2026-11-16"),
        (["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"], "Monday 2026-11-16"), (["LC_TIME": "en_US", "LC_ALL": "ar_EG.UTF-8"], "Saturday 2026-11-21"),
        (["LANG": "C.UTF-8"], "Monday 2026-11-16"), (["LANG": "pt_BR"], "Sunday 2026-11-15"),
    ])
    func theLocaleSaysWhichDayAWeekStarts(_ environment: [String: String], _ first: String) throws {
        let folder = try Self.folder()
        let run = try Binary.run(["week"], in: folder.url, environment: environment)
        #expect(run.stdout.hasPrefix("Week of \(first) to "), "\(environment): \(run.stdout.prefix(60))")
        let given = try Binary.run(["week", "--week-starts", "monday"], in: folder.url, environment: environment)
        #expect(given.stdout.hasPrefix("Week of Monday 2026-11-16 to "))
    }

    /// One week for every command: where the locale starts a week on Sunday, `report --week` and `--since this-week`
    /// start on the Sunday `dayplan week` starts on; without a locale, all start on Monday.
    @Test func reportAndQueryCountTheWeekAsWeekDoes() throws {
        let folder = try Self.folder()
        for (environment, first) in [(["LANG": "en_US.UTF-8"], "2026-11-15"), ([:], "2026-11-16")] {
            let week = try Binary.run(["week", "--format", "json"], in: folder.url, environment: environment)
            #expect(week.stdout.contains(#""start":"\#(first)""#), "\(week.stdout.prefix(80))")
            let report = try Binary.run(["report", "--week"], in: folder.url, environment: environment)
            #expect(report.stdout.hasPrefix("Report \(first) to 2026-11-21:"), "\(report.stdout.prefix(80))")
            let since = try Binary.run(["report", "--since", "this-week"], in: folder.url, environment: environment)
            #expect(since.stdout.hasPrefix("Report \(first) to 2026-11-21:"), "\(since.stdout.prefix(80))")
        }
    }

    @Test func aWeekWithoutPlansAndBadWords() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-01.md", "# 2026-11-01\n\n## Backlog\n- [ ] Old\n")
        let run = try Binary.run(["week", "2026-12-07"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Week of Monday 2026-12-07 to Sunday 2026-12-13\n\nMon 2026-12-07  no plan yet, 17h free\n"))
        let bad = try Binary.run(["week", "someday"], in: folder.url)
        #expect(bad.status == 2 && bad.stderr.contains("'someday' is not a date"), "\(bad.stderr)")
        let extra = try Binary.run(["week", "--week-starts", "friday"], in: folder.url)
        #expect(extra.status == 2, "\(extra.stderr)")
    }
}
