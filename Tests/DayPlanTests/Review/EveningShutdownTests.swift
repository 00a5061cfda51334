import Testing
@testable import DayPlan
@testable import DayPlanFlow

/// `EveningShutdown` on values: the answers read, each decision an edit of its task's line alone, all of them one
/// edit of the file, and the next rollover doing what each decision said.
@Suite struct EveningShutdownTests {
    /// A Friday.
    static let day = Day("2026-12-04")!
    static let evening = LocalTime(day: day, secondOfDay: 20 * 3600 + 15 * 60)
    static let text = """
        # 2026-12-04

        ## Morning
        + [ ] Write the report #work
        - [x] Coffee

        ## Afternoon
        * [/] Call Ana @carry
        - [ ] Buy milk
          - [ ] oat
          - [x] cow
        - [ ] Book the dentist @on:2026-12-05/evening

        ## Evening
        - [ ] Read a chapter @running:19:30
        + [ ] Fix the shelf @carry

        ## Backlog
        - [ ] Fix the bike

        """

    @Test(arguments: [
        ("t", EveningShutdown.Decision.tomorrow), ("Tomorrow", .tomorrow), ("b", .backlog), ("backlog", .backlog),
        ("c", .cancel), ("cancel", .cancel), ("d", .done), ("DONE", .done), ("k", .keep), ("keep", .keep),
        ("o friday", .on(Day("2026-12-11")!, nil)), ("friday afternoon", .on(Day("2026-12-11")!, .afternoon)),
        ("friday/afternoon", .on(Day("2026-12-11")!, .afternoon)), ("on monday", .on(Day("2026-12-07")!, nil)),
        ("next week", .on(Day("2026-12-07")!, nil)), ("in 3 days", .on(Day("2026-12-07")!, nil)),
        ("2026-12-08", .on(Day("2026-12-08")!, nil)), ("o 2026-12-08/evening", .on(Day("2026-12-08")!, .evening)),
        ("2026-12-01", .on(Day("2026-12-01")!, nil)), ("tomorrow evening", .on(Day("2026-12-05")!, .evening)),
    ])
    func answersAreRead(_ answer: String, _ decision: EveningShutdown.Decision) {
        #expect(EveningShutdown.Decision(reading: answer, today: Self.day) == decision, "\(answer)")
    }

    @Test(arguments: ["", "x", "tomorow", "Read 1984", "friday at 3pm", "friday for 30m", "2026-12-08/noon", "t t", "o"])
    func otherWordsAreNoAnswer(_ answer: String) {
        #expect(EveningShutdown.Decision(reading: answer, today: Self.day) == nil, "\(answer)")
    }

    /// The open tasks of the regions, in file order; a Backlog task and a finished one are not asked about.
    @Test func theTasksAskedAboutAreTheRegionsOpenOnes() {
        let tasks = EveningShutdown.openTasks(in: DayEditor(Array(Self.text.utf8)))
        #expect(tasks.map(\.task.title) == ["Write the report #work", "Call Ana", "Buy milk", "Book the dentist", "Read a chapter", "Fix the shelf"])
    }

    /// Each decision changes its task's line alone (and the sub-task boxes of one done), all as one edit whose
    /// inverse gives the evening back; the running timer is stopped first.
    @Test func theDecisionsAreOneEditOfTheirLines() throws {
        let bytes = Array(Self.text.utf8)
        let editor = DayEditor(bytes)
        let outcome = try EveningShutdown.apply([(4, .tomorrow), (8, .on(Day("2026-12-09")!, nil)), (9, .done), (12, .backlog),
                                                 (15, .cancel), (16, .backlog)], in: editor, day: Self.day, now: Self.evening)
        #expect(String(decoding: outcome.edit.after, as: UTF8.self) == """
            # 2026-12-04

            ## Morning
            + [ ] Write the report #work @on:2026-12-05/morning
            - [x] Coffee

            ## Afternoon
            * [/] Call Ana @carry @on:2026-12-09/afternoon
            - [x] Buy milk
              - [x] oat
              - [x] cow
            - [ ] Book the dentist

            ## Evening
            - [-] Read a chapter @spent:45m
            + [ ] Fix the shelf @carry @on:2026-12-05/backlog

            ## Backlog
            - [ ] Fix the bike

            """)
        #expect(outcome.edit.edits.count == 1)
        #expect(TextEdit.apply(outcome.edit.inverse, to: outcome.edit.after) == bytes)
        #expect(outcome.said.map(\.line) == [4, 8, 9, 12, 15, 16])
        #expect(outcome.said.map(\.text) == [
            "tomorrow, Saturday 2026-12-05, in the Morning: Write the report #work",
            "Wednesday 2026-12-09, in the Afternoon (it waits in the Backlog until then): Call Ana",
            "done, with its 1 open sub-task: Buy milk",
            "to the Backlog at the next rollover (its @on: taken off): Book the dentist",
            "cancelled; timing stopped after 45m: Read a chapter",
            "to the Backlog at the next rollover (instead of carrying it, as its @carry would): Fix the shelf",
        ])
        #expect(outcome.edit.summary == "evening review: 1 for tomorrow, 1 for a later day, 1 done, 2 to the Backlog, 1 cancelled")
    }

    /// Then the rollover into tomorrow does what each decision said: tomorrow's task in its region, the later
    /// day's waiting in the Backlog, the carried task taken to the Backlog once, a kept one as rollover does it.
    @Test func theNextRolloverDoesWhatWasDecided() throws {
        let editor = DayEditor(Array(Self.text.utf8))
        let outcome = try EveningShutdown.apply([(4, .tomorrow), (8, .on(Day("2026-12-09")!, nil)), (9, .keep), (12, .tomorrow),
                                                 (15, .done), (16, .backlog)], in: editor, day: Self.day, now: Self.evening)
        let plan = try Rollover(opening: Self.day.adding(days: 1), from: (Self.day, outcome.edit.after), existing: nil)
        try plan.verify()
        #expect(String(decoding: plan.targetAfter, as: UTF8.self) == """
            # 2026-12-05

            ## Morning
            + [ ] Write the report #work @from:2026-12-04

            ## Afternoon
            - [ ] Book the dentist @from:2026-12-04

            ## Evening

            ## Backlog
            + [ ] Fix the shelf @carry
            * [/] Call Ana @carry @on:2026-12-09/afternoon @from:2026-12-04
            - [ ] Buy milk @from:2026-12-04
              - [ ] oat
            - [ ] Fix the bike

            """)
    }

    /// A day not after the day reviewed is refused with the task's title, and nothing is applied.
    @Test func aDayNotLaterIsRefused() {
        let editor = DayEditor(Array(Self.text.utf8))
        #expect {
            try EveningShutdown.apply([(4, .tomorrow), (8, .on(Self.day, nil))], in: editor, day: Self.day, now: Self.evening)
        } throws: { error in
            (error as? EveningShutdown.Problem)?.message == "Call Ana: 2026-12-04 is not after the day reviewed; give a later day, or t for tomorrow"
        }
    }

    /// Generated days, every decision at random: the file keeps its lines, only the decided tasks' lines change,
    /// one edit undoes it all, and the rollover into tomorrow passes its own check.
    @Test(arguments: Array(UInt64(1)...UInt64(60)))
    func generatedDaysKeepEveryOtherLine(seed: UInt64) throws {
        var generator = DocumentGenerator(seed: seed)
        let bytes = generator.file(day: Self.day)
        let editor = DayEditor(bytes)
        guard editor.document.formattingBlockers.isEmpty else { return }
        let choices: [EveningShutdown.Decision] = [.tomorrow, .on(Day("2026-12-10")!, nil), .on(Day("2026-12-06")!, .evening),
                                                   .backlog, .cancel, .done, .keep]
        let tasks = EveningShutdown.openTasks(in: editor)
        let decisions = tasks.map { ($0.task.line, generator.pick(choices)) }
        let outcome = try EveningShutdown.apply(decisions, in: editor, day: Self.day, now: Self.evening)
        // By bytes: a CRLF line ending is one Character, so a String would not split there.
        let before = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let after = outcome.edit.after.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        #expect(before.count == after.count)
        let decided = Set(tasks.flatMap { $0.task.line..<($0.task.line + $0.task.lineSpan) })
        for (index, pair) in zip(before, after).enumerated() where pair.0 != pair.1 {
            #expect(decided.contains(index + 1), "seed \(seed): line \(index + 1) changed: \(pair.0) -> \(pair.1)")
        }
        #expect(outcome.edit.edits.count <= 1)
        #expect(TextEdit.apply(outcome.edit.inverse, to: outcome.edit.after) == bytes)
        let plan = try Rollover(opening: Self.day.adding(days: 1), from: (Self.day, outcome.edit.after), existing: nil)
        try plan.verify()
        // Each task decided for tomorrow is there, open, in its region or (without room) still scheduled in the Backlog.
        let tomorrow = DayDocument(parsing: plan.targetAfter)
        for (line, decision) in decisions where decision == .tomorrow {
            let title = try #require(editor.task(at: line)).task.title
            #expect(tomorrow.allTasks.contains { $0.title == title && $0.status.isOpen }, "seed \(seed): \(title)")
        }
    }
}
