import DayPlan

/// Rollover's files and its transaction on them, beside `DaySession` (the daily commands' one): the guard rails,
/// the lock of both days' files, the old day (the newest day file before the day) and the new day's file or what
/// it starts from (the template), the routines; then both files staged, flushed and put in place in the order
/// that keeps a crash safe. What rollover decides about the tasks is the library's `Rollover`, on values.
struct RolloverFiles {
    /// The plan folder.
    let planFolder: PlanFolder
    /// The old day's file; "" when there is no earlier plan.
    let sourcePath: String
    /// The old day and its bytes; nil when there is no earlier plan. A preview (`review --evening`) may put the
    /// old day as it would be in their place.
    var source: (day: Day, bytes: [UInt8])?
    /// The new day's file: where it is, or where the layout puts it.
    let target: DayFileOfPlan
    /// The new day's bytes: the file's, or the template's for a new file; nil for a new blank day.
    let targetBytes: [UInt8]?
    /// Whether the new day's file does not exist yet.
    let creates: Bool
    /// The template a new day was made from, if any.
    let templatePath: String?
    /// The routines (`.dayplan/routines.md`), if the plan folder has them.
    let routines: DayDocument?
    /// When the routines' copies were last closed, from the day files as far back as a `@every:done+…` routine waits.
    let history: RoutineHistory
    /// Lines for standard error that do not stop the run (a template's unknown placeholder, a leftover that could
    /// not be removed), in the order they arose.
    let warnings: [String]
    /// The mode of a new day: the old day's (as private as it), always writable by its owner.
    private let newFileMode: mode_t
    /// The lock of both files, held until `release()`.
    private let lock: PlanLock

    /// Why rollover stops: its exit code, the lines for standard error, and whether they follow the line naming the
    /// plan folder (not for a folder that is no plan folder).
    struct Failure: Error {
        let code: ExitCode
        let lines: [String]
        var namesPlanFolder = true
    }

    /// Opens the files to roll `planFolder` over into `day`, holding their lock (shared for a dry run, which
    /// removes no leftovers).
    static func open(_ planFolder: PlanFolder, day: Day, dryRun: Bool) throws(Failure) -> RolloverFiles {
        func fail(_ message: String) -> Failure { Failure(code: .failure, lines: ["dayplan rollover: \(message)"]) }

        // A folder that is not a plan folder and has no day file is most likely the wrong folder (a cron job
        // without DAYPLAN_DIR): refused before anything is made there, lock file included.
        // Its listing is the lock's first (below).
        var listed: [PlanFolder.DayFile]?
        if !planFolder.isInitialized {
            let files: [PlanFolder.DayFile]?
            do {
                files = try planFolder.dayFiles(givingUpEmptyAfter: PlanFolder.foldersSearchedForAFirstDayFile)
            } catch {
                throw Failure(code: .failure, lines: ["dayplan rollover: \(error.message); nothing changed"], namesPlanFolder: false)
            }
            guard let files, !files.isEmpty else {
                throw Failure(code: .failure, lines: ["dayplan rollover: " + DayFileOfPlan.notAPlanFolder(planFolder, gaveUp: files == nil)],
                              namesPlanFolder: false)
            }
            listed = files
        }

        // The lock of the files this run writes, held for the whole run, so that two rollovers at the same moment
        // make one and no other writer can undo what this run writes.
        let lock: PlanLock
        let files: [PlanFolder.DayFile]
        do {
            (lock, files) = try PlanLock.take(in: planFolder, exclusive: !dryRun, listed: listed) { files in
                // Two files of one day are refused below, before anything is written: nothing to lock for them.
                let sources = PlanFolder.newest(before: day, in: files)
                guard PlanFolder.duplicates(sources) == nil,
                      let target = try? DayFileOfPlan.find(day, in: planFolder, files: files).get() else { return [] }
                return sources.map(\.path) + [target.path]
            }
        } catch {
            throw fail("\(error.message); nothing changed")
        }
        do throws(Failure) {
            return try open(planFolder, day: day, dryRun: dryRun, files: files, lock: lock)
        } catch {
            lock.release()
            throw error
        }
    }

    /// `open` once the lock is held and the day files are listed under it.
    private static func open(_ planFolder: PlanFolder, day: Day, dryRun: Bool, files: [PlanFolder.DayFile],
                             lock: PlanLock) throws(Failure) -> RolloverFiles {
        var warnings: [String] = []
        func fail(_ message: String) -> Failure {
            Failure(code: .failure, lines: warnings + ["dayplan rollover: \(message)"])
        }

        // A run killed while writing leaves a temporary file behind: remove those of runs that are gone.
        if !dryRun {
            warnings += FileSystem.removeLeftovers(in: planFolder.path).map { "dayplan rollover: warning: \($0.message)" }
        }

        // The source: the newest day file dated before the day. The target: the day's own file wherever it is, else
        // where the layout puts it. Two files of either day would make either choice a guess, and a day file that is
        // one file with another day's (a link) would mark the new day's own tasks moved on.
        let sources = PlanFolder.newest(before: day, in: files)
        let target: DayFileOfPlan
        switch DayFileOfPlan.find(day, in: planFolder, files: files) {
        case .success(let found) where PlanFolder.duplicates(sources) == nil:
            target = found
        case .success:
            throw Failure(code: .findings, lines: warnings + ["dayplan rollover: \(PlanFolder.duplicates(sources) ?? ""); nothing changed"])
        case .failure(let duplicates):
            throw Failure(code: .findings, lines: warnings
                          + ["dayplan rollover: \(PlanFolder.duplicates(sources) ?? duplicates.message); nothing changed"])
        }
        for path in sources.map(\.path) + [target.path] {
            if let problem = PlanFolder.sharedFile(path, among: files) {
                throw Failure(code: .findings, lines: warnings + ["dayplan rollover: \(problem)"])
            }
        }

        // A day with a sync tool's conflict copy beside it misses one device's changes: rollover would carry a guess.
        let paths = sources.map(\.path) + [target.path]
        for (path, copies) in zip(paths, PlanFolder.conflictCopies(of: paths)) {
            for copy in copies {
                let tool = ConflictCopyName(fileName: FileSystem.name(of: copy))?.tool.rawValue ?? "a sync tool"
                throw Failure(code: .findings, lines: warnings + [
                    "dayplan rollover: \(copy): \(tool)'s conflict copy of \(path) is not resolved [\(Rule.conflictCopy)], so "
                    + "\(path) may miss the other device's changes; merge it with 'dayplan resolve' first; nothing changed"])
            }
        }

        var sourcePath = ""
        var source: (day: Day, bytes: [UInt8])?
        var newFileMode: mode_t = 0o644
        if let found = sources.first {
            sourcePath = found.path
            guard FileSystem.kind(of: sourcePath) == .file else { throw fail("\(sourcePath): not a readable file; nothing changed") }
            do {
                source = (found.day, try FileSystem.read(sourcePath))
            } catch {
                throw fail("\(error.message); nothing changed")
            }
            var info = stat()
            if stat(sourcePath, &info) == 0 { newFileMode = info.st_mode & 0o777 | 0o200 }
        }
        var targetBytes: [UInt8]?
        var info = stat()
        if lstat(target.path, &info) == 0 {
            guard FileSystem.kind(of: target.path) == .file else {
                throw fail("\(target.path): exists but is not a readable day file; nothing changed")
            }
            do {
                targetBytes = try FileSystem.read(target.path)
            } catch {
                throw fail("\(error.message); nothing changed")
            }
        } else if errno != ENOENT && errno != ENOTDIR {
            throw fail("\(FileError.system(target.path, "cannot look at").message); nothing changed")
        }
        let creates = targetBytes == nil

        // A new day starts from the template, when the settings name one: its text, filled in for the day.
        var templatePath: String?
        if creates {
            let template: (path: String, bytes: [UInt8], unknown: [Template.UnknownPlaceholder])?
            do {
                template = try DayFileOfPlan.template(for: day, in: planFolder)
            } catch {
                throw fail("\(error.message); nothing changed")
            }
            if let template {
                warnings += template.unknown.map { DayFileOfPlan.warning($0, in: template.path) }
                targetBytes = template.bytes
                templatePath = template.path
            }
        }

        // A day file in a folder below, or a link to another folder, has its temporary files written there: clean
        // those too. (The plan folder's own were cleaned above; in a folder of years of day files, reading it again
        // costs more than the rest of the run.)
        if !dryRun {
            let planFolderItself = FileSystem.resolvedPath(planFolder.path)
            func folderWritten(_ path: String) -> String {
                FileSystem.kind(of: path) == .missing ? FileSystem.resolvedPath(FileSystem.directory(of: path))
                    : FileSystem.directory(of: FileSystem.resolvedPath(path))
            }
            let elsewhere = (sourcePath.isEmpty ? [target.path] : [sourcePath, target.path])
                .filter { folderWritten($0) != planFolderItself }
            warnings += FileSystem.removeLeftovers(of: elsewhere).map { "dayplan rollover: warning: \($0.message)" }
        }

        // The routines file, if the plan folder has one: a day file's syntax, its tasks carrying `@every:`.
        let routinesPath = planFolder.path(of: PlanFolder.routinesFile)
        var routines: DayDocument?
        if FileSystem.kind(of: routinesPath) != .missing {
            do {
                routines = DayDocument(parsing: try FileSystem.read(try planFolder.pathInside(PlanFolder.routinesFile,
                                                                                            what: "the routines file")))
            } catch {
                throw fail("\(error.message); nothing changed")
            }
            let problems = (routines?.diagnostics ?? []).filter { $0.severity == .error }
            if !problems.isEmpty {
                throw Failure(code: .findings, lines: warnings + problems.map { FindingFormat.line($0, file: routinesPath) }
                              + ["\(routinesPath): rollover refused because of the error\(problems.count == 1 ? "" : "s") above in the routines; nothing changed"])
            }
        }
        // A repeat counted from completion needs the days its copy may have been closed on: the plans of the days
        // before the new one, as far back as its wait. A day file that cannot be read is named, never guessed past.
        var history = RoutineHistory()
        let lookback = RoutineHistory.lookback(of: routines)
        if lookback > 0 {
            for file in files where file.day < day && file.day >= day.adding(days: -lookback) {
                do {
                    let bytes = file.path == sourcePath ? source?.bytes ?? [] : try FileSystem.read(file.path)
                    history.record(DayDocument(parsing: bytes), of: file.day)
                } catch {
                    throw fail("\(error.message), which `@every:done+…` routines need; nothing changed")
                }
            }
        }
        return RolloverFiles(planFolder: planFolder, sourcePath: sourcePath, source: source, target: target,
                             targetBytes: targetBytes, creates: creates, templatePath: templatePath, routines: routines,
                             history: history, warnings: warnings, newFileMode: newFileMode, lock: lock)
    }

    /// Releases the lock.
    func release() {
        lock.release()
    }

    /// Writes what `plan` worked out. Both files are written beside their places and flushed to the disk before
    /// either is put in place, so that a write that fails (a full disk, a read-only old day) leaves both as they
    /// were; an old day that may not be written is found out before anything is written. Then the new day is put
    /// in place first and the old one after, each rename flushed before the next: a run killed between the two
    /// leaves the tasks in both files, and the next run skips the titles the new day already holds and finishes
    /// marking the old one. Returns the folders it made for the new day's file, outermost first.
    @discardableResult
    func write(_ plan: Rollover) throws(Failure) -> [String] {
        func fail(_ message: String) -> Failure { Failure(code: .failure, lines: ["dayplan rollover: \(message)"]) }
        if plan.changesSource, access(sourcePath, W_OK) != 0 {
            throw fail("\(FileError.system(sourcePath, "cannot write").message); nothing changed")
        }
        var stagedTarget: DayFileOfPlan.Staged?
        var stagedSource: FileSystem.StagedFile?
        do throws(FileError) {
            if creates || plan.changesTarget {
                stagedTarget = try target.stage(plan.targetAfter, in: planFolder, newFileMode: newFileMode)
            }
            if plan.changesSource, let sourceAfter = plan.sourceAfter {
                stagedSource = try FileSystem.stage(sourcePath, with: sourceAfter)
            }
            for file in [stagedTarget?.file, stagedSource].compactMap({ $0 }) {
                if let failure = file.flush() { throw failure }
            }
        } catch {
            stagedTarget?.abandon()
            stagedSource?.abandon()
            throw fail("\(error.message); nothing changed")
        }
        if let stagedTarget {
            do {
                try stagedTarget.commit(beforeRename: { FaultHook.crash(at: "before-target-rename") })
            } catch {
                stagedSource?.abandon()
                throw fail("\(error.message); nothing changed")
            }
        }
        FaultHook.crash(at: "after-target-write")
        if let source = stagedSource {
            do {
                try source.commit(beforeRename: { FaultHook.crash(at: "before-source-rename") })
            } catch {
                throw fail("\(error.message); \(target.path) already holds what moves on, so run rollover again "
                           + "once \(sourcePath) can be written, to mark it there")
            }
        }
        return stagedTarget?.madeFolders ?? []
    }
}
