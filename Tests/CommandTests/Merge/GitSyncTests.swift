import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Two machines, one plan: two clones of a real git repository, set up by `dayplan init`, edit the
/// same day and pull; the merged file is checked task by task.
@Suite(.tags(.slow), .enabled(if: installedProgram("git") != nil, "git is not installed, so syncing through git cannot be tried"))
struct GitSyncTests {
    /// A shared repository and two clones of it, `laptop` and `phone`, each with the merge driver set up.
    struct Machines {
        let folder: TemporaryFolder
        let environment: [String: String]

        init(day: String, date: String = "2026-11-21", driver: Bool = true) throws {
            folder = try TemporaryFolder()
            let binaries = Binary.url.deletingLastPathComponent().path
            environment = [
                "PATH": "\(binaries):/usr/bin:/bin:/usr/local/bin", "HOME": folder.url.path, "TZ": "UTC",
                "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
                "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com", "LC_ALL": "C",
                "DAYPLAN_NOW": Binary.environment["DAYPLAN_NOW"] ?? "",
            ]
            try folder.write("seed/\(date).md", day)
            try #require(git(["init", "-q", "-b", "main"], in: "seed").status == 0)
            if driver { try #require(dayplan(["init", "-q"], in: "seed").status == 0) }
            try #require(git(["add", "-A"], in: "seed").status == 0)
            try #require(git(["commit", "-q", "-m", "The plan"], in: "seed").status == 0)
            try #require(git(["clone", "-q", "--bare", "seed", "shared.git"], in: "").status == 0)
            for machine in ["laptop", "phone"] {
                try #require(git(["clone", "-q", "shared.git", machine], in: "").status == 0)
                // The driver is in each clone's own config: git does not clone config.
                if driver {
                    let setUp = try dayplan(["init"], in: machine)
                    #expect(setUp.status == 0)
                    #expect(setUp.stdout.contains("kept .gitattributes as it is"))
                    #expect(setUp.stdout.contains("set git config merge.dayplan.driver 'dayplan merge %O %A %B %P'"))
                }
            }
        }

        /// Runs a program in a folder under the test's folder; its status and everything it printed.
        func run(_ executable: String, _ arguments: [String], in path: String,
                 adding extra: [String: String] = [:]) throws -> (status: Int32, output: String, stdout: String) {
            let run = try Binary.program(URL(fileURLWithPath: executable), arguments,
                                         in: path.isEmpty ? folder.url : folder.url.appendingPathComponent(path),
                                         environment: environment.merging(extra) { $1 })
            return (run.status, run.stdout + run.stderr, run.stdout)
        }

        @discardableResult
        func git(_ arguments: [String], in path: String) throws -> (status: Int32, output: String, stdout: String) {
            try run(try #require(installedProgram("git")), arguments, in: path)
        }

        @discardableResult
        func dayplan(_ arguments: [String], in path: String,
                     adding extra: [String: String] = [:]) throws -> (status: Int32, output: String, stdout: String) {
            try run(Binary.url.path, arguments, in: path, adding: extra)
        }

        /// Writes a file in a machine's clone, commits everything.
        func commit(_ machine: String, _ files: [String: String], _ message: String) throws {
            for (name, text) in files { try folder.write("\(machine)/\(name)", text) }
            try #require(git(["add", "-A"], in: machine).status == 0)
            try #require(git(["commit", "-q", "-m", message], in: machine).status == 0)
        }

        /// Commits what a machine changed (rollover, say).
        func commitAll(_ machine: String, _ message: String) throws {
            try #require(git(["add", "-A"], in: machine).status == 0)
            try #require(git(["commit", "-q", "-m", message], in: machine).status == 0)
        }

        func push(_ machine: String) throws {
            let pushed = try git(["push", "-q", "origin", "main"], in: machine)
            try #require(pushed.status == 0, "\(pushed.output)")
        }

        func pull(_ machine: String) throws -> (status: Int32, output: String, stdout: String) {
            try git(["pull", "--no-rebase", "--no-edit", "-q", "origin", "main"], in: machine)
        }

        func read(_ machine: String, _ name: String) throws -> String {
            try folder.read("\(machine)/\(name)")
        }

        /// The tasks of a day file: each title with its region, bucket and status.
        func tasks(_ machine: String, _ name: String) throws -> [String: (Region, Bucket, Status)] {
            let document = DayDocument(parsing: try read(machine, name))
            var found: [String: (Region, Bucket, Status)] = [:]
            for region in Region.allCases {
                for task in document.tasks(in: region) {
                    #expect(found[task.title] == nil, "“\(task.title)” twice")
                    found[task.title] = (region, task.bucket, task.status)
                }
            }
            return found
        }

        func lintClean(_ machine: String) throws -> Bool {
            try dayplan(["lint", "--strict", "."], in: machine).status == 0
        }
    }

    static let day = """
        # 2026-11-21

        ## Morning
        * [ ] Draft the quarterly report #work
        + [ ] Review Sam's PR
          check the tests first
        - [ ] Call Ana

        ## Afternoon
        - [ ] Buy stamps

        ## Evening

        ## Backlog
        - [ ] Renew passport #admin
        - [ ] Sort photos

        ## Notes
        Slept well.
        Lunch with Bo.

        """

    func expect(_ tasks: [String: (Region, Bucket, Status)], _ expected: [String: (Region, Bucket, Status)],
                sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(tasks.keys) == Set(expected.keys), sourceLocation: sourceLocation)
        for (title, want) in expected {
            guard let got = tasks[title] else { continue }
            #expect(got == want, "“\(title)”", sourceLocation: sourceLocation)
        }
    }

    @Test func twoMachinesEditingTheSameDayPullCleanly() throws {
        let machines = try Machines(day: Self.day)
        // The laptop finishes the report, starts the review, adds a note to it and a task.
        try machines.commit("laptop", ["2026-11-21.md": Self.day
            .replacingOccurrences(of: "* [ ] Draft", with: "* [x] Draft")
            .replacingOccurrences(of: "+ [ ] Review Sam's PR\n  check the tests first\n",
                                  with: "+ [/] Review Sam's PR\n  check the tests first\n  then the docs\n")
            .replacingOccurrences(of: "## Evening\n", with: "## Evening\n- [ ] Read a chapter\n")], "laptop")
        try machines.push("laptop")
        // The phone cancels the stamps, drops the photos, tags the passport, adds two tasks (one the laptop
        // added too) and writes in the notes.
        try machines.commit("phone", ["2026-11-21.md": Self.day
            .replacingOccurrences(of: "- [ ] Buy stamps", with: "- [-] Buy stamps\n- [ ] Water the plants")
            .replacingOccurrences(of: "- [ ] Sort photos\n", with: "")
            .replacingOccurrences(of: "Renew passport #admin", with: "Renew passport #admin #urgent")
            .replacingOccurrences(of: "## Evening\n", with: "## Evening\n- [ ] Read a chapter\n")
            .replacingOccurrences(of: "Lunch with Bo.", with: "Lunch with Bo at noon.")], "phone")
        let pulled = try machines.pull("phone")
        #expect(pulled.status == 0, "\(pulled.output)")
        try expect(machines.tasks("phone", "2026-11-21.md"), [
            "Draft the quarterly report #work": (.morning, .must, .done),
            "Review Sam's PR": (.morning, .complementary, .inProgress),
            "Call Ana": (.morning, .misc, .todo),
            "Buy stamps": (.afternoon, .misc, .cancelled),
            "Water the plants": (.afternoon, .misc, .todo),
            "Read a chapter": (.evening, .misc, .todo),
            "Renew passport #admin #urgent": (.backlog, .misc, .todo),
        ])
        let merged = try machines.read("phone", "2026-11-21.md")
        #expect(merged.contains("+ [/] Review Sam's PR\n  check the tests first\n  then the docs\n"))
        #expect(merged.hasSuffix("## Notes\nSlept well.\nLunch with Bo at noon.\n"))
        #expect(try machines.lintClean("phone"))
        #expect(try machines.dayplan(["fmt", "--check", "."], in: "phone").status == 0)
        // And back: the laptop pulls the merge as it is.
        try machines.push("phone")
        #expect(try machines.pull("laptop").status == 0)
        #expect(try machines.read("laptop", "2026-11-21.md") == merged)
    }

    @Test func removedOnOneMachineAndChangedOnTheOtherStopsThePullWithMarkers() throws {
        let machines = try Machines(day: Self.day)
        try machines.commit("laptop", ["2026-11-21.md": Self.day.replacingOccurrences(of: "- [ ] Call Ana\n", with: "")], "laptop")
        try machines.push("laptop")
        try machines.commit("phone", ["2026-11-21.md": Self.day.replacingOccurrences(of: "- [ ] Call Ana", with: "- [x] Call Ana")
            .replacingOccurrences(of: "- [ ] Buy stamps", with: "- [x] Buy stamps")], "phone")
        let pulled = try machines.pull("phone")
        #expect(pulled.status != 0)
        #expect(pulled.output.contains("2026-11-21.md:7: conflict: “Call Ana”: changed on our side and removed on theirs"), "\(pulled.output)")
        let merged = try machines.read("phone", "2026-11-21.md")
        // Only the disagreement is marked: the rest is merged.
        #expect(merged.contains("<<<<<<< ours\n- [x] Call Ana\n=======\n>>>>>>> theirs\n"))
        #expect(merged.contains("- [x] Buy stamps\n"))
        let lint = try machines.dayplan(["lint", "2026-11-21.md"], in: "phone")
        #expect(lint.status == 1 && lint.stdout.contains("DP041/conflict-marker"))
        let status = try machines.git(["status", "--porcelain"], in: "phone")
        #expect(status.stdout.contains("UU 2026-11-21.md"))
    }

    /// docs/merge.md shows what a pull with a conflict prints: the same scenario, and every line of the sample is
    /// in what git and the driver printed (the sample had the driver's line run into git's).
    @Test func theSampleInTheMergePageIsWhatAPullPrints() throws {
        let page = try String(contentsOf: Repository.url("docs/merge.md"), encoding: .utf8)
        let start = try #require(page.range(of: "```\n$ git pull\n")).upperBound
        let end = try #require(page.range(of: "\n```", range: start..<page.endIndex)).lowerBound
        let sample = page[start..<end].split(separator: "\n").map(String.init)
        #expect(sample.count == 5, "\(sample)")
        let machines = try Machines(day: Self.day)
        try machines.commit("laptop", ["2026-11-21.md": Self.day.replacingOccurrences(of: "- [ ] Call Ana\n", with: "")], "laptop")
        try machines.push("laptop")
        try machines.commit("phone", ["2026-11-21.md": Self.day.replacingOccurrences(of: "- [ ] Call Ana", with: "- [x] Call Ana")], "phone")
        let pulled = try machines.pull("phone")
        let printed = pulled.output.split(separator: "\n").map(String.init)
        for line in sample { #expect(printed.contains(line), "`\(line)` is not what the pull printed:\n\(pulled.output)") }
    }

    @Test func withoutTheDriverGitConflictsWhereTheDriverDoesNot() throws {
        let machines = try Machines(day: Self.day, driver: false)
        try machines.commit("laptop", ["2026-11-21.md": Self.day.replacingOccurrences(of: "- [ ] Call Ana", with: "- [x] Call Ana")], "laptop")
        try machines.push("laptop")
        try machines.commit("phone", ["2026-11-21.md": Self.day.replacingOccurrences(of: "- [ ] Call Ana", with: "- [ ] Call Ana\n- [ ] Pay rent")], "phone")
        #expect(try machines.pull("phone").status != 0)
        // The driver, set up now, merges the same pull.
        try machines.git(["merge", "--abort"], in: "phone")
        #expect(try machines.dayplan(["init", "-q"], in: "phone").status == 0)
        try machines.commitAll("phone", "init")
        let pulled = try machines.pull("phone")
        #expect(pulled.status == 0, "\(pulled.output)")
        let tasks = try machines.tasks("phone", "2026-11-21.md")
        #expect(tasks["Call Ana"]! == (.morning, .misc, .done))
        #expect(tasks["Pay rent"]! == (.morning, .misc, .todo))
    }

    // MARK: - Rollover on two machines

    @Test func bothMachinesRollingOverTheSameDayMergeCleanlyEvenWithoutTheDriver() throws {
        for driver in [true, false] {
            let machines = try Machines(day: Self.day, driver: driver)
            // At different hours of the day: the output depends on the files and the date alone.
            for (machine, now) in [("laptop", "1795262400"), ("phone", "1795298400")] {
                let rolled = try machines.dayplan(["rollover", "--date", "2026-11-22", "-q"], in: machine,
                                                  adding: ["DAYPLAN_NOW": now])
                try #require(rolled.status == 0, "\(rolled.output)")
                try machines.commitAll(machine, "rollover on the \(machine)")
            }
            // Rollover is deterministic: both machines wrote the same bytes.
            #expect(try machines.read("laptop", "2026-11-22.md") == machines.read("phone", "2026-11-22.md"))
            #expect(try machines.read("laptop", "2026-11-21.md") == machines.read("phone", "2026-11-21.md"))
            try machines.push("laptop")
            let pulled = try machines.pull("phone")
            #expect(pulled.status == 0, "driver \(driver): \(pulled.output)")
            #expect(try machines.git(["status", "--porcelain"], in: "phone").stdout == "")
            #expect(try machines.lintClean("phone"))
        }
    }

    @Test func rolloverOnOneMachineAndEditsOnTheOtherMerge() throws {
        let machines = try Machines(day: Self.day)
        // The laptop rolls over to Sunday, then finishes a carried task and adds one in the new day.
        #expect(try machines.dayplan(["rollover", "--date", "2026-11-22", "-q"], in: "laptop").status == 0)
        let sunday = try machines.read("laptop", "2026-11-22.md")
        try machines.commit("laptop", ["2026-11-22.md": sunday.replacingOccurrences(of: "## Evening\n", with: "## Evening\n- [ ] Call mum\n")], "rollover, Sunday planned")
        try machines.push("laptop")
        // The phone, still on Saturday, finishes the report and the review (rollover marked them moved on).
        try machines.commit("phone", ["2026-11-21.md": Self.day.replacingOccurrences(of: "* [ ] Draft", with: "* [x] Draft")
            .replacingOccurrences(of: "+ [ ] Review", with: "+ [/] Review")], "phone")
        let pulled = try machines.pull("phone")
        #expect(pulled.status == 0, "\(pulled.output)")
        #expect(pulled.output.contains("“Draft the quarterly report #work” is done on one side and was moved on by rollover on the other: it stays done here"))
        try expect(machines.tasks("phone", "2026-11-21.md"), [
            "Draft the quarterly report #work": (.morning, .must, .done),
            "Review Sam's PR": (.morning, .complementary, .moved),
            "Call Ana": (.morning, .misc, .moved),
            "Buy stamps": (.afternoon, .misc, .moved),
            "Renew passport #admin": (.backlog, .misc, .moved),
            "Sort photos": (.backlog, .misc, .moved),
        ])
        #expect(try machines.tasks("phone", "2026-11-22.md")["Call mum"]! == (.evening, .misc, .todo))
    }

    @Test func bothMachinesRollingOverThenEditingTheNewDayMerge() throws {
        let machines = try Machines(day: Self.day)
        for machine in ["laptop", "phone"] {
            #expect(try machines.dayplan(["rollover", "--date", "2026-11-22", "-q"], in: machine).status == 0)
        }
        let sunday = try machines.read("laptop", "2026-11-22.md")
        try machines.commit("laptop", ["2026-11-22.md": sunday.replacingOccurrences(of: "- [ ] Call Ana", with: "- [x] Call Ana")], "laptop")
        try machines.push("laptop")
        try machines.commit("phone", ["2026-11-22.md": sunday.replacingOccurrences(of: "## Morning\n", with: "## Morning\n* [ ] Plan the week\n")], "phone")
        let pulled = try machines.pull("phone")
        #expect(pulled.status == 0, "\(pulled.output)")
        let tasks = try machines.tasks("phone", "2026-11-22.md")
        #expect(tasks["Call Ana"]!.2 == .done)
        #expect(tasks["Plan the week"]! == (.morning, .must, .todo))
        #expect(tasks.count == DayDocument(parsing: sunday).allTasks.count + 1)
        #expect(try machines.lintClean("phone"))
    }

    @Test func dayFilesInMonthlyFoldersUseTheDriverToo() throws {
        let machines = try Machines(day: Self.day, date: "2026/11/2026-11-21")
        let check = try machines.git(["check-attr", "merge", "2026/11/2026-11-21.md", "notes.md"], in: "phone")
        #expect(check.stdout == "2026/11/2026-11-21.md: merge: dayplan\nnotes.md: merge: unspecified\n")
    }
}
