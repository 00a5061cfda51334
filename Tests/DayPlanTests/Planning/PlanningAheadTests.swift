import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `@due:`, `@on:` and routines (`@every:`), in the library.
@Suite struct PlanningAheadTests {
    static func day(_ text: String) -> Day { Day(text)! }

    @Test(arguments: [
        ("day", "day"), ("WEEKDAY", "weekday"), ("weekend", "weekend"), ("fri,mon,wed", "mon,wed,fri"),
        ("month:1", "month:1"), ("month:31", "month:31"), ("month:last", "month:last"),
        ("week:2/2026-11-23", "week:2/2026-11-23"), ("yearly:11-24", "yearly:11-24"), ("yearly:02-29", "yearly:02-29"),
    ])
    func recurrencesReadAndWriteBack(_ text: String, _ canonical: String) throws {
        #expect(try #require(Recurrence(text)).description == canonical)
    }

    @Test(arguments: ["", "fortnight", "mon,,fri", "mon,mon", "month:0", "month:32", "month:x", "week:0/2026-11-23",
                      "week:2", "week:2/2026-02-30", "yearly:13-01", "yearly:02-30", "days"])
    func badRecurrencesAreNone(_ text: String) {
        #expect(Recurrence(text) == nil, "\(text)")
    }

    @Test func recurrencesAreDueOnTheirDays() throws {
        // 2026-11-23 is a Monday.
        let monday = Self.day("2026-11-23")
        let week = (0..<7).map { monday.adding(days: $0) }
        #expect(week.map { Recurrence.weekdays.isDue(on: $0) } == [true, true, true, true, true, false, false])
        #expect(week.map { Recurrence.weekends.isDue(on: $0) } == [false, false, false, false, false, true, true])
        #expect(week.map { Recurrence("mon,wed,fri")!.isDue(on: $0) } == [true, false, true, false, true, false, false])
        #expect(Recurrence.monthEnd.isDue(on: Self.day("2026-11-30")) && !Recurrence.monthEnd.isDue(on: Self.day("2026-11-29")))
        #expect(Recurrence.monthEnd.isDue(on: Self.day("2028-02-29")))
        // A month without the 31st has no such day.
        #expect(!(1...30).contains { Recurrence.monthDay(31).isDue(on: Self.day("2026-11-01").adding(days: $0 - 1)) })
        let fortnightly = try #require(Recurrence("week:2/2026-11-23"))
        #expect((0..<42).filter { fortnightly.isDue(on: monday.adding(days: $0 - 7)) } == [7, 21, 35])
        #expect(Recurrence.yearly(month: 11, day: 24).isDue(on: Self.day("2031-11-24")))
    }

    @Test func metadataIsReadAndWrittenInCanonicalOrder() throws {
        let document = DayDocument(parsing: "# 2026-11-21\n## Backlog\n- [ ] Pay rent @due:2026-12-01 @ON:2026-11-30/Afternoon @every:month:last @carry\n")
        let task = try #require(document.allTasks.first)
        #expect(task.metadata == TaskMetadata(carry: true, every: .monthEnd, on: Self.day("2026-11-30"), onRegion: .afternoon,
                                             due: Self.day("2026-12-01")))
        #expect(task.canonicalLine == "- [ ] Pay rent @carry @every:month:last @on:2026-11-30/afternoon @due:2026-12-01")
        #expect(document.diagnostics.isEmpty)
    }

    @Test func badValuesAreFindingsAtTheirColumn() {
        let document = DayDocument(parsing: "# 2026-11-21\n## Backlog\n- [ ] a @every:often @on:2026-11-30/noon @due:soon\n")
        #expect(document.diagnostics.map(\.rule) == [.badRecurrence, .badMetadata, .badMetadata])
        #expect(document.diagnostics.map(\.start.column) == [9, 22, 42])
        #expect(document.allTasks.first?.title == "a @every:often @on:2026-11-30/noon @due:soon")
    }

    @Test func overdueIsReportedOnTodaysPlanOnly() {
        let text = Array("# 2026-11-21\n## Morning\n- [ ] Tax return @due:2026-11-20\n- [ ] Today @due:2026-11-21\n- [x] Done @due:2026-11-01\n- [ ] Later @due:2026-11-22\n".utf8)
        let today = Linter.lint(text, fileName: "2026-11-21.md", today: Self.day("2026-11-21"))
        #expect(today.map(\.rule) == [.overdue, .overdue])
        #expect(today.map(\.start.line) == [3, 4])
        #expect(today.first?.message == "Tax return was due on 2026-11-20, 1 day ago; do it, or move the deadline with `@due:`.")
        #expect(today.last?.message == "Today is due today; do it, or move the deadline with `@due:`.")
        #expect(Linter.lint(text, fileName: "2026-11-21.md", today: Self.day("2026-11-25")).isEmpty)
        #expect(Linter.lint(text, fileName: "2026-11-21.md").isEmpty)
    }

    // MARK: - Rollover

    static func rollover(_ old: String, into existing: String? = nil, routines: String? = nil, on day: String = "2026-11-21") throws -> Rollover {
        let plan = try Rollover(opening: Self.day(day), from: (Self.day(day).adding(days: -1), Array(old.utf8)),
                                existing: existing.map { Array($0.utf8) },
                                routines: routines.map { DayDocument(parsing: $0) })
        try plan.verify()
        return plan
    }

    static func text(_ plan: Rollover) -> String { String(decoding: plan.targetAfter, as: UTF8.self) }

    @Test func scheduledTasksArePlacedOnTheirDayWhereThereIsRoom() throws {
        let old = """
            # 2026-11-20

            ## Backlog
            - [ ] Not yet @on:2026-11-25
            - [ ] Call the plumber @on:2026-11-21/morning
            * [ ] First must @on:2026-11-21/morning
            * [ ] Too many musts @on:2026-11-21/morning
            - [ ] Top of the backlog @on:2026-11-19
            - [ ] Plain

            """
        let plan = try Self.rollover(old)
        #expect(Self.text(plan) == """
            # 2026-11-21

            ## Morning
            - [ ] Call the plumber
            * [ ] First must

            ## Afternoon

            ## Evening

            ## Backlog
            * [ ] Too many musts @on:2026-11-21/morning
            - [ ] Top of the backlog
            - [ ] Not yet @on:2026-11-25
            - [ ] Plain

            """)
        #expect(plan.placements.map(\.title) == ["Call the plumber", "First must", "Too many musts", "Top of the backlog"])
        #expect(plan.placements.map(\.region) == [.morning, .morning, .backlog, .backlog])
        #expect(plan.placements.map(\.wanted) == [nil, nil, .morning, nil])
        #expect(plan.summary.scheduled == 4)
    }

    /// What `review --evening` writes for "tomorrow" and "a day": `@on:` on a task of a region.
    @Test func aRegionsTaskScheduledForTheNewDayIsPlacedAndOneForLaterWaitsInTheBacklog() throws {
        let old = """
            # 2026-11-20

            ## Morning
            * [ ] Write the report @on:2026-11-21/afternoon
            + [/] Fix the build @carry @on:2026-11-25/morning
            - [ ] Call Ana @carry @on:2026-11-21
            - [ ] Water the plants @on:2026-11-19

            ## Afternoon
            * [ ] Must that stays
            * [ ] No room for me @on:2026-11-21/afternoon

            """
        let plan = try Self.rollover(old)
        #expect(Self.text(plan) == """
            # 2026-11-21

            ## Morning
            - [ ] Call Ana @carry

            ## Afternoon
            * [ ] Write the report @from:2026-11-20

            ## Evening

            ## Backlog
            - [ ] Water the plants @from:2026-11-20
            * [ ] No room for me @on:2026-11-21/afternoon @from:2026-11-20
            + [/] Fix the build @carry @on:2026-11-25/morning @from:2026-11-20
            * [ ] Must that stays @from:2026-11-20

            """)
        #expect(plan.placements.map(\.title) == ["Write the report", "Call Ana", "Water the plants", "No room for me"])
        #expect(plan.placements.map(\.wanted) == [nil, nil, nil, .afternoon])
        #expect(plan.summary.scheduled == 4 && plan.summary.deferred == 2 && plan.summary.carried == 0)
    }

    @Test func aScheduledTaskCountsWhatTheNewDayAlreadyHolds() throws {
        let old = "# 2026-11-20\n\n## Backlog\n+ [ ] Review @on:2026-11-21/afternoon\n"
        let existing = "# 2026-11-21\n\n## Afternoon\n+ [ ] a\n+ [ ] b\n+ [x] done\n+ [ ] c\n"
        let plan = try Self.rollover(old, into: existing)
        #expect(plan.placements.first?.region == .backlog && plan.placements.first?.wanted == .afternoon)
        #expect(Self.text(plan).hasSuffix("## Backlog\n+ [ ] Review @on:2026-11-21/afternoon\n"))
        #expect(Linter.lint(plan.targetAfter, fileName: "2026-11-21.md").filter { $0.rule == .bucketLimit }.isEmpty)
    }

    @Test func routinesDueOnTheDayAreAddedOnceAndRespectTheLimits() throws {
        let routines = """
            ## Morning
            * [ ] Plan the week @every:mon
            - [ ] Inbox zero @every:weekday
            * [ ] Gym @every:day
            - [ ] Water the plants @every:sun

            ## Backlog
            - [ ] Check the budget @every:month:last
              notes travel with it
            - [x] A finished routine is ignored @every:day

            """
        let old = "# 2026-11-29\n\n## Morning\n- [ ] Inbox zero\n"
        // 2026-11-30 is a Monday and the last day of November.
        let plan = try Self.rollover(old, routines: routines, on: "2026-11-30")
        #expect(Self.text(plan) == """
            # 2026-11-30

            ## Morning
            * [ ] Plan the week
            - [ ] Inbox zero

            ## Afternoon

            ## Evening

            ## Backlog
            * [ ] Gym
            - [ ] Check the budget
              notes travel with it

            """)
        // Yesterday's unfinished "Inbox zero" is the routine's copy for today: it comes to the routine's region,
        // not to the Backlog for good.
        #expect(plan.summary.routines == 4)
        #expect(plan.summary.routinesAlreadyThere == 0)
        #expect(plan.summary.deferred == 0)
        #expect(plan.placements.map(\.title) == ["Plan the week", "Inbox zero", "Gym", "Check the budget"])
        #expect(plan.placements.map(\.oldDayLine) == [nil, 4, nil, nil])
        #expect(plan.placements[2].wanted == .morning)
        let again = try Rollover(opening: Self.day("2026-11-30"), from: (Self.day("2026-11-29"), plan.sourceAfter!),
                                 existing: plan.targetAfter, routines: DayDocument(parsing: routines))
        #expect(again.targetAfter == plan.targetAfter)
        #expect(again.placements.isEmpty)
    }

    /// A routine's copy left unfinished in the Backlog (deferred there the day before) is the routine's copy for the
    /// new day: it goes to the routine's region as it was, and no second copy is added; with no room there it stays
    /// in the Backlog, named. A routine not due that day leaves its copy where rollover puts any task.
    @Test func aRoutinesUnfinishedCopyInTheBacklogComesToItsRegion() throws {
        let routines = "## Morning\n- [ ] Physio exercises @every:day\n+ [ ] Plan the week @every:mon\n"
        let old = """
            # 2026-11-20

            ## Morning
            + [ ] Plan the week

            ## Backlog
            - [ ] Physio exercises @from:2026-11-19
              knee: 3 x 10

            """
        // 2026-11-21 is a Saturday: the physio routine is due, the weekly plan is not.
        let plan = try Self.rollover(old, routines: routines)
        #expect(Self.text(plan) == """
            # 2026-11-21

            ## Morning
            - [ ] Physio exercises @from:2026-11-19
              knee: 3 x 10

            ## Afternoon

            ## Evening

            ## Backlog
            + [ ] Plan the week @from:2026-11-20

            """)
        #expect(plan.placements.count == 1)
        #expect(plan.placements[0].reason == .routine && plan.placements[0].region == .morning)
        #expect(plan.placements[0].oldDayLine == 7)

        // No room in the routine's bucket (a day planned ahead): the copy stays in the Backlog, and says why.
        let full = "# 2026-11-21\n\n## Morning\n" + (1...5).map { "- [ ] Errand \($0)\n" }.joined()
        let crowded = try Self.rollover(old, into: full, routines: routines)
        #expect(Self.text(crowded).hasSuffix("## Backlog\n+ [ ] Plan the week @from:2026-11-20\n- [ ] Physio exercises @from:2026-11-19\n  knee: 3 x 10\n"))
        #expect(crowded.placements.map(\.region) == [.backlog])
        #expect(crowded.placements.map(\.wanted) == [.morning])
        #expect(Linter.lint(crowded.targetAfter, fileName: "2026-11-21.md").filter { $0.rule == .bucketLimit }.isEmpty)
    }

    @Test func overdueTasksMoveLikeAnyOtherAndAreCounted() throws {
        let old = "# 2026-11-20\n\n## Morning\n- [ ] Tax return @due:2026-11-20\n\n## Backlog\n- [ ] Later @due:2026-12-01\n"
        let plan = try Self.rollover(old)
        #expect(plan.summary.overdue == 1)
        #expect(Self.text(plan).contains("## Backlog\n- [ ] Tax return @due:2026-11-20 @from:2026-11-20\n- [ ] Later @due:2026-12-01\n"))
    }
}

/// Over random months of daily rollovers (some days skipped, as weekends are), with
/// routines and `@on:` tasks, no routine is placed twice on a day, none is missing on a day it is due and
/// rollover ran, one due on a skipped day is caught up once on the next day rolled into and none other is placed
///, no task is lost, and no placement breaks a 1-3-5 limit.
@Suite struct PlanningAheadPropertyTests {
    static let routines = """
        ## Morning
        * [ ] Plan the day @every:weekday
        * [ ] Standup notes @every:day
        + [ ] Deep work block @every:mon,wed,fri
        - [ ] Inbox zero @every:day

        ## Afternoon
        * [ ] Weekly review @every:fri
        + [ ] Pay the bills @every:month:last
        - [ ] Stretch @every:week:2/2026-11-02

        ## Evening
        - [ ] Water the plants @every:sun
        - [ ] Call grandma @every:weekend

        ## Backlog
        - [ ] Renew the lease @every:yearly:11-24

        """

    @Test(arguments: Array(UInt64(1)...UInt64(25)))
    func monthsOfRollovers(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let routines = DayDocument(parsing: Self.routines)
        let routineTasks = routines.allTasks
        let start = Day("2026-11-01")!
        let regions = ["morning", "afternoon", "evening", "backlog"]
        var backlog = ""
        for index in 0..<12 {
            let bucket = ["*", "+", "-"][Int.random(in: 0..<3, using: &random)]
            var line = "\(bucket) [ ] Errand \(index)"
            if Bool.random(using: &random) {
                line += " @on:\(start.adding(days: Int.random(in: 0..<40, using: &random)))"
                if Bool.random(using: &random) { line += "/" + regions[Int.random(in: 0..<4, using: &random)] }
            }
            if Int.random(in: 0..<4, using: &random) == 0 { line += " @due:\(start.adding(days: Int.random(in: 0..<40, using: &random)))" }
            backlog += line + "\n"
        }
        var previous = (day: start, bytes: Array("# \(start)\n\n## Backlog\n\(backlog)".utf8))
        var openTitles = Set(DayDocument(parsing: previous.bytes).allTasks.filter(\.status.isOpen).map(\.title))
        for offset in 1..<45 {
            let day = start.adding(days: offset)
            // Some days nobody rolls over (a weekend away): those routines are caught up once, on the next day rolled into.
            if Int.random(in: 0..<5, using: &random) == 0 { continue }
            let plan = try Rollover(opening: day, from: previous, existing: nil, routines: routines)
            try plan.verify()
            let new = DayDocument(parsing: plan.targetAfter)
            let titles = new.allTasks.map(\.title)
            for routine in routineTasks {
                let count = titles.filter { $0 == routine.title }.count
                #expect(count <= 1, "seed \(seed), \(day): \(routine.title) \(count) times")
                if routine.metadata.every!.dueDay(opening: day, after: previous.day, lastClosed: nil) != nil {
                    #expect(count == 1, "seed \(seed), \(day): \(routine.title) is due but missing")
                }
            }
            #expect(plan.placements.filter { $0.reason == .routine }.allSatisfy { placement in
                routineTasks.first { $0.title == placement.title }!.metadata.every!.dueDay(opening: day, after: previous.day, lastClosed: nil) != nil
            }, "seed \(seed), \(day): a routine not due was placed")
            // Nothing lost: every open task of the day before is open on this day.
            let newOpen = Set(new.allTasks.filter(\.status.isOpen).map(\.title))
            #expect(openTitles.isSubset(of: newOpen), "seed \(seed), \(day): lost \(openTitles.subtracting(newOpen))")
            #expect(Linter.lint(plan.targetAfter, fileName: "\(day).md").filter { $0.rule == .bucketLimit }.isEmpty,
                    "seed \(seed), \(day): a placement broke a limit")
            // The person finishes about half of what is open in the regions.
            var bytes = plan.targetAfter
            for task in new.allTasks where task.status.isOpen && Bool.random(using: &random) {
                if let line = TaskLine(task, in: bytes) { bytes[line.box.lowerBound + 1] = UInt8(ascii: "x") }
            }
            previous = (day, bytes)
            openTitles = Set(DayDocument(parsing: bytes).allTasks.filter(\.status.isOpen).map(\.title))
        }
    }
}

/// A `@carry` task whose region is full on a day planned ahead goes to the Backlog, saying so: no rollover
/// placement exceeds a 1-3-5 limit.
@Suite struct CarryRespectsTheLimitsTests {
    @Test func aCarriedTaskWithoutRoomGoesToTheBacklog() throws {
        let old = "# 2026-11-20\n\n## Morning\n* [ ] Ship it @carry\n+ [ ] Review @carry\n"
        let existing = "# 2026-11-21\n\n## Morning\n* [ ] Planned ahead\n"
        let plan = try Rollover(opening: Day("2026-11-21")!, from: (Day("2026-11-20")!, Array(old.utf8)), existing: Array(existing.utf8))
        try plan.verify()
        #expect(String(decoding: plan.targetAfter, as: UTF8.self) == """
            # 2026-11-21

            ## Morning
            * [ ] Planned ahead
            + [ ] Review @carry

            ## Backlog
            * [ ] Ship it @carry

            """)
        #expect(plan.placements == [Rollover.Placement(title: "Ship it", bucket: .must, reason: .carried, region: .backlog, wanted: .morning, oldDayLine: 4)])
        #expect(Linter.lint(plan.targetAfter, fileName: "2026-11-21.md").filter { $0.rule == .bucketLimit }.isEmpty)
    }
}
