import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The day on the clock: events and timed tasks in order, now and next, each region's free time, and the
/// reminders `dayplan remind` announces, each once over a simulated day.
@Suite struct DayScheduleTests {
    static let day = Day("2026-11-21")!

    /// A timed event of `day` from `start` to `end` (`HH:MM`; an end past midnight as `tomorrow`).
    static func event(_ title: String, _ start: String, _ end: String, on day: Day = day, endDay: Day? = nil,
                      uid: String? = nil, location: String? = nil, line: Int = 1) -> CalendarEvent {
        func time(_ text: String, _ day: Day) -> LocalTime {
            LocalTime(day: day, secondOfDay: (RegionHours.minutes(text) ?? 0) * 60)
        }
        return CalendarEvent(title: title, location: location, uid: uid ?? title, start: time(start, day), end: time(end, endDay ?? day),
                             isAllDay: false, isRecurring: false, source: "cal.ics", line: line)
    }

    static func allDay(_ title: String) -> CalendarEvent {
        CalendarEvent(title: title, location: nil, uid: title, start: LocalTime(day: day, secondOfDay: 0),
                      end: LocalTime(day: day.adding(days: 1), secondOfDay: 0), isAllDay: true, isRecurring: false, source: "cal.ics", line: 9)
    }

    @Test func itemsComeInOrderWithNowAndNext() {
        let schedule = DaySchedule(day: Self.day, events: [
            Self.allDay("Trip"), Self.event("Dentist", "16:30", "17:15"), Self.event("Standup", "09:00", "09:15", location: "Room 4"),
            Self.event("Review", "09:00", "10:00"),
        ], tasks: [
            PlannedTime(title: "Write the report", region: .morning, line: 4, start: 10 * 60, end: nil, estimate: 90),
            PlannedTime(title: "Call the bank", region: .morning, line: 5, start: 9 * 60, end: 9 * 60 + 15, estimate: nil),
            PlannedTime(title: "Groceries", region: .afternoon, line: 8, start: nil, end: nil, estimate: 45),
        ], hours: .defaults)
        #expect(schedule.allDay.map(\.title) == ["Trip"])
        #expect(schedule.items.map(\.title) == ["Standup", "Call the bank", "Review", "Write the report", "Dentist"])
        #expect(schedule.items.map(\.clock) == ["09:00-09:15", "09:00-09:15", "09:00-10:00", "10:00", "16:30-17:15"])
        #expect(schedule.current(at: 9 * 60 + 10).map(\.title) == ["Standup", "Call the bank", "Review"])
        #expect(schedule.current(at: 9 * 60 + 15).map(\.title) == ["Review"])
        #expect(schedule.next(after: 9 * 60 + 15)?.title == "Write the report")
        #expect(schedule.next(after: 17 * 60) == nil)
        // Morning: 6h less 09:00-10:00 (events, overlapping counted once) less 10:00-11:30 (the report's estimate).
        let morning = schedule.regions[0]
        #expect(morning.busy == [540..<690])
        #expect(morning.free == 360 - 60 - 90)
        #expect(morning.left(at: 9 * 60 + 30) == 150 - 30 - 90)
        #expect(morning.left(at: 5 * 60) == morning.free)
        // Afternoon: 6h less the dentist's 45 minutes less the groceries' estimate.
        #expect(schedule.regions[1].free == 360 - 45 - 45)
        #expect(schedule.regions[2].free == 300)
        #expect(schedule.regions[2].left(at: 23 * 60) == 0)
    }

    @Test func anEventFromTheDayBeforeIsListedFromMidnightButDoesNotStartThen() {
        let late = Self.event("Night shift", "22:00", "02:00", on: Self.day.adding(days: -1), endDay: Self.day)
        let schedule = DaySchedule(day: Self.day, events: [late], tasks: [], hours: .defaults)
        #expect(schedule.items.map(\.clock) == ["00:00-02:00"])
        #expect(schedule.items.first?.startsOnTheDay == false)
        #expect(schedule.next(after: -1) == nil)
        #expect(Reminder.due(in: [schedule], now: LocalTime(day: Self.day, secondOfDay: 0), within: 10, log: ReminderLog()).isEmpty)
    }

    @Test func durationsReadAsPeopleWriteThem() {
        #expect(DaySchedule.duration(45) == "45m")
        #expect(DaySchedule.duration(120) == "2h")
        #expect(DaySchedule.duration(90) == "1h30m")
        #expect(DaySchedule.duration(-30) == "-30m")
    }

    @Test func theLogReadsBackWhatItWroteAndForgetsOldEntries() {
        var log = ReminderLog()
        log.add(LocalTime(day: Self.day, secondOfDay: 9 * 3600), key: "event uid:a 2026-11-21T09:00")
        log.add(LocalTime(day: Self.day.adding(days: -3), secondOfDay: 0), key: "task old\twith a tab")
        let again = ReminderLog(parsing: log.text + Array("garbage\n".utf8))
        #expect(again.entries.map(\.key) == ["event uid:a 2026-11-21T09:00", "task old with a tab"])
        #expect(again.unread == [3])
        #expect(again.contains("task old\twith a tab"))
        var forgetting = again
        forgetting.forget(before: LocalTime(day: Self.day, secondOfDay: 10 * 3600))
        #expect(forgetting.entries.map(\.key) == ["event uid:a 2026-11-21T09:00"])
    }

    /// `dayplan remind` every minute of two days (the log written and read back each time, as the command
    /// keeps it): every event and timed task that starts is announced exactly once, at its start less the
    /// window or at the first run after that, and never after it started.
    @Test func remindingEveryMinuteOverADayAnnouncesEachItemExactlyOnce() {
        let first = Self.day, second = Self.day.adding(days: 1)
        // The same events every day (the late call runs past midnight), and one more on the second day.
        func events(_ day: Day) -> [CalendarEvent] {
            [Self.event("Early", "00:05", "00:30", on: day), Self.event("Standup", "09:00", "09:15", on: day),
             Self.event("Standup again", "09:00", "09:15", on: day, uid: "other"), Self.event("Dentist", "16:30", "17:15", on: day),
             Self.event("Late call", "23:55", "00:20", on: day, endDay: day.adding(days: 1))]
                + (day == second ? [Self.event("Just after midnight", "00:03", "00:10", on: day)] : [])
        }
        let tasks = [
            PlannedTime(title: "Write the report", region: .morning, line: 4, start: 10 * 60, end: nil, estimate: nil),
            PlannedTime(title: "Estimate only", region: .morning, line: 5, start: nil, end: nil, estimate: 30),
        ]
        func schedule(_ day: Day) -> DaySchedule {
            // As the calendar gives a day: its own events, and those of the day before that run into it.
            DaySchedule(day: day, events: events(day) + events(day.adding(days: -1)).filter { $0.end.day == day },
                        tasks: day == first ? tasks : [], hours: .defaults)
        }
        let within = 10
        var logText: [UInt8] = []
        var announced: [String: [Int]] = [:]
        for minute in 0..<(2 * 1440) {
            let now = LocalTime(day: first.adding(days: minute / 1440), secondOfDay: minute % 1440 * 60)
            let days = now.secondOfDay / 60 + within >= 1440 ? [now.day, now.day.adding(days: 1)] : [now.day]
            var log = ReminderLog(parsing: logText)
            for reminder in Reminder.due(in: days.map(schedule), now: now, within: within, log: log) {
                announced["\(reminder.day) \(reminder.item.title)", default: []].append(minute)
                #expect(reminder.minutesAway >= 0 && reminder.minutesAway <= within)
                log.add(reminder.start, key: reminder.item.key)
            }
            log.forget(before: now)
            logText = log.text
        }
        #expect(announced == [
            "2026-11-21 Early": [0],
            "2026-11-21 Standup": [530],
            "2026-11-21 Standup again": [530],
            "2026-11-21 Write the report": [590],
            "2026-11-21 Dentist": [980],
            "2026-11-21 Late call": [1425],
            "2026-11-22 Just after midnight": [1433],
            "2026-11-22 Early": [1435],
            "2026-11-22 Standup": [1970],
            "2026-11-22 Standup again": [1970],
            "2026-11-22 Dentist": [2420],
            "2026-11-22 Late call": [2865],
            "2026-11-23 Early": [2875],
        ])
    }
}
