import Foundation
import Testing

/// Everything under a folder, in subfolders too and hidden entries included (temporary `*.dayplan-tmp` files
/// among them): each file's mode and bytes, each link's target, each folder's mode. Two snapshots are equal
/// when nothing was created, removed, or changed by a byte.
struct FolderSnapshot: Equatable, CustomStringConvertible {
    /// One entry of the folder.
    enum Entry: Equatable, CustomStringConvertible {
        case file(mode: Int, bytes: Data)
        case link(String)
        case folder(mode: Int)

        static func == (a: Entry, b: Entry) -> Bool {
            switch (a, b) {
            case let (.file(m, x), .file(n, y)): return m == n && sameBytes(x, y)
            case let (.link(x), .link(y)): return x == y
            case let (.folder(m), .folder(n)): return m == n
            default: return false
            }
        }

        var description: String {
            switch self {
            case let .file(mode, bytes): ".file(mode: \(String(mode, radix: 8)), \(bytes.count) bytes)"
            case let .link(target): ".link(\(target))"
            case let .folder(mode): ".folder(mode: \(String(mode, radix: 8)))"
            }
        }
    }

    /// Each entry by its path below the folder.
    let entries: [String: Entry]

    /// Reads the folder now; `skipping` names entries to leave out (the rollover lock, by default).
    init(_ folder: URL, skipping: Set<String> = [".dayplan.lock"]) throws {
        var entries: [String: Entry] = [:]
        let manager = FileManager.default
        for path in try manager.subpathsOfDirectory(atPath: folder.path) where !skipping.contains(path) {
            let full = folder.appendingPathComponent(path).path
            let attributes = try manager.attributesOfItem(atPath: full)
            let mode = (attributes[.posixPermissions] as? Int) ?? -1
            switch attributes[.type] as? FileAttributeType {
            case .typeDirectory?: entries[path] = .folder(mode: mode)
            case .typeSymbolicLink?: entries[path] = .link(try manager.destinationOfSymbolicLink(atPath: full))
            default: entries[path] = .file(mode: mode, bytes: try Data(contentsOf: URL(fileURLWithPath: full)))
            }
        }
        self.entries = entries
    }

    /// The bytes of the file at `path`, if it is one.
    subscript(path: String) -> Data? {
        if case .file(_, let bytes)? = entries[path] { return bytes }
        return nil
    }

    /// The temporary files of `FileSystem.replace` anywhere in the folder.
    var temporaryFiles: [String] { entries.keys.filter { $0.hasSuffix(".dayplan-tmp") }.sorted() }

    var description: String {
        entries.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
    }
}

/// Whether two byte buffers are equal, compared with `memcmp` (a byte loop would take seconds on 100 MB in a debug build).
func sameBytes(_ a: Data, _ b: Data) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { x in
        b.withUnsafeBytes { y in
            guard let p = x.baseAddress, let q = y.baseAddress else { return true }
            return memcmp(p, q, x.count) == 0
        }
    }
}

/// A small tmpfs mounted on a folder of its own, for a read-only or a full file system. Needs root (or
/// CAP_SYS_ADMIN). Unmounted when the value goes away, also when a test fails.
final class ScratchFileSystem {
    let folder: TemporaryFolder
    var url: URL { folder.url }
    private var mounted = false

    private init(folder: TemporaryFolder) { self.folder = folder }

    /// Mounts a tmpfs of `size` (as `mount -o size=` takes it) on a new temporary folder; where that is not
    /// allowed, cancels the test with the reason, so that it shows as skipped rather than passed.
    static func mountOrSkip(size: String, for purpose: String) throws -> ScratchFileSystem {
        guard FileManager.default.isExecutableFile(atPath: "/bin/mount") else {
            try Test.cancel("skipped: there is no /bin/mount to make \(purpose)")
        }
        let scratch = ScratchFileSystem(folder: try TemporaryFolder())
        let run = try command("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0755", "tmpfs", scratch.url.path])
        guard run.status == 0 else {
            let reason = run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            try Test.cancel("skipped: cannot mount a tmpfs (needs root) for \(purpose): \(reason)")
        }
        scratch.mounted = true
        return scratch
    }

    /// Makes the file system read-only.
    func remountReadOnly() throws {
        let run = try Self.command("/bin/mount", ["-o", "remount,ro", url.path])
        try #require(run.status == 0, "remount read-only: \(run.stderr)")
    }

    /// Unmounts (lazily, should something still hold it); also done when the value goes away.
    func unmount() {
        guard mounted else { return }
        mounted = false
        _ = try? Self.command("/bin/umount", ["-l", url.path])
    }

    deinit { unmount() }

    private static func command(_ executable: String, _ arguments: [String]) throws -> Binary.Run {
        try Binary.program(URL(fileURLWithPath: executable), arguments, environment: ProcessInfo.processInfo.environment)
    }
}

@Suite struct FolderSnapshotTests {
    @Test func seesEveryChange() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n")
        try folder.write("sub/2026-11-21.md", "# 2026-11-21\n")
        let before = try FolderSnapshot(folder.url)
        #expect(try FolderSnapshot(folder.url) == before)

        try folder.write("sub/2026-11-21.md", "# 2026-11-22\n")
        #expect(try FolderSnapshot(folder.url) != before)
        try folder.write("sub/2026-11-21.md", "# 2026-11-21\n")
        #expect(try FolderSnapshot(folder.url) == before)

        try folder.write(".2026-11-20.md.123.dayplan-tmp", "")
        let withTemporary = try FolderSnapshot(folder.url)
        #expect(withTemporary != before)
        #expect(withTemporary.temporaryFiles == [".2026-11-20.md.123.dayplan-tmp"])
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(".2026-11-20.md.123.dayplan-tmp"))

        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.url.appendingPathComponent("2026-11-20.md").path)
        #expect(try FolderSnapshot(folder.url) != before)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder.url.appendingPathComponent("2026-11-20.md").path)

        try folder.write(".dayplan.lock", "")
        #expect(try FolderSnapshot(folder.url) == before)
        #expect(try FolderSnapshot(folder.url, skipping: []) != before)
    }
}
