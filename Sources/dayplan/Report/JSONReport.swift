import DayPlan

/// `dayplan report --format json`: every figure of the report as one JSON document (REPORTS.md lists the
/// fields). Fractions have 4 decimals; days are `YYYY-MM-DD`; a figure that cannot be computed is `null`.
enum JSONReport {
    /// The document's figures but the periods and the days (`text(_:)` writes those after them).
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
        ]
    }

    /// The whole document as JSON text: `document` without the periods and days, which are written straight
    /// after it, member by member, with no value made for them (a report over years has thousands of days).
    static func text(_ report: ArchiveReport) -> [UInt8] {
        var out = document(report).serialized()
        out.reserveCapacity(out.count + 720 * (report.days.count + report.periods.count))
        out.removeLast()  // the closing brace
        out.append(contentsOf: ",\"periods\":[".utf8)
        for (index, period) in report.periods.enumerated() {
            out.append(contentsOf: (index > 0 ? ",{\"period\":" : "{\"period\":").utf8)
            JSONValue.string(period.label).write(to: &out)
            member("first", &out)
            writeDay(period.first, &out)
            member("last", &out)
            writeDay(period.last, &out)
            member("plans", &out)
            out.appendDecimal(period.plans)
            writeStatistics(period.statistics, &out)
            member("backlog", &out)
            writeInteger(period.backlog, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "],\"days\":[".utf8)
        for (index, figures) in report.days.enumerated() {
            out.append(contentsOf: (index > 0 ? ",{\"day\":" : "{\"day\":").utf8)
            writeDay(figures.day, &out)
            writeStatistics(figures.statistics, &out)
            member("backlog", &out)
            out.appendDecimal(figures.backlog)
            member("backlogMeanAge", &out)
            writeFraction(figures.backlogMeanAge, &out)
            member("backlogOldestAge", &out)
            writeInteger(figures.backlogOldestAge, &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    /// `,"name":`: a member after another. Names are ASCII words, with nothing to escape.
    static func member(_ name: StaticString, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: ","))
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(UInt8(ascii: "\""))
        out.append(UInt8(ascii: ":"))
    }

    static func writeDay(_ day: Day, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: day.description.utf8)
        out.append(UInt8(ascii: "\""))
    }

    static func writeInteger(_ value: Int?, _ out: inout [UInt8]) {
        if let value { out.appendDecimal(value) } else { out.append(contentsOf: "null".utf8) }
    }

    /// As `FigureText.json`: four decimals, or `null`.
    static func writeFraction(_ value: Double?, _ out: inout [UInt8]) {
        if let value { out.append(contentsOf: FigureText.fixed(value, 4).utf8) } else { out.append(contentsOf: "null".utf8) }
    }

    /// The members of `statistics(_:)`, each after a comma.
    static func writeStatistics(_ statistics: DayStatistics, _ out: inout [UInt8]) {
        writeCounts(statistics.planned, &out)
        member("score", &out)
        out.appendDecimal(statistics.score)
        member("regions", &out)
        writeCounts(byName: Region.allCases.map { ($0.lowercaseName, statistics.counts(in: $0)) }, &out)
        member("buckets", &out)
        writeCounts(byName: Bucket.allCases.map { ($0.description, statistics.counts(of: $0)) }, &out)
    }

    /// `{"name":{counts},…}`: the counts of each region or bucket, by its name (a plain word).
    static func writeCounts(byName entries: [(name: String, counts: TaskCounts)], _ out: inout [UInt8]) {
        for (index, entry) in entries.enumerated() {
            out.append(UInt8(ascii: index == 0 ? "{" : ","))
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: entry.name.utf8)
            out.append(contentsOf: "\":".utf8)
            writeObject(of: entry.counts, &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `counts(_:)` as an object.
    static func writeObject(of counts: TaskCounts, _ out: inout [UInt8]) {
        out.append(contentsOf: "{\"planned\":".utf8)
        out.appendDecimal(counts.planned)
        writeCountsAfterPlanned(counts, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The members of `counts(_:)`, each after a comma.
    static func writeCounts(_ counts: TaskCounts, _ out: inout [UInt8]) {
        member("planned", &out)
        out.appendDecimal(counts.planned)
        writeCountsAfterPlanned(counts, &out)
    }

    static func writeCountsAfterPlanned(_ counts: TaskCounts, _ out: inout [UInt8]) {
        member("done", &out)
        out.appendDecimal(counts.done)
        member("cancelled", &out)
        out.appendDecimal(counts.cancelled)
        member("moved", &out)
        out.appendDecimal(counts.moved)
        member("open", &out)
        out.appendDecimal(counts.open)
        member("completion", &out)
        writeFraction(counts.completion, &out)
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
