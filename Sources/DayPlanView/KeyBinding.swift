import DayPlan

/// What a key asks the view to do.
public enum ViewAction: String, CaseIterable, Hashable, Sendable {
    /// The next / previous task in the pane.
    case nextTask, previousTask
    /// The previous / next pane (Morning, Afternoon, Evening, Backlog).
    case previousPane, nextPane
    /// The first / last task of the pane.
    case firstTask, lastTask
    /// Done (on a done task: back to to do), in progress, cancelled.
    case done, inProgress, cancel
    /// Moves the task to the previous / next region, same bucket.
    case moveToPreviousRegion, moveToNextRegion
    /// Makes the task must / complementary / misc.
    case makeMust, makeComplementary, makeMisc
    /// Moves the task down / up among the tasks of its bucket.
    case moveDown, moveUp
    /// Adds a task to the pane (a prompt).
    case add
    /// Edits the task's title (a prompt).
    case editTitle
    /// Schedules the task (`@on:`) / gives it a deadline (`@due:`) (a prompt).
    case schedule, deadline
    /// Opens the person's editor at the task's line.
    case openEditor
    /// Undoes / redoes the view's last change.
    case undo, redo
    /// The previous / next day, back to today.
    case previousDay, nextDay, today
    /// Rollover: what `dayplan rollover --dry-run` would do shown, and done on `y`.
    case rollover
    /// Times the task (`dayplan start`); on the task being timed, stops it (`dayplan stop`).
    case timeTask
    /// Shows one pane full width (again: all of them).
    case focus
    /// Shows the keys (again: hides them).
    case help
    /// Draws the whole screen again.
    case redraw
    /// Stops the view (the shell's job control; `fg` brings it back).
    case suspend
    /// Quits the view.
    case quit
}

/// One row of the key table: the keys, what help calls them, and what they do.
public struct KeyBinding: Hashable, Sendable {
    /// The keys that do it.
    public let keys: [ViewKey]
    /// What they do.
    public let action: ViewAction
    /// What they do, in words, for `?` and docs/view.md.
    public let help: String

    /// The keys as help writes them: `j / ↓`.
    public var label: String { keys.map(\.label).joined(separator: " / ") }

    /// The one table of keys: `?` draws its help from it, the view reads keys through it, and docs/view.md and
    /// the tests walk it.
    public static let all: [KeyBinding] = [
        KeyBinding(keys: [.character("j"), .down], action: .nextTask, help: "next task in the pane"),
        KeyBinding(keys: [.character("k"), .up], action: .previousTask, help: "previous task in the pane"),
        KeyBinding(keys: [.character("h"), .left, .backTab], action: .previousPane, help: "previous pane"),
        KeyBinding(keys: [.character("l"), .right, .tab], action: .nextPane, help: "next pane (Morning, Afternoon, Evening, Backlog)"),
        KeyBinding(keys: [.character("g")], action: .firstTask, help: "first task of the pane"),
        KeyBinding(keys: [.character("G")], action: .lastTask, help: "last task of the pane"),
        KeyBinding(keys: [.character("x")], action: .done, help: "done (on a done task: back to to do)"),
        KeyBinding(keys: [.character("i")], action: .inProgress, help: "in progress"),
        KeyBinding(keys: [.character("c")], action: .cancel, help: "cancel"),
        KeyBinding(keys: [.character("H")], action: .moveToPreviousRegion, help: "move to the previous region, same bucket"),
        KeyBinding(keys: [.character("L")], action: .moveToNextRegion, help: "move to the next region, same bucket"),
        KeyBinding(keys: [.character("1")], action: .makeMust, help: "make it must"),
        KeyBinding(keys: [.character("2")], action: .makeComplementary, help: "make it complementary"),
        KeyBinding(keys: [.character("3")], action: .makeMisc, help: "make it misc"),
        KeyBinding(keys: [.character("J")], action: .moveDown, help: "move it down within its bucket"),
        KeyBinding(keys: [.character("K")], action: .moveUp, help: "move it up within its bucket"),
        KeyBinding(keys: [.character("a")], action: .add, help: "add a task to the pane (a leading *, + or - chooses the bucket)"),
        KeyBinding(keys: [.character("e")], action: .editTitle, help: "edit the title"),
        KeyBinding(keys: [.character("s")], action: .schedule, help: "schedule it (@on:): today, tomorrow, mon…sun, YYYY-MM-DD"),
        KeyBinding(keys: [.character("d")], action: .deadline, help: "give it a deadline (@due:): as for s"),
        KeyBinding(keys: [.enter], action: .openEditor, help: "open $VISUAL / $EDITOR at the task's line"),
        KeyBinding(keys: [.character("u")], action: .undo, help: "undo the view's last change"),
        KeyBinding(keys: [.control("r")], action: .redo, help: "redo"),
        KeyBinding(keys: [.character("[")], action: .previousDay, help: "the previous day"),
        KeyBinding(keys: [.character("]")], action: .nextDay, help: "the next day"),
        KeyBinding(keys: [.character("t")], action: .today, help: "back to today"),
        KeyBinding(keys: [.character("R")], action: .rollover, help: "rollover: what it would do, then y does it"),
        KeyBinding(keys: [.character("T")], action: .timeTask, help: "time it: dayplan start (again: stop)"),
        KeyBinding(keys: [.character("f")], action: .focus, help: "focus the pane full width (again: back)"),
        KeyBinding(keys: [.character("?")], action: .help, help: "this help (again: close it)"),
        KeyBinding(keys: [.control("l")], action: .redraw, help: "redraw"),
        KeyBinding(keys: [.control("z")], action: .suspend, help: "suspend (fg brings it back)"),
        KeyBinding(keys: [.character("q"), .control("c")], action: .quit, help: "quit"),
    ]

    /// The action `key` is bound to, if any.
    public static func action(for key: ViewKey) -> ViewAction? {
        all.first { $0.keys.contains(key) }?.action
    }

    /// The short hints the status line shows for a selection (`x done · i doing · H/L region · …`), each key's
    /// first label taken from the table.
    public static func hints(taskSelected: Bool) -> String {
        let shown: [([ViewAction], String)] = taskSelected
            ? [([.done], "done"), ([.inProgress], "doing"), ([.cancel], "cancel"), ([.moveToPreviousRegion, .moveToNextRegion], "region"),
               ([.makeMust, .makeComplementary, .makeMisc], "bucket"), ([.add], "add"), ([.editTitle], "edit"), ([.undo], "undo"),
               ([.help], "keys"), ([.quit], "quit")]
            : [([.add], "add"), ([.previousPane, .nextPane], "pane"), ([.undo], "undo"), ([.help], "keys"), ([.quit], "quit")]
        return shown.map { actions, word in
            actions.compactMap { action in all.first { $0.action == action }?.keys.first?.label }.joined(separator: "/") + " " + word
        }.joined(separator: " · ")
    }
}
