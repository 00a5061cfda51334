import DayPlan
import DayPlanFlow
import DayPlanView

/// `dayplan week --side-by-side`: the seven days as columns, each line of a column cut to its width (by the
/// characters' display widths), so that a week reads across like a paper planner's.
enum WeekColumns {
    /// The week in `width` columns of the terminal: a heading, then a row of day columns (at least 14 wide each,
    /// so a narrow terminal wraps the lines rather than lose them) separated by `│`.
    static func text(_ week: WeekOverview, files: [Day: String], width: Int) -> String {
        guard let first = week.days.first?.day, let last = week.days.last?.day else { return "" }
        let column = max(14, (width - (week.days.count - 1)) / week.days.count)
        let columns = week.days.map { lines(of: $0, file: files[$0.day]) }
        var text = "Week of \(Weekday(of: first).name) \(first) to \(Weekday(of: last).name) \(last)\n\n"
        for row in 0..<(columns.map(\.count).max() ?? 0) {
            let cells = columns.map { row < $0.count ? $0[row] : "" }
            var line = cells.enumerated().map { index, cell in
                fitted(cell, to: column, padded: index < cells.count - 1)
            }.joined(separator: "│")
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        let scheduledAhead = week.days.flatMap { day in day.scheduled.map { (day.day, $0) } }
        if !scheduledAhead.isEmpty, let from = week.backlogDay {
            text += "\nBacklog of \(from), scheduled this week: "
                + scheduledAhead.map { "\(Output.escaped($0.1.title)) (\(Weekday(of: $0.0).abbreviation) \($0.0))" }.joined(separator: ", ") + "\n"
        }
        return text
    }

    /// One day's column, top to bottom: the day, its plan's progress and free time, each region's open tasks per
    /// bucket (`M 1/1 0/3 2/5`), then its due tasks (`!`), scheduled ones (`→`) and events (their time, or `◷` all day).
    static func lines(of day: WeekOverview.DayOfWeek, file: String?) -> [String] {
        var lines = ["\(Weekday(of: day.day).abbreviation) \(day.day)"]
        if let progress = day.progress {
            lines.append(progress.planned == 0 ? "nothing planned" : "\(progress.done) of \(progress.planned) done")
            lines.append(WeekCommand.free(day.free))
            for region in progress.regions {
                lines.append("\(region.region.name.prefix(1)) " + Bucket.allCases.map { "\(region.open($0))/\($0.limit)" }.joined(separator: " "))
            }
        } else {
            lines += ["no plan yet", WeekCommand.free(day.free)]
        }
        lines += day.due.map { "! " + Output.escaped($0.title) }
        lines += day.scheduled.map { "→ " + Output.escaped($0.title) }
        lines += day.events.map { event in
            (event.isAllDay ? "◷ " : TaskTime.clockText(event.start.secondOfDay / 60) + " ") + Output.escaped(event.title)
        }
        return lines
    }

    /// `text` in exactly `width` display columns when `padded`, else at most: cut with `…` when longer.
    static func fitted(_ text: String, to width: Int, padded: Bool) -> String {
        var used = 0, kept = ""
        let total = text.reduce(0) { $0 + CharacterWidth.of($1) }
        for character in text {
            let size = CharacterWidth.of(character)
            if total > width, used + size > width - 1 { break }
            if used + size > width { break }
            kept.append(character)
            used += size
        }
        if total > width { kept.append("…"); used += 1 }
        return padded ? kept + String(repeating: " ", count: max(0, width - used)) : kept
    }
}
