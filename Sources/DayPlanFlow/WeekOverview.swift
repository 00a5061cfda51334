import DayPlan

/// Seven days at a glance, for `dayplan week` (docs/week.md): each day's 1-3-5 counts and completion, the open tasks
/// due and scheduled on it, its calendar events and its free time; and the Backlog's open tasks scheduled within
/// the week. Made from the day files as parsed; reads nothing itself.
public struct WeekOverview: Sendable {
    /// One day of the week.
    public struct DayOfWeek: Sendable {
        /// The day.
        public let day: Day
        /// Its plan's progress; nil when the day has no file.
        public let progress: DayProgress?
        /// The open tasks due that day (`@due:`, in any spelling), from its own file and the Backlog's.
        public let due: [PlanTask]
        /// The open tasks scheduled for that day (`@on:`), from the Backlog of the latest plan.
        public let scheduled: [PlanTask]
        /// Its calendar events.
        public let events: [CalendarEvent]
        /// The free minutes of its regions' hours: less the events, the timed tasks and the estimates of its open
        /// tasks (negative when more is planned than there is time).
        public let free: Int
    }

    /// The seven days, in order from the week's first.
    public let days: [DayOfWeek]
    /// The day the Backlog was read from (the latest plan on or before the week's last day), if any.
    public let backlogDay: Day?

    /// The week of seven days from `start`: `plans` the parsed file of each day that has one, `backlog` the latest
    /// plan on or before the week's last day (its Backlog holds what is scheduled ahead), `events` each day's
    /// calendar events, `hours` the regions' hours.
    public init(from start: Day, plans: [Day: DayDocument], backlog: (day: Day, document: DayDocument)?,
                events: (Day) -> [CalendarEvent], hours: RegionHours) {
        let week = (0..<7).map { start.adding(days: $0) }
        // The Backlog's open tasks, once each: a day's own file holds the live copy of the tasks it plans.
        let backlogTasks = backlog.map { $0.document.tasks(in: .backlog).filter { $0.status.isOpen } } ?? []
        days = week.map { day in
            let plan = plans[day]
            let own = plan.map { document in Region.allCases.flatMap { document.tasks(in: $0) }.filter { $0.status.isOpen } } ?? []
            var due = own.filter { $0.metadata.due == day }
            let ownIdentities = Set(own.map(\.identity))
            due += backlogTasks.filter { $0.metadata.due == day && !ownIdentities.contains($0.identity) && backlog?.day != day }
            let scheduled = backlogTasks.filter { $0.metadata.on == day }
            let dayEvents = events(day)
            let schedule = DaySchedule(day: day, events: dayEvents, tasks: plan.map(PlannedTime.tasks(in:)) ?? [], hours: hours)
            return DayOfWeek(day: day, progress: plan.map { DayProgress($0, on: day) }, due: due, scheduled: scheduled,
                             events: dayEvents, free: schedule.regions.reduce(0) { $0 + $1.free })
        }
        backlogDay = backlog?.day
    }

    /// The first day of the week holding `day`: its Monday, or its Sunday when the week starts on Sunday.
    public static func start(of day: Day, weekStartsOnSunday: Bool = false) -> Day {
        let weekday = Weekday(of: day).rawValue % (weekStartsOnSunday ? 7 : 8)
        return day.adding(days: weekStartsOnSunday ? -weekday : 1 - weekday)
    }
}
