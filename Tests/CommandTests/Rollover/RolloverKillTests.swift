import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// A run of `dayplan rollover` may be killed at any moment, or race another one; the folder must converge.
@Suite(.tags(.slow)) struct RolloverKillTests {
    typealias F = RolloverFixtures

    static let arguments = ["rollover", "--date", "2026-11-23"]

    /// What the folder holds after one uninterrupted run, worked out on a copy of it.
    static func cleanResult(of folder: TemporaryFolder) throws -> [String: [UInt8]] {
        let copy = try folder.copy()
        let run = try Binary.run(arguments, in: copy.url)
        #expect(run.status == 0, "\(run.stderr)")
        return try copy.contents()
    }

    /// Starts the binary in `folder` without waiting for it; its output goes to `output` when given.
    static func start(in folder: TemporaryFolder, output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        process.environment = Binary.environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The open tasks of the day files among `contents`, by title, with how many times each is open.
    static func openTasks(in contents: [String: [UInt8]]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for (name, bytes) in contents where name.hasSuffix(".md") && !name.hasPrefix(".") {
            for task in DayDocument(parsing: bytes).allTasks where task.status.isOpen { counts[task.identity, default: 0] += 1 }
        }
        return counts
    }

    @Test(arguments: ["before-target-rename", "after-target-write", "before-source-rename"], [false, true])
    func runKilledAtAFaultPointIsCompletedByTheNextRun(_ point: String, _ plannedAhead: Bool) throws {
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-18.md": F.wednesday, "2026-11-20.md": F.friday])
        if plannedAhead { try folder.write("2026-11-23.md", "# 2026-11-23\n\n## Morning\n* [ ] Planned ahead\n") }
        let before = try folder.contents()
        let expected = try Self.cleanResult(of: folder)
        let openAfter = Set(Self.openTasks(in: expected).keys)
        #expect(openAfter.count == (plannedAhead ? 6 : 5))

        let killed = try Binary.run(Self.arguments, in: folder.url, environment: ["DAYPLAN_FAULT": point])
        #expect(killed.status == SIGKILL)
        // It died where it was told to: the folder shows exactly that much done.
        let now = try folder.contents()
        let leftovers = try folder.leftovers()
        #expect(now["2026-11-18.md"] == before["2026-11-18.md"])
        #expect(now["2026-11-20.md"] == before["2026-11-20.md"])
        switch point {
        case "before-target-rename":
            // Both files are written and flushed beside their places before either is put in place.
            #expect(leftovers.count == 2 && leftovers.filter { $0.hasPrefix(".2026-11-23.md.") }.count == 1
                    && leftovers.filter { $0.hasPrefix(".2026-11-20.md.") }.count == 1)
            #expect(now["2026-11-23.md"] == before["2026-11-23.md"])
        case "after-target-write":
            #expect(leftovers.count == 1 && leftovers.allSatisfy { $0.hasPrefix(".2026-11-20.md.") })
            #expect(now["2026-11-23.md"] == expected["2026-11-23.md"])
        default:
            #expect(leftovers.count == 1 && leftovers.allSatisfy { $0.hasPrefix(".2026-11-20.md.") })
            #expect(now["2026-11-23.md"] == expected["2026-11-23.md"])
        }
        // In between, nothing is lost: every task open after a whole run is open somewhere already (or still).
        #expect(Set(try folder.openTasks().keys).isSuperset(of: openAfter))

        let rerun = try Binary.run(Self.arguments, in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try folder.leftovers() == [])
        #expect(try folder.contents() == expected)
        #expect(try folder.openTasks().values.allSatisfy { $0 == 1 })
    }

    @Test(arguments: [false, true])
    func failedCheckWritesNothing(_ plannedAhead: Bool) throws {
        // A check that finds the computed files wrong (a bug in rollover) stops the run before anything is written.
        let folder = try TemporaryFolder()
        try folder.write(["2026-11-18.md": F.wednesday, "2026-11-20.md": F.friday])
        if plannedAhead { try folder.write("2026-11-23.md", "# 2026-11-23\n\n## Morning\n* [ ] Planned ahead\n") }
        let before = try folder.contents()
        let run = try Binary.run(Self.arguments, in: folder.url, environment: ["DAYPLAN_FAULT": "failed-check"])
        #expect(run.status == 2)
        #expect(run.stderr.hasSuffix("dayplan rollover: the computed files failed their check, so nothing was written (please report this):\n"
                                     + "  - the check was made to fail (DAYPLAN_FAULT=failed-check)\n"))
        #expect(try folder.contents() == before)
        #expect(try folder.leftovers() == [])
    }

    @Test func failedCheckMakesNoFolderForTheNewDay() throws {
        // With a layout of folders, a failed check leaves no folder made for the new day either.
        let folder = try TemporaryFolder()
        #expect(try Binary.run(["init", "-q", "--layout", "YYYY/MM/YYYY-MM-DD.md"], in: folder.url).status == 0)
        try folder.write("2026/11/2026-11-30.md", "# 2026-11-30\n\n## Morning\n- [ ] Write the talk\n\n## Backlog\n- [ ] Fix the bike\n")
        let arguments = ["rollover", "--date", "2026-12-01", "--force"]
        let newDay = folder.url.appendingPathComponent("2026/12/2026-12-01.md").path
        let before = try folder.contents()
        let run = try Binary.run(arguments, in: folder.url, environment: ["DAYPLAN_FAULT": "failed-check"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("the check was made to fail (DAYPLAN_FAULT=failed-check)"))
        #expect(try folder.contents() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("2026").path) == ["11"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("2026/11").path) == ["2026-11-30.md"])
        let rerun = try Binary.run(arguments, in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(FileManager.default.fileExists(atPath: newDay))
    }

    @Test func runsKilledAtRandomMomentsConverge() throws {
        let fixture = try TemporaryFolder()
        try fixture.write(["2026-11-20.md": F.big(count: 150),
                           "2026-11-23.md": "# 2026-11-23\n\n## Morning\n* [ ] Planned ahead\n\n## Notes\nKeep.\n"])
        let expected = try Self.cleanResult(of: fixture)
        #expect(expected != (try fixture.contents()))
        // What is open after a whole run (all that was open, less what expired) must be open at every moment.
        let openAfter = Set(Self.openTasks(in: expected).keys)
        #expect(openAfter.count > 100)

        // Aim the kills over a whole run, most of them at its second half, where the writes are (the first half
        // reads and computes). The delays only aim the kills: nothing is asserted about time, and whatever
        // the moment (before, during or after the writes), the folder must converge.
        let clock = ContinuousClock()
        let timing = try fixture.copy()
        let began = clock.now
        let timed = try Self.start(in: timing)
        timed.waitUntilExit()
        let duration = clock.now - began
        let span = max(Int(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000), 1000)

        var random = SplitMix64(seed: 0x2026_1123)
        for iteration in 0..<24 {
            let folder = try fixture.copy()
            let delay = iteration % 4 == 0
                ? Int(random.next() % UInt64(span / 2))
                : span / 2 + Int(random.next() % UInt64(span * 7 / 10))
            let process = try Self.start(in: folder)
            usleep(UInt32(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            #expect(Set(try folder.openTasks().keys).isSuperset(of: openAfter), "iteration \(iteration)")
            let rerun = try Binary.run(Self.arguments, in: folder.url)
            #expect(rerun.status == 0, "iteration \(iteration): \(rerun.stderr)")
            #expect(try folder.leftovers() == [], "iteration \(iteration)")
            #expect(try folder.contents() == expected, "iteration \(iteration), killed after \(delay) µs")
            #expect(try folder.openTasks().values.allSatisfy { $0 == 1 }, "iteration \(iteration)")
        }
    }

    @Test func concurrentRolloversGiveTheResultOfOne() throws {
        for round in 0..<5 {
            let folder = try TemporaryFolder()
            try folder.write(["2026-11-18.md": F.wednesday, "2026-11-20.md": F.friday])
            let expected = try Self.cleanResult(of: folder)
            let pipes = (0..<3).map { _ in Pipe() }
            let processes = try pipes.map { try Self.start(in: folder, output: $0) }
            for process in processes { process.waitUntilExit() }
            let outputs = pipes.map {
                Binary.Run(status: 0, stdout: String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                           stderr: "", stdoutBytes: []).withoutPlanFolderLine().stdout
            }

            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "round \(round)")
            #expect(try folder.contents() == expected, "round \(round)")
            // One did the work; the others, holding the lock after it, found nothing to change.
            #expect(outputs.filter { $0 == F.mondaySummary }.count == 1, "round \(round): \(outputs)")
            #expect(outputs.filter { $0.hasSuffix("(nothing to change)\n") }.count == 2, "round \(round): \(outputs)")
        }
    }
}

/// A small seeded random number generator, so that a failing random run can be repeated.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
