import DayPlan

/// Time tracked on a task line (`dayplan start`, `dayplan stop`): while a task is timed it carries
/// `@running:HH:MM`, the wall-clock time it began on its file's day; stopping adds the minutes since to its
/// `@spent:` and takes `@running:` away. The running start lives in the day file itself, so it survives a
/// crash, a reboot and a sync, and a person can read and correct it in any editor.
///
/// Pure: the command decides which files to read and when to write (FORMAT.md §3.1, docs/time-tracking.md).
public enum TimeTracking {
    /// A task being timed, as found in one day's file.
    public struct Running: Hashable, Sendable {
        /// The task and its region.
        public let placed: PlacedTask
        /// When it began: the file's day (or the next day, for a clock before the day's start hour) at `@running:`.
        public let since: LocalTime
    }

    /// The tasks of `document` (the plan of `day`, whose day begins at `dayStartsAt` o'clock) that carry
    /// `@running:`, in file order. A clock before the start hour is after midnight, on the next calendar day.
    public static func running(in document: DayDocument, of day: Day, dayStartsAt: Int = 0) -> [Running] {
        var found: [Running] = []
        for section in document.sections {
            guard let region = section.region else { continue }
            for task in section.tasks {
                guard let clock = task.metadata.running else { continue }
                let calendarDay = clock < dayStartsAt * 60 ? day.adding(days: 1) : day
                found.append(Running(placed: PlacedTask(region: region, task: task), since: LocalTime(day: calendarDay, secondOfDay: clock * 60)))
            }
        }
        return found
    }

    /// The minutes from `since` to `now` on the clock (whole minutes; negative when `since` is later).
    public static func minutes(from since: LocalTime, to now: LocalTime) -> Int {
        since.day.days(until: now.day) * 24 * 60 + now.secondOfDay / 60 - since.secondOfDay / 60
    }

    /// Starts timing the open task on `line` at `now`, whose clock (hours and minutes) `@running:` records; a
    /// task still to do is marked doing (`[/]`) in the same edit, as a person at work on it would.
    public static func start(taskAt line: Int, at now: LocalTime, in editor: DayEditor) throws(EditError) -> DayEdit {
        guard let placed = editor.task(at: line) else { throw .noTask(line: line) }
        let clock = TaskTime.clockText(now.secondOfDay / 60)
        var summary = "started at \(clock)"
        var working = editor
        if placed.task.status == .todo {
            working = DayEditor(try editor.setStatus(.inProgress, ofTaskAt: placed.task.line).after)
            working.style = editor.style
            summary += " and marked doing"
        }
        let timing = try working.replaceMetadata(with: "@running:" + clock, onTaskAt: placed.task.line)
        return DayEdit.steps(from: editor.bytes, to: timing, summary: summary + ": " + placed.task.title)
    }

    /// What stopping a running task gives: the minutes it ran (whole minutes of the clock, never less than 0),
    /// its `@spent:` after them, and the edit that writes them.
    public struct Stopped: Sendable {
        /// The minutes added: from `@running:`'s minute to now's.
        public let minutes: Int
        /// The task's `@spent:` now, in minutes; nil when it spent no whole minute yet (no `@spent:` is written).
        public let spent: Int?
        /// The change to the file: `@spent:` set and `@running:` removed, as one edit.
        public let edit: DayEdit
    }

    /// Why a running task cannot be stopped.
    public enum StopProblem: Error, Hashable, Sendable {
        /// Its start is after now (the clock went back, or `@running:` was written by hand for later).
        case startsLater(LocalTime)
        /// The time spent would pass the longest length a `@spent:` holds (`Estimate.longest`).
        case tooLong(minutes: Int)
        /// The edit was refused (a file with errors, a task no longer there).
        case edit(EditError)
    }

    /// Stops `running` (found by `running(in:of:dayStartsAt:)` in `editor`'s document) at `now`.
    public static func stop(_ running: Running, at now: LocalTime, in editor: DayEditor) throws(StopProblem) -> Stopped {
        let minutes = minutes(from: running.since, to: now)
        guard minutes >= 0 else { throw .startsLater(running.since) }
        let total = (running.placed.task.metadata.spent ?? 0) + minutes
        guard total <= Estimate.longest else { throw .tooLong(minutes: minutes) }
        let line = running.placed.task.line
        do {
            var after = editor
            if minutes > 0 {
                after = DayEditor(try editor.replaceMetadata(with: "@spent:" + Estimate.text(total), onTaskAt: line).after)
                after.style = editor.style
            }
            let last = try after.removeMetadata("running", fromTaskAt: line)
            let summary = "stopped after \(minutes == 0 ? "less than a minute" : Estimate.text(minutes)): " + running.placed.task.title
            let combined = DayEdit.steps(from: editor.bytes, to: last, summary: summary)
            return Stopped(minutes: minutes, spent: total > 0 ? total : nil, edit: combined)
        } catch {
            throw .edit(error)
        }
    }
}
