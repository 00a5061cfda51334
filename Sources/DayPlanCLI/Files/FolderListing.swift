import DayPlan

/// Listing folders for day files: the walk every command that reads a folder shares, with its one rule for
/// symbolic links and its byte order.
extension FileSystem {
    /// The day files under a folder, sorted, skipping hidden folders (`.git` among them) and symbolic links to folders
    /// (a plan folder's listing follows those that lead inside it: `PlanFolder.dayFiles()`).
    ///
    /// A link named like a day file that leads nowhere is listed, so that reading it reports it; a folder that
    /// cannot be read is an error, since the day files in it would be silently left out.
    static func dayFiles(in folder: String) throws(FileError) -> [String] {
        try files(in: folder, named: Day.isFileName)
    }

    /// `dayFiles(in:)` for any files whose name `isWanted` says: every Markdown note, for `init`.
    static func files(in folder: String, named isWanted: (String) -> Bool,
                      followingLinksInside root: String? = nil) throws(FileError) -> [String] {
        try listedFiles(in: folder, named: isWanted, followingLinksInside: root).map(\.path)
    }

    /// A file `listedFiles(in:named:)` found: its path, and whether it is a symbolic link (to a file, or leading
    /// nowhere), as the folder's listing said.
    struct ListedFile {
        let path: String
        let isLink: Bool
    }

    /// `files(in:named:)`, each file with whether it is a symbolic link.
    ///
    /// `followingLinksInside`: an absolute folder (the plan folder's, with links followed) inside which a symbolic
    /// link to a folder is followed, as writing follows it (`PlanFolder.checkInside(dayFile:)`); a link that leads
    /// out of it is not. Each folder is read once however many links lead to it (a link to a folder above it
    /// would otherwise go round for ever), under the first path that reaches it with the fewest links: the
    /// folders the walk reaches without a link first.
    static func listedFiles(in folder: String, named isWanted: (String) -> Bool,
                            followingLinksInside root: String? = nil) throws(FileError) -> [ListedFile] {
        try listedFiles(in: folder, named: isWanted, followingLinksInside: root, givingUpEmptyAfter: .max) ?? []
    }

    /// `listedFiles(in:named:followingLinksInside:)`, or nil once it has read `folders` folders and found no
    /// file: the rest is not read (a folder that is no plan, such as the system's temporary folder).
    static func listedFiles(in folder: String, named isWanted: (String) -> Bool, followingLinksInside root: String?,
                            givingUpEmptyAfter folders: Int) throws(FileError) -> [ListedFile]? {
        var found: [ListedFile] = []
        var read = 0
        var pending = [folder]
        // Links to folders, followed once every folder reached without them is read.
        var linked: [String] = []
        struct Identity: Hashable { let device: UInt64, inode: UInt64 }
        var visited: Set<Identity> = []
        let top = root.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        while let current = pending.popLast() ?? linked.popLast() {
            guard let stream = opendir(current) else {
                if current == folder || errno != ENOENT { throw .system(current, "cannot read the folder") }
                continue  // gone since it was listed
            }
            defer { closedir(stream) }
            read += 1
            if read > folders, found.isEmpty { return nil }
            if root != nil {
                var info = stat()
                if fstat(dirfd(stream), &info) == 0,
                   !visited.insert(Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))).inserted {
                    continue  // read already, through another path
                }
            }
            // `./name` under `.`, as given: the names the commands print. The folder's part of each path is made
            // once, and each path in one piece from it and the entry's bytes (a folder of years holds thousands).
            var folderPart = Array(current.utf8)
            if folderPart.last != UInt8(ascii: "/") { folderPart.append(UInt8(ascii: "/")) }
            while let entry = readdir(stream) {
                let named: (name: String, path: String)? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.endIndex)])
                    guard bytes.first != UInt8(ascii: ".") else { return nil }
                    let path = String(unsafeUninitializedCapacity: folderPart.count + bytes.count) { buffer in
                        _ = buffer.initialize(from: folderPart)
                        _ = buffer[folderPart.count...].initialize(from: bytes)
                        return folderPart.count + bytes.count
                    }
                    return (String(decoding: bytes, as: UTF8.self), path)
                }
                guard let (name, path) = named else { continue }  // hidden
                // The entry's type comes with it on most file systems; ask only when it does not.
                var type = Int32(entry.pointee.d_type)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = Int32(DT_DIR)
                    case S_IFREG: type = Int32(DT_REG)
                    case S_IFLNK: type = Int32(DT_LNK)
                    default: continue
                    }
                }
                switch type {
                case Int32(DT_DIR):
                    pending.append(path)
                case Int32(DT_REG) where isWanted(name):
                    found.append(ListedFile(path: path, isLink: false))
                case Int32(DT_LNK) where isWanted(name) && [.file, .missing].contains(kind(of: path)):
                    found.append(ListedFile(path: path, isLink: true))
                case Int32(DT_LNK) where top != nil && kind(of: path) == .directory:
                    let real = resolvedPath(path)
                    if real + "/" == top || top.map(real.hasPrefix) == true { linked.insert(path, at: 0) }
                default:
                    continue
                }
            }
        }
        return byteOrder(of: found.map(\.path), commonPrefix: folder.utf8.count).map { found[$0] }
    }

    /// The indices of `paths` in the order of their bytes, all of which start with the same `commonPrefix` bytes.
    ///
    /// Most comparisons settle on the 16 bytes after the prefix, compared as two integers; the sort moves those
    /// and an index, never a string: sorting a large archive's paths as strings would take longer than checking them.
    static func byteOrder(of paths: [String], commonPrefix: Int) -> [Int] {
        struct Key {
            var high: UInt64 = 0, low: UInt64 = 0
            let index: Int
        }
        var keys: [Key] = []
        keys.reserveCapacity(paths.count)
        for (index, path) in paths.enumerated() {
            var path = path
            keys.append(path.withUTF8 { bytes in
                var key = Key(index: index)
                var k = 0
                while k < 16, commonPrefix + k < bytes.count {
                    let byte = UInt64(bytes[commonPrefix + k])
                    if k < 8 { key.high |= byte << (56 - 8 * k) } else { key.low |= byte << (120 - 8 * k) }
                    k += 1
                }
                return key
            })
        }
        keys.sort { a, b in
            if a.high != b.high { return a.high < b.high }
            if a.low != b.low { return a.low < b.low }
            return precedes(paths[a.index], paths[b.index])
        }
        return keys.map(\.index)
    }

    /// Whether path `a` sorts before `b` byte by byte: the order of every file list.
    static func precedes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                if common > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let order = memcmp(p, q, common)
                    if order != 0 { return order < 0 }
                }
                return x.count < y.count
            }
        }
    }
}
