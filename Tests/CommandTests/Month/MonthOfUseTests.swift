import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A month of use, scripted with a fixed clock, through the real binary. Each morning a
/// rollover and a sync with the phone (a real Radicale on loopback, Python's caldav as the phone, which captures
/// and completes to-dos); through the day `add`, `mark`, `move`, `status` and, on Fridays, `review`; every third
/// day a second clone of the plan's git repository (the laptop) edits the same day and pushes, and the evening's
/// pull merges it; in the evening a hand edit as a person makes it in an editor; a routines file, a calendar, a
/// five-day holiday with no rollover. Now and then a planted problem (a broken box, a task under `## Notes`, a
/// misspelt region, a task cancelled with an open sub-task, a box with stray blanks that rollover carries). At
/// the end: every planted problem was named by the command that met it, `lint --strict` and `fmt --check` find
/// nothing but what was planted, no open task stands outside the live plan (today's file) unless some command's
/// output named it, and the two clones hold the same plan. Without Radicale or caldav the phone's part is
/// skipped, and says so.
@Suite(.tags(.slow)) struct MonthOfUseTests {
    /// What a person plants, on which day, as the line appended to that day's file (the evening's hand edit).
    struct Plant {
        let day: Int
        let text: String
        /// The title every command that meets it must name.
        let title: String
    }

    static let plants = [
        Plant(day: 3, text: "\n## Morning extra\n- [ x] Water the plants\n", title: "Water the plants"),
        Plant(day: 6, text: "\n## Notes\n+ [] Print the handouts\n", title: "Print the handouts"),
        Plant(day: 8, text: "\n## Notes\n- [ ] Call the plumber\n", title: "Call the plumber"),
        Plant(day: 19, text: "\n## Evenings\n- [ ] Stretch before bed\n", title: "Stretch before bed"),
    ]
    /// A box typed with stray blanks inside a region: read as to do, so rollover carries it (no line needed).
    static let looseBox = (day: 25, text: "+ [] Renew the library card\n", title: "Renew the library card")
    /// The holiday: no rollover, no edit.
    static let holiday = 10...14

    static let routines = """
        ## Morning
        - [ ] Physio exercises @every:day

        ## Afternoon
        + [ ] Weekly review @every:fri

        """
    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//dayplan tests//EN
        BEGIN:VEVENT
        UID:standup@example.com
        DTSTART:20261102T090000Z
        DTEND:20261102T091500Z
        RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
        SUMMARY:Standup
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n")

    /// 07:00 UTC (or `hour`) on November `day`, 2026, as DAYPLAN_NOW.
    static func clock(_ day: Int, hour: Int = 7) -> [String: String] {
        let date = Day(year: 2026, month: 11, day: day)!
        return ["DAYPLAN_NOW": String(Day("1970-01-01")!.days(until: date) * 86_400 + hour * 3_600), "TZ": "UTC"]
    }

    static func name(_ day: Int) -> String { Day(year: 2026, month: 11, day: day)!.description }

    @Test(.timeLimit(.minutes(20))) func aMonthOfUseLeavesNothingUnnamed() throws {
        let folder = try TemporaryFolder()
        let desk = folder.url.appendingPathComponent("desk"), laptop = folder.url.appendingPathComponent("laptop")
        // git, as in GitSyncTests: no system or user config, a fixed author, and dayplan on the PATH for the driver.
        let environment = [
            "PATH": "\(Binary.url.deletingLastPathComponent().path):/usr/bin:/bin:/usr/local/bin", "HOME": folder.url.path,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com", "CALDAV_PASSWORD": "secret",
        ]
        let git = try #require(installedProgram("git"), "git is part of the month")

        /// Every line a command printed, standard output and error, each run's lines with its command.
        var said = ""
        func run(_ arguments: [String], _ day: Int, hour: Int = 7, in place: URL? = nil, expecting status: Int32? = 0) throws -> Binary.Run {
            let result = try Binary.run(arguments, in: place ?? desk, environment: environment.merging(Self.clock(day, hour: hour)) { $1 })
            let machine = place == laptop ? " on the laptop" : ""
            said += "$ dayplan \(arguments.joined(separator: " ")) (\(Self.name(day))\(machine))\n" + result.stdout + result.stderr
            if let status, result.status != status {
                Issue.record("\(Self.name(day))\(machine): dayplan \(arguments.joined(separator: " ")) exited \(result.status), not \(status): \(result.stdout)\(result.stderr)")
            }
            return result
        }
        @discardableResult
        func gitRun(_ arguments: [String], in place: URL, _ day: Int = 1) throws -> Binary.Run {
            let result = try Binary.program(URL(fileURLWithPath: git), arguments, in: place,
                                            environment: environment.merging(Self.clock(day, hour: 20)) { $1 })
            said += "$ git \(arguments.joined(separator: " ")) (\(Self.name(day))\(place == laptop ? " on the laptop" : ""))\n" + result.stdout + result.stderr
            try #require(result.status == 0, "git \(arguments): \(result.stdout)\(result.stderr)")
            return result
        }
        func commit(_ place: URL, _ message: String, _ day: Int) throws {
            try gitRun(["add", "-A"], in: place, day)
            if try Binary.program(URL(fileURLWithPath: git), ["diff", "--cached", "--quiet"], in: place, environment: environment).status != 0 {
                try gitRun(["commit", "-q", "-m", message], in: place, day)
            }
        }

        try FileManager.default.createDirectory(at: desk, withIntermediateDirectories: true)
        try gitRun(["init", "-q", "-b", "main"], in: desk)
        #expect(try run(["init", "-q"], 1).status == 0)
        _ = try folder.write("desk/.dayplan/routines.md", Self.routines)
        _ = try folder.write("desk/work.ics", Self.calendar)
        let config = try folder.read("desk/.dayplan/config")
        let calendars = try #require(config.range(of: "calendars =          # empty: none"))
        var settings = config.replacingCharacters(in: calendars, with: "calendars = work.ics")

        // The phone: a Radicale of the test's own, and the phone's task list on it.
        var phone: ((_ arguments: [String]) throws -> String)?
        var server: RadicaleServer?
        defer { server?.stop() }
        if let missing = SyncCommandTests.missing {
            print("the phone's part of the month is skipped: \(missing) is not installed")
        } else {
            let started = try RadicaleServer(in: folder.url)
            server = started
            // The lines init wrote, filled in, as a person does.
            for (line, value) in [("sync-url =           # empty: no sync", started.url), ("sync-user =          # empty: no login", "alice"),
                                  ("sync-password-env =  # the name of an environment variable, such as CALDAV_PASSWORD", "CALDAV_PASSWORD")] {
                let range = try #require(settings.range(of: line), "init's config has no line `\(line)`")
                settings.replaceSubrange(range, with: line.prefix { $0 != "=" } + "= " + value)
            }
            phone = { arguments in
                let output = try SyncCommandTests().phone(started, arguments, in: folder)
                said += "$ phone \(arguments.joined(separator: " "))\n" + output
                return output
            }
            _ = try phone?(["mkcal"])
        }
        _ = try folder.write("desk/.dayplan/config", settings)

        // Two clones of one repository: the desk's and the laptop's, each with the merge driver (`dayplan init`).
        try commit(desk, "The plan", 1)
        try gitRun(["clone", "-q", "--bare", "desk", "shared.git"], in: folder.url)
        try gitRun(["remote", "add", "origin", "../shared.git"], in: desk)
        try gitRun(["fetch", "-q", "origin"], in: desk)
        try gitRun(["branch", "-q", "--set-upstream-to=origin/main", "main"], in: desk)
        try gitRun(["clone", "-q", "shared.git", "laptop"], in: folder.url)
        _ = try run(["init", "-q"], 1, in: laptop)
        let driver = try Binary.program(URL(fileURLWithPath: git), ["config", "merge.dayplan.driver"], in: laptop, environment: environment)
        #expect(driver.stdout.contains("dayplan merge"), "the laptop's clone has no merge driver: \(driver.stdout)\(driver.stderr)")
        func pull(_ place: URL, _ day: Int) throws {
            let pulled = try gitRun(["pull", "-q", "--no-rebase", "--no-edit", "origin", "main"], in: place, day)
            #expect(!(pulled.stdout + pulled.stderr).contains("CONFLICT"), "\(Self.name(day)): \(pulled.stdout)\(pulled.stderr)")
        }

        var random = SplitMix64(seed: 56)
        var previousPlant: Plant?
        var plantedFiles: Set<String> = []
        for day in 1...30 where !Self.holiday.contains(day) {
            let file = Self.name(day) + ".md"
            // The morning: rollover, from the cron job at 07:00. After a planted problem it names it and exits 1.
            let rollover = try run(["rollover"], day, expecting: previousPlant == nil ? 0 : 1)
            if let plant = previousPlant {
                #expect(rollover.stdout.contains(plant.title) || rollover.stderr.contains(plant.title),
                        "\(Self.name(day)): rollover did not name “\(plant.title)”: \(rollover.stdout)\(rollover.stderr)")
                #expect(rollover.stdout.contains("left behind") || rollover.stderr.contains("left behind"),
                        "\(Self.name(day)): \(rollover.stdout)\(rollover.stderr)")
            }
            previousPlant = nil
            // The phone, before the morning's sync: completes yesterday's synced idea of the day before, and
            // every fourth day captures a to-do. The sync brings both into the plan.
            if let phone {
                let idea = day - 2
                let completes = idea >= 1 && !Self.holiday.contains(idea) && !Self.holiday.contains(day - 1) && idea % 5 != 0
                var actions: [String] = []
                if completes { actions += ["complete", "Idea \(idea) #inbox"] }
                if day % 4 == 3 { actions += (actions.isEmpty ? [] : ["--"]) + ["add", "Phone capture \(day)"] }
                if !actions.isEmpty { _ = try phone(actions) }
                let synced = try run(["sync"], day, hour: 8)
                let today = try folder.read("desk/" + file)
                if completes {
                    #expect(today.contains("- [x] Idea \(idea) #inbox"), "\(Self.name(day)): the phone's completion of “Idea \(idea)” did not come back: \(synced.stdout)\n\(today)")
                }
                if day % 4 == 3 {
                    #expect(today.contains("- [ ] Phone capture \(day) @from:\(Self.name(day))"), "\(Self.name(day)): \(synced.stdout)\n\(today)")
                    #expect(synced.stdout.contains("Phone capture \(day)"), "sync did not name what it brought: \(synced.stdout)")
                }
            }
            try commit(desk, "Rollover, \(Self.name(day))", day)
            try gitRun(["push", "-q", "origin", "main"], in: desk, day)
            // The laptop, every third day: the same day's file, edited at noon and pushed before the desk's evening.
            let laptopDay = day % 3 == 2
            if laptopDay {
                try pull(laptop, day)
                _ = try run(["add", "Laptop note \(day)"], day, hour: 12, in: laptop)
                // On the days the desk does not mark it done (two marks of one line would be the merge's to decide).
                if day % 2 == 1 { _ = try run(["mark", "doing", "Physio exercises"], day, hour: 12, in: laptop) }
                try commit(laptop, "Noon on the laptop, \(Self.name(day))", day)
                try gitRun(["push", "-q", "origin", "main"], in: laptop, day)
            }

            // Through the day: capture, plan into regions, tick off, move.
            _ = try run(["add", "Idea \(day)", "#inbox"], day, hour: 9)
            let region = ["morning", "afternoon", "evening"][Int.random(in: 0..<3, using: &random)]
            let added = try run(["add", "Task \(day)", "--to", region, "--complementary"], day, hour: 9, expecting: nil)
            #expect(added.status == 0 || added.stderr.contains("no room"), "\(Self.name(day)): \(added.stderr)")
            _ = try run(["add", "Errand \(day) #home", "--to", "evening"], day, hour: 9, expecting: nil)
            _ = try run(["status"], day, hour: 10)
            if day % 2 == 0 { _ = try run(["mark", "done", "Physio exercises"], day, hour: 11) }
            if added.status == 0, Int.random(in: 0..<3, using: &random) != 0 { _ = try run(["mark", "done", "Task \(day)"], day, hour: 15) }
            if day % 4 == 0 { _ = try run(["move", "Errand \(day)", "--to", "backlog"], day, hour: 16) }
            if day % 5 == 0, day + 2 <= 30 {
                _ = try run(["move", "Idea \(day)", "--on", Self.name(day + 2)], day, hour: 16)
            }
            // The Backlog does not grow without end: the idea of three active days ago is cancelled.
            let text = try folder.read("desk/" + file)
            for older in stride(from: day - 1, to: 0, by: -1) where text.contains("- [ ] Idea \(older) #inbox") && day - older >= 3 {
                _ = try run(["mark", "cancel", "Idea \(older)"], day, hour: 17)
            }
            if Weekday(of: Day(year: 2026, month: 11, day: day)!) == .friday {
                _ = try run(["review"], day, hour: 18)
                _ = try run(["mark", "done", "Weekly review"], day, hour: 18, expecting: nil)
            }
            // A task cancelled with an open sub-task: mark names the sub-task it leaves open.
            if day == 22 {
                _ = try run(["add", "Pack for the trip", "--to", "evening"], day, hour: 19)
                var lines = try folder.read("desk/" + file)
                lines = lines.replacingOccurrences(of: "- [ ] Pack for the trip\n", with: "- [ ] Pack for the trip\n  - [ ] charger\n")
                _ = try folder.write("desk/" + file, lines)
                let mark = try run(["mark", "cancel", "Pack for the trip"], day, hour: 20, expecting: nil)
                #expect((mark.stdout + mark.stderr).contains("charger"), "mark did not name the open sub-task: \(mark.stdout)\(mark.stderr)")
                previousPlant = Plant(day: 22, text: "", title: "charger")
                plantedFiles.insert(file)
            }
            // The evening: a hand edit, as in an editor (notes under a task), and now and then a planted problem.
            var evening = try folder.read("desk/" + file)
            if day % 3 == 0, let range = evening.range(of: "Task \(day)\n") {
                evening.replaceSubrange(range, with: "Task \(day)\n  asked Ana about it\n")
            }
            if let plant = Self.plants.first(where: { $0.day == day }) {
                evening += plant.text
                previousPlant = plant
                plantedFiles.insert(file)
            }
            if day == Self.looseBox.day, let range = evening.range(of: "## Evening\n") {
                evening.replaceSubrange(range, with: "## Evening\n" + Self.looseBox.text)
                plantedFiles.insert(file)
            }
            _ = try folder.write("desk/" + file, evening)
            _ = try run(["status"], day, hour: 21)
            // The evening's commit, and the laptop's noon merged in by the pull (the driver, no conflict).
            try commit(desk, "Evening, \(Self.name(day))", day)
            try pull(desk, day)
            if laptopDay {
                let merged = try folder.read("desk/" + file)
                #expect(merged.contains("- [ ] Laptop note \(day) @from:\(Self.name(day))"), "\(Self.name(day)): the laptop's task did not merge in:\n\(merged)")
                #expect(!merged.contains("<<<<<<<"), "\(merged)")
            }
            try gitRun(["push", "-q", "origin", "main"], in: desk, day)
            if day == Self.looseBox.day + 1 {
                #expect(try folder.read("desk/" + file).contains("+ [ ] \(Self.looseBox.title) @from:\(Self.name(Self.looseBox.day))"),
                        "rollover did not carry the box with stray blanks")
            }
        }

        // The month looked back on.
        let report = try run(["report"], 30, hour: 22)
        #expect(report.stdout.contains("Planned"), "\(report.stdout)")

        // lint --strict and fmt --check: nothing but the files with something planted.
        let lint = try run(["lint", "--strict", "."], 30, hour: 22, expecting: nil)
        // Information (a task carried for long) is no finding --strict fails on, and the month carries some.
        for finding in lint.stdout.split(separator: "\n") where !finding.contains(": information: ") {
            var file = String(finding.split(separator: ":").first ?? "")
            if file.hasPrefix("./") { file.removeFirst(2) }
            #expect(plantedFiles.contains(file), "lint --strict found more than was planted: \(finding)")
        }
        let fmt = try run(["fmt", "--check"], 30, hour: 22, expecting: nil)
        for line in fmt.stdout.split(separator: "\n") {
            let file = line.hasPrefix("./") ? String(line.dropFirst(2)) : String(line)
            #expect(plantedFiles.contains(file), "fmt --check flags a file nothing was planted in: \(file)")
        }
        #expect(lint.status == 1 && lint.stdout.contains("[DP031/malformed-task]"), "the planted problems are still there: \(lint.stdout)")

        // No open task outside the live plan that no line named: each open task (as its path stands last) is in
        // today's file, or some command named its title.
        let open = try run(["query", "--status", "open", "--format", "tsv"], 30, hour: 22)
        let lines = open.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first)
        let fileColumn = try #require(header.firstIndex(of: "file")), titleColumn = try #require(header.firstIndex(of: "title"))
        let rows = lines.dropFirst()
        #expect(rows.count >= 10, "\(open.stdout)")
        for row in rows where row.count == header.count && row[fileColumn] != Self.name(30) + ".md" {
            // Named by more than its own capture: a rollover's, mark's or move's line says where it went.
            #expect(said.components(separatedBy: row[titleColumn]).count > 2,
                    "“\(row[titleColumn])” (\(row[fileColumn])) is open outside the live plan, and only its own capture named it")
        }
        // The tasks planted outside the regions are open outside the live plan: each was named by rollover, quoted.
        for plant in Self.plants {
            #expect(said.contains("Left behind: `") && said.contains(plant.title + "` ["), "“\(plant.title)” was not quoted as left behind")
        }
        // The laptop, pulled once more, holds the same plan as the desk.
        try pull(laptop, 30)
        for name in try FileManager.default.contentsOfDirectory(atPath: desk.path) where name.hasSuffix(".md") {
            #expect(try folder.read("laptop/" + name) == folder.read("desk/" + name), "\(name) differs between the clones")
        }
        // Attached to the test's output for a person to read, as the cron log and the terminal showed it.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("dayplan-month-of-use.log")
        try said.write(to: log, atomically: true, encoding: .utf8)
        print("the month's commands and what they said: \(log.path)")
    }
}
