import DayPlan
import DayPlanFlow

/// The terminal view's model (`dayplan view`): one day's panes, the selection, what each key does, undo and redo
/// as the byte edits the view made, and the last message. Plain values with no terminal in them: the command
/// draws them and feeds keys in; a SwiftUI screen could drive the same model.
///
/// Every change goes through a `DayViewStore` (the command's is the plan folder's lock, the atomic write and the
/// post- hooks) and through `DayEditor`, which checks the 1-3-5 rule and makes the minimal byte edits. The edit
/// is worked out on the bytes the store reads under the lock, so a change made on disk meanwhile is never
/// written over: the task is found there again by its title.
///
/// ```swift
/// var view = DayView(bytes, context: context)
/// let effect = view.press(.character("x"), store: &store)   // marks the selected task done
/// ```
public struct DayView: Sendable {
    /// What the view knows besides the file: its name, the day, the clock, the calendar and the settings.
    public struct Context: Sendable {
        /// The file as messages name it (`2026-11-23.md`, or a path).
        public var fileName: String
        /// The day shown.
        public var day: Day
        /// Today, as the plan reckons it (`day-starts-at`).
        public var today: Day
        /// The minute of the day it is now, when the day shown is today.
        public var minute: Int?
        /// The day's calendar events.
        public var events: [CalendarEvent]
        /// The settings' region hours.
        public var hours: RegionHours
        /// The settings' `carried-warning-days`.
        public var carriedWarningDays: Int
        /// Whether a task marked done gets `@done:` today (the `done-date` setting).
        public var writesDoneDate: Bool
        /// What a change says when the day has no file (the commands' words: how to start it).
        public var missingFile: String

        /// A context; the calendar, hours and settings default to none and the defaults.
        public init(fileName: String, day: Day, today: Day, minute: Int? = nil, events: [CalendarEvent] = [],
                    hours: RegionHours = .defaults, carriedWarningDays: Int = Settings.defaultCarriedWarningDays,
                    writesDoneDate: Bool = false, missingFile: String) {
            self.fileName = fileName
            self.day = day
            self.today = today
            self.minute = minute
            self.events = events
            self.hours = hours
            self.carriedWarningDays = carriedWarningDays
            self.writesDoneDate = writesDoneDate
            self.missingFile = missingFile
        }
    }

    /// A prompt line open at the bottom: what it asks for and the text typed so far.
    public struct Prompt: Hashable, Sendable {
        /// What the prompt is for.
        public enum Kind: Hashable, Sendable {
            /// A new task for the pane; a leading `*`, `+` or `-` chooses the bucket.
            case add
            /// The selected task's new title.
            case title
            /// The day to schedule the selected task for (`@on:`).
            case schedule
            /// The selected task's deadline (`@due:`).
            case deadline
        }
        /// What it is for.
        public let kind: Kind
        /// The text typed.
        public internal(set) var text: String

        /// The words before the text: "add to Morning (* must, + complementary, - misc): ".
        public func label(in region: Region) -> String {
            switch kind {
            case .add: "add to \(region.name) (* must, + complementary, - misc): "
            case .title: "title: "
            case .schedule: "schedule for (today, tomorrow, mon…sun, YYYY-MM-DD): "
            case .deadline: "due on (today, tomorrow, mon…sun, YYYY-MM-DD): "
            }
        }
    }

    /// The last message: what was done, or why it was refused.
    public struct Message: Hashable, Sendable {
        /// The sentence.
        public let text: String
        /// Whether it says why something was not done.
        public let isRefusal: Bool
    }

    /// What the command does after a key, beyond drawing the view again.
    public enum Effect: Hashable, Sendable {
        /// Nothing more.
        case none
        /// Quit: restore the terminal and exit.
        case quit
        /// Restore the terminal and stop (job control); draw whole on return.
        case suspend
        /// Draw the whole screen again.
        case redraw
        /// Open the person's editor at `line` of the file, and read it again when it returns.
        case openEditor(line: Int)
        /// Show another day.
        case openDay(Day)
        /// Work out what `dayplan rollover` would do (its dry run) and show it with `showRolloverPreview(_:)`.
        case previewRollover
        /// Do the rollover the preview showed, then show today and say what it did (`rolledOver(_:)`).
        case rollover
        /// Start timing the task on `line` as `dayplan start FILE:LINE` does (it stops any other first), and say
        /// what it said; the file is read again.
        case startTiming(line: Int)
        /// Stop the timed task as `dayplan stop` does, and say what it said; the file is read again.
        case stopTiming
    }

    /// One change the view made, kept for undo and redo while it runs.
    struct Entry: Sendable {
        let command: String
        let change: ViewChange
        /// The changed task's line before the change, to select again on undo.
        let lineBefore: Int
    }

    /// The findings lint reports for the file.
    public struct Findings: Hashable, Sendable {
        /// Errors.
        public let errors: Int
        /// Warnings.
        public let warnings: Int
    }

    /// The context.
    public private(set) var context: Context
    /// The file's bytes as last read; nil when the day has no file.
    public private(set) var bytes: [UInt8]?
    /// The day's progress, as `dayplan status` reckons it.
    public private(set) var progress: DayProgress
    /// The day on the clock: events and timed tasks, now and next, each region's free time.
    public private(set) var schedule: DaySchedule
    /// The regions' hours as time blocks (events, timed tasks, free gaps), as `dayplan plan` lays them out.
    public private(set) var blocks: TimeBlocks
    /// What lint finds in the file, counted.
    public private(set) var findings: Findings
    /// Morning, Afternoon, Evening and the Backlog.
    public private(set) var panes: [ViewPane]
    /// The selected pane's index in `panes`.
    public private(set) var pane = 0
    /// The selected task's index in the selected pane's `tasks` (0 when it has none).
    public private(set) var row = 0
    /// The last message.
    public private(set) var message: Message?
    /// The prompt line, while one is open.
    public private(set) var prompt: Prompt?
    /// Whether the selected pane is shown alone, full width.
    public private(set) var isFocused = false
    /// Whether the keys are shown (`?`).
    public private(set) var showsHelp = false
    /// What `dayplan rollover --dry-run` said, while it is shown (`R`): `y` does it, any other key closes it.
    public private(set) var rolloverPreview: [String]?
    private var undoStack: [Entry] = []
    private var redoStack: [Entry] = []

    /// The view of `bytes` (nil: the day has no file yet), with the selection on the first open task of the first
    /// region that has one (Morning, Afternoon, Evening, then the Backlog).
    public init(_ bytes: [UInt8]?, context: Context) {
        self.context = context
        self.bytes = bytes
        let parts = DayView.read(bytes, context)
        (progress, schedule, blocks, findings, panes) = parts
        if let first = panes.firstIndex(where: { $0.tasks.contains { $0.task.status.isOpen } }) {
            pane = first
            row = panes[first].tasks.firstIndex { $0.task.status.isOpen } ?? 0
        }
        if bytes == nil { message = Message(text: context.missingFile, isRefusal: true) }
    }

    /// The selected task, if the selected pane has one.
    public var selected: ViewTask? {
        let tasks = panes[pane].tasks
        return tasks.indices.contains(row) ? tasks[row] : nil
    }

    /// Whether there is a change to undo / to redo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is a change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    private static func read(_ bytes: [UInt8]?, _ context: Context)
        -> (DayProgress, DaySchedule, TimeBlocks, Findings, [ViewPane]) {
        let document = DayDocument(parsing: bytes ?? [])
        let progress = DayProgress(document, on: context.day)
        let schedule = DaySchedule(day: context.day, events: context.events, tasks: PlannedTime.tasks(in: document), hours: context.hours)
        var findings = Findings(errors: 0, warnings: 0)
        if bytes != nil {
            let events = context.events
            let found = Linter.lint(document, fileName: context.fileName, today: context.today,
                                    carriedWarningDays: context.carriedWarningDays,
                                    hours: DayHours(regionHours: context.hours, events: { _ in events }))
            findings = Findings(errors: found.filter { $0.severity == .error }.count, warnings: found.filter { $0.severity == .warning }.count)
        }
        let panes = ViewPane.panes(of: document, on: context.day, schedule: schedule, carriedWarningDays: context.carriedWarningDays)
        return (progress, schedule, TimeBlocks(document, schedule: schedule), findings, panes)
    }

    // MARK: - Outside the keys

    /// Reads the file again after it changed on disk (another editor, rollover, sync, `dayplan add`): the
    /// selection stays on the same task where it still exists. Returns whether anything changed.
    @discardableResult
    public mutating func reload(_ bytes: [UInt8]?) -> Bool {
        guard bytes != self.bytes else { return false }
        let keep = selected
        show(bytes, selecting: keep.map { ($0.task.title, $0.task.line) })
        message = Message(text: "\(context.fileName): read again: the file changed on disk", isRefusal: false)
        return true
    }

    /// The clock moved on: `today` as the plan reckons it, and the minute now. When today is no longer the day it
    /// was, the message says that a new day has begun. Returns whether anything shown changed.
    @discardableResult
    public mutating func clock(today: Day, minute: Int?) -> Bool {
        let newDay = today != context.today
        guard newDay || minute != context.minute else { return false }
        context.today = today
        context.minute = today == context.day ? minute : nil
        if newDay {
            (progress, schedule, blocks, findings, panes) = DayView.read(bytes, context)
            message = Message(text: "a new day has begun (\(Weekday(of: today).name) \(today)); press R to roll over into it, "
                              + "or t to see it", isRefusal: false)
        }
        return true
    }

    /// Shows what a rollover would do (`dayplan rollover --dry-run`'s lines, or why it cannot be done) until the
    /// next key: `y` asks for it to be done (`Effect.rollover`), any other key closes it.
    public mutating func showRolloverPreview(_ lines: [String]) {
        rolloverPreview = lines
        showsHelp = false
    }

    /// Selects task `index` of pane `pane` (a click on its line, `CellGrid.task(atColumn:row:)`); nothing while a
    /// prompt, the help or the rollover preview is open, or when there is no such task.
    public mutating func select(task index: Int, inPane pane: Int) {
        guard prompt == nil, !showsHelp, rolloverPreview == nil, panes.indices.contains(pane),
              panes[pane].tasks.indices.contains(index) else { return }
        self.pane = pane
        row = index
    }

    /// Says `text` in the status line (the command's own news, such as an editor that could not start).
    public mutating func say(_ text: String, refusal: Bool = false) {
        message = Message(text: text, isRefusal: refusal)
    }

    // MARK: - Keys

    /// Does what `key` is bound to (`KeyBinding.all`), or types it into the open prompt; changes go through `store`.
    public mutating func press(_ key: ViewKey, store: inout some DayViewStore) -> Effect {
        // A click is the screen's to place (`select(task:inPane:)`): as a key it does nothing.
        if case .click = key { return .none }
        if prompt != nil { return type(key, store: &store) }
        if rolloverPreview != nil {
            rolloverPreview = nil
            if key == .character("y") { return .rollover }
            message = Message(text: "rollover not done; nothing changed", isRefusal: false)
            return .none
        }
        let action = KeyBinding.action(for: key)
        // The help is closed by any key but quit, which does nothing else: a key read there is not a change asked for.
        if showsHelp, action != .quit {
            showsHelp = false
            return .none
        }
        guard let action else {
            message = Message(text: "\(key.label) is no key of the view; press ? for the keys", isRefusal: true)
            return .none
        }
        return perform(action, store: &store)
    }

    /// Does `action`; changes go through `store`.
    public mutating func perform(_ action: ViewAction, store: inout some DayViewStore) -> Effect {
        let tasks = panes[pane].tasks
        switch action {
        case .nextTask: row = min(row + 1, max(0, tasks.count - 1))
        case .previousTask: row = max(row - 1, 0)
        case .firstTask: row = 0
        case .lastTask: row = max(0, tasks.count - 1)
        case .nextPane: select(pane: (pane + 1) % panes.count)
        case .previousPane: select(pane: (pane + panes.count - 1) % panes.count)
        case .done:
            let status: Status = selected?.task.status == .done ? .todo : .done
            mark(status, store: &store)
        case .inProgress: mark(.inProgress, store: &store)
        case .cancel: mark(.cancelled, store: &store)
        case .moveToPreviousRegion, .moveToNextRegion:
            guard let task = selected else { return nothing() }
            let step = action == .moveToNextRegion ? 1 : -1
            guard let target = Region(rawValue: task.region.rawValue + step) else {
                message = Message(text: "\(task.region.name) is the \(step < 0 ? "first" : "last") region; nothing changed", isRefusal: true)
                return .none
            }
            change("move", store: &store) { editor, placed throws(EditError) in try editor.move(taskAt: placed.task.line, to: target) }
        case .makeMust, .makeComplementary, .makeMisc:
            guard let task = selected else { return nothing() }
            let bucket: Bucket = action == .makeMust ? .must : action == .makeComplementary ? .complementary : .misc
            change("move", store: &store) { editor, placed throws(EditError) in try editor.move(taskAt: placed.task.line, to: task.region, bucket: bucket) }
        case .moveDown, .moveUp:
            guard selected != nil else { return nothing() }
            let step = action == .moveDown ? 1 : -1
            change("move", store: &store) { editor, placed throws(EditError) in try editor.reorder(taskAt: placed.task.line, by: step) }
        case .add:
            guard bytes != nil else { return refuse(context.missingFile) }
            prompt = Prompt(kind: .add, text: "")
        case .editTitle:
            guard let task = selected else { return nothing() }
            prompt = Prompt(kind: .title, text: task.task.title)
        case .schedule, .deadline:
            guard selected != nil else { return nothing() }
            prompt = Prompt(kind: action == .schedule ? .schedule : .deadline, text: "")
        case .openEditor:
            guard bytes != nil else { return refuse(context.missingFile) }
            return .openEditor(line: selected?.task.line ?? 1)
        case .undo: undo(store: &store)
        case .redo: redo(store: &store)
        case .previousDay: return .openDay(context.day.adding(days: -1))
        case .nextDay: return .openDay(context.day.adding(days: 1))
        case .today: return .openDay(context.today)
        case .rollover: return .previewRollover
        case .timeTask:
            // The commands' own flow (one timed task per plan folder, the day before looked at too): the view sees one file.
            guard let task = selected else { return nothing() }
            return task.task.metadata.running == nil ? .startTiming(line: task.task.line) : .stopTiming
        case .focus: isFocused.toggle()
        case .help: showsHelp.toggle()
        case .redraw: return .redraw
        case .suspend: return .suspend
        case .quit: return .quit
        }
        return .none
    }

    private mutating func nothing() -> Effect {
        refuse("no task is selected in \(panes[pane].region.name)")
    }

    private mutating func refuse(_ text: String) -> Effect {
        message = Message(text: text, isRefusal: true)
        return .none
    }

    private mutating func select(pane index: Int) {
        pane = index
        row = panes[index].tasks.firstIndex { $0.task.status.isOpen } ?? 0
    }

    private mutating func mark(_ status: Status, store: inout some DayViewStore) {
        let doneDate = context.writesDoneDate ? context.today : nil
        change("mark", store: &store) { editor, placed throws(EditError) in
            try editor.setStatus(status, ofTaskAt: placed.task.line, doneDate: doneDate)
        }
    }

    /// Makes a change to the selected task through `store`: `make` works it out on the task found in the file.
    private mutating func change(_ command: String, store: inout some DayViewStore,
                                 _ make: (DayEditor, PlacedTask) throws(EditError) -> DayEdit) {
        guard let task = selected else {
            message = Message(text: "no task is selected in \(panes[pane].region.name)", isRefusal: true)
            return
        }
        let known = bytes, title = task.task.title, line = task.task.line, missing = context.missingFile
        let result = store.write(command) { fresh -> Result<ViewChange, ViewRefusal> in
            guard let fresh else { return .failure(ViewRefusal(missing)) }
            let editor = DayEditor(fresh)
            guard let placed = DayView.find(title, near: line, in: editor, sameFile: fresh == known) else {
                return .failure(ViewRefusal("`\(title)` is no longer in the file (it changed on disk); nothing changed"))
            }
            do throws(EditError) {
                return .success(ViewChange(try make(editor, placed), on: fresh))
            } catch {
                return .failure(ViewRefusal(error))
            }
        }
        finish(result, command: command, lineBefore: line)
    }

    /// The task titled `title` standing nearest `line` (the line itself when the file is the one the view read).
    static func find(_ title: String, near line: Int, in editor: DayEditor, sameFile: Bool) -> PlacedTask? {
        if sameFile, let placed = editor.task(at: line), placed.task.title == title { return placed }
        return editor.tasks.filter { $0.task.title == title }.min { abs($0.task.line - line) < abs($1.task.line - line) }
    }

    /// Takes in what the store did: the file written (kept for undo, the task selected again, the summary said),
    /// or why not.
    private mutating func finish(_ result: Result<ViewChange, ViewRefusal>, command: String, lineBefore: Int, undoing: Bool? = nil) {
        switch result {
        case .failure(let refusal):
            message = Message(text: refusal.message, isRefusal: true)
        case .success(let change):
            if change.changesFile {
                // Undo and redo move their entry between the stacks themselves; a new change forgets what was undone.
                if undoing == nil {
                    undoStack.append(Entry(command: command, change: change, lineBefore: lineBefore))
                    redoStack.removeAll()
                }
            }
            let title = DayEditor(change.after).task(at: change.line)?.task.title
            show(change.after, selecting: title.map { ($0, change.line) })
            message = Message(text: change.line > 0 ? "\(context.fileName):\(change.line): \(change.summary)"
                                : "\(context.fileName): \(change.summary)", isRefusal: false)
        }
    }

    /// Shows `bytes`, with the selection on the task titled as given nearest its line where it is, else where it was.
    private mutating func show(_ bytes: [UInt8]?, selecting task: (title: String, line: Int)?) {
        self.bytes = bytes
        (progress, schedule, blocks, findings, panes) = DayView.read(bytes, context)
        if let task {
            var best: (pane: Int, row: Int, distance: Int)?
            for (paneIndex, candidate) in panes.enumerated() {
                for (rowIndex, shown) in candidate.tasks.enumerated() where shown.task.title == task.title {
                    let distance = abs(shown.task.line - task.line)
                    if best.map({ distance < $0.distance }) ?? true { best = (paneIndex, rowIndex, distance) }
                }
            }
            if let best {
                pane = best.pane
                row = best.row
                return
            }
        }
        row = min(row, max(0, panes[pane].tasks.count - 1))
    }

    // MARK: - Undo

    private mutating func undo(store: inout some DayViewStore) {
        guard let entry = undoStack.last else {
            message = Message(text: "nothing to undo: the view has made no change since it started", isRefusal: true)
            return
        }
        let result = store.write(entry.command) { fresh -> Result<ViewChange, ViewRefusal> in
            guard fresh == entry.change.after else {
                return .failure(ViewRefusal("the file changed on disk since that change, so undo would write over what it holds; nothing changed"))
            }
            let change = entry.change
            return .success(ViewChange(before: change.after, after: TextEdit.apply(change.inverse, to: change.after), edits: change.inverse,
                                       inverse: change.edits, summary: "undone: " + change.summary, line: entry.lineBefore))
        }
        if case .success = result {
            undoStack.removeLast()
            redoStack.append(entry)
        }
        finish(result, command: entry.command, lineBefore: entry.change.line, undoing: true)
    }

    private mutating func redo(store: inout some DayViewStore) {
        guard let entry = redoStack.last else {
            message = Message(text: "nothing to redo", isRefusal: true)
            return
        }
        let result = store.write(entry.command) { fresh -> Result<ViewChange, ViewRefusal> in
            guard fresh == entry.change.before else {
                return .failure(ViewRefusal("the file changed on disk since that change was undone, so redo would write over what it holds; nothing changed"))
            }
            let change = entry.change
            return .success(ViewChange(before: change.before, after: change.after, edits: change.edits, inverse: change.inverse,
                                       summary: "redone: " + change.summary, line: change.line))
        }
        if case .success = result {
            redoStack.removeLast()
            undoStack.append(entry)
        }
        finish(result, command: entry.command, lineBefore: entry.lineBefore, undoing: false)
    }

    // MARK: - Prompts

    private mutating func type(_ key: ViewKey, store: inout some DayViewStore) -> Effect {
        guard var open = prompt else { return .none }
        switch key {
        case .character(let character):
            open.text.append(character)
        case .paste(let text):
            // A pasted newline ends no prompt: the title is one line.
            open.text += String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" ? " " : $0 })
        case .backspace:
            if !open.text.isEmpty { open.text.removeLast() }
        case .escape, .control("c"), .control("g"):
            prompt = nil
            message = nil
            return .none
        case .enter:
            prompt = nil
            commit(open, store: &store)
            return .none
        default:
            return .none
        }
        prompt = open
        return .none
    }

    private mutating func commit(_ prompt: Prompt, store: inout some DayViewStore) {
        let text = prompt.text.trimmingSpaces
        guard !text.isEmpty else {
            message = Message(text: "nothing typed; nothing changed", isRefusal: true)
            return
        }
        switch prompt.kind {
        case .add: add(text, store: &store)
        case .title:
            change("mark", store: &store) { editor, placed throws(EditError) in try editor.setTitle(text, ofTaskAt: placed.task.line) }
        case .schedule, .deadline:
            guard let day = ViewDate.day(text, today: context.today) else {
                message = Message(text: ViewDate.problem(text), isRefusal: true)
                return
            }
            let word = (prompt.kind == .schedule ? "@on:" : "@due:") + day.description
            change("move", store: &store) { editor, placed throws(EditError) in try editor.replaceMetadata(with: word, onTaskAt: placed.task.line) }
        }
    }

    /// Adds a task to the selected pane: a leading `*`, `+` or `-` (and a space) chooses its bucket, misc without
    /// one; its words are read as `dayplan add` reads them (`TaskEntry`).
    private mutating func add(_ text: String, store: inout some DayViewStore) {
        var words = Substring(text)
        var bucket = Bucket.misc
        if let first = words.first, let given = first.asciiValue.flatMap(Bucket.init(bullet:)), words.dropFirst().first == " " {
            bucket = given
            words = words.dropFirst(2)
        }
        let entry: TaskEntry
        switch TaskEntry.reading(String(words).trimmingSpaces, bucket: bucket) {
        case .success(let read): entry = read
        case .failure(let problem):
            message = Message(text: problem.message + "; nothing changed", isRefusal: true)
            return
        }
        let region = panes[pane].region, day = context.day, missing = context.missingFile
        let result = store.write("add") { fresh -> Result<ViewChange, ViewRefusal> in
            guard let fresh else { return .failure(ViewRefusal(missing)) }
            let editor = DayEditor(fresh)
            do throws(EditError) {
                let edit = try region == .backlog ? editor.capture(entry.task, on: day) : editor.insert(entry.task, into: region)
                return .success(ViewChange(edit, on: fresh))
            } catch {
                return .failure(ViewRefusal(error))
            }
        }
        finish(result, command: "add", lineBefore: 0)
        if case .success = result, !entry.warnings.isEmpty, let said = message {
            message = Message(text: said.text + "; warning: " + entry.warnings.joined(separator: "; "), isRefusal: false)
        }
    }
}
