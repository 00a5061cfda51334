#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DayPlan

/// The folder a person keeps their day files in, as every command finds and uses it: its settings, its day
/// files in whatever layout, and the one lock every command that writes day files takes.
///
/// Found like git finds `.git`: from `--dir`/`DAYPLAN_DIR` or the current folder, up to the first folder
/// holding `.dayplan/` (made by `dayplan init`); without one, the starting folder itself, as before plan
/// folders had settings.
struct PlanFolder {
    /// How commands reach it and name it in messages: as given (`plans`, `/home/me/plans`), `.` for the
    /// current folder, or `..`, `../..` when found above it.
    let path: String
    /// Its absolute path, named once per run so that a message in a cron log can be traced to it.
    let absolutePath: String
    /// Whether it holds `.dayplan/`, which `dayplan init` makes.
    let isInitialized: Bool
    /// Its settings, from `.dayplan/config` (none set when there is no such file).
    let settings: Settings

    /// The folder of settings and the template: `.dayplan`.
    static let settingsFolder = ".dayplan"
    /// The settings file inside the plan folder.
    static let settingsFile = ".dayplan/config"
    /// The routines file (FORMAT.md §3.5): tasks with `@every:` that rollover adds on the days they are due.
    static let routinesFile = ".dayplan/routines.md"
    /// The lock file inside the plan folder. Empty; made by the first command that writes and never removed
    /// (removing a lock file another process may be about to lock would let two writers in).
    static let lockFile = ".dayplan.lock"

    /// One day file of the plan folder.
    struct DayFile {
        /// The day it plans (from its name).
        let day: Day
        /// Its path inside the plan folder: `2026/11/2026-11-20.md`.
        let relativePath: String
        /// How commands reach it and name it: the plan folder's `path` joined with `relativePath`.
        let path: String
    }

    /// The plan folder a command works on: `--dir` (given as `option`), else `DAYPLAN_DIR`, else the one
    /// found from the current folder.
    static func find(dir option: String?) throws(FileError) -> PlanFolder {
        try find(from: option ?? Clock.environment("DAYPLAN_DIR").flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Finds the plan folder from `start` (`--dir` or `DAYPLAN_DIR`; nil for the current folder) and reads its
    /// settings. A missing folder or a bad settings file is an error naming the file (and line and key).
    static func find(from start: String?) throws(FileError) -> PlanFolder {
        let given = start ?? "."
        switch FileSystem.kind(of: given) {
        case .directory: break
        case .missing: throw FileError(given, "no such folder")
        case .file, .other: throw FileError(given, "not a folder")
        }
        let absoluteStart = FileSystem.resolvedPath(given)
        var candidate = absoluteStart
        var levels = 0
        while true {
            if FileSystem.kind(of: FileSystem.join(candidate, settingsFolder)) == .directory {
                let path = levels == 0 ? given
                    : start == nil ? Array(repeating: "..", count: levels).joined(separator: "/") : candidate
                return try PlanFolder(path: path, absolutePath: candidate, isInitialized: true)
            }
            guard candidate != "/" else { break }
            candidate = FileSystem.directory(of: candidate)
            levels += 1
        }
        return try PlanFolder(path: given, absolutePath: absoluteStart, isInitialized: false)
    }

    private init(path: String, absolutePath: String, isInitialized: Bool) throws(FileError) {
        self.path = path
        self.absolutePath = absolutePath
        self.isInitialized = isInitialized
        let settingsPath = FileSystem.join(path, PlanFolder.settingsFile)
        guard isInitialized, FileSystem.kind(of: settingsPath) != .missing else {
            settings = Settings()
            return
        }
        let bytes = try FileSystem.read(settingsPath)
        do {
            settings = try Settings(parsing: bytes)
        } catch {
            throw FileError("\(settingsPath):\(error.line)", (error.key.map { "\($0): " } ?? "") + error.message)
        }
    }

    /// `relativePath` inside the plan folder, as commands reach and name it.
    func path(of relativePath: String) -> String {
        FileSystem.join(path, relativePath)
    }

    /// Every day file below the plan folder, in any layout and at any depth (hidden folders skipped), sorted
    /// by day and then path. A file named like a day file that is not a real date is left out.
    func dayFiles() throws(FileError) -> [DayFile] {
        let prefix = path == "." ? "./" : path.hasSuffix("/") ? path : path + "/"
        var files: [DayFile] = []
        for found in try FileSystem.dayFiles(in: path) {
            let relative = found.hasPrefix(prefix) ? String(found.dropFirst(prefix.count)) : found
            let name = relative.split(separator: "/").last ?? ""
            guard let day = Day(name.prefix(10)) else { continue }
            files.append(DayFile(day: day, relativePath: relative, path: self.path(of: relative)))
        }
        return files.sorted { $0.day != $1.day ? $0.day < $1.day : FileSystem.precedes($0.relativePath, $1.relativePath) }
    }

    /// Where a new day's file goes: the settings' layout; without one, the layout of the newest day file;
    /// without day files, `YYYY-MM-DD.md`.
    func layout(given files: [DayFile]) -> Layout {
        if let layout = settings.layout { return layout }
        if let newest = files.last, let inferred = Layout(inferredFrom: newest.relativePath) { return inferred }
        return .flat
    }

    /// The message for two or more files holding the same day: each named, and what to do.
    static func duplicates(_ files: [DayFile]) -> String? {
        guard files.count > 1, let day = files.first?.day else { return nil }
        let names = files.map(\.path)
        return "\(names.count) files hold \(day): " + names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            + "; keep one (move what you need from the other into it, then delete it)"
    }

    /// The newest day file dated before `day`, and every file of that day.
    static func newest(before day: Day, in files: [DayFile]) -> [DayFile] {
        guard let newest = files.last(where: { $0.day < day })?.day else { return [] }
        return files.filter { $0.day == newest }
    }

    // MARK: - The lock

    /// Takes the plan folder's lock: exclusive for a command that writes; shared for one that only reads
    /// what a writer may be changing (a dry run), which creates nothing and so locks only a lock file that
    /// exists (returns -1 when there is none). Waits while another command holds it, up to 30 seconds, and
    /// then gives up rather than hang. Closing the returned descriptor releases it.
    func lock(exclusive: Bool) throws(FileError) -> Int32 {
        try PlanFolder.lock(folder: path, exclusive: exclusive)
    }

    /// `lock(exclusive:)` for any folder's lock file. With `unlessReadOnly`, a folder in which the lock file
    /// cannot be made (read-only, or not the person's) is not locked (-1): nothing can be written in it either,
    /// so there is nothing to keep apart, and the write itself reports why it cannot be done.
    static func lock(folder: String, exclusive: Bool, unlessReadOnly: Bool = false) throws(FileError) -> Int32 {
        let lockPath = FileSystem.join(folder, lockFile)
        let descriptor = exclusive
            ? open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            : open(lockPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if !exclusive, errno == ENOENT { return -1 }
            if unlessReadOnly, errno == EROFS || errno == EACCES { return -1 }
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
                throw FileError(lockPath, "another dayplan command (rollover or fmt --write) has held this lock for 30 seconds")
            }
            usleep(10_000)
            waited += 10
        }
        return descriptor
    }

    /// The folder whose lock guards `file` for a command given paths (`fmt --write`), as an absolute path: the
    /// nearest folder above it holding `.dayplan/`; else `current` (the plan folder found from the current folder
    /// or `DAYPLAN_DIR`, as rollover finds it), when the file is inside it; else the nearest folder above it
    /// holding a lock file (where rollover has run); else `fallback` (the folder it was found in, or its own).
    static func lockFolder(for file: String, current: String?, fallback: String) -> String {
        let absolute = FileSystem.resolvedPath(FileSystem.directory(of: file))
        var candidate = absolute
        var withLock: String?
        while true {
            if FileSystem.kind(of: FileSystem.join(candidate, settingsFolder)) == .directory { return candidate }
            if withLock == nil, FileSystem.kind(of: FileSystem.join(candidate, lockFile)) == .file { withLock = candidate }
            guard candidate != "/" else { break }
            candidate = FileSystem.directory(of: candidate)
        }
        if let current, absolute == current || absolute.hasPrefix(current.hasSuffix("/") ? current : current + "/") {
            return current
        }
        return withLock ?? FileSystem.resolvedPath(fallback)
    }

    // MARK: - Making folders

    /// Makes the folders of `path` that do not exist (`mkdir -p`), one level at a time; a folder another
    /// process made meanwhile is fine. Returns the folders it made, outermost first, so that a run that fails
    /// later can remove them again (and removes them itself when it fails).
    static func makeFolders(_ path: String) throws(FileError) -> [String] {
        var made: [String] = []
        var current = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            // `String(part)`: a Substring appended goes through Swift's generic runtime, at a cost on every run.
            current += (current.isEmpty || current.hasSuffix("/") ? "" : "/") + String(part)
            if mkdir(current, 0o777) == 0 {
                made.append(current)
            } else if errno != EEXIST || FileSystem.kind(of: current) != .directory {
                let failure = FileError.system(current, "cannot make the folder")
                removeFolders(made)
                throw failure
            }
        }
        return made
    }

    /// Removes folders `makeFolders` made (if still empty), innermost first.
    static func removeFolders(_ folders: [String]) {
        for folder in folders.reversed() { rmdir(folder) }
    }
}
