extension Rule {
    /// The day heading and the file name name different days.
    ///
    /// Reads: the document, against the name of its file when that is a day file's (`YYYY-MM-DD.md`).
    public static let dayMismatch: Rule = Rule(
        id: "DP012", name: "day-mismatch", severity: .error, blocksFormatting: false,
        summary: "the day heading matches the file name",
        check: .document { subject, findings in
            guard let fileName = subject.fileName else { return }
            let name = Day.fileName(ofPath: fileName)
            guard Day.isFileName(utf8: name.utf8) else { return }
            let named = Day(utf8: name.utf8.prefix(10))
            let top = SourcePosition(offset: 0, line: 1, column: 1)
            let start = subject.document.dayHeadingSource?.start ?? top
            let end = subject.document.dayHeadingSource?.end ?? top
            guard let named else {
                let hint = subject.document.day.map { "; name it \($0.fileName)" } ?? "; name it after the day it plans"
                findings.append(Diagnostic(.dayMismatch, from: start, to: end,
                                           "The file name \(name) is not a real date\(hint)."))
                return
            }
            // A missing or broken heading is already reported (DP010, DP011).
            guard let day = subject.document.day, day != named else { return }
            findings.append(Diagnostic(.dayMismatch, from: start, to: end,
                                       "The day heading says \(day) but the file is named \(name); rename the file or change the heading to `# \(named)`."))
        })
}
