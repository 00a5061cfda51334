import Foundation
import Testing

@Suite struct FmtCommandTests {
    @Test func filtersStandardInput() throws {
        let run = try Binary.run(["fmt"], stdin: Array("#   2026-11-21\n## Morning\n*  [X] Ship it\n".utf8))
        #expect(run.status == 0)
        #expect(run.stdout == "# 2026-11-21\n\n## Morning\n* [x] Ship it\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
    }
}
