import DayPlan
import DayPlanICalendar
import Dispatch

/// The calendar sources the settings name (`calendars = work.ics, ~/.calendars/personal`), read into an
/// `EventCalendar`: an `.ics` file, or a vdir folder (one `.ics` per event, as vdirsyncer keeps a CalDAV
/// calendar), whose `.ics` files are read, and those of its folders one level down (one per calendar).
/// Hidden files are skipped. Relative paths are inside the plan folder; `~/` is the home folder.
enum CalendarSources {
    /// The calendar of every source, and the sources that could not be read (a missing file). With `days`, the
    /// calendar is read for those days only (`EventCalendar(days:)`).
    static func read(_ planFolder: PlanFolder, days: ClosedRange<Day>? = nil) -> (calendar: EventCalendar, failures: [FileError]) {
        var calendar = EventCalendar(days: days)
        var failures: [FileError] = []
        // Every file is read into the same memory: the calendar keeps none of a file's bytes.
        let buffer = ReadBuffer()
        for path in paths(of: planFolder) {
            let found: [String]
            do {
                found = try files(of: path)
            } catch {
                failures.append(error)
                continue
            }
            // One file that cannot be read (of a vdir's thousands) is named; the others are read.
            for file in found {
                do {
                    try buffer.read(file) { calendar.read($0, source: file) }
                } catch {
                    failures.append(error)
                }
            }
        }
        return (calendar, failures)
    }

    /// Where each source the settings name is: relative paths inside the plan folder, `~/` the home folder.
    private static func paths(of planFolder: PlanFolder) -> [String] {
        planFolder.settings.calendars.map { source in
            if source.hasPrefix("~/"), let home = Clock.environment("HOME") { return FileSystem.join(home, String(source.dropFirst(2))) }
            return source.hasPrefix("/") ? source : planFolder.path(of: source)
        }
    }

    /// A stamp of the calendar sources as they stand (`FileSystem.stamp` of each source, and of each folder one
    /// level down in a vdir): it changes when a calendar file is written, or an event's file is added, replaced
    /// or removed, as vdirsyncer does; so the language server knows when to read the calendars again.
    static func stamp(of planFolder: PlanFolder) -> [String?] {
        var stamps: [String?] = []
        for path in paths(of: planFolder) {
            stamps.append(FileSystem.stamp(of: path))
            guard FileSystem.kind(of: path) == .directory else { continue }
            // Its calendar folders; an event's file (`.ics`) is not looked at one by one: a vdir of thousands is
            // listed on every edit, and the folder's own stamp changes when one is added, replaced or removed.
            for name in (try? FileSystem.entries(of: path)) ?? [] where !name.hasPrefix(".") && !name.lowercased().hasSuffix(".ics") {
                let entry = FileSystem.join(path, name)
                if FileSystem.kind(of: entry) == .directory { stamps.append(FileSystem.stamp(of: entry)) }
            }
        }
        return stamps
    }

    /// The `.ics` files a source names: itself, or those of a folder and its folders one level down.
    private static func files(of path: String) throws(FileError) -> [String] {
        switch FileSystem.kind(of: path) {
        case .file: return [path]
        case .missing: throw FileError(path, "no such calendar file or folder (the setting calendars names it)")
        case .other: throw FileError(path, "not a calendar file or folder")
        case .directory:
            var found: [String] = []
            for name in try FileSystem.entries(of: path).sorted() where !name.hasPrefix(".") {
                let entry = FileSystem.join(path, name)
                switch FileSystem.kind(of: entry) {
                case .file where name.lowercased().hasSuffix(".ics"): found.append(entry)
                case .directory:
                    for inner in ((try? FileSystem.entries(of: entry)) ?? []).sorted() where !inner.hasPrefix(".") && inner.lowercased().hasSuffix(".ics") {
                        let file = FileSystem.join(entry, inner)
                        if FileSystem.kind(of: file) == .file { found.append(file) }
                    }
                default: break
                }
            }
            return found
        }
    }
}

/// Time zones from the system's zoneinfo, through the C library (`TZ`, `localtime_r`): the local zone is the
/// process's (`TZ` or /etc/localtime), a named zone is one with a file under `TZDIR` or /usr/share/zoneinfo.
/// Each look-up in a named zone sets `TZ` and reads its rules, so commands ask through `zones()`, which
/// remembers each zone's offset per hour.
final class SystemZones: TimeZoneRules {
    /// `TZ` as the process started, restored after each look-up in another zone.
    private let originalTZ: String?
    private var known: [String: Bool] = [:]

    init() {
        originalTZ = Clock.environment("TZ")
    }

    /// The system's zones behind a cache of each zone's offset per hour (`CachedZones`).
    static func zones() -> CachedZones<SystemZones> {
        CachedZones(SystemZones())
    }

    func offset(ofZone id: String, at instant: Int) -> Int? {
        if ["UTC", "Etc/UTC", "GMT", "Z"].contains(id) { return 0 }
        if known[id] == nil {
            let folder = Clock.environment("TZDIR") ?? "/usr/share/zoneinfo"
            known[id] = !id.isEmpty && !id.hasPrefix("/") && !id.split(separator: "/").contains("..")
                && FileSystem.kind(of: FileSystem.join(folder, id)) == .file
        }
        guard known[id] == true else { return nil }
        setenv("TZ", id, 1)
        let result = Self.offset(at: instant)
        if let originalTZ { setenv("TZ", originalTZ, 1) } else { unsetenv("TZ") }
        tzset()
        return result
    }

    func localOffset(at instant: Int) -> Int {
        Self.offset(at: instant) ?? 0
    }

    /// The offset of the zone `TZ` names now.
    private static func offset(at instant: Int) -> Int? {
        tzset()
        var time = time_t(instant)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        return Int(parts.tm_gmtoff)
    }
}

/// What lint and the language server know of a plan folder's hours (`DayHours`): the region hours of its
/// settings and, when they name calendars, each day's events, read once and worked out once per day. Safe to
/// ask from any thread (lint checks files on every core): the system's time zones are looked up one day at
/// a time.
final class CalendarDays: @unchecked Sendable {
    /// The calendars as read: for the days asked for when read, or for every day.
    private var calendar: EventCalendar
    private let planFolder: PlanFolder
    private let zones = SystemZones.zones()
    private let queue = DispatchQueue(label: "dayplan.calendar-days")
    private var days: [Day: DayEvents] = [:]

    /// The sources that could not be read (a missing file).
    let failures: [FileError]

    private init(_ calendar: EventCalendar, of planFolder: PlanFolder, failures: [FileError]) {
        self.calendar = calendar
        self.planFolder = planFolder
        self.failures = failures
    }

    /// What the calendars hold that cannot be read, with source and line.
    var problems: [CalendarProblem] { queue.sync { calendar.problems } }

    /// The events of `day`.
    func events(on day: Day) -> [CalendarEvent] {
        dayEvents(on: day).events
    }

    /// The events of each of `days`, with what could not be read said on `err` as warnings, once each: the
    /// sources that could not be read, and what a calendar or an event holds that cannot be (`source:line:`).
    /// What status, plan and week show of the calendars, and say of them.
    func reportedEvents(on days: [Day], command: String, err: inout Output) -> [Day: [CalendarEvent]] {
        for failure in failures { err.line("dayplan \(command): warning: \(failure.message)") }
        var events: [Day: [CalendarEvent]] = [:]
        var problems = self.problems
        for day in days {
            let found = dayEvents(on: day)
            events[day] = found.events
            problems += found.problems.filter { !problems.contains($0) }
        }
        for problem in problems { err.line("\(problem.source):\(problem.line): warning: \(problem.message)") }
        return events
    }

    /// The events of `day` and what of them could not be read (a time zone not known), worked out once. A day
    /// outside the days the calendars were read for (a day file whose heading names another day than its name)
    /// has them read again, whole.
    func dayEvents(on day: Day) -> DayEvents {
        queue.sync {
            if let known = days[day] { return known }
            if let read = calendar.days, !read.contains(day) {
                calendar = CalendarSources.read(planFolder).calendar
            }
            let events = calendar.events(on: day, zones: zones)
            days[day] = events
            return events
        }
    }

    /// The hours of `planFolder`'s days, and what of its calendars could not be read: a missing source, and
    /// what a calendar holds that cannot be read (`file:line: message`). Without calendars in the settings (or
    /// without a plan folder), no calendar is read at all. With `days`, the calendars are read for those days
    /// (the events that cannot take place on them are passed over, and what is wrong in them is not named).
    static func hours(of planFolder: PlanFolder?, days: ClosedRange<Day>? = nil) -> (hours: DayHours, problems: [String]) {
        let (hours, problems, _) = read(planFolder, days: days)
        return (hours, problems)
    }

    /// As `hours(of:days:)`, with the calendars' days themselves (nil without calendars), for a command that
    /// shows the events too and reads the calendars only once.
    static func read(_ planFolder: PlanFolder?, days: ClosedRange<Day>? = nil) -> (hours: DayHours, problems: [String], days: CalendarDays?) {
        guard let planFolder else { return (DayHours(), [], nil) }
        let regionHours = planFolder.settings.regionHours
        guard !planFolder.settings.calendars.isEmpty else { return (DayHours(regionHours: regionHours), [], nil) }
        let (calendar, failures) = CalendarSources.read(planFolder, days: days)
        let calendarDays = CalendarDays(calendar, of: planFolder, failures: failures)
        let problems = failures.map(\.message) + calendar.problems.map(\.description)
        return (DayHours(regionHours: regionHours, events: { calendarDays.events(on: $0) }), problems, calendarDays)
    }
}
