import DayPlan

/// One day's file in the plan folder, as every command that opens or edits a day finds it (rollover, status,
/// add, mark, move): the day's own file wherever it is in the folder, else where the layout puts a new one,
/// and the text a new one starts from (the template, filled in for the day).
struct DayFileOfPlan {
    /// The day.
    let day: Day
    /// The file holding it, or where a new one goes: how commands reach it and name it.
    let path: String
    /// Whether no file holds the day yet.
    let isNew: Bool
    /// The folder a new file needs, inside the plan folder ("" for the plan folder itself).
    let folder: String

    /// Finds the file of `day` among the plan folder's `files`; nil, with the message, when two files hold it.
    static func find(_ day: Day, in planFolder: PlanFolder, files: [PlanFolder.DayFile]) -> Result<DayFileOfPlan, Duplicates> {
        let holding = files.filter { $0.day == day }
        if let message = PlanFolder.duplicates(holding) { return .failure(Duplicates(message: message)) }
        let layout = planFolder.layout(given: files)
        if let found = holding.first {
            return .success(DayFileOfPlan(day: day, path: found.path, isNew: false, folder: ""))
        }
        return .success(DayFileOfPlan(day: day, path: planFolder.path(of: layout.path(for: day)), isNew: true,
                                      folder: layout.folder(for: day)))
    }

    /// Two or more files hold the same day: which, and what to do (exit 1).
    struct Duplicates: Error {
        let message: String
    }

    /// The text a new day starts from: the template the settings name, filled in for the day, and where it is;
    /// nil when the settings name none (the day then starts blank). An unreadable template is an error naming it.
    static func template(for day: Day, in planFolder: PlanFolder) throws(FileError)
        -> (path: String, bytes: [UInt8], unknown: [Template.UnknownPlaceholder])?
    {
        guard let template = planFolder.settings.template else { return nil }
        do {
            let path = try planFolder.pathInside(template, what: "the template")
            let rendered = Template(try FileSystem.read(path)).render(for: day)
            return (path, rendered.bytes, rendered.unknown)
        } catch {
            throw FileError(error.path, "\(error.reason) (the template set in \(planFolder.path(of: PlanFolder.settingsFile)))")
        }
    }

    /// Why a command will not start a day in `planFolder`: it is not a plan folder and holds no day file, so it
    /// is most likely the wrong folder (a cron job without DAYPLAN_DIR).
    /// `gaveUp`: the search stopped after `PlanFolder.foldersSearchedForAFirstDayFile` folders without one.
    static func notAPlanFolder(_ planFolder: PlanFolder, gaveUp: Bool = false) -> String {
        "\(planFolder.absolutePath) is not a plan folder: it has no \(PlanFolder.settingsFolder)/ and no day "
            + "file (YYYY-MM-DD.md) " + (gaveUp ? "in the first \(PlanFolder.foldersSearchedForAFirstDayFile) folders below it (the rest was not searched)" : "below it")
            + ", so nothing was written. To start one there, run "
            + "'dayplan init\(planFolder.path == "." ? "" : " " + planFolder.path)'; to use another, give --dir DIR or set DAYPLAN_DIR"
    }

    /// The warning for a placeholder of the template that dayplan does not know, as `path:line:column:`.
    static func warning(_ placeholder: Template.UnknownPlaceholder, in path: String) -> String {
        "\(path):\(placeholder.line):\(placeholder.column): warning: \(placeholder.text) is not a placeholder "
            + "dayplan knows, so it is kept as written; the placeholders are "
            + Template.placeholders.map { "{{\($0)}}" }.joined(separator: ", ")
    }

    /// Writes the day's file atomically (`FileSystem.replace`), making the folders a new one needs first; a
    /// write that fails removes the folders it made.
    func write(_ bytes: [UInt8], in planFolder: PlanFolder, newFileMode: mode_t = 0o644,
               beforeRename: () -> Void = {}) throws(FileError) {
        let staged = try stage(bytes, in: planFolder, newFileMode: newFileMode)
        do {
            try staged.file.flushAndCommit(beforeRename: beforeRename)
        } catch {
            PlanFolder.removeFolders(staged.madeFolders)
            throw error
        }
    }

    /// The first step of `write`: the folders a new file needs made and the content staged beside the file
    /// (`FileSystem.stage`), to be flushed and committed, or abandoned. A new file's path through a link that leads
    /// out of the plan folder is refused (`PlanFolder.checkInside(dayFile:)`, the rule listing follows too), and a new
    /// file is made only where none is (`mustBeNew`): the listing that found no file of the day must be right.
    func stage(_ bytes: [UInt8], in planFolder: PlanFolder, newFileMode: mode_t = 0o644) throws(FileError) -> Staged {
        var madeFolders: [String] = []
        do {
            // A file that exists was found by the listing (inside the plan by the same rule) or named by the person.
            if isNew {
                try planFolder.checkInside(dayFile: path)
                madeFolders = try PlanFolder.makeFolders(planFolder.path(of: folder))
            }
            return Staged(file: try FileSystem.stage(path, with: bytes, newFileMode: newFileMode, mustBeNew: isNew),
                          madeFolders: madeFolders)
        } catch {
            PlanFolder.removeFolders(madeFolders)
            throw error
        }
    }

    /// A day's file staged by `stage`: its temporary file, and the folders made for it, which go again if it
    /// is abandoned or cannot be committed.
    struct Staged: Sendable {
        /// The staged content.
        let file: FileSystem.StagedFile
        /// The folders made for a new file, the outermost first.
        let madeFolders: [String]

        /// Puts the content in place (`FileSystem.StagedFile.commit`).
        func commit(beforeRename: () -> Void = {}) throws(FileError) {
            do {
                try file.commit(beforeRename: beforeRename)
            } catch {
                PlanFolder.removeFolders(madeFolders)
                throw error
            }
        }

        /// Leaves the file as it was, and removes the folders made for it.
        func abandon() {
            file.abandon()
            PlanFolder.removeFolders(madeFolders)
        }
    }
}
