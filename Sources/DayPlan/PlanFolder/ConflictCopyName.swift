/// The name of a file that a sync tool left beside a day file when two devices changed it at once: its conflict
/// copy (docs/resolve.md lists the patterns). Read from the name alone; a day file's own name is not one.
///
/// - Syncthing: `2026-11-26.sync-conflict-20261126-081500-ABCDEFG.md` (the time and the first 7 characters of
///   the device id that lost).
/// - Dropbox: `2026-11-26 (Alice's conflicted copy).md`, `2026-11-26 (Alice's conflicted copy 2026-11-26).md`,
///   `2026-11-26 (conflicted copy 2026-11-26).md`.
/// - Nextcloud and ownCloud: `2026-11-26 (conflicted copy 2026-11-26 081500).md`; older clients
///   `2026-11-26_conflict-20261126-081500.md`.
/// - OneDrive: `2026-11-26-LAPTOP.md` (the computer's name; upper case, as Windows names computers, so that a
///   person's own `2026-11-26-notes.md` is not taken for one).
/// - Google Drive: `2026-11-26 (1).md`.
public struct ConflictCopyName: Hashable, Sendable {
    /// The tool whose naming a conflict copy follows.
    public enum Tool: String, Hashable, Sendable, CaseIterable {
        /// `.sync-conflict-YYYYMMDD-HHMMSS-DEVICE7`.
        case syncthing = "Syncthing"
        /// ` (NAME's conflicted copy[ DATE])`, ` (conflicted copy DATE)`.
        case dropbox = "Dropbox"
        /// ` (conflicted copy DATE HHMMSS)`; ownCloud and older clients `_conflict-YYYYMMDD-HHMMSS`.
        case nextcloud = "Nextcloud"
        /// `-COMPUTERNAME`.
        case oneDrive = "OneDrive"
        /// ` (N)`.
        case googleDrive = "Google Drive"
    }

    /// The day of the day file it is a copy of.
    public let day: Day
    /// The tool that named it.
    public let tool: Tool

    /// The day file's name it is a copy of: `2026-11-26.md`.
    public var dayFileName: String { "\(day).md" }

    /// Reads a file name (not a path); nil when it is no conflict copy of a day file.
    public init?(fileName name: String) {
        let bytes = Array(name.utf8)
        guard bytes.count > 13, let day = Day(String(decoding: bytes[0..<10], as: UTF8.self)),
              name.hasSuffix(".md") else { return nil }
        let middle = String(decoding: bytes[10..<(bytes.count - 3)], as: UTF8.self)
        guard let tool = Self.tool(naming: middle) else { return nil }
        self.day = day
        self.tool = tool
    }

    /// The tool whose pattern `middle`, the name between the day and `.md`, follows.
    static func tool(naming middle: String) -> Tool? {
        let m = Array(middle.utf8)
        func digits(_ slice: ArraySlice<UInt8>) -> Bool { !slice.isEmpty && slice.allSatisfy { $0 >= 48 && $0 <= 57 } }
        func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }
        // Syncthing: `.sync-conflict-YYYYMMDD-HHMMSS-DEVICE7`.
        let syncthing = Array(".sync-conflict-".utf8)
        if m.starts(with: syncthing) {
            let rest = m[syncthing.count...]
            let parts = rest.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            if parts.count == 3, parts[0].count == 8, digits(parts[0]), parts[1].count == 6, digits(parts[1]),
               parts[2].count == 7, parts[2].allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }) {
                return .syncthing
            }
            return nil
        }
        // ownCloud and older Nextcloud: `_conflict-YYYYMMDD-HHMMSS`.
        let owncloud = Array("_conflict-".utf8)
        if m.starts(with: owncloud) {
            let parts = m[owncloud.count...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            return parts.count == 2 && parts[0].count == 8 && digits(parts[0]) && parts[1].count == 6 && digits(parts[1])
                ? .nextcloud : nil
        }
        // ` (…)`: Dropbox, Nextcloud, Google Drive.
        if m.starts(with: Array(" (".utf8)), m.last == UInt8(ascii: ")") {
            let inside = text(m[2..<(m.count - 1)])
            if digits(m[2..<(m.count - 1)]) { return .googleDrive }
            if inside.hasSuffix("'s conflicted copy") || inside.hasSuffix("’s conflicted copy")
                || inside.contains("'s conflicted copy ") || inside.contains("’s conflicted copy ") {
                return .dropbox
            }
            guard inside.hasPrefix("conflicted copy") else { return nil }
            let after = inside.dropFirst("conflicted copy".count)
            let words = after.split(separator: " ")
            if words.count == 1, Day(String(words[0])) != nil { return .dropbox }
            if words.count == 2, Day(String(words[0])) != nil, words[1].count == 6, words[1].allSatisfy(\.isNumber) {
                return .nextcloud
            }
            return nil
        }
        // OneDrive: `-COMPUTERNAME` (a NetBIOS name: up to 15 capitals, digits and hyphens, a capital among them).
        if m.first == UInt8(ascii: "-") {
            let host = m.dropFirst()
            if (1...15).contains(host.count),
               host.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") }),
               host.contains(where: { $0 >= 65 && $0 <= 90 }) {
                return .oneDrive
            }
        }
        return nil
    }
}
