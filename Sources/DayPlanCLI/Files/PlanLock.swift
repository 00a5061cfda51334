import DayPlan

/// The lock that keeps two writers of one day file apart, whatever folder each was started from.
///
/// One empty lock file, `.dayplan.lock`, in the plan's top folder, found from the day file itself so that every
/// writer finds the same one: from the folder that really holds the file (links in its path followed), the first
/// folder upwards holding `.dayplan/`; in a plan without one, the folder above the layout's date folders (`2026/11`
/// for `2026/11/2026-11-21.md`, folders named only with the file's year, month, day or weekday). So `add` started
/// in a month folder, `fmt --write` started above the plan and `rollover --dir PLAN` all take the same lock for
/// the same file, and no lock file is made where a command was merely started. A command that writes several day
/// files takes each of their locks, in one order (by path), so that two commands never each wait for the other.
struct PlanLock {
    /// The lock files held, open; closing them releases the lock.
    private let descriptors: [Int32]

    /// The lock file's name.
    static let fileName = ".dayplan.lock"

    /// No lock held: for a command that writes nothing.
    static let none = PlanLock(descriptors: [])

    /// Releases the lock.
    func release() {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }

    /// The folder whose lock file guards `dayFile` (which need not exist yet, nor its folder), as an absolute path
    /// with links followed.
    static func folder(guarding dayFile: String) -> String {
        var finder = Finder()
        return finder.folder(guarding: dayFile)
    }

    /// Finds lock folders, asking the file system once per folder (fmt --write names thousands of files).
    private struct Finder {
        /// Per folder as named: its real path (folders still to be made named below the nearest that exists), and
        /// the plan's top folder when one above it holds `.dayplan/`. An array searched from the end, not a
        /// dictionary: a run names a few folders, and a dictionary's first use costs more than every search.
        private var known: [Known] = []
        /// One folder as named, with what `look(at:)` found (a struct: an array of tuples has its type made at run time).
        private struct Known {
            let named: String, real: String, initialized: String?
        }

        mutating func folder(guarding dayFile: String) -> String {
            let named = FileSystem.directory(of: dayFile)
            let found: (real: String, initialized: String?)
            if let entry = known.last(where: { $0.named == named }) {
                found = (entry.real, entry.initialized)
            } else {
                found = Self.look(at: named)
                known.append(Known(named: named, real: found.real, initialized: found.initialized))
            }
            if let top = found.initialized { return top }
            // Without `.dayplan/`: above the date folders of the file's own day.
            guard let day = Day(fileNameOf: dayFile) else { return found.real }
            var folder = found.real
            while folder != "/", Self.isDateFolder(FileSystem.name(of: folder), of: day) {
                folder = FileSystem.directory(of: folder)
            }
            return folder
        }

        private static func look(at named: String) -> (real: String, initialized: String?) {
            var existing = named
            var missing: [String] = []
            while FileSystem.kind(of: existing) != .directory, existing != "/", existing != "." {
                missing.insert(FileSystem.name(of: existing), at: 0)
                existing = FileSystem.directory(of: existing)
            }
            let real = FileSystem.resolvedPath(existing)
            var candidate = real
            while true {
                if FileSystem.kind(of: FileSystem.join(candidate, PlanFolder.settingsFolder)) == .directory {
                    return (missing.reduce(real) { FileSystem.join($0, $1) }, candidate)
                }
                guard candidate != "/" else { break }
                candidate = FileSystem.directory(of: candidate)
            }
            return (missing.reduce(real) { FileSystem.join($0, $1) }, nil)
        }

        /// Whether a folder's name is made only of `day`'s year, month, day of the month or weekday (as a layout
        /// writes them: `2026`, `11`, `2026-11`, `21 Sat`) and separators: a folder of the layout, not of the person
        /// (`ADD Log`, `daily`).
        static func isDateFolder(_ name: String, of day: Day) -> Bool {
            let text = day.description
            let words: [Substring] = [text.prefix(4), text.dropFirst(5).prefix(2), text.suffix(2),
                                         Substring(Weekday(of: day).abbreviation)]
            var any = false
            for word in name.split(whereSeparator: { " -_.".contains($0) }) {
                guard words.contains(word) else { return false }
                any = true
            }
            return any
        }
    }

    /// Takes the locks guarding `dayFiles`: exclusive for a command that writes them, which makes a lock file (and
    /// the folder of a new day file) where there is none; shared for one that only reads what a writer may be
    /// changing (a dry run), which makes nothing and so locks only lock files that exist. Each lock is waited for
    /// up to 30 seconds. Messages name a lock file inside `planFolder` as the person named the plan folder.
    /// `unlessReadOnly`: a folder in which the lock file cannot be made is not locked (nothing can be written in
    /// it either, and the write itself says why).
    static func take(guarding dayFiles: [String], exclusive: Bool, unlessReadOnly: Bool = false,
                     namedFrom planFolder: PlanFolder? = nil) throws(FileError) -> PlanLock {
        var finder = Finder()
        var folders: [String] = []
        for file in dayFiles where file != "-" {
            let folder = finder.folder(guarding: file)
            if !folders.contains(folder) { folders.append(folder) }
        }
        return try take(folders: folders.sorted(by: FileSystem.precedes), exclusive: exclusive,
                        unlessReadOnly: unlessReadOnly, namedFrom: planFolder)
    }

    /// Locks the lock file of each of `folders`, in their order.
    private static func take(folders: [String], exclusive: Bool, unlessReadOnly: Bool,
                             namedFrom planFolder: PlanFolder?) throws(FileError) -> PlanLock {
        var held: [Int32] = []
        for folder in folders {
            do {
                if exclusive, FileSystem.kind(of: folder) == .missing { _ = try PlanFolder.makeFolders(folder) }
                held.append(try lock(folder: folder, named: display(folder, in: planFolder), exclusive: exclusive,
                                     unlessReadOnly: unlessReadOnly))
            } catch {
                PlanLock(descriptors: held).release()
                throw error
            }
        }
        return PlanLock(descriptors: held)
    }

    /// Lists the plan folder's day files and locks the ones `choose` picks from that listing (the files the command
    /// will write), listing again under the lock until the listing picks the same files (another writer may have
    /// made a day's file meanwhile). Returns the lock and the listing made under it. A plan with `.dayplan/` has one
    /// lock for all its files, taken before the one listing. `listed`: a listing the command made just before (its
    /// guard rail's), taken as the first, so that the folder is not read for it again.
    static func take(in planFolder: PlanFolder, exclusive: Bool, listed: [PlanFolder.DayFile]? = nil,
                     writing choose: ([PlanFolder.DayFile]) -> [String]) throws(FileError) -> (PlanLock, [PlanFolder.DayFile]) {
        if planFolder.isInitialized {
            let lock = try take(folders: [planFolder.absolutePath], exclusive: exclusive, unlessReadOnly: false,
                                namedFrom: planFolder)
            do {
                return (lock, try planFolder.dayFiles())
            } catch {
                lock.release()
                throw error
            }
        }
        var files: [PlanFolder.DayFile]
        if let listed { files = listed } else { files = try planFolder.dayFiles() }
        for _ in 0..<5 {
            let chosen = choose(files)
            // A lock beside a file the links lead out of the plan to would be a file made outside it.
            for path in chosen { try planFolder.checkInside(dayFile: path) }
            let lock = try take(guarding: chosen, exclusive: exclusive, namedFrom: planFolder)
            do {
                let again = try planFolder.dayFiles()
                if choose(again) == chosen { return (lock, again) }
                files = again
            } catch {
                lock.release()
                throw error
            }
            lock.release()
        }
        throw FileError(planFolder.path, "its day files kept changing while dayplan waited to write them")
    }

    /// The lock that keeps two runs of `dayplan sync` apart, held for a whole sync while the plan's own lock is
    /// held only while day files are read and written: a lock on the `.dayplan/` folder itself (no file made),
    /// waited for up to 30 seconds, as the plan's.
    static func takeSyncLock(in planFolder: PlanFolder) throws(FileError) -> PlanLock {
        let name = planFolder.path(of: ".dayplan")
        let descriptor = open(planFolder.path(of: ".dayplan"), O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw .system(name, "cannot open it to lock it for the sync") }
        try wait(for: descriptor, named: name, exclusive: true, holder: "another dayplan sync")
        return PlanLock(descriptors: [descriptor])
    }

    /// The lock file of `folder` as messages name it: inside the plan folder, from the plan folder as the person
    /// named it (`.dayplan.lock`, `plans/2026/11/.dayplan.lock`); elsewhere, its absolute path.
    private static func display(_ folder: String, in planFolder: PlanFolder?) -> String {
        guard let planFolder else { return FileSystem.join(folder, fileName) }
        let top = planFolder.absolutePath
        if folder == top { return planFolder.path(of: fileName) }
        let prefix = top.hasSuffix("/") ? top : top + "/"
        guard folder.hasPrefix(prefix) else { return FileSystem.join(folder, fileName) }
        return planFolder.path(of: FileSystem.join(String(folder.dropFirst(prefix.count)), fileName))
    }

    /// Locks one folder's lock file (named `name` in messages), waiting while another command holds it, up to 30
    /// seconds, and then giving up rather than hang. Returns -1 where nothing was locked: a shared lock with no lock
    /// file, or (`unlessReadOnly`) a folder where none can be made.
    private static func lock(folder: String, named name: String, exclusive: Bool, unlessReadOnly: Bool) throws(FileError) -> Int32 {
        let lockPath = FileSystem.join(folder, fileName)
        let descriptor = exclusive
            ? open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
            : open(lockPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if !exclusive, errno == ENOENT || errno == ENOTDIR { return -1 }
            if unlessReadOnly, errno == EROFS || errno == EACCES { return -1 }
            throw .system(name, "cannot open the lock file")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw FileError(name, "is not a plain lock file (\(FileSystem.describe(info.st_mode))); remove it")
        }
        try wait(for: descriptor, named: name, exclusive: exclusive, holder: "another dayplan command")
        return descriptor
    }

    /// Locks the open `descriptor`, waiting while `holder` holds it, up to 30 seconds; closes it when that fails.
    private static func wait(for descriptor: Int32, named name: String, exclusive: Bool, holder: String) throws(FileError) {
        var waited = 0
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EAGAIN || code == EINTR else {
                let failure = FileError.system(name, "cannot lock")
                close(descriptor)
                throw failure
            }
            guard waited < 30_000 else {
                close(descriptor)
                throw FileError(name, "\(holder) has held this lock for 30 seconds")
            }
            usleep(10_000)
            waited += 10
        }
    }
}
