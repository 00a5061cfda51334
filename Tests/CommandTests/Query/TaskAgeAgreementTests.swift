import Foundation
import Testing

/// A task's age is one figure: a task captured with `dayplan add` ages from the day it was captured (its
/// `@from:`), and status, review, lint (DP052), query and report all give the same number of days.
@Suite struct TaskAgeAgreementTests {
    @Test func aCapturedTaskHasOneAgeEverywhere() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q"], in: folder.url).status == 0)
        // Captured 28 days before today (2026-11-21), then carried forward by the morning's rollover.
        let add = try Binary.run(["add", "Renew passport", "--date", "2026-10-24"], in: folder.url)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try folder.read("2026-10-24.md").contains("- [ ] Renew passport @from:2026-10-24\n"))
        #expect(try Binary.run(["rollover", "-q"], in: folder.url).status == 0)

        let status = try Binary.run(["status"], in: folder.url)
        #expect(status.stdout.contains("Renew passport (28 days)"), "\(status.stdout)")
        let review = try Binary.run(["review"], in: folder.url)
        #expect(review.stdout.contains("Renew passport: first planned on 2026-10-24, 28 days ago"), "\(review.stdout)")
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        #expect(lint.stdout.contains("Renew passport was first planned on 2026-10-24, 28 days ago"), "\(lint.stdout)")
        let query = try Binary.run(["query", "--status", "open", "--format", "json"], in: folder.url)
        #expect(query.stdout.contains("\"firstPlanned\":\"2026-10-24\",\"moves\":1,\"age\":28"), "\(query.stdout)")
        let report = try Binary.run(["report"], in: folder.url)
        #expect(report.stdout.contains("Backlog on 2026-11-21: 1 task, waiting 28.0 days on average, the oldest 28"), "\(report.stdout)")
    }
}
