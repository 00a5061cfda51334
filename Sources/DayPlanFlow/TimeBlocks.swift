import DayPlan

/// A day laid onto its regions' hours, for `dayplan plan` (docs/plan.md): in each of Morning, Afternoon and Evening,
/// the events and timed tasks in order with the free gaps between them, and the open tasks without a time, the
/// estimated ones first, must before complementary before misc; and `fitted(from:)`, the start times those
/// estimated tasks would get in the gaps.
public struct TimeBlocks: Sendable {
    /// One stretch of a region's hours.
    public struct Block: Hashable, Sendable {
        /// What fills it.
        public enum Kind: String, Hashable, Sendable { case event, task, free }
        /// What fills it.
        public let kind: Kind
        /// The event's or task's title (its time left out); empty for a free gap.
        public let title: String
        /// Its minutes since midnight.
        public let minutes: Range<Int>
        /// The task's line in the day file; 0 for an event or a gap.
        public let line: Int
    }

    /// An open task of a region without a time of day.
    public struct Untimed: Hashable, Sendable {
        /// The task.
        public let task: PlanTask
        /// Its estimate in minutes, if it has one: only an estimated task can be given a time.
        public var estimate: Int? { task.metadata.estimate }
    }

    /// One limited region.
    public struct RegionBlocks: Sendable {
        /// The region.
        public let region: Region
        /// Its hours.
        public let hours: Range<Int>
        /// Its hours from the first to the last minute, as events, timed tasks and free gaps, in order.
        public let blocks: [Block]
        /// Its open tasks without a time: estimated ones in bucket order (must first), then those without an
        /// estimate, each in file order.
        public let untimed: [Untimed]
        /// What is free of its hours less the estimates of its untimed tasks; negative when more is planned than
        /// there is time (the region is over capacity).
        public let free: Int
    }

    /// The regions, Morning to Evening.
    public let regions: [RegionBlocks]

    /// The blocks of `document`'s day as `schedule` places its events and timed tasks (`DaySchedule`, built from the
    /// same document and the day's events).
    public init(_ document: DayDocument, schedule: DaySchedule) {
        var planned: [Int: PlannedTime] = [:]
        for task in PlannedTime.tasks(in: document) { planned[task.line] = task }
        regions = schedule.regions.map { time in
            let range = time.hours
            var filled: [Block] = []
            for item in schedule.items where item.start < range.upperBound && (item.end ?? item.start + 1) > range.lowerBound {
                // A timed task without an end takes its estimate (as DaySchedule counts it), else a minute.
                var end = item.end ?? item.start
                if item.kind == .task, item.end == nil {
                    end = item.start + max(1, planned[item.line]?.estimate ?? 1)
                }
                let minutes = max(item.start, range.lowerBound)..<max(min(end, range.upperBound), max(item.start, range.lowerBound) + 1)
                filled.append(Block(kind: item.kind == .event ? .event : .task, title: item.title, minutes: minutes,
                                    line: item.kind == .task ? item.line : 0))
            }
            var blocks: [Block] = []
            var at = range.lowerBound
            for block in filled.sorted(by: { ($0.minutes.lowerBound, $0.minutes.upperBound) < ($1.minutes.lowerBound, $1.minutes.upperBound) }) {
                if block.minutes.lowerBound > at { blocks.append(Block(kind: .free, title: "", minutes: at..<block.minutes.lowerBound, line: 0)) }
                blocks.append(block)
                at = max(at, block.minutes.upperBound)
            }
            if at < range.upperBound { blocks.append(Block(kind: .free, title: "", minutes: at..<range.upperBound, line: 0)) }
            let open = document.tasks(in: time.region).filter { $0.status.isOpen && $0.time == nil }
            let estimated = Bucket.allCases.flatMap { bucket in open.filter { $0.bucket == bucket && $0.metadata.estimate != nil } }
            let untimed = (estimated + open.filter { $0.metadata.estimate == nil }).map(Untimed.init)
            return RegionBlocks(region: time.region, hours: range, blocks: blocks, untimed: untimed, free: time.free)
        }
    }

    /// Start times for the estimated untimed tasks, as `fitted(from:)` works them out.
    public struct Fit: Sendable {
        /// A task given a start: its line and the minute it starts.
        public struct Placement: Hashable, Sendable {
            /// The task.
            public let task: PlanTask
            /// Minutes since midnight it starts at.
            public let start: Int
        }
        /// The tasks placed, region by region, must first.
        public var placed: [Placement] = []
        /// Regions over capacity, with by how many minutes: nothing is placed in them.
        public var refused: [(region: Region, over: Int)] = []
        /// Estimated tasks no gap was long enough for.
        public var unfitted: [PlanTask] = []
    }

    /// Each estimated untimed task at the start of the first free gap long enough for it, from minute `now` on (the
    /// time already gone on the day being planned, else nil), in bucket order (must first), region by region; a
    /// region over capacity gets none. Nothing overlaps an event, a timed task or another placed task, and nothing
    /// passes its region's hours.
    public func fitted(from now: Int? = nil) -> Fit {
        var fit = Fit()
        for region in regions {
            let candidates = region.untimed.filter { $0.estimate != nil }
            guard !candidates.isEmpty else { continue }
            if region.free < 0 {
                fit.refused.append((region.region, -region.free))
                continue
            }
            var gaps = region.blocks.filter { $0.kind == .free }.map(\.minutes).compactMap { gap -> Range<Int>? in
                let start = max(gap.lowerBound, now ?? gap.lowerBound)
                return start < gap.upperBound ? start..<gap.upperBound : nil
            }
            for candidate in candidates {
                guard let minutes = candidate.estimate, let index = gaps.firstIndex(where: { $0.count >= minutes }) else {
                    fit.unfitted.append(candidate.task)
                    continue
                }
                fit.placed.append(Fit.Placement(task: candidate.task, start: gaps[index].lowerBound))
                gaps[index] = (gaps[index].lowerBound + minutes)..<gaps[index].upperBound
            }
        }
        return fit
    }
}
