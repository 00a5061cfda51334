import DayPlan

/// A failed file operation, with the path it was about and the system's reason.
struct FileError: Error {
    let path: String
    let reason: String

    init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error from `errno`, as the C library words it.
    static func system(_ path: String, _ what: String) -> FileError {
        let code = errno
        let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return FileError(path, "\(what): \(text)")
    }

    /// `path: reason`, for standard error.
    var message: String { "\(path): \(reason)" }
}

/// File access through the C library: reading (FileReading.swift), atomic replacing, and finding day files.
///
/// Kept off Foundation so that a command on one small file starts about as fast as `cat`.
enum FileSystem {
    /// What a file that is not a regular file is, in words: "a FIFO", "a character device".
    static func describe(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    /// The largest input read: far beyond any day plan (a 10-year archive is 4 MB in all), yet small enough
    /// that parsing it fits in memory.
    static let largestDayFile = 512 << 20

    /// What kind of thing a path names.
    enum Kind { case missing, file, directory, other }

    /// Follows symbolic links.
    static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Replaces a file's content atomically: a temporary file in the same folder, flushed, then renamed over it.
    ///
    /// A symbolic link is followed, so the link stays a link and its target changes. The file keeps its mode;
    /// a new file gets `newFileMode` less the umask. A reader sees the old content or the new, never a mix.
    /// A file the process may not write (a read-only mode, a read-only file system) is an error, as it would
    /// be for a write in place, although the rename would get past its mode.
    /// `durable`: the temporary file and the rename are flushed to the disk (`fsync`), so that the new
    /// content survives a crash; false only for a file that its reader takes over at once (git's own
    /// temporary file, which `dayplan merge` writes), where the flush is a cost with nothing to protect.
    /// `beforeRename` runs when the temporary file is complete and flushed (a test hook for killed runs).
    /// Errors name `path` as given, the file the person asked for (not the folder, nor a link's target).
    ///
    /// The same steps as `stage`, then `StagedFile.flushAndCommit(beforeRename:)`.
    static func replace(_ path: String, with bytes: [UInt8], newFileMode: mode_t = 0o644, durable: Bool = true,
                        beforeRename: () -> Void = {}) throws(FileError) {
        try stage(path, with: bytes, newFileMode: newFileMode, durable: durable).flushAndCommit(beforeRename: beforeRename)
    }

    /// Writes an output file a person named (`report -o FILE`): a regular file or a new one is replaced atomically
    /// (its leftovers of killed runs removed first); a character device or a FIFO (`/dev/null`, `/dev/stdout` in a
    /// pipe) is written straight into, never replaced; anything else (a folder, a socket, a block device, a FIFO
    /// that nobody reads) is refused.
    static func writeOutput(_ path: String, with bytes: [UInt8]) throws(FileError) {
        var info = stat()
        guard stat(path, &info) == 0, [S_IFCHR, S_IFIFO].contains(info.st_mode & S_IFMT) else {
            for failure in removeLeftovers(of: [path]) { throw failure }
            try replace(path, with: bytes)
            return
        }
        // Without waiting: a FIFO with no reader is refused at once instead of blocking.
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENXIO { throw FileError(path, "\(describe(info.st_mode)) that nothing reads, so nothing was written") }
            throw .system(path, "cannot open")
        }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let written = writeAll(bytes, to: descriptor)
        if !written { throw .system(path, "cannot write") }
    }

    /// The first step of `replace`: writes `bytes` to a temporary file beside `path` (its mode kept, or
    /// `newFileMode` for a new file), leaving the file itself as it is until the staged file is committed.
    /// A command that writes two files (rollover) stages and flushes both before it commits either, so that
    /// a failed write leaves both files as they were, and commits them in the order that keeps a crash safe.
    ///
    /// Only a regular file is replaced (a FIFO, a device or a folder is refused), and the temporary file is made
    /// new (`O_EXCL`), never through a link (`O_NOFOLLOW`), under a name no other process can guess, so that a
    /// link planted in a shared folder cannot turn the write into one outside it. The temporary file is locked
    /// (`flock`) while it exists, which is how cleanup tells one of a live run from a leftover.
    ///
    /// `mustBeNew`: the file is one the command's listing did not find, so it must not exist now (not even as a
    /// link leading nowhere) and is refused if it does; its commit makes it without replacing anything that
    /// appeared meanwhile (`StagedFile.commit`). A command never replaces a file it did not read.
    static func stage(_ path: String, with bytes: [UInt8], newFileMode: mode_t = 0o644,
                      durable: Bool = true, mustBeNew: Bool = false) throws(FileError) -> StagedFile {
        var own = stat()
        if mustBeNew, lstat(path, &own) == 0 {
            let what = (own.st_mode & S_IFMT) == S_IFREG ? "a file" : describe(own.st_mode)
            throw FileError(path, "\(what) is there, but the plan folder's listing found no day file in its place, so it "
                            + "is not replaced")
        }
        let target = resolvedPath(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, (info.st_mode & S_IFMT) != S_IFREG {
            throw FileError(path, "\(describe(info.st_mode)), not a regular file, so it is not replaced")
        }
        if exists, access(target, W_OK) != 0 { throw .system(path, "cannot write") }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 {
            temporary = temporaryPath(for: target)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                              exists ? info.st_mode & 0o7777 : newFileMode)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .system(path, "cannot create a temporary file") }
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
        let staged = StagedFile(path: path, target: target, temporary: temporary, descriptor: descriptor, durable: durable,
                                isNew: mustBeNew)
        let written = writeAll(bytes, to: descriptor)
        var failure: FileError?
        if !written {
            failure = .system(path, "cannot write")
        } else if exists, fchmod(descriptor, info.st_mode & 0o7777) != 0 {
            failure = .system(path, "cannot keep the file mode")
        }
        if let failure {
            staged.abandon()
            throw failure
        }
        return staged
    }

    /// A file's new content written to a temporary file beside it and not yet renamed over it: `replace` in
    /// steps. Each staged file ends with one `commit` or one `abandon`.
    struct StagedFile: Sendable {
        /// The file as the person named it, for messages.
        let path: String
        /// The file with symbolic links followed: what the rename replaces.
        let target: String
        /// The temporary file holding the new content.
        let temporary: String
        /// The temporary file, open for writing until it is committed or abandoned.
        let descriptor: Int32
        /// Whether the content and the rename are flushed to the disk.
        let durable: Bool
        /// Whether the file must not exist: it is made by `commit` without replacing one that appeared meanwhile.
        var isNew = false

        /// Flushes the temporary file's content to the disk (when durable). The error, or nil.
        func flush() -> FileError? {
            guard durable else { return nil }
            while fsync(descriptor) != 0 {
                if errno != EINTR { return .system(path, "cannot flush") }
            }
            return nil
        }

        /// Renames the flushed temporary file over the file, then flushes the folder so that the rename
        /// itself survives a crash (when durable). `beforeRename` runs first (a test hook for killed runs).
        func commit(beforeRename: () -> Void = {}) throws(FileError) {
            // Closed after the rename: until then the temporary file stays locked, so no cleanup takes it.
            defer { close(descriptor) }
            beforeRename()
            if isNew {
                // A hard link fails where the name is taken, as O_EXCL does; where the file system has no hard
                // links, a look just before the rename.
                var taken = stat()
                if link(temporary, target) == 0 {
                    unlink(temporary)
                } else if errno == EEXIST || lstat(target, &taken) == 0 {
                    unlink(temporary)
                    throw FileError(path, "appeared while it was being written (made by another program), so it is not replaced")
                } else if rename(temporary, target) != 0 {
                    let failure = FileError.system(path, "cannot create")
                    unlink(temporary)
                    throw failure
                }
            } else if rename(temporary, target) != 0 {
                let failure = FileError.system(path, "cannot replace")
                unlink(temporary)
                throw failure
            }
            guard durable else { return }
            let folderDescriptor = open(directory(of: target), O_RDONLY | O_CLOEXEC)
            if folderDescriptor >= 0 {
                fsync(folderDescriptor)
                close(folderDescriptor)
            }
        }

        /// `flush()`, then `commit(beforeRename:)`; a flush that fails abandons the file: one file's whole replace.
        func flushAndCommit(beforeRename: () -> Void = {}) throws(FileError) {
            if let failure = flush() {
                abandon()
                throw failure
            }
            try commit(beforeRename: beforeRename)
        }

        /// Removes the temporary file, leaving the file as it was.
        func abandon() {
            unlink(temporary)
            close(descriptor)
        }
    }

    /// A new name for the temporary file `replace` writes for `path`: hidden, in the same folder, named for the
    /// file, the process and 64 random bits (`.NAME.PID-RANDOM.dayplan-tmp`), so that no other process can
    /// plant anything under it beforehand.
    static func temporaryPath(for path: String) -> String {
        let folder = directory(of: path)
        let name = name(of: path)
        var random = SystemRandomNumberGenerator()
        let token = String(random.next() as UInt64, radix: 16)
        return "\(folder)/.\(name).\(getpid())-\(token)\(temporarySuffix)"
    }

    /// The suffix every temporary file of `replace` ends with, for cleaning up after a killed run.
    static let temporarySuffix = ".dayplan-tmp"

    /// Whether `name`, an entry of `folder`, is a temporary file that a run of `replace` left behind when it was
    /// cut short, and so may be removed. It must be named as dayplan names them: `.NAME.PID-RANDOM.dayplan-tmp`
    /// (or, from older versions, `.NAME.PID.dayplan-tmp` and `.NAME.dayplan-tmp` with NAME a day file's name),
    /// with NAME one of `names` when given; be a regular file owned by this user; and be out of use. A run locks
    /// its temporary file while it exists, so an unlocked one of the current form is a leftover whatever process
    /// now has its id; one of an older form, never locked, is a leftover once its process is gone. Anything else
    /// named `*.dayplan-tmp` (`my-backup.dayplan-tmp`) is not dayplan's and is left alone.
    static func isLeftover(_ name: String, in folder: String, of names: [Substring]? = nil) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(temporarySuffix) else { return false }
        let stem = name.dropFirst().dropLast(temporarySuffix.count)
        // The process mark after NAME: `PID` or `PID-RANDOM`.
        var fileName = stem, pid: Int32?, isCurrentForm = false
        if let dot = stem.lastIndex(of: ".") {
            let parts = stem[stem.index(after: dot)...].split(separator: "-", omittingEmptySubsequences: false)
            if let number = Int32(parts[0]), number > 0, parts.count <= 2,
               parts.count == 1 || (1...16).contains(parts[1].count) && UInt64(parts[1], radix: 16) != nil {
                fileName = stem[..<dot]
                pid = number
                isCurrentForm = parts.count == 2
            }
        }
        if let names {
            guard names.contains(fileName) else { return false }
        } else {
            guard isCurrentForm || Day.isFileName(String(fileName)) else { return false }
        }
        let descriptor = open(join(folder, name), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
              flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        guard !isCurrentForm, let pid else { return true }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Whether a name ends as the temporary files of `replace` end (`temporarySuffix`).
    private static func isTemporaryName(_ name: UnsafeRawBufferPointer) -> Bool {
        name.count > temporarySuffixBytes.count && name.suffix(temporarySuffixBytes.count).elementsEqual(temporarySuffixBytes)
    }

    /// `temporarySuffix`'s bytes.
    private static let temporarySuffixBytes = Array(temporarySuffix.utf8)

    /// Removes every temporary file that killed runs of `replace` left in `folder` (`isLeftover`). Returns the
    /// leftovers it could not remove.
    static func removeLeftovers(in folder: String) -> [FileError] {
        let leftovers = ((try? entries(of: folder, where: isTemporaryName)) ?? []).filter { isLeftover($0, in: folder) }
        return leftovers.map { join(folder, $0) }.filter { unlink($0) != 0 }.map {
            .system($0, "cannot remove this temporary file of a run that was cut short")
        }
    }

    /// Removes the temporary files that killed runs of `replace` left for `files` (those of other files stay),
    /// reading each folder once. Returns the leftovers it could not remove.
    static func removeLeftovers(of files: [String]) -> [FileError] {
        // The files' names by folder, in order of first sight. A run names one or two files, or (fmt) many in
        // path order, so a folder is nearly always the last one seen and is looked for from the end.
        // A struct, not a tuple: an array of tuples has its type made at run time.
        struct Folder { let folder: String; var names: [Substring] }
        var namesByFolder: [Folder] = []
        for file in files where file != "-" {
            let target = resolvedPath(file), folder = directory(of: target)
            let name = target.split(separator: "/").last ?? ""
            if let index = namesByFolder.lastIndex(where: { $0.folder == folder }) {
                namesByFolder[index].names.append(name)
            } else {
                namesByFolder.append(Folder(folder: folder, names: [name]))
            }
        }
        var failures: [FileError] = []
        for entry in namesByFolder {
            let folder = entry.folder, names = entry.names
            guard let entries = try? entries(of: folder, where: isTemporaryName) else { continue }
            let leftovers = entries.filter { isLeftover($0, in: folder, of: names) }
            for path in leftovers.map({ join(folder, $0) }) where unlink(path) != 0 {
                failures.append(.system(path, "cannot remove this temporary file of a run that was cut short"))
            }
        }
        return failures.sorted { precedes($0.path, $1.path) }
    }

    /// A folder's own entries, hidden ones included (no `.` and `..`), not those of folders below it.
    static func entries(of folder: String) throws(FileError) -> [String] {
        try entries(of: folder, where: { _ in true })
    }

    /// The entries of `folder` whose name's bytes `isWanted` accepts (no `.` and `..`): a name is made a
    /// string only when wanted, as a plan folder of years holds thousands of entries and a command looks for a few.
    static func entries(of folder: String, where isWanted: (UnsafeRawBufferPointer) -> Bool) throws(FileError) -> [String] {
        guard let stream = opendir(folder) else { throw .system(folder, "cannot read the folder") }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.endIndex)])
                let isDots = bytes.count <= 2 && bytes.allSatisfy { $0 == UInt8(ascii: ".") }
                return !isDots && isWanted(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
            }
            if let name { names.append(name) }
        }
        return names
    }

    /// `folder/name`, or just `name` in the current folder.
    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether two open descriptors are one pipe or file that is not a terminal (`2>&1` into a pipe), so that what
    /// is written to one would be mixed into what is written to the other.
    static func isSameFile(descriptor a: Int32, as b: Int32) -> Bool {
        var first = stat(), second = stat()
        guard isatty(a) == 0, fstat(a, &first) == 0, fstat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The last part of a path: its file or folder name (the path itself when it is only `/`s, or empty).
    static func name(of path: String) -> String {
        // By bytes, as the file system splits a path: lint asks this of every path it is given.
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            return String(decoding: end == 0 ? bytes[...] : bytes[start..<end], as: UTF8.self)
        }
    }

    /// The folder part of a path (`.` for a bare name).
    static func directory(of path: String) -> String {
        // By bytes: `/` is ASCII, and a path's characters need not be read as such to find it.
        var bytes = path
        guard let offset = bytes.withUTF8({ $0.lastIndex(of: UInt8(ascii: "/")) }) else { return "." }
        return offset == 0 ? "/" : String(decoding: bytes.utf8.prefix(offset), as: UTF8.self)
    }

    /// The path with symbolic links followed, or the path itself when it does not exist yet.
    static func resolvedPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Expands command-line paths: files as given, folders into their day files. Missing paths are errors.
    static func expand(_ paths: [String]) throws(FileError) -> [String] {
        var copies: [String] = []
        return try expand(paths, findingCopies: false, copies: &copies)
    }

    /// `expand(_:)`, and (`findingCopies`) the sync tools' conflict copies of day files (`ConflictCopyName`) in the
    /// folders, found in the same walk, into `copies`.
    static func expand(_ paths: [String], findingCopies: Bool, copies: inout [String]) throws(FileError) -> [String] {
        var result: [String] = []
        var failure: FileError?
        var found: [String] = []
        func add(_ path: String, _ kind: Kind) {
            guard failure == nil else { return }
            switch kind {
            case .missing: failure = .system(path, "cannot open")
            case .directory where findingCopies:
                do throws(FileError) {
                    for file in try files(in: path, named: { Day.isFileName($0) || ConflictCopyName(fileName: $0) != nil }) {
                        if Day.isFileName(name(of: file)) { result.append(file) } else { found.append(file) }
                    }
                } catch { failure = error }
            case .directory:
                do throws(FileError) { result += try dayFiles(in: path) } catch { failure = error }
            case .file, .other: result.append(path)
            }
        }
        defer { copies += found }
        @Sendable func kindOf(_ path: String) -> Kind { path == "-" ? .file : kind(of: path) }
        // A shell's glob over an archive names thousands of files: a system call each, made on all cores
        // rather than one after another before any file is read.
        if paths.count >= 256 {
            forEachInBatches(paths, batchSize: 2048, work: kindOf, report: add)
        } else {
            for path in paths { add(path, kindOf(path)) }
        }
        if let failure { throw failure }
        return result
    }
}

/// Writes all of `bytes` to `descriptor`, going on after an interrupted write; false when a write fails.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { raw -> Bool in
        guard let base = raw.baseAddress else { return true }
        var done = 0
        while done < raw.count {
            let count = write(descriptor, base + done, raw.count - done)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return false }
            done += count
        }
        return true
    }
}
