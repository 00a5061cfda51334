import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct DayStatisticsTests {
    /// Every region and bucket has its own counts (they are stored inline, one slot each).
    @Test func everyRegionAndBucketCountsApart() {
        var statistics = DayStatistics()
        for (offset, region) in Region.allCases.enumerated() {
            for bucket in Bucket.allCases {
                for _ in 0...offset { statistics.add(region: region, bucket: bucket, status: .done) }
            }
        }
        #expect(statistics.regions.map(\.done) == Region.allCases.indices.map { ($0 + 1) * Bucket.allCases.count })
        #expect(statistics.buckets.map(\.done) == Bucket.allCases.map { _ in 1 + 2 + 3 })
        #expect(statistics.counts(in: .backlog).done == 4 * Bucket.allCases.count)
        var copy = DayStatistics()
        copy.regions = statistics.regions
        copy.buckets = statistics.buckets
        copy.planned = statistics.planned
        copy.score = statistics.score
        #expect(copy == statistics)
        #expect(copy + statistics == { var twice = statistics; twice.add(statistics); return twice }())
    }

    /// The Backlog is not planned: no planned figure and no completion for it, whatever it holds;
    /// the limited regions keep theirs.
    @Test func theBacklogHasNoPlannedOrCompletion() {
        var statistics = DayStatistics()
        for status in [Status.moved, .moved, .todo, .done] { statistics.add(region: .backlog, bucket: .misc, status: status) }
        statistics.add(region: .morning, bucket: .must, status: .done)
        statistics.add(region: .morning, bucket: .misc, status: .todo)
        #expect(statistics.counts(in: .backlog) == TaskCounts(planned: 4, done: 1, cancelled: 0, moved: 2, open: 1))
        #expect(statistics.planned(in: .backlog) == nil)
        #expect(statistics.completion(in: .backlog) == nil)
        #expect(statistics.planned(in: .morning) == 2)
        #expect(statistics.completion(in: .morning) == 0.5)
        #expect(statistics.planned(in: .evening) == 0 && statistics.completion(in: .evening) == nil)
    }
}
