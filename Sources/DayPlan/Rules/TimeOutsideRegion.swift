extension Rule {
    /// A timed task lies outside its region's hours.
    ///
    /// Reads: the document and the region hours (`DayHours.regionHours`, the settings' `morning`, `afternoon`,
    /// `evening`): a task that takes time (open: to do, in progress) in Morning, Afternoon or Evening whose time
    /// (its range, or its start and estimate) does not lie within the region's hours.
    public static let timeOutsideRegion: Rule = Rule(
        id: "DP060", name: "time-outside-region", severity: .warning, blocksFormatting: false,
        summary: "a timed task lies within its region's hours",
        check: .document { subject, findings in
            let hours = subject.hours.regionHours
            for section in subject.document.sections {
                guard let region = section.region, let regionHours = hours.hours(of: region) else { continue }
                for case .task(let task) in section.items where task.takesTime {
                    guard let minutes = task.plannedMinutes else { continue }
                    let inside = minutes.lowerBound >= regionHours.lowerBound && minutes.lowerBound < regionHours.upperBound
                        && minutes.upperBound <= regionHours.upperBound
                    guard !inside else { continue }
                    let span = "\(RegionHours.clock(regionHours.lowerBound))-\(RegionHours.clock(regionHours.upperBound))"
                    let home = Region.allCases.first { other in
                        other != region && hours.hours(of: other).map { $0.contains(minutes.lowerBound) && minutes.upperBound <= $0.upperBound } == true
                    }
                    let advice = home.map { "move it to \($0.name) or change its time" } ?? "change its time or the region's hours in .dayplan/config"
                    let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
                    findings.append(Diagnostic(.timeOutsideRegion, from: task.source?.start ?? nowhere, to: task.source?.end ?? nowhere,
                                               "“\(task.titleAfterTime)” is planned at \(task.plannedTimeText), outside \(region.name)'s hours (\(span)); \(advice)"))
                }
            }
        })
}
