import Foundation
import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// `dayplan report` end to end: REPORTS.md's worked example, the report's days, writing to a file,
/// charts only on a terminal, and bad files.
@Suite struct ReportCommandTests {
    /// The fenced blocks of REPORTS.md whose info string is `info`, in order.
    static func blocks(_ info: String) throws -> [String] {
        let text = try String(contentsOf: Repository.url("docs/REPORTS.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current != nil {
                if line == "```" { blocks.append(current!.map { $0 + "\n" }.joined()); current = nil } else { current!.append(String(line)) }
            } else if line == "```" + info {
                current = []
            }
        }
        return blocks
    }

    /// REPORTS.md's worked example in a temporary folder.
    static func workedExample() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let text = try String(contentsOf: Repository.url("docs/REPORTS.md"), encoding: .utf8)
        var name: String?
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let open = name {
                if line == "```" { try folder.write(open, lines.map { $0 + "\n" }.joined()); name = nil } else { lines.append(String(line)) }
            } else if line.hasPrefix("```markdown ") {
                name = String(line.dropFirst("```markdown ".count))
                lines = []
            }
        }
        return folder
    }

    @Test func theWorkedExamplePrintsWhatREPORTSSays() throws {
        let folder = try Self.workedExample()
        #expect(try folder.listing() == ["2026-11-18.md", "2026-11-19.md", "2026-11-20.md"])
        let report = try Binary.run(["report"], in: folder.url)
        #expect(report.status == 0)
        #expect(report.stderr == "")
        #expect([report.stdout] == (try Self.blocks("text dayplan-report")))
        let query = try Binary.run(["query", "--history", "--text", "bank"], in: folder.url)
        #expect([query.stdout] == (try Self.blocks("text dayplan-query")))
    }

    @Test func theWorkedExampleAsJSON() throws {
        let folder = try Self.workedExample()
        let run = try Binary.run(["report", "--format", "json"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdoutBytes)) as? [String: Any])
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["planned"] as? Int == 12)
        #expect(total["done"] as? Int == 8)
        #expect(total["completion"] as? Double == 0.7273)
        #expect(total["score"] as? Int == 34)
        let lead = try #require(document["leadTime"] as? [String: Any])
        #expect(lead["mean"] as? Double == 0.75)
        #expect(lead["median"] as? Double == 0)
        let streak = try #require(document["mustStreak"] as? [String: Any])
        #expect(streak["current"] as? Int == 1)
        #expect(streak["longestLast"] as? String == "2026-11-20")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["completion"] as? Double } == [0.75, 0.5, 0.8])
        #expect(days.map { $0["backlogOldestAge"] as? Int } == [2, 3, 1])
        let migrated = try #require(document["mostMigrated"] as? [[String: Any]])
        #expect(migrated.map { $0["moves"] as? Int } == [2, 2, 1])
    }

    /// The Backlog is not planned: its row has no planned figure and no completion in any format,
    /// and its task counts by status are the same in each.
    @Test func theBacklogHasNoPlannedOrCompletionInAnyFormat() throws {
        let folder = try Self.workedExample()
        let text = try Binary.run(["report"], in: folder.url).stdout
        let row = try #require(text.split(separator: "\n").last { $0.hasPrefix("Backlog ") })
        #expect(row.split(separator: " ") == ["Backlog", "–", "0", "0", "3", "1", "–"])

        let json = try Binary.run(["report", "--format", "json"], in: folder.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        var backlogs: [[String: Any]] = []
        for object in [document["total"]] + (document["periods"] as? [Any] ?? []) + (document["days"] as? [Any] ?? []) {
            let regions = try #require((object as? [String: Any])?["regions"] as? [String: Any])
            backlogs.append(try #require(regions["backlog"] as? [String: Any]))
            #expect((regions["morning"] as? [String: Any])?["planned"] is Int, "a limited region keeps its planned figure")
        }
        #expect(backlogs.count == 1 + 3 + 3)
        for backlog in backlogs {
            #expect(backlog["planned"] is NSNull && backlog["completion"] is NSNull, "\(backlog)")
        }
        #expect(backlogs[0]["moved"] as? Int == 3 && backlogs[0]["open"] as? Int == 1 && backlogs[0]["done"] as? Int == 0)
        #expect(document["untaggedDone"] as? Int == 3)

        let csv = try Binary.run(["report", "--format", "csv"], in: folder.url).stdout.split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let column = try #require(csv[0].firstIndex(of: "backlog_planned"))
        #expect(csv[0][column + 1] == "backlog_done")
        #expect(csv.dropFirst().map { $0[column] } == ["", "", ""])
    }

    @Test func theReportsDays() throws {
        let folder = Repository.url("Examples/week")
        func firstLine(_ arguments: [String]) throws -> String {
            let run = try Binary.run(["report"] + arguments, in: folder)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            return String(run.stdout.prefix { $0 != "\n" })
        }
        #expect(try firstLine([]) == "Report 2026-11-16 to 2026-11-21: 6 days, 5 with a plan (today is 2026-11-21)")
        #expect(try firstLine(["--week"]) == "Report 2026-11-16 to 2026-11-21: 6 days, 5 with a plan (today is 2026-11-21)")
        #expect(try firstLine(["--month"]) == "Report 2026-11-01 to 2026-11-21: 21 days, 5 with a plan (today is 2026-11-21)")
        #expect(try firstLine(["--year"]) == "Report 2026-01-01 to 2026-11-21: 325 days, 5 with a plan (today is 2026-11-21)")
        #expect(try firstLine(["--since", "-2d", "--until", "yesterday"]) == "Report 2026-11-19 to 2026-11-20: 2 days, 2 with a plan (today is 2026-11-21)")
        let both = try Binary.run(["report", "--week", "--since", "2026-11-01"], in: folder)
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("dayplan report: give one of --week, --month, --year, or --since/--until"))
        let future = try Binary.run(["report", "--since", "tomorrow"], in: folder)
        #expect(future.status == 2)
        #expect(future.stderr == "dayplan report: --since 2026-11-22 is after today (2026-11-21), where the report ends\n")
        let byWeek = try Binary.run(["report", "--by", "week", "--format", "csv"], in: folder)
        #expect(byWeek.stdout.split(separator: "\r\n").map { String($0.prefix(9)) } == ["period,fi", "2026-W47,"])
    }

    @Test func todayFollowsTheDayStartsAtSettingAndVariable() throws {
        let folder = try Self.workedExample()
        try folder.write(".dayplan/config", "day-starts-at = 13\n")
        // DAYPLAN_NOW is 12:00: before 13:00 it is still the 20th.
        let setting = try Binary.run(["report"], in: folder.url)
        #expect(setting.stdout.hasPrefix("Report 2026-11-18 to 2026-11-20: 3 days, 3 with a plan (today is 2026-11-20)\n"))
        let variable = try Binary.run(["query", "--since", "today", "--format", "json"], in: folder.url,
                                      environment: ["DAYPLAN_DAY_STARTS_AT": "6"])
        #expect(variable.stdout.hasPrefix(#"{"version":1,"today":"2026-11-21","#))
    }

    @Test func writesTheReportToAFile() throws {
        let folder = try Self.workedExample()
        let run = try Binary.run(["report", "--format", "html", "-o", "report.html"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.stdout == "")
        let page = try folder.read("report.html")
        #expect(page == (try Binary.run(["report", "--format", "html"], in: folder.url)).stdout)
        let nowhere = try Binary.run(["report", "-o", "no/such/folder/report.txt"], in: folder.url)
        #expect(nowhere.status == 2)
        #expect(nowhere.stderr.hasPrefix("dayplan report: no/such/folder/report.txt: cannot create a temporary file"))
    }

    @Test func chartsOnlyOnATerminal() throws {
        let plain = try Binary.run(["report"], in: Repository.url("Examples/week"))
        for block in ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█", "░", "▒", "▓"] { #expect(!plain.stdout.contains(block)) }
        // `script` (util-linux) gives the command a real pseudo-terminal.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            print("skipped: the terminal half needs script (util-linux), which is not installed")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(Binary.url.path)' report", "/dev/null"]
        process.currentDirectoryURL = Repository.url("Examples/week")
        process.environment = Binary.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.contains("Completion  ▆▆▇▆▃  (per day, 2026-11-16 to 2026-11-20; ▁ 0% … █ 100%)"))
        #expect(text.contains("Score       █▆██▄"))
        #expect(text.contains("Completion by day, weeks from 2026-11-16"))
        #expect(text.contains("\nMon █\nTue ▓\nWed █\nThu █\nFri ▒\nSat ·\n"))
        #expect(text.contains("#work    13  ██████████████████████████████"))
    }

    /// Output made in parts on all cores (the JSON report's days, the HTML page's years, query's lines) comes
    /// out whole and in order: 300 days over two years, 1,200 tasks.
    @Test func outputMadeInPartsComesOutInOrder() throws {
        let folder = try TemporaryFolder()
        let start = try #require(Self.isoDate.date(from: "2025-10-01"))
        var names: [String] = []
        for offset in 0..<300 {
            let name = Self.isoDate.string(from: start.addingTimeInterval(Double(offset) * 86_400))
            names.append(name)
            try folder.write(name + ".md", "# \(name)\n\n## Morning\n\n- [x] Task one of \(name)\n- [ ] Task two of \(name)\n\n"
                             + "## Afternoon\n\n* [x] Task three of \(name)\n\n## Evening\n\n## Backlog\n\n- [ ] Task four of \(name)\n")
        }
        let json = try Binary.run(["report", "--format", "json", "--by", "day"], in: folder.url)
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutBytes)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["day"] as? String } == names)
        #expect(days.allSatisfy { $0["done"] as? Int == 2 && $0["planned"] as? Int == 3 && $0["backlog"] as? Int == 1 })

        let html = try Binary.run(["report", "--format", "html"], in: folder.url)
        let years = html.stdout.components(separatedBy: "aria-label=\"completion by day, ").dropFirst().map { $0.prefix(4) }
        #expect(years == ["2025", "2026"])
        #expect(html.stdout.components(separatedBy: "<rect x=").count - 1 >= 300)

        let query = try Binary.run(["query"], in: folder.url)
        let lines = query.stdout.split(separator: "\n")
        #expect(lines.count == 1200)
        let expected = names.flatMap { name in
            [(5, "x", "one"), (6, " ", "two"), (10, "x", "three"), (16, " ", "four")].map { line, mark, word in
                // An open task ends with its age on today, 2026-11-21.
                let age = Day(name)!.days(until: Day("2026-11-21")!)
                return "\(name).md:\(line):1: [\(mark)] Task \(word) of \(name)" + (mark == " " ? "  (\(age) day\(age == 1 ? "" : "s") old)" : "")
            }
        }
        #expect(lines.map(String.init) == expected)
    }

    static let isoDate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }()

    @Test func aBadFileIsNamedAndTheRestReported() throws {
        let folder = try Self.workedExample()
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("2026-11-17.md").path,
                                                   withDestinationPath: "gone.md")
        let run = try Binary.run(["report", "--format", "csv"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan report: 2026-11-17.md: cannot open: No such file or directory\n")
        let good = try Binary.run(["report", "--format", "csv", "2026-11-18.md", "2026-11-19.md", "2026-11-20.md"], in: folder.url)
        #expect(run.stdout == good.stdout)
        #expect(run.stdout.split(separator: "\r\n").count == 4)
    }
}
