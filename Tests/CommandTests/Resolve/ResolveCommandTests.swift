import Foundation
import Testing

/// `dayplan resolve` and the conflict copies sync tools leave: found by lint, refused by rollover,
/// merged task by task, inside and outside a git repository.
@Suite struct ResolveCommandTests {
    static let day = "# 2026-11-21\n\n## Morning\n- [ ] Write the talk\n- [ ] Call Ana\n\n## Backlog\n- [ ] Fix the bike\n"
    static let copy = "# 2026-11-21\n\n## Morning\n- [x] Write the talk\n- [ ] Buy milk\n\n## Backlog\n- [ ] Fix the bike\n"
    /// Neither side has an Afternoon or an Evening heading: the merge keeps the sides' layout and adds
    /// none.
    static let merged = "# 2026-11-21\n\n## Morning\n- [x] Write the talk\n- [ ] Call Ana\n- [ ] Buy milk\n\n"
        + "## Backlog\n- [ ] Fix the bike\n"

    static let names: [(String, String)] = [
        ("2026-11-21.sync-conflict-20261121-081500-ABCDEFG.md", "Syncthing"),
        ("2026-11-21 (conflicted copy 2026-11-21).md", "Dropbox"),
        ("2026-11-21 (Alice's conflicted copy).md", "Dropbox"),
        ("2026-11-21 (conflicted copy 2026-11-21 081500).md", "Nextcloud"),
        ("2026-11-21-LAPTOP.md", "OneDrive"),
        ("2026-11-21 (1).md", "Google Drive"),
    ]

    @Test func rolloverRefusesAConflictCopyOfTheNewDayToo() throws {
        // The old day and the day planned ahead in one folder, which is read once for both: the new day's copy is
        // found as the old day's would be, and another day's copy is not taken for either.
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", Self.day)
        try folder.write("2026-11-22.md", "# 2026-11-22\n\n## Morning\n- [ ] Planned ahead\n")
        try folder.write("2026-11-19 (1).md", "# 2026-11-19\n")
        let clean = try Binary.run(["rollover", "--date", "2026-11-22", "--dry-run"], in: folder.url)
        #expect(clean.status == 0, "\(clean.stderr)")
        try folder.write("2026-11-22 (1).md", "# 2026-11-22\n\n## Morning\n- [ ] Planned on the phone\n")
        let before = try folder.contents()
        let rollover = try Binary.run(["rollover", "--date", "2026-11-22"], in: folder.url)
        #expect(rollover.status == 1)
        #expect(rollover.stderr.contains("2026-11-22 (1).md: Google Drive's conflict copy of 2026-11-22.md is not resolved"), "\(rollover.stderr)")
        #expect(!rollover.stderr.contains("2026-11-19 (1).md"))
        #expect(try folder.contents() == before)
    }

    @Test(arguments: names)
    func outsideGitEveryTaskOfBothIsKept(_ name: String, _ tool: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("plan/2026-11-21.md", Self.day)
        try folder.write("plan/\(name)", Self.copy)
        let plan = folder.url.appendingPathComponent("plan")

        // lint names the copy; rollover refuses the day.
        let lint = try Binary.run(["lint"], in: plan)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("\(name):1:1: error: This is \(tool)'s conflict copy of 2026-11-21.md"))
        #expect(lint.stdout.contains("[DP004/conflict-copy]"))
        let rollover = try Binary.run(["rollover", "--date", "2026-11-22"], in: plan)
        #expect(rollover.status == 1)
        #expect(rollover.stderr.contains("\(name): \(tool)'s conflict copy of 2026-11-21.md is not resolved"))
        #expect(!FileManager.default.fileExists(atPath: plan.appendingPathComponent("2026-11-22.md").path))

        // A dry run shows the result and changes nothing.
        let dry = try Binary.run(["resolve", "--dry-run"], in: plan)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains(Self.merged))
        #expect(try folder.read("plan/2026-11-21.md") == Self.day)
        #expect(try folder.read("plan/\(name)") == Self.copy)

        let run = try Binary.run(["resolve"], in: plan)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("plan/2026-11-21.md") == Self.merged)
        #expect(try folder.listing().isEmpty == false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: plan.path).sorted() == ["2026-11-21.md", ".dayplan.lock"].sorted())
        #expect(run.stdout == """
            2026-11-21.md: merged \(name) (\(tool); two-way: no committed version to compare with):
            2026-11-21.md: “Write the talk”: [ ] in the day file, [x] in the copy: kept the copy's [x] (the more final status wins)
            2026-11-21.md: “Buy milk”: added from the copy
            removed \(name)

            """)
        #expect(try Binary.run(["lint"], in: plan).status == 0)
        #expect(try Binary.run(["rollover", "--date", "2026-11-22"], in: plan).status == 0)
    }

    @Test(.enabled(if: installedProgram("git") != nil, "git is not installed, so a committed ancestor cannot be tried"),
          arguments: names)
    func insideGitTheLastCommitIsTheAncestor(_ name: String, _ tool: String) throws {
        let folder = try TemporaryFolder()
        let git = try #require(installedProgram("git"))
        let env = ["GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com",
                   "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.com"]
        try folder.write("2026-11-21.md", Self.day)
        #expect(try runProgram(git, ["init", "-q", "-b", "main"], in: folder.url, environment: env).status == 0)
        #expect(try runProgram(git, ["add", "-A"], in: folder.url, environment: env).status == 0)
        #expect(try runProgram(git, ["commit", "-q", "-m", "day"], in: folder.url, environment: env).status == 0)
        // This device added a task; the other finished one and removed “Call Ana”.
        try folder.write("2026-11-21.md", Self.day.replacingOccurrences(of: "- [ ] Fix the bike\n", with: "- [ ] Fix the bike\n- [ ] Pay rent\n"))
        try folder.write(name, Self.copy)

        let run = try Binary.run(["resolve"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("2026-11-21.md") == "# 2026-11-21\n\n## Morning\n- [x] Write the talk\n- [ ] Buy milk\n\n"
                + "## Backlog\n- [ ] Fix the bike\n- [ ] Pay rent\n")
        #expect(run.stdout.contains("(\(tool); against git's last commit of it):"))
        #expect(run.stdout.contains("2026-11-21.md: “Call Ana”: removed, as the copy removed it and the day file had not changed it since the last commit"))
        #expect(run.stdout.contains("2026-11-21.md: “Buy milk”: added from the copy"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path))
    }

    @Test func conflictsLeaveBothFilesAndSayWhy() throws {
        let folder = try TemporaryFolder()
        let name = "2026-11-21 (1).md"
        try folder.write("2026-11-21.md", "# 2026-11-21\n\n## Morning\n- [ ] Write the talk\n  outline first\n")
        try folder.write(name, "# 2026-11-21\n\n## Morning\n- [ ] Write the talk\n  slides first\n")
        let run = try Binary.run(["resolve"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("a person must decide: “Write the talk”: its notes were changed differently on both sides"))
        #expect(run.stderr.contains("both files left as they are"))
        #expect(try folder.read("2026-11-21.md").contains("outline first"))
        #expect(try folder.read(name).contains("slides first"))
    }

    @Test func aCopyWithoutItsDayBecomesIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n")
        try folder.write("2026-11-21 (1).md", Self.copy)
        let run = try Binary.run(["resolve", "2026-11-21 (1).md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("2026-11-21.md: the copy becomes the day file"))
        #expect(try folder.read("2026-11-21.md") == Self.copy)
    }

    @Test func aFileThatIsNoCopyIsAUsageError() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-21.md", Self.day)
        let run = try Binary.run(["resolve", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr.contains("2026-11-21.md: not a sync tool's conflict copy of a day file"))
    }
}
