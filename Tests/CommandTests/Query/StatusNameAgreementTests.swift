import Foundation
import Testing

/// A status has one name: every command that names `[>]` calls it `moved` (the name `Status.name` gives),
/// never `moved on`, `deferred` or `movedOn`.
@Suite struct StatusNameAgreementTests {
    @Test func everyOutputNamesTheStatusMovedAlike() throws {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q"], in: folder.url).status == 0)
        _ = try folder.write("2026-11-20.md", """
            # 2026-11-20

            ## Morning
            * [x] Draft the report
            - [ ] Water the plants

            ## Afternoon

            ## Evening

            ## Backlog

            """)
        #expect(try Binary.run(["rollover", "-q"], in: folder.url).status == 0)
        #expect(try folder.read("2026-11-20.md").contains("- [>] Water the plants\n"))

        let status = try Binary.run(["status", "2026-11-20"], in: folder.url)
        #expect(status.stdout.contains("· 1 done · 1 moved\n"), "\(status.stdout)")
        let statusJSON = try Binary.run(["status", "2026-11-20", "--format", "json"], in: folder.url)
        #expect(statusJSON.stdout.contains(#""done":1,"cancelled":0,"moved":1}"#), "\(statusJSON.stdout)")
        let query = try Binary.run(["query", "--status", "moved", "--until", "2026-11-20", "--format", "json"], in: folder.url)
        #expect(query.stdout.contains(#""status":"moved""#), "\(query.stdout)")
        let export = try Binary.run(["export", "2026-11-20.md"], in: folder.url)
        #expect(export.stdout.contains(#""status":"moved","title":"Water the plants""#), "\(export.stdout)")
        let report = try Binary.run(["report", "--since", "2026-11-20", "--until", "2026-11-20"], in: folder.url)
        #expect(report.stdout.contains("moved 1, open 0"), "\(report.stdout)")
        let reportJSON = try Binary.run(["report", "--since", "2026-11-20", "--until", "2026-11-20", "--format", "json"],
                                        in: folder.url)
        #expect(reportJSON.stdout.contains(#""moved":1"#), "\(reportJSON.stdout)")
        let lint = try Binary.run(["lint", "-"], in: folder.url, stdin: Array("## Morning\n- [?] Odd box\n".utf8))
        #expect(lint.stdout.contains("`[>]` moved or `[-]` cancelled"), "\(lint.stdout)")

        for output in [status, statusJSON, query, export, report, reportJSON, lint] {
            for other in ["moved on", "\"deferred\"", "movedOn"] {
                #expect(!output.stdout.contains(other), "“\(other)” in \(output.stdout)")
            }
        }
    }
}
