import DayPlan
import DayPlanJSON
import DayPlanSync

/// Where `dayplan sync` keeps what it last synced (`SyncState`): `.dayplan/sync.json`, beside the lock, written
/// atomically after the plan's files and the server are both done with, so that a run killed before it leaves
/// the last state, from which the next run converges.
enum SyncStateFile {
    /// The state's path inside the plan folder.
    static let relativePath = ".dayplan/sync.json"

    /// The state for the task list `collection`; a fresh one when there is none, or it is about another list.
    static func read(in planFolder: PlanFolder, collection: String) throws(FileError) -> SyncState {
        let path = planFolder.path(of: relativePath)
        guard FileSystem.kind(of: path) != .missing else { return SyncState(collection: collection) }
        let bytes = try FileSystem.read(path)
        guard let json = try? JSONValue(parsing: bytes), let state = SyncState(json: json) else {
            throw FileError(path, "is not a sync state dayplan can read; move it away (the next sync then starts afresh, "
                            + "matching the to-dos by their UIDs)")
        }
        return state.collection == collection ? state : SyncState(collection: collection)
    }

    /// Writes the state, atomically; unchanged state is not written again.
    static func write(_ state: SyncState, in planFolder: PlanFolder) throws(FileError) {
        let path = planFolder.path(of: relativePath)
        // What a run killed while writing the state left beside it goes first.
        _ = FileSystem.removeLeftovers(of: [path])
        let bytes = state.json.serialized() + [UInt8(ascii: "\n")]
        if FileSystem.kind(of: path) == .file, (try? FileSystem.read(path)) == bytes { return }
        try FileSystem.replace(path, with: bytes, newFileMode: 0o600)
    }
}
