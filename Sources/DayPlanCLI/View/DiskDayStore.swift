import DayPlan
import DayPlanView

/// The view's store on disk: each change as `dayplan mark`, `move` and `add` make one (`DaySession`): the plan
/// folder's lock taken, the day's file read again under it, the change worked out on what it holds then, the
/// file written atomically, the lock released, then the `post-` hook run with the change (its output kept off the
/// screen; a failing hook is said in the status line).
struct DiskDayStore: DayViewStore {
    /// The view's arguments, `--date` naming the day shown.
    var arguments: Arguments
    /// What the last hook that failed said, for the status line; nil when it did not fail.
    private(set) var hookWarning: String?

    mutating func write(_ command: String, _ change: ([UInt8]?) -> Result<ViewChange, ViewRefusal>) -> Result<ViewChange, ViewRefusal> {
        hookWarning = nil
        let session: DaySession
        do {
            session = try DaySession.open(arguments, writing: true)
        } catch {
            return .failure(ViewRefusal(error.message))
        }
        let result = change(session.bytes)
        guard case .success(let made) = result, made.changesFile else {
            session.release()
            return result
        }
        do {
            try session.write(made.after)
        } catch {
            session.release()
            return .failure(ViewRefusal("\(error.message); nothing changed"))
        }
        session.release()
        // The hook's output would be drawn over the screen: standard error goes nowhere while it runs, and what
        // it says when it fails is kept for the status line.
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { _ = dup2(null, 2); _ = close(null) }
        var err = Output.error
        let outcome = Hooks.run("post-\(command)", in: session.planFolder,
                                Hooks.changes(command, day: session.file.day, [(session.file.path, made.line, made.summary)]), err: &err)
        if saved >= 0 { _ = dup2(saved, 2); _ = close(saved) }
        if let failure = outcome?.failure { hookWarning = "warning: \(failure); what the view wrote stands" }
        return result
    }
}
