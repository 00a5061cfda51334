import DayPlan
import DayPlanJSON

/// The day on the clock as `dayplan status` shows it: the all-day events, the events and timed tasks in order,
/// what is on now and next (when the day is today), and each region's free time (its hours less events, timed
/// tasks and estimates) and what is left of it from now.
struct OnTheClock {
    /// The day's schedule.
    let schedule: DaySchedule
    /// The minute of the day it is now, when the day shown is today.
    let now: Int?
    /// Whether the settings name calendars (then the schedule is shown even when the day has nothing on it).
    let calendars: Bool

    /// Whether the text shows it: calendars are set, or the day has events, timed tasks or estimates.
    var isShown: Bool {
        calendars || !schedule.items.isEmpty || !schedule.allDay.isEmpty || schedule.regions.contains { $0.estimated > 0 }
    }

    /// Lines for people, after the regions' (`width` is their names' column); none when there is nothing to show.
    func text(width: Int, paint: (String, String) -> String, shown: (String) -> String) -> String {
        guard isShown else { return "" }
        let indent = String(repeating: " ", count: width + 2)
        var text = paint("Schedule".padding(width), "1") + "  "
        var first = true
        func next(_ line: String) {
            text += (first ? "" : indent) + line + "\n"
            first = false
        }
        if !schedule.allDay.isEmpty {
            next("all day: " + schedule.allDay.map { shown(oneLine($0.title)) }.joined(separator: ", "))
        }
        for item in schedule.items {
            var line = item.clock.padding(11) + "  " + shown(oneLine(item.title))
            if let location = item.location, !location.isEmpty { line += " (\(shown(oneLine(location))))" }
            if item.kind == .task { line += " · \(item.region?.name ?? "") task" }
            next(now.map { isOn(item, at: $0) } == true ? paint(line, "1") : line)
        }
        if first { next("no events or timed tasks") }
        if let now {
            let current = schedule.current(at: now)
            var line = current.isEmpty ? "nothing on" : current.map { shown(oneLine($0.title)) + " (\($0.clock))" }.joined(separator: ", ")
            if let upcoming = schedule.next(after: now) {
                line += "; next: \(RegionHours.clock(upcoming.start)) \(shown(oneLine(upcoming.title))), in \(DaySchedule.duration(upcoming.start - now))"
            } else {
                line += "; nothing more today"
            }
            text += paint("Now".padding(width), "1") + "  " + line + "\n"
        }
        let free = schedule.regions.map { region in
            var part = "\(region.region.name) "
            part += region.free < 0 ? paint("over by \(DaySchedule.duration(-region.free))", "1;31")
                : "\(DaySchedule.duration(region.free)) free"
            part += " of \(DaySchedule.duration(region.hours.count))"
            if let now, now < region.hours.upperBound, now > region.hours.lowerBound {
                let left = region.left(at: now)
                part += left < 0 ? " (" + paint("over by \(DaySchedule.duration(-left)) from now", "1;31") + ")" : " (\(DaySchedule.duration(left)) left)"
            }
            return part
        }
        text += paint("Free".padding(width), "1") + "  " + free.joined(separator: " · ") + "\n"
        return text
    }

    /// Its JSON fields, after the status's others: `"now","allDay":[…],"schedule":[…],"next","time":[…]`.
    func json(to json: inout JSONTextWriter) {
        func item(_ item: ScheduledItem, _ json: inout JSONTextWriter) {
            json.open("kind"); json.string(item.kind.rawValue)
            json.member("title"); json.string(item.title)
            json.member("start"); json.string(RegionHours.clock(item.start))
            json.member("end"); json.string(item.end.map(RegionHours.clock))
            json.member("location"); json.string(item.location)
            json.member("region"); json.string(item.region?.name)
            json.member("source"); json.string(item.source)
            json.member("line"); json.integer(item.line)
            if let now { json.member("now"); json.bool(isOn(item, at: now)) }
            json.close()
        }
        json.member("now"); json.string(now.map(RegionHours.clock))
        json.member("allDay")
        json.array(schedule.allDay) { event, json in
            json.open("title"); json.string(event.title)
            json.member("location"); json.string(event.location)
            json.member("source"); json.string(event.source)
            json.member("line"); json.integer(event.line)
            json.close()
        }
        json.member("schedule")
        json.array(schedule.items) { entry, json in item(entry, &json) }
        json.member("next")
        if let now, let upcoming = schedule.next(after: now) { item(upcoming, &json) } else { json.null() }
        json.member("time")
        json.array(schedule.regions) { region, json in
            json.open("region"); json.string(region.region.name)
            json.member("hours"); json.string("\(RegionHours.clock(region.hours.lowerBound))-\(RegionHours.clock(region.hours.upperBound))")
            json.member("busy"); json.integer(region.busy.reduce(0) { $0 + $1.count })
            json.member("estimated"); json.integer(region.estimated)
            json.member("free"); json.integer(region.free)
            json.member("left"); json.integer(now.map { region.left(at: $0) })
            json.close()
        }
    }

    /// Whether `item` is on at minute `now`, as `DaySchedule.current(at:)` has it.
    private func isOn(_ item: ScheduledItem, at now: Int) -> Bool {
        item.start <= now && (item.end.map { now < $0 } ?? (now == item.start))
    }

    /// A title or location on one line: its line breaks as spaces.
    private func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
