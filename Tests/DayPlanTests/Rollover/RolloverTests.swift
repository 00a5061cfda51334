import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Rolls `source` (the plan of `sourceDay`) over into `day`, with the new day's file `target` if given; checks
/// the result with `verify()`, and checks that rolling the result over again changes nothing.
func rollover(_ source: String?, of sourceDay: String = "2026-11-20", into target: String? = nil,
                      on day: String = "2026-11-21") throws -> Rollover {
    let opened = try #require(Day(day))
    let from = try #require(Day(sourceDay))
    let plan = try Rollover(opening: opened, from: source.map { (from, Array($0.utf8)) },
                            existing: target.map { Array($0.utf8) })
    try plan.verify()
    let again = try Rollover(opening: opened, from: plan.sourceAfter.map { (from, $0) }, existing: plan.targetAfter)
    try again.verify()
    #expect(!again.changesSource && !again.changesTarget, "a second run must change nothing")
    #expect(again.summary.carried == 0 && again.summary.deferred == 0 && again.summary.expired == 0)
    return plan
}

extension Rollover {
    var newSource: String { String(decoding: sourceAfter ?? [], as: UTF8.self) }
    var newTarget: String { String(decoding: targetAfter, as: UTF8.self) }
}

@Suite struct RolloverTests {
    // MARK: - What moves where

    /// Regions added at the top of an existing new day go after its byte-order mark: a mark moved down would
    /// make the heading after it text, and the tasks under that heading part of the region above (found by
    /// the fuzzer; rollover's check refused the result, so nothing was written, but nothing rolled over either).
    @Test func regionsAddedAtTheTopGoAfterAByteOrderMark() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n* [ ] Write the report @carry\n",
                                into: "\u{FEFF}## Notes\n- [ ] Stray\n")
        #expect(plan.newTarget == "\u{FEFF}## Morning\n* [ ] Write the report @carry\n\n## Notes\n- [ ] Stray\n")
        #expect(DayDocument(parsing: plan.targetAfter).sections.map(\.kind) == [.region(.morning), .other("Notes")])
    }

    /// The work keeps the old day's tasks for the check when its file is at most 1 MiB, and the check reads a
    /// bigger one again; both pass as made.
    @Test func theOldDaysTasksAreKeptForTheCheckOnlyWhenItsFileIsSmall() throws {
        let head = "# 2026-11-20\n\n## Morning\n* [ ] Call Mum\n\n## Backlog\n- [ ] Sort photos\n\n## Notes\n"
        let line = "A line of notes that rollover leaves where it is.\n"
        for (size, kept) in [(1 << 20, true), ((1 << 20) + 1, false)] {
            var text = head + String(repeating: line, count: (size - head.utf8.count) / line.utf8.count)
            text += String(repeating: "x", count: size - text.utf8.count - 1) + "\n"
            #expect(text.utf8.count == size)
            let plan = try rollover(text)
            #expect((plan.parsedOldDayTasks != nil) == kept, "\(size) bytes")
            #expect(plan.parsedOldDayTasks?.map(\.task.title) ?? ["Call Mum", "Sort photos"] == ["Call Mum", "Sort photos"])
            #expect(plan.summary.deferred == 1 && plan.newTarget.contains("- [ ] Sort photos"))
        }
    }

    @Test func carriedTaskComesBackInItsRegionAndBucket() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Afternoon
            + [ ] Draft the quarterly report #work @carry
            """)
        #expect(plan.newSource == """
            # 2026-11-20

            ## Afternoon
            + [>] Draft the quarterly report #work @carry
            """)
        #expect(plan.newTarget == """
            # 2026-11-21

            ## Morning

            ## Afternoon
            + [ ] Draft the quarterly report #work @carry

            ## Evening

            ## Backlog

            """)
        #expect(plan.summary == RolloverSummary(carried: 1, backlog: 0))
    }

    @Test func openTaskWithoutCarryIsDeferredToTheBacklogWithItsDay() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            * [ ] Call the plumber
            - [/] Answer Ana @from:2026-11-17

            ## Evening
            - [ ] Stretch

            """)
        #expect(plan.newSource == """
            # 2026-11-20

            ## Morning
            * [>] Call the plumber
            - [>] Answer Ana @from:2026-11-17

            ## Evening
            - [>] Stretch

            """)
        // In progress stays in progress; an existing @from is kept.
        #expect(plan.newTarget.hasSuffix("""
            ## Backlog
            * [ ] Call the plumber @from:2026-11-20
            - [/] Answer Ana @from:2026-11-17
            - [ ] Stretch @from:2026-11-20

            """))
        #expect(plan.summary == RolloverSummary(deferred: 3, backlog: 3))
    }

    @Test func finishedMovedAndCancelledTasksStayWhereTheyAre() throws {
        let source = """
            # 2026-11-20

            ## Morning
            * [x] Ship it
            + [X] Ship the docs
            - [-] Buy stamps
            - [>] Moved on already

            ## Backlog
            - [x] Done in the backlog

            """
        let plan = try rollover(source)
        #expect(!plan.changesSource)
        #expect(plan.sourceChanges.isEmpty)
        #expect(DayDocument(parsing: plan.targetAfter).allTasks.isEmpty)
    }

    @Test func backlogMovesForwardUnchanged() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Backlog
            - [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-19
            + [/] Learn Swift macros
              start with the proposal
            * [ ] Captured idea

            """)
        #expect(plan.newSource.contains("- [>] Renew passport #admin @expires:2026-12-01 @from:2026-11-19\n+ [>] Learn Swift macros\n"))
        #expect(plan.newSource.contains("* [>] Captured idea\n"))
        #expect(plan.newTarget.hasSuffix("""
            ## Backlog
            - [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-19
            + [/] Learn Swift macros
              start with the proposal
            * [ ] Captured idea

            """))
        #expect(plan.summary == RolloverSummary(backlog: 3))
    }

    // MARK: - Expiry

    @Test func expiredTaskIsDroppedVisibly() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            - [ ] Book the concert @expires:2026-11-20

            ## Backlog
            - [ ] Apply for the grant @expires:2026-11-19
            - [ ] Renew passport @expires:2026-11-21

            """)
        // Expiring on the new day itself is not yet expired; before it is.
        #expect(plan.newSource == """
            # 2026-11-20

            ## Morning
            - [-] Book the concert @expires:2026-11-20 @expired

            ## Backlog
            - [-] Apply for the grant @expires:2026-11-19 @expired
            - [>] Renew passport @expires:2026-11-21

            """)
        #expect(!plan.newTarget.contains("Book the concert"))
        #expect(!plan.newTarget.contains("Apply for the grant"))
        #expect(plan.newTarget.contains("- [ ] Renew passport @expires:2026-11-21\n"))
        #expect(plan.summary == RolloverSummary(expired: 2, backlog: 1))
    }

    @Test func carriedTasksComeBackWhateverTheirExpiry() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Evening
            + [ ] Practise the piano @carry @expires:2026-11-01

            ## Backlog
            - [ ] Water the plants @carry @expires:2026-11-01

            """)
        #expect(plan.newTarget.contains("## Evening\n+ [ ] Practise the piano @carry @expires:2026-11-01\n"))
        #expect(plan.newTarget.contains("## Backlog\n- [ ] Water the plants @carry @expires:2026-11-01\n"))
        #expect(plan.summary == RolloverSummary(carried: 1, backlog: 1))
    }

    @Test func expiredTrailingWhiteSpaceAndExistingFlagAreKept() throws {
        let plan = try rollover("# 2026-11-20\n\n## Backlog\n- [ ] Old idea @expires:2026-11-01   \n- [/] Odd @expired @expires:2026-11-01\n")
        #expect(plan.newSource == "# 2026-11-20\n\n## Backlog\n- [-] Old idea @expires:2026-11-01 @expired   \n- [-] Odd @expired @expires:2026-11-01\n")
    }

    // MARK: - What travels with a task

    @Test func notesAndMetadataTravel() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            + [/] Update the onboarding doc #docs #team/platform @sticky @expires:2026-12-24
                the section on local setup is stale
                  - step 3 fails on Linux

                ask Ana for the new screenshots
            - [x] Finished
              its notes stay

            """)
        #expect(plan.newTarget.hasSuffix("""
            ## Backlog
            + [/] Update the onboarding doc #docs #team/platform @sticky @expires:2026-12-24 @from:2026-11-20
              the section on local setup is stale
                - step 3 fails on Linux

              ask Ana for the new screenshots

            """))
        #expect(!plan.newTarget.contains("its notes stay"))
    }

    /// The time spent on a task, and a running start, stay with the old day's line: the new day's copy
    /// starts with none, whichever way it comes (carried, deferred, or from the Backlog), and the old day's
    /// `[>]` line keeps both, byte for byte, so `report --spent` still counts that day.
    @Test func timeSpentStaysWithTheOldDay() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            * [/] Write the talk @carry @est:2h @spent:1h20m
            + [ ] Review the pull request @est:30m @spent:10m @running:11:05

            ## Backlog
            - [ ] Sort photos @spent:5m

            """)
        #expect(plan.newSource.contains("* [>] Write the talk @carry @est:2h @spent:1h20m\n"))
        #expect(plan.newSource.contains("+ [>] Review the pull request @est:30m @spent:10m @running:11:05\n"))
        #expect(plan.newSource.contains("- [>] Sort photos @spent:5m\n"))
        #expect(plan.newTarget.contains("* [/] Write the talk @carry @est:2h\n"))
        #expect(plan.newTarget.contains("+ [ ] Review the pull request @from:2026-11-20 @est:30m\n"))
        #expect(plan.newTarget.contains("- [ ] Sort photos\n"))
        #expect(!plan.newTarget.contains("@spent:") && !plan.newTarget.contains("@running:"))
    }

    @Test func whatIsAddedKeepsItsOrderButStickyTasksLeadTheirBucket() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            - [ ] Reply to Bo @carry
            + [ ] Review the pull request @carry
            - [ ] Water the plants @carry @sticky
            * [ ] Write the talk @carry
            - [ ] Feed the cat @carry @sticky

            ## Afternoon
            + [ ] Fix the flaky test

            ## Backlog
            - [ ] Sort photos
            + [ ] Read the paper @sticky
            - [ ] Stand-up notes @sticky
            """, into: """
            # 2026-11-21

            ## Morning
            - [ ] Already planned

            """)
        // Sticky tasks go before the first non-sticky task of their bucket among what is added, in their own
        // order; the rest keep the old day's order; tasks already in the new day keep their places.
        #expect(plan.newTarget == """
            # 2026-11-21

            ## Morning
            - [ ] Already planned
            - [ ] Water the plants @carry @sticky
            - [ ] Feed the cat @carry @sticky
            - [ ] Reply to Bo @carry
            + [ ] Review the pull request @carry
            * [ ] Write the talk @carry

            ## Backlog
            + [ ] Read the paper @sticky
            + [ ] Fix the flaky test @from:2026-11-20
            - [ ] Stand-up notes @sticky
            - [ ] Sort photos

            """)
    }

    // MARK: - Line endings and bytes

    @Test func crlfSourceKeepsCRLFAndTheNewDayUsesIt() throws {
        let plan = try rollover("# 2026-11-20\r\n\r\n## Morning\r\n* [ ] Plan the week @carry\r\n- [ ] Buy milk\r\n  semi-skimmed\r\n\r\n## Backlog\r\n- [ ] Old @expires:2026-11-01\r\n")
        #expect(plan.newSource == "# 2026-11-20\r\n\r\n## Morning\r\n* [>] Plan the week @carry\r\n- [>] Buy milk\r\n  semi-skimmed\r\n\r\n## Backlog\r\n- [-] Old @expires:2026-11-01 @expired\r\n")
        #expect(plan.newTarget == "# 2026-11-21\r\n\r\n## Morning\r\n* [ ] Plan the week @carry\r\n\r\n## Afternoon\r\n\r\n## Evening\r\n\r\n## Backlog\r\n- [ ] Buy milk @from:2026-11-20\r\n  semi-skimmed\r\n")
    }

    @Test func eachEditedLineKeepsItsOwnLineEnding() throws {
        let plan = try rollover("# 2026-11-20\r\n\n## Morning\n- [ ] LF line\r\n- [ ] CRLF line\r\n- [ ] Last line without a break")
        #expect(plan.newSource == "# 2026-11-20\r\n\n## Morning\n- [>] LF line\r\n- [>] CRLF line\r\n- [>] Last line without a break")
    }

    @Test func byteOrderMarkAndFrontMatterDoNotShiftEdits() throws {
        let plan = try rollover("\u{FEFF}---\ntitle: Friday\n---\n# 2026-11-20\n\n## Morning\n- [ ] Ünïcödé task ✓\n")
        #expect(plan.newSource == "\u{FEFF}---\ntitle: Friday\n---\n# 2026-11-20\n\n## Morning\n- [>] Ünïcödé task ✓\n")
        #expect(plan.sourceChanges == [Rollover.LineChange(line: 7, old: "- [ ] Ünïcödé task ✓", new: "- [>] Ünïcödé task ✓")])
    }

    @Test func linesRolloverDoesNotUnderstandStayUntouched() throws {
        let source = """
            # 2026-11-20
            A preamble line   \t
            ## Morning
            -   [ ]   Spaced    out   task   @carry
            - [?] Unknown status
            - no status box
            ```
            - [ ] inside a fence
            ```
            ## Notes
            - [ ] not a task: notes are free text
            ## Backlog
            """
        let plan = try rollover(source)
        #expect(plan.newSource == source.replacing("-   [ ]   Spaced", with: "-   [>]   Spaced"))
        #expect(DayDocument(parsing: plan.targetAfter).allTasks.map(\.canonicalLine) == ["- [ ] Spaced out task @carry"])
    }

    // MARK: - A new day that already has a file

    @Test func existingTargetKeepsItsBytesAndGetsTasksInserted() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            * [ ] Write the talk @carry

            ## Backlog
            - [ ] Renew passport

            """, into: """
            ---
            mood: planned ahead
            ---
            # 2026-11-21
            Written on Friday.

            ##   morning  ##
            -    [ ]  Call Mum   @sticky
              she asked about the trip

            Lunch at one.

            ## Backlog

            - [x] Done early

            ## Notes
            Keep.
            """)
        #expect(plan.newTarget == """
            ---
            mood: planned ahead
            ---
            # 2026-11-21
            Written on Friday.

            ##   morning  ##
            -    [ ]  Call Mum   @sticky
              she asked about the trip
            * [ ] Write the talk @carry

            Lunch at one.

            ## Backlog

            - [x] Done early
            - [ ] Renew passport

            ## Notes
            Keep.
            """)
        #expect(plan.addedLines == [Rollover.AddedLine(line: 10, text: "* [ ] Write the talk @carry"),
                                    Rollover.AddedLine(line: 17, text: "- [ ] Renew passport")])
    }

    @Test func missingRegionHeadingsAreAddedInCanonicalPosition() throws {
        let source = """
            # 2026-11-20

            ## Morning
            * [ ] A @carry

            ## Evening
            - [ ] E @carry
            - [ ] To the backlog

            """
        let plan = try rollover(source, into: "# 2026-11-21\n## Afternoon\nLunch with Bo.\n## Notes\nKeep.\n")
        #expect(plan.newTarget == """
            # 2026-11-21

            ## Morning
            * [ ] A @carry

            ## Afternoon
            Lunch with Bo.

            ## Evening
            - [ ] E @carry

            ## Backlog
            - [ ] To the backlog @from:2026-11-20

            ## Notes
            Keep.

            """)
        let onlyHeading = try rollover(source, into: "# 2026-11-21")
        #expect(onlyHeading.newTarget == """
            # 2026-11-21

            ## Morning
            * [ ] A @carry

            ## Evening
            - [ ] E @carry

            ## Backlog
            - [ ] To the backlog @from:2026-11-20
            """)
    }

    @Test func regionWithoutTasksGetsThemAfterItsHeadingUnlessThatWouldMakeNotes() throws {
        let source = "# 2026-11-20\n\n## Morning\n- [ ] A @carry\n\n## Backlog\n- [ ] B\n"
        let plan = try rollover(source, into: "# 2026-11-21\n\n## Morning\nNo meetings.\n\n## Backlog\n    indented text, not notes\n\n## Notes\n")
        #expect(plan.newTarget == "# 2026-11-21\n\n## Morning\n- [ ] A @carry\nNo meetings.\n\n## Backlog\n    indented text, not notes\n- [ ] B\n\n## Notes\n")
        let backlog = DayDocument(parsing: plan.targetAfter).sections.first { $0.region == .backlog }
        #expect(backlog?.tasks.first?.notes == [])
    }

    @Test func targetWithoutFinalLineBreakStaysWithoutOne() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n- [ ] A @carry\n", into: "# 2026-11-21\n\n## Morning\n- [ ] Mine")
        #expect(plan.newTarget == "# 2026-11-21\n\n## Morning\n- [ ] Mine\n- [ ] A @carry")
    }

    @Test func crlfTargetGetsCRLFLines() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n- [ ] A\n  note\n",
                                into: "# 2026-11-21\r\n\r\n## Morning\r\n- [ ] Mine\r\n")
        #expect(plan.newTarget == "# 2026-11-21\r\n\r\n## Morning\r\n- [ ] Mine\r\n\r\n## Backlog\r\n- [ ] A @from:2026-11-20\r\n  note\r\n")
    }

    @Test func taskAlreadyInTheNewDayIsNotAddedAgain() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            * [ ] Write the talk @carry
            - [ ] Buy milk

            ## Backlog
            - [ ] Renew passport
            - [ ] Fresh one

            """, into: """
            # 2026-11-21

            ## Afternoon
            * [x] Write the talk

            ## Backlog
            - [ ] Buy milk @from:2026-11-20
            - [-] Renew passport

            """)
        // Each is marked moved on in the old day, and only the one not there yet is added.
        #expect(!plan.newSource.contains("[ ]"))
        #expect(plan.newTarget == """
            # 2026-11-21

            ## Afternoon
            * [x] Write the talk

            ## Backlog
            - [ ] Buy milk @from:2026-11-20
            - [-] Renew passport
            - [ ] Fresh one

            """)
        #expect(plan.summary == RolloverSummary(alreadyPlanned: 3, backlog: 2))
    }

    /// Two open tasks of one title are two tasks (four pomodoros are four), each where rollover
    /// puts it; before, the second was taken for the first and counted "already planned". (This test said the
    /// opposite, "come forward once", which is what the issue reports as the fault.)
    @Test func twoOpenTasksWithOneTitleAreTwoTasks() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n- [ ] Call Mum @carry\n\n## Backlog\n- [ ] Call Mum\n")
        #expect(plan.newSource == "# 2026-11-20\n\n## Morning\n- [>] Call Mum @carry\n\n## Backlog\n- [>] Call Mum\n")
        #expect(DayDocument(parsing: plan.targetAfter).allTasks.map(\.canonicalLine) == ["- [ ] Call Mum @carry", "- [ ] Call Mum"])
        #expect(plan.summary == RolloverSummary(carried: 1, backlog: 1))
        let pomodoros = try rollover("# 2026-11-20\n\n## Morning\n" + String(repeating: "- [ ] Worked a pomodoro chunk\n", count: 4)
                                     + "\n## Backlog\n- [ ] Drink water\n- [ ] Drink water\n")
        let titles = DayDocument(parsing: pomodoros.targetAfter).allTasks.map(\.title)
        #expect(titles == Array(repeating: "Worked a pomodoro chunk", count: 4) + ["Drink water", "Drink water"])
        #expect(pomodoros.summary == RolloverSummary(deferred: 4, backlog: 6))
        // Run again on a new day that already holds them (a run cut short between its writes): nothing is added.
        let again = try Rollover(opening: pomodoros.day, from: (try #require(pomodoros.sourceDay), pomodoros.sourceBefore ?? []),
                                 existing: pomodoros.targetAfter)
        #expect(again.targetAfter == pomodoros.targetAfter)
        #expect(again.summary.alreadyPlanned == 6)
        #expect(again.problems() == [])
        // One of the two already there: the other comes forward.
        let one = Array("# 2026-11-21\n\n## Backlog\n- [ ] Drink water\n".utf8)
        let half = try Rollover(opening: pomodoros.day, from: (try #require(pomodoros.sourceDay), pomodoros.sourceBefore ?? []),
                                existing: one)
        #expect(DayDocument(parsing: half.targetAfter).allTasks.filter { $0.title == "Drink water" }.count == 2)
        #expect(half.summary.alreadyPlanned == 1)
        #expect(half.problems() == [])
    }

    // MARK: - Runs and days

    @Test func secondRunForTheSameDayChangesNothing() throws {
        let first = try rollover("# 2026-11-20\n\n## Morning\n* [ ] A @carry\n- [ ] B\n\n## Backlog\n- [ ] C @expires:2026-11-01\n")
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        let second = try Rollover(opening: day, from: (from, try #require(first.sourceAfter)), existing: first.targetAfter)
        #expect(second.sourceAfter == first.sourceAfter)
        #expect(second.targetAfter == first.targetAfter)
        #expect(second.sourceChanges.isEmpty && second.addedLines.isEmpty)
        #expect(second.summary == RolloverSummary(backlog: 1))
    }

    @Test func withNoEarlierPlanItStartsABlankDay() throws {
        let plan = try rollover(nil)
        #expect(plan.newTarget == "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        #expect(plan.sourceAfter == nil && plan.sourceDay == nil)
        #expect(plan.addedLines.map(\.line) == Array(1...9))
        let kept = try rollover(nil, into: "# 2026-11-21\nTyped ahead, and no region yet: kept as it is.\n## Notes\n")
        #expect(!kept.changesTarget)
    }

    @Test func afterAWeekendTheDaysComeFromFriday() throws {
        let plan = try rollover("""
            # 2026-11-20

            ## Morning
            - [ ] Weekly review

            ## Backlog
            - [ ] Saturday market @expires:2026-11-21
            - [ ] Monday call @expires:2026-11-23

            """, of: "2026-11-20", on: "2026-11-23")
        #expect(plan.newTarget.hasPrefix("# 2026-11-23\n"))
        #expect(plan.newTarget.hasSuffix("## Backlog\n- [ ] Weekly review @from:2026-11-20\n- [ ] Monday call @expires:2026-11-23\n"))
        #expect(plan.newSource.contains("- [-] Saturday market @expires:2026-11-21 @expired\n"))
        #expect(plan.summary == RolloverSummary(deferred: 1, expired: 1, backlog: 2))
    }

    @Test func changedLinesAreListedForADryRun() throws {
        let plan = try rollover("# 2026-11-20\n\n## Morning\n- [ ] A\n- [x] B\n\n## Backlog\n- [ ] C @expires:2026-11-01\n")
        #expect(plan.sourceChanges == [
            Rollover.LineChange(line: 4, old: "- [ ] A", new: "- [>] A"),
            Rollover.LineChange(line: 8, old: "- [ ] C @expires:2026-11-01", new: "- [-] C @expires:2026-11-01 @expired"),
        ])
    }
}
