import Foundation
import Testing

/// docs/sync.md's recipe for trying sync on one machine, run as written (in a home of its own, on a free port
/// instead of 5232, with the built dayplan on the PATH): it makes the task list with one request, and the first
/// sync sends the task added.
@Suite(.tags(.slow)) struct SyncRecipeTests {
    static let missing: String? = ["radicale", "curl", "bash"].first { installedProgram($0) == nil }

    /// The recipe's shell block in docs/sync.md.
    static func recipe() throws -> String {
        let page = try String(contentsOf: Repository.url("docs/sync.md"), encoding: .utf8)
        let marker = try #require(page.range(of: "<!-- the recipe: Tests/CommandTests/Sync/SyncRecipeTests.swift"))
        let start = try #require(page.range(of: "```sh\n", range: marker.upperBound..<page.endIndex)).upperBound
        let end = try #require(page.range(of: "\n```", range: start..<page.endIndex)).lowerBound
        return String(page[start..<end])
    }

    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed"), .timeLimit(.minutes(10)))
    func theRecipeSyncsTheFirstTask() throws {
        let home = try TemporaryFolder()
        let port = try LoopbackScript.freePort(in: home.url)
        // As written, on a free port; the server (the one job it starts) is killed at the end, whatever happened:
        // it holds the output pipe open, and children of the test process may have SIGTERM blocked.
        let script = "set -e\ntrap 'kill -KILL $! 2>/dev/null || true' EXIT\n" + (try Self.recipe()).replacingOccurrences(of: "5232", with: String(port))
        let bash = try #require(installedProgram("bash"))
        let run = try runProgram(bash, ["-c", script], in: home.url,
                                 environment: ["HOME": home.url.path, "DAYPLAN_NOW": Binary.environment["DAYPLAN_NOW"] ?? ""])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("synced with http://127.0.0.1:\(port)/alice/tasks/: 1 sent (1 new), 0 changed here, 0 conflicts"),
                "\(run.output)")
        #expect(try home.read("plans/2026-11-21.md").contains("- [ ] Buy milk @from:2026-11-21\n"))
    }
}
