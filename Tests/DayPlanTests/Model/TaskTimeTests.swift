import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A task's time of day (`TaskTime`, FORMAT.md §3.6) and its estimate (`@est:`, `Estimate`): every spelling
/// the parser reads, the canonical one it holds and `fmt` writes, and what it names instead of a time.
@Suite struct TaskTimeTests {
    /// The task a line in a region is read as, and the findings on it.
    static func read(_ title: String) throws -> (task: PlanTask, findings: [Diagnostic]) {
        try #require(PlanTask.parsing(line: "- [ ] " + title))
    }

    @Test(arguments: [
        ("09:00 Call Ana", "09:00 Call Ana", 540, nil),
        ("9:00 Call Ana", "09:00 Call Ana", 540, nil),
        ("09:00 - 10:00 Team meeting", "09:00 - 10:00 Team meeting", 540, 600),
        ("09:00-10:00 Team meeting", "09:00 - 10:00 Team meeting", 540, 600),
        ("9:00 -10:00 Team meeting", "09:00 - 10:00 Team meeting", 540, 600),
        ("09:00\u{2013}10:00 Team meeting", "09:00 - 10:00 Team meeting", 540, 600),
        ("09:00 \u{2013} 10:00 Team meeting", "09:00 - 10:00 Team meeting", 540, 600),
        ("9:00  -  9:45   Stand-up", "09:00 - 09:45 Stand-up", 540, 585),
        ("00:00 Midnight snack", "00:00 Midnight snack", 0, nil),
        ("23:59 Last call", "23:59 Last call", 1439, nil),
        ("22:00 - 24:00 Late shift", "22:00 - 24:00 Late shift", 1320, 1440),
        ("14:30", "14:30", 870, nil),
        ("7:15 @est:30m", "07:15", 435, nil),
        ("07:15-08:00 #health Run @carry", "07:15 - 08:00 #health Run", 435, 480),
    ] as [(String, String, Int, Int?)])
    func readsEverySpellingAndHoldsTheCanonicalOne(_ written: String, _ title: String, _ start: Int, _ end: Int?) throws {
        let (task, findings) = try Self.read(written)
        #expect(findings.isEmpty, "\(findings)")
        #expect(task.title == title)
        #expect(task.time == TaskTime(start: start, end: end))
        #expect(task.time?.description == String(title.prefix(end == nil ? 5 : 13)))
        // The canonical line reads back the same.
        let again = try Self.read(String(task.canonicalLine.dropFirst(6)))
        #expect(again.task == task && again.findings.isEmpty)
    }

    @Test(arguments: [
        "Call Ana at 09:00", "10:30am Call", "09:00:00 Call", "9:0 Call", "123:00 Call", "09:00, then call",
        "09:00-ish Call", "#09:00 Call", "",
    ])
    func titlesWithoutALeadingTimeHaveNone(_ title: String) throws {
        let (task, findings) = try Self.read(title + " x")
        #expect(task.time == nil)
        #expect(findings.allSatisfy { $0.rule != .badTime }, "\(findings)")
    }

    @Test(arguments: [
        ("25:00 Call", "25:00", "its hour or minute is out of range (00:00 to 23:59)"),
        ("24:00 Call", "24:00", "its hour or minute is out of range (00:00 to 23:59)"),
        ("9:75 Call", "9:75", "its hour or minute is out of range (00:00 to 23:59)"),
        ("09:00 - 08:00 Call", "09:00 - 08:00", "the range ends at 08:00, before it starts at 09:00; write the end after the start"),
        ("09:00-09:00 Call", "09:00-09:00", "the range ends when it starts; write one time, or an end after 09:00"),
        ("22:00 - 24:30 Call", "22:00 - 24:30", "its end `24:30` is out of range (00:00 to 24:00)"),
    ])
    func aTimeThatIsNoneIsNamedAndKept(_ title: String, _ written: String, _ reason: String) throws {
        let (task, findings) = try Self.read(title)
        #expect(task.time == nil)
        #expect(task.title == title)
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.rule == .badTime)
        #expect(finding.message == "`\(written)` is not a time for this task: \(reason). Write `HH:MM` or `HH:MM - HH:MM` (FORMAT.md §3.6).")
        // At the text: after `- [ ] `.
        #expect(finding.start.column == 7 && finding.end.column == 7 + written.utf8.count)
    }

    @Test func aTaskMadeInCodeHasTheTimeItsTitleStartsWith() {
        #expect(PlanTask(bucket: .misc, title: "9:30-10:00 Walk").time == TaskTime(start: 570, end: 600))
        #expect(PlanTask(bucket: .misc, title: "Walk").time == nil)
        #expect(TaskTime(start: 570, end: 600).length == 30 && TaskTime(start: 570).length == nil)
        #expect(TaskTime(start: 65, end: 1440).description == "01:05 - 24:00")
    }

    @Test(arguments: [
        ("45m", 45, "45m"), ("1h30m", 90, "1h30m"), ("2h", 120, "2h"), ("90m", 90, "1h30m"), ("1H5M", 65, "1h5m"),
        ("0h45m", 45, "45m"), ("99h59m", 5999, "99h59m"), ("120m", 120, "2h"), ("1h0m", 60, "1h"),
    ] as [(String, Int, String)])
    func readsAnEstimateAndWritesItCanonically(_ value: String, _ minutes: Int, _ canonical: String) throws {
        #expect(Estimate.minutes(in: value.utf8) == minutes)
        #expect(Estimate.text(minutes) == canonical)
        let (task, findings) = try Self.read("Write the report @est:\(value)")
        #expect(findings.isEmpty && task.metadata.estimate == minutes && task.title == "Write the report")
        #expect(task.canonicalLine == "- [ ] Write the report @est:\(canonical)")
    }

    @Test(arguments: ["soon", "", "0m", "0h", "1h75m", "100h", "6000m", "1.5h", "30", "m", "h30m", "30m1h", "1h1h", "1hm"])
    func aBadEstimateIsNamedAndKept(_ value: String) throws {
        #expect(Estimate.minutes(in: value.utf8) == nil)
        let (task, findings) = try Self.read("Write the report @est:\(value)")
        #expect(task.metadata.estimate == nil && task.title == "Write the report @est:\(value)")
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.rule == .badMetadata)
        #expect(finding.message == "`@est:\(value)` is not a length of time; write minutes, hours or both, such as `@est:45m`, `@est:1h30m` or `@est:2h`.")
    }

    @Test func twoEstimatesConflictAndOneTwiceIsRepeated() throws {
        let conflicting = try Self.read("Write @est:1h @est:2h")
        #expect(conflicting.findings.map(\.rule) == [.conflictingMetadata] && conflicting.task.metadata.estimate == 60)
        let repeated = try Self.read("Write @est:1h @est:60m")
        #expect(repeated.findings.map(\.rule) == [.repeatedMetadata] && repeated.task.metadata.estimate == 60)
    }

    @Test func formattingWritesTheCanonicalTimeAndIsIdempotent() throws {
        let input = Array("# 2026-11-21\n\n## Morning\n- [ ] 9:00-9:30 Stand-up @est:30m\n- [ ] 10:00 \u{2013} 11:30 Review @est:90m\n\n## Afternoon\n\n## Evening\n\n## Backlog\n".utf8)
        guard case .changed(let output) = Formatter.format(input) else {
            Issue.record("not changed")
            return
        }
        #expect(String(decoding: output, as: UTF8.self) == "# 2026-11-21\n\n## Morning\n- [ ] 09:00 - 09:30 Stand-up @est:30m\n- [ ] 10:00 - 11:30 Review @est:1h30m\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        guard case .unchanged = Formatter.format(output) else {
            Issue.record("not idempotent")
            return
        }
        #expect(DayDocument(parsing: output).tasks(in: .morning) == DayDocument(parsing: input).tasks(in: .morning))
    }
}
