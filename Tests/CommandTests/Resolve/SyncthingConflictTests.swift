import Foundation
import Testing

/// A conflict copy made by two real Syncthing instances, merged by `dayplan resolve`.
///
/// `syncthing-conflict.sh` beside this file starts the two instances on loopback only, shares a plan folder
/// holding `2026-11-21.md`, changes the day on both while they are paused and lets them reconnect, so that
/// Syncthing itself writes the `*.sync-conflict-*` copy; it stops both before it exits. The test then resolves
/// one side's folder. Every wait in the script is bounded; a run takes about 5 to 20 seconds on a quiet machine.
@Suite(.tags(.slow)) struct SyncthingConflictTests {
    static let script = Repository.url("Tests/CommandTests/Resolve/syncthing-conflict.sh")

    static let missing: String? = ["syncthing", "curl", "python3"].first { installedProgram($0) == nil }

    @Test(.enabled(if: missing == nil,
                   "skipped: \(missing ?? "") is not installed, so two real Syncthing instances cannot make a conflict copy"),
          .timeLimit(.minutes(8)))
    func realSyncthingConflictCopyIsMerged() throws {
        let folder = try TemporaryFolder()
        let made = try Binary.program(URL(fileURLWithPath: "/bin/bash"), [Self.script.path, folder.url.path],
                                      environment: ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "LC_ALL": "C.UTF-8"])
        try #require(made.status == 0, "syncthing-conflict.sh: \(made.stdout)\(made.stderr)")

        let plan = folder.url.appendingPathComponent("a/plan")
        let names = try FileManager.default.contentsOfDirectory(atPath: plan.path)
        let copies = names.filter { $0.hasPrefix("2026-11-21.sync-conflict-") && $0.hasSuffix(".md") }
        try #require(copies.count == 1, "conflict copies in \(plan.path): \(names.sorted())")
        let copy = copies[0]

        // lint names Syncthing's own copy, as it names the hand-made ones.
        let lint = try Binary.run(["lint"], in: plan)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("\(copy):1:1: error: This is Syncthing's conflict copy of 2026-11-21.md"))

        let run = try Binary.run(["resolve"], in: plan)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("2026-11-21.md: merged \(copy) (Syncthing; two-way: no committed version to compare with):"))
        #expect(run.stdout.contains("removed \(copy)"))
        let day = try String(contentsOf: plan.appendingPathComponent("2026-11-21.md"), encoding: .utf8)
        // One side marked the talk done, the other added a task: the day holds both.
        #expect(day == "# 2026-11-21\n\n## Morning\n- [x] Write the talk\n- [ ] Call Ana\n- [ ] Buy milk\n\n"
                + "## Backlog\n- [ ] Fix the bike\n")
        #expect(!FileManager.default.fileExists(atPath: plan.appendingPathComponent(copy).path))
        #expect(try Binary.run(["lint"], in: plan).status == 0)
    }
}
