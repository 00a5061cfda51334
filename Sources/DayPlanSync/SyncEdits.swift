import DayPlan
import DayPlanJSON
import DayPlanICalendar

/// The edits a sync makes to one day file, through `DayEditor` (the one place the plan is changed): the server's
/// changes to its tasks, then the to-dos captured into its Backlog.
public enum SyncEdits {
    /// What applying the edits did: the file's new bytes, a line per edit made (its line and summary), and the
    /// `UID`s whose edit could not be made, with why.
    public struct Result: Sendable {
        /// The file after the edits made.
        public var bytes: [UInt8]
        /// Each edit made: its line and what it did.
        public var made: [(line: Int, summary: String)]
        /// Each edit not made: its to-do's `UID` and the reason.
        public var failed: [(uid: String, reason: EditError)]
    }

    /// Applies `changes` (all of one file) and `captures` (to its Backlog) to `bytes`, one after another, each
    /// checked by the editor; one that cannot be made is left out and named in `failed`. `doneDate`: the day a task
    /// marked done gets as `@done:` (the plan's `done-date` setting), or nil.
    public static func apply(_ changes: [SyncMerge.LocalChange], captures: [SyncMerge.Capture], to bytes: [UInt8],
                             doneDate: Day?) -> Result {
        var result = Result(bytes: bytes, made: [], failed: [])
        for change in changes {
            let editor = DayEditor(result.bytes)
            do throws(EditError) {
                let edit: DayEdit
                switch change.kind {
                case .status(let status): edit = try editor.setStatus(status, ofTaskAt: change.line, doneDate: doneDate)
                case .title(let title): edit = try editor.setTitle(title, ofTaskAt: change.line)
                case .due(let due?): edit = try editor.replaceMetadata(with: "@due:\(due)", onTaskAt: change.line)
                case .due(nil): edit = try editor.removeMetadata("due", fromTaskAt: change.line)
                }
                result.bytes = edit.after
                result.made.append((change.line, edit.summary))
            } catch {
                result.failed.append((change.uid, error))
            }
        }
        for capture in captures {
            do throws(EditError) {
                let edit = try DayEditor(result.bytes).insert(capture.task, into: .backlog)
                result.bytes = edit.after
                result.made.append((edit.line, edit.summary))
            } catch {
                result.failed.append((capture.uid, error))
            }
        }
        return result
    }
}
