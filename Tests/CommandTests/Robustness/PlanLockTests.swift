import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// In a plan folder without `.dayplan/`, a writer started from a month folder or from the
/// folder above the plan took another lock than `rollover --dir PLAN`, and lost a task or `[>]` marks. Every
/// writer of a day file now takes the same lock, and no lock file is made where a command was merely started.
@Suite struct PlanLockTests {
    typealias F = RolloverFixtures

    /// A plan without `.dayplan/`, laid out by year and month, holding Friday; inside `parent/plan`.
    static func fixture() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("plan/2026/11/2026-11-20.md", LockTests.untidyFriday)
        return folder
    }

    /// Runs `first` then `second` one after the other on a copy of the fixture: one of the two outcomes a race
    /// of them may have.
    static func serially(_ first: ([String], String), _ second: ([String], String), on fixture: TemporaryFolder) throws -> FolderSnapshot {
        let folder = try fixture.copyTree()
        for (arguments, place) in [first, second] {
            #expect(try Binary.run(arguments, in: folder.url.appendingPathComponent(place)).status == 0)
        }
        return try FolderSnapshot(folder.url, skipping: [])
    }

    /// Races `rollover --dir PLAN` against `other`, started in `place` (relative to the folder above the plan), many
    /// times; each result must be one of the two serial outcomes, with the lock file in the plan folder only.
    /// `ordersDiffer`: the two orders give different files (add, mark), so that a lost write would show; for fmt
    /// both orders give the same files, and a lost `[>]` mark shows as neither.
    func race(_ other: [String], from place: String, ordersDiffer: Bool = true, rounds: Int = 20) throws {
        let fixture = try Self.fixture()
        let rollover = (["rollover", "--dir", "plan", "--date", "2026-11-23"], "")
        let writer = (other, place)
        let outcomes = [try Self.serially(rollover, writer, on: fixture), try Self.serially(writer, rollover, on: fixture)]
        #expect((outcomes[0] != outcomes[1]) == ordersDiffer)
        for outcome in outcomes {
            #expect(outcome.entries.keys.filter { $0.hasSuffix(".dayplan.lock") } == ["plan/.dayplan.lock"])
        }
        for round in 0..<rounds {
            let folder = try fixture.copyTree()
            let commands = [(rollover.0, folder.url), (other, folder.url.appendingPathComponent(place))]
            let processes = try (round % 2 == 0 ? commands : commands.reversed()).map { try LockTests.start($0.0, in: $0.1) }
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "round \(round)")
            let after = try FolderSnapshot(folder.url, skipping: [])
            #expect(outcomes.contains(after), "round \(round) of \(other) from '\(place)': neither order's result")
        }
    }

    @Test func addFromAMonthFolderRacingRolloverLosesNothing() throws {
        try race(["add", "--date", "2026-11-20", "Call the bank"], from: "plan/2026/11")
    }

    @Test func addFromThePlanFolderRacingRolloverLosesNothing() throws {
        try race(["add", "--date", "2026-11-20", "--dir", ".", "Call the bank"], from: "plan")
    }

    @Test func fmtWriteFromAboveThePlanRacingRolloverLosesNoMark() throws {
        try race(["fmt", "--write", "plan"], from: "", ordersDiffer: false)
    }

    @Test func markFromAMonthFolderRacingRolloverLosesNothing() throws {
        try race(["mark", "done", "2026-11-20.md:6"], from: "plan/2026/11")
    }

    /// The lock guarding a day file is the same whichever folder names it, with or without `.dayplan/`.
    @Test func everyFolderFindsTheSameLock() throws {
        let folder = try Self.fixture()
        for (place, dir) in [("", "plan"), ("plan", "."), ("plan/2026", "."), ("plan/2026/11", ".")] {
            let run = try Binary.run(["add", "--date", "2026-11-20", "--dir", dir, "Task from '\(place)'"],
                                     in: folder.url.appendingPathComponent(place))
            #expect(run.status == 0, "\(place): \(run.stderr)")
        }
        #expect(try folder.read("plan/2026/11/2026-11-20.md").components(separatedBy: "Task from").count == 5)
        let locks = try FolderSnapshot(folder.url, skipping: []).entries.keys.filter { $0.hasSuffix(".dayplan.lock") }
        #expect(locks == ["plan/.dayplan.lock"])
        // A folder named by the person, not by the layout, is where the plan starts: `ADD Log`.
        let other = try TemporaryFolder()
        try other.write("ADD Log/2026-11-20.md", LockTests.untidyFriday)
        #expect(try Binary.run(["fmt", "--write", "ADD Log"], in: other.url).status == 0)
        #expect(try FolderSnapshot(other.url, skipping: []).entries.keys.filter { $0.hasSuffix(".dayplan.lock") } == ["ADD Log/.dayplan.lock"])
    }
}

/// Two day names that are one file (links, hard links) are refused by every writer, never
/// rolled over into each other.
@Suite struct LinkedDayFileTests {
    typealias F = RolloverFixtures

    static func linked(hard: Bool) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let real = try folder.write(hard ? "2026-11-20.md" : "plans/real.md", F.friday)
        for name in hard ? ["2026-11-23.md"] : ["2026-11-20.md", "2026-11-23.md"] {
            let link = folder.url.appendingPathComponent(name).path
            if hard { #expect(Foundation.link(real.path, link) == 0) } else { #expect(symlink("plans/real.md", link) == 0) }
        }
        return folder
    }

    @Test(arguments: [false, true]) func rolloverRefusesTwoDaysThatAreOneFile(hard: Bool) throws {
        let folder = try Self.linked(hard: hard)
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["rollover", "--date", "2026-11-23"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains(hard ? "has 2 names (hard links)" : "are one file (symbolic links to one file)"), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("nothing changed\n"))
        #expect(try FolderSnapshot(folder.url) == before)
        #expect(try folder.read("2026-11-20.md") == F.friday)
    }

    @Test func aDayFileThatAnotherDayLinksToIsRefusedToo() throws {
        // The day file is a file of its own; another day's name, in a folder below, is a link to it. Only the links
        // the listing found are looked at, so this one must be among them.
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", F.friday)
        try folder.write("2026/notes.md", "Notes\n")
        #expect(symlink("../2026-11-20.md", folder.url.appendingPathComponent("2026/2026-11-21.md").path) == 0)
        let before = try FolderSnapshot(folder.url)
        for arguments in [["rollover", "--date", "2026-11-23"], ["add", "--date", "2026-11-20", "New task"],
                          ["mark", "done", "2026-11-20.md:7"]] {
            let run = try Binary.run(arguments, in: folder.url)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.stderr.contains("are one file (symbolic links to one file)"), "\(arguments): \(run.stderr)")
        }
        #expect(try FolderSnapshot(folder.url) == before)
    }

    @Test(arguments: [false, true]) func everyWriterRefusesADayThatIsAnothersFile(hard: Bool) throws {
        let folder = try Self.linked(hard: hard)
        let before = try FolderSnapshot(folder.url)
        for arguments in [["add", "--date", "2026-11-23", "New task"], ["mark", "done", "2026-11-23.md:7"],
                          ["move", "2026-11-23.md:7", "--to", "evening"], ["fmt", "--write", "2026-11-23.md"]] {
            let run = try Binary.run(arguments, in: folder.url)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.stderr.contains(hard ? "hard links" : "are one file"), "\(arguments): \(run.stderr)")
        }
        #expect(try FolderSnapshot(folder.url) == before)
    }
}

/// Day files that are one file are a finding (DP003), each naming the other.
@Suite struct SharedFileLintTests {
    @Test(arguments: [false, true]) func lintNamesDayFilesThatAreOneFile(hard: Bool) throws {
        let folder = try LinkedDayFileTests.linked(hard: hard)
        let run = try Binary.run(["lint", "2026-11-20.md", "2026-11-23.md"], in: folder.url)
        #expect(run.status == 1)
        let shared = run.stdout.split(separator: "\n").filter { $0.hasSuffix("[DP003/shared-file]") }
        #expect(shared.count == 2, "\(run.stdout)")
        #expect(shared.first?.hasPrefix("2026-11-20.md:1:1: error: This day file is the same file as 2026-11-23.md") == true)
        // A file of its own is no finding.
        let alone = try TemporaryFolder()
        try alone.write("2026-11-20.md", RolloverFixtures.friday)
        #expect(try Binary.run(["lint", "2026-11-20.md"], in: alone.url).stdout.contains("DP003") == false)
    }
}
