import Foundation
import Testing

/// The plan folder's hooks (docs/hooks.md): run after a write with the documented JSON; a hook that
/// fails or hangs is reported and the write stands; pre-rollover may refuse.
@Suite struct PlanHookTests {
    /// A plan folder with a day, and `hooks` (name → shell script body) installed executable.
    func planFolder(_ hooks: [String: String]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q"], in: folder.url).status == 0)
        try folder.write("2026-11-20.md", "# 2026-11-20\n\n## Morning\n- [ ] Write the talk\n\n## Backlog\n- [ ] Fix the bike\n")
        for (name, body) in hooks {
            let url = try folder.write(".dayplan/hooks/\(name)", "#!/bin/sh\n\(body)\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        return folder
    }

    static let recorder = #"cat > "$DAYPLAN_DIR/.dayplan/$DAYPLAN_HOOK.json"; pwd > "$DAYPLAN_DIR/.dayplan/$DAYPLAN_HOOK.cwd""#

    @Test func eachHookIsGivenItsJSON() throws {
        let folder = try planFolder(["post-add": Self.recorder, "post-mark": Self.recorder, "post-move": Self.recorder,
                                     "pre-rollover": Self.recorder, "post-rollover": Self.recorder, "post-resolve": Self.recorder])
        let root = folder.url.resolvingSymlinksInPath().path
        #expect(try Binary.run(["add", "Buy milk", "--date", "2026-11-20"], in: folder.url).status == 0)
        #expect(try folder.read(".dayplan/post-add.json") == """
            {"hook":"post-add","planFolder":"\(root)","command":"add","day":"2026-11-20","changes":[{"file":"2026-11-20.md","line":8,"summary":"added to the Backlog (misc): Buy milk"}]}

            """)
        #expect(try folder.read(".dayplan/post-add.cwd") == root + "\n")
        #expect(try Binary.run(["mark", "done", "Write the talk", "--date", "2026-11-20"], in: folder.url).status == 0)
        #expect(try folder.read(".dayplan/post-mark.json").contains(#""command":"mark","day":"2026-11-20","changes":[{"file":"2026-11-20.md","line":4,"summary":"marked done (was to do): Write the talk"}]"#))
        #expect(try Binary.run(["move", "Fix the bike", "--to", "evening", "--date", "2026-11-20"], in: folder.url).status == 0)
        #expect(try folder.read(".dayplan/post-move.json").contains(#""hook":"post-move""#))

        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        let rollover = """
            "command":"rollover","day":"2026-11-21","source":"2026-11-20.md","target":"2026-11-21.md","created":true,\
            "counts":{"carried":0,"deferred":1,"expired":0,"scheduled":0,"routines":0,"backlog":2}}
            """
        #expect(try folder.read(".dayplan/pre-rollover.json") == #"{"hook":"pre-rollover","planFolder":"\#(root)",\#(rollover)"# + "\n")
        #expect(try folder.read(".dayplan/post-rollover.json") == #"{"hook":"post-rollover","planFolder":"\#(root)",\#(rollover)"# + "\n")

        try folder.write("2026-11-21 (1).md", "# 2026-11-21\n\n## Backlog\n- [ ] Call Ana\n")
        #expect(try Binary.run(["resolve"], in: folder.url).status == 0)
        let resolve = try folder.read(".dayplan/post-resolve.json")
        #expect(resolve.contains(#""command":"resolve","day":"2026-11-21","file":"2026-11-21.md","copy":"2026-11-21 (1).md","tool":"Google Drive","decisions":["“Call Ana”: added from the copy"]"#))
    }

    @Test func postSyncRunsAfterTheMergeDriverWrites() throws {
        let folder = try planFolder(["post-sync": Self.recorder])
        let root = folder.url.resolvingSymlinksInPath().path
        try folder.write("base.md", "# 2026-11-20\n\n## Morning\n- [ ] Write the talk\n")
        try folder.write("ours.md", "# 2026-11-20\n\n## Morning\n- [x] Write the talk\n")
        try folder.write("theirs.md", "# 2026-11-20\n\n## Morning\n- [ ] Write the talk\n- [ ] Call Ana\n")
        let run = try Binary.run(["merge", "base.md", "ours.md", "theirs.md", "2026-11-20.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read(".dayplan/post-sync.json") == """
            {"hook":"post-sync","planFolder":"\(root)","command":"merge","file":"2026-11-20.md","clean":true,"conflicts":[],"notices":[]}

            """)
    }

    @Test func aFailingHookIsReportedAndTheWriteStands() throws {
        let folder = try planFolder(["post-mark": "echo 'the sync failed' >&2; exit 3"])
        let run = try Binary.run(["mark", "done", "Write the talk", "--date", "2026-11-20"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stderr.contains("the sync failed\n"))
        #expect(run.stderr.contains("dayplan mark: warning: hook .dayplan/hooks/post-mark failed with exit status 3; what mark wrote stands"))
        #expect(try folder.read("2026-11-20.md").contains("- [x] Write the talk"))
    }

    @Test func aHangingHookIsKilledAndReported() throws {
        let folder = try planFolder(["post-add": "sleep 30 & sleep 30"])
        let started = Date()
        let run = try Binary.run(["add", "Buy milk", "--date", "2026-11-20"], in: folder.url, environment: ["DAYPLAN_HOOK_TIMEOUT": "1"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(run.status == 0)
        #expect(run.stderr.contains("hook .dayplan/hooks/post-add ran past 1 seconds and was killed; what add wrote stands"))
        #expect(try folder.read("2026-11-20.md").contains("Buy milk"))
    }

    @Test func preRolloverMayRefuse() throws {
        // The hook runs before rollover writes anything: the folder it sees holds no file of this run.
        let folder = try planFolder(["pre-rollover": #"ls -a "$DAYPLAN_DIR" > "$DAYPLAN_DIR/.dayplan/seen"; echo 'not on a holiday' >&2; exit 1"#])
        let before = try folder.contents()
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("not on a holiday"))
        #expect(run.stderr.contains("dayplan rollover: refused: hook .dayplan/hooks/pre-rollover failed with exit status 1; nothing changed"))
        #expect(try folder.read(".dayplan/seen").split(separator: "\n").sorted() == [".", "..", ".dayplan", ".dayplan.lock", ".gitignore", "2026-11-20.md"])
        #expect(try folder.contents() == before)
    }

    @Test func aHookThatIsNotExecutableIsNamedAndNotRun() throws {
        let folder = try planFolder([:])
        try folder.write(".dayplan/hooks/post-add", "#!/bin/sh\nexit 1\n")
        let run = try Binary.run(["add", "Buy milk", "--date", "2026-11-20"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stderr.contains("hook .dayplan/hooks/post-add is not executable, so it was not run"))
    }
}
