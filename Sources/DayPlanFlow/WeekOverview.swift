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

    /// The first day of the week holding `day`, the week starting on `firstWeekday` (Monday unless said).
    public static func start(of day: Day, firstWeekday: Weekday = .monday) -> Day {
        day.adding(days: -((Weekday(of: day).rawValue - firstWeekday.rawValue + 7) % 7))
    }

    /// The day a week starts on where `locale` is used (a POSIX locale name, `en_US.UTF-8`, `de_DE@euro`, `pt-BR`),
    /// by its territory, as the Unicode CLDR's week data gives it: Sunday in the United States, Canada, Japan and the
    /// others listed, Saturday in much of the Middle East, else Monday. Nil for a name without a territory (`C`,
    /// `POSIX`, `en`), which says nothing of the week.
    public static func firstWeekday(locale: String) -> Weekday? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count >= 2, let territory = parts.last.map({ $0.uppercased() }), territory.count == 2,
              territory.allSatisfy({ $0.isLetter }) else { return nil }
        if sundayFirst.contains(territory) { return .sunday }
        if saturdayFirst.contains(territory) { return .saturday }
        return .monday
    }

    /// The territories whose week starts on Sunday (CLDR `firstDay`).
    static let sundayFirst: Set<String> = [
        "AG", "AS", "BD", "BR", "BS", "BT", "BW", "BZ", "CA", "CN", "CO", "DM", "DO", "ET", "GT", "GU", "HK", "HN", "ID",
        "IL", "IN", "JM", "JP", "KE", "KH", "KR", "LA", "MH", "MM", "MO", "MT", "MX", "MZ", "NI", "NP", "PA", "PE", "PH",
        "PK", "PR", "PT", "PY", "SA", "SG", "SV", "TH", "TT", "TW", "UM", "US", "VE", "VI", "WS", "YE", "ZA", "ZW",
    ]
    /// The territories whose week starts on Saturday (CLDR `firstDay`).
    static let saturdayFirst: Set<String> = ["AE", "AF", "BH", "DJ", "DZ", "EG", "IQ", "IR", "JO", "KW", "LY", "OM", "QA", "SD", "SY"]
}
