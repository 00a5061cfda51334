import DayPlan
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// The plan's side of a sync, read from the day files under the plan's lock: the tasks synced (today's and the
/// days ahead), the tasks of the earlier days read (where a change from the server is still made), and the bytes
/// of those earlier days' files, to edit.
struct PlanSide {
    /// Today's tasks and those of the days ahead.
    var synced: [CalendarExport.Entry] = []
    /// The tasks of the earlier days read.
    var elsewhere: [CalendarExport.Entry] = []
    /// The earlier and later days' files read: their paths and bytes as read.
    var dayFiles: [Day: (path: String, bytes: [UInt8])] = [:]

    /// Why the plan cannot be synced: what the person reads.
    struct Failure: Error {
        let message: String
    }

    /// Reads the plan for a sync from `state`: the days from the oldest day an open synced task stood on at the last
    /// sync (rollover may have moved it on since, into days the sync did not read), or the last day before today
    /// (whose tasks are the live ones while today has no file yet), through today and the days ahead, in order with
    /// one export, so that each task's UID follows it through rollover (a task moved on, `[>]`, continues as the copy
    /// in the next day); and alone, the older days the state names (finished tasks stay in their day). A failure
    /// is the message: today's file has errors, or the folder cannot be listed.
    static func read(_ session: DaySession, state: SyncState) -> Result<PlanSide, PlanSide.Failure> {
        let today = session.file.day
        var files: [PlanFolder.DayFile]
        do {
            files = try session.planFolder.dayFiles()
        } catch {
            return .failure(PlanSide.Failure(message: error.message))
        }
        files.removeAll { $0.day == today }
        var side = PlanSide()
        func entries(of file: PlanFolder.DayFile, with export: inout CalendarExport, written: Bool) -> [CalendarExport.Entry]? {
            guard side.dayFiles[file.day] == nil, let bytes = try? FileSystem.read(file.path),
                  let record = DayRecord(document: DayDocument(parsing: bytes), date: file.day) else { return nil }
            side.dayFiles[file.day] = (file.path, bytes)
            return export.entries(record, written: written)
        }
        let openDays = state.records.values.filter { record in
            !record.removedOnServer && !record.leftThePlan && (record.fields.status.isOpen || record.serverFields?.status.isOpen == true)
        }.map(\.day)
        let start = ([today] + openDays + files.filter { $0.day < today }.suffix(1).map(\.day)).min() ?? today
        var export = CalendarExport(includesFinished: true)
        if let previous = files.last(where: { $0.day < start }) {
            _ = entries(of: previous, with: &export, written: false)
            side.dayFiles[previous.day] = nil
        }
        for file in files where file.day >= start && file.day < today {
            side.elsewhere += entries(of: file, with: &export, written: true) ?? []
        }
        if let bytes = session.bytes, let record = DayRecord(document: DayDocument(parsing: bytes), date: today) {
            side.synced += export.entries(record)
        } else if let bytes = session.bytes, !DayDocument(parsing: bytes).formattingBlockers.isEmpty {
            return .failure(PlanSide.Failure(message: "\(session.file.path) has errors that make its tasks a guess (run 'dayplan lint'); nothing changed"))
        }
        for file in files where file.day > today {
            side.synced += entries(of: file, with: &export, written: true) ?? []
        }
        let stateDays = Set(state.records.values.filter { !$0.removedOnServer }.map(\.day))
        for file in files where file.day < start && stateDays.contains(file.day) {
            var alone = CalendarExport(includesFinished: true)
            side.elsewhere += entries(of: file, with: &alone, written: true) ?? []
        }
        return .success(side)
    }
}
