extension FileSystem {
    /// A stamp of a file's content as the file system keeps it (its size, the time it was last changed to the
    /// nanosecond, and its inode): a different stamp means the file may have changed; the same one, that it has not
    /// been written since (what `dayplan lsp` gives a client as a diagnostic report's `resultId`). Nil when the file
    /// cannot be looked at.
    static func stamp(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let changed = info.st_mtimespec
        #else
        let changed = info.st_mtim
        #endif
        return "\(info.st_size)-\(changed.tv_sec).\(changed.tv_nsec)-\(info.st_ino)"
    }
}
