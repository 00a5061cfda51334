import DayPlan
import DayPlanFlow

/// A day file of the plan folder that may hold a task being timed (`@running:`), as `dayplan start` and
/// `dayplan stop` read it under the session's lock.
struct TimedFile {
    /// The file.
    let file: DayFileOfPlan
    /// Its bytes as they are now (after any edit made to it in this run).
    var bytes: [UInt8]
    /// The tasks it holds that are being timed.
    var running: [TimeTracking.Running]
}

/// One change start or stop made, as it prints it (`path:line: summary`) and as its hook gets it.
struct TimedChange {
    let file: String
    let line: Int
    let summary: String

    /// The line printed for it.
    var said: String { "\(file):\(line): \(summary)" }
}

extension DaySession {
    /// How many day files before the session's a running task is looked for in: a task left timed over a week of
    /// rollovers (each leaves `@running:` on the old day's line) is found by the next start or stop.
    static let daysLookedBackForATimer = 7

    /// The files where a task of this plan folder can be running: the latest day files before the session's day, up
    /// to `daysLookedBackForATimer` of them (rollover leaves `@running:` on the old day's line), and the session's
    /// own, oldest first, each with its running tasks. One task runs at a time, so after a run of start or stop at
    /// most one is found; more are a hand edit, and stop closes each.
    func timedFiles(dayStartsAt hour: Int) throws(Failure) -> [TimedFile] {
        var files = try latestFiles(before: file.day, count: DaySession.daysLookedBackForATimer)
        if let bytes { files.append((file, bytes)) }
        return files.map { file, bytes in
            TimedFile(file: file, bytes: bytes,
                      running: TimeTracking.running(in: DayDocument(parsing: bytes), of: file.day, dayStartsAt: hour))
        }
    }

    /// The hour the plan's day starts at and the time now, which start and stop reckon a running task by.
    func timingClock(_ arguments: Arguments) throws(Failure) -> (hour: Int, now: LocalTime) {
        let hour: Int
        switch Clock.dayStartHour(in: planFolder, option: arguments.options["--day-starts-at"]) {
        case .success(let found): hour = found
        case .failure(let problem): throw Failure(code: .failure, message: problem.message)
        }
        guard let now = Clock.now() else { throw Failure(code: .failure, message: "cannot read the local time") }
        return (hour, now)
    }

    /// Stops every task running in `timed` at `now`, as one edit of its file: the change for each (the summary
    /// with the `@spent:` it now has), a warning for a stretch that crossed a day or ran for long, and the file's
    /// bytes after. Writes nothing.
    func stopAll(in timed: TimedFile, at now: LocalTime) throws(Failure) -> (bytes: [UInt8], changes: [TimedChange], warnings: [String]) {
        var bytes = timed.bytes, said: [TimedChange] = [], warnings: [String] = []
        for running in timed.running {
            var editor = DayEditor(bytes)
            editor.style = planFolder.settings.metadataStyle
            let stopped: TimeTracking.Stopped
            do {
                stopped = try TimeTracking.stop(running, at: now, in: editor)
            } catch {
                let place = "\(timed.file.path):\(running.placed.task.line)"
                switch error {
                case .startsLater(let since):
                    throw Failure(code: .findings, message: "\(place): `\(running.placed.task.title)` is timed from \(since), after now "
                                  + "(\(now)); correct its @running: or remove it; nothing changed")
                case .tooLong(let minutes):
                    throw Failure(code: .findings, message: "\(place): `\(running.placed.task.title)` has run for \(Estimate.text(min(minutes, Estimate.longest)))"
                                  + "\(minutes > Estimate.longest ? " and more" : ""), more than @spent: holds (99h59m) with what it had; "
                                  + "write its @spent: by hand and remove its @running:; nothing changed")
                case .edit(let problem):
                    throw Failure(code: .findings, message: "\(timed.file.path): \(problem.message); nothing changed")
                }
            }
            bytes = stopped.edit.after
            let place = "\(timed.file.path):\(running.placed.task.line)"
            said.append(TimedChange(file: timed.file.path, line: running.placed.task.line,
                                    summary: stopped.edit.summary + (stopped.spent.map { " (@spent:\(Estimate.text($0)))" } ?? "")))
            if running.since.day != now.day {
                warnings.append("\(place): note: it ran from \(running.since) to \(now), past midnight; all of it counts on "
                                + "\(timed.file.day), the day of its file")
            }
            if stopped.minutes > 12 * 60 {
                warnings.append("\(place): warning: it ran for \(Estimate.text(stopped.minutes)); if it was left running, "
                                + "correct its @spent: by hand")
            }
        }
        return (bytes, said, warnings)
    }

    /// Writes `bytes` as `file` (one of the plan folder's day files other than the session's, read under its
    /// lock), atomically, removing the temporary files killed runs left for it.
    func write(_ bytes: [UInt8], to other: DayFileOfPlan) throws(FileError) {
        _ = FileSystem.removeLeftovers(of: [other.path])
        try other.write(bytes, in: planFolder)
    }
}
