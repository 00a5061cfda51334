import DayPlan

/// The plan folder the editor has open, and the tags used in its day files (for completion after `#`).
///
/// The tags are read from the folder's day files once, when first needed, and read again after a file is
/// saved or the client reports changed files.
struct Workspace {
    /// The plan folder: the client's workspace folder or root, else `DAYPLAN_DIR`, else the folder of the first
    /// document opened.
    var root: String?
    /// How often each tag is used in the plan folder's files on disk; nil until read.
    private var diskTags: [String: [String: Int]]?

    /// Forgets the tags read from disk, so that the next completion reads them again.
    mutating func forgetTags() {
        diskTags = nil
    }

    /// Every tag of the plan folder with how often it is used, most used first: the day files on disk, except
    /// those open in the editor, which count as the editor holds them.
    mutating func tags(openDocuments: [(path: String?, tags: [String])]) -> [(name: String, count: Int)] {
        if diskTags == nil { diskTags = Workspace.readTags(in: root) }
        var counts: [String: Int] = [:]
        let open = Set(openDocuments.compactMap(\.path).map(FileSystem.resolvedPath))
        for (path, tags) in diskTags ?? [:] where !open.contains(path) {
            counts.merge(tags, uniquingKeysWith: +)
        }
        for document in openDocuments {
            for tag in document.tags { counts[tag, default: 0] += 1 }
        }
        return counts.map { (name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }

    /// The tags of each day file below `root`, by resolved path; files that cannot be read are left out.
    private static func readTags(in root: String?) -> [String: [String: Int]] {
        // Links to folders followed as the plan folder's listing follows them (`PlanFolder.checkInside(dayFile:)`).
        guard let root, let files = try? FileSystem.files(in: root, named: Day.isFileName,
                                                          followingLinksInside: FileSystem.resolvedPath(root)) else { return [:] }
        var result: [String: [String: Int]] = [:]
        for path in files {
            guard let bytes = try? FileSystem.read(path) else { continue }
            var counts: [String: Int] = [:]
            for task in DayDocument(parsing: bytes).allTasks {
                for tag in task.tags { counts[tag, default: 0] += 1 }
            }
            result[FileSystem.resolvedPath(path)] = counts
        }
        return result
    }

    /// The local path of a `file:` URI, percent-escapes decoded; nil for any other scheme (`untitled:`).
    static func path(ofURI uri: String) -> String? {
        let prefix = "file://"
        guard uri.hasPrefix(prefix) else { return nil }
        var rest = Array(uri.utf8.dropFirst(prefix.utf8.count))
        // `file://host/path`: only the local host (empty or `localhost`) is a path here.
        if rest.first != UInt8(ascii: "/") {
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")),
                  String(decoding: rest[..<slash], as: UTF8.self) == "localhost" else { return nil }
            rest = Array(rest[slash...])
        }
        return PercentEscapes.decoded(rest)
    }

    /// The `file:` URI of an absolute path, each byte that is not unreserved in a URI path percent-escaped.
    static func fileURI(ofPath path: String) -> String {
        // Byte by byte into bytes, made a string once: a workspace symbol's answer holds hundreds of URIs.
        var uri = Array("file://".utf8)
        uri.reserveCapacity(uri.count + path.utf8.count)
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
            if unreserved {
                uri.append(byte)
            } else {
                uri += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: uri, as: UTF8.self)
    }

    /// The absolute path of the running `dayplan`, links followed: its first argument when that names a path,
    /// else where PATH finds it; nil when neither does.
    static func executablePath() -> String? {
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return nil }
        if first.contains("/") { return FileSystem.kind(of: first) == .file ? FileSystem.resolvedPath(first) : nil }
        for folder in (Clock.environment("PATH") ?? "").split(separator: ":") {
            let candidate = FileSystem.join(String(folder), first)
            if FileSystem.kind(of: candidate) == .file { return FileSystem.resolvedPath(candidate) }
        }
        return nil
    }
}
