import DayPlan

/// The folder a person keeps their day files in, as every command finds and uses it: its settings, its day
/// files in whatever layout; writers lock them with `PlanLock`.
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
    /// The lock file (PlanLock): empty; made by the first command that writes and never removed (removing a lock
    /// file another process may be about to lock would let two writers in).
    static let lockFile = PlanLock.fileName

    /// One day file of the plan folder.
    struct DayFile {
        /// The day it plans (from its name).
        let day: Day
        /// Its path inside the plan folder: `2026/11/2026-11-20.md`.
        let relativePath: String
        /// How commands reach it and name it: the plan folder's `path` joined with `relativePath`.
        let path: String
        /// Whether it is a symbolic link, as the folder's listing said.
        var isLink = false
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

    /// A file the settings name (`what`: "the template"), as commands reach it, once it is known to be inside the
    /// plan folder with links followed: a plan folder shared through git must not copy a file from outside it
    /// (`template = ../secret.txt`, or a link out) into a day that is then committed.
    func pathInside(_ relativePath: String, what: String) throws(FileError) -> String {
        let path = self.path(of: relativePath)
        guard FileSystem.kind(of: path) != .missing else { return path }
        let real = FileSystem.resolvedPath(path)
        let top = absolutePath.hasSuffix("/") ? absolutePath : absolutePath + "/"
        guard real.hasPrefix(top) else {
            throw FileError(path, "\(what) is outside the plan folder (\(real)), so it is not read; keep it inside "
                            + "\(absolutePath)")
        }
        return path
    }

    /// The one rule for symbolic links on the way to a day file, which listing (`dayFiles()`) and every writer share:
    /// a link to a folder that leads inside the plan folder is followed by both, so that a day written through it
    /// is a day the next listing finds; one that leads out of it is followed by neither, and writing a day file
    /// through it is refused (this error, naming the link), so that no command writes a day it cannot list again.
    /// `path` is a day file's path as commands reach it (it and the folders below the link need not exist yet).
    func checkInside(dayFile path: String) throws(FileError) {
        // The deepest folder of the path that exists: links above it are what the write would follow.
        var folder = FileSystem.directory(of: path)
        while FileSystem.kind(of: folder) == .missing, folder != ".", folder != "/" { folder = FileSystem.directory(of: folder) }
        guard !isInside(FileSystem.resolvedPath(folder)) else { return }
        // Which link leads out: the first folder on the way that is outside while the one holding it is inside.
        var current: String?
        var wasInside = !folder.hasPrefix("/") && isInside(FileSystem.resolvedPath("."))
        var culprit = folder
        for part in folder.split(separator: "/", omittingEmptySubsequences: false) {
            current = current.map { $0 + "/" + part } ?? String(part)
            guard let here = current, !here.isEmpty else { continue }
            let inside = isInside(FileSystem.resolvedPath(here))
            if wasInside, !inside {
                culprit = here
                break
            }
            wasInside = inside
        }
        throw FileError(culprit, "a symbolic link to \(FileSystem.resolvedPath(culprit)), outside the plan folder "
                        + "\(absolutePath), so no day file is written through it (and none is listed there); keep the "
                        + "day files inside the plan folder, or point the link at a folder inside it")
    }

    /// Whether an absolute path with links followed is the plan folder or inside it.
    private func isInside(_ real: String) -> Bool {
        let top = absolutePath.hasSuffix("/") ? absolutePath : absolutePath + "/"
        return real + "/" == top || real.hasPrefix(top)
    }

    /// `relativePath` inside the plan folder, as commands reach and name it.
    func path(of relativePath: String) -> String {
        FileSystem.join(path, relativePath)
    }

    /// Every day file below the plan folder, in any layout and at any depth (hidden folders skipped), sorted
    /// by day and then path. A file named like a day file that is not a real date is left out.
    func dayFiles() throws(FileError) -> [DayFile] {
        try dayFiles(givingUpEmptyAfter: .max) ?? []
    }

    /// The most folders a folder without `.dayplan/` is searched for a first day file before a writer takes it
    /// for no plan folder (the system's temporary folder, a home folder): a plan of years in `YYYY/MM/` has a few
    /// hundred, and a walk of a whole disk would take minutes.
    static let foldersSearchedForAFirstDayFile = 2_000

    /// `dayFiles()`, or nil once `folders` folders are read and no day file is found (the rest is not read).
    func dayFiles(givingUpEmptyAfter folders: Int) throws(FileError) -> [DayFile]? {
        let prefix = path == "." ? "./" : path.hasSuffix("/") ? path : path + "/"
        guard let listed = try FileSystem.listedFiles(in: path, named: Day.isFileName, followingLinksInside: absolutePath,
                                                      givingUpEmptyAfter: folders) else { return nil }
        var files: [DayFile] = []
        files.reserveCapacity(listed.count)
        // By bytes, not characters: a plan folder of years holds thousands of day files, and a language server
        // lists them before it can answer.
        let prefixBytes = Array(prefix.utf8)
        for file in listed {
            // The listing named it like a day file; a name that is no real date (`2026-02-30.md`) is left out.
            guard let day = Day(fileNameOf: file.path) else { continue }
            var found = file.path
            let relative: String? = found.withUTF8 { whole in
                guard whole.starts(with: prefixBytes) else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: whole[prefixBytes.count...]), as: UTF8.self)
            }
            if let relative {
                // `path(of: relative)` is the path found, but for the current folder's, which drops the `./`.
                files.append(DayFile(day: day, relativePath: relative, path: path == "." ? self.path(of: relative) : found,
                                     isLink: file.isLink))
            } else {
                files.append(DayFile(day: day, relativePath: found, path: self.path(of: found), isLink: file.isLink))
            }
        }
        func precedes(_ a: DayFile, _ b: DayFile) -> Bool {
            a.day != b.day ? a.day < b.day : FileSystem.precedes(a.relativePath, b.relativePath)
        }
        // Listed in byte order, a folder's files are most often in day order already.
        if files.indices.dropFirst().contains(where: { !precedes(files[$0 - 1], files[$0]) }) { files.sort(by: precedes) }
        return files
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

    /// Why a writer must not write the day file at `path`: it is one file with another day file of `files` (a
    /// symbolic link to it, the file a link of its leads to), or it has other names (hard links), so that writing
    /// one day would change another, and rollover would mark its own new tasks moved on. Nil when it is a file of
    /// its own (or does not exist yet). With no `files`, a link is compared with the day files of its own folder.
    static func sharedFile(_ path: String, among files: [DayFile]) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var own = stat()
        let isLink = lstat(path, &own) == 0 && (own.st_mode & S_IFMT) == S_IFLNK
        if info.st_nlink > 1 {
            return "\(path) has \(info.st_nlink) names (hard links), so writing it would change the other names' "
                + "days too; give each day a file of its own (cp it to a new file and move that over it), nothing changed"
        }
        let resolved = isLink ? FileSystem.resolvedPath(path) : path
        // A link named without the plan's listing (fmt --write of a file) is compared with its own folder's days.
        let folder = FileSystem.directory(of: path)
        // A file that is no link is one with another day file only through a link to it (hard links are found above):
        // of the plan's day files, only the links the listing found are looked at.
        let candidates = !files.isEmpty || !isLink ? files.filter { isLink || $0.isLink }.map(\.path)
            : ((try? FileSystem.entries(of: folder)) ?? []).filter { Day.isFileName($0) }.map { FileSystem.join(folder, $0) }
        var others: [String] = []
        for candidate in candidates where candidate != path {
            var other = stat()
            guard lstat(candidate, &other) == 0 else { continue }
            if (other.st_mode & S_IFMT) == S_IFLNK {
                guard stat(candidate, &other) == 0 else { continue }
            } else if !isLink {
                continue  // two files that are no links are one only as hard links, found above
            }
            if other.st_dev == info.st_dev && other.st_ino == info.st_ino { others.append(candidate) }
        }
        if others.isEmpty, isLink, Day.isFileName(FileSystem.name(of: resolved)),
           FileSystem.name(of: resolved) != FileSystem.name(of: path) {
            others.append(resolved)
        }
        guard !others.isEmpty else { return nil }
        return "\(path) and " + others.joined(separator: " and ") + " are one file (symbolic links to one file), so "
            + "writing one day would change the other; give each day a file of its own (replace the link with a copy), "
            + "nothing changed"
    }

    /// The sync tools' conflict copies (`ConflictCopyName`) of the day files at `paths` left beside them: for each
    /// path, its copies, sorted. Each folder is read once, however many of the paths are in it (in a folder of years of
    /// day files, reading it is most of what this costs).
    static func conflictCopies(of paths: [String]) -> [[String]] {
        let days = paths.map { Day(fileNameOf: $0) }, folders = paths.map { FileSystem.directory(of: $0) }
        var copies = [[String]](repeating: [], count: paths.count)
        for (index, folder) in folders.enumerated() where !folders[..<index].contains(folder) {
            let here = paths.indices.filter { folders[$0] == folder && days[$0] != nil }
            // A conflict copy's name starts with its day and is longer than the day file's: only those become strings.
            let prefixes = here.compactMap { days[$0].map { Array("\($0)".utf8) } }
            guard !prefixes.isEmpty else { continue }
            let names = (try? FileSystem.entries(of: folder, where: { name in
                name.count > 13 && prefixes.contains { name.starts(with: $0) }
            })) ?? []
            for name in names.sorted(by: FileSystem.precedes) {
                guard let copy = ConflictCopyName(fileName: name) else { continue }
                for path in here where days[path] == copy.day { copies[path].append(FileSystem.join(folder, name)) }
            }
        }
        return copies
    }

    /// Every sync tool's conflict copy of a day file below the plan folder, in any layout (hidden folders
    /// skipped), sorted.
    func conflictCopies() throws(FileError) -> [String] {
        let prefix = path == "." ? "./" : ""
        return try FileSystem.files(in: path, named: { ConflictCopyName(fileName: $0) != nil }, followingLinksInside: absolutePath)
            .map { !prefix.isEmpty && $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
    }

    /// The newest day file dated before `day`, and every file of that day.
    static func newest(before day: Day, in files: [DayFile]) -> [DayFile] {
        guard let newest = files.last(where: { $0.day < day })?.day else { return [] }
        return files.filter { $0.day == newest }
    }

    // MARK: - Making folders

    /// Makes the folders of `path` that do not exist (`mkdir -p`), one level at a time; a folder another
    /// process made meanwhile is fine. Returns the folders it made, outermost first, so that a run that fails
    /// later can remove them again (and removes them itself when it fails).
    static func makeFolders(_ path: String) throws(FileError) -> [String] {
        var made: [String] = []
        var current = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            // `String(part)`: a String appended, not a Substring (which is appended generically).
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
