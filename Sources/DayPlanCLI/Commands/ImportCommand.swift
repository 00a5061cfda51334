import DayPlan
import DayPlanExport

/// `dayplan import`: writes the day files an export describes, in canonical form, into the plan folder.
enum ImportCommand {
    /// The word that runs it: `dayplan import`.
    static let name = "import"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Write the day files a JSON export describes into the plan folder",
        arguments: Value(placeholder: "FILE [DONE]", kind: .file),
        about: """
            Reads FILE (- for standard input): a document 'dayplan export' wrote (schema version 1, or JSON
            Lines, one day a line; docs/EXPORT.md) and writes each day's file in canonical form into the
            plan folder (found from DIR or the current folder, as rollover finds it): where a file of that
            day already is, else where the layout setting puts it, folders made as needed.

            The whole document is checked before anything is written: a mistake is reported with its
            JSON path (days[3].regions[0].tasks[2].status: unknown status "finished"), and so is a day
            whose file would not read back as the document says. A day file that exists with other
            content is not overwritten without --force: each is named, and nothing at all is written.
            A file that says the same (in canonical form or not) is left as it is. Each metadata value
            must be exactly one value of its key (no space, @, # or control character in it).

            All days are written or none: each is staged beside its place and flushed before any is put
            in place, under the plan folder's lock, so a failed write leaves every day file as it was. A
            new day's file is made only where none is, and never through a folder linked out of the plan
            folder (exit 2, naming the link).

            --from todotxt FILE [DONE] and --from taskwarrior FILE bring another tool's list over
            (todo.txt and done.txt; what 'task export' writes), a dry run unless --write: each task is
            listed with the file and line it goes to. A finished task goes into the file of the day it
            was finished (the region its time falls in, else the Backlog); an open one scheduled for today
            or earlier into today's first region with room for its bucket; any other into today's
            Backlog (with @on: for a later day, so that rollover places it then). Tasks are added as
            'dayplan add' adds them, every other byte kept; nothing is overwritten, and a task a file
            holds already (the same title) is not added again. docs/interop.md has each mapping.
            """,
        options: [
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "Where to look for the plan folder (default: the current folder)."),
            .flag("--dry-run", short: "n", "Write nothing; list what would be written."),
            .flag("--force", short: "f", "Overwrite day files whose content differs."),
            .choice("--from", noun: "format", ["dayplan", "todotxt", "taskwarrior"],
                    "What FILE is: dayplan (default: an export), todotxt, taskwarrior (task export's JSON)."),
            .flag("--write", "With --from todotxt or taskwarrior: write (default: list what would be written)."),
            .quiet,
        ],
        exitCodes: [(0, "written (or nothing to write)"),
                    (1, "the document has a mistake, or day files differ and --force was not given (nothing written)"),
                    (2, "usage or I/O error")])

    /// What happens to one day's file.
    enum Action {
        case create, replace, unchanged, differs
    }

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan import: \(message)")
            return .failure
        }

        if let tool = arguments.options["--from"], tool != "dayplan" {
            return runFromOtherTool(arguments, tool: tool)
        }
        if arguments.flags.contains("--write") { return fail("--write is for --from todotxt or taskwarrior (an export is written unless --dry-run)") }
        guard arguments.positionals.count == 1, let file = arguments.positionals.first else {
            return fail(arguments.positionals.isEmpty ? "name the JSON file to import (- for standard input)"
                        : "takes one FILE; got \(arguments.positionals.count)")
        }
        let dryRun = arguments.flags.contains("--dry-run")
        let force = arguments.flags.contains("--force")
        let quiet = arguments.flags.contains("--quiet")

        // 1. The whole document, checked before the folder is touched.
        let days: [DayRecord]
        do {
            days = try ExportDocument.days(parsing: try FileSystem.read(file))
        } catch let error as FileError {
            return fail(error.message)
        } catch let error as RecordError {
            err.line("dayplan import: \(file == "-" ? "<stdin>" : file): \(error); nothing written")
            return .findings
        } catch {
            return fail("\(error)")
        }

        // 2. The plan folder, locked from before it is read until it is written.
        let folder: PlanFolder
        do {
            folder = try PlanFolder.find(dir: arguments.options["--dir"])
        } catch {
            return fail(error.message)
        }
        // The lock of every file it may write (each day's file, or where a new one goes), taken before the listing
        // it decides from.
        let lock: PlanLock
        let existing: [PlanFolder.DayFile]
        do {
            (lock, existing) = try Self.lock(days.map(\.date), in: folder, exclusive: !dryRun)
        } catch {
            return fail("\(error.message); nothing written")
        }
        defer { lock.release() }

        // 3. What each day's file would become.
        var plan: [(file: DayFileOfPlan, bytes: [UInt8], action: Action)] = []
        var duplicates: [String] = []
        for record in days.sorted(by: { $0.date < $1.date }) {
            let file: DayFileOfPlan
            switch DayFileOfPlan.find(record.date, in: folder, files: existing) {
            case .success(let found): file = found
            case .failure(let twice):
                duplicates.append(twice.message)
                continue
            }
            let bytes = record.canonicalBytes()
            guard !file.isNew else {
                // Checked here too, not only as it is staged, so that a dry run says what a run would.
                do {
                    try folder.checkInside(dayFile: file.path)
                } catch {
                    return fail("\(error.message); nothing written")
                }
                plan.append((file, bytes, .create))
                continue
            }
            let current: [UInt8]
            do {
                current = try FileSystem.read(file.path)
            } catch {
                return fail("\(error.message); nothing written")
            }
            let same = current == bytes || DayDocument(parsing: current).canonicalBytes() == bytes
            if !same, force, let problem = PlanFolder.sharedFile(file.path, among: existing) {
                duplicates.append(problem)
                continue
            }
            plan.append((file, bytes, same ? .unchanged : force ? .replace : .differs))
        }
        let conflicts = plan.filter { $0.action == .differs }
        for message in duplicates { err.line("dayplan import: \(message)") }
        for conflict in conflicts {
            err.line("dayplan import: \(conflict.file.path): exists with other content; --force replaces it")
        }
        if !duplicates.isEmpty || !conflicts.isEmpty {
            err.line("dayplan import: nothing written")
            return .findings
        }

        // 4. A dry run lists. A run stages every day's file beside its place first (new folders made as needed, the
        // temporary files killed runs left removed, each path checked against the plan's rule for links, a new file
        // only where none is) and flushes them all; only then are they put in place, one rename each. A failure
        // before that leaves every file as it was.
        let writes = plan.filter { $0.action == .create || $0.action == .replace }
        var staged: [DayFileOfPlan.Staged] = []
        if !dryRun {
            do {
                staged = try stage(writes.map { ($0.file, $0.bytes) }, in: folder)
            } catch {
                return fail("\(error.message); nothing written")
            }
        }
        if !dryRun { FaultHook.crash(at: "import-before-renames") }
        var counts: [Action: Int] = [:]
        var committed = 0
        for entry in plan {
            counts[entry.action, default: 0] += 1
            let verb = switch entry.action {
            case .create: dryRun ? "would create" : "created"
            case .replace: dryRun ? "would replace" : "replaced"
            case .unchanged, .differs: "unchanged"
            }
            if !dryRun, let index = writes.firstIndex(where: { $0.file.path == entry.file.path }) {
                do {
                    try staged[index].commit(beforeRename: { if committed > 0 { FaultHook.crash(at: "import-between-renames") } })
                    committed += 1
                } catch {
                    for rest in staged[(index + 1)...] { rest.abandon() }
                    let written = writes[..<index].map(\.file.path)
                    return fail(error.message + (written.isEmpty ? "; nothing written"
                        : "; the files listed before it were written (run import again to write the rest)"))
                }
            }
            if !quiet { out.line("\(verb) \(entry.file.path)") }
        }
        if !quiet {
            let summary = [(Action.create, dryRun ? "to create" : "created"), (.replace, dryRun ? "to replace" : "replaced"),
                           (.unchanged, "unchanged")]
                .map { "\(counts[$0.0] ?? 0) \($0.1)" }.joined(separator: ", ")
            err.line("\(days.count) day\(days.count == 1 ? "" : "s"): \(summary)" + (dryRun ? " (dry run, nothing written)" : ""))
        }
        return .success
    }

    /// The plan folder's lock for the files of `days` (each day's file, or where a new one goes), taken before the
    /// listing it decides from; and that listing.
    static func lock(_ days: [Day], in folder: PlanFolder, exclusive: Bool) throws(FileError) -> (PlanLock, [PlanFolder.DayFile]) {
        try PlanLock.take(in: folder, exclusive: exclusive) { files in
            let layout = folder.layout(given: files)
            return days.map { day in files.first { $0.day == day }?.path ?? folder.path(of: layout.path(for: day)) }
        }
    }

    /// Stages each of `writes` beside its place (new folders made as needed, the temporary files killed runs left
    /// removed, each path checked against the plan's rule for links, a new file only where none is) and flushes
    /// them all, so that only renames are left; on a failure, abandons what it staged and throws.
    static func stage(_ writes: [(file: DayFileOfPlan, bytes: [UInt8])], in folder: PlanFolder) throws(FileError) -> [DayFileOfPlan.Staged] {
        var staged: [DayFileOfPlan.Staged] = []
        _ = FileSystem.removeLeftovers(of: writes.map(\.file.path))
        do throws(FileError) {
            for (index, entry) in writes.enumerated() {
                if index == writes.count - 1, FaultHook.isSet("import-failed-write") {
                    throw FileError(entry.file.path, "cannot write: the write was made to fail (DAYPLAN_FAULT=import-failed-write)")
                }
                staged.append(try entry.file.stage(entry.bytes, in: folder))
            }
            for file in staged {
                if let failure = file.file.flush() { throw failure }
            }
        } catch {
            for file in staged.reversed() { file.abandon() }
            throw error
        }
        return staged
    }
}
