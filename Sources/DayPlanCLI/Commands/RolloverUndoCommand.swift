import DayPlan

extension RolloverCommand {
    /// `dayplan rollover --undo`: reverses the last rollover from its record (`RolloverRecordFile`), under the plan
    /// folder's lock: the library's `RolloverUndo` works the two files out, then each is written atomically (or the
    /// new day removed), and the record goes. Prints what it did and every edit made since that it kept.
    static func undo(_ planFolder: PlanFolder, dryRun: Bool, quiet: Bool, out: inout Output, err: inout Output) -> ExitCode {
        func fail(_ code: ExitCode, _ message: String) -> ExitCode {
            err.line("dayplan rollover --undo: \(message)")
            return code
        }
        guard planFolder.isInitialized else {
            return fail(.failure, "\(planFolder.absolutePath) has no \(PlanFolder.settingsFolder)/, where rollover records what it did, "
                        + "so there is nothing to undo (run 'dayplan init' to keep records from the next rollover on); nothing changed")
        }
        // 1. The lock (the plan folder's one), the record, and both files as they are now.
        let lock: PlanLock
        do {
            (lock, _) = try PlanLock.take(in: planFolder, exclusive: !dryRun) { _ in [] }
        } catch {
            return fail(.failure, "\(error.message); nothing changed")
        }
        defer { lock.release() }
        let record: RolloverRecord
        var sourceNow: [UInt8]?, targetNow: [UInt8]?
        do {
            guard let found = try RolloverRecordFile.read(in: planFolder) else {
                return fail(.findings, "no rollover to undo: \(planFolder.path(of: RolloverRecordFile.relativePath)) is written by each "
                            + "rollover that changes a file and removed by an undo; nothing changed")
            }
            record = found
            if !record.sourcePath.isEmpty, FileSystem.kind(of: planFolder.path(of: record.sourcePath)) != .missing {
                sourceNow = try FileSystem.read(planFolder.path(of: record.sourcePath))
            }
            if FileSystem.kind(of: planFolder.path(of: record.targetPath)) != .missing {
                targetNow = try FileSystem.read(planFolder.path(of: record.targetPath))
            }
        } catch {
            return fail(.failure, "\(error.message); nothing changed")
        }
        let source = planFolder.path(of: record.sourcePath), target = planFolder.path(of: record.targetPath)

        // 2. The undo, on values.
        let undo: RolloverUndo
        do {
            undo = try RolloverUndo(record, sourceNow: sourceNow, targetNow: targetNow)
        } catch {
            for reason in error.reasons { err.line("dayplan rollover --undo: \(reason)") }
            return fail(.findings, "refused, as it cannot be done without losing a task; nothing changed")
        }
        let targetLine = undo.target == nil ? "\(target) removed (rollover made it)"
            : undo.target == targetNow ? "\(target) unchanged" : "\(target) without what rollover put there"
        let sourceLine = record.sourcePath.isEmpty ? "" : undo.source == sourceNow ? ", \(source) unchanged" : ", \(source)'s marks put back"

        // 3. A dry run says what would happen.
        if dryRun {
            if !quiet {
                out.line("would undo the rollover into \(target): \(targetLine)\(sourceLine)")
                for line in undo.kept { out.line("kept: \(line)") }
                out.line("dry run, nothing written")
            }
            return .success
        }

        // 4. The old day first (so that a run cut short leaves the tasks open in both files, never in neither), then
        // the new day, then the record.
        do throws(FileError) {
            if let bytes = undo.source, bytes != sourceNow { try FileSystem.replace(source, with: bytes) }
            if let bytes = undo.target {
                if bytes != targetNow { try FileSystem.replace(target, with: bytes) }
            } else if unlink(target) != 0, errno != ENOENT {
                throw FileError.system(target, "cannot remove the day rollover made")
            } else {
                // The date folders rollover made for it go too, when nothing else is in them; only folders that
                // hold the new day's file are taken from the record.
                let folders = record.madeFolders.filter {
                    record.targetPath.hasPrefix($0 + "/") && !$0.split(separator: "/").contains("..")
                }
                PlanFolder.removeFolders(folders.map { planFolder.path(of: $0) })
            }
            try RolloverRecordFile.remove(in: planFolder)
        } catch {
            return fail(.failure, error.message)
        }
        if !quiet {
            out.line("undid the rollover into \(target): \(targetLine)\(sourceLine)")
            for line in undo.kept { out.line("kept: \(line)") }
        }
        return .success
    }
}
