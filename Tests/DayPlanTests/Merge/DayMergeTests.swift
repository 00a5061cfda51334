import Foundation
import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// `DayMerge`: two machines' edits of one day file, merged task by task (FORMAT.md, "Merging").
@Suite struct DayMergeTests {
    /// A canonical day file with these lines in its regions, and other sections after them.
    static func day(morning: [String] = [], afternoon: [String] = [], evening: [String] = [], backlog: [String] = [],
                    after: [String] = []) -> String {
        var text = "# 2026-11-21\n"
        for (name, lines) in [("Morning", morning), ("Afternoon", afternoon), ("Evening", evening), ("Backlog", backlog)] {
            text += "\n## \(name)\n" + lines.map { $0 + "\n" }.joined()
        }
        if !after.isEmpty { text += "\n" + after.map { $0 + "\n" }.joined() }
        return text
    }

    func merge(_ base: String, _ ours: String, _ theirs: String, fileName: String? = "2026-11-21.md") -> MergeResult {
        DayMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8), fileName: fileName)
    }

    /// A clean merge task by task that is canonical and lint-clean, and equals `expected`.
    func expectClean(_ result: MergeResult, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.method == .byTask, sourceLocation: sourceLocation)
        #expect(result.isClean, "\(result.conflicts)", sourceLocation: sourceLocation)
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text == expected, sourceLocation: sourceLocation)
        #expect(Formatter.format(result.bytes).isUnchanged, sourceLocation: sourceLocation)
        #expect(Linter.lint(result.bytes, fileName: "2026-11-21.md").filter { $0.severity == .error }.isEmpty, sourceLocation: sourceLocation)
    }

    // MARK: - Tasks added and removed

    /// Both sides changed a task's status, neither its title: the title is kept as written, a code span's
    /// inner spaces included (merging its words would have joined them with one space).
    @Test func aTitleNeitherSideChangedIsKeptAsWritten() {
        let base = Self.day(backlog: ["- [ ] Read `git  log` output"])
        let result = merge(base, Self.day(backlog: ["- [x] Read `git  log` output"]),
                           Self.day(backlog: ["- [/] Read `git  log` output"]))
        expectClean(result, Self.day(backlog: ["- [x] Read `git  log` output"]))
    }

    /// Both sides changed a title (each added a tag): its words merge, a code span staying one word.
    @Test func titleWordsMergeWithACodeSpanKeptWhole() {
        let base = Self.day(backlog: ["- [ ] Read `git  log` output"])
        let result = merge(base, Self.day(backlog: ["- [ ] Read `git  log` output #work"]),
                           Self.day(backlog: ["- [ ] Read `git  log` output #deep"]))
        expectClean(result, Self.day(backlog: ["- [ ] Read `git  log` output #work #deep"]))
    }

    @Test func aTaskAddedOnOneSideIsAdded() {
        let base = Self.day(morning: ["* [ ] Draft the report"])
        let ours = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Ana"])
        expectClean(merge(base, ours, base), ours)
        expectClean(merge(base, base, ours), ours)
    }

    @Test func aTaskAddedOnBothSidesIsAddedOnce() {
        let base = Self.day(morning: ["* [ ] Draft the report"])
        let ours = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Ana"], backlog: ["- [ ] Renew passport"])
        let theirs = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Ana", "- [ ] Buy stamps"])
        expectClean(merge(base, ours, theirs),
                    Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Ana", "- [ ] Buy stamps"], backlog: ["- [ ] Renew passport"]))
    }

    @Test func bothSidesAddingAtTheSameEndKeepOursThenTheirs() {
        let base = Self.day(afternoon: ["- [ ] Buy milk"])
        let ours = Self.day(afternoon: ["- [ ] Buy milk", "- [ ] Call Ana"])
        let theirs = Self.day(afternoon: ["- [ ] Buy milk", "- [ ] Water the plants"])
        expectClean(merge(base, ours, theirs), Self.day(afternoon: ["- [ ] Buy milk", "- [ ] Call Ana", "- [ ] Water the plants"]))
    }

    @Test func aTaskRemovedOnOneSideAndUntouchedOnTheOtherIsRemoved() {
        let base = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Ana"])
        let ours = Self.day(morning: ["* [ ] Draft the report"])
        let theirs = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Ana"], backlog: ["- [ ] Renew passport"])
        expectClean(merge(base, ours, theirs), Self.day(morning: ["* [ ] Draft the report"], backlog: ["- [ ] Renew passport"]))
        expectClean(merge(base, theirs, ours), Self.day(morning: ["* [ ] Draft the report"], backlog: ["- [ ] Renew passport"]))
    }

    @Test func aTaskRemovedOnOneSideAndChangedOnTheOtherIsAConflict() throws {
        let base = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Ana"])
        let ours = Self.day(morning: ["* [ ] Draft the report"])
        let theirs = Self.day(morning: ["* [ ] Draft the report", "- [x] Call Ana"])
        let result = merge(base, ours, theirs)
        #expect(result.method == .byTask)
        let conflict = try #require(result.conflicts.first)
        #expect(result.conflicts.count == 1)
        #expect(conflict.reason == "“Call Ana”: removed on our side and changed on theirs")
        #expect(conflict.line == 5)
        #expect(String(decoding: result.bytes, as: UTF8.self) == Self.day(morning: [
            "* [ ] Draft the report", "<<<<<<< ours", "=======", "- [x] Call Ana", ">>>>>>> theirs",
        ]))
        // The other way round, the markers hold our version.
        let other = merge(base, theirs, ours)
        #expect(String(decoding: other.bytes, as: UTF8.self).contains("<<<<<<< ours\n- [x] Call Ana\n=======\n>>>>>>> theirs\n"))
        // What is left is what lint catches.
        #expect(Linter.lint(result.bytes, fileName: "2026-11-21.md").contains { $0.rule == .conflictMarker })
    }

    // MARK: - Fields

    @Test func statusesChangedOnBothSidesCombine() {
        let base = Self.day(morning: ["* [ ] Draft the report", "+ [ ] Review the PR"], backlog: ["- [ ] Renew passport"])
        let ours = Self.day(morning: ["* [x] Draft the report", "+ [ ] Review the PR"], backlog: ["- [/] Renew passport"])
        let theirs = Self.day(morning: ["* [/] Draft the report", "+ [-] Review the PR"], backlog: ["- [ ] Renew passport"])
        expectClean(merge(base, ours, theirs),
                    Self.day(morning: ["* [x] Draft the report", "+ [-] Review the PR"], backlog: ["- [/] Renew passport"]))
    }

    @Test func movedOnByRolloverAgainstDoneStaysDoneWithANotice() throws {
        let base = Self.day(morning: ["* [ ] Write the talk"])
        let done = Self.day(morning: ["* [x] Write the talk"])
        let rolled = Self.day(morning: ["* [>] Write the talk"])
        let result = merge(base, rolled, done)
        expectClean(result, done)
        let notice = try #require(result.notices.first)
        #expect(notice.contains("“Write the talk” is done on one side and was moved on by rollover on the other"))
    }

    @Test func tagsAndMetadataMergeWordByWord() {
        let base = Self.day(backlog: ["- [ ] Renew passport #admin @expires:2026-12-15"])
        let ours = Self.day(backlog: ["- [ ] Renew passport #admin #urgent @carry @expires:2026-12-15"])
        let theirs = Self.day(backlog: ["- [/] Renew passport #travel @sticky @expires:2026-12-20"])
        expectClean(merge(base, ours, theirs),
                    Self.day(backlog: ["- [/] Renew passport #urgent #travel @carry @sticky @expires:2026-12-20"]))
    }

    @Test func aTagAddedOnBothSidesIsOneTask() {
        let base = Self.day(morning: ["- [ ] Call Ana"])
        let ours = Self.day(morning: ["- [ ] Call Ana #work"])
        let theirs = Self.day(morning: ["- [x] Call Ana #phone"])
        expectClean(merge(base, ours, theirs), Self.day(morning: ["- [x] Call Ana #work #phone"]))
    }

    @Test func datesSetDifferentlyOnBothSidesAreAConflict() {
        let base = Self.day(backlog: ["- [ ] Renew passport"])
        let ours = Self.day(backlog: ["- [ ] Renew passport @expires:2026-12-15"])
        let theirs = Self.day(backlog: ["- [ ] Renew passport @expires:2026-12-20"])
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.map(\.reason) == ["“Renew passport”: its @expires: was set to two different days"])
        #expect(String(decoding: result.bytes, as: UTF8.self).contains(
            "<<<<<<< ours\n- [ ] Renew passport @expires:2026-12-15\n=======\n- [ ] Renew passport @expires:2026-12-20\n>>>>>>> theirs\n"))
    }

    /// A deadline or a schedule one side added while the other finished the task is kept, whichever
    /// side is ours (the task merge once merged five of the eight keys and took ours for the rest).
    @Test func aDeadlineOrScheduleAddedOnOneSideIsKeptWhicheverSideIsOurs() {
        for word in ["@due:2026-12-01", "@on:2026-12-01", "@on:2026-12-01/evening", "@every:weekday"] {
            let base = Self.day(morning: ["* [ ] Ship release"])
            let done = Self.day(morning: ["* [x] Ship release"])
            let dated = Self.day(morning: ["* [ ] Ship release \(word)"])
            let expected = Self.day(morning: ["* [x] Ship release \(word)"])
            expectClean(merge(base, done, dated), expected)
            expectClean(merge(base, dated, done), expected)
        }
    }

    /// A deadline, a schedule or a recurrence set to two different values is a person's to decide, as a date is.
    @Test func deadlinesAndSchedulesSetDifferentlyOnBothSidesAreAConflict() {
        for (key, first, second) in [("due", "2026-12-01", "2026-12-02"), ("on", "2026-12-01", "2026-12-01/evening"),
                                     ("every", "weekday", "weekend")] {
            let base = Self.day(backlog: ["- [ ] Ship release"])
            let result = merge(base, Self.day(backlog: ["- [ ] Ship release @\(key):\(first)"]),
                               Self.day(backlog: ["- [x] Ship release @\(key):\(second)"]))
            #expect(result.conflicts.count == 1, "\(key)")
            #expect(result.conflicts.first?.reason.hasPrefix("“Ship release”: its @\(key): was set to two different") == true, "\(key)")
        }
    }

    @Test func bucketsAndRegionsChangedOnBothSidesTakeTheMoreImportantAndTheEarlier() {
        let base = Self.day(backlog: ["- [ ] Draft the report"])
        let ours = Self.day(afternoon: ["+ [ ] Draft the report"])
        let theirs = Self.day(morning: ["* [ ] Draft the report"])
        expectClean(merge(base, ours, theirs), Self.day(morning: ["* [ ] Draft the report"]))
        // Moved by one side, changed by the other: where it was moved, with the change.
        let done = Self.day(backlog: ["- [x] Draft the report"])
        expectClean(merge(base, ours, done), Self.day(afternoon: ["+ [x] Draft the report"]))
    }

    @Test func notesMergeLineByLine() {
        let base = Self.day(morning: ["+ [ ] Update the doc", "  the setup section", "  the FAQ"])
        let ours = Self.day(morning: ["+ [ ] Update the doc", "  the setup section is stale", "  the FAQ"])
        let theirs = Self.day(morning: ["+ [/] Update the doc", "  the setup section", "  the FAQ", "  - [ ] ask Priya"])
        expectClean(merge(base, ours, theirs),
                    Self.day(morning: ["+ [/] Update the doc", "  the setup section is stale", "  the FAQ", "  - [ ] ask Priya"]))
    }

    @Test func notesChangedDifferentlyAreAConflictAboutTheTask() {
        let base = Self.day(morning: ["+ [ ] Update the doc", "  the setup section"])
        let ours = Self.day(morning: ["+ [ ] Update the doc", "  the setup section is stale"])
        let theirs = Self.day(morning: ["+ [x] Update the doc", "  the setup section is fine"])
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.map(\.reason) == ["“Update the doc”: its notes were changed differently on both sides"])
        #expect(String(decoding: result.bytes, as: UTF8.self) == Self.day(morning: [
            "<<<<<<< ours", "+ [ ] Update the doc", "  the setup section is stale", "=======",
            "+ [x] Update the doc", "  the setup section is fine", ">>>>>>> theirs",
        ]))
    }

    // MARK: - Free text

    @Test func freeTextMergesLineByLine() {
        // Edits of lines next to each other are a conflict, as in git: these have a line between them.
        let base = Self.day(morning: ["* [ ] Draft the report"], after: ["## Notes", "Slept well.", "Lunch with Bo.", "Gym at 6."])
        let ours = Self.day(morning: ["* [x] Draft the report"], after: ["## Notes", "Slept badly.", "Lunch with Bo.", "Gym at 6."])
        let theirs = Self.day(morning: ["* [ ] Draft the report"],
                              after: ["## Notes", "Slept well.", "Lunch with Bo.", "Gym at 7.", "", "## Links", "x"])
        expectClean(merge(base, ours, theirs), Self.day(morning: ["* [x] Draft the report"],
                                                        after: ["## Notes", "Slept badly.", "Lunch with Bo.", "Gym at 7.", "", "## Links", "x"]))
    }

    @Test func freeTextChangedDifferentlyIsAConflict() {
        let base = Self.day(after: ["## Notes", "Slept well."])
        let ours = Self.day(after: ["## Notes", "Slept badly."])
        let theirs = Self.day(after: ["## Notes", "Slept OK."])
        let result = merge(base, ours, theirs)
        #expect(result.conflicts.count == 1)
        #expect(String(decoding: result.bytes, as: UTF8.self) == Self.day(after: [
            "## Notes", "<<<<<<< ours", "Slept badly.", "=======", "Slept OK.", ">>>>>>> theirs",
        ]))
    }

    // MARK: - The 1-3-5 rule

    @Test func aLimitNeitherSideExceededIsKeptByMovingTheirAdditionToTheBacklog() throws {
        let base = Self.day(morning: ["- [x] Reply to Bo"], backlog: ["- [ ] Renew passport"])
        let ours = Self.day(morning: ["- [x] Reply to Bo", "* [ ] Draft the report"], backlog: ["- [ ] Renew passport"])
        let theirs = Self.day(morning: ["- [x] Reply to Bo", "* [ ] Write the talk"], backlog: ["- [ ] Renew passport"])
        let result = merge(base, ours, theirs)
        expectClean(result, Self.day(morning: ["- [x] Reply to Bo", "* [ ] Draft the report"],
                                     backlog: ["- [ ] Renew passport", "* [ ] Write the talk"]))
        #expect(result.notices == ["Morning would hold 2 open must tasks, more than its limit of 1, which neither side exceeded: moved “Write the talk” to the Backlog"])
    }

    @Test func aLimitOneSideExceededAlreadyIsLeftToLint() {
        let base = Self.day(morning: ["* [ ] One"])
        let ours = Self.day(morning: ["* [ ] One", "* [ ] Two"])
        let theirs = Self.day(morning: ["* [ ] One", "* [ ] Three"])
        let result = merge(base, ours, theirs)
        #expect(result.isClean && result.notices.isEmpty)
        #expect(String(decoding: result.bytes, as: UTF8.self) == Self.day(morning: ["* [ ] One", "* [ ] Two", "* [ ] Three"]))
    }

    // MARK: - Line by line

    @Test func aFileThatIsNotADayFileIsMergedLineByLine() {
        let result = merge("a\nb\n", "a\nb\nc\n", "z\na\nb\n", fileName: "notes/README.md")
        #expect(result.method == .byLine(reason: "README.md is not a day file (YYYY-MM-DD.md)"))
        #expect(String(decoding: result.bytes, as: UTF8.self) == "z\na\nb\nc\n")
    }

    @Test func aSideWithConflictMarkersIsMergedLineByLine() {
        let base = Self.day(morning: ["* [ ] Draft the report"])
        let ours = Self.day(morning: ["<<<<<<< HEAD", "* [x] Draft the report", "=======", "* [/] Draft the report", ">>>>>>> x"])
        let theirs = Self.day(morning: ["* [ ] Draft the report"], backlog: ["- [ ] Tea"])
        let result = merge(base, ours, theirs)
        guard case .byLine(let reason) = result.method else {
            Issue.record("merged task by task")
            return
        }
        #expect(reason == "our side has an error at line 4 that makes its plan a guess [DP041/conflict-marker]")
        #expect(String(decoding: result.bytes, as: UTF8.self)
            == Self.day(morning: ["<<<<<<< HEAD", "* [x] Draft the report", "=======", "* [/] Draft the report", ">>>>>>> x"], backlog: ["- [ ] Tea"]))
    }

    @Test func aFileAddedOnBothSidesMergesFromAnEmptyBase() {
        let ours = Self.day(morning: ["* [ ] Draft the report"], backlog: ["- [ ] Renew passport"])
        let theirs = Self.day(morning: ["* [ ] Draft the report"], backlog: ["- [ ] Sort photos"])
        expectClean(merge("", ours, theirs), Self.day(morning: ["* [ ] Draft the report"], backlog: ["- [ ] Renew passport", "- [ ] Sort photos"]))
    }

    /// A side that was not canonical keeps its layout (spacing, bullets, a hard break, missing blank
    /// lines) wherever the merge kept its lines; only the stretch the merge changed is written canonically.
    @Test func theSidesLayoutIsKeptWhereTheMergeKeptTheirLines() {
        let base = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Bo"])
        let ours = "# 2026-11-21\n## Morning\n*   [x]  Draft the report\n1. [ ] Call Bo\n## Lunch notes\nsoup  \nand bread\n"
            + "## Afternoon\n## Evening\n## Backlog\n"
        let theirs = Self.day(morning: ["* [ ] Draft the report", "- [ ] Call Bo"], evening: ["- [ ] Read"])
        let result = merge(base, ours, theirs)
        #expect(result.method == .byTask && result.isClean)
        #expect(String(decoding: result.bytes, as: UTF8.self) == "# 2026-11-21\n## Morning\n*   [x]  Draft the report\n1. [ ] Call Bo\n"
            + "## Lunch notes\nsoup  \nand bread\n## Afternoon\n## Evening\n- [ ] Read\n\n## Backlog\n")
        // It means what the canonical merge of the canonical sides means.
        let canonical = merge(base, String(decoding: DayDocument(parsing: Array(ours.utf8)).canonicalBytes(), as: UTF8.self), theirs)
        guard case .changed(let formatted) = Formatter.format(result.bytes) else {
            Issue.record("the result is canonical, though our side was not")
            return
        }
        #expect(formatted == canonical.bytes)
    }

    /// A section between regions stays where both sides have it when the merge changes the tasks
    /// and the section's text around it.
    @Test func aSectionBetweenRegionsKeepsItsPlace() {
        let lunch = ["## Lunch notes", "Ate with Priya."]
        func day(_ draft: String, _ notes: [String]) -> String {
            "# 2026-11-21\n\n## Morning\n\(draft)\n\n" + notes.map { $0 + "\n" }.joined() + "\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        }
        let base = day("* [ ] Draft the report", lunch)
        let ours = day("* [x] Draft the report", lunch)
        let theirs = day("* [ ] Draft the report", lunch + ["She suggested the new café."])
        expectClean(merge(base, ours, theirs), day("* [x] Draft the report", lunch + ["She suggested the new café."]))
    }

    @Test func crlfOfOurSideIsKept() {
        let base = Self.day(morning: ["* [ ] Draft the report"])
        let ours = base.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "[ ]", with: "[x]")
        let theirs = Self.day(morning: ["* [ ] Draft the report", "- [ ] Tea"])
        let result = merge(base, ours, theirs)
        #expect(result.isClean)
        #expect(String(decoding: result.bytes, as: UTF8.self)
            == Self.day(morning: ["* [x] Draft the report", "- [ ] Tea"]).replacingOccurrences(of: "\n", with: "\r\n"))
    }
}

extension FormatResult {
    /// Whether formatting changed nothing.
    var isUnchanged: Bool {
        if case .unchanged = self { return true }
        return false
    }
}
