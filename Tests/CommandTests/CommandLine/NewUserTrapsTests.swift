import Foundation
import Testing

/// The small traps a new user met in a month of use: each is a run of the real binary that used to do the wrong
/// thing quietly (or say it in the wrong words), and now refuses or says what is so.
@Suite struct NewUserTrapsTests {
    @Test func dayplanNowTakesTheFormNowTakesAndRefusesWhatItCannotRead() throws {
        let folder = try DailyFixtures.folder()
        try folder.write("2026-11-30.md", "# 2026-11-30\n\n## Morning\n- [ ] Plan the week\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        // The --now form: the day it names is today (it used to be ignored, and the real clock used).
        let local = try Binary.run(["status", "--format", "json"], in: folder.url, environment: ["DAYPLAN_NOW": "2026-11-30T08:00"])
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stdout.contains("\"day\":\"2026-11-30\""), "\(local.stdout)")
        // Seconds still work; anything else is a usage error naming the variable, not a silent real clock.
        #expect(try Binary.run(["status"], in: folder.url).status == 0)
        let wrong = try Binary.run(["status"], in: folder.url, environment: ["DAYPLAN_NOW": "next tuesday"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr == "dayplan status: DAYPLAN_NOW 'next tuesday' is not a time; write YYYY-MM-DDTHH:MM "
                + "(such as 2026-11-21T09:30) or HH:MM, or seconds since 1970\n")
    }

    @Test func everyCommandThatTakesNoArgumentsRefusesAStrayWord() throws {
        let folder = try DailyFixtures.folder()
        let before = try FolderSnapshot(folder.url, skipping: [".dayplan.lock"])
        var without: [String] = []
        for command in try HelpListing.commands() {
            let usage = try Binary.run([command, "--help"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
            // The usage line ends with the arguments' placeholder when the command takes any (`[PATH ...]`).
            guard let last = usage.split(separator: "[").last, last.hasPrefix("-") else { continue }
            without.append(command)
            let run = try Binary.run([command, "stray"], in: folder.url)
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("dayplan \(command): takes no "), "\(command): \(run.stderr)")
            #expect(run.stderr.hasSuffix("Run 'dayplan \(command) --help' for usage.\n"), "\(command): \(run.stderr)")
        }
        // The commands the trial found accepting stray words are among those walked.
        #expect(Set(["lsp", "remind", "rollover", "review", "sync"]).isSubset(of: without), "\(without)")
        #expect(try FolderSnapshot(folder.url, skipping: [".dayplan.lock"]) == before)
    }

    @Test func aWrongWordIsNamedForWhatItIs() throws {
        let folder = try DailyFixtures.folder()
        let mark = try Binary.run(["mark", "finished", "Buy milk"], in: folder.url)
        #expect(mark.status == 2)
        #expect(mark.stderr == "dayplan mark: unknown status 'finished'; use done, doing, todo or cancel\n"
                + "Run 'dayplan mark --help' for usage.\n")
        let near = try Binary.run(["mark", "dnoe", "Buy milk"], in: folder.url)
        #expect(near.stderr.hasPrefix("dayplan mark: unknown status 'dnoe' (did you mean 'done'?);"), "\(near.stderr)")
        let move = try Binary.run(["move", "--to", "lunch", "Buy milk"], in: folder.url)
        #expect(move.status == 2)
        #expect(move.stderr.hasPrefix("dayplan move: unknown region 'lunch'; use morning, afternoon, evening or backlog\n"))
        let add = try Binary.run(["add", "--to", "lunch", "Tea"], in: folder.url)
        #expect(add.stderr.hasPrefix("dayplan add: unknown region 'lunch';"), "\(add.stderr)")
    }

    @Test func aPastDayWithoutAPlanIsNotOfferedARollover() throws {
        let folder = try DailyFixtures.folder()
        let past = try Binary.run(["status", "2026-11-15"], in: folder.url)
        #expect(past.status == 2)
        #expect(past.stderr == "dayplan status: 2026-11-15.md: no such file; there was no plan for 2026-11-15, a day that has passed\n")
        let mark = try Binary.run(["mark", "done", "Tea", "--date", "2026-11-15"], in: folder.url)
        #expect(mark.stderr == "dayplan mark: 2026-11-15.md: no such file; there was no plan for 2026-11-15, a day that has passed\n")
        // Today and a day ahead are still offered the way to start them.
        let ahead = try Binary.run(["status", "2026-11-22"], in: folder.url)
        #expect(ahead.stderr.hasSuffix("(start it with 'dayplan rollover')\n"))
    }

    @Test func addSaysTheMetadataItWrote() throws {
        let folder = try DailyFixtures.folder()
        let run = try Binary.run(["add", "Buy stamps #errand @due:2026-11-25 @est:15m @carry"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "2026-11-21.md:16: added to the Backlog (misc): Buy stamps #errand @carry @due:2026-11-25 @from:2026-11-21 @est:15m\n")
        #expect(try folder.read("2026-11-21.md").contains("- [ ] Buy stamps #errand @carry @due:2026-11-25 @from:2026-11-21 @est:15m\n"))
    }

    @Test func dayplansOwnEditsAreCanonical() throws {
        let folder = try DailyFixtures.folder(today: """
            # 2026-11-21

            ## Morning
            - [ ] Write the report @est:2h

            ## Afternoon

            ## Evening

            ## Backlog
            - [ ] Renew passport @due:2026-11-30 @from:2026-11-13

            """)
        try folder.write(".dayplan/config", "done-date = yes\n")
        #expect(try Binary.run(["fmt", "--check", "2026-11-21.md"], in: folder.url).status == 0)
        let move = try Binary.run(["move", "--on", "2026-11-25", "Renew passport"], in: folder.url)
        #expect(move.status == 0, "\(move.stderr)")
        let mark = try Binary.run(["mark", "done", "Write the report"], in: folder.url)
        #expect(mark.status == 0, "\(mark.stderr)")
        let text = try folder.read("2026-11-21.md")
        #expect(text.contains("- [ ] Renew passport @on:2026-11-25 @due:2026-11-30 @from:2026-11-13\n"), "\(text)")
        #expect(text.contains("- [x] Write the report @done:2026-11-21 @est:2h\n"), "\(text)")
        let check = try Binary.run(["fmt", "--check", "2026-11-21.md"], in: folder.url)
        #expect(check.status == 0 && check.stdout == "", "\(check.stdout)")
    }

    @Test func fmtCheckWithNoPathChecksTheFolderNotStandardInput() throws {
        let folder = try DailyFixtures.folder()
        try folder.write("2026-11-20.md", "# 2026-11-20\n## Morning\n- [ ] Tea\n")
        // Standard input is a pipe (empty), as in a hook: it used to be read, and the run passed.
        let check = try Binary.run(["fmt", "--check"], in: folder.url)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stdout.contains("2026-11-20.md\n"), "\(check.stdout)")
        #expect(!check.stdout.contains("./"))
        // --write with no path is refused, not a rewrite of a folder nobody named.
        let unnamed = try Binary.run(["fmt", "--write"], in: folder.url)
        #expect(unnamed.status == 2 && unnamed.stderr.contains("dayplan fmt --write ."))
        let write = try Binary.run(["fmt", "--write", "."], in: folder.url)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(try folder.read("2026-11-20.md") == "# 2026-11-20\n\n## Morning\n- [ ] Tea\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        #expect(try Binary.run(["fmt", "--check"], in: folder.url).status == 0)
        // The filter stays a filter: standard input to standard output, with no path or with -.
        let filter = try Binary.run(["fmt"], stdin: Array("# 2026-11-20\n## Morning\n".utf8))
        #expect(filter.stdout == "# 2026-11-20\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        let dash = try Binary.run(["fmt", "--check", "-"], stdin: Array("# 2026-11-20\n## Morning\n".utf8))
        #expect(dash.status == 1 && dash.stdout == "<stdin>\n")
    }
}

/// dayplan(1)'s ENVIRONMENT: each variable once, each sentence once, DAYPLAN_NOW among them.
@Suite struct ManualEnvironmentTests {
    @Test func eachVariableAndSentenceOnceWithDayplanNow() throws {
        let page = try Binary.run(["help", "--man"]).stdout
        let start = try #require(page.range(of: ".Sh ENVIRONMENT\n")).upperBound
        let end = try #require(page.range(of: ".Sh FILES", range: start..<page.endIndex)).lowerBound
        let lines = page[start..<end].split(separator: "\n")
        let variables = lines.filter { $0.hasPrefix(".It Ev ") }
        #expect(Set(variables).count == variables.count, "\(variables)")
        #expect(variables.contains(".It Ev DAYPLAN_NOW"))
        #expect(variables.contains(".It Ev DAYPLAN_DIR"))
        // It used to say "where to look for the plan folder" once for each of 14 commands.
        let text = lines.filter { !$0.hasPrefix(".") }.joined(separator: " ")
        let sentence = "): where to look for the plan folder (default: the current folder)."
        #expect(text.components(separatedBy: sentence).count - 1 == 1, "\(text)")
    }
}
