import DayPlan
import Dispatch

/// `dayplan merge`: git's merge driver for day files, merging them task by task.
enum MergeCommand {
    /// The word that runs it: `dayplan merge`.
    static let name = "merge"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Merge two versions of a day file task by task (a git merge driver)",
        arguments: Value(placeholder: "BASE OURS THEIRS [PATH]", kind: .file),
        about: """
            Merges OURS and THEIRS, two versions of a day file that both changed BASE, and writes the result
            to OURS (atomically; flushed to the disk unless OURS is git's own temporary file,
            .merge_file_XXXXXX, which git reads back at once). Tasks are matched by title and merged field
            by field: a status changed on one side is taken, two different changes keep the more final one
            (done, cancelled, moved on, in progress, to do); tags and metadata merge word by word, notes and
            other text line by line. The result is canonical, and never exceeds a 1-3-5 limit that neither
            side exceeded: the later additions go to the Backlog, with a message. PATH, the file's name in
            the repository, is used in messages; a PATH that is not a day file (YYYY-MM-DD.md), or a version
            that does not parse, is merged line by line as git would.

            Where a person must decide (a task removed on one side and changed on the other, notes edited
            differently), the result holds standard conflict markers and the exit code is 1.

            Set it up in a repository with `dayplan init` or by hand:
              git config merge.dayplan.driver 'dayplan merge %O %A %B %P'
              echo '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].md merge=dayplan' >> .gitattributes
            """,
        options: [.quiet],
        exitCodes: [(0, "merged cleanly"), (1, "merged with conflict markers where a person must decide"),
                    (2, "usage or I/O error (OURS unchanged)")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var err = Output.error
        defer { err.flush() }
        func fail(_ message: String) -> ExitCode {
            err.line("dayplan merge: \(message)")
            return .failure
        }

        let paths = arguments.positionals
        guard paths.count == 3 || paths.count == 4 else {
            return fail("takes BASE OURS THEIRS and an optional PATH; got \(paths.count) argument\(paths.count == 1 ? "" : "s")")
        }
        let quiet = arguments.flags.contains("--quiet")
        let name = paths.count == 4 ? paths[3] : paths[1]

        var versions: [[UInt8]] = []
        for path in paths.prefix(3) {
            do {
                versions.append(try FileSystem.read(path))
            } catch {
                return fail("\(error.message); nothing changed")
            }
        }
        // What the merge read is kept until the process exits (`KeptUntilExit`): freeing three parsed days
        // string by string would cost more than writing the result.
        let result = DayMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2],
                                    fileName: paths.count == 4 ? paths[3] : nil, keeping: KeptUntilExit.keep,
                                    concurrently: { DispatchQueue.concurrentPerform(iterations: $0, execute: $1) })
        if result.differs(from: versions[1]) {
            do {
                // Atomic always; flushed to the disk unless OURS is git's own temporary file, which git reads
                // back as soon as the driver exits (docs/merge.md).
                // A merge killed while writing left its temporary file in OURS's folder (under git's name of the
                // moment, which no later merge has): remove every leftover there.
                _ = FileSystem.removeLeftovers(in: FileSystem.directory(of: paths[1]))
                try FileSystem.replace(paths[1], with: result.bytes, durable: !isGitsTemporaryFile(paths[1]))
            } catch {
                return fail("\(error.message); nothing changed")
            }
        }

        if case .byLine(let reason) = result.method, !quiet || !result.isClean {
            err.line("dayplan merge: \(name): merged line by line: \(reason)")
        }
        if !quiet {
            for notice in result.notices { err.line("dayplan merge: \(name): \(notice)") }
        }
        for conflict in result.conflicts {
            err.line("\(name):\(conflict.line): conflict: \(conflict.reason)")
        }
        // The post-sync hook of the plan folder holding the file (docs/hooks.md), once OURS is written.
        if result.differs(from: versions[1]), let planFolder = try? PlanFolder.find(from: FileSystem.directory(of: name)) {
            Hooks.after("post-sync", in: planFolder, [
                .init("command", "merge"), .init("file", .string(name)), .init("clean", .bool(result.isClean)),
                .init("conflicts", .array(result.conflicts.map { .string($0.reason) })), .init("notices", .array(result.notices.map { .string($0) })),
            ], command: "merge", err: &err)
        }
        guard result.isClean else {
            err.line("dayplan merge: \(name): \(result.conflicts.count) conflict\(result.conflicts.count == 1 ? "" : "s") to resolve between <<<<<<< and >>>>>>>")
            return .findings
        }
        return .success
    }

    /// Whether `path` is one of the temporary files git hands a merge driver (`.merge_file_XXXXXX`, as git
    /// names them for %O, %A and %B).
    static func isGitsTemporaryFile(_ path: String) -> Bool {
        FileSystem.name(of: path).hasPrefix(".merge_file_")
    }

    // MARK: - Setting up git

    /// The `.gitattributes` line that sends day files, at any depth, to the driver.
    static let attributesLine = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9].md merge=dayplan"
    /// The driver's command, as git runs it: ancestor, ours (written), theirs, the path.
    static let driverCommand = "dayplan merge %O %A %B %P"

    /// Makes git merge the day files of `folder` with `dayplan merge`, when `folder` is in a git
    /// repository: the `.gitattributes` line in `folder` and `merge.dayplan.driver` in the repository's
    /// config, each only when missing (a driver set to something else is kept). Returns whether it changed
    /// anything and a line for each thing it did or found, for `dayplan init` to print.
    static func setUpDriver(in folder: String) throws(FileError) -> (changed: Bool, lines: [String]) {
        // Not a repository (or no git): nothing to set up, and nothing said; docs/merge.md says
        // to run init again after `git init`.
        guard let inside = Git.run(["rev-parse", "--is-inside-work-tree"], in: folder), inside.status == 0,
              inside.output == "true" else { return (false, []) }
        var changed = false
        var lines: [String] = []
        let attributes = FileSystem.join(folder, ".gitattributes")
        let existing = FileSystem.kind(of: attributes) == .missing ? nil : try FileSystem.read(attributes)
        let has = existing.map { String(decoding: $0, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .contains { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") == attributesLine } } ?? false
        if has {
            lines.append("kept \(attributes) as it is")
        } else {
            var bytes = existing ?? Array("# day files are merged task by task (dayplan help merge)\n".utf8)
            if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            bytes += Array("\(attributesLine)\n".utf8)
            try FileSystem.replace(attributes, with: bytes)
            lines.append("\(existing == nil ? "created" : "added a line to") \(attributes): git merges day files with the dayplan driver")
            changed = true
        }
        let current = Git.run(["config", "--get", "merge.dayplan.driver"], in: folder)
        if current?.status == 0, let value = current?.output {
            lines.append(value == driverCommand ? "kept git config merge.dayplan.driver as it is"
                                                : "kept git config merge.dayplan.driver as it is, '\(value)' (dayplan's is '\(driverCommand)')")
        } else {
            let set = Git.run(["config", "merge.dayplan.driver", driverCommand], in: folder)
            _ = Git.run(["config", "merge.dayplan.name", "dayplan: day files merged task by task"], in: folder)
            guard set?.status == 0 else { throw FileError(folder, "git config merge.dayplan.driver failed") }
            lines.append("set git config merge.dayplan.driver '\(driverCommand)': the driver, for this repository")
            changed = true
        }
        return (changed, lines)
    }
}
