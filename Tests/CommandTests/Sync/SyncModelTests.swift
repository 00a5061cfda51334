import Foundation
import Testing

/// `dayplan sync` against a reference model: seeded random schedules of phone edits (complete, cancel, rename,
/// change the deadline, create, delete, through Python's caldav library), local edits (`dayplan mark`, `dayplan
/// add`, titles and deadlines changed by hand), syncs, rollovers and days passing without either, against a real
/// Radicale on loopback (`model.py`). After every sync each change on either side has reached the other, or (a
/// title or deadline changed differently on both sides) is reported as a conflict with each side keeping its own;
/// none is silently undone. Four seeds of 50 steps, one after another (a few seconds each); filter with
/// `--filter SyncModelTests`.
@Suite(.tags(.slow), .serialized) struct SyncModelTests {
    static let script = Repository.url("Tests/CommandTests/Sync/model.py")

    @Test(.enabled(if: SyncCommandTests.missing == nil,
                   "skipped: \(SyncCommandTests.missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)), arguments: [1, 2, 3, 4])
    func randomSchedulesOfPhoneAndPlanEditsLoseNoChange(seed: Int) throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try SyncCommandTests().plan(folder, server)
        let run = try runProgram(try #require(SyncCommandTests.python),
                                 [Self.script.path, Binary.url.path, server.url, "alice", "secret", plan.path, String(seed), "50"],
                                 in: folder.url)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasSuffix("in step\n"), "\(run.output)")
    }
}
