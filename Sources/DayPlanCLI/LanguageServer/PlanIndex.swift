import DayPlan

/// The plan folder as the server's navigation reads it from disk, through the commands' own doors: the folder and
/// its settings (`PlanFolder`), its day files in any layout (`PlanFolder.dayFiles`), and their tasks as
/// `dayplan query` reads them (`Archive`). Read when first needed, and again after the editor saves a file or
/// reports changed files.
struct PlanIndex {
    /// The plan folder, found from the workspace's root as every command finds it.
    let planFolder: PlanFolder
    /// Its day files, by day.
    let files: [PlanFolder.DayFile]
    /// Their tasks, one `ArchivedDay` per file that could be read; nil until first asked for.
    var days: [ArchivedDay]?

    /// The plan folder at or above `root` (absolute, so that every path made from it is); nil when it cannot be
    /// read (a bad settings file, no such folder).
    init?(root: String) {
        let absolute = root.hasPrefix("/") ? root : FileSystem.resolvedPath(root)
        guard let folder = try? PlanFolder.find(from: absolute), let files = try? folder.dayFiles() else { return nil }
        planFolder = folder
        self.files = files
    }

    /// The file of `day` as commands find it (`DayFileOfPlan`): the day's own files (two or more when the folder
    /// holds duplicates), else where the layout puts a new one, with `isNew` set.
    func files(of day: Day) -> (paths: [String], isNew: Bool) {
        switch DayFileOfPlan.find(day, in: planFolder, files: files) {
        case .success(let found): return ([found.path], found.isNew)
        case .failure: return (files.filter { $0.day == day }.map(\.path), false)
        }
    }

    /// The tasks of every day file, read on all cores as `dayplan query` reads them (unreadable files named on
    /// `log`), once.
    mutating func archivedDays(log: inout Output) -> [ArchivedDay] {
        if let days { return days }
        let read = Archive.read(files.map(\.path), shown: { $0 }, command: "lsp", figures: false, keptUntilExit: false,
                                err: &log).days
        days = read
        return read
    }
}

extension LanguageServer {
    /// The plan folder's index, read now if it is not known.
    mutating func planIndex() -> PlanIndex? {
        if planIndexCache == nil, let root = workspace.root { planIndexCache = PlanIndex(root: root) }
        return planIndexCache
    }

    /// Forgets what was read from the plan folder's files, so that the next request reads them again.
    mutating func forgetPlanFiles() {
        workspace.forgetTags()
        planIndexCache = nil
        archiveCache = nil
    }

    /// Every task of the plan folder across days, joined into paths as `dayplan query --history` joins them
    /// (`TaskArchive`): the day files on disk, except those open in the editor, which count as the editor holds
    /// them. Made once per change of an open document or of the files.
    mutating func taskArchive() -> TaskArchive? {
        if let archiveCache, archiveCache.generation == generation { return archiveCache.archive }
        guard var index = planIndex() else { return nil }
        var days = index.archivedDays(log: &log)
        planIndexCache = index
        for uri in documents.keys.sorted() {
            guard let path = Workspace.path(ofURI: uri), let analysis = analysis(of: uri),
                  let day = Day(fileNameOf: path) ?? analysis.document.day, isPlanDay(uri, analysis),
                  path.hasPrefix(index.planFolder.path.hasSuffix("/") ? index.planFolder.path : index.planFolder.path + "/")
            else { continue }
            let open = ArchivedDay(analysis.document, day: day, file: path, figures: false)
            if let at = days.firstIndex(where: { $0.file == path }) { days[at] = open } else { days.append(open) }
        }
        let archive = TaskArchive(days: days)
        archiveCache = (generation, archive)
        return archive
    }
}
