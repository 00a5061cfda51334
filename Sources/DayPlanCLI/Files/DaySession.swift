import DayPlan

/// A day's file opened by one of the daily commands (status, add, mark, move): the plan folder (from `--dir`,
/// `DAYPLAN_DIR` or the current folder), the day (`--date`, else today as rollover reckons it, `DAYPLAN_NOW`
/// and `day-starts-at` included), its file and bytes. A command that writes holds the plan folder's lock
/// from before it reads until it has written, as rollover and `fmt --write` do.
struct DaySession {
    /// The plan folder.
    let planFolder: PlanFolder
    /// The day's file: found in any layout, or where the layout puts a new one.
    let file: DayFileOfPlan
    /// The file's bytes; nil when it does not exist yet.
    let bytes: [UInt8]?
    /// The lock held (none for a command that only reads); released by `release()`.
    private let lock: PlanLock
    /// The plan folder's day files, as listed when the session opened (none for a file named by its path).
    private var dayFiles: [PlanFolder.DayFile] = []

    /// Why a daily command stops: its exit code and the message for standard error.
    struct Failure: Error {
        let code: ExitCode
        let message: String
    }

    /// What a daily command says when its day has no file: for today or a day ahead, how to start it (and, with
    /// `capture`, that `add` captures a task there); for a day that has passed, only that it had no plan, as
    /// rollover opens today and never a day gone by.
    func missingFileMessage(_ command: String, _ arguments: Arguments, capture: Bool = false) -> String {
        let start = "dayplan \(command): \(file.path): no such file; "
        if case .success(let today) = Clock.today(in: planFolder, dayStartsAt: arguments.options["--day-starts-at"]), file.day < today {
            return start + "there was no plan for \(file.day), a day that has passed"
        }
        return start + "there is no plan for \(file.day) yet (start it with 'dayplan rollover'"
            + (capture ? ", or capture a task with 'dayplan add')" : ")")
    }

    /// The options every daily command takes: where the plan folder is, which day, when a day starts.
    static let options: [Option] = [
        .option("--date", "YYYY-MM-DD", .date, "The day (default: today; also today, yesterday, tomorrow)."),
        .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "Where to look for the plan folder (default: the current folder)."),
        .option("--day-starts-at", "HOUR", .hour, environment: "DAYPLAN_DAY_STARTS_AT",
                "Before this hour (0-23) it is still yesterday (default: the day-starts-at setting, else 0)."),
    ]

    /// Opens the day `arguments` name (`--date`, else today), or the day file at `path` (a `FILE:LINE` the
    /// person gave). With `writing`, takes the plan folder's lock first, and refuses a folder that is not a plan
    /// folder and holds no day file (the same guard rail as rollover's).
    static func open(_ arguments: Arguments, path: String? = nil, writing: Bool) throws(Failure) -> DaySession {
        let planFolder: PlanFolder
        do {
            planFolder = try PlanFolder.find(dir: arguments.options["--dir"])
        } catch {
            throw Failure(code: .failure, message: error.message)
        }
        var lock = PlanLock.none
        func fail(_ code: ExitCode, _ message: String) -> Failure {
            lock.release()
            return Failure(code: code, message: message)
        }

        let file: DayFileOfPlan
        var foundFiles: [PlanFolder.DayFile] = []
        if let path {
            // A file named on the command line: its own plan folder's lock (as fmt --write takes it).
            guard FileSystem.kind(of: path) == .file else {
                throw fail(.failure, FileSystem.kind(of: path) == .missing ? "\(path): no such file" : "\(path): not a day file")
            }
            if writing {
                do {
                    lock = try PlanLock.take(guarding: [path], exclusive: true, unlessReadOnly: true, namedFrom: planFolder)
                } catch {
                    throw fail(.failure, "\(error.message); nothing changed")
                }
                if let problem = PlanFolder.sharedFile(path, among: (try? planFolder.dayFiles()) ?? []) {
                    throw fail(.findings, problem)
                }
            }
            let name = FileSystem.name(of: path)
            let day = Day(name.prefix(10)) ?? Day(year: 2000, month: 1, day: 1)!
            file = DayFileOfPlan(day: day, path: path, isNew: false, folder: "")
        } else {
            let day: Day
            switch Clock.today(in: planFolder, dayStartsAt: arguments.options["--day-starts-at"]) {
            case .failure(let problem):
                throw fail(.failure, problem.message)
            case .success(let today):
                switch arguments.options["--date"] {
                case nil, "today": day = today
                case "yesterday": day = today.adding(days: -1)
                case "tomorrow": day = today.adding(days: 1)
                case let text?:
                    guard let given = Day(text) else { throw fail(.failure, "--date '\(text)' is not a date; write YYYY-MM-DD") }
                    day = given
                }
            }
            // A writer in an initialized plan folder lists its day files once, under the lock (`PlanLock.take`).
            var files: [PlanFolder.DayFile] = []
            if !writing || !planFolder.isInitialized {
                // A writer in a folder that is no plan gives up on a tree without a day file (the guard rail).
                let listed: [PlanFolder.DayFile]?
                do {
                    listed = try planFolder.dayFiles(givingUpEmptyAfter: writing ? PlanFolder.foldersSearchedForAFirstDayFile : .max)
                } catch {
                    throw fail(.failure, error.message)
                }
                files = listed ?? []
                if writing, !planFolder.isInitialized, files.isEmpty {
                    throw fail(.failure, DayFileOfPlan.notAPlanFolder(planFolder, gaveUp: listed == nil))
                }
            }
            if writing {
                do {
                    (lock, files) = try PlanLock.take(in: planFolder, exclusive: true,
                                                      listed: planFolder.isInitialized ? nil : files) { files in
                        [(try? DayFileOfPlan.find(day, in: planFolder, files: files).get())?.path].compactMap { $0 }
                    }
                } catch {
                    throw fail(.failure, "\(error.message); nothing changed")
                }
            }
            switch DayFileOfPlan.find(day, in: planFolder, files: files) {
            case .success(let found): file = found
            case .failure(let duplicates): throw fail(.findings, "\(duplicates.message); nothing changed")
            }
            if writing, let problem = PlanFolder.sharedFile(file.path, among: files) {
                throw fail(.findings, problem)
            }
            foundFiles = files
        }

        var bytes: [UInt8]?
        if !file.isNew || FileSystem.kind(of: file.path) != .missing {
            do {
                bytes = try FileSystem.read(file.path)
            } catch {
                throw fail(.failure, error.message)
            }
        }
        var session = DaySession(planFolder: planFolder, file: file, bytes: bytes, lock: lock)
        session.dayFiles = foundFiles
        return session
    }

    /// The plan folder's latest day file on or before `day` and its bytes (the session's own day's included); nil when
    /// there is none.
    func latestFile(onOrBefore day: Day) throws(Failure) -> (file: DayFileOfPlan, bytes: [UInt8])? {
        guard let latest = dayFiles.filter({ $0.day <= day }).max(by: { $0.day < $1.day }) else { return nil }
        if latest.day == file.day, let bytes { return (file, bytes) }
        return try existingFile(of: latest.day)
    }

    /// The plan folder's latest `count` day files before `day` and their bytes, oldest first (none for a file named by
    /// its path alone).
    func latestFiles(before day: Day, count: Int) throws(Failure) -> [(file: DayFileOfPlan, bytes: [UInt8])] {
        let days = Set(dayFiles.map(\.day).filter { $0 < day }).sorted().suffix(count)
        var found: [(file: DayFileOfPlan, bytes: [UInt8])] = []
        for earlier in days {
            if let one = try existingFile(of: earlier) { found.append(one) }
        }
        return found
    }

    /// The file of another `day` of the plan folder and its bytes, when one exists (under the session's lock:
    /// `add` writes a task captured for a day already planned into that day's file); nil when none does.
    func existingFile(of day: Day) throws(Failure) -> (file: DayFileOfPlan, bytes: [UInt8])? {
        guard day != file.day, case .success(let found) = DayFileOfPlan.find(day, in: planFolder, files: dayFiles),
              !found.isNew else { return nil }
        do {
            return (found, try FileSystem.read(found.path))
        } catch {
            throw Failure(code: .failure, message: error.message)
        }
    }

    /// Releases the lock.
    func release() {
        lock.release()
    }

    /// Writes `bytes` as the day's file, atomically, making the folders a new one needs (and removing the
    /// temporary files killed runs left for it; one that cannot be removed is left, as it harms nothing).
    func write(_ bytes: [UInt8]) throws(FileError) {
        // A run of add, mark or move killed while writing left its temporary file beside the day's: remove it.
        _ = FileSystem.removeLeftovers(of: [file.path])
        try file.write(bytes, in: planFolder)
    }

    /// The text a new day starts from, as rollover starts a day with no earlier plan: the template filled in,
    /// or a blank day; with the warnings for placeholders dayplan does not know. An existing empty day
    /// (nothing, front matter or blank lines, as an editor's daily-note command leaves it) is filled as
    /// rollover fills it, keeping what it holds.
    func newDay(filling empty: [UInt8]? = nil) throws(Failure) -> (bytes: [UInt8], warnings: [String], template: String?) {
        try DaySession.newDay(file.day, at: file.path, in: planFolder, filling: empty)
    }

    /// The text a new `day` at `path` starts from in `planFolder`, as `newDay(filling:)` says; for the
    /// language server, which makes a day's file from the editor without opening a session.
    static func newDay(_ day: Day, at path: String, in planFolder: PlanFolder, filling empty: [UInt8]? = nil)
        throws(Failure) -> (bytes: [UInt8], warnings: [String], template: String?) {
        var template: (path: String, bytes: [UInt8], unknown: [Template.UnknownPlaceholder])?
        if empty == nil {
            do {
                template = try DayFileOfPlan.template(for: day, in: planFolder)
            } catch {
                throw Failure(code: .failure, message: "\(error.message); nothing changed")
            }
        }
        do {
            let plan = try Rollover(opening: day, from: nil, existing: empty ?? template?.bytes)
            return (plan.targetAfter, template?.unknown.map { DayFileOfPlan.warning($0, in: template?.path ?? "") } ?? [], template?.path)
        } catch {
            let name = template?.path ?? path
            switch error {
            case .sourceRefused(let reasons), .targetRefused(let reasons):
                throw Failure(code: .findings, message: reasons.map { FindingFormat.line($0, file: name) }.joined(separator: "\n")
                              + "\n\(name): the template for new days has errors that would make the new day a guess; nothing changed")
            case .checkFailed(let problems):
                throw Failure(code: .failure, message: problems.joined(separator: "; "))
            }
        }
    }
}

extension DaySession {
    /// The arguments of a command that reads one day and takes it as a DATE word too (`dayplan status
    /// 2026-11-21`, `dayplan events tomorrow`): that word becomes `--date`. Nil, with the message written to
    /// `err`, for more than one word or a DATE that differs from `--date`.
    static func takingDateWord(_ arguments: Arguments, command: String, err: inout Output) -> Arguments? {
        var arguments = arguments
        guard arguments.positionals.count <= 1 else {
            err.line("dayplan \(command): give at most one DATE\nRun 'dayplan \(command) --help' for usage.")
            return nil
        }
        if let date = arguments.positionals.first {
            guard arguments.options["--date"] == nil || arguments.options["--date"] == date else {
                err.line("dayplan \(command): give the day once, as DATE or --date\nRun 'dayplan \(command) --help' for usage.")
                return nil
            }
            arguments.options["--date"] = date
        }
        return arguments
    }

    /// The day a task marked done now gets as `@done:` when the plan's `done-date` setting is on (today, as
    /// the day starts for this plan); nil when the setting is off.
    func doneDate(_ arguments: Arguments) -> Day? {
        guard planFolder.settings.writesDoneDate else { return nil }
        return try? Clock.today(in: planFolder, dayStartsAt: arguments.options["--day-starts-at"]).get()
    }

    /// One change made by a daily command: opens the day's file (or the FILE of a `FILE:LINE`) under the lock,
    /// selects the task, works the edit out with the library's `DayEditor` (which checks the 1-3-5 rule), writes
    /// the file atomically when it changes, and prints one line saying what changed: `path:line: summary`.
    /// `warnings` gives the lines (for standard error) a change leaves to say after its summary, such as the open
    /// sub-tasks a cancelled task keeps.
    static func change(_ command: String, _ arguments: Arguments, task selector: TaskSelector,
                       warnings: (PlacedTask, DayEdit) -> [String] = { _, _ in [] },
                       edit: (DayEditor, PlacedTask, DaySession) throws(EditError) -> DayEdit) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        let (session, editor, placed): (DaySession, DayEditor, PlacedTask)
        do {
            (session, editor, placed) = try openSelecting(command, arguments, task: selector)
        } catch {
            err.line(error.message)
            return error.code
        }
        defer { session.release() }
        let path = session.file.path
        let change: DayEdit
        do {
            change = try edit(editor, placed, session)
        } catch {
            return report(error, command: command, path: path, to: &err)
        }
        if change.changesFile {
            do {
                try session.write(change.after)
            } catch {
                err.line("dayplan \(command): \(error.message); nothing changed")
                return .failure
            }
        }
        let line = change.line > 0 ? change.line : placed.task.line
        if !arguments.flags.contains("--quiet") {
            out.line("\(path):\(line): \(change.summary)")
        }
        for warning in warnings(placed, change) { err.line("\(path):\(warning)") }
        // The post- hook after a write (docs/hooks.md); it cannot undo it.
        if change.changesFile {
            out.flush()
            Hooks.after("post-\(command)", in: session.planFolder, Hooks.changes(command, day: session.file.day,
                        [(path, line, change.summary)]), command: command, err: &err)
        }
        return .success
    }

    /// Opens the day's file (or the FILE of a `FILE:LINE`) under the lock and selects the task in it: the session
    /// (for the caller to release), an editor on its bytes in the plan's metadata style, and the task. A failure's
    /// message is the whole line for standard error, `dayplan COMMAND: …`; the lock is released then.
    /// With `asItsDay`, a `FILE:LINE` naming the plan folder's own file of a day (its name's) opens that day, the
    /// folder listed and locked as for a title, so that the days around it are seen (`start` stops a task timed in the
    /// day before); any other file opens alone.
    static func openSelecting(_ command: String, _ arguments: Arguments, task selector: TaskSelector, asItsDay: Bool = false)
        throws(Failure) -> (session: DaySession, editor: DayEditor, placed: PlacedTask) {
        let session: DaySession
        do {
            if case .line(let file, _) = selector, asItsDay, arguments.options["--date"] == nil,
               let day = Day(FileSystem.name(of: file).prefix(10)),
               let dated = try? open(arguments.dated(day), writing: true) {
                if dated.bytes != nil, FileSystem.resolvedPath(dated.file.path) == FileSystem.resolvedPath(file) {
                    session = dated
                } else {
                    dated.release()
                    session = try open(arguments, path: file, writing: true)
                }
            } else if case .line(let file, _) = selector {
                session = try open(arguments, path: file, writing: true)
            } else {
                session = try open(arguments, writing: true)
            }
        } catch {
            throw Failure(code: error.code, message: "dayplan \(command): \(error.message)")
        }
        guard let bytes = session.bytes else {
            session.release()
            throw Failure(code: .failure, message: session.missingFileMessage(command, arguments, capture: true))
        }
        var editor = DayEditor(bytes)
        editor.style = session.planFolder.settings.metadataStyle
        switch selector.select(in: editor, path: session.file.path) {
        case .success(let found):
            return (session, editor, found)
        case .failure(let failure):
            session.release()
            throw Failure(code: failure.code, message: "dayplan \(command): \(failure.message)")
        }
    }

    /// Reports why an edit was not made, and returns the exit code: 1 for a full bucket or a file with errors
    /// (the person can act on it), 2 otherwise.
    static func report(_ error: EditError, command: String, path: String, hint: String = "", to err: inout Output) -> ExitCode {
        switch error {
        case .bucketFull(let full):
            err.line("dayplan \(command): \(path): \(full.refusal)\(hint); nothing changed")
            return .findings
        case .refused(let reasons):
            for reason in reasons { err.line(FindingFormat.line(reason, file: path)) }
            err.line("\(path): not changed, because of the error\(reasons.count == 1 ? "" : "s") above")
            return .findings
        case .noTask, .notMetadata, .checkFailed:
            err.line("dayplan \(command): \(path): \(error.message); nothing changed")
            return .failure
        }
    }
}

extension Arguments {
    /// The same arguments for `day`, as `--date` names it.
    func dated(_ day: Day) -> Arguments {
        var copy = self
        copy.options["--date"] = day.description
        return copy
    }
}
