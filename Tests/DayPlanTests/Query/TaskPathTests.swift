import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct TaskPathTests {
    /// A task line on a day, for building archives in tests.
    func task(_ day: String, _ title: String, _ status: Status, region: Region = .morning, bucket: Bucket = .misc,
              from: String? = nil, line: Int = 4) -> ArchivedTask {
        ArchivedTask(day: Day(day)!, file: "\(day).md", line: line, column: 1, region: region, bucket: bucket,
                     status: status, title: title, from: from.flatMap { Day($0) })
    }

    @Test func aTaskMovedOnIsOnePathUntilItIsDone() {
        let paths = TaskPath.follow([
            task("2026-11-19", "Call the bank", .moved, region: .backlog),
            task("2026-11-18", "Call the bank", .moved),
            task("2026-11-20", "Call the bank", .done),
        ])
        #expect(paths.count == 1)
        #expect(paths[0].steps.map(\.day.description) == ["2026-11-18", "2026-11-19", "2026-11-20"])
        #expect(paths[0].moves == 2)
        #expect(paths[0].latest.status == .done)
    }

    @Test func theSameTitleAfterADoneTaskIsANewTask() {
        let paths = TaskPath.follow([
            task("2026-11-18", "Water the plants", .done),
            task("2026-11-19", "Water the plants", .done),
            task("2026-11-20", "Water the plants", .todo),
        ])
        #expect(paths.count == 3)
        #expect(paths.allSatisfy { $0.steps.count == 1 && $0.moves == 0 })
    }

    @Test func identityIsTheExactTitleTagsIncluded() {
        let paths = TaskPath.follow([
            task("2026-11-18", "Fix the bike #home", .moved),
            task("2026-11-19", "Fix the bike", .todo),
            task("2026-11-19", "fix the bike #home", .todo),
        ])
        #expect(paths.count == 3)
        #expect(paths.first { $0.steps.first?.title == "Fix the bike #home" }?.latest.status == .moved)
    }

    @Test func aDaySkippedDoesNotBreakAPathAndTheNextDayHoldingTheTitleContinuesIt() {
        let paths = TaskPath.follow([
            task("2026-11-13", "Renew passport", .moved, region: .backlog),
            task("2026-11-16", "Renew passport", .inProgress, region: .backlog),
        ])
        #expect(paths.count == 1)
        #expect(paths[0].latest.status == .inProgress)
    }

    @Test func firstPlannedIsTheEarliestOfTheFirstDayAndAnyFromDay() {
        let path = TaskPath.follow([
            task("2026-11-18", "Read", .moved, region: .backlog, from: "2026-11-12"),
            task("2026-11-19", "Read", .todo, region: .backlog, from: "2026-11-12"),
        ])[0]
        #expect(path.firstPlanned.description == "2026-11-12")
        let fresh = TaskPath.follow([task("2026-11-18", "Write", .todo)])[0]
        #expect(fresh.firstPlanned.description == "2026-11-18")
    }

    @Test func twoTasksWithOneTitleOnADayFollowTheOneMovedOn() {
        let paths = TaskPath.follow([
            task("2026-11-18", "Call mum", .done, line: 4),
            task("2026-11-18", "Call mum", .moved, line: 5),
            task("2026-11-19", "Call mum", .done),
        ])
        #expect(paths.count == 2)
        #expect(paths.map(\.steps.count).sorted() == [1, 2])
    }

    @Test func queryShowsTheLatestStateWithinTheDaysAndFiltersOnIt() {
        let paths = TaskPath.follow([
            task("2026-11-18", "Call the bank #admin", .moved),
            task("2026-11-19", "Call the bank #admin", .moved, region: .backlog),
            task("2026-11-20", "Call the bank #admin", .done),
            task("2026-11-20", "Cinema", .cancelled, region: .evening),
        ])
        let done = TaskQuery.run(TaskFilter(statuses: [.done]), on: paths)
        #expect(done.map(\.shown.title) == ["Call the bank #admin"])
        #expect(done[0].path.steps.count == 3)
        // On the 19th the task was moved on to the backlog: that is its state within those days.
        let before = TaskQuery.run(TaskFilter(until: Day("2026-11-19")), on: paths)
        #expect(before.map(\.shown.status) == [.moved])
        #expect(before.map(\.shown.region) == [.backlog])
        #expect(TaskQuery.run(TaskFilter(statuses: [.done], until: Day("2026-11-19")), on: paths).isEmpty)
        #expect(TaskQuery.run(TaskFilter(since: Day("2026-11-21")), on: paths).isEmpty)
        #expect(TaskQuery.run(TaskFilter(regions: [.evening]), on: paths).map(\.shown.title) == ["Cinema"])
    }

    /// The filter keeps its status, region and bucket sets as bits: changed after it is made, they filter as
    /// the sets say, and nil lets every value through.
    @Test func statusRegionAndBucketSetChangedLaterFilterAsTheySay() {
        let paths = TaskPath.follow([
            task("2026-11-20", "Write the talk", .done, region: .morning, bucket: .must, line: 4),
            task("2026-11-20", "Call the bank", .todo, region: .afternoon, bucket: .complementary, line: 5),
            task("2026-11-20", "Cinema", .cancelled, region: .evening, bucket: .misc, line: 6),
            task("2026-11-20", "Renew passport", .inProgress, region: .backlog, bucket: .misc, line: 7),
        ])
        func titles(_ filter: TaskFilter) -> [String] { TaskQuery.run(filter, on: paths).map(\.shown.title) }
        var filter = TaskFilter()
        #expect(titles(filter).count == 4)
        filter.statuses = [.todo, .inProgress]
        #expect(titles(filter) == ["Call the bank", "Renew passport"])
        filter.buckets = [.misc]
        #expect(titles(filter) == ["Renew passport"])
        filter.regions = [.morning, .afternoon, .evening]
        #expect(titles(filter).isEmpty)
        filter.statuses = nil
        #expect(titles(filter) == ["Cinema"])
        filter.buckets = nil
        #expect(titles(filter) == ["Write the talk", "Call the bank", "Cinema"])
        filter.regions = []
        #expect(titles(filter).isEmpty)
        filter.regions = nil
        filter.statuses = [.done, .moved, .cancelled]
        #expect(titles(filter) == ["Write the talk", "Cinema"])
    }
}
