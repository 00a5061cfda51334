import Foundation
import Testing

/// `status` counts the errors and warnings `lint` reports for the same file, overdue deadlines (DP051) among them:
/// on every day of the real-style corpus, taken as today's plan.
@Suite struct StatusLintAgreementTests {
    static let cases: [URL?] = {
        let folder = Repository.url("Tests/DayPlanTests/Corpus/Cases")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).appendingPathComponent("2026-11-20.md") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// Counts of one severity in lint's JSON diagnostics.
    static func count(_ severity: String, in json: String) -> Int {
        json.components(separatedBy: "\"severity\":\"\(severity)\"").count - 1
    }

    @Test func statusCountsWhatLintFinds() throws {
        #expect(Self.cases.count >= 60)
        var compared = 0, overdue = 0
        // The corpus and the day the trial met: one overdue deadline (a warning status used to leave out) and one error.
        let planted = Array("# 2026-11-20\n\n## Morning\n- [ ] Call the bank @due:2026-11-18\n- [ ] Pay @carry:yes\n".utf8)
        for file in Self.cases + [nil] {
            let folder = try TemporaryFolder()
            try folder.write(".dayplan/config", "layout = YYYY-MM-DD.md\n")
            try folder.write("2026-11-20.md", bytes: try file.map { Array(try Data(contentsOf: $0)) } ?? planted)
            // Noon on 2026-11-20: the file is today's plan, so its overdue tasks count.
            let now = ["DAYPLAN_NOW": "2026-11-20T12:00"]
            let lint = try Binary.run(["lint", "--format", "json", "2026-11-20.md"], in: folder.url, environment: now)
            let status = try Binary.run(["status", "--format", "json"], in: folder.url, environment: now)
            guard status.status == 0 else { continue }
            compared += 1
            let errors = Self.count("error", in: lint.stdout), warnings = Self.count("warning", in: lint.stdout)
            overdue += lint.stdout.contains("\"rule\":\"DP051\"") ? 1 : 0
            let case_ = file?.deletingLastPathComponent().lastPathComponent ?? "planted"
            #expect(status.stdout.contains("\"errors\":\(errors),"), "\(case_): lint has \(errors) errors; status: \(status.stdout)")
            #expect(status.stdout.contains("\"warnings\":\(warnings)"), "\(case_): lint has \(warnings) warnings; status: \(status.stdout)")
        }
        #expect(compared >= 50)
        #expect(overdue >= 1, "no case has an overdue task, so DP051 is not compared")
    }
}
