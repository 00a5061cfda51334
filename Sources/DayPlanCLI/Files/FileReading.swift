extension FileSystem {
    /// Reads a whole file, or standard input for `-`.
    ///
    /// Only a regular file (or standard input) is read: a FIFO, a device or a socket is refused before anything is
    /// read from it, since reading one may wait forever (a FIFO with no writer, a terminal) or never end
    /// (`/dev/zero`). It is opened without waiting (`O_NONBLOCK`) and looked at before it is read, so that the
    /// check and the read are about one file. Anything larger than `largestDayFile` is refused: a regular file by
    /// its size before it is read, standard input once that much has arrived.
    static func read(_ path: String) throws(FileError) -> [UInt8] {
        try readWithIdentity(path).bytes
    }

    /// Which file a path opened: its device and inode (two paths to one file have the same), and how many names
    /// (hard links) it has.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        let names: Int
    }

    /// `read(_:)`, and which file it read (nil for standard input).
    static func readWithIdentity(_ path: String) throws(FileError) -> (bytes: [UInt8], identity: Identity?) {
        let (descriptor, info) = try openForReading(path)
        defer { if descriptor != 0 { close(descriptor) } }
        let identity = path == "-" ? nil
            : Identity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                       names: Int(truncatingIfNeeded: info.st_nlink))
        var bytes: [UInt8] = []
        var capacity = min(max(Int(info.st_size) + 1, 4096), largestDayFile + 1)
        while true {
            // Read into uninitialised memory: zero-filling first costs more than the read itself.
            var failed = false, ended = false
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                guard let base = buffer.baseAddress else { return }
                previous.withUnsafeBufferPointer { old in
                    if let start = old.baseAddress { base.initialize(from: start, count: old.count) }
                }
                count = previous.count
                while count < capacity {
                    let readCount = systemRead(descriptor, base + count, capacity - count)
                    if readCount < 0, errno == EINTR { continue }
                    if readCount < 0 { failed = true; return }
                    if readCount == 0 { ended = true; return }
                    count += readCount
                }
            }
            if failed { throw .system(path, "cannot read") }
            if ended { return (bytes, identity) }
            if bytes.count > largestDayFile {
                throw tooLarge(path)
            }
            capacity = min(capacity * 2, largestDayFile + 1)
        }
    }

    /// Why a file larger than `largestDayFile` is not read.
    static func tooLarge(_ path: String) -> FileError {
        FileError(path == "-" ? "<stdin>" : path, "larger than \(largestDayFile >> 20) MiB, too large to be a day file")
    }

    /// Opens `path` (or standard input for `-`) for `read`, having checked that it is a file that can be read
    /// whole: a regular file no larger than `largestDayFile`, or standard input that is not a folder.
    static func openForReading(_ path: String) throws(FileError) -> (descriptor: Int32, info: stat) {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .system(path, "cannot open") }
        var info = stat()
        let fail = { (error: FileError) -> FileError in
            if descriptor != 0 { close(descriptor) }
            return error
        }
        guard fstat(descriptor, &info) == 0 else { throw fail(.system(path, "cannot look at")) }
        if path != "-" {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw fail(FileError(path, "is a directory"))
            default: throw fail(FileError(path, "\(describe(info.st_mode)), not a regular file, so it was not read"))
            }
            if Int(info.st_size) > largestDayFile {
                throw fail(tooLarge(path))
            }
            // Reads wait as usual from here on (a regular file's reads do not wait anyway).
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        } else if (info.st_mode & S_IFMT) == S_IFDIR {
            throw fail(FileError("<stdin>", "is a directory"))
        }
        return (descriptor, info)
    }
}

/// Memory that files are read into one after another, each in place of the one before: a command that reads
/// large files it keeps nothing of (the calendars) touches fresh memory once, not for each file, as each page
/// of fresh memory costs the kernel a page fault.
final class ReadBuffer {
    private var memory = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    /// Where each piece of a file is read first, then copied on into `memory`: the kernel copies into a small
    /// buffer that stays in the cache faster than into a large one it touches for the first time.
    private let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)

    init() {
        Self.prefault(piece, count: piece.count)
    }

    deinit {
        memory.deallocate()
        piece.deallocate()
    }

    /// Reads `path` as `FileSystem.read` does (the same checks and limits), and gives its bytes to `body`: they
    /// are valid only inside it.
    func read<Result>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) throws(FileError) -> Result {
        let (descriptor, info) = try FileSystem.openForReading(path)
        defer { if descriptor != 0 { close(descriptor) } }
        grow(to: min(Int(info.st_size), FileSystem.largestDayFile), keeping: 0)
        var count = 0
        while true {
            guard let from = piece.baseAddress else { break }
            let readCount = systemRead(descriptor, from, piece.count)
            if readCount < 0, errno == EINTR { continue }
            if readCount < 0 { throw .system(path, "cannot read") }
            if readCount == 0 { break }
            guard count + readCount <= FileSystem.largestDayFile else {
                throw FileSystem.tooLarge(path)
            }
            // It grew while being read (or it is standard input).
            if count + readCount > memory.count { grow(to: max(count * 2, count + readCount), keeping: count) }
            guard let to = memory.baseAddress else { break }
            (to + count).copyMemory(from: from, byteCount: readCount)
            count += readCount
        }
        return body(UnsafeBufferPointer(start: memory.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Makes room for `size` bytes, keeping the first `kept`; a quarter more, so that a next file of about the
    /// same size fits (memory not written to is never touched).
    private func grow(to size: Int, keeping kept: Int) {
        guard memory.count < size else { return }
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: size + size / 4, alignment: 16)
        Self.prefault(larger, count: size)
        if kept > 0, let from = memory.baseAddress, let to = larger.baseAddress { to.copyMemory(from: from, byteCount: kept) }
        memory.deallocate()
        memory = larger
    }

    /// Has the kernel give the whole pages among the first `count` bytes of fresh `memory` at once, where the
    /// first write to each would stop for a page fault of its own. Linux only (`MADV_POPULATE_WRITE`, 5.14 and
    /// later: an older kernel declines, and the pages come one fault at a time as before).
    private static func prefault(_ memory: UnsafeMutableRawBufferPointer, count: Int) {
        #if os(Linux)
        guard let base = memory.baseAddress else { return }
        let page = 4096, populateWrite: Int32 = 23
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + min(count, memory.count)) & ~(page - 1)
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, end - start, populateWrite)
        #endif
    }
}

/// The C library's `read`, named apart from `FileSystem.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
