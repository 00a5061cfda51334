import Dispatch
import DayPlan
import DayPlanArchive

/// The plan folder as the server's navigation reads it from disk, through the commands' own doors: the folder and
/// its settings (`PlanFolder`), its day files in any layout (`PlanFolder.dayFiles`), and their tasks as
/// `dayplan query` reads them (`Archive`). Read when first needed, and again after the editor saves a file or
/// reports changed files.
struct PlanIndex {
    /// The plan folder, found from the workspace's root as every command finds it.
    let planFolder: PlanFolder
    /// Its day files, by day.
    private(set) var files: [PlanFolder.DayFile]
    /// Their tasks, one `ArchivedDay` per file that could be read; nil until first asked for.
    var days: [ArchivedDay]?
    /// Their tasks being read on another thread (`prefetch()`), until they are first needed.
    private var reading: FolderReading?

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
        if let reading {
            let read = reading.wait()
            days = read
            self.reading = nil
            return read
        }
        let read = Archive.read(files.map(\.path), shown: { $0 }, command: "lsp", figures: false, keptUntilExit: false,
                                err: &log).days
        days = read
        return read
    }

    /// Starts reading the day files' tasks on another thread, so that the first request that needs them (workspace
    /// symbols, references) finds them read, or partly read, rather than reading 3,650 files then.
    mutating func prefetch() {
        if days == nil, reading == nil { reading = FolderReading(files) }
    }

    /// The reading of the files' tasks while it is under way (started now if it was not): nil once they are read.
    mutating func readingUnderWay() -> FolderReading? {
        guard days == nil else { return nil }
        prefetch()
        return reading
    }

    /// Brings the index up to date after the files at `paths` changed on disk: reads those again (the rest are
    /// kept), and with `listAgain` (a day file was made or removed) lists the folder's day files again first.
    /// False when the folder can no longer be listed: the index is then to be read again whole.
    mutating func refresh(_ paths: Set<String>, listAgain: Bool, log: inout Output) -> Bool {
        let known = Set(files.map(\.path))
        if listAgain || !paths.isSubset(of: known) {
            guard let listed = try? planFolder.dayFiles() else { return false }
            files = listed
        }
        if let reading {
            days = reading.wait()
            self.reading = nil
        }
        guard let kept = days else { return true }
        var byPath: [String: ArchivedDay] = [:]
        for day in kept where !paths.contains(day.file) { byPath[day.file] = day }
        let missing = files.map(\.path).filter { byPath[$0] == nil }
        for day in Archive.read(missing, shown: { $0 }, command: "lsp", figures: false, keptUntilExit: false, err: &log).days {
            byPath[day.file] = day
        }
        days = files.compactMap { byPath[$0.path] }
        return true
    }
}

extension LanguageServer {
    /// Starts reading the plan folder's tasks in the background once its root is known (`PlanIndex.prefetch`), when
    /// it is a plan folder `dayplan init` made: a folder without `.dayplan/` (a home folder opened as the workspace)
    /// is read only when a request needs it.
    mutating func prefetchPlanFolder() {
        guard let root = workspace.root, (try? PlanFolder.find(from: root))?.isInitialized == true,
              var index = planIndex() else { return }
        index.prefetch()
        planIndexCache = index
    }

    /// The plan folder's index, read now if it is not known.
    mutating func planIndex() -> PlanIndex? {
        if planIndexCache == nil, let root = workspace.root { planIndexCache = PlanIndex(root: root) }
        return planIndexCache
    }

    /// After the editor saved files or reported changed ones (`uris`; `listAgain` when one was made or removed):
    /// the tags are read again when next needed, and the plan folder's index reads again only those files.
    mutating func planFilesChanged(_ uris: [String], listAgain: Bool) {
        workspace.forgetTags()
        let paths = Set(uris.compactMap(Workspace.path(ofURI:)).filter { Day(fileNameOf: $0) != nil })
        guard !paths.isEmpty, var index = planIndexCache else { return }
        // Many files at once (a checkout, a sync): read the folder again whole.
        guard paths.count <= 256, index.refresh(paths, listAgain: listAgain, log: &log) else { return forgetPlanFiles() }
        planIndexCache = index
        archiveCache = nil
    }

    /// Forgets what was read from the plan folder's files, so that the next request reads them again.
    mutating func forgetPlanFiles() {
        workspace.forgetTags()
        planIndexCache = nil
        archiveCache = nil
        dayHoursCache = nil
    }

    /// The tasks of the documents open in the editor that are day files of the plan folder `folder`, as the editor
    /// holds them: in the folder's tasks they stand for the files on disk.
    mutating func openPlanDays(in folder: PlanFolder) -> [ArchivedDay] {
        var open: [ArchivedDay] = []
        for uri in documents.keys.sorted() {
            guard let path = Workspace.path(ofURI: uri), let analysis = analysis(of: uri),
                  let day = Day(fileNameOf: path) ?? analysis.document.day, isPlanDay(uri, analysis),
                  path.hasPrefix(folder.path.hasSuffix("/") ? folder.path : folder.path + "/")
            else { continue }
            open.append(ArchivedDay(analysis.document, day: day, file: path, figures: false))
        }
        return open
    }

    /// Every task of the plan folder across days, joined into paths as `dayplan query --history` joins them
    /// (`TaskArchive`): the day files on disk, except those open in the editor, which count as the editor holds
    /// them. Made once per change of an open document or of the files.
    mutating func taskArchive() -> TaskArchive? {
        if let archiveCache, archiveCache.generation == generation { return archiveCache.archive }
        guard var index = planIndex() else { return nil }
        // The open documents first: while they are read here, the folder's reading goes on on the other threads.
        let open = openPlanDays(in: index.planFolder)
        var days = index.archivedDays(log: &log)
        planIndexCache = index
        for day in open {
            if let at = days.firstIndex(where: { $0.file == day.file }) { days[at] = day } else { days.append(day) }
        }
        let archive = TaskArchive(days: days)
        archiveCache = (generation, archive)
        return archive
    }
}
