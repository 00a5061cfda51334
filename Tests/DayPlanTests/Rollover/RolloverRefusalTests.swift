import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Takes the `1️⃣` marker out of `text`: the text without it, and the line and byte column where it stood.
private func marked(_ text: String) -> (text: String, line: Int, column: Int) {
    let marker = "1️⃣"
    guard let range = text.firstRange(of: marker) else { return (text, 0, 0) }
    let before = text[..<range.lowerBound]
    let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
    let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last?.utf8.count ?? 0) + 1
    return (text.replacing(marker, with: ""), line, column)
}

/// What rollover refuses, and what its check before writing catches.
extension RolloverTests {
    // MARK: - Refusals

    @Test func refusesASourceWhoseStructureIsAmbiguous() throws {
        let input = marked("""
            # 2026-11-20

            ## Morning
            - [ ] A
            1️⃣## Morning
            - [ ] B
            """)
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        #expect {
            try Rollover(opening: day, from: (from, Array(input.text.utf8)), existing: nil)
        } throws: { error in
            guard case RolloverError.sourceRefused(let diagnostics) = error, let first = diagnostics.first else { return false }
            return diagnostics.count == 1 && first.rule == .duplicateRegion
                && first.start.line == input.line && first.start.column == input.column
        }
    }

    @Test func refusesAnExistingTargetWhoseStructureIsAmbiguous() throws {
        let input = marked("# 2026-11-21\n## Morning\n1️⃣## Morning\n")
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        #expect {
            try Rollover(opening: day, from: (from, Array("# 2026-11-20\n## Morning\n- [ ] A\n".utf8)),
                         existing: Array(input.text.utf8))
        } throws: { error in
            guard case RolloverError.targetRefused(let diagnostics) = error, let first = diagnostics.first else { return false }
            return first.rule == .duplicateRegion && first.start.line == input.line && first.start.column == input.column
        }
    }

    @Test func leavesATaskOutsideRegionsBehindAndSaysSo() throws {
        let old = marked("# 2026-11-20\n1️⃣- [ ] before any region\n## Morning\n- [ ] A\n")
        let plan = try Rollover(opening: try #require(Day("2026-11-21")),
                                from: (try #require(Day("2026-11-20")), Array(old.text.utf8)), existing: nil)
        #expect(plan.leftBehind.map(\.rule) == [.taskOutsideRegion])
        #expect(plan.leftBehind.first?.start.line == old.line)
        #expect(plan.sourceChanges.map(\.line) == [4])
        #expect(try plan.verify() == ())
    }

    @Test func fillsAnEmptyDayAfterItsFrontMatter() throws {
        let existing = "---\ntags: daily\n---\n"
        let plan = try Rollover(opening: try #require(Day("2026-11-21")),
                                from: (try #require(Day("2026-11-20")), Array("# 2026-11-20\n## Morning\n- [ ] A\n".utf8)),
                                existing: Array(existing.utf8))
        #expect(String(decoding: plan.targetAfter, as: UTF8.self) == existing + """
            # 2026-11-21

            ## Morning

            ## Afternoon

            ## Evening

            ## Backlog
            - [ ] A @from:2026-11-20

            """)
        #expect(plan.addedLines.first?.line == 4)
        #expect(try plan.verify() == ())
    }

    @Test func refusesAnExistingTargetHeadedWithAnotherDay() throws {
        let input = marked("Copied from yesterday:\n1️⃣# 2026-11-20\n## Morning\n")
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        #expect {
            try Rollover(opening: day, from: (from, Array("# 2026-11-20\n## Morning\n- [ ] A\n".utf8)),
                         existing: Array(input.text.utf8))
        } throws: { error in
            guard case RolloverError.targetRefused(let diagnostics) = error, let first = diagnostics.first else { return false }
            return first.rule == .dayMismatch && first.start.line == input.line && first.start.column == input.column
                && first.end.column == 13 && first.message.contains("heading says 2026-11-20")
        }
    }

    @Test func refusesAFenceThatIsNeverClosed() throws {
        // Lines added after it would be swallowed by it; in the old day, tasks after it are not tasks.
        let target = marked("# 2026-11-21\n## Morning\n1️⃣```\n- [ ] inside\n")
        let source = marked("# 2026-11-20\n## Morning\n- [ ] A\n1️⃣<!-- never closed\n- [ ] B\n")
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        #expect {
            try Rollover(opening: day, from: (from, Array("# 2026-11-20\n## Morning\n- [ ] A\n".utf8)),
                         existing: Array(target.text.utf8))
        } throws: { error in
            guard case RolloverError.targetRefused(let diagnostics) = error else { return false }
            return diagnostics.map(\.rule) == [.unclosedBlock] && diagnostics.first?.start.line == target.line
                && diagnostics.first?.start.column == target.column
        }
        #expect {
            try Rollover(opening: day, from: (from, Array(source.text.utf8)), existing: nil)
        } throws: { error in
            guard case RolloverError.sourceRefused(let diagnostics) = error else { return false }
            return diagnostics.map(\.rule) == [.unclosedBlock] && diagnostics.first?.start.line == source.line
        }
    }

    @Test func strayCarriageReturnsStayPartOfTheLineEnding() throws {
        let plan = try rollover("# 2026-11-20\r\n## Backlog\r\n- [ ] A @expires:2026-11-01\r\r\n- [ ] B\r\r\n")
        #expect(plan.newSource == "# 2026-11-20\r\n## Backlog\r\n- [-] A @expires:2026-11-01 @expired\r\r\n- [>] B\r\r\n")
        #expect(plan.sourceChanges.map(\.new) == ["- [-] A @expires:2026-11-01 @expired", "- [>] B"])
    }

    /// An open box with no title (a template's `- [ ]` placeholder) no longer stops the rollover
    /// (it refused the whole day before, every morning): it stays where it is, open and unchanged, and is named
    /// where it stands.
    @Test func leavesAnOpenTaskWithoutTitleWhereItIsAndNamesIt() throws {
        let input = marked("# 2026-11-20\n## Morning\n- [x]\n1️⃣- [ ]   @carry\n- [ ] Real one\n")
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        let plan = try Rollover(opening: day, from: (from, Array(input.text.utf8)), existing: nil)
        #expect(plan.leftBehind.map(\.rule) == [.emptyTitle])
        #expect(plan.leftBehind.map(\.start.line) == [input.line] && plan.leftBehind.first?.start.column == input.column)
        #expect(String(decoding: plan.sourceAfter ?? [], as: UTF8.self)
                == "# 2026-11-20\n## Morning\n- [x]\n- [ ]   @carry\n- [>] Real one\n")
        #expect(DayDocument(parsing: plan.targetAfter).allTasks.map(\.title) == ["Real one"])
        #expect(plan.problems() == [])
    }

    @Test(arguments: [
        ("invalid UTF-8", Array("# 2026-11-20\n## Morning\n- [ ] caf".utf8) + [0xE9, 0x0A], Rule.invalidEncoding, 3),
        ("NUL", Array("# 2026-11-20\n## Morning\n- [ ] a".utf8) + [0x00, 0x0A], Rule.binaryContent, 3),
    ])
    func refusesBytesThatAreNotText(_ what: String, _ bytes: [UInt8], _ rule: Rule, _ line: Int) throws {
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        #expect(performing: { try Rollover(opening: day, from: (from, bytes), existing: nil) }, throws: { error in
            guard case RolloverError.sourceRefused(let diagnostics) = error else { return false }
            return diagnostics.contains { $0.rule == rule && $0.start.line == line }
        })
    }

    // MARK: - The check before writing

    @Test func checkCatchesATaskThatWouldBeLost() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n- [ ] A\n- [ ] B\n")
        let lost = Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                            sourceAfter: plan.sourceAfter, targetBefore: nil,
                            targetAfter: Array(plan.newTarget.replacing("- [ ] B @from:2026-11-20\n", with: "").utf8),
                            summary: plan.summary)
        #expect(lost.problems() == ["`B` would be in the new day 0 times instead of once"])
        #expect(throws: RolloverError.self) { try lost.verify() }
    }

    /// Two open tasks of one title are two tasks: the check pairs the new day's copies of a title with what the
    /// old day's tasks of that title must become, by count first, then each by what it says and its region.
    @Test func checkPairsEachTitlesCopiesWithWhatTheOldDayMovesOn() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n- [ ] A @carry\n- [ ] B\n\n## Backlog\n- [ ] A\n- [ ] C @expires:2026-11-19\n")
        #expect(plan.problems() == [])
        #expect(plan.newTarget.components(separatedBy: "- [ ] A").count == 3)
        func tampered(_ target: String) -> Rollover {
            Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                     sourceAfter: plan.sourceAfter, targetBefore: nil, targetAfter: Array(target.utf8),
                     summary: plan.summary)
        }
        // The carried copy lands in the Backlog: two copies still, but one is not where it must be.
        let carriedToBacklog = plan.newTarget.replacing("- [ ] A @carry\n", with: "").replacing("## Backlog\n", with: "## Backlog\n- [ ] A @carry\n")
        #expect(tampered(carriedToBacklog).problems() == ["`A` would not come forward as it was, or not to Morning"])
        // One of the two is lost; a copy of each other title changed.
        #expect(tampered(plan.newTarget.replacing("- [ ] A\n", with: "").replacing("- [ ] B", with: "- [ ] B @carry")).problems() == [
            "`A` would be in the new day once instead of 2 times",
            "`B` would not come forward as it was, or not to Backlog",
        ])
        // The expired task is added all the same.
        #expect(tampered(plan.newTarget + "- [ ] C @expires:2026-11-19\n").problems() == [
            "`C` expired, yet it would be added to the new day",
            "`C` would be added to the new day, but the old day does not move it on",
        ])
    }

    @Test func checkCatchesAnEditOutsideOpenTasks() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n- [ ] A\n- [x] B\n")
        let tampered = Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                                sourceAfter: Array(plan.newSource.replacing("[x] B", with: "[-] B").utf8),
                                targetBefore: nil, targetAfter: plan.targetAfter,
                                summary: plan.summary)
        #expect(tampered.problems().contains("line 5 of the old day's file would change, but it holds no open task"))
        #expect(tampered.problems().contains("`B` (line 5) is not open, yet it would change"))
    }

    /// The old day is read again task by task, its lines walked beside the new ones: a change in a finished
    /// task's notes, in a task outside the regions, in an open task's line ending, or in the number of lines
    /// is each named.
    @Test func checkCatchesChangesTheWalkOverTheOldDayMeets() throws {
        let old = "# 2026-11-20\n- [ ] Outside\n\n## Morning\n- [x] Done\n  its note\n  more\n- [ ] A\n  A's note\n"
        let plan = try rollover(old)
        #expect(plan.problems() == [])
        #expect(plan.newSource == old.replacing("- [ ] A", with: "- [>] A"))
        func tampered(_ source: String) -> Rollover {
            Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                     sourceAfter: Array(source.utf8), targetBefore: nil, targetAfter: plan.targetAfter,
                     summary: plan.summary)
        }
        #expect(tampered(plan.newSource.replacing("  more", with: "  most")).problems() == [
            "line 7 of the old day's file would change, but it holds no open task",
            "`Done` (line 5) is not open, yet it would change",
        ])
        #expect(tampered(plan.newSource.replacing("- [ ] Outside", with: "- [>] Outside")).problems() == [
            "line 2 of the old day's file would change, but it holds no open task",
        ])
        #expect(tampered(plan.newSource.replacing("  A's note", with: "  A's notes")).problems() == [
            "line 9 of the old day's file would change, but it holds no open task",
        ])
        #expect(tampered(plan.newSource.replacing("- [>] A\n", with: "- [>] A\r\n")).problems() == [
            "line 8 of the old day's file would change its line ending",
        ])
        #expect(tampered(plan.newSource + "\n").problems() == ["the old day's file would have 10 lines instead of 9"])
    }

    @Test func checkCatchesAnOpenTaskLeftOpenAndATaskAddedTwice() throws {
        let plan = try rollover("# 2026-11-20\n\n## Backlog\n- [ ] A\n")
        let tampered = Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                                sourceAfter: plan.sourceBefore, targetBefore: nil,
                                targetAfter: Array((plan.newTarget + "- [ ] A\n").utf8),
                                summary: plan.summary)
        #expect(tampered.problems() == [
            "`A` (line 4) would be neither moved on nor expired in the old day",
            "`A` would be added to the new day, but the old day does not move it on",
        ])
    }

    /// The old day's file is not parsed back: each changed line must be what rollover writes, and nothing else.
    @Test(arguments: [
        // The title changed as well as the box.
        ("- [ ] A\n- [ ] B @expires:2026-11-01\n", "- [>] Ab\n- [-] B @expires:2026-11-01 @expired\n", "`A` (line 4)"),
        // Expired without the word, or the word not after the text.
        ("- [ ] A\n- [ ] B @expires:2026-11-01\n", "- [>] A\n- [-] B @expires:2026-11-01\n", "`B` (line 5)"),
        ("- [ ] A\n- [ ] B @expires:2026-11-01\n", "- [>] A\n- [-] @expired B @expires:2026-11-01\n", "`B` (line 5)"),
        // Another status, or another bullet.
        ("- [ ] A\n- [ ] B\n", "- [x] A\n- [>] B\n", "`A` (line 4)"),
        ("- [ ] A\n- [ ] B\n", "- [>] A\n+ [>] B\n", "`B` (line 5)"),
    ])
    func checkCatchesAnOpenTasksLineChangedOtherwise(_ tasks: String, _ tampered: String, _ named: String) throws {
        let plan = try rollover("# 2026-11-20\n\n## Backlog\n" + tasks)
        let changed = Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                               sourceAfter: Array(("# 2026-11-20\n\n## Backlog\n" + tampered).utf8),
                               targetBefore: nil, targetAfter: plan.targetAfter, summary: plan.summary)
        #expect(changed.problems().contains("\(named) would be neither moved on nor expired in the old day"),
                "\(changed.problems())")
    }

    /// An expired line is parsed back on its own: ` @expired` after any text (a code span left open, a
    /// backslash, half a link) reads as metadata, and the check passes.
    @Test(arguments: ["Fix `quote", "Fix \\", "Fix [link](x", "Fix <span", "Fix `quote` done"])
    func checkAcceptsAnExpiredLineWhateverItsTextEndsWith(_ title: String) throws {
        let plan = try rollover("# 2026-11-20\n\n## Backlog\n- [ ] \(title) @expires:2026-11-01\n")
        #expect(plan.summary.expired == 1)
        #expect(plan.newSource.hasSuffix("- [-] \(title) @expires:2026-11-01 @expired\n"))
        #expect(plan.problems() == [])
    }

    @Test func checkCatchesLostLinesOfAnExistingTarget() throws {
        let plan = try rollover("# 2026-11-20\n\n## Backlog\n- [ ] A\n", into: "# 2026-11-21\n\nMy line.\n## Backlog\n")
        let tampered = Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                                sourceAfter: plan.sourceAfter, targetBefore: plan.targetBefore,
                                targetAfter: Array(plan.newTarget.replacing("My line.\n", with: "").utf8),
                                summary: plan.summary)
        #expect(tampered.problems() == ["the new day's file would lose some of the lines it had"])
    }
}
