/// Checks day files: `dayplan lint` in library form.
///
/// A finding is the parser's (the file breaks the format) or one of the checks that need the whole document:
/// the 1-3-5 rule (`DP101`) and the day heading against the file name (`DP012`).
public enum Linter {
    /// Every finding about one file's bytes, sorted by line then column.
    ///
    /// `fileName` is the path the bytes came from, if any; its last component is checked against the day
    /// heading when it is a day file's name (`YYYY-MM-DD.md`). `today`, when given, is the current day: the
    /// plan of that day gets its overdue tasks reported (DP051); an older day is history and does not.
    public static func lint(_ bytes: [UInt8], fileName: String?, today: Day? = nil) -> [Diagnostic] {
        // Read for what is checked: no finding but an overdue task's needs the text, so only today's plan
        // with an overdue task is read again whole.
        let structure = DayDocument(readingForLint: bytes)
        if let today, (structure.day ?? fileName.flatMap(Day.init(fileNameOf:))) == today,
           structure.placedTasks.contains(where: { $0.task.status.isOpen && ($0.task.metadata.due.map { $0 <= today } ?? false) }) {
            return lint(DayDocument(parsing: bytes), fileName: fileName, today: today)
        }
        return lint(structure, fileName: fileName, today: today)
    }

    /// Every finding about a parsed document, sorted by line then column.
    ///
    /// A task made in code has no position, so a finding about it stands at line 0, column 0.
    public static func lint(_ document: DayDocument, fileName: String?, today: Day? = nil) -> [Diagnostic] {
        var findings = document.diagnostics
        // The plan folder's own files (`.dayplan/routines.md`, the template) use the day-file syntax but
        // plan no day: they need no day heading.
        if let fileName, isInSettingsFolder(fileName) {
            findings.removeAll { $0.rule == .missingDayHeading }
        }
        if let fileName { checkDayMatches(fileName, document, into: &findings) }
        if let today, (document.day ?? fileName.flatMap(Day.init(fileNameOf:))) == today {
            checkOverdue(document, today: today, into: &findings)
        }
        checkBucketLimits(document, into: &findings)
        findings.sort { a, b in
            if a.start.line != b.start.line { return a.start.line < b.start.line }
            if a.start.column != b.start.column { return a.start.column < b.start.column }
            return a.rule.id < b.rule.id
        }
        return findings
    }

    /// DP101: in each limited region, counted across all its sections, the open tasks of a bucket beyond its
    /// limit are each reported at their own line.
    static func checkBucketLimits(_ document: DayDocument, into findings: inout [Diagnostic]) {
        for region in Region.allCases where region.isLimited {
            var open = [0, 0, 0]
            forEachOpenTask(in: region, of: document) { open[$0.bucket.rawValue] += 1 }
            guard Bucket.allCases.contains(where: { open[$0.rawValue] > $0.limit }) else { continue }
            var seen = [0, 0, 0]
            forEachOpenTask(in: region, of: document) { task in
                let bucket = task.bucket
                seen[bucket.rawValue] += 1
                guard seen[bucket.rawValue] > bucket.limit else { return }
                let count = open[bucket.rawValue]
                let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
                findings.append(Diagnostic(
                    .bucketLimit, from: task.source?.start ?? nowhere, to: task.source?.end ?? nowhere,
                    "\(region.name) has \(count) open \(bucket) task\(count == 1 ? "" : "s"); the limit is \(bucket.limit)"))
            }
        }
    }

    /// Calls `body` with each open task of `region`, in file order, whichever of its sections it stands in.
    private static func forEachOpenTask(in region: Region, of document: DayDocument, _ body: (PlanTask) -> Void) {
        for section in document.sections where section.region == region {
            for case .task(let task) in section.items where task.status.isOpen { body(task) }
        }
    }

    /// DP051: on today's plan, each open task whose `@due:` day has come.
    static func checkOverdue(_ document: DayDocument, today: Day, into findings: inout [Diagnostic]) {
        let nowhere = SourcePosition(offset: 0, line: 0, column: 0)
        for task in document.allTasks where task.status.isOpen {
            guard let due = task.metadata.due, due <= today else { continue }
            let late = due.days(until: today)
            let when = late == 0 ? "is due today" : "was due on \(due), \(late) day\(late == 1 ? "" : "s") ago"
            findings.append(Diagnostic(.overdue, from: task.source?.start ?? nowhere, to: task.source?.end ?? nowhere,
                                       "\(task.title) \(when); do it, or move the deadline with `@due:`."))
        }
    }

    /// Whether a folder on `path` is a plan folder's `.dayplan` (its routines and template live there).
    static func isInSettingsFolder(_ path: String) -> Bool {
        let folder = ".dayplan".utf8
        var componentStart = 0
        for (index, byte) in path.utf8.enumerated() where byte == UInt8(ascii: "/") {
            if index - componentStart == 8, path.utf8.dropFirst(componentStart).starts(with: folder) { return true }
            componentStart = index + 1
        }
        return false
    }

    /// DP012: a file named `YYYY-MM-DD.md` is named for a real day, and its heading names that day.
    static func checkDayMatches(_ fileName: String, _ document: DayDocument, into findings: inout [Diagnostic]) {
        let name = Day.fileName(ofPath: fileName)
        guard Day.isFileName(utf8: name.utf8) else { return }
        let named = Day(utf8: name.utf8.prefix(10))
        let top = SourcePosition(offset: 0, line: 1, column: 1)
        let start = document.dayHeadingSource?.start ?? top
        let end = document.dayHeadingSource?.end ?? top
        guard let named else {
            let hint = document.day.map { "; name it \($0.fileName)" } ?? "; name it after the day it plans"
            findings.append(Diagnostic(.dayMismatch, from: start, to: end,
                                       "The file name \(name) is not a real date\(hint)."))
            return
        }
        // A missing or broken heading is already reported (DP010, DP011).
        guard let day = document.day, day != named else { return }
        findings.append(Diagnostic(.dayMismatch, from: start, to: end,
                                   "The day heading says \(day) but the file is named \(name); rename the file or change the heading to `# \(named)`."))
    }
}
