import DayPlan

/// `dayplan resolve`: merges the sync tools' conflict copies of day files into their day files, task by task.
enum ResolveCommand {
    /// The word that runs it: `dayplan resolve`.
    static let name = "resolve"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Merge sync tools' conflict copies into their day files, task by task",
        arguments: Value(placeholder: "FILE ...", kind: .paths),
        about: """
            Finds the conflict copies that Syncthing, Dropbox, Nextcloud, OneDrive and Google Drive leave
            beside a day file when two devices changed it at once (2026-11-26.sync-conflict-20261126-081500-
            ABCDEFG.md, 2026-11-26 (Alice's conflicted copy).md, …), anywhere below the plan folder, or the
            FILEs given, and merges each into the day file beside it, task by task, as dayplan merge does.

            When the folder is in a git repository and the day file is committed, git's last committed
            version is the common ancestor (a three-way merge: a task one side removed and the other left
            alone goes). Otherwise it is a two-way merge: a task on either side is kept, a task on both with
            two statuses keeps the more final one (done beats open), and nothing is dropped. Every decision is
            printed, one line each.

            The merged day is written atomically under the plan folder's lock and read back; only then is the
            copy removed. Where a person must decide (a task's notes edited differently on both devices), both
            files are left as they are and the reasons are printed (exit 1). A copy with no day file beside it
            becomes the day file.
            """,
        options: [
            .option("--dir", "DIR", .folder, environment: "DAYPLAN_DIR", "Where to look for the plan folder (default: the current folder)."),
            .flag("--dry-run", short: "n", "Write and remove nothing; print each merged day and its decisions."),
            .quiet,
        ],
        exitCodes: [(0, "every copy merged and removed (or none found)"),
                    (1, "a copy needs a person: conflicts or a version that does not parse; it is left as it is"),
                    (2, "usage or I/O error")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }
        let dryRun = arguments.flags.contains("--dry-run")
        let quiet = arguments.flags.contains("--quiet")

        // 1. The plan folder, and the copies: those given, else every one below it.
        let planFolder: PlanFolder
        var copies: [String]
        do {
            planFolder = try PlanFolder.find(dir: arguments.options["--dir"])
            copies = arguments.positionals.isEmpty ? try planFolder.conflictCopies() : arguments.positionals
        } catch {
            err.line("dayplan resolve: \(error.message)")
            return .failure
        }
        for path in copies where ConflictCopyName(fileName: FileSystem.name(of: path)) == nil {
            err.line("dayplan resolve: \(path): not a sync tool's conflict copy of a day file (docs/resolve.md lists the names); nothing changed")
            return .failure
        }
        if copies.isEmpty {
            if !quiet { out.line("no conflict copies of day files below \(planFolder.path)") }
            return .success
        }

        // 2. Each copy on its own, under its day file's lock.
        var worst = ExitCode.success
        for copy in copies {
            let code = resolve(copy, in: planFolder, dryRun: dryRun, quiet: quiet, out: &out, err: &err)
            if code == .failure || (code == .findings && worst == .success) { worst = code }
        }
        return worst
    }

    /// Merges one copy into its day file; the exit code.
    static func resolve(_ copyPath: String, in planFolder: PlanFolder, dryRun: Bool, quiet: Bool,
                        out: inout Output, err: inout Output) -> ExitCode {
        guard let copy = ConflictCopyName(fileName: FileSystem.name(of: copyPath)) else { return .failure }
        let dayPath = FileSystem.join(FileSystem.directory(of: copyPath), copy.dayFileName)
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan resolve: \(message)")
            return .failure
        }

        let lock: PlanLock
        do {
            lock = try PlanLock.take(guarding: [dayPath], exclusive: !dryRun, unlessReadOnly: dryRun, namedFrom: planFolder)
        } catch {
            return fail("\(error.message); nothing changed")
        }
        defer { lock.release() }
        if let problem = PlanFolder.sharedFile(dayPath, among: []) {
            err.line("dayplan resolve: \(problem)")
            return .findings
        }
        let copyBytes: [UInt8]
        var dayBytes: [UInt8]?
        do {
            copyBytes = try FileSystem.read(copyPath)
            if FileSystem.kind(of: dayPath) != .missing { dayBytes = try FileSystem.read(dayPath) }
        } catch {
            return fail("\(error.message); nothing changed")
        }

        // 3. The merge (the library, on values): against git's last commit of the day when there is one.
        let merged: [UInt8]
        var lines: [String] = []
        var how: String
        if let dayBytes {
            let base = Git.committedVersion(of: dayPath)
            let result = ConflictCopyMerge.merge(dayFile: dayBytes, copy: copyBytes, base: base, fileName: dayPath)
            how = base == nil ? "two-way: no committed version to compare with" : "against git's last commit of it"
            if case .byLine(let reason) = result.merge.method {
                err.line("dayplan resolve: \(copyPath): not merged into \(dayPath): \(reason); both files left as they are")
                return .findings
            }
            if !result.merge.isClean {
                for conflict in result.merge.conflicts {
                    err.line("dayplan resolve: \(copyPath): a person must decide: \(conflict.reason)")
                }
                if dryRun {
                    out.line("\(dayPath) merged with \(copyPath) (\(copy.tool.rawValue); \(how)) would hold conflict markers:")
                    out.write(bytes: result.merge.bytes)
                }
                err.line("dayplan resolve: \(copyPath): \(result.merge.conflicts.count) conflict\(result.merge.conflicts.count == 1 ? "" : "s") "
                         + "with \(dayPath); both files left as they are: merge those by hand, then delete the copy")
                return .findings
            }
            merged = result.merge.bytes
            lines = result.decisions
            if lines.isEmpty { lines = ["nothing in the copy that the day file does not hold already"] }
        } else {
            merged = copyBytes
            how = "no day file beside it"
            lines = ["the copy becomes the day file"]
        }

        // 4. A dry run shows the merged day and its decisions, and stops.
        if dryRun {
            if !quiet {
                out.line("\(dayPath) merged with \(copyPath) (\(copy.tool.rawValue); \(how)) would be:")
                out.write(bytes: merged)
                for line in lines { out.line("\(dayPath): \(line)") }
                out.line("dry run, nothing written or removed")
            }
            return .success
        }

        // 5. The merged day written atomically (only if it changes) and read back; only then the copy removed.
        if dayBytes.map({ $0 != merged }) ?? true {
            _ = FileSystem.removeLeftovers(of: [dayPath])
            do {
                try FileSystem.replace(dayPath, with: merged)
            } catch {
                return fail("\(error.message); nothing changed, \(copyPath) kept")
            }
        }
        do {
            guard try FileSystem.read(dayPath) == merged else {
                return fail("\(dayPath) did not read back as written, so \(copyPath) is kept; run resolve again")
            }
        } catch {
            return fail("\(error.message); \(copyPath) is kept")
        }
        guard unlink(copyPath) == 0 else {
            return fail("\(FileError.system(copyPath, "cannot remove the copy").message); \(dayPath) holds the merge already, so delete it by hand")
        }
        if !quiet {
            out.line("\(dayPath): merged \(copyPath) (\(copy.tool.rawValue); \(how)):")
            for line in lines { out.line("\(dayPath): \(line)") }
            out.line("removed \(copyPath)")
        }
        out.flush()
        Hooks.after("post-resolve", in: planFolder, [
            .init("command", "resolve"), .init("day", .string("\(copy.day)")), .init("file", .string(dayPath)),
            .init("copy", .string(copyPath)), .init("tool", .string(copy.tool.rawValue)),
            .init("decisions", .array(lines.map { .string($0) })),
        ], command: "resolve", err: &err)
        return .success
    }
}
