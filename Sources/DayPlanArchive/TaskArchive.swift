import DayPlan

/// The day files of an archive in day order, their tasks joined into paths (`TaskPath`): what `dayplan query`
/// and `dayplan report` look back over.
///
/// Paths are links between tasks, not arrays of them: most tasks are never moved on and are a path of
/// one step, so an archive of tens of thousands of tasks is joined without copying one.
public struct TaskArchive: Sendable {
    /// A task of the archive, by where it stands: its day file in `days`, and its place in that file.
    public struct Step: Hashable, Sendable {
        /// The index of its day file in `days`.
        public let day: Int
        /// Its index among that file's tasks (`ArchivedDay.subscript`).
        public let index: Int

        /// Names a step.
        public init(day: Int, index: Int) {
            self.day = day
            self.index = index
        }
    }

    /// The day files, in day order; on the same day, by file (byte order), then as given.
    public let days: [ArchivedDay]
    /// Per day file: the number of its first task across the archive (`days`' tasks counted in order).
    private let starts: [Int]
    /// Per task (by number): the step before it and the step after it on its path; -1 for none. Empty
    /// when no task continues another (an archive without `[>]`).
    private let previous: [Int32], next: [Int32]
    /// Per day file: whether a task in it continues another or is continued. Empty as `next` is.
    private let linkedDays: [Bool]

    /// Orders the day files and joins their tasks into paths: a task moved (`[>]`) is continued by the
    /// next task on a later day with the same identity (`PlanTask.identity`) that continues no other.
    public init(days: [ArchivedDay]) {
        // By index, reading single fields: a day file copied whole is a dozen references counted, on memory
        // another core wrote.
        func precedes(_ a: Int, _ b: Int, in days: [ArchivedDay]) -> Bool {
            if days[a].day != days[b].day { return days[a].day < days[b].day }
            return days[a].file.utf8.lexicographicallyPrecedes(days[b].file.utf8)
        }
        var days = days
        if days.indices.dropFirst().contains(where: { precedes($0, $0 - 1, in: days) }) {
            days = days.indices.sorted { precedes($0, $1, in: days) || (!precedes($1, $0, in: days) && $0 < $1) }
                .map { days[$0] }
        }
        var starts: [Int] = []
        starts.reserveCapacity(days.count + 1)
        var total = 0
        for index in days.indices {
            starts.append(total)
            total += days[index].count
        }
        starts.append(total)
        var previous: [Int32] = [], next: [Int32] = []
        var linkedDays: [Bool] = []
        // By title hash: the tasks moved on and not continued yet (waiting for a later day), oldest first.
        var waiting: [Int: [Step]] = [:]
        for dayIndex in days.indices {
            // Nothing to link in a file without `[>]` while no earlier task waits (its tasks are not looked at).
            guard days[dayIndex].hasMovedOn || !waiting.isEmpty else { continue }
            let day = days[dayIndex]
            for index in day.records.indices {
                let number = starts[dayIndex] + index
                let hash = day.records[index].titleHash
                if !waiting.isEmpty, var open = waiting[hash], let found = open.firstIndex(where: {
                    days[$0.day].day < day.day && days[$0.day].sameTitle(at: $0.index, as: index, in: day)
                }) {
                    let earlier = open.remove(at: found)
                    let earlierNumber = starts[earlier.day] + earlier.index
                    waiting[hash] = open.isEmpty ? nil : open
                    if next.isEmpty {
                        previous = [Int32](repeating: -1, count: total)
                        next = previous
                        linkedDays = [Bool](repeating: false, count: days.count)
                    }
                    linkedDays[earlier.day] = true
                    linkedDays[dayIndex] = true
                    next[earlierNumber] = Int32(truncatingIfNeeded: number)
                    previous[number] = Int32(truncatingIfNeeded: earlierNumber)
                }
                if day.records[index].status == .moved {
                    waiting[hash, default: []].append(Step(day: dayIndex, index: index))
                }
            }
        }
        self.days = days
        self.starts = starts
        self.previous = previous
        self.next = next
        self.linkedDays = linkedDays
    }

    /// Joins archived tasks, in any order, by day file (`day` and `file`; each file's tasks by line).
    public init(tasks: [ArchivedTask]) {
        let order = tasks.indices.sorted {
            let a = tasks[$0], b = tasks[$1]
            if a.day != b.day { return a.day < b.day }
            if a.file != b.file { return a.file.utf8.lexicographicallyPrecedes(b.file.utf8) }
            return a.line != b.line ? a.line < b.line : $0 < $1
        }
        var days: [ArchivedDay] = []
        var start = 0
        while start < order.count {
            let first = tasks[order[start]]
            var end = start + 1
            while end < order.count, tasks[order[end]].day == first.day, tasks[order[end]].file == first.file { end += 1 }
            days.append(ArchivedDay(day: first.day, file: first.file, tasks: order[start..<end].lazy.map { tasks[$0] }))
            start = end
        }
        self.init(days: days)
    }

    /// The task a step names.
    public subscript(step: Step) -> ArchivedTask { days[step.day][step.index] }

    /// Every step, in day order (day, file, line).
    public var steps: some Sequence<Step> {
        days.indices.lazy.flatMap { day in (0..<days[day].count).lazy.map { Step(day: day, index: $0) } }
    }

    private func number(_ step: Step) -> Int { starts[step.day] + step.index }

    /// The number of the task after task `number` on its path; -1 for none.
    private func next(_ number: Int) -> Int { next.isEmpty ? -1 : Int(next[number]) }

    /// The number of the task before task `number` on its path; -1 for none.
    private func previous(_ number: Int) -> Int { previous.isEmpty ? -1 : Int(previous[number]) }

    private func step(_ number: Int) -> Step {
        // The last day file starting at or before `number`: the one holding it (files without tasks start
        // where the next one does).
        var low = 0, high = days.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= number { low = middle } else { high = middle - 1 }
        }
        return Step(day: low, index: number - starts[low])
    }

    /// The step after `step` on its path (the later day that continues a task moved on); nil for its last.
    public func next(after step: Step) -> Step? {
        let following = next(number(step))
        return following < 0 ? nil : self.step(following)
    }

    /// The step before `step` on its path (the earlier day whose task was moved on to it); nil for its first.
    public func previous(before step: Step) -> Step? {
        let preceding = previous(number(step))
        return preceding < 0 ? nil : self.step(preceding)
    }

    /// Whether `step` is the only step of its path: not moved on to a task here, nor continuing one.
    public func standsAlone(_ step: Step) -> Bool {
        guard !next.isEmpty else { return true }
        let number = number(step)
        return previous[number] < 0 && next[number] < 0
    }

    /// Whether a task of the day file at `index` in `days` continues another, or is continued.
    public func hasLinks(inDay index: Int) -> Bool { !linkedDays.isEmpty && linkedDays[index] }

    /// Every step of the path `step` is on, in day order.
    public func path(through step: Step) -> [Step] {
        var first = number(step)
        while previous(first) >= 0 { first = previous(first) }
        var steps: [Step] = []
        var current = first
        while current >= 0 {
            steps.append(self.step(current))
            current = next(current)
        }
        return steps
    }

    /// How many days the task of `step` was moved on, over its whole path (`TaskPath.moves`).
    public func moves(through step: Step) -> Int {
        if standsAlone(step) { return days[step.day].status(at: step.index) == .moved ? 1 : 0 }
        return path(through: step).reduce(0) { $0 + (days[$1.day].status(at: $1.index) == .moved ? 1 : 0) }
    }

    /// The day the task of `step` was first planned, over its whole path (`TaskPath.firstPlanned`).
    public func firstPlanned(through step: Step) -> Day {
        standsAlone(step) ? firstPlanned(of: [step]) : firstPlanned(of: path(through: step))
    }

    /// The first day of a path's steps, or an earlier `@from:` day on any of them.
    func firstPlanned(of path: [Step]) -> Day {
        path.reduce(days[path[0].day].day) { earliest, step in
            days[step.day].records[step.index].from.map { Swift.min($0, earliest) } ?? earliest
        }
    }

    /// Every path, materialized, in the order of their latest step (day, file, line).
    public var paths: [TaskPath] {
        var buffer: [ArchivedTask] = []
        buffer.reserveCapacity(starts[days.count])
        var bounds: [Range<Int>] = []
        for step in steps where next(number(step)) < 0 {
            let start = buffer.count
            buffer += path(through: step).map { self[$0] }
            bounds.append(start..<buffer.count)
        }
        return bounds.map { TaskPath(steps: buffer[$0]) }
    }
}
