import Dispatch
import DayPlan
import DayPlanArchive

/// The tasks of day files read on a thread of their own, as `Archive.read` reads them (unreadable files named on
/// standard error): started when the plan folder is known, waited for when first needed. The files are read
/// newest day first, in parts (`newest(after:)`), so that a request answered by the newest days (workspace
/// symbols) need not wait for the oldest.
final class FolderReading: @unchecked Sendable {
    /// The days read so far, newest first, and how many of the files (from the newest) are read or found
    /// unreadable: written by the reading thread, read by others, each through `guarded`.
    private struct Progress {
        var newestFirst: [ArchivedDay] = []
        var files = 0
    }

    /// The files, in the index's order (by day).
    private let files: [PlanFolder.DayFile]
    /// Signalled once all are read.
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled after each part read.
    private let progressed = DispatchSemaphore(value: 0)
    /// Serializes the reading thread's and the requests' access to `progress`.
    private let guarded = DispatchQueue(label: "dayplan.lsp.folder-reading")
    private var progress = Progress()
    /// Whether the reading waits before its next part (while `days(mayHoldingAnyOf:)` reads), and signalled when it
    /// may go on.
    private var paused = false
    private let resumed = DispatchSemaphore(value: 0)
    /// The files a search for titles' needles (`days(mayHoldingAnyOf:)`) has handed out, from the oldest, and the
    /// days it found in them, with their places in `files`.
    private var search: (next: Int, found: [(index: Int, day: ArchivedDay)]) = (0, [])

    /// Starts reading `files`.
    init(_ files: [PlanFolder.DayFile]) {
        self.files = files
        DispatchQueue.global().async { [self] in  // default priority: a request may soon wait for it
            var log = Output.error
            var end = files.count
            // Small parts first, so that the newest days are soon known; then parts as big as lint's batches.
            var part = 32
            while end > 0 {
                while guarded.sync(execute: { paused }) { resumed.wait() }
                let start = max(0, end - part)
                let read = Archive.read(files[start..<end].reversed().map(\.path), shown: { $0 }, command: "lsp",
                                        figures: false, keptUntilExit: false, err: &log).days
                log.flush()
                guarded.sync {
                    progress.newestFirst += read
                    progress.files = files.count - start
                }
                progressed.signal()
                end = start
                part = min(part * 2, 256)
            }
            finished.signal()
        }
    }

    /// The tasks read, once they are (waiting for the reading to end), in the files' order.
    func wait() -> [ArchivedDay] {
        finished.wait()
        finished.signal()  // so that a second wait returns at once
        return guarded.sync { progress.newestFirst.reversed() }
    }

    /// The days read after the first `known` (newest first), waiting for the next part when no file was read
    /// since `files` were; and the day after which every file is read (of that day and before, some may not be
    /// yet), nil once all are.
    func newest(after known: Int, files seen: Int) -> (days: ArraySlice<ArchivedDay>, files: Int, allReadAfter: Day?) {
        while true {
            let now = guarded.sync { (days: progress.newestFirst.dropFirst(known), files: progress.files) }
            if now.files > seen || now.files == files.count {
                return (now.days, now.files, now.files == files.count ? nil : files[files.count - now.files].day)
            }
            progressed.wait()
        }
    }

    /// Every day file of the folder that may hold a task of one of the titles of `needles` (`TitleNeedles`), for
    /// `NewestTasks.learnTasks(ofTitles:from:)`: all those this reading has read, as read, and of the others those
    /// whose bytes hold a title's needles, read here. The reading waits after its current part meanwhile, and the
    /// files it has not read are looked at on all cores from the oldest up, until they meet the files it has read; a
    /// file without the needles is read but not parsed.
    func days(mayHoldingAnyOf needles: [TitleNeedles]) -> [ArchivedDay] {
        guarded.sync {
            paused = true
            search = (0, [])
        }
        defer {
            guarded.sync { paused = false }
            resumed.signal()
        }
        // As many workers as there are cores (concurrentPerform runs no more at once): each takes batches until none
        // is left.
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            // A few files at a time, each time up to the files the reading has read by then.
            while let batch = guarded.sync(execute: { () -> Range<Int>? in
                let end = min(search.next + 16, files.count - progress.files)
                guard search.next < end else { return nil }
                defer { search.next = end }
                return search.next..<end
            }) {
                var found: [(index: Int, day: ArchivedDay)] = []
                for index in batch {
                    if let day = Archive.day(at: files[index].path, mayHoldingAnyOf: needles) { found.append((index, day)) }
                }
                if !found.isEmpty { guarded.sync { search.found += found } }
            }
        }
        return guarded.sync {
            let unread = files.count - progress.files
            let found = search.found.filter { $0.index < unread }.map(\.day)
            search = (0, [])
            return progress.newestFirst + found
        }
    }
}

