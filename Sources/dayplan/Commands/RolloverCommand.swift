#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DayPlan

/// `dayplan rollover`: closes the most recent day plan and opens a new day from it.
enum RolloverCommand {
    static let spec = CommandSpec(
        name: "rollover",
        summary: "Open a new day from the most recent plan, carrying unfinished tasks",
        arguments: nil,
        about: """
            Opens the plan for DATE (DIR/DATE.md) from the newest day file dated before it: after a
            weekend, Monday starts from Friday. With no earlier plan, it starts a blank day.

            In the old day, finished and cancelled tasks stay as they are and each open task is marked
            [>] (moved on): a task flagged @carry comes back in the same region and bucket, other tasks
            of Morning, Afternoon and Evening go to the Backlog with @from:<old day>, and the open
            Backlog moves forward as it is. A task bound for the Backlog whose @expires: day has passed
            is marked [-] with @expired in the old day instead, and not carried.

            If DATE's file exists already, every byte of it is kept and the tasks are added to it,
            skipping any whose title it already has. Running rollover again for the same DATE changes
            nothing. Every write is atomic, the new day first; a run that is cut short is completed by
            the next. While it runs it holds the lock DIR/.dayplan.lock, so two rollovers make one.
            """,
        options: [
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "The plan folder (default: the current folder)."),
            .option("--date", "YYYY-MM-DD", .date, "The day to open (default: today in the local time zone)."),
            .option("--day-starts-at", "HOUR", .hour, environment: "DAYPLAN_DAY_STARTS_AT",
                    "Before this hour (0-23) it is still yesterday, for work past midnight (default 0)."),
            .flag("--dry-run", short: "n", "Write nothing; show the new day and the old day's changed lines."),
        ],
        exitCodes: [(0, "done (or nothing to do)"),
                    (1, "a day file has errors that would make rollover a guess (nothing changed)"),
                    (2, "usage or I/O error")])

    static func run(_ words: [String]) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan rollover: \(message)")
            return .failure
        }

        // 1. Arguments: the folder and the day to open.
        let arguments: Arguments
        do {
            arguments = try Arguments.forCommand(spec, words)
        } catch {
            return error
        }
        guard arguments.positionals.isEmpty else {
            return fail("takes no paths; name the plan folder with --dir DIR")
        }
        let dryRun = arguments.flags.contains("--dry-run")
        let folder = arguments.options["--dir"] ?? environment("DAYPLAN_DIR").flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let day: Day
        if let text = arguments.options["--date"] {
            guard let given = Day(text) else { return fail("--date '\(text)' is not a date; write YYYY-MM-DD") }
            day = given
        } else {
            let (source, text) = arguments.options["--day-starts-at"].map { ("--day-starts-at", $0) }
                ?? ("DAYPLAN_DAY_STARTS_AT", environment("DAYPLAN_DAY_STARTS_AT") ?? "0")
            guard let hour = Int(text), (0...23).contains(hour) else {
                return fail("\(source) '\(text)' is not an hour; give a whole number from 0 to 23")
            }
            guard let today = today(dayStartsAt: hour) else { return fail("cannot read the local time") }
            day = today
        }
        switch FileSystem.kind(of: folder) {
        case .directory: break
        case .missing: return fail("\(folder): no such folder")
        case .file, .other: return fail("\(folder): not a folder")
        }

        // 2. Hold the folder's lock for the whole run, so that two rollovers at the same moment make one.
        let lock: Int32
        do {
            lock = try lockFolder(folder, exclusive: !dryRun)
        } catch {
            return fail("\(error.message); nothing changed")
        }
        defer { if lock >= 0 { close(lock) } }

        // 3. A run killed while writing leaves a temporary file behind: remove those of processes that are gone.
        let names: [String]
        do {
            names = try FileSystem.entries(of: folder)
        } catch {
            return fail("\(error.message); nothing changed")
        }
        if !dryRun {
            for name in names where FileSystem.isLeftover(name) && unlink(FileSystem.join(folder, name)) != 0 {
                err.line("dayplan rollover: warning: cannot remove \(FileError.system(FileSystem.join(folder, name), "leftover").message)")
            }
        }

        // 4. The source: the newest day file dated before the day. The target: the day's own file, if any.
        var sourcePath = ""
        var source: (day: Day, bytes: [UInt8])?
        var newFileMode: mode_t = 0o644
        if let sourceDay = names.compactMap({ dayOfFile($0, in: folder) }).filter({ $0 < day }).max() {
            sourcePath = FileSystem.join(folder, sourceDay.fileName)
            guard FileSystem.kind(of: sourcePath) == .file else {
                return fail("\(sourcePath): not a readable file; nothing changed")
            }
            do {
                source = (sourceDay, try FileSystem.read(sourcePath))
            } catch {
                return fail("\(error.message); nothing changed")
            }
            var info = stat()
            // The new day is as private as the old one, and its owner may always write it.
            if stat(sourcePath, &info) == 0 { newFileMode = info.st_mode & 0o777 | 0o200 }
        }
        let targetPath = FileSystem.join(folder, day.fileName)
        var target: [UInt8]?
        var info = stat()
        if lstat(targetPath, &info) == 0 {
            guard FileSystem.kind(of: targetPath) == .file else {
                return fail("\(targetPath): exists but is not a readable day file; nothing changed")
            }
            do {
                target = try FileSystem.read(targetPath)
            } catch {
                return fail("\(error.message); nothing changed")
            }
        } else if errno != ENOENT {
            return fail("\(FileError.system(targetPath, "cannot look at").message); nothing changed")
        }
        // A day file that is a link to another folder has its temporary files written there: clean those too.
        if !dryRun {
            for failure in FileSystem.removeLeftovers(of: sourcePath.isEmpty ? [targetPath] : [sourcePath, targetPath]) {
                err.line("dayplan rollover: warning: \(failure.message)")
            }
        }

        // 5. Work out both files (the library, on values), then parse them back and check them.
        let plan: Rollover
        do {
            plan = try Rollover(opening: day, from: source, existing: target)
            try plan.verify()
        } catch {
            switch error {
            case .sourceRefused(let diagnostics), .targetRefused(let diagnostics):
                let name = if case .sourceRefused = error { sourcePath } else { targetPath }
                for diagnostic in diagnostics {
                    err.line(FindingFormat.line(diagnostic, file: name))
                }
                err.line("\(name): rollover refused because of the error\(diagnostics.count == 1 ? "" : "s") above; nothing changed")
                return .findings
            case .checkFailed(let problems):
                return fail("the computed files failed their check, so nothing was written (please report this):\n"
                            + problems.map { "  - " + $0 }.joined(separator: "\n"))
            }
        }

        // What stays behind although it is open is never silent: one line each, as lint names it.
        for finding in plan.leftBehind {
            err.line(FindingFormat.line(finding, file: sourcePath))
        }

        // 6. A dry run shows what would be written, and stops.
        if dryRun {
            show(plan, targetPath: targetPath, sourcePath: sourcePath, to: &out)
            out.line("dry run, nothing written: " + describe(plan, targetPath: targetPath, sourcePath: sourcePath))
            return .success
        }

        // 7. Write the new day first, then the old one. A run killed between the two leaves the tasks in both
        // files; the next run skips the titles the new day already holds and finishes marking the old one.
        // An old day that may not be written (read-only, an archive) would stop the run half-way: find out first.
        if plan.changesSource, access(sourcePath, W_OK) != 0 {
            return fail("\(FileError.system(sourcePath, "cannot write").message); nothing changed")
        }
        if plan.changesTarget {
            do {
                try FileSystem.replace(targetPath, with: plan.targetAfter, newFileMode: newFileMode,
                                       beforeRename: { FaultHook.crash(at: "before-target-rename") })
            } catch {
                return fail("\(error.message); nothing changed")
            }
        }
        FaultHook.crash(at: "after-target-write")
        if plan.changesSource, let sourceAfter = plan.sourceAfter {
            do {
                try FileSystem.replace(sourcePath, with: sourceAfter,
                                       beforeRename: { FaultHook.crash(at: "before-source-rename") })
            } catch {
                return fail("\(error.message); \(targetPath) already holds what moves on, so run rollover again "
                            + "once \(sourcePath) can be written, to mark it there")
            }
        }

        // 8. The summary.
        out.line(describe(plan, targetPath: targetPath, sourcePath: sourcePath))
        return .success
    }

    // MARK: - Output

    /// One line: where the day came from and what moved.
    static func describe(_ plan: Rollover, targetPath: String, sourcePath: String) -> String {
        guard plan.sourceDay != nil else {
            return plan.targetBefore == nil
                ? "\(targetPath): no earlier plan, started a blank day"
                : "\(targetPath): no earlier plan; the file is kept as it is"
        }
        let counts = plan.summary
        var text = "\(targetPath) from \(sourcePath): \(counts.carried) carried, \(counts.deferred) deferred to the backlog, "
            + "\(counts.expired) expired"
        if counts.alreadyPlanned > 0 { text += ", \(counts.alreadyPlanned) already planned" }
        text += "; the backlog holds \(counts.backlog) task\(counts.backlog == 1 ? "" : "s")"
        if !plan.changesTarget && !plan.changesSource { text += " (nothing to change)" }
        return text
    }

    /// The new day's lines to be added (all of them for a new file) and the old day's lines to change.
    static func show(_ plan: Rollover, targetPath: String, sourcePath: String, to out: inout Output) {
        let width = String(max(plan.addedLines.last?.line ?? 0, plan.sourceChanges.last?.line ?? 0)).count
        func row(_ line: Int, _ sign: String, _ text: String) -> String {
            let digits = String(line)
            return String(repeating: " ", count: max(0, width - digits.count)) + digits + " " + sign
                + (text.isEmpty ? "" : " " + text)
        }
        if plan.changesTarget {
            out.line(plan.targetBefore == nil
                     ? "\(targetPath) would be created:"
                     : "\(targetPath) would get \(plan.addedLines.count) line\(plan.addedLines.count == 1 ? "" : "s"):")
            for added in plan.addedLines { out.line(row(added.line, "+", added.text)) }
        }
        if plan.changesSource {
            out.line("\(sourcePath) would change:")
            for change in plan.sourceChanges {
                out.line(row(change.line, "-", change.old))
                out.line(row(change.line, "+", change.new))
            }
        }
    }

    // MARK: - The folder

    /// The day a folder entry is the plan of: a file or link named `YYYY-MM-DD.md` with a real date.
    static func dayOfFile(_ name: String, in folder: String) -> Day? {
        guard Day.isFileName(name), let day = Day(name.prefix(10)) else { return nil }
        var info = stat()
        guard lstat(FileSystem.join(folder, name), &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return type == S_IFREG || type == S_IFLNK ? day : nil
    }

    /// Takes `DIR/.dayplan.lock`: exclusive for a rollover; shared for a dry run, which creates nothing and so
    /// locks only a lock file that exists (-1 when there is none). Gives up after 30 seconds rather than hang.
    static func lockFolder(_ folder: String, exclusive: Bool) throws(FileError) -> Int32 {
        let lockPath = FileSystem.join(folder, ".dayplan.lock")
        let descriptor = exclusive
            ? open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            : open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if !exclusive, errno == ENOENT { return -1 }
            throw .system(lockPath, "cannot open the lock file")
        }
        var waited = 0
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EAGAIN || code == EINTR else {
                let failure = FileError.system(lockPath, "cannot lock")
                close(descriptor)
                throw failure
            }
            guard waited < 30_000 else {
                close(descriptor)
                throw FileError(lockPath, "another rollover has held this lock for 30 seconds")
            }
            usleep(10_000)
            waited += 10
        }
        return descriptor
    }

    // MARK: - The clock and the environment

    /// Today in the local time zone, where a day starts at `hour` o'clock: before it, it is still yesterday.
    static func today(dayStartsAt hour: Int) -> Day? {
        var now = time(nil)
        // Test hook: DAYPLAN_NOW, in seconds since 1970, stands in for the clock.
        if let text = environment("DAYPLAN_NOW"), let seconds = Int(text) { now = time_t(seconds) }
        tzset()
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
              let date = Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return nil }
        return Int(parts.tm_hour) < hour ? date.adding(days: -1) : date
    }

    /// An environment variable's value.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
