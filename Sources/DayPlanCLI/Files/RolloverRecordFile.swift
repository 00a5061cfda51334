import DayPlan
import DayPlanJSON

/// Where rollover records what it last wrote, for `rollover --undo`: `.dayplan/last-rollover.json` in a plan
/// folder made by `dayplan init` (a folder without `.dayplan/` keeps no state, so it has no undo). Each rollover
/// that writes replaces it; an undo removes it.
enum RolloverRecordFile {
    /// The record's path inside the plan folder.
    static let relativePath = ".dayplan/last-rollover.json"

    /// Writes `record` (atomically); false when the plan folder keeps no state or the files are not UTF-8 text.
    static func write(_ record: RolloverRecord, in planFolder: PlanFolder) throws(FileError) -> Bool {
        guard planFolder.isInitialized, let json = record.json else { return false }
        try FileSystem.replace(planFolder.path(of: relativePath), with: json.serialized() + [UInt8(ascii: "\n")])
        return true
    }

    /// The last rollover's record; nil when there is none.
    static func read(in planFolder: PlanFolder) throws(FileError) -> RolloverRecord? {
        let path = planFolder.path(of: relativePath)
        guard FileSystem.kind(of: path) != .missing else { return nil }
        let bytes = try FileSystem.read(path)
        guard let json = try? JSONValue(parsing: bytes), let record = RolloverRecord(json: json) else {
            throw FileError(path, "is not a rollover record dayplan can read; remove it (the last rollover then has no undo)")
        }
        return record
    }

    /// Removes the record (after an undo).
    static func remove(in planFolder: PlanFolder) throws(FileError) {
        let path = planFolder.path(of: relativePath)
        if unlink(path) != 0, errno != ENOENT { throw .system(path, "cannot remove the rollover record") }
    }

    /// `path` (as commands reach it) inside the plan folder, as the record names it.
    static func relative(_ path: String, in planFolder: PlanFolder) -> String {
        guard !path.isEmpty, planFolder.path != "." else { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        let prefix = planFolder.path.hasSuffix("/") ? planFolder.path : planFolder.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
