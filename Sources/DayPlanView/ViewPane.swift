import DayPlan

/// One pane of the view: a region drawn as its buckets and slots (Morning, Afternoon, Evening), or the Backlog by
/// age. Plain values made from the day's file; the screen draws them, the model selects among their tasks.
public struct ViewPane: Hashable, Sendable {
    /// The region the pane shows.
    public let region: Region
    /// What the pane shows, top to bottom.
    public let rows: [ViewRow]
    /// The tasks the selection moves through, in the order the rows show them.
    public let tasks: [ViewTask]
    /// The region's free minutes (its hours less its events and estimates, `DaySchedule`); nil for the Backlog.
    public let freeMinutes: Int?

    /// The pane's title: "Morning", "Afternoon · 3h free", "Backlog · 7 open".
    public var title: String {
        if let freeMinutes { return "\(region.name) · \(DaySchedule.duration(freeMinutes)) free" }
        if region == .backlog { return "\(region.name) · \(tasks.filter(\.task.status.isOpen).count) open" }
        return region.name
    }
}

/// One row of a pane.
public enum ViewRow: Hashable, Sendable {
    /// A bucket's heading with its slots: `must 1/1`.
    case bucket(Bucket, open: Int)
    /// A task: the index of the pane's `tasks`.
    case task(Int)
    /// An empty slot of a bucket: room for one more open task.
    case emptySlot(Bucket)
    /// A group's heading: the Backlog's ages ("today", "older"), "scheduled", "finished".
    case group(String)
    /// A calendar event of the region (read-only): its time and title.
    case event(String)
}

/// A task as a pane shows it: the task, its region, and what is marked on it.
public struct ViewTask: Hashable, Sendable {
    /// The task, with its line in the file.
    public let task: PlanTask
    /// Its region.
    public let region: Region
    /// Days from its `@due:` day to the day shown, when that has come: 0 due today, more overdue.
    public let overdueDays: Int?
    /// Its age when it is carried for long (`carried-warning-days` or more), for an open Backlog task.
    public let carriedDays: Int?
    /// The later day it is scheduled for (`@on:`), for a Backlog task.
    public let scheduled: Day?

    /// The compact marks after the title: estimate, time tracked, deadline, notes, age, schedule (`~30m · spent 20m · due
    /// 12-05 · 2 notes`).
    public var details: String {
        var parts: [String] = []
        if let estimate = task.metadata.estimate { parts.append("~" + DaySchedule.duration(estimate)) }
        if let running = task.metadata.running { parts.append("timing since " + TaskTime.clockText(running)) }
        if let spent = task.metadata.spent { parts.append("spent " + Estimate.text(spent)) }
        if let overdueDays {
            parts.append(overdueDays == 0 ? "due today" : "overdue \(overdueDays)d")
        } else if let due = task.metadata.due {
            parts.append("due " + String(due.description.dropFirst(5)))
        }
        if let scheduled { parts.append("on " + scheduled.description) }
        if let carriedDays { parts.append("carried \(carriedDays)d") }
        if task.metadata.carry { parts.append("carry") }
        if task.metadata.sticky { parts.append("sticky") }
        let notes = task.notes.count
        if notes > 0 { parts.append("\(notes) note\(notes == 1 ? "" : "s")") }
        return parts.joined(separator: " · ")
    }

    /// The box as the file writes it: `[ ]`, `[/]`, `[x]`, `[>]`, `[-]`.
    public var box: String { "[" + String(UnicodeScalar(task.status.markByte)) + "]" }
}

extension ViewPane {
    /// The panes of a parsed day: Morning, Afternoon and Evening by bucket with their empty slots and their
    /// finished tasks below, then the Backlog by age (`BacklogAge`), the scheduled tasks apart, the finished below.
    static func panes(of document: DayDocument, on day: Day, schedule: DaySchedule, carriedWarningDays: Int) -> [ViewPane] {
        func viewTask(_ task: PlanTask, _ region: Region) -> ViewTask {
            let overdue = task.status.isOpen ? task.metadata.due.flatMap { due in due <= day ? due.days(until: day) : nil } : nil
            var carried: Int?
            var scheduled: Day?
            if region == .backlog, task.status.isOpen {
                if let on = task.metadata.on, on > day { scheduled = on }
                if scheduled == nil, let age = LongCarried.age(of: task, on: day), age >= carriedWarningDays { carried = age }
            }
            return ViewTask(task: task, region: region, overdueDays: overdue, carriedDays: carried, scheduled: scheduled)
        }
        var panes: [ViewPane] = []
        for region in Region.allCases {
            let all = document.tasks(in: region).map { viewTask($0, region) }
            var rows: [ViewRow] = []
            var tasks: [ViewTask] = []
            func add(_ task: ViewTask) {
                rows.append(.task(tasks.count))
                tasks.append(task)
            }
            let finished = all.filter { !$0.task.status.isOpen }
            if region.isLimited {
                // A calendar event has no region of its own: it stands in each region whose hours it overlaps.
                let hours = schedule.regions.first { $0.region == region }?.hours
                let events = schedule.items.filter { item in
                    guard item.kind == .event, let hours else { return false }
                    return item.start < hours.upperBound && max(item.end ?? item.start + 1, item.start + 1) > hours.lowerBound
                }
                for event in events { rows.append(.event(event.clock + " " + event.title)) }
                for bucket in Bucket.allCases {
                    let open = all.filter { $0.task.status.isOpen && $0.task.bucket == bucket }
                    rows.append(.bucket(bucket, open: open.count))
                    open.forEach(add)
                    for _ in 0..<max(0, bucket.limit - open.count) { rows.append(.emptySlot(bucket)) }
                }
            } else {
                let open = all.filter(\.task.status.isOpen)
                for age in BacklogAge.allCases {
                    let group = open.filter { $0.scheduled == nil && BacklogAge(of: $0.task, on: day) == age }
                    guard !group.isEmpty else { continue }
                    rows.append(.group(age.description))
                    group.forEach(add)
                }
                let scheduled = open.filter { $0.scheduled != nil }
                if !scheduled.isEmpty {
                    rows.append(.group("scheduled"))
                    scheduled.forEach(add)
                }
            }
            if !finished.isEmpty {
                rows.append(.group("finished"))
                finished.forEach(add)
            }
            let free = schedule.regions.first { $0.region == region }?.free
            panes.append(ViewPane(region: region, rows: rows, tasks: tasks, freeMinutes: region.isLimited ? free : nil))
        }
        return panes
    }
}
