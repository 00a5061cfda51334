import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan merge` run as a command: arguments, what it writes, what it says, its exit codes.
@Suite struct MergeCommandTests {
    static let base = "# 2026-11-21\n\n## Morning\n* [ ] Draft the report\n- [ ] Call Ana\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"

    @Test func aCleanMergeIsWrittenToOursAndExitsZero() throws {
        let folder = try TemporaryFolder()
        try folder.write("base", Self.base)
        try folder.write("ours", Self.base.replacingOccurrences(of: "* [ ]", with: "* [x]"))
        try folder.write("theirs", Self.base + "- [ ] Renew passport\n")
        let run = try Binary.run(["merge", "base", "ours", "theirs", "plans/2026-11-21.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "" && run.stderr == "")
        #expect(try folder.read("ours") == Self.base.replacingOccurrences(of: "* [ ]", with: "* [x]") + "- [ ] Renew passport\n")
        #expect(try folder.read("theirs") == Self.base + "- [ ] Renew passport\n")
    }

    /// Both sides edited a note nobody formatted (a section between two
    /// regions, a hard break, a numbered task, no blank lines); the merged file keeps all of it where the
    /// merge did not change it, and adds their task in canonical form.
    @Test func aNoteNobodyFormattedKeepsItsLayoutAndItsSections() throws {
        let folder = try TemporaryFolder()
        let base = "# 2026-11-21\n## Morning\n1. [ ] Draft the report\n## Lunch notes\nAte with Priya.  \nShe chose the café.\n"
            + "## Afternoon\n## Evening\n## Backlog\n"
        try folder.write("base", base)
        try folder.write("ours", base.replacingOccurrences(of: "1. [ ]", with: "1. [x]"))
        try folder.write("theirs", base.replacingOccurrences(of: "## Backlog\n", with: "## Backlog\n- [ ] Renew passport\n"))
        let run = try Binary.run(["merge", "base", "ours", "theirs", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try folder.read("ours") == base.replacingOccurrences(of: "1. [ ]", with: "1. [x]")
            .replacingOccurrences(of: "## Backlog\n", with: "## Backlog\n- [ ] Renew passport\n"))
    }

    /// Two machines' edits that change different tasks, merged by the binary as git runs it: statuses changed
    /// on each side, one task on both (done against in progress: done), a task removed with its notes, tasks
    /// added by both after the same task, a line of the notes changed.
    @Test func separateChangesOfABiggerDayMergeCleanly() throws {
        var base = ["# 2026-11-21", "", "## Morning", "* [ ] Draft the report", "", "## Afternoon", "- [ ] Call Ana", "",
                    "## Evening", "", "## Backlog"]
        for number in 1...40 {
            base.append("- [ ] Errand \(number)")
            if number % 9 == 0 { base.append("  a note of errand \(number)") }
        }
        base += ["", "## Notes", "Slept well.", "Gym at 6."]
        func edited(_ changes: [(String, String)]) -> String {
            var text = base.joined(separator: "\n") + "\n"
            for (old, new) in changes { text = text.replacingOccurrences(of: old, with: new) }
            return text
        }
        let ours = edited([("- [ ] Errand 3\n", "- [x] Errand 3\n"), ("- [ ] Errand 20\n", "- [x] Errand 20\n"),
                           ("- [ ] Errand 40\n", "- [ ] Errand 40\n- [ ] Buy stamps\n")])
        let theirs = edited([("* [ ] Draft", "* [/] Draft"), ("- [ ] Errand 20\n", "- [/] Errand 20\n"),
                             ("- [ ] Errand 27\n  a note of errand 27\n", ""), ("- [ ] Errand 40\n", "- [ ] Errand 40\n- [ ] Post the card\n"),
                             ("Gym at 6.", "Gym at 7.")])
        let folder = try TemporaryFolder()
        try folder.write("base", base.joined(separator: "\n") + "\n")
        try folder.write(".merge_file_ours", ours)
        try folder.write("theirs", theirs)
        let run = try Binary.run(["merge", "base", ".merge_file_ours", "theirs", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0 && run.stderr == "", "\(run.stderr)")
        let expected = edited([("* [ ] Draft", "* [/] Draft"), ("- [ ] Errand 3\n", "- [x] Errand 3\n"),
                               ("- [ ] Errand 20\n", "- [x] Errand 20\n"), ("- [ ] Errand 27\n  a note of errand 27\n", ""),
                               ("- [ ] Errand 40\n", "- [ ] Errand 40\n- [ ] Buy stamps\n- [ ] Post the card\n"),
                               ("Gym at 6.", "Gym at 7.")])
        #expect(try folder.read(".merge_file_ours") == expected)
    }

    /// OURS is flushed to the disk before it is renamed into place, unless it is one of the temporary files git
    /// hands the driver (`.merge_file_XXXXXX`), which git reads back at once.
    @Test(.enabled(if: installedProgram("strace") != nil, "strace is not installed, so the merge's flushes cannot be watched"))
    func oursIsFlushedUnlessItIsGitsOwnTemporaryFile() throws {
        let merged = Self.base.replacingOccurrences(of: "* [ ]", with: "* [x]") + "- [ ] Renew passport\n"
        for (name, flushed) in [(".merge_file_Xy12Ab", false), ("ours", true), ("merge_file_ours", true)] {
            let folder = try TemporaryFolder()
            try folder.write("base", Self.base)
            try folder.write(name, Self.base.replacingOccurrences(of: "* [ ]", with: "* [x]"))
            try folder.write("theirs", Self.base + "- [ ] Renew passport\n")
            let run = try Binary.program(URL(fileURLWithPath: try #require(installedProgram("strace"))),
                                         ["-f", "-e", "trace=fsync,fdatasync", "-o", "trace", Binary.url.path,
                                          "merge", "base", name, "theirs", "2026-11-21.md"],
                                         in: folder.url, environment: Binary.environment)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            #expect(try folder.read(name) == merged, "\(name)")
            let trace = try folder.read("trace")
            #expect(trace.contains("fsync(") == flushed, "\(name): \(trace)")
        }
    }

    @Test func aConflictIsMarkedNamedAndExitsOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("base", Self.base)
        try folder.write("ours", Self.base.replacingOccurrences(of: "- [ ] Call Ana\n", with: ""))
        try folder.write("theirs", Self.base.replacingOccurrences(of: "- [ ] Call Ana", with: "- [x] Call Ana"))
        let run = try Binary.run(["merge", "base", "ours", "theirs", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr == """
            2026-11-21.md:5: conflict: “Call Ana”: removed on our side and changed on theirs
            dayplan merge: 2026-11-21.md: 1 conflict to resolve between <<<<<<< and >>>>>>>

            """)
        #expect(try folder.read("ours").contains("<<<<<<< ours\n=======\n- [x] Call Ana\n>>>>>>> theirs\n"))
        // lint and fmt catch what is left.
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent("ours"), to: folder.url.appendingPathComponent("2026-11-21.md"))
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        #expect(lint.status == 1 && lint.stdout.contains("[DP041/conflict-marker]"))
        #expect(try Binary.run(["fmt", "--check", "2026-11-21.md"], in: folder.url).status == 1)
    }

    @Test func noticesGoToStandardError() throws {
        let folder = try TemporaryFolder()
        let day = "# 2026-11-21\n\n## Morning\n%@\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        try folder.write("base", String(format: day, ""))
        try folder.write("ours", String(format: day, "* [ ] Draft the report\n"))
        try folder.write("theirs", String(format: day, "* [ ] Write the talk\n"))
        let run = try Binary.run(["merge", "base", "ours", "theirs", "2026-11-21.md"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stderr == "dayplan merge: 2026-11-21.md: Morning would hold 2 open must tasks, more than its limit of 1, which neither side exceeded: moved “Write the talk” to the Backlog\n")
        #expect(try folder.read("ours") == String(format: day, "* [ ] Draft the report\n") + "* [ ] Write the talk\n")
        let quiet = try Binary.run(["merge", "-q", "base", "ours", "theirs", "2026-11-21.md"], in: folder.url)
        #expect(quiet.status == 0 && quiet.stderr == "")
    }

    @Test func otherFilesAreMergedLineByLineAndSaySo() throws {
        let folder = try TemporaryFolder()
        try folder.write("base", "a\nb\nc\n")
        try folder.write("ours", "a\nB\nc\n")
        try folder.write("theirs", "a\nb\nC\n")
        let run = try Binary.run(["merge", "base", "ours", "theirs", "notes.md"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("dayplan merge: notes.md: merged line by line: notes.md is not a day file (YYYY-MM-DD.md)\nnotes.md:2: conflict:"))
        #expect(try folder.read("ours") == "a\n<<<<<<< ours\nB\nc\n=======\nb\nC\n>>>>>>> theirs\n")
    }

    @Test func hostileVersionsAreMergedLineByLineWithoutACrash() throws {
        let folder = try TemporaryFolder()
        let versions: [(String, [UInt8], [UInt8], [UInt8])] = [
            ("empty files", [], [], Array(Self.base.utf8)),
            ("binary", [0, 1, 2, 10], [0, 1, 3, 10], [0, 1, 2, 10, 0xFF]),
            ("invalid UTF-8", Array(Self.base.utf8), Array(Self.base.utf8) + [0xE9, 10], Array(Self.base.utf8) + [0xFF, 10]),
            ("no line endings", Array("a".utf8), Array("b".utf8), Array("c".utf8)),
        ]
        for (name, base, ours, theirs) in versions {
            try folder.write("base", bytes: base)
            try folder.write("ours", bytes: ours)
            try folder.write("theirs", bytes: theirs)
            let run = try Binary.run(["merge", "base", "ours", "theirs", "2026-11-21.md"], in: folder.url)
            #expect(run.status == 0 || run.status == 1, "\(name): \(run.stderr)")
            #expect(try folder.listing() == ["base", "ours", "theirs"], "\(name): a temporary file was left")
        }
        // Empty base, empty ours: theirs, as it is.
        try folder.write("base", bytes: [])
        try folder.write("ours", bytes: [])
        try folder.write("theirs", Self.base)
        #expect(try Binary.run(["merge", "base", "ours", "theirs", "2026-11-21.md"], in: folder.url).status == 0)
        #expect(try folder.read("ours") == Self.base)
    }

    @Test func usageAndReadErrorsChangeNothing() throws {
        let folder = try TemporaryFolder()
        try folder.write("ours", Self.base)
        let few = try Binary.run(["merge", "ours"], in: folder.url)
        #expect(few.status == 2 && few.stderr == "dayplan merge: takes BASE OURS THEIRS and an optional PATH; got 1 argument\n")
        let missing = try Binary.run(["merge", "nope", "ours", "theirs"], in: folder.url)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("dayplan merge: nope: ") && missing.stderr.hasSuffix("; nothing changed\n"))
        #expect(try folder.read("ours") == Self.base)
    }
}
