import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan fmt --write` killed or failing part-way: every file is as it was or as a whole run leaves it, never a
/// mix, and the next run converges with no temporary file left.
@Suite struct FmtFaultTests {
    /// A day file far from canonical form: regions out of order, odd spacing, tabs, metadata first.
    static func messy(day: String, tasks: Int, seed: UInt64) -> String {
        var random = SplitMix64(seed: seed)
        var text = "#   \(day)\n"
        for region in ["backlog", "EVENING", "Afternoon", "  Morning"] {
            text += "##  \(region)\n"
            for number in 0..<(region == "backlog" ? tasks : min(tasks, 3)) {
                let bullet = ["*", "+", "-"][Int(random.next() % 3)]
                let box = ["[ ]", "[X]", "[/]", "[>]", "[-]"][Int(random.next() % 5)]
                let carry = random.next() % 4 == 0 ? "@carry " : ""
                text += "\(bullet)\t\(box)   \(carry)Task \(number) of \(day)  #tag\(random.next() % 5)   \n"
                if random.next() % 3 == 0 { text += "\t\ta note\t\n\n\n\t\t\tmore of the note\n" }
            }
            text += "\n\n"
        }
        return text
    }

    /// What `fmt` makes of `text`.
    static func canonical(_ text: String) -> Data {
        switch Formatter.format(Array(text.utf8)) {
        case .changed(let output): Data(output)
        case .unchanged: Data(text.utf8)
        case .refused: Data()
        }
    }

    /// Starts `dayplan fmt --write paths…` in `folder` without waiting for it.
    static func start(_ paths: [String], in folder: TemporaryFolder) throws -> Process {
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["fmt", "--write"] + paths
        process.currentDirectoryURL = folder.url
        process.environment = Binary.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The process id of a process that has ended, for a temporary file whose writer is gone.
    static func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    // MARK: - Killed at a fault point

    @Test(arguments: ["before-rename", "after-rename"])
    func writeKilledAtAFaultPointIsCompletedByTheNextRun(_ point: String) throws {
        let folder = try TemporaryFolder()
        let old = Self.messy(day: "2026-11-20", tasks: 20, seed: 1)
        try folder.write("2026-11-20.md", old)
        let new = Self.canonical(old)
        #expect(new.count > 0 && new != Data(old.utf8))

        let killed = try Binary.run(["fmt", "--write", "2026-11-20.md"], in: folder.url, environment: ["DAYPLAN_FAULT": point])
        #expect(killed.status == SIGKILL)
        let now = try FolderSnapshot(folder.url)
        switch point {
        case "before-rename":
            // The temporary file is complete and flushed, and the file itself untouched.
            #expect(now["2026-11-20.md"] == Data(old.utf8))
            #expect(now.temporaryFiles.count == 1)
            #expect(now.temporaryFiles.allSatisfy { $0.hasPrefix(".2026-11-20.md.") })
            #expect(now.temporaryFiles.first.flatMap { now[$0] } == new)
        default:
            #expect(now["2026-11-20.md"] == new)
            #expect(now.temporaryFiles == [])
        }

        let rerun = try Binary.run(["fmt", "--write", "2026-11-20.md"], in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(rerun.stderr == "")
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-20.md"])
        #expect(try FolderSnapshot(folder.url)["2026-11-20.md"] == new)
        #expect(try Binary.run(["fmt", "--check", "2026-11-20.md"], in: folder.url).status == 0)
    }

    @Test func onlyTheTemporaryFilesOfGoneRunsForTheFilesBeingWrittenAreRemoved() throws {
        let folder = try TemporaryFolder()
        try folder.write("2026-11-20.md", Self.messy(day: "2026-11-20", tasks: 3, seed: 2))
        try folder.write("sub/2026-11-21.md", Self.messy(day: "2026-11-21", tasks: 3, seed: 3))
        let gone = try Self.deadProcessID(), running = getpid()
        let removed = [".2026-11-20.md.\(gone).dayplan-tmp", "sub/.2026-11-21.md.\(gone).dayplan-tmp"]
        let kept = [
            ".2026-11-20.md.\(running).dayplan-tmp",   // a run still going (this test) keeps its file
            ".2026-11-22.md.\(gone).dayplan-tmp",      // a file this run does not write: not its business
            "sub/.notes.md.\(gone).dayplan-tmp",
        ]
        for name in removed + kept { try folder.write(name, "half a plan") }

        let run = try Binary.run(["fmt", "--write", "."], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        let after = try FolderSnapshot(folder.url)
        #expect(after.temporaryFiles == kept.sorted())
        #expect(try Binary.run(["fmt", "--check", "."], in: folder.url).status == 0)
    }

    // MARK: - The write failing part-way

    @Test func aFileSizeLimitFailsTheWriteAndLeavesTheFileAsItWas() throws {
        // `ulimit -f 8` allows 8 blocks of 512 bytes (4 KB): the small file is written, the large one fails part-way.
        let folder = try TemporaryFolder()
        let small = Self.messy(day: "2026-11-20", tasks: 2, seed: 4)
        let large = Self.messy(day: "2026-11-21", tasks: 600, seed: 5)
        try folder.write(["2026-11-20.md": small, "2026-11-21.md": large])
        #expect(Self.canonical(small).count < 4096 && Self.canonical(large).count > 3 * 4096)
        let before = try FolderSnapshot(folder.url)

        let run = try shell("ulimit -f 8; exec \"$0\" fmt --write .", in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan fmt: ./2026-11-21.md: cannot write: File too large\n")
        let after = try FolderSnapshot(folder.url)
        #expect(after["2026-11-20.md"] == Self.canonical(small))
        #expect(after["2026-11-21.md"] == before["2026-11-21.md"])
        #expect(after.temporaryFiles == [])
        #expect(Set(after.entries.keys) == Set(before.entries.keys))

        let rerun = try Binary.run(["fmt", "--write", "."], in: folder.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try FolderSnapshot(folder.url)["2026-11-21.md"] == Self.canonical(large))
        #expect(try folder.listing() == [".dayplan.lock", "2026-11-20.md", "2026-11-21.md"])
    }

    @Test func aFullDiskFailsTheWriteAndLeavesTheFileAsItWas() throws {
        let disk = try ScratchFileSystem.mountOrSkip(size: "64k", for: "a disk to fill")
        defer { disk.unmount() }
        let old = Self.messy(day: "2026-11-20", tasks: 400, seed: 6)
        try disk.folder.write("2026-11-20.md", old)
        #expect(Self.canonical(old).count > 8192)
        // Fill the disk, then free one 4 KB page: the temporary file gets that far and no further.
        try disk.folder.write("page", bytes: [UInt8](repeating: 0, count: 4096))
        let filler = disk.url.appendingPathComponent("filler")
        try #require(FileManager.default.createFile(atPath: filler.path, contents: nil))
        let handle = try FileHandle(forWritingTo: filler)
        while (try? handle.write(contentsOf: Data(count: 4096))) != nil {}
        try handle.close()
        try FileManager.default.removeItem(at: disk.url.appendingPathComponent("page"))
        let before = try FolderSnapshot(disk.url)

        let run = try Binary.run(["fmt", "--write", "2026-11-20.md"], in: disk.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan fmt: 2026-11-20.md: cannot write: No space left on device\n")
        #expect(try FolderSnapshot(disk.url) == before)

        try FileManager.default.removeItem(at: filler)
        let rerun = try Binary.run(["fmt", "--write", "2026-11-20.md"], in: disk.url)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try FolderSnapshot(disk.url)["2026-11-20.md"] == Self.canonical(old))
        #expect(try disk.folder.listing() == [".dayplan.lock", "2026-11-20.md"])
    }

    // MARK: - Killed at random moments

    @Test func writesKilledAtRandomMomentsLeaveOldOrNewFilesAndConverge() throws {
        // 200 day files: most far from canonical, some canonical already, one refused (a code fence never closed).
        let fixture = try TemporaryFolder()
        var old: [String: Data] = [:]
        for index in 0..<200 {
            let day = try #require(Day("2026-01-01")).adding(days: index).description
            let name = "\(day.prefix(7))/\(day).md"
            var text = Self.messy(day: day, tasks: 12 + index % 9, seed: UInt64(index))
            if index % 10 == 3 { text = String(decoding: Self.canonical(text), as: UTF8.self) }
            if index == 77 { text += "```\n" }
            old[name] = Data(text.utf8)
            try fixture.write(name, text)
        }
        let new = old.mapValues { Self.canonical(String(decoding: $0, as: UTF8.self)) }
        let refused = "2026-03/2026-03-19.md"
        #expect(new[refused] == Data())
        #expect(new.filter { $0.value != old[$0.key] && $0.value.count > 0 }.count == 179)

        // Aim the kills over one whole run. The delays only aim them: nothing is asserted about time, and
        // whatever the moment (before, during or after the writes) every file must be old or new.
        let clock = ContinuousClock()
        let timing = try fixture.copyTree()
        let began = clock.now
        let timed = try Self.start(["."], in: timing)
        timed.waitUntilExit()
        #expect(timed.terminationStatus == 1)
        let elapsed = clock.now - began
        let span = max(Int(elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000), 1000)

        var random = SplitMix64(seed: 0x2026_1121)
        for iteration in 0..<16 {
            let folder = try fixture.copyTree()
            let delay = Int(random.next() % UInt64(span))
            let process = try Self.start(["."], in: folder)
            usleep(UInt32(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let killed = try FolderSnapshot(folder.url)
            for (name, bytes) in old {
                let now = killed[name]
                #expect(now == bytes || (now == new[name] && name != refused), "iteration \(iteration): \(name) is neither old nor new")
            }
            // Only temporary files of day files may be left, and only by a run that was killed.
            #expect(killed.temporaryFiles.allSatisfy { $0.contains("/.2026-") }, "iteration \(iteration)")

            let rerun = try Binary.run(["fmt", "--write", "."], in: folder.url)
            #expect(rerun.status == 1, "iteration \(iteration): \(rerun.stderr)")
            #expect(rerun.stderr.hasSuffix("./\(refused): not formatted, because of the error above\n"))
            let after = try FolderSnapshot(folder.url)
            #expect(after.temporaryFiles == [], "iteration \(iteration), killed after \(delay) µs")
            for (name, bytes) in new {
                #expect(after[name] == (name == refused ? old[name] : bytes), "iteration \(iteration): \(name)")
            }
            #expect(Set(after.entries.keys) == Set(try FolderSnapshot(fixture.url).entries.keys))
        }
    }
}

extension TemporaryFolder {
    /// A new temporary folder holding the same files, in subfolders too.
    func copyTree() throws -> TemporaryFolder {
        let other = try TemporaryFolder()
        for (path, entry) in try FolderSnapshot(url).entries {
            if case .file(_, let bytes) = entry { try other.write(path, bytes: [UInt8](bytes)) }
        }
        return other
    }
}
