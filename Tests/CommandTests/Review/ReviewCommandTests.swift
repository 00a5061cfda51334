import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `review`, lint's information findings, the ages `status` and
/// `query` show, and `move --on`. Today is 2026-11-21 (DAYPLAN_NOW).
@Suite struct ReviewCommandTests {
    static let environment = PlanningAheadCommandTests.seven("2026-11-21")
    static let day = "# 2026-11-21\n\n## Morning\n* [ ] Write the talk\n\n## Backlog\n- [ ] Renew passport @from:2026-11-10\n"
        + "+ [ ] Fix Bo's bike @from:2026-11-02\n- [ ] Fresh @from:2026-11-20\n"

    static func folder(config: String = "") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", config)
        try folder.write("2026-11-21.md", day)
        return folder
    }

    @Test func reviewListsOldestFirstWithTheChoicesAsCommands() throws {
        let folder = try Self.folder()
        let before = try FolderSnapshot(folder.url)
        let run = try Binary.run(["review"], in: folder.url, environment: Self.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            2026-11-21.md: 2 tasks carried 7 days or more, oldest first

            Fix Bo's bike: first planned on 2026-11-02, 19 days ago (Backlog, line 8)
              do it today:  dayplan move --to morning 'Fix Bo'\\''s bike'    # into the Morning
              schedule it:  dayplan move --on 2026-11-28 'Fix Bo'\\''s bike'
              cancel it:    dayplan mark cancel 'Fix Bo'\\''s bike'

            Renew passport: first planned on 2026-11-10, 11 days ago (Backlog, line 7)
              do it today:  dayplan move --to morning 'Renew passport'    # into the Morning
              schedule it:  dayplan move --on 2026-11-28 'Renew passport'
              cancel it:    dayplan mark cancel 'Renew passport'

            """)
        #expect(try FolderSnapshot(folder.url) == before)
        // The commands run as printed (through sh), and each decides: nothing is left to review.
        for command in ["dayplan move --on 2026-11-28 'Fix Bo'\\''s bike'", "dayplan mark cancel 'Renew passport'"] {
            let words = try #require(Self.shellWords(command))
            let step = try Binary.run(Array(words.dropFirst()), in: folder.url, environment: Self.environment)
            #expect(step.status == 0, "\(command): \(step.stderr)")
        }
        #expect(try folder.read("2026-11-21.md").contains("+ [ ] Fix Bo's bike @on:2026-11-28 @from:2026-11-02\n")
                || folder.read("2026-11-21.md").contains("+ [ ] Fix Bo's bike @from:2026-11-02 @on:2026-11-28\n"))
        let after = try Binary.run(["review"], in: folder.url, environment: Self.environment)
        #expect(after.stdout == "2026-11-21.md: no open task was first planned 7 days or more before 2026-11-21; nothing to decide\n")
    }

    /// Splits a command as a POSIX shell would, for the plain and single-quoted words review writes.
    static func shellWords(_ command: String) -> [String]? {
        var words: [String] = [], word = "", inQuote = false, started = false, escaped = false
        for character in command {
            if escaped {
                word.append(character); escaped = false
            } else if inQuote {
                if character == "'" { inQuote = false } else { word.append(character) }
            } else if character == "'" {
                inQuote = true; started = true
            } else if character == "\\" {
                escaped = true; started = true
            } else if character == " " {
                if started || !word.isEmpty { words.append(word) }
                word = ""; started = false
            } else {
                word.append(character)
            }
        }
        if started || !word.isEmpty { words.append(word) }
        return inQuote ? nil : words
    }

    @Test func reviewJSONAndTheSetting() throws {
        let folder = try Self.folder(config: "carried-warning-days = 15\n")
        let run = try Binary.run(["review", "--format", "json"], in: folder.url, environment: Self.environment)
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        #expect(document["version"] as? Int == 1 && document["carriedWarningDays"] as? Int == 15)
        let tasks = try #require(document["tasks"] as? [[String: Any]])
        #expect(tasks.map { $0["title"] as? String } == ["Fix Bo's bike"])
        #expect(tasks.first?["age"] as? Int == 19 && tasks.first?["from"] as? String == "2026-11-02")
    }

    @Test func lintShowsInformationAndNeverFailsOnIt() throws {
        let folder = try Self.folder()
        for arguments in [["lint"], ["lint", "--strict"]] {
            let run = try Binary.run(arguments, in: folder.url, environment: Self.environment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout.contains("2026-11-21.md:7:1: information: Renew passport was first planned on 2026-11-10, 11 days ago; "))
            #expect(run.stderr.contains("1 file checked, no problems; 2 information findings (never a failure)"))
        }
        let github = try Binary.run(["lint", "--format", "github"], in: folder.url, environment: Self.environment)
        #expect(github.stdout.hasPrefix("::notice file=2026-11-21.md,line=7,col=1,"))
        let json = try Binary.run(["lint", "--format", "json"], in: folder.url, environment: Self.environment)
        #expect(json.stdout.contains("\"severity\":\"information\",\"rule\":\"DP052\",\"name\":\"long-carried\""))
    }

    @Test func statusAndQueryShowTheAge() throws {
        let folder = try Self.folder()
        let status = try Binary.run(["status"], in: folder.url, environment: Self.environment)
        #expect(status.stdout.contains("Carried    Fix Bo's bike (19 days), Renew passport (11 days); 7 days or more: decide with 'dayplan review'\n"))
        let json = try Binary.run(["status", "--format", "json"], in: folder.url, environment: Self.environment)
        #expect(json.stdout.contains("\"oldest\":{\"title\":\"Fix Bo's bike\",\"line\":8,\"from\":\"2026-11-02\",\"age\":19}"))
        #expect(json.stdout.contains("\"carriedWarningDays\":7,\"carried\":[{\"title\":\"Fix Bo's bike\",\"line\":8,\"from\":\"2026-11-02\",\"age\":19},"))
        let query = try Binary.run(["query"], in: folder.url, environment: Self.environment)
        #expect(query.stdout == "2026-11-21.md:4:1: [ ] Write the talk\n2026-11-21.md:7:1: [ ] Renew passport  (11 days old)\n"
                + "2026-11-21.md:8:1: [ ] Fix Bo's bike  (19 days old)\n2026-11-21.md:9:1: [ ] Fresh  (1 day old)\n")
        let queryJSON = try Binary.run(["query", "--format", "json"], in: folder.url, environment: Self.environment)
        #expect(queryJSON.stdout.contains("\"firstPlanned\":\"2026-11-02\",\"moves\":0,\"age\":19"))
    }

    @Test func moveOnNeedsARealDateAndNoRegion() throws {
        let folder = try Self.folder()
        for arguments in [["move", "--on", "soon", "Fresh"], ["move", "--on", "2026-11-28", "--to", "morning", "Fresh"]] {
            let run = try Binary.run(arguments, in: folder.url, environment: Self.environment)
            #expect(run.status == 2, "\(arguments)")
        }
        #expect(try folder.read("2026-11-21.md") == Self.day)
    }
}
