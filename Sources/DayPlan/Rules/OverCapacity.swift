extension Rule {
    /// A region's estimates and timed tasks take more time than it has free.
    ///
    /// Reads: the document, the region hours and the day's calendar events (`DayHours`): in Morning, Afternoon
    /// and Evening, the tasks that take time (open: to do, in progress) add up their lengths (a time range's,
    /// else the estimate); the region's free time is its hours less the minutes its events take within them
    /// (events that overlap each other counted once). The finding stands at the task that tips the sum over.
    public static let overCapacity: Rule = Rule(
        id: "DP062", name: "over-capacity", severity: .warning, blocksFormatting: false,
        summary: "a region's estimates and timed tasks fit in its free hours (its hours less its events)",
        check: .document { subject, findings in
            for region in Region.allCases {
                guard let hours = subject.hours.regionHours.hours(of: region) else { continue }
                // The tasks that take time in file order, whichever of the region's sections they stand in.
                func forEachTask(_ body: (PlanTask) -> Bool) {
                    for index in subject.document.sections.indices where subject.document.sections[index].region == region {
                        for case .task(let task) in subject.document.sections[index].items where task.takesTime {
                            if !body(task) { return }
                        }
                    }
                }
                var total = 0
                forEachTask { total += $0.plannedLength; return true }
                guard total > 0 else { continue }
                let busy = busyMinutes(subject.busy.map(\.minutes), within: hours)
                let free = hours.count - busy
                guard total > free else { continue }
                var sum = 0, tipping: PlanTask?
                forEachTask { task in
                    sum += task.plannedLength
                    if sum > free { tipping = task }
                    return tipping == nil
                }
                guard let tipping else { continue }
                let why = busy > 0
                    ? "\(Estimate.text(hours.count)) less \(Estimate.text(busy)) of events"
                    : "its hours, \(RegionHours.clock(hours.lowerBound))-\(RegionHours.clock(hours.upperBound))"
                let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
                findings.append(Diagnostic(.overCapacity, from: tipping.source?.start ?? nowhere, to: tipping.source?.end ?? nowhere,
                                           "\(region.name)'s estimates add up to \(Estimate.text(total)) but it has \(Estimate.text(free)) free (\(why)); "
                                           + "move a task to another region or the Backlog, or estimate again"))
            }
        })

    /// The minutes of `hours` that `ranges` take, each minute once.
    static func busyMinutes(_ ranges: [Range<Int>], within hours: Range<Int>) -> Int {
        let clipped = ranges.map { $0.clamped(to: hours) }.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var total = 0, reached = hours.lowerBound
        for range in clipped where range.upperBound > reached {
            total += range.upperBound - max(range.lowerBound, reached)
            reached = range.upperBound
        }
        return total
    }
}
