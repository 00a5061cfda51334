import DayPlan

/// `dayplan fmt`: rewrites day files in canonical form.
enum FmtCommand {
    /// The word that runs it: `dayplan fmt`.
    static let name = "fmt"
    /// What it takes, for its help, argument parsing, completions and the man page.
    static let spec = CommandSpec(
        name: name,
        summary: "Print, check or rewrite day files in canonical form",
        arguments: Value(placeholder: "PATH ...", kind: .paths),
        about: """
            Formats day files as FORMAT.md's canonical form. A folder stands for the day files
            (YYYY-MM-DD.md) below it, hidden folders skipped. With --check and no PATH, the day files
            below the current folder, as lint checks them (--write wants its files named: fmt -w .).
            Otherwise, with no PATH or with -, reads standard input and writes standard output (a
            filter, for editors).

            A file whose errors would make the canonical form a guess (a region twice, a code fence
            never closed, conflict markers, …) is left exactly as it is, and the reasons are reported.

            With --write it prints each file it changed, one a line (nothing with -q), and holds the lock
            of each file it writes (.dayplan.lock, the one rollover takes for that file) until it is done,
            so that it never undoes what a rollover running at the same moment writes. It rewrites only
            day files: a file whose name (YYYY-MM-DD.md) or day heading says which day it plans; any
            other file is named and left as it is, and so is a day file that is one file with another
            (a link or a hard link).
            """,
        options: [
            .flag("--check", "Write nothing; list the files that would change. Exit 1 if any would."),
            .flag("--write", short: "w", "Rewrite files in place (atomically, only when they change, keeping their mode; a file you may not write is an error), and list those changed. Removes the temporary files a killed run left for them."),
            .choice("--metadata-style", MetadataStyle.written.map(\.rawValue),
                    "Also rewrite every task's dates and priority in this spelling: dayplan's @ words, Obsidian Tasks' emoji or Dataview's [key:: value] (FORMAT.md §3.7). Without it, each spelling stays as written."),
            .option("--stdin-filename", "NAME", .file,
                    "The name standard input is reported under in messages (default <stdin>). For editors, as lint takes it."),
            .quiet,
        ],
        exitCodes: [(0, "formatted (or nothing to change)"),
                    (1, "--check found changes or a file was left alone because of errors"),
                    (2, "usage or I/O error")])

    static func run(_ arguments: Arguments) -> ExitCode {
        var out = Output.standard
        var err = Output.error
        defer { out.flush(); err.flush() }

        let check = arguments.flags.contains("--check")
        let write = arguments.flags.contains("--write")
        let quiet = arguments.flags.contains("--quiet")
        let stdinName = arguments.options["--stdin-filename"] ?? "<stdin>"
        let style = arguments.options["--metadata-style"].flatMap(MetadataStyle.init(rawValue:))
        if check && write {
            err.line("dayplan fmt: --check and --write cannot be used together")
            return .failure
        }
        // With no path, --check works on the folder as lint does (a hook's `fmt --check` must not pass by reading
        // an empty standard input); --write is refused below rather than rewrite a folder nobody named; plain fmt
        // is an editor's filter. Typed at a prompt, the filter would wait for input without a word.
        let searchedHere = arguments.positionals.isEmpty && check
        if arguments.positionals.isEmpty, !searchedHere, isatty(0) != 0 {
            err.line("dayplan fmt: no file given, and standard input is a terminal.\n"
                     + "Name day files or folders (dayplan fmt --check .), or pipe one in (dayplan fmt < 2026-11-21.md).")
            return .failure
        }
        var paths: [String] = []
        do {
            let named = arguments.positionals.isEmpty ? [searchedHere ? "." : "-"] : arguments.positionals
            // Every argument at once (a glob's thousands of files looked up on all cores).
            paths = try FileSystem.expand(named)
        } catch {
            err.line("dayplan fmt: \(error.message)")
            return .failure
        }
        if write && paths.contains("-") {
            err.line("dayplan fmt: --write needs files; standard input is written to standard output (name a folder: dayplan fmt --write .)")
            return .failure
        }

        // Hold the lock of every file it writes (PlanLock, in one order, so that two runs cannot each wait for the
        // other) until every file is written: a rollover then runs wholly before or after this run, never in between.
        var lock = PlanLock.none
        defer { lock.release() }
        if write {
            do {
                lock = try PlanLock.take(guarding: paths, exclusive: true, unlessReadOnly: true)
            } catch {
                err.line("dayplan fmt: \(error.message); nothing changed")
                return .failure
            }
        }

        // A run killed while writing leaves temporary files beside the files it was writing: remove those.
        if write {
            for failure in FileSystem.removeLeftovers(of: paths) { err.line("dayplan fmt: warning: \(failure.message)") }
        }

        let sharesOutput = FileSystem.isSameFile(descriptor: 1, as: 2)
        // Each file is read, formatted and (with --write) replaced on every core; reported in path order.
        var result = ExitCode.success
        forEachInBatches(paths, work: { path in formatFile(path, write: write, style: style) }) { path, outcome in
            let name = path == "-" ? stdinName : searchedHere && path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            switch outcome {
            case .failed(let error):
                err.line("dayplan fmt: \(error.message)")
                result = .failure
            case .notADayFile:
                err.line("dayplan fmt: \(name): not a day file (neither its name, YYYY-MM-DD.md, nor a day heading "
                         + "says which day it plans), so it was left as it is")
            case .sharedFile(let problem):
                err.line("dayplan fmt: \(problem)")
                result = .failure
            case .unchanged(let input):
                if !check && !write { out.write(bytes: input) }
            case .changed(let output):
                if write {
                    if !quiet { out.line(name) }
                } else if check {
                    out.line(name)
                    if result == .success { result = .findings }
                } else {
                    out.write(bytes: output)
                }
            case .refused(let input, let blockers):
                // Left as it is: a filter still passes the input through, so an editor keeps its buffer. When standard
                // error is the same pipe as standard output (Vim's `:%!dayplan fmt` reads both), the reasons would end
                // up in the buffer: then only the exit code (1) says the file was left alone.
                if !check && !write { out.write(bytes: input) }
                if result == .success { result = .findings }
                if !check && !write && sharesOutput { break }
                for diagnostic in blockers {
                    err.line(FindingFormat.line(diagnostic, file: name))
                }
                err.line("\(name): not formatted, because of the error\(blockers.count == 1 ? "" : "s") above")
            }
        }
        return result
    }

    /// What became of one file.
    enum Outcome {
        case failed(FileError)
        /// With --write: a Markdown file that is no day file, which fmt does not own.
        case notADayFile
        /// With --write: a day file that is one file with another (a link), which no writer changes.
        case sharedFile(String)
        case unchanged([UInt8])
        case changed([UInt8])
        case refused([UInt8], [Diagnostic])
    }

    /// Reads and formats one file, and with `write` replaces it when it changed. Runs on any thread.
    static func formatFile(_ path: String, write: Bool, style: MetadataStyle?) -> Outcome {
        let input: [UInt8]
        do {
            input = try FileSystem.read(path)
        } catch {
            return .failed(error)
        }
        if write {
            if Day(fileNameOf: path) == nil, DayDocument(parsing: input).day == nil { return .notADayFile }
            if let problem = PlanFolder.sharedFile(path, among: []) { return .sharedFile(problem) }
        }
        switch style.map({ Formatter.format(input, metadataStyle: $0) }) ?? Formatter.format(input) {
        case .unchanged:
            return .unchanged(input)
        case .refused(let blockers):
            return .refused(input, blockers)
        case .changed(let output):
            if write {
                do {
                    try FileSystem.replace(path, with: output, beforeRename: { FaultHook.crash(at: "before-rename") })
                } catch {
                    return .failed(error)
                }
                FaultHook.crash(at: "after-rename")
            }
            return .changed(output)
        }
    }
}
