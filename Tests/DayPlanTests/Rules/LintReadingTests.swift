import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `Linter` reads a file for the tasks it checks (`DayDocument(readingForLint:)`, no other line kept), the archive
/// for its tasks (`readingTasks(of:)`) and rollover its old day task by task
/// (`forEachTask(in:_:)`), the merge each version while checking its form (`parsingCheckingCanonical`): the
/// findings and the plan each sees must be those of a whole reading, over
/// generated files, junk, the golden documents and the fuzzer's regressions.
@Suite struct LintReadingTests {
    static let seeds: [UInt64] = Array(1...300)

    /// What a document says but its text: sections and their items, each task's bucket, status, metadata,
    /// position and whether it has a title.
    static func shape(_ document: DayDocument) -> [String] {
        var lines = ["day \(document.day.map { "\($0)" } ?? "-") heading \(document.dayHeadingLine ?? 0)",
                     "leading \(document.leading.count) preamble \(document.preamble.count)"]
        func describe(_ item: Item) -> String {
            switch item {
            case .blank: "blank"
            case .text: "text"
            case .verbatim(let line): line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? "verbatim blank" : "verbatim"
            case .task(let task):
                "task \(task.bucket) \(task.status) titled \(!task.title.isEmpty) \(task.metadata.canonicalText) "
                    + "at \(task.source.map { "\($0.start.offset)-\($0.end.offset) \($0.start.line):\($0.start.column)" } ?? "-") spans \(task.lineSpan)"
            }
        }
        for section in document.sections {
            lines.append("section \(section.kind) \(section.headingText) level \(section.headingLevel) group \(section.groupHeading ?? "-")")
            lines += section.items.map(describe)
        }
        return lines
    }

    static func expectSameReading(_ bytes: [UInt8], _ label: String) {
        let whole = DayDocument(parsing: bytes)
        let (structure, setAside) = DayDocument.readForLint(bytes, fileName: nil, today: nil, carriedWarningDays: 7)
        #expect(structure.diagnostics == whole.diagnostics, "\(label)")
        // Read for the linter, a document holds its sections and the tasks the linter checks (the open tasks of
        // the regions), nothing else; with no today to check dates against, the Backlog's open tasks are set aside.
        var tasksOnly = whole
        tasksOnly.leading = []
        tasksOnly.preamble = []
        var backlog: [PlanTask] = []
        for index in tasksOnly.sections.indices {
            let region = tasksOnly.sections[index].region
            tasksOnly.sections[index].items.removeAll { item in
                guard case .task(let task) = item, task.status.isOpen, region != nil else { return true }
                if region == .backlog, !task.title.isEmpty {
                    var task = task
                    task.notes = []
                    backlog.append(task)
                }
                return region == .backlog
            }
        }
        // Each task set aside (those with a title) reads again as the whole reading has it, its notes aside, where
        // it stands, in file order.
        let reread = setAside.entries.indices.map { setAside.task($0) }
        #expect(reread == backlog, "\(label)")
        #expect(reread.map { $0?.source?.start } == backlog.map { $0.source?.start }, "\(label)")
        #expect(reread.map { $0?.source?.end } == backlog.map { $0.source?.end }, "\(label)")
        #expect(setAside.entries.map(\.hash) == backlog.map { PlanTask.identityHash($0.title) }, "\(label)")
        #expect(shape(structure) == shape(tasksOnly), "\(label)")
        // Those tasks with their titles as written (the linter names them), though no other task's is made.
        func keptTitles(_ document: DayDocument) -> [String] {
            document.sections.flatMap(\.items).compactMap { item in if case .task(let task) = item { task.title } else { nil } }
        }
        #expect(keptTitles(structure) == keptTitles(tasksOnly), "\(label)")
        // Read for its tasks, a document holds every task, and no other line; the titles stand apart as bytes.
        let (tasks, titles, titleEnds) = DayDocument.readingTasks(of: bytes)
        var allTasks = whole
        allTasks.leading = []
        allTasks.preamble = []
        for index in allTasks.sections.indices {
            allTasks.sections[index].items.removeAll { if case .task = $0 { false } else { true } }
        }
        #expect(tasks.diagnostics == whole.diagnostics, "\(label)")
        #expect(shape(tasks) == shape(allTasks), "\(label)")
        let titleStrings = titleEnds.indices.map { index in
            String(decoding: titles[(index == 0 ? 0 : titleEnds[index - 1])..<titleEnds[index]], as: UTF8.self)
        }
        #expect(titleStrings == whole.allTasks.map(\.title), "\(label)")
        #expect(tasks.allTasks.allSatisfy { $0.notes.isEmpty }, "\(label)")

        // Read task by task (rollover's old day), every task comes as the whole reading has it, titles and
        // notes included, in file order with its region; the document holds no line, and the same findings.
        var visited: [PlacedTask] = []
        var outside: [PlanTask] = []
        let eachTask = DayDocument.forEachTask(in: bytes) { task, region in
            if let region { visited.append(PlacedTask(region: region, task: task)) } else { outside.append(task) }
        }
        #expect(eachTask.diagnostics == whole.diagnostics && eachTask.lineEnding == whole.lineEnding, "\(label)")
        #expect(eachTask.day == whole.day && eachTask.dayHeadingLine == whole.dayHeadingLine, "\(label)")
        #expect(eachTask.sections.map(\.kind) == whole.sections.map(\.kind), "\(label)")
        #expect(eachTask.sections.allSatisfy { $0.items.isEmpty } && eachTask.leading.isEmpty && eachTask.preamble.isEmpty,
                "\(label)")
        #expect(visited == Array(whole.placedTasks), "\(label)")
        let outsideRegions = (whole.leading + whole.preamble + whole.sections.filter { $0.region == nil }.flatMap(\.items))
            .compactMap { item -> PlanTask? in if case .task(let task) = item { task } else { nil } }
        #expect(outside.sorted { $0.line < $1.line } == outsideRegions.sorted { $0.line < $1.line }, "\(label)")

        // Read whole while checking canonical form (the merge's reading of each version), the file gives the
        // whole reading's document and tasks, and says canonical only when it is, as the check alone says.
        for input in [bytes, whole.canonicalBytes()] {
            let reference = DayDocument(parsing: input)
            var handedOn: [PlacedTask] = []
            let (checked, isCanonical) = DayDocument.parsingCheckingCanonical(input) { task, region in
                if let region { handedOn.append(PlacedTask(region: region, task: task)) }
            }
            #expect(shape(checked) == shape(reference) && checked.diagnostics == reference.diagnostics, "\(label)")
            #expect(checked.canonicalBytes() == reference.canonicalBytes(), "\(label)")
            #expect(handedOn == Array(reference.placedTasks), "\(label)")
            #expect(isCanonical == (DayDocument.blockersIfCanonical(input) != nil), "\(label)")
            if isCanonical { #expect(reference.canonicalBytes() == input, "\(label)") }
        }

        // Read whole with the titles apart (export's reading), the file gives the JSON the whole reading gives,
        // titles and words and tags included, and the same findings.
        let day = whole.day ?? Day(year: 2026, month: 11, day: 21) ?? Day(daysSinceEpoch: 0)
        let (apart, json) = DayRecord.json(ofFile: bytes) { _ in day }
        #expect(apart.diagnostics == whole.diagnostics && apart.day == whole.day, "\(label)")
        #expect(json.map { String(decoding: $0, as: UTF8.self) }
                    == DayRecord.json(of: whole, date: day).map { String(decoding: $0, as: UTF8.self) }, "\(label)")

        // And the archive made from that reading is the one made from the whole reading.
        let reading = ArchivedDay.Reading(bytes)
        #expect(reading.diagnostics == whole.diagnostics && reading.headingDay == whole.day, "\(label)")
        let archiveDay = Day(year: 2026, month: 11, day: 21) ?? Day(daysSinceEpoch: 0)
        let archived = ArchivedDay(reading, day: archiveDay, file: "2026-11-21.md")
        let expected = ArchivedDay(whole, day: archiveDay, file: "2026-11-21.md")
        #expect((0..<archived.count).map { archived[$0] } == (0..<expected.count).map { expected[$0] }, "\(label)")
        #expect(archived.statistics == expected.statistics, "\(label)")
        #expect(archived.figures.doneTags.map { "\($0.tag) \($0.count)" } == expected.figures.doneTags.map { "\($0.tag) \($0.count)" },
                "\(label)")
        #expect(archived.figures.leadTimes == expected.figures.leadTimes, "\(label)")
        // Lint's reading sets aside the Backlog tasks no date rule reads: the findings are those of the whole
        // document, today's plan or not, with the carried tasks' age at which DP052 speaks low enough to speak.
        for (today, days) in [(nil, 7), (whole.day, 7), (whole.day, 1), (Day(year: 2026, month: 11, day: 21), 1)] {
            #expect(Linter.lint(bytes, fileName: "2026-11-21.md", today: today, carriedWarningDays: days)
                        == Linter.lint(whole, fileName: "2026-11-21.md", today: today, carriedWarningDays: days),
                    "\(label) today \(String(describing: today)), \(days) days")
        }
    }

    @Test(arguments: seeds)
    func generatedFilesReadTheSame(seed: UInt64) throws {
        var generator = DocumentGenerator(seed: seed)
        let day = try #require(Day("2026-11-21")).adding(days: Int(seed % 3) - 1)
        Self.expectSameReading(generator.file(day: day), "seed \(seed)")
        Self.expectSameReading(generator.junk(), "junk seed \(seed)")
    }

    @Test func goldenDocumentsAndFuzzRegressionsReadTheSame() throws {
        var inputs: [(String, [UInt8])] = []
        for name in GoldenTests.names {
            inputs.append((name, try [UInt8](Data(contentsOf: GoldenTests.folder.appendingPathComponent("\(name).input.md")))))
        }
        for name in FuzzRegressionTests.inputs {
            inputs.append((name, try [UInt8](Data(contentsOf: FuzzRegressionTests.folder.appendingPathComponent(name)))))
        }
        #expect(inputs.count > 20)
        for (name, bytes) in inputs { Self.expectSameReading(bytes, name) }
    }

    @Test func headingsThatGroupTheRegionsReadTheSame() {
        for between in ["", "\n", "\n\n", "Some text.\n", "\n```\n\n```\n", "<!-- a comment -->\n", "- [ ] A stray task\n", "  \n"] {
            let text = "# 2026-11-21\n\n## Today\n\(between)### Morning\n- [ ] A\n+ [ ] B\n\n### Backlog\n- [ ] C\n"
            Self.expectSameReading(Array(text.utf8), "between: \(between.debugDescription)")
        }
        let (grouped, _) = DayDocument.readForLint(Array("# 2026-11-21\n\n## Today\n\n### Morning\n- [ ] A\n".utf8), fileName: nil, today: nil, carriedWarningDays: 7)
        #expect(grouped.sections.map(\.groupHeading) == ["Today"])
    }

    @Test func anOverdueTaskIsNamedByItsTitle() {
        let bytes = Array("# 2026-11-21\n\n## Backlog\n- [ ] Renew the passport @due:2026-11-20\n".utf8)
        let findings = Linter.lint(bytes, fileName: "2026-11-21.md", today: Day(year: 2026, month: 11, day: 21))
        #expect(findings.map(\.message) == ["Renew the passport was due on 2026-11-20, 1 day ago; do it, or move the deadline with `@due:`."])
        // Lint's reading holds real titles: what a rule reads is what the file says.
        let (document, setAside) = DayDocument.readForLint(bytes, fileName: nil, today: Day(year: 2026, month: 11, day: 21), carriedWarningDays: 7)
        #expect(document.allTasks.map(\.title) == ["Renew the passport"])
        #expect(setAside.entries.isEmpty)
    }

    @Test func aBacklogTaskIsSetAsideUnlessTodaysDateRulesMayReportIt() {
        let day = "# 2026-11-21\n\n## Backlog\n- [ ] Plain\n- [ ] Later @due:2026-12-01\n- [ ] Late @due:2026-11-20\n"
            + "- [ ] Old @from:2026-11-01\n- [ ] New @from:2026-11-20\n- [ ] Old, scheduled @from:2026-11-01 @on:2026-11-30\n"
        let (document, setAside) = DayDocument.readForLint(Array(day.utf8), fileName: nil, today: Day(year: 2026, month: 11, day: 21), carriedWarningDays: 7)
        #expect(document.allTasks.map(\.title) == ["Late", "Old"])
        #expect(setAside.entries.indices.map { setAside.task($0)?.title } == ["Plain", "Later", "New", "Old, scheduled"])
        // Without today, no date rule runs: every open Backlog task is set aside.
        let (undated, all) = DayDocument.readForLint(Array(day.utf8), fileName: nil, today: nil, carriedWarningDays: 7)
        #expect(undated.allTasks.isEmpty && all.entries.count == 6)
        // Another day's plan is history to the date rules: its tasks are set aside too.
        let (tomorrows, _) = DayDocument.readForLint(Array(day.utf8), fileName: nil, today: Day(year: 2026, month: 11, day: 22), carriedWarningDays: 7)
        #expect(tomorrows.allTasks.isEmpty)
        // Without a date in its heading, the plan's day is its file name's.
        let undatedHeading = Array(day.replacingOccurrences(of: "# 2026-11-21", with: "# Saturday").utf8)
        for (name, kept) in [("2026-11-21.md", ["Late", "Old"]), ("2026-11-20.md", [])] {
            let (named, _) = DayDocument.readForLint(undatedHeading, fileName: "plan/\(name)", today: Day(year: 2026, month: 11, day: 21), carriedWarningDays: 7)
            #expect(named.allTasks.map(\.title) == kept, "\(name)")
        }
        // A task without a title is not set aside: no rule compares it.
        let (_, titled) = DayDocument.readForLint(Array("# 2026-11-21\n\n## Backlog\n- [ ]\n- [ ] A\n".utf8), fileName: nil, today: nil, carriedWarningDays: 7)
        #expect(titled.entries.count == 1)
    }
}
