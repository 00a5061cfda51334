import Testing
@testable import DayPlan

/// `ChangedLines`, the merge's shortcut for a side that is the common ancestor with some lines changed: where
/// it reads a side at all, it reads it as reading the side whole does, and a merge through it is the merge
/// without it.
@Suite struct ChangedLinesTests {
    /// The first difference between two readings of one version, or nil. Tasks' positions aside (the
    /// shortcut keeps the ancestor's), everything the merge could look at is compared.
    static func difference(_ a: MergeVersion, _ b: MergeVersion) -> String? {
        let x = a.document, y = b.document
        if x.frontMatter != y.frontMatter { return "front matter" }
        if x.leading != y.leading { return "leading lines" }
        if x.day != y.day || x.dayHeadingText != y.dayHeadingText || x.dayHeadingLine != y.dayHeadingLine { return "day heading" }
        if x.preamble != y.preamble { return "preamble" }
        if x.lineEnding != y.lineEnding { return "line ending" }
        if x.isEmptyDay != y.isEmptyDay { return "empty day" }
        if x.diagnostics.map(\.rule) != y.diagnostics.map(\.rule) { return "diagnostics \(x.diagnostics.map(\.rule)) against \(y.diagnostics.map(\.rule))" }
        if x.sourceByteCount != y.sourceByteCount { return "byte count" }
        if x.sections.count != y.sections.count { return "\(x.sections.count) sections against \(y.sections.count)" }
        for (s, t) in zip(x.sections, y.sections) {
            if s.kind != t.kind || s.headingText != t.headingText || s.headingLevel != t.headingLevel
                || s.groupHeading != t.groupHeading || s.headingLine != t.headingLine { return "section \(s.headingText)'s heading" }
            if s.items != t.items { return "section \(s.headingText)'s items" }
            for case (.task(let p), .task(let q)) in zip(s.items, t.items) where p.lineSpan != q.lineSpan {
                return "“\(p.title)”'s line span"
            }
        }
        if (a.blocker == nil) != (b.blocker == nil) || a.wasCanonical != b.wasCanonical { return "blocker or canonical form" }
        if a.side.tasks != b.side.tasks || a.side.regions != b.side.regions || a.side.titleHashes != b.side.titleHashes {
            return "side"
        }
        return nil
    }

    /// Reads `version` against `base` both ways: the shortcut's reading (nil when it does not read it) and
    /// the whole reading, each with a memo of its own that has read the base.
    static func readings(base: [UInt8], version: [UInt8]) -> (shortcut: MergeVersion?, whole: MergeVersion) {
        let memo = TaskLineMemo(expected: 64), wholeMemo = TaskLineMemo(expected: 64)
        let ancestor = MergeVersion(base, memo: memo)
        if ancestor.wasCanonical, ancestor.blocker == nil { memo.markAllCanonical() }
        _ = MergeVersion(base, memo: wholeMemo)
        let shortcut = ChangedLines(base: ancestor, bytes: base)?.version(version, memo: memo)
        return (shortcut, MergeVersion(version, memo: wholeMemo))
    }

    /// Whether the merge of these three takes the shortcut of separate changes (`SeparateChanges`).
    static func mergesSeparately(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> Bool {
        let memo = TaskLineMemo(expected: 64)
        let ancestor = MergeVersion(base, memo: memo)
        guard ancestor.wasCanonical, ancestor.blocker == nil else { return false }
        memo.markAllCanonical()
        guard let changedLines = ChangedLines(base: ancestor, bytes: base), let o = changedLines.changes(ours, memo: memo),
              let t = changedLines.changes(theirs, memo: memo) else { return false }
        return SeparateChanges.merge(changedLines, ours: o, ours, theirs: t, theirs, memo: memo) != nil
    }

    /// The merge with both shortcuts and without: the same bytes, conflicts, notices and method.
    static func expectSameMerge(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8], _ label: String) {
        let fast = DayMerge.merge(base: base, ours: ours, theirs: theirs, fileName: "2026-11-21.md", readingChangedLines: true)
        let slow = DayMerge.merge(base: base, ours: ours, theirs: theirs, fileName: "2026-11-21.md", readingChangedLines: false)
        #expect(fast.bytes == slow.bytes, "\(label)\n\(String(decoding: fast.bytes, as: UTF8.self))\n---\n\(String(decoding: slow.bytes, as: UTF8.self))")
        #expect(fast.conflicts.map(\.line) == slow.conflicts.map(\.line) && fast.conflicts.map(\.reason) == slow.conflicts.map(\.reason), "\(label)")
        #expect(fast.notices == slow.notices && fast.method == slow.method, "\(label)")
    }

    /// Line edits of a canonical day: task lines changed, added and removed, notes and text changed, blank
    /// and indented lines put in, lines that start blocks or headings: each version read by the shortcut is
    /// read as the whole reading reads it.
    @Test(arguments: 0..<6)
    func linesChangedReadAsWhole(_ batch: Int) {
        let day = Day(year: 2026, month: 11, day: 21)!
        var read = 0, refused = 0, separately = 0
        for number in 0..<120 {
            let seed = UInt64(batch * 120 + number)
            var generator = DocumentGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 | 1)
            // Half the bases are odd files made canonical, half plain plans with notes and free text.
            let file: [UInt8]
            if number % 2 == 0 {
                file = generator.file(day: day)
            } else {
                var plans = MergePropertyTests.Generator(random: generator.random)
                file = Array(plans.base().text.utf8)
            }
            let base: [UInt8]
            switch Formatter.format(file) {
            case .unchanged: base = file
            case .changed(let formatted): base = formatted
            case .refused: continue
            }
            // One or two lines edited: task lines most of the time (what the shortcut reads), anything else the rest.
            func edited(_ generator: inout DocumentGenerator) -> [UInt8] {
                var lines = TextMerge.lines(base).map { Array($0) }
                for _ in 0..<Int.random(in: 1...2, using: &generator.random) {
                    let at = Int.random(in: 0...lines.count, using: &generator.random)
                    let task = generator.pick(["- [x] Done now", "+ [/] Under way #work", "* [ ] Must @carry",
                                               "- [ ] Task alpha 0", "- [>] Moved on @from:2026-11-20"])
                    let other = generator.pick([generator.taskLine(), "  a note", "  - [ ] an open sub-task", "", "Free text here.",
                                                "## Notes", "```", "> quoted", "=======", "- [ ]", "\t- [ ] tabbed", "- [ ] trailing  "])
                    let line: [UInt8] = Array(((generator.chance(75) ? task : other) + "\n").utf8)
                    switch Int.random(in: 0..<4, using: &generator.random) {
                    case 0 where at < lines.count: lines.remove(at: at)
                    case 1 where at < lines.count: lines[at] = line
                    case 2 where at < lines.count:
                        // A task's status changed in place, its title and notes kept.
                        var changed = lines[at]
                        if changed.count > 4, changed[2] == UInt8(ascii: "[") { changed[3] = generator.pick(Array(" /x>-".utf8)) }
                        lines[at] = changed
                    default: lines.insert(line, at: at)
                    }
                }
                return lines.flatMap { $0 }
            }
            let version = edited(&generator)
            // Two such versions merged, with and without the shortcuts.
            let other = edited(&generator)
            if Self.mergesSeparately(base: base, ours: version, theirs: other) { separately += 1 }
            Self.expectSameMerge(base, version, other, "case \(seed)")
            let (shortcut, whole) = Self.readings(base: base, version: version)
            guard let shortcut else {
                refused += 1
                continue
            }
            read += 1
            #expect(Self.difference(shortcut, whole) == nil, "case \(seed): \(Self.difference(shortcut, whole) ?? "")\n\(String(decoding: version, as: UTF8.self))")
        }
        // Both ways are taken: the comparison is not empty, and the shortcut does refuse what it must.
        #expect(read >= 12, "only \(read) versions read by the shortcut")
        #expect(refused >= 30, "only \(refused) versions refused")
        #expect(separately >= 3, "only \(separately) pairs merged as separate changes")
    }

    /// The merge property test's edits (statuses, tags, notes, buckets, tasks added, removed and moved, the
    /// notes section changed): each side the shortcut reads, it reads as a whole reading does, and the merge
    /// through it gives what the merge without it gives, byte for byte, with the same conflicts and notices.
    @Test(arguments: 0..<4)
    func editPairsMergeAsWithoutIt(_ batch: Int) {
        var read = 0, separately = 0
        for number in 0..<60 {
            let seed = batch * 60 + number
            var generator = MergePropertyTests.Generator(random: SeededGenerator(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D))
            let plan = generator.base()
            let base = Array(plan.text.utf8)
            let ours = Array(generator.edit(plan, side: "Ours").text.utf8)
            let theirs = Array(generator.edit(plan, side: "Theirs").text.utf8)
            for side in [ours, theirs] {
                let (shortcut, whole) = Self.readings(base: base, version: side)
                guard let shortcut else { continue }
                read += 1
                #expect(Self.difference(shortcut, whole) == nil, "case \(seed): \(Self.difference(shortcut, whole) ?? "")")
            }
            if Self.mergesSeparately(base: base, ours: ours, theirs: theirs) { separately += 1 }
            Self.expectSameMerge(base, ours, theirs, "case \(seed)")
        }
        #expect(read >= 40, "only \(read) sides read by the shortcut")
        #expect(separately >= 5, "only \(separately) pairs merged as separate changes")
    }

    /// What two machines do to a big day, as the benchmark's merge has it: statuses changed here and there
    /// (tasks with notes among them), tasks removed with their notes, tasks added at the end of the Backlog,
    /// a line of the notes section changed. Both sides are read by the shortcut, and merge as without it.
    @Test func aBigDayEditedOnTwoMachinesIsReadByTheShortcut() throws {
        var base = ["# 2026-11-21", "", "## Morning", "* [ ] Task 0", "", "## Afternoon", "", "## Evening", "", "## Backlog"]
        for number in 1..<300 {
            base.append("- [ ] Task \(number)")
            if number % 7 == 0 { base.append("  a note of task \(number)") }
        }
        base += ["", "## Notes", "Slept well.", "Gym at 6."]
        var ours = base, theirs = base
        for index in stride(from: 12, to: 300, by: 23) { ours[index] = ours[index].replacing("[ ]", with: "[x]") }
        for index in stride(from: 15, to: 300, by: 31) { theirs[index] = theirs[index].replacing("[ ]", with: "[/]") }
        // Task 90 changed on both sides: done on ours, in progress on theirs.
        let shared = try #require(base.firstIndex(of: "- [ ] Task 90"))
        ours[shared] = "- [x] Task 90"
        theirs[shared] = "- [/] Task 90"
        // Task 14 and its note removed by theirs; tasks added by both at the end of the Backlog.
        let removed = try #require(theirs.firstIndex(of: "- [ ] Task 14"))
        theirs.removeSubrange(removed...(removed + 1))
        ours.insert(contentsOf: ["- [ ] Ours new 1", "- [ ] Ours new 2"], at: ours.count - 4)
        theirs.insert(contentsOf: ["- [ ] Theirs new 1"], at: theirs.count - 4)
        theirs[theirs.count - 1] = "Gym at 7."
        let bytes = [base, ours, theirs].map { Array(($0.joined(separator: "\n") + "\n").utf8) }
        for side in bytes.dropFirst() {
            let (shortcut, whole) = Self.readings(base: bytes[0], version: side)
            let read = try #require(shortcut)
            #expect(Self.difference(read, whole) == nil)
        }
        // Task 90 changed on both sides: done on ours, in progress on theirs; done is kept.
        #expect(Self.mergesSeparately(base: bytes[0], ours: bytes[1], theirs: bytes[2]))
        Self.expectSameMerge(bytes[0], bytes[1], bytes[2], "a big day")
        let merged = String(decoding: DayMerge.merge(base: bytes[0], ours: bytes[1], theirs: bytes[2], fileName: "2026-11-21.md").bytes, as: UTF8.self)
        #expect(merged.contains("Gym at 7.\n") && merged.contains("- [x] Task 90\n") && !merged.contains("Task 14\n"))
        #expect(merged.contains("- [ ] Ours new 2\n- [ ] Theirs new 1\n"))
    }

    /// What the shortcut of separate changes leaves to the task merge: each of these pairs is merged task by
    /// task, and as the merge without the shortcuts merges it.
    @Test func whatIsNotSeparateIsMergedTaskByTask() {
        let base = Array(Self.base.utf8)
        func side(_ pairs: [(String, String)]) -> [UInt8] {
            var text = Self.base
            for (old, new) in pairs { text = text.replacing(old, with: new) }
            return Array(text.utf8)
        }
        let cases: [(String, [(String, String)], [(String, String)])] = [
            ("a task finished on one side, moved on by rollover on the other (a notice)",
             [("- [ ] Call the bank", "- [x] Call the bank")], [("- [ ] Call the bank", "- [>] Call the bank")]),
            ("a task changed on one side and removed on the other (a conflict)",
             [("- [ ] Call the bank", "- [x] Call the bank")], [("- [ ] Call the bank\n", "")]),
            ("the same task added on both sides", [("- [ ] Fix the bike\n", "- [ ] Fix the bike\n- [ ] Pay rent\n")],
             [("- [ ] Call the bank\n", "- [ ] Call the bank\n- [ ] Pay rent\n")]),
            ("a task added right after one the other side removed", [("- [ ] Fix the bike\n", "- [ ] Fix the bike\n- [ ] Pay rent\n")],
             [("- [ ] Fix the bike\n", "")]),
            ("a task moved", [("- [ ] Call the bank\n", ""), ("- [ ] Fix the bike\n", "- [ ] Fix the bike\n- [ ] Call the bank\n")],
             [("Gym at 6.", "Gym at 7.")]),
            ("a limit neither side exceeded, exceeded by both together", [("* [ ] Write the report", "* [x] Write the report"),
              ("## Afternoon\n", "## Afternoon\n* [ ] Plan the week\n")],
             [("* [ ] Write the report", "* [-] Write the report"), ("## Afternoon\n", "## Afternoon\n* [ ] Book the hall\n")]),
            ("text changed on both sides, next to each other", [("Slept well.", "Slept badly.")], [("Gym at 6.", "Gym at 7.")]),
            ("a line of text added on both sides at one place (a conflict)", [("Gym at 6.\n", "Gym at 6.\nRan 5 km.\n")],
             [("Gym at 6.\n", "Gym at 6.\nSwam.\n")]),
            ("a task's tags changed on one side, its status on the other", [("- [ ] Call the bank", "- [ ] Call the bank #money")],
             [("- [ ] Call the bank", "- [x] Call the bank")]),
        ]
        for (label, ours, theirs) in cases {
            let o = side(ours), t = side(theirs)
            #expect(!Self.mergesSeparately(base: base, ours: o, theirs: t), "\(label)")
            Self.expectSameMerge(base, o, t, label)
        }
        // And what it takes: a status on each side, the notes section, a task added at the end of a region.
        let o = side([("- [ ] Call the bank", "- [x] Call the bank"), ("- [ ] Fix the bike\n", "- [ ] Fix the bike\n- [ ] Pay rent\n")])
        let t = side([("* [ ] Write the report", "* [/] Write the report"), ("Gym at 6.", "Gym at 7.")])
        #expect(Self.mergesSeparately(base: base, ours: o, theirs: t))
        Self.expectSameMerge(base, o, t, "separate changes")
    }

    static let base = """
        # 2026-11-21

        ## Morning
        * [ ] Write the report
        + [ ] Review the draft
          - [ ] read chapter two
          see the notes

        ## Afternoon
        - [ ] Call the bank

        ## Evening

        ## Backlog
        - [ ] Fix the bike

        ## Notes
        Slept well.
        Gym at 6.

        """

    /// Reads `edited` (the base with one line replaced) both ways; the shortcut's reading, if any.
    static func shortcut(replacing old: String, with new: String) -> MergeVersion? {
        let edited = base.replacing(old, with: new)
        let (shortcut, whole) = readings(base: Array(base.utf8), version: Array(edited.utf8))
        if let shortcut { #expect(difference(shortcut, whole) == nil) }
        return shortcut
    }

    @Test func aStatusChangedReadsAsTheAncestorWithThatLine() throws {
        let version = try #require(Self.shortcut(replacing: "- [ ] Call the bank", with: "- [x] Call the bank"))
        #expect(version.side.tasks.map(\.status) == [.todo, .todo, .done, .todo])
        // The tasks it did not change are the ancestor's, by their place there.
        #expect(version.side.origins == [0, 1, -1, 3])
    }

    @Test func aTaskWithNotesKeepsThemWhenItsLineChanges() throws {
        let version = try #require(Self.shortcut(replacing: "+ [ ] Review the draft", with: "+ [/] Review the draft"))
        #expect(version.side.tasks[1].notes == ["- [ ] read chapter two", "see the notes"])
        #expect(version.side.tasks[1].status == .inProgress)
    }

    @Test func finishingATaskWithAnOpenSubtaskIsReadWhole() {
        // Its notes must be looked at again (an open sub-task under a finished task is a finding).
        #expect(Self.shortcut(replacing: "+ [ ] Review the draft", with: "+ [x] Review the draft") == nil)
    }

    @Test func textOfTheNotesSectionChanged() throws {
        let version = try #require(Self.shortcut(replacing: "Gym at 6.", with: "Gym at 7."))
        let notes = version.document.sections.last?.items ?? []
        #expect(notes.contains(.text("Gym at 7.")) && !notes.contains(.text("Gym at 6.")))
    }

    @Test func whatItDoesNotReadIsReadWhole() {
        // A heading, a note, a line that is not canonical, a line that would be read as notes.
        #expect(Self.shortcut(replacing: "## Evening", with: "## Evening ☾") == nil)
        #expect(Self.shortcut(replacing: "  see the notes", with: "  see the other notes") == nil)
        #expect(Self.shortcut(replacing: "- [ ] Call the bank", with: "- [ ]  Call the bank") == nil)
        #expect(Self.shortcut(replacing: "- [ ] Fix the bike\n", with: "- [ ] Fix the bike\n  a new note\n") == nil)
        #expect(Self.shortcut(replacing: "- [ ] Call the bank", with: "- [ ] Call the bank @due:2026-13-01") == nil)
        #expect(Self.shortcut(replacing: "Slept well.", with: "## Slept well.") == nil)
    }

    @Test func removingATaskThatLeavesTwoBlankLinesIsReadWhole() {
        // The section would start with a blank line: the version is not canonical, and is read whole.
        #expect(Self.shortcut(replacing: "- [ ] Call the bank\n", with: "") == nil)
    }
}
