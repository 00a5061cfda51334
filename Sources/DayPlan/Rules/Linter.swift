/// Checks day files: `dayplan lint` in library form.
///
/// A finding is a problem the parser reported, made a finding by its rule (`Rule.finding(for:)`), or one of the
/// rules that read the whole document (the 1-3-5 rule, `DP101`; the day heading against the file name, `DP012`;
/// overdue tasks, `DP051`), run in the order of `Rule.all`.
public enum Linter {
    /// Every finding about one file's bytes, sorted by line then column.
    ///
    /// `fileName` is the path the bytes came from, if any; its last component is checked against the day
    /// heading when it is a day file's name (`YYYY-MM-DD.md`). `today`, when given, is the current day: the
    /// plan of that day gets its overdue tasks reported (DP051); an older day is history and does not.
    /// `carriedWarningDays` is the age from which an open task of today's plan is reported as carried for long
    /// (DP052; the plan folder's `carried-warning-days`). `hours` is what the settings say of the day's hours:
    /// its regions' hours and the calendars' events (DP060, DP061, DP062).
    public static func lint(_ bytes: [UInt8], fileName: String?, today: Day? = nil,
                            carriedWarningDays: Int = Settings.defaultCarriedWarningDays, hours: DayHours = DayHours()) -> [Diagnostic] {
        let (document, setAside) = DayDocument.readForLint(bytes, fileName: fileName, today: today, carriedWarningDays: carriedWarningDays)
        return lint(document, setAside: setAside, fileName: fileName, today: today, carriedWarningDays: carriedWarningDays, hours: hours)
    }

    /// Every finding about a parsed document, sorted by line then column.
    ///
    /// A task made in code has no position, so a finding about it stands at line 0, column 0.
    public static func lint(_ document: DayDocument, fileName: String?, today: Day? = nil,
                            carriedWarningDays: Int = Settings.defaultCarriedWarningDays, hours: DayHours = DayHours()) -> [Diagnostic] {
        lint(document, setAside: nil, fileName: fileName, today: today, carriedWarningDays: carriedWarningDays, hours: hours)
    }

    /// Every finding about a document read for lint, whose open Backlog tasks that only the repeated-task rule
    /// reads are `setAside` (`DayDocument.readForLint`), sorted by line then column.
    private static func lint(_ document: DayDocument, setAside: SetAsideTasks?, fileName: String?, today: Day?,
                             carriedWarningDays: Int, hours: DayHours) -> [Diagnostic] {
        var findings = document.diagnostics
        // The plan folder's own files (`.dayplan/routines.md`, the template) use the day-file syntax but
        // plan no day: they need no day heading.
        if let fileName, isInSettingsFolder(fileName) {
            findings.removeAll { $0.rule == .missingDayHeading }
        }
        var subject = Subject(document: document, fileName: fileName, today: today, carriedWarningDays: carriedWarningDays)
        subject.hours = hours
        subject.setAside = setAside
        // The calendars are asked only for a day with a time or an estimate to check against them.
        if hours.events != nil, let day = document.day ?? fileName.flatMap(Day.init(fileNameOf:)), DayHours.hasTimedWork(document) {
            subject.busy = hours.busy(on: day)
        }
        for rule in Rule.all {
            if case .document(let check) = rule.check { check(subject, &findings) }
        }
        Rule.collapseFinishedOutsideRegions(&findings, in: document)
        findings.sort { a, b in
            if a.start.line != b.start.line { return a.start.line < b.start.line }
            if a.start.column != b.start.column { return a.start.column < b.start.column }
            return a.rule.id < b.rule.id
        }
        return findings
    }

    /// What a rule that reads the whole document checks (`Rule.Check.document`).
    struct Subject {
        /// The document.
        let document: DayDocument
        /// The path its bytes came from, if any.
        let fileName: String?
        /// The current day, when known.
        let today: Day?
        /// The age in days from which an open task is carried for long (DP052).
        var carriedWarningDays = Settings.defaultCarriedWarningDays
        /// The region hours and the calendars (DP060, DP061, DP062).
        var hours = DayHours()
        /// The day's events that take hours, when the settings name calendars and the day has a time or an
        /// estimate to check; empty otherwise.
        var busy: [BusyTime] = []
        /// The open Backlog tasks the document does not hold, when it was read for lint (`SetAsideTasks`): only
        /// the repeated-task rule (DP025) reads them.
        var setAside: SetAsideTasks?

        /// Whether the document is today's plan: its day (from its heading, else its file name) is `today`.
        var isToday: Bool {
            guard let today else { return false }
            return (document.day ?? fileName.flatMap(Day.init(fileNameOf:))) == today
        }
    }

    /// Whether a folder on `path` is a plan folder's `.dayplan` (its routines and template live there).
    static func isInSettingsFolder(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var componentStart = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
                if index - componentStart == 8, bytes[componentStart..<index].elementsEqual(".dayplan".utf8) { return true }
                componentStart = index + 1
            }
            return false
        }
    }
}
