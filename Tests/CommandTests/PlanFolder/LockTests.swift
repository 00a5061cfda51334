import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// One lock for every writer: `fmt --write` and `rollover` take the plan folder's `.dayplan.lock`, so that
/// neither undoes what the other writes.
@Suite struct LockTests {
    typealias F = RolloverFixtures

    /// `friday`, written untidily: blank lines dropped and trailing spaces added, so that fmt rewrites it.
    static let untidyFriday = F.friday.replacingOccurrences(of: "\n\n## ", with: "\n## ")
        .replacingOccurrences(of: "@carry\n", with: "@carry   \n")

    /// Starts `dayplan arguments` in `folder` without waiting for it.
    static func start(_ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = Binary.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func fmtWriteWaitsWhileTheLockIsHeld() throws {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\n")
        try folder.write("2026/11/2026-11-20.md", Self.untidyFriday)
        // Hold the lock as a rollover would.
        let lock = open(folder.url.appendingPathComponent(".dayplan.lock").path, O_RDWR | O_CREAT, 0o644)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let fmt = try Self.start(["fmt", "--write", "2026/11"], in: folder.url)
        usleep(400_000)
        #expect(fmt.isRunning)
        #expect(try folder.read("2026/11/2026-11-20.md") == Self.untidyFriday)
        close(lock)
        fmt.waitUntilExit()
        #expect(fmt.terminationStatus == 0)
        #expect(try folder.read("2026/11/2026-11-20.md") == F.friday)
    }

    @Test func fmtWriteRacingRolloverLosesNoMovedOnMark() throws {
        let fixture = try TemporaryFolder()
        try fixture.write(".dayplan/config", "layout = YYYY/MM/YYYY-MM-DD.md\n")
        try fixture.write("2026/11/2026-11-20.md", Self.untidyFriday)
        // Run one after the other, in either order, both give the same files: Friday tidy and marked, Monday made.
        let expected = try fixture.copyTree()
        #expect(try Binary.run(["rollover", "--date", "2026-11-23"], in: expected.url).status == 0)
        #expect(try Binary.run(["fmt", "--write", "."], in: expected.url).status == 0)
        // Rollover's record for --undo holds the old day as rollover found it: tidied or not, by the order.
        let skipping: Set<String> = [".dayplan.lock", ".dayplan/last-rollover.json"]
        let result = try FolderSnapshot(expected.url, skipping: skipping)
        #expect(result["2026/11/2026-11-20.md"] == Data(F.fridayAfter.utf8))
        #expect(result["2026/11/2026-11-23.md"] == Data(F.monday.utf8))

        for round in 0..<30 {
            let folder = try fixture.copyTree()
            // Both at once; which one starts first varies from round to round.
            let order: [[String]] = [["rollover", "--date", "2026-11-23"], ["fmt", "--write", "."]]
            let processes = try (round % 2 == 0 ? order : order.reversed()).map { try Self.start($0, in: folder.url) }
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "round \(round)")
            let after = try FolderSnapshot(folder.url, skipping: skipping)
            #expect(after == result, "round \(round): \(String(decoding: after["2026/11/2026-11-20.md"] ?? Data(), as: UTF8.self))")
        }
    }
}
