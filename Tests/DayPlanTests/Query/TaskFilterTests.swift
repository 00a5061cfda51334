import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct TaskFilterTests {
    func task(_ title: String, _ status: Status = .todo, region: Region = .morning, bucket: Bucket = .misc) -> ArchivedTask {
        ArchivedTask(day: Day("2026-11-20")!, file: "2026-11-20.md", line: 4, column: 1, region: region, bucket: bucket,
                     status: status, title: title)
    }

    @Test func tagPatternsMatchATagOrEverythingBelowIt() throws {
        let exact = try #require(TagPattern("home"))
        #expect(exact.matches("home"))
        #expect(!exact.matches("home/garden"))
        #expect(!exact.matches("homework"))
        let below = try #require(TagPattern("#home/*"))
        #expect(below.matches("home"))
        #expect(below.matches("home/garden"))
        #expect(below.matches("home/garden/roses"))
        #expect(!below.matches("homework"))
        #expect(TagPattern("#") == nil)
        #expect(TagPattern("a b") == nil)
        #expect(TagPattern("123") == nil)
    }

    @Test func aTaskWithoutTagsIsInTheInbox() {
        let filter = TaskFilter(tags: [TagPattern("inbox")!])
        #expect(filter.matches(task("Buy stamps")))
        #expect(!filter.matches(task("Buy stamps #errand")))
    }

    @Test func everyConditionMustHoldAndAnyTagWillDo() {
        let filter = TaskFilter(statuses: [.todo, .inProgress], tags: [TagPattern("work")!, TagPattern("home/*")!],
                                regions: [.morning], buckets: [.must], text: "REPORT")
        #expect(filter.matches(task("Write the report #work", bucket: .must)))
        #expect(filter.matches(task("Write the report #home/desk", .inProgress, bucket: .must)))
        #expect(!filter.matches(task("Write the report #work", .done, bucket: .must)))
        #expect(!filter.matches(task("Write the report #admin", bucket: .must)))
        #expect(!filter.matches(task("Write the report #work", region: .backlog, bucket: .must)))
        #expect(!filter.matches(task("Write the report #work")))
        #expect(!filter.matches(task("Write the summary #work", bucket: .must)))
    }

    @Test func statusWords() {
        #expect(TaskFilter.statuses(named: "open") == [.todo, .inProgress])
        #expect(TaskFilter.statuses(named: "moved") == [.moved])
        #expect(TaskFilter.statuses(named: "any") == Set(Status.allCases))
        #expect(TaskFilter.statuses(named: "finished") == nil)
        #expect(TaskFilter.statusWords.allSatisfy { TaskFilter.statuses(named: $0) != nil })
        #expect(Status.allCases.map(\.name) == ["todo", "in-progress", "done", "moved", "cancelled"])
    }
}
