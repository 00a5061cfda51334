import Foundation
import Testing

/// `dayplan import --from todotxt` and `--from taskwarrior` through the built binary, today 2026-12-02 08:00 UTC:
/// a dry run by default, where each task goes, nothing overwritten or added twice, the 1-3-5 rule kept, and the
/// list brought back out by `export --format todotxt` with no task lost or doubled. Taskwarrior's file is made by
/// the real `task` (add, annotate, done, delete, export).
@Suite struct ImportFromOtherToolsTests {
    static let environment = ["DAYPLAN_NOW": "2026-12-02T08:00", "TZ": "UTC"]

    static let todo = """
        (A) Call Mom +Family @phone
        (B) 2026-11-20 Write the report +work due:2026-12-04
        Buy milk t:2026-12-01
        Plan the trip t:2026-12-10 rec:1w
        x 2026-11-30 2026-11-25 Review Tim's pull request +TodoTxtTouch @github

        """

    /// A plan folder (`plan/`, initialized) beside the lists.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("plan/.dayplan/config", "")
        try folder.write("todo.txt", todo)
        try folder.write("done.txt", "x 2026-11-29 Pay rent +home\n")
        return folder
    }

    static func run(_ arguments: [String], in folder: TemporaryFolder) throws -> Binary.Run {
        try Binary.run(arguments + ["--dir", "plan"], in: folder.url, environment: environment)
    }

    static func files(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("plan").path).filter { $0.hasSuffix(".md") }.sorted()
    }

    @Test func aTodoTxtListIsListedThenWrittenOnceWhereEachTaskBelongs() throws {
        let folder = try Self.folder()
        let dry = try Self.run(["import", "--from", "todotxt", "todo.txt", "done.txt"], in: folder)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(try Self.files(folder).isEmpty, "a dry run writes nothing")
        #expect(dry.stdout.contains("todo.txt:3 → plan/2026-12-02.md:4: added to Morning (misc): Buy milk"), "\(dry.stdout)")
        #expect(dry.stdout.contains("todo.txt:4: 'rec:1w' stays a word of the title: dayplan has no key rec"), "\(dry.stdout)")
        #expect(dry.stderr.contains("6 tasks: 6 to add in 3 day files (3 new); a dry run, nothing written: --write writes"), "\(dry.stderr)")

        let run = try Self.run(["import", "--from", "todotxt", "todo.txt", "done.txt", "--write"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == dry.stdout, "a run writes what its dry run listed")
        #expect(try Self.files(folder) == ["2026-11-29.md", "2026-11-30.md", "2026-12-02.md"])
        #expect(try folder.read("plan/2026-12-02.md") == """
            # 2026-12-02

            ## Morning
            - [ ] Buy milk

            ## Afternoon

            ## Evening

            ## Backlog
            * [ ] Call Mom #Family #phone @from:2026-12-02
            + [ ] Write the report #work @due:2026-12-04 @from:2026-11-20
            - [ ] Plan the trip rec:1w @on:2026-12-10 @from:2026-12-02

            """)
        #expect(try folder.read("plan/2026-11-30.md").contains("\n## Backlog\n- [x] Review Tim's pull request #TodoTxtTouch #github @from:2026-11-25\n"))

        // Again: every task is there already, and nothing changes.
        let before = try Self.files(folder).map { try folder.read("plan/" + $0) }
        let again = try Self.run(["import", "--from", "todotxt", "todo.txt", "done.txt", "--write"], in: folder)
        #expect(again.status == 0 && again.stderr.contains("6 tasks: 0 added, 6 already there in 0 day files"), "\(again.stderr)")
        #expect(try Self.files(folder).map { try folder.read("plan/" + $0) } == before)

        // What dayplan wrote is clean and canonical.
        let lint = try Binary.run(["lint"], in: folder.url.appendingPathComponent("plan"), environment: Self.environment)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        let fmt = try Binary.run(["fmt", "--check"], in: folder.url.appendingPathComponent("plan"), environment: Self.environment)
        #expect(fmt.status == 0, "\(fmt.stdout)\(fmt.stderr)")

        // And out again for a todo.txt app: each task once, the open ones by default, every one with --all.
        let out = try Self.run(["export", "--format", "todotxt", "--all"], in: folder)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.split(separator: "\n").sorted() == [
            "(A) 2026-12-02 Call Mom +Family +phone", "(B) 2026-11-20 Write the report +work due:2026-12-04",
            "2026-12-02 Plan the trip rec:1w t:2026-12-10", "Buy milk",
            "x 2026-11-29 2026-11-29 Pay rent +home", "x 2026-11-30 2026-11-25 Review Tim's pull request +TodoTxtTouch +github",
        ], "\(out.stdout)")
        let open = try Self.run(["export", "--format", "todotxt"], in: folder)
        #expect(open.stdout.split(separator: "\n").count == 4, "\(open.stdout)")
    }

    /// Two must tasks scheduled for today: the first takes the Morning's one must, the second the Afternoon's; a
    /// third has no room anywhere and goes to the Backlog, said, with its day kept as `@on:`.
    @Test func whatDoesNotFitGoesToTheBacklogSaid() throws {
        let folder = try Self.folder()
        try folder.write("todo.txt", "(A) One t:2026-12-02\n(A) Two t:2026-12-01\n(A) Three t:2026-12-02\n(A) Four t:2026-12-02\n")
        let run = try Self.run(["import", "--from", "todotxt", "todo.txt", "--write"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("todo.txt:4 → plan/2026-12-02.md:13: added to the Backlog (must): Four "
                                    + "(scheduled for 2026-12-02, but Morning, Afternoon, Evening had no room for a must task)"), "\(run.stdout)")
        #expect(run.stderr.contains("1 into a Backlog for want of room"), "\(run.stderr)")
        let day = try folder.read("plan/2026-12-02.md")
        #expect(day.contains("## Morning\n* [ ] One\n") && day.contains("## Afternoon\n* [ ] Two\n") && day.contains("## Evening\n* [ ] Three\n"), "\(day)")
        #expect(day.contains("## Backlog\n* [ ] Four @on:2026-12-02 @from:2026-12-02\n"), "\(day)")
    }

    @Test func aLineThatCannotBeReadStopsTheRunWithItsPlace() throws {
        let folder = try Self.folder()
        try folder.write("todo.txt", "Fine\nBroken \u{1B} escape\n")
        let run = try Self.run(["import", "--from", "todotxt", "todo.txt", "--write"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("todo.txt:2: "), "\(run.stderr)")
        #expect(run.stderr.contains("1 entry could not be read; nothing written"), "\(run.stderr)")
        #expect(try Self.files(folder).isEmpty)
        for arguments in [["--from", "taskwarrior", "a", "b"], ["--from", "todotxt", "a", "b", "c"], ["--from", "todotxt", "todo.txt", "--force"],
                          ["--write", "todo.txt"]] {
            #expect(try Self.run(["import"] + arguments, in: folder).status == 2, "\(arguments)")
        }
    }

    static let task = installedProgram("task")

    @Test(.enabled(if: task != nil, "taskwarrior is not installed"))
    func aTaskwarriorExportMadeByTaskComesOverAndBackOut() throws {
        let folder = try Self.folder()
        try folder.write("taskrc", "data.location=\(folder.url.path)/taskdata\nconfirmation=off\nverbose=nothing\nnews.version=9.9.9\n")
        let environment = ["TASKRC": folder.url.appendingPathComponent("taskrc").path, "TZ": "UTC"]
        func task(_ arguments: [String]) throws -> String {
            let run = try runProgram(try #require(Self.task), arguments, in: folder.url, environment: environment)
            #expect(run.status == 0, "task \(arguments): \(run.output)")
            return run.output
        }
        _ = try task(["add", "Write the report", "project:work.reports", "priority:H", "due:2026-12-04", "+writing", "entry:2026-11-20T10:00"])
        _ = try task(["add", "Water the plants", "scheduled:2026-12-01", "entry:2026-11-28"])
        _ = try task(["add", "Call the bank", "wait:2026-12-20", "priority:M", "entry:2026-11-28"])
        _ = try task(["add", "Pay rent", "entry:2026-11-25T09:00"])
        _ = try task(["add", "Old idea", "entry:2026-11-20"])
        _ = try task(["1", "annotate", "ask Ana for the figures"])
        _ = try task(["4", "done"])
        _ = try task(["4", "modify", "end:2026-11-30T15:30"])
        _ = try task(["5", "delete"])
        _ = try task(["5", "modify", "end:2026-11-29T08:00"])
        try folder.write("export.json", try task(["export"]))

        let run = try Self.run(["import", "--from", "taskwarrior", "export.json", "--write"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(try folder.read("plan/2026-12-02.md") == """
            # 2026-12-02

            ## Morning
            - [ ] Water the plants @from:2026-11-28

            ## Afternoon

            ## Evening

            ## Backlog
            * [ ] Write the report #work/reports #writing @due:2026-12-04 @from:2026-11-20
              ask Ana for the figures
            + [ ] Call the bank @on:2026-12-20 @from:2026-11-28

            """, "\(run.stdout)")
        // Finished at 15:30: the Afternoon of its day; deleted at 08:00: cancelled in that day's Morning.
        #expect(try folder.read("plan/2026-11-30.md").contains("## Afternoon\n- [x] Pay rent @from:2026-11-25\n"))
        #expect(try folder.read("plan/2026-11-29.md").contains("## Morning\n- [-] Old idea @from:2026-11-20\n"))

        let out = try Self.run(["export", "--format", "todotxt", "--all"], in: folder)
        #expect(out.stdout.split(separator: "\n").sorted() == [
            "(A) 2026-11-20 Write the report +work/reports +writing due:2026-12-04", "(B) 2026-11-28 Call the bank t:2026-12-20",
            "2026-11-28 Water the plants", "x 2026-11-29 2026-11-20 Old idea", "x 2026-11-30 2026-11-25 Pay rent",
        ], "\(out.stdout)")
    }
}
