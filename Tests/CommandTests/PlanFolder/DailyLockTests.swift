import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// The daily commands (add, mark, move) take the plan folder's lock as rollover does: run at the same moment
/// as a rollover and as each other, nothing is lost and no bucket goes past its limit.
@Suite struct DailyLockTests {
    /// Yesterday: an open @carry task for this morning's complementary bucket, and tasks bound for the Backlog.
    static let yesterday = """
        # 2026-11-20

        ## Morning
        + [ ] Carried along @carry
        - [ ] Deferred one

        ## Backlog
        - [ ] Old backlog task

        """

    /// Starts `dayplan arguments` in `folder`, capturing nothing, without waiting for it.
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

    @Test func addsMarksAndARolloverAtOnceLoseNothingAndKeepTheLimits() throws {
        for round in 0..<12 {
            let folder = try TemporaryFolder()
            #expect(try Binary.run(["init"], in: folder.url).status == 0)
            try folder.write("2026-11-20.md", Self.yesterday)
            let commands: [[String]] = [
                ["rollover"],
                ["add", "Captured one"],
                ["add", "Captured two", "--to", "afternoon"],
                ["add", "First must", "--to", "morning", "--must"],
                ["add", "Second must", "--to", "morning", "--must"],
                ["mark", "done", "2026-11-20.md:8"],
            ]
            let ordered = round % 2 == 0 ? commands : commands.reversed()
            let processes = try ordered.map { try Self.start($0, in: folder.url) }
            for process in processes { process.waitUntilExit() }
            let statuses = Dictionary(uniqueKeysWithValues: zip(ordered.map { $0.joined(separator: " ") }, processes.map(\.terminationStatus)))

            let today = try [UInt8](Data(contentsOf: folder.url.appendingPathComponent("2026-11-21.md")))
            let document = DayDocument(parsing: today)
            let titles = document.allTasks.map(\.title)
            // Nothing lost, nothing twice.
            for title in ["Captured one", "Captured two", "Carried along", "Deferred one"] {
                #expect(titles.filter { $0 == title }.count == 1, "round \(round): \(title) in \(titles)")
            }
            // One must task got the slot; the other add was refused, and the limit holds.
            let musts = ["First must", "Second must"].filter { titles.contains($0) }
            #expect(musts.count == 1, "round \(round): \(musts)")
            #expect(statuses.filter { $0.key.contains("must") }.values.sorted() == [0, 1], "round \(round): \(statuses)")
            #expect(!Linter.lint(today, fileName: "2026-11-21.md").contains { $0.rule == .bucketLimit }, "round \(round)")
            // Yesterday: rollover's marks and mark's both there, whichever wrote first. "Old backlog task" was
            // either marked done before rollover (and stays behind) or carried (and marked moved on).
            let old = DayDocument(parsing: try [UInt8](Data(contentsOf: folder.url.appendingPathComponent("2026-11-20.md"))))
            #expect(old.allTasks.allSatisfy { !$0.status.isOpen }, "round \(round)")
            let backlogTask = try #require(old.tasks(in: .backlog).first)
            #expect(backlogTask.status == .done || (backlogTask.status == .moved && titles.contains("Old backlog task")),
                    "round \(round): \(backlogTask.status)")
            #expect(statuses["rollover"] == 0 && statuses["add Captured one"] == 0 && statuses["add Captured two --to afternoon"] == 0)
        }
    }
}
