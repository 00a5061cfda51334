import DayPlan

/// The newest tasks of an archive whose titles a query accepts, each where its path stands last (a task moved on
/// and continued on a later day only there), found from the archive's day files as they are read, newest day
/// first (`take(_:allReadAfter:)`): the same tasks in the same order as `TaskArchive.newestLastTasks(limit:matching:)`
/// finds in the whole archive, as soon as the files read decide them. A language server answers a search of a plan
/// folder of years from its newest files, before the old ones are read.
///
/// A task moved (`[>]`) with a task of its title on a later day is not decided by the later days alone: that
/// task continues it unless older days hold other tasks of the title still waiting to be continued (two identical
/// lines moved on, say). Only the archive's tasks of that title tell (`Progress.needsTasksOfTitles`): the caller
/// finds the day files that may hold one (`TitleNeedles`, without parsing the others) and hands them over
/// (`learnTasks(ofTitles:from:)`), or reads the whole archive.
public struct NewestTasks {
    /// What the files read so far tell.
    public enum Progress: Equatable, Sendable {
        /// `found` holds the limit's number of tasks: the answer.
        case complete
        /// Every task found so far is decided; older days may hold more.
        case needsOlderDays
        /// Matches moved on, with these titles, may or may not be continued: the archive's tasks of the titles tell
        /// (`learnTasks(ofTitles:from:)`, then `take` again), or the whole archive.
        case needsTasksOfTitles([String])
    }

    /// How many tasks are wanted at most.
    private let limit: Int
    /// Whether a title (UTF-8) is wanted.
    private let matches: (ArraySlice<UInt8>) -> Bool
    /// Day files that stand for the files of the same path (the documents an editor holds), or are added to them.
    private let replacements: [ArchivedDay]
    /// The tasks found, newest day first, each day's in file order.
    public private(set) var found: [ArchivedTask] = []
    /// The days looked at, newest first: every day after `lookedAfter` (none while it is nil).
    private var looked: [ArchivedDay] = []
    private var lookedAfter: Day?
    /// Files read of a day whose files may not all be read yet, newest first.
    private var held: [ArchivedDay] = []
    /// Day files taken but not looked at through, newest first, and the day after which every file was read then:
    /// looked at again (from the start) by the next `take`, once a title they need is learnt.
    private var pending: (days: [ArchivedDay], allReadAfter: Day)?
    /// Per title learnt (a day file of one task of it), the archive of its day files (those holding a task of the
    /// title): how its tasks are joined there is how the whole archive joins them.
    private var learnt: [(title: ArchivedDay, archive: TaskArchive)] = []

    /// Looks for at most `limit` tasks whose titles `matches` accepts, in an archive where `replacements` stand for
    /// the files of the same path, or are added to them (as a language server puts the documents the editor holds).
    public init(limit: Int, replacing replacements: [ArchivedDay] = [], matching matches: @escaping (ArraySlice<UInt8>) -> Bool) {
        self.limit = limit
        self.replacements = replacements
        self.matches = matches
    }

    /// Takes the next day files read, `read` (newest first, after those taken before): every file of each day
    /// after `allReadAfter` is now read; those of that day and before may not all be yet, and wait for the next
    /// files. Once every file is read, the whole archive (`TaskArchive`) gives the answer. After
    /// `needsTasksOfTitles`, the files taken then are looked at again first.
    public mutating func take(_ read: some Sequence<ArchivedDay>, allReadAfter: Day) -> Progress {
        guard found.count < limit else { return .complete }
        held += read
        if let pending {
            self.pending = nil
            let progress = look(at: pending.days, allReadAfter: pending.allReadAfter)
            guard progress == .needsOlderDays else { return progress }
        }
        let complete = held.prefix { $0.day > allReadAfter }
        // In the order of the whole archive's days before it sorts them (files by path, then the replacements added),
        // so that they sort as it sorts them.
        var fresh = Array(complete.reversed())
        held.removeFirst(complete.count)
        for day in replacements where day.day > allReadAfter && lookedAfter.map({ day.day <= $0 }) ?? true {
            if let at = fresh.firstIndex(where: { $0.file == day.file }) { fresh[at] = day } else { fresh.append(day) }
        }
        fresh = fresh.indices.sorted { a, b in
            if fresh[a].day != fresh[b].day { return fresh[a].day < fresh[b].day }
            if fresh[a].file != fresh[b].file { return fresh[a].file.utf8.lexicographicallyPrecedes(fresh[b].file.utf8) }
            return a < b
        }.map { fresh[$0] }
        return look(at: fresh.reversed(), allReadAfter: allReadAfter)
    }

    /// Looks at day files (newest first) whose days' files are all read, those after `allReadAfter`. When matches
    /// moved on need the tasks of their titles, it goes on through the files only to gather those titles, then
    /// forgets what it found in them and keeps them for the next `take`.
    private mutating func look(at days: [ArchivedDay], allReadAfter: Day) -> Progress {
        let foundBefore = found.count, lookedBefore = looked.count
        var titles: [String] = []
        for day in days {
            for index in 0..<day.count where matches(day.titleUTF8(at: index)) {
                if day.status(at: index) == .moved,
                   looked.contains(where: { $0.day > day.day && $0.holdsTask(sameAs: index, of: day) }) {
                    switch continued(index, of: day) {
                    case true?: continue
                    case false?: break
                    case nil:
                        let title = day[index].title
                        if !titles.contains(where: { PlanTask.sameIdentity($0, title) }) { titles.append(title) }
                        continue
                    }
                }
                guard titles.isEmpty else { continue }
                found.append(day[index])
                if found.count == limit { return .complete }
            }
            looked.append(day)
        }
        guard titles.isEmpty else {
            found.removeSubrange(foundBefore...)
            looked.removeSubrange(lookedBefore...)
            pending = (days, allReadAfter)
            return .needsTasksOfTitles(titles)
        }
        lookedAfter = allReadAfter
        return .needsOlderDays
    }

    /// Whether the task at `index` of `day` is continued on a later day, as the archive of its title's day files
    /// tells (nil when its title is not learnt).
    private func continued(_ index: Int, of day: ArchivedDay) -> Bool? {
        guard let archive = learnt.first(where: { $0.title.holdsTask(sameAs: index, of: day) })?.archive,
              let dayIndex = archive.days.firstIndex(where: { $0.file == day.file && $0.day == day.day }),
              index < archive.days[dayIndex].count
        else { return nil }
        return archive.next(after: TaskArchive.Step(day: dayIndex, index: index)) != nil
    }

    /// Learns the tasks of the titles `titles` (`needsTasksOfTitles`) from `holders`: every day file of the archive on
    /// disk (before the replacements stand for some) that holds a task of one of them; others may be among them, and
    /// the files already taken may or may not be. A file without the runs of a title's `TitleNeedles` holds no task
    /// of the title, so a caller leaves such files unparsed.
    public mutating func learnTasks(ofTitles titles: [String], from holders: [ArchivedDay]) {
        let paths = Set(replacements.map(\.file))
        for title in titles {
            let probe = ArchivedDay(day: Day(daysSinceEpoch: 0), file: "", tasks: [
                ArchivedTask(day: Day(daysSinceEpoch: 0), file: "", line: 1, column: 1, region: .backlog, bucket: .misc,
                             status: .todo, title: title),
            ])
            var days: [ArchivedDay] = []
            var seen = paths
            for day in holders where !seen.contains(day.file) && day.holdsTask(sameAs: 0, of: probe) {
                days.append(day)
                seen.insert(day.file)
            }
            days += replacements.filter { $0.holdsTask(sameAs: 0, of: probe) }
            learnt.append((probe, TaskArchive(days: days)))
        }
    }
}

extension TaskArchive {
    /// The newest tasks (at most `limit`) whose titles `matches` accepts, each where its path stands last: newest
    /// day first, each day's in file order.
    public func newestLastTasks(limit: Int, matching matches: (ArraySlice<UInt8>) -> Bool) -> [ArchivedTask] {
        var found: [ArchivedTask] = []
        guard limit > 0 else { return found }
        for dayIndex in days.indices.reversed() {
            let day = days[dayIndex]
            for index in 0..<day.count where matches(day.titleUTF8(at: index)) {
                if next(after: Step(day: dayIndex, index: index)) != nil { continue }
                found.append(day[index])
                if found.count == limit { return found }
            }
        }
        return found
    }
}
