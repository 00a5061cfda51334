import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// How headings, checklist lines, sub-tasks and day headings written the way people
/// write them are read (FORMAT.md 1.1). The corpus in `Corpus/` checks whole files.
@Suite struct RealWorldReadingTests {
    @Test(arguments: [
        ("Morning ☀️", Region.morning), ("🌅 Morning", .morning), ("Afternoon (13-17)", .afternoon),
        ("Evening – wind down", .evening), ("Evening — late", .evening), ("Morning - deep work", .morning),
        ("**Backlog**:", .backlog), ("Backlog:", .backlog), ("MORNING", .morning), ("  afternoon  ", .afternoon),
        ("_Evening_ 🌙", .evening),
    ])
    func decoratedHeadingsNameTheirRegion(_ text: String, _ region: Region) {
        #expect(Region(headingText: text) == region)
        #expect(Region.nearMiss(headingText: text) == nil)
    }

    @Test(arguments: ["Morning routine", "Evenings", "Mornign", "Back log", "Today", "Notes", "Morning-ish",
                      "Warning", "Opening", "Evening 2"])
    func otherHeadingsNameNoRegion(_ text: String) {
        #expect(Region(headingText: text) == nil, "\(text)")
    }

    @Test(arguments: [("Evenings", Region.evening), ("Mornign", .morning), ("Afternon", .afternoon),
                      ("Back log", .backlog), ("Bcaklog", .backlog)])
    func nearMissesSayWhatTheyAreNear(_ text: String, _ region: Region) {
        #expect(Region.nearMiss(headingText: text) == region)
    }

    @Test(arguments: ["Warning", "Opening", "Morning routine", "Todo", "Tasks", "Habits", "Mo"])
    func farHeadingsAreNotNearMisses(_ text: String) {
        #expect(Region.nearMiss(headingText: text) == nil, "\(text)")
    }

    @Test func levelThreeRegionsAndAGroupingHeading() {
        let document = DayDocument(parsing: "# 2026-11-21\n## Today\n\n### Morning ☀️\n* [ ] a\n### Notes to self\n- [ ] b\n## Backlog\n")
        #expect(document.sections.map(\.region) == [.morning, .backlog])
        #expect(document.sections[0].groupHeading == "Today")
        #expect(document.sections[0].headingLevel == 3)
        #expect(document.sections[0].canonicalHeading == "### Morning ☀️")
        // A level-3 heading that is no region is text in the region it stands in.
        #expect(document.tasks(in: .morning).map(\.title) == ["a", "b"])
        #expect(document.diagnostics.isEmpty)
    }

    @Test func checklistLinesOutsideRegionsAreNamedNeverRead() {
        let text = "---\ntags: [daily]\n---\n# 2026-11-20\n- [ ] before\n> - [ ] quoted\n## Morning\n> [!todo]\n> - [ ] callout\n## Habits\n- [x] stretched\n1. [ ] numbered\n"
        let document = DayDocument(parsing: text)
        #expect(document.allTasks.isEmpty)
        #expect(document.diagnostics.map(\.rule) == [.taskOutsideRegion, .taskOutsideRegion, .taskOutsideRegion,
                                                     .finishedTaskOutsideRegion, .taskOutsideRegion])
        #expect(document.diagnostics.map(\.start.line) == [5, 6, 9, 11, 12])
        #expect(document.diagnostics[1].start.column == 1)
    }

    @Test func taskLikeLinesAreReadWithTheirBucket() {
        let document = DayDocument(parsing: "# 2026-11-20\n## Morning\n1. [ ] one\n12) [/] two\n*[x] three\n+[ ] four\n- [ ]five\n-[x](link) text\n2. [?] odd\n")
        #expect(document.tasks(in: .morning).map(\.bucket) == [.misc, .misc, .must, .complementary, .misc])
        #expect(document.tasks(in: .morning).map(\.title) == ["one", "two", "three", "four", "five"])
        #expect(document.diagnostics.map(\.rule) == [.taskLikeLine, .taskLikeLine, .taskLikeLine, .taskLikeLine])
    }

    @Test func indentedChecklistsAreSubtasksAndTravelAsNotes() {
        let document = DayDocument(parsing: "# 2026-11-20\n## Morning\n- [ ] Pack\n  - [x] Passport\n  note\n    * [ ] Charger\n - [ ] Sibling\n")
        let tasks = document.tasks(in: .morning)
        #expect(tasks.map(\.title) == ["Pack", "Sibling"])
        #expect(tasks[0].subtasks == [Subtask(status: .done, title: "Passport", depth: 0, note: 0),
                                      Subtask(status: .todo, title: "Charger", depth: 2, note: 2)])
        #expect(tasks[0].lineSpan == 4)
        #expect(document.diagnostics.isEmpty)
    }

    @Test func anOpenSubtaskUnderAFinishedTaskIsNamed() {
        let document = DayDocument(parsing: "# 2026-11-20\n## Morning\n- [x] Pack\n  - [ ] Charger\n  - [x] Passport\n- [>] Moved\n  - [ ] goes with it\n")
        #expect(document.diagnostics.map(\.rule) == [.openSubtaskUnderFinishedTask])
        #expect(document.diagnostics.first?.start.line == 4)
        #expect(document.diagnostics.first?.start.column == 3)
    }

    @Test(arguments: [("2026-11-20 Friday", "2026-11-20"), ("Friday 2026-11-20", "2026-11-20"),
                      ("2026-11-20 — Sprint review", "2026-11-20"), ("[[2026-11-20]]", "2026-11-20"),
                      ("Week 47: 2026-11-20", "2026-11-20")])
    func dayHeadingsWithWords(_ text: String, _ day: String) {
        let document = DayDocument(parsing: "# \(text)\n## Morning\n")
        #expect(document.day == Day(day))
        #expect(document.dayHeadingText == text)
        #expect(document.diagnostics.isEmpty)
        #expect(String(decoding: document.canonicalBytes(), as: UTF8.self).hasPrefix("# \(text)\n\n## Morning\n"))
    }

    @Test(arguments: ["Friday, November 20th 2026", "12026-11-20", "2026-11-200", "2026-11-31", "<% tp.date.now() %>"])
    func dayHeadingsWithoutADateAreKeptAndNamed(_ text: String) {
        let document = DayDocument(parsing: "# \(text)\n## Morning\n")
        #expect(document.day == nil)
        #expect(document.diagnostics.map(\.rule) == [.badDayHeading])
        #expect(document.formattingBlockers.isEmpty)
        #expect(String(decoding: document.canonicalBytes(), as: UTF8.self).hasPrefix("# \(text)\n"))
    }

    /// Link text is layout like any title words (Markdown shows `[the  doc]` as "the doc"); the destination
    /// and title are not.
    @Test func fmtKeepsCodeSpansLinkDestinationsAndFencesInNotes() {
        let input = "# 2026-11-20\n## Morning\n- [ ]  Run   `git  log  -p`  on [the  doc](<a  b.md> \"t  t\")\n    ```sh  \n    echo  hi   \n\n\n      indented\t\n    ```\n    after   \n"
        let expected = "# 2026-11-20\n\n## Morning\n- [ ] Run `git  log  -p` on [the doc](<a  b.md> \"t  t\")\n  ```sh\n  echo  hi   \n\n\n    indented\t\n  ```\n  after\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        guard case .changed(let output) = Formatter.format(Array(input.utf8)) else {
            Issue.record("not changed")
            return
        }
        #expect(String(decoding: output, as: UTF8.self) == expected)
        guard case .unchanged = Formatter.format(output) else {
            Issue.record("not idempotent")
            return
        }
    }
}
