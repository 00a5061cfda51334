import DayPlan

/// `dayplan report --format json`: every figure of the report as one JSON document (REPORTS.md lists the
/// fields). Fractions have 4 decimals; days are `YYYY-MM-DD`; a figure that cannot be computed is `null`.
enum JSONReport {
    /// The whole document.
    static func document(_ report: ArchiveReport) -> JSONValue {
        [
            "version": 1,
            "today": day(report.today),
            "first": day(report.first),
            "last": day(report.last),
            "calendarDays": .integer(report.calendarDays),
            "plans": .integer(report.days.count),
            "grouping": .string(report.grouping.rawValue),
            "weights": .object(Bucket.allCases.map { JSONValue.Member($0.description, .integer(Score.points(for: $0))) }),
            "total": statistics(report.total),
            "mustStreak": streak(report.mustStreak, threshold: nil),
            "completionStreak": streak(report.completionStreak, threshold: ArchiveReport.completionThreshold),
            "leadTime": [
                "count": .integer(report.leadTime.count),
                "median": FigureText.json(report.leadTime.median),
                "mean": FigureText.json(report.leadTime.mean),
                "longest": report.leadTime.longest.map(JSONValue.integer) ?? .null,
            ],
            "topTags": .array(report.topTags.map { ["tag": .string($0.tag), "done": .integer($0.done)] }),
            "mostMigrated": .array(report.mostMigrated.map { task in
                [
                    "title": .string(task.title), "moves": .integer(task.moves),
                    "firstPlanned": day(task.firstPlanned),
                    "status": .string(TaskFilter.word(for: task.latest.status)), "day": day(task.latest.day),
                    "file": .string(task.latest.file), "line": .integer(task.latest.line),
                ]
            }),
            "periods": .array(report.periods.map { period in
                var members: [JSONValue.Member] = [
                    JSONValue.Member("period", .string(period.label)), JSONValue.Member("first", day(period.first)),
                    JSONValue.Member("last", day(period.last)), JSONValue.Member("plans", .integer(period.plans)),
                ]
                members += statistics(period.statistics).objectValue ?? []
                members.append(JSONValue.Member("backlog", period.backlog.map(JSONValue.integer) ?? .null))
                return .object(members)
            }),
            "days": .array(report.days.map { figures in
                var members = [JSONValue.Member("day", day(figures.day))]
                members += statistics(figures.statistics).objectValue ?? []
                members += [
                    JSONValue.Member("backlog", .integer(figures.backlog)),
                    JSONValue.Member("backlogMeanAge", FigureText.json(figures.backlogMeanAge)),
                    JSONValue.Member("backlogOldestAge", figures.backlogOldestAge.map(JSONValue.integer) ?? .null),
                ]
                return .object(members)
            }),
        ]
    }

    static func day(_ day: Day) -> JSONValue { .string(day.description) }

    /// Counts, completion and score, with the counts per region and per bucket.
    static func statistics(_ statistics: DayStatistics) -> JSONValue {
        var members = counts(statistics.planned).objectValue ?? []
        members.append(JSONValue.Member("score", .integer(statistics.score)))
        members.append(JSONValue.Member("regions", .object(Region.allCases.map {
            JSONValue.Member($0.lowercaseName, counts(statistics.counts(in: $0)))
        })))
        members.append(JSONValue.Member("buckets", .object(Bucket.allCases.map {
            JSONValue.Member($0.description, counts(statistics.counts(of: $0)))
        })))
        return .object(members)
    }

    static func counts(_ counts: TaskCounts) -> JSONValue {
        // Members made directly, not through a dictionary literal: a report over years writes tens of thousands.
        .object([JSONValue.Member("planned", .integer(counts.planned)), JSONValue.Member("done", .integer(counts.done)),
                 JSONValue.Member("cancelled", .integer(counts.cancelled)), JSONValue.Member("moved", .integer(counts.moved)),
                 JSONValue.Member("open", .integer(counts.open)), JSONValue.Member("completion", FigureText.json(counts.completion))])
    }

    static func streak(_ streak: ArchiveReport.Streak, threshold: Double?) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let threshold { members.append(JSONValue.Member("threshold", .number(FigureText.fixed(threshold, 2)))) }
        members += [
            JSONValue.Member("current", .integer(streak.current)), JSONValue.Member("longest", .integer(streak.longest)),
            JSONValue.Member("longestFirst", streak.longestFirst.map(day) ?? .null),
            JSONValue.Member("longestLast", streak.longestLast.map(day) ?? .null),
        ]
        return .object(members)
    }
}
