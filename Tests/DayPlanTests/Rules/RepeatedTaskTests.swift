import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// DP025 repeated-task, against a plain reading of its definition: an open task whose title, region, bucket and
/// status are those of an open task before it is compared with the first such task, and named when the two lines
/// are the same.
@Suite struct RepeatedTaskTests {
    /// Few titles, so that they repeat: one written in two ways Swift holds equal (é as one character and as e
    /// and a combining accent), one that differs only in case, and an empty one.
    static let titles = ["Drink water", "Stretch", "Call Sam", "Caf\u{E9} run", "Cafe\u{301} run", "call sam", ""]

    @Test func findsWhatThePlainReadingFinds() {
        var random = SeededGenerator(seed: 25)
        var named = 0
        for _ in 0..<400 {
            var lines = ["# 2026-11-21", ""]
            for heading in ["## Morning", "## Afternoon", "## Evening", "## Backlog", "## Notes"].shuffled(using: &random) {
                lines.append(heading)
                for _ in 0..<Int.random(in: 0...8, using: &random) {
                    let bullet = ["*", "+", "-"].randomElement(using: &random)!
                    let mark = [" ", " ", " ", "/", "x", "-", ">"].randomElement(using: &random)!
                    let title = Self.titles.randomElement(using: &random)!
                    let meta = ["", "", "", " @due:2026-12-01", " #home"].randomElement(using: &random)!
                    lines.append("\(bullet) [\(mark)] \(title)\(meta)")
                }
                lines.append("")
            }
            let bytes = Array(lines.joined(separator: "\n").utf8)
            let expected = Self.plainRepeats(in: DayDocument(parsing: bytes))
            // Without today every open Backlog task is set aside by lint's reading; with a today past the
            // deadline some stay in the document (DP051 reads them), and the rule reads both kinds in file order.
            for today in [nil, Day(year: 2026, month: 12, day: 1)] {
                let found = Linter.lint(bytes, fileName: "2026-11-21.md", today: today).filter { $0.rule == .repeatedTask }
                #expect(found.map(\.start.line) == expected.map(\.line), "\(lines.joined(separator: "\n"))")
                #expect(found.map(\.message) == expected.map {
                    "The same task as line \($0.earlier): both are kept, and rollover carries both. If one is a slip, remove it."
                })
                #expect(found.map(\.end.column) == expected.map(\.endColumn))
                named += found.count
            }
        }
        // The generated days do repeat tasks, so that the comparison above is not of two empty lists.
        #expect(named > 40)
    }

    @Test func aTitleWrittenTwoWaysIsOneTitle() {
        let day = "# 2026-11-21\n\n## Morning\n- [ ] Caf\u{E9} run\n- [ ] Cafe\u{301} run\n- [x] Caf\u{E9} run\n\n## Evening\n- [ ] Caf\u{E9} run\n"
        let found = Linter.lint(Array(day.utf8), fileName: "2026-11-21.md").filter { $0.rule == .repeatedTask }
        // The same line as Swift compares it; a done task and another region's are other tasks.
        #expect(found.map(\.start.line) == [5])
    }

    /// The repeated tasks as the rule defines them, by comparing each open task with every one before it.
    static func plainRepeats(in document: DayDocument) -> [(line: Int, earlier: Int, endColumn: Int)] {
        var kept: [(region: Region, task: PlanTask)] = []
        var repeats: [(line: Int, earlier: Int, endColumn: Int)] = []
        for section in document.sections {
            guard let region = section.region else { continue }
            for case .task(let task) in section.items where task.status.isOpen && !task.title.isEmpty {
                guard let first = kept.first(where: {
                    $0.region == region && $0.task.bucket == task.bucket && $0.task.status == task.status && $0.task.title == task.title
                }) else {
                    kept.append((region, task))
                    continue
                }
                if first.task.canonicalLine == task.canonicalLine { repeats.append((task.line, first.task.line, task.source?.end.column ?? 0)) }
            }
        }
        return repeats.sorted { $0.line < $1.line }
    }
}
