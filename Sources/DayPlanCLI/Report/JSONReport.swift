import DayPlan
import DayPlanArchive
import DayPlanJSON

/// `dayplan report --format json`: every figure of the report as one JSON document (REPORTS.md lists the
/// fields). Fractions have 4 decimals; days are `YYYY-MM-DD`; a figure that cannot be computed is `null`.
///
/// Written as text, member by member (`JSONTextWriter`, as export writes), with no value made per figure: a
/// report over years has thousands of days, each with some sixty figures.
enum JSONReport {
    /// Writes the whole document, and a newline, to `sink` a part at a time, as it is made: the figures before
    /// the days, the days a run at a time (made on all cores), and the end. Never held whole: megabytes over
    /// years.
    static func write(_ report: ArchiveReport, to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        // Room for all of the part before the days at once (a period takes some 820 bytes).
        var json = JSONTextWriter(capacity: 4096 + bytesPerDay * report.periods.count)
        json.open("version"); json.integer(1)
        json.member("today"); json.day(report.today)
        json.member("first"); json.day(report.first)
        json.member("last"); json.day(report.last)
        json.member("calendarDays"); json.integer(report.calendarDays)
        json.member("plans"); json.integer(report.days.count)
        json.member("grouping"); json.string(report.grouping.rawValue)
        json.member("weights")
        for (index, bucket) in Bucket.allCases.enumerated() {
            name(bucket.nameLiteral, first: index == 0, &json)
            json.integer(Score.points(for: bucket))
        }
        json.close()
        json.member("total"); statistics(report.total, opening: true, &json); json.close()
        json.member("mustStreak"); streak(report.mustStreak, threshold: nil, &json)
        json.member("completionStreak"); streak(report.completionStreak, threshold: ArchiveReport.completionThreshold, &json)
        json.member("leadTime")
        json.open("count"); json.integer(report.leadTime.count)
        json.member("median"); fraction(report.leadTime.median, &json)
        json.member("mean"); fraction(report.leadTime.mean, &json)
        json.member("longest"); json.integer(report.leadTime.longest)
        json.close()
        json.member("topTags")
        json.array(report.topTags) { tag, json in
            json.open("tag"); json.string(tag.tag)
            json.member("done"); json.integer(tag.done)
            json.close()
        }
        json.member("untaggedDone"); json.integer(report.untaggedDone)
        json.member("mostMigrated")
        json.array(report.mostMigrated) { task, json in
            json.open("title"); json.string(task.title)
            json.member("moves"); json.integer(task.moves)
            json.member("firstPlanned"); json.day(task.firstPlanned)
            json.member("status"); json.string(task.latest.status.name)
            json.member("day"); json.day(task.latest.day)
            json.member("file"); json.string(task.latest.file)
            json.member("line"); json.integer(task.latest.line)
            json.close()
        }
        json.member("periods")
        json.array(report.periods) { period, json in
            json.open("period"); json.string(period.label)
            json.member("first"); json.day(period.first)
            json.member("last"); json.day(period.last)
            json.member("plans"); json.integer(period.plans)
            statistics(period.statistics, opening: false, &json)
            json.member("backlog"); json.integer(period.backlog)
            json.close()
        }
        json.member("days"); json.startArray()
        json.withBytes(sink)
        // Most of the document: written a run of days at a time on all cores, and handed on in order.
        let days = report.days
        let runs = stride(from: 0, to: days.count, by: daysPerRun).map { $0..<min($0 + daysPerRun, days.count) }
        forEachInBatches(runs, batchSize: outputRunsInFlight, work: { run in daysText(days[run], first: run.lowerBound == 0) }) { _, text in
            text.withUnsafeBufferPointer(sink)
        }
        var end = JSONTextWriter(capacity: 8)
        end.endArray()
        end.close()
        end.newline()
        end.withBytes(sink)
    }

    /// How many days' objects one worker writes at a time, and the room each is given.
    static let daysPerRun = 32, bytesPerDay = 900

    /// The objects of `days`, each after a comma unless `first`.
    static func daysText(_ days: ArraySlice<ArchiveReport.DayFigures>, first: Bool) -> [UInt8] {
        var json = JSONTextWriter(capacity: bytesPerDay * days.count)
        for (index, figures) in zip(days.indices, days) {
            if index > days.startIndex || !first { json.comma() }
            json.open("day"); json.day(figures.day)
            statistics(figures.statistics, opening: false, &json)
            json.member("backlog"); json.integer(figures.backlog)
            json.member("backlogMeanAge"); fraction(figures.backlogMeanAge, &json)
            json.member("backlogOldestAge"); json.integer(figures.backlogOldestAge)
            json.close()
        }
        return json.bytes
    }

    /// The members of a day's, a period's or the whole report's figures: the counts, the score, and the counts
    /// per region and per bucket. `opening`: they open their object (else they follow other members).
    static func statistics(_ statistics: DayStatistics, opening: Bool, _ json: inout JSONTextWriter) {
        counts(statistics.planned, opening: opening, &json)
        json.member("score"); json.integer(statistics.score)
        json.member("regions")
        for (index, region) in Region.allCases.enumerated() {
            name(region.lowercaseNameLiteral, first: index == 0, &json)
            // The Backlog is not planned: its planned and completion are null.
            counts(statistics.counts(in: region), planned: statistics.planned(in: region),
                   completion: statistics.completion(in: region), opening: true, &json)
            json.close()
        }
        json.close()
        json.member("buckets")
        for (index, bucket) in Bucket.allCases.enumerated() {
            name(bucket.nameLiteral, first: index == 0, &json)
            counts(statistics.counts(of: bucket), opening: true, &json)
            json.close()
        }
        json.close()
    }

    /// The members of task counts: planned, done, cancelled, moved, open, and completion.
    static func counts(_ counts: TaskCounts, opening: Bool, _ json: inout JSONTextWriter) {
        self.counts(counts, planned: counts.planned, completion: counts.completion, opening: opening, &json)
    }

    /// The members of task counts with `planned` and `completion` as given (`null` when nil: the Backlog's).
    static func counts(_ counts: TaskCounts, planned: Int?, completion: Double?, opening: Bool, _ json: inout JSONTextWriter) {
        if opening { json.open("planned") } else { json.member("planned") }
        json.integer(planned)
        json.member("done"); json.integer(counts.done)
        json.member("cancelled"); json.integer(counts.cancelled)
        json.member("moved"); json.integer(counts.moved)
        json.member("open"); json.integer(counts.open)
        json.member("completion"); fraction(completion, &json)
    }

    /// A streak as an object: its threshold (for the completion streak), current and longest length, and
    /// the days the longest began and ended.
    static func streak(_ streak: ArchiveReport.Streak, threshold: Double?, _ json: inout JSONTextWriter) {
        if let threshold {
            json.open("threshold"); json.number(FigureText.fixed(threshold, 2))
            json.member("current")
        } else {
            json.open("current")
        }
        json.integer(streak.current)
        json.member("longest"); json.integer(streak.longest)
        json.member("longestFirst"); json.day(streak.longestFirst)
        json.member("longestLast"); json.day(streak.longestLast)
        json.close()
    }

    /// A member named by a region or bucket: the first of its object, or a next one.
    static func name(_ name: StaticString, first: Bool, _ json: inout JSONTextWriter) {
        if first { json.open(name) } else { json.member(name) }
    }

    /// A fraction with four decimals (`FigureText.fixed`), or `null`: its digits written where they are made.
    static func fraction(_ value: Double?, _ json: inout JSONTextWriter) {
        guard let value else { return json.null() }
        FigureText.withFixed(value, 4) { json.number(utf8: $0) }
    }
}
