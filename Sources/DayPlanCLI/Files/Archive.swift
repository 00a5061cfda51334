import DayPlan
import DayPlanArchive

/// The day files `query` and `report` look back over, read on all cores with lint's batches: every task in
/// them, and what could not be read. One bad file never stops the others.
struct Archive {
    /// The files read, each with its tasks and figures (made where it was read), in path order.
    var days: [ArchivedDay] = []
    /// How many files were to be read.
    var files = 0
    /// Files that could not be read (or whose day is unknown): named on standard error, exit 2.
    var unreadable = 0
    /// Files read whose reading is a guess (a finding that stops `fmt`): named on standard error, exit 1.
    var doubtful = 0

    /// The exit code the reading alone calls for: 2 when a file could not be read, 1 when one was a guess.
    var exitCode: ExitCode { unreadable > 0 ? .failure : doubtful > 0 ? .findings : .success }

    /// What the command line names: its PATHs (files as given, folders as the day files below them), or with
    /// none the plan folder found from `--dir`, `DAYPLAN_DIR` or the current folder (as rollover finds it).
    /// Returns the paths in byte order and how each is shown, or a message for standard error.
    static func paths(_ positionals: [String], dir: String?) -> Result<(paths: [String], shown: @Sendable (String) -> String), FileError> {
        do {
            if positionals.isEmpty {
                let folder = try PlanFolder.find(dir: dir)
                let paths = try FileSystem.expand([folder.path])
                let strip = folder.path == "."
                return .success((paths, { strip && $0.hasPrefix("./") ? String($0.dropFirst(2)) : $0 }))
            }
            var paths = try FileSystem.expand(positionals)
            if positionals.count > 1 { paths = LintCommand.sortedOnce(paths) }
            return .success((paths, { $0 }))
        } catch {
            return .failure(error)
        }
    }

    /// What reading one file gave.
    private enum FileReading {
        case day(ArchivedDay, doubt: String?)
        case failure(String)
    }

    /// Reads `paths` (shown as `shown(path)`), naming each bad file on `err` as `dayplan COMMAND: …`; with
    /// `figures`, each file's figures for a report are gathered as it is read (`ArchivedDay`). A command's days
    /// are kept until it exits (freed by the exit); a process that goes on (`dayplan lsp`) passes `keptUntilExit: false`.
    static func read(_ paths: [String], shown: @escaping @Sendable (String) -> String, command: String, figures: Bool,
                     keptUntilExit: Bool = true, err: inout Output) -> Archive {
        var archive = Archive()
        archive.files = paths.count
        archive.days.reserveCapacity(paths.count)
        forEachInBatches(paths, work: { path in readOne(path, shownAs: shown(path), figures: figures) }) { _, reading in
            switch reading {
            case .day(let day, let doubt):
                archive.days.append(day)
                if let doubt {
                    err.line(doubt)
                    archive.doubtful += 1
                }
            case .failure(let message):
                err.line("dayplan \(command): \(message)")
                archive.unreadable += 1
            }
        }
        // The command exits right after its output: its thousands of days are left for the exit to free.
        if keptUntilExit { KeptUntilExit.keep(archive.days) }
        return archive
    }

    /// Reads and parses one file. Runs on any thread: it touches nothing shared.
    private static func readOne(_ path: String, shownAs name: String, figures: Bool) -> FileReading {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            return .failure(error.path == path || error.path == "-" ? "\(name): \(error.reason)" : error.message)
        }
        return parsed(bytes, path: path, shownAs: name, figures: figures)
    }

    /// The day file at `path` as `read` reads it (without figures), if its bytes may hold a task of one of the
    /// titles of `needles` (`TitleNeedles`); nil when they cannot, or when the file cannot be read (which `read`
    /// names). A file without the needles is not parsed.
    static func day(at path: String, mayHoldingAnyOf needles: [TitleNeedles]) -> ArchivedDay? {
        guard let bytes = try? FileSystem.read(path),
              bytes.withUnsafeBufferPointer({ bytes in needles.contains { $0.mayBeHeld(in: bytes) } }),
              case .day(let day, _) = parsed(bytes, path: path, shownAs: path, figures: false)
        else { return nil }
        return day
    }

    /// The day file read from `bytes`, or why it cannot be one.
    private static func parsed(_ bytes: [UInt8], path: String, shownAs name: String, figures: Bool) -> FileReading {
        // Tasks and their titles are all an archive holds: notes and other lines are not kept.
        let reading = ArchivedDay.Reading(bytes)
        guard let day = Day(fileNameOf: path) ?? reading.headingDay else {
            return .failure("\(name): neither its name (YYYY-MM-DD.md) nor its day heading says which day it plans; left out")
        }
        let doubt = reading.diagnostics.first { $0.rule.blocksFormatting }.map {
            FindingFormat.line($0, file: name) + " (read as far as it goes; 'dayplan lint \(name)' lists every finding)"
        }
        return .day(ArchivedDay(reading, day: day, file: name, figures: figures), doubt: doubt)
    }
}
