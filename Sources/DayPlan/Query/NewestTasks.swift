/// The newest tasks of an archive whose titles a query accepts, each where its path stands last (a task moved on
/// and continued on a later day only there), found from the archive's day files as they are read, newest day
/// first (`take(_:allReadAfter:)`): the same tasks in the same order as `TaskArchive.newestLastTasks(limit:matching:)`
/// finds in the whole archive, as soon as the files read decide them. A language server answers a search of a plan
/// folder of years from its newest files, before the old ones are read.
///
/// A task moved on (`[>]`) with a task of its title on a later day is not decided by the later days alone: that
/// task continues it unless older days hold other tasks of the title still waiting to be continued (two identical
/// lines moved on, say), which only the whole archive tells (`Progress.needsWholeArchive`).
public struct NewestTasks {
    /// What the files read so far tell.
    public enum Progress: Equatable, Sendable {
        /// `found` holds the limit's number of tasks: the answer.
        case complete
        /// Every task found so far is decided; older days may hold more.
        case needsOlderDays
        /// A match moved on may or may not be continued, which only the whole archive tells.
        case needsWholeArchive
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

    /// Looks for at most `limit` tasks whose titles `matches` accepts, in an archive where `replacements` stand for
    /// the files of the same path, or are added to them (as a language server puts the documents the editor holds).
    public init(limit: Int, replacing replacements: [ArchivedDay] = [], matching matches: @escaping (ArraySlice<UInt8>) -> Bool) {
        self.limit = limit
        self.replacements = replacements
        self.matches = matches
    }

    /// Takes the next day files read, `read` (newest first, after those taken before): every file of each day
    /// after `allReadAfter` is now read; those of that day and before may not all be yet, and wait for the next
    /// files. Once every file is read, the whole archive (`TaskArchive`) gives the answer.
    public mutating func take(_ read: some Sequence<ArchivedDay>, allReadAfter: Day) -> Progress {
        guard found.count < limit else { return .complete }
        held += read
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
        for day in fresh.reversed() {
            for index in 0..<day.count where matches(day.titleUTF8(at: index)) {
                if day.status(at: index) == .deferred,
                   looked.contains(where: { $0.day > day.day && $0.holdsTask(sameAs: index, of: day) }) {
                    return .needsWholeArchive
                }
                found.append(day[index])
                if found.count == limit { return .complete }
            }
            looked.append(day)
        }
        lookedAfter = allReadAfter
        return .needsOlderDays
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
