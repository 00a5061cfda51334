import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The rules on the clock (DP060 time-outside-region, DP061 time-overlap, DP062 over-capacity) with region
/// hours from the settings and the day's events from a calendar: each finding where it belongs, with its
/// message.
@Suite struct TimeRulesTests {
    /// A calendar of 2026-11-21 (UTC, the local zone in these tests): a 10:00-11:00 meeting, an all-day trip
    /// (no hours), and a weekly 14:00-15:30 review.
    static let calendar: EventCalendar = {
        var calendar = EventCalendar()
        calendar.read(Array("""
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:meeting
            SUMMARY:Budget meeting
            DTSTART:20261121T100000Z
            DTEND:20261121T110000Z
            END:VEVENT
            BEGIN:VEVENT
            UID:trip
            SUMMARY:Trip
            DTSTART;VALUE=DATE:20261121
            END:VEVENT
            BEGIN:VEVENT
            UID:review
            SUMMARY:Review
            DTSTART:20261107T140000Z
            DTEND:20261107T153000Z
            RRULE:FREQ=WEEKLY
            END:VEVENT
            BEGIN:VEVENT
            UID:overlapping
            SUMMARY:Coffee
            DTSTART:20261121T103000Z
            DTEND:20261121T111500Z
            END:VEVENT
            END:VCALENDAR

            """.utf8), source: "work.ics")
        return calendar
    }()

    /// Morning 08:00-12:00, the defaults for the rest, and the calendar's events; `asked` counts the days asked.
    static func hours(events: Bool = true, asked: Counter? = nil) -> DayHours {
        let calendar = Self.calendar
        let provider: @Sendable (Day) -> [CalendarEvent] = { day in
            asked?.add()
            return calendar.events(on: day, zones: FixedZones()).events
        }
        return DayHours(regionHours: RegionHours(morning: 480..<720, afternoon: 720..<1080, evening: 1080..<1380),
                        events: events ? provider : nil)
    }

    /// Counts calls, from a `@Sendable` closure.
    final class Counter: @unchecked Sendable {
        private(set) var count = 0
        func add() { count += 1 }
    }

    func findings(_ text: String, _ rules: [Rule] = [.timeOutsideRegion, .timeOverlap, .overCapacity], hours: DayHours = hours())
        -> [String] {
        Linter.lint(Array(text.utf8), fileName: "2026-11-21.md", hours: hours).filter { rules.contains($0.rule) }
            .map { "\($0.start.line):\($0.start.column): \($0.message) [\($0.rule.id)]" }
    }

    @Test func aTimedTaskOutsideItsRegionsHours() {
        let text = """
            # 2026-11-21

            ## Morning
            - [ ] 07:30 Run
            - [ ] 11:30 Call Ana @est:45m
            - [ ] 11:00 - 12:00 Inbox zero
            - [/] 12:30 - 13:00 Lunch with Bo
            - [-] 05:00 Cancelled, takes no time

            ## Afternoon
            - [ ] 23:30 - 24:00 Nowhere

            ## Backlog
            - [ ] 03:00 The Backlog has no hours

            """
        #expect(findings(text, [.timeOutsideRegion]) == [
            "4:1: “Run” is planned at 07:30, outside Morning's hours (08:00-12:00); change its time or the region's hours in .dayplan/config [DP060]",
            "5:1: “Call Ana” is planned at 11:30 (and its estimate of 45m, to 12:15), outside Morning's hours (08:00-12:00); change its time or the region's hours in .dayplan/config [DP060]",
            "7:1: “Lunch with Bo” is planned at 12:30 - 13:00, outside Morning's hours (08:00-12:00); move it to Afternoon or change its time [DP060]",
            "11:1: “Nowhere” is planned at 23:30 - 24:00, outside Afternoon's hours (12:00-18:00); change its time or the region's hours in .dayplan/config [DP060]",
        ])
    }

    @Test func timedTasksOverlapEachOtherAndTheDaysEvents() {
        let text = """
            # 2026-11-21

            ## Morning
            - [ ] 08:00 - 09:00 Write
            - [ ] 08:30 Call Ana @est:15m
            - [ ] 09:00 Stand-up
            - [ ] 10:45 - 11:30 Dentist
            - [>] 08:00 Moved on, takes no time
            - [x] 08:15 Done, history

            ## Afternoon
            - [ ] 15:00 Read

            """
        #expect(findings(text, [.timeOverlap]) == [
            "5:1: “Call Ana” at 08:30 (and its estimate of 15m, to 08:45) overlaps “Write” at 08:00 - 09:00 (line 4); change one of the times [DP061]",
            "7:1: “Dentist” at 10:45 - 11:30 overlaps the event “Budget meeting” (10:00-11:00); change one of the times [DP061]",
            "7:1: “Dentist” at 10:45 - 11:30 overlaps the event “Coffee” (10:30-11:15); change one of the times [DP061]",
            "12:1: “Read” at 15:00 overlaps the event “Review” (14:00-15:30); change one of the times [DP061]",
        ])
        // Without calendars, only the tasks.
        #expect(findings(text, [.timeOverlap], hours: Self.hours(events: false)).count == 1)
    }

    @Test func aRegionsEstimatesExceedItsFreeTime() {
        let text = """
            # 2026-11-21

            ## Morning
            * [ ] Write the report @est:1h30m
            + [ ] 08:00 - 09:00 Stand-up and mail
            - [/] Tea @est:15m
            - [ ] Call the bank @est:30m
            - [ ] Plan the trip @est:1h
            - [x] Mail, done: not counted @est:3h

            ## Afternoon
            - [ ] Read @est:4h

            ## Evening
            - [ ] Cook @est:5h

            """
        // Morning: 4h less 1h15m of events (10:00-11:15, two overlapping events counted once) is 2h45m free;
        // 1h30m + 1h + 15m = 2h45m fits, the 30m call tips it over. Afternoon: 6h less 1h30m.
        #expect(findings(text, [.overCapacity]) == [
            "7:1: Morning's estimates add up to 4h15m but it has 2h45m free (4h less 1h15m of events); move a task to another region or the Backlog, or estimate again [DP062]",
        ])
        // Without calendars the Morning has its 4h: the plan tips it over at "Plan the trip"; the Evening's 5h of
        // tasks fit its 5h exactly.
        #expect(findings(text, [.overCapacity], hours: Self.hours(events: false)) == [
            "8:1: Morning's estimates add up to 4h15m but it has 4h free (its hours, 08:00-12:00); move a task to another region or the Backlog, or estimate again [DP062]",
        ])
    }

    @Test func theCalendarIsAskedOnlyForADayWithTimesOrEstimates() {
        let counter = Counter()
        _ = findings("# 2026-11-21\n\n## Morning\n- [ ] Write the report\n\n## Backlog\n- [ ] 09:00 Later @est:1h\n", hours: Self.hours(asked: counter))
        #expect(counter.count == 0)
        _ = findings("# 2026-11-21\n\n## Morning\n- [ ] Write the report @est:1h\n", hours: Self.hours(asked: counter))
        #expect(counter.count == 1)
    }

    @Test func busyMinutesCountEachMinuteOnce() {
        #expect(Rule.busyMinutes([600..<660, 630..<675, 700..<800, 0..<10], within: 480..<720) == 95)
        #expect(Rule.busyMinutes([], within: 480..<720) == 0)
        #expect(Rule.busyMinutes([400..<800], within: 480..<720) == 240)
    }
}
