import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Through the real binary: `Examples/plan-ahead` re-made day by day (rollover at 07:00, the
/// person ticking off some tasks in between), compared byte for byte; what rollover prints about what it
/// placed; `--dry-run`; lint's overdue finding on today's plan only; a routines file with an error.
@Suite struct PlanningAheadCommandTests {
    static let example = Repository.url("Examples/plan-ahead")

    /// 07:00 UTC on a day, as DAYPLAN_NOW (seconds since 1970), in the UTC time zone.
    static func seven(_ day: String) -> [String: String] {
        ["DAYPLAN_NOW": String(Day("1970-01-01")!.days(until: Day(day)!) * 86_400 + 7 * 3_600), "TZ": "UTC"]
    }

    /// The Example's plan folder before its first rollover: settings, template, routines, and the Sunday as
    /// it was before Monday's rollover marked its open tasks moved on (`[>]` back to `[ ]`: rollover changes
    /// that one byte and nothing else).
    static func freshFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in [".dayplan/config", ".dayplan/template.md", ".dayplan/routines.md", ".gitignore"] {
            let bytes = try Data(contentsOf: example.appendingPathComponent(name))
            try folder.write(name, bytes: [UInt8](bytes))
        }
        let sunday = try String(contentsOf: example.appendingPathComponent("2026-11-22.md"), encoding: .utf8)
        try folder.write("2026-11-22.md", sunday.replacingOccurrences(of: "[>]", with: "[ ]"))
        return folder
    }

    /// Marks the open tasks with these titles done, as a person does in an editor.
    static func tick(_ folder: TemporaryFolder, _ file: String, _ titles: [String]) throws {
        var lines = try folder.read(file).components(separatedBy: "\n")
        for index in lines.indices where titles.contains(where: { lines[index].contains("[ ] " + $0) }) {
            lines[index] = lines[index].replacingOccurrences(of: "[ ] ", with: "[x] ")
        }
        try folder.write(file, lines.joined(separator: "\n"))
    }

    @Test func theExampleWeekIsWhatDailyRolloversMake() throws {
        let folder = try Self.freshFolder()
        let week: [(String, [String])] = [
            ("2026-11-23", ["Plan the day", "Inbox zero", "Stretch"]),
            ("2026-11-24", ["Plan the day", "Book the dentist", "Return the library books"]),
            ("2026-11-25", ["Plan the day", "Inbox zero", "Draft the grant report"]),
            ("2026-11-26", ["Plan the day", "Renew the car insurance"]),
            ("2026-11-27", []),
        ]
        var printed: [String] = []
        for (day, done) in week {
            let run = try Binary.run(["rollover"], in: folder.url, environment: Self.seven(day))
            #expect(run.status == 0, "\(day): \(run.stderr)")
            printed.append(run.stdout)
            try Self.tick(folder, "\(day).md", done)
        }
        for day in ["2026-11-22"] + week.map(\.0) {
            let expected = try String(contentsOf: Self.example.appendingPathComponent("\(day).md"), encoding: .utf8)
            #expect(try folder.read("\(day).md") == expected, "\(day)")
        }
        #expect(printed[0].hasSuffix("3 routines added, 1 overdue; the backlog holds 4 tasks; made from .dayplan/template.md\n"
                                     + "routine: Plan the day → Morning\nroutine: Inbox zero → Morning\nroutine: Stretch → Afternoon\n"))
        #expect(printed[1].contains("scheduled: Book the dentist #health → Afternoon\n"))
        #expect(printed[3].contains("scheduled: Call the bank about the card → Backlog\n"))
        #expect(printed[3].contains("routine: Renew the car insurance → Backlog\n"))
        // Friday: Inbox zero came forward unfinished; that copy goes to the routine's region (not to the Backlog
        // for good), and the routine is not added a second time.
        #expect(printed[4].contains("routine: Inbox zero → Morning (the unfinished copy of line 5 of the old day; no second copy)\n"))
        #expect(try folder.read("2026-11-27.md").components(separatedBy: "Inbox zero").count == 2)
    }

    @Test func aDryRunShowsWhatItWouldPlace() throws {
        let folder = try Self.freshFolder()
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["rollover", "--dry-run"], in: folder.url, environment: Self.seven("2026-11-23"))
        #expect(run.status == 0)
        #expect(run.stdout.contains("+* [ ] Plan the day") || run.stdout.contains("* [ ] Plan the day"))
        #expect(run.stdout.hasSuffix("routine: Plan the day → Morning\nroutine: Inbox zero → Morning\nroutine: Stretch → Afternoon\n"))
        #expect(try FolderSnapshot(folder.url) == before)
    }

    @Test func aFullBucketSendsTheRoutineToTheBacklogAndSaysSo() throws {
        let folder = try Self.freshFolder()
        try folder.write("2026-11-23.md", "# 2026-11-23\n\n## Morning\n* [ ] Already a must today\n")
        let run = try Binary.run(["rollover"], in: folder.url, environment: Self.seven("2026-11-23"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("routine: Plan the day → Backlog: Morning has no room for another must task\n"))
        let lint = try Binary.run(["lint", "2026-11-23.md"], in: folder.url, environment: Self.seven("2026-11-23"))
        #expect(!lint.stdout.contains("DP101"))
    }

    @Test func overdueIsAWarningOnTodaysPlanOnly() throws {
        let folder = try TemporaryFolder()
        let text = "# 2026-11-23\n\n## Backlog\n- [ ] Return the library books @due:2026-11-22\n"
        try folder.write("2026-11-23.md", text)
        let today = try Binary.run(["lint", "2026-11-23.md"], in: folder.url, environment: Self.seven("2026-11-23"))
        #expect(today.status == 0)
        #expect(today.stdout == "2026-11-23.md:4:1: warning: Return the library books was due on 2026-11-22, 1 day ago; do it, or move the deadline with `@due:`. [DP051/overdue]\n")
        let later = try Binary.run(["lint", "2026-11-23.md"], in: folder.url, environment: Self.seven("2026-11-30"))
        #expect(later.stdout == "")
        let strict = try Binary.run(["lint", "--strict", "2026-11-23.md"], in: folder.url, environment: Self.seven("2026-11-23"))
        #expect(strict.status == 1)
    }

    @Test func theRoutinesFileLintsAndFormatsLikeADayFile() throws {
        let routines = Self.example.appendingPathComponent(".dayplan/routines.md").path
        let lint = try Binary.run(["lint", routines])
        #expect(lint.status == 0 && lint.stdout == "", "\(lint.stdout)")
        let fmt = try Binary.run(["fmt", "--check", routines])
        #expect(fmt.status == 0, "\(fmt.stdout)\(fmt.stderr)")
    }

    @Test func aRoutinesFileWithAnErrorIsRefusedNamingIt() throws {
        let folder = try Self.freshFolder()
        try folder.write(".dayplan/routines.md", "## Morning\n- [ ] Inbox zero @every:fortnight\n")
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["rollover"], in: folder.url, environment: Self.seven("2026-11-23"))
        #expect(run.status == 1)
        #expect(run.stderr.contains(".dayplan/routines.md:2:18: error: `@every:fortnight` is not a recurrence"))
        #expect(run.stderr.contains("rollover refused because of the error above in the routines; nothing changed"))
        #expect(try FolderSnapshot(folder.url) == before)
    }
}
