import Foundation
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The worked example of REPORTS.md: its three day files, read from the document itself, so that the
/// document and the tests cannot drift apart.
enum WorkedExample {
    /// Today in the example.
    static let today = Day("2026-11-21")!

    /// The `markdown FILE` blocks of REPORTS.md, by file name, in order.
    static func files() throws -> [(name: String, text: String)] {
        let text = try String(contentsOf: Repository.url("docs/REPORTS.md"), encoding: .utf8)
        var files: [(String, String)] = []
        var current: (name: String, lines: [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = current {
                if line == "```" {
                    files.append((open.name, open.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current?.lines.append(String(line))
                }
            } else if line.hasPrefix("```markdown ") {
                current = (String(line.dropFirst("```markdown ".count)), [])
            }
        }
        return files
    }

    /// Every task of the example's files.
    static func tasks() throws -> [ArchivedTask] {
        try files().flatMap { file in
            ArchivedTask.tasks(of: DayDocument(parsing: file.text), day: Day(file.name.prefix(10))!, file: file.name)
        }
    }

    /// The example's paths.
    static func paths() throws -> [TaskPath] { TaskPath.follow(try tasks()) }
}
