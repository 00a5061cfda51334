import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A document that is not a valid export is refused with the JSON path of its first mistake, whatever it is.
@Suite struct RecordValidationTests {
    /// The error reading `json` gives, as `path: message`.
    func error(_ json: String) -> String? {
        do {
            _ = try ExportDocument.days(parsing: Array(json.utf8))
            return nil
        } catch {
            return error.description
        }
    }

    static let task = #"{"bucket":"must","status":"todo","title":"Draft the report"}"#
    static func day(_ date: String, tasks: String = task) -> String {
        #"{"date":"\#(date)","regions":[{"region":"morning","tasks":[\#(tasks)]}]}"#
    }

    @Test func aMinimalDocumentIsRead() throws {
        let days = try ExportDocument.days(parsing: Array(#"{"version":1,"days":[\#(Self.day("2026-11-20"))]}"#.utf8))
        #expect(days.count == 1)
        #expect(String(decoding: days[0].canonicalBytes(), as: UTF8.self)
                == "# 2026-11-20\n\n## Morning\n* [ ] Draft the report\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
    }

    @Test func anUnknownStatusIsNamedAtItsPath() {
        let days = (0..<4).map { Self.day("2026-11-2\($0)") }
        var json = "{\"version\":1,\"days\":[" + days.joined(separator: ",") + "]}"
        json = json.replacingOccurrences(of: #"{"date":"2026-11-23","regions":[{"region":"morning","tasks":[\#(Self.task)]}]}"#,
                                         with: #"{"date":"2026-11-23","regions":[{"region":"morning","tasks":[\#(Self.task),\#(Self.task),{"title":"Ship it","status":"finished"}]}]}"#)
        #expect(error(json) == #"days[3].regions[0].tasks[2].status: unknown status "finished"; the statuses are "todo", "in-progress", "done", "moved", "cancelled""#)
    }

    /// `[>]` has one name, `moved`, in every output; an export dayplan 0.2 wrote (`"deferred"`) still reads.
    @Test func theStatusMovedIsWrittenMovedAndTheOldNameDeferredIsRead() throws {
        let moved = #"{"bucket":"misc","status":"moved","title":"Water the plants"}"#
        let old = #"{"bucket":"misc","status":"deferred","title":"Water the plants"}"#
        for task in [moved, old] {
            let days = try ExportDocument.days(parsing: Array(#"{"version":1,"days":[\#(Self.day("2026-11-20", tasks: task))]}"#.utf8))
            #expect(days[0].regions[0].tasks[0].task.status == .moved)
        }
        #expect(Status.allCases.map(\.name) == ["todo", "in-progress", "done", "moved", "cancelled"])
        #expect(Status.allCases.allSatisfy { Status(name: $0.name) == $0 })
        #expect(Status.moved.description == "moved")
    }

    @Test(arguments: [
        (#"{"version":1,"days":[{"regions":[]}]}"#, "days[0].date: missing; every day has its date, YYYY-MM-DD"),
        (#"{"version":1,"days":[{"date":"2026-02-30"}]}"#, #"days[0].date: "2026-02-30" is not a date; write YYYY-MM-DD"#),
        (#"{"version":2,"days":[]}"#, "version: this dayplan reads version 1, not 2"),
        (#"{"days":[]}"#, "version: missing; it is required"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regoins":[]}]}"#,
         #"days[0].regoins: unknown field; the fields here are "date", "heading", "lineEnding", "frontMatter", "leading", "preamble", "regions", "sections""#),
        (#"{"version":1,"days":[{"date":"2026-11-20","preamble":["one\ntwo"]}]}"#,
         "days[0].preamble[0]: holds a line break; each line of the file is one string of the array"),
        (#"{"version":1,"days":[{"date":"2026-11-20","preamble":["one\r"]}]}"#,
         "days[0].preamble[0]: ends with a CR, which the file would read as part of its line ending"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"noon"}]}]}"#,
         #"days[0].regions[0].region: unknown region "noon"; the regions are "morning", "afternoon", "evening", "backlog""#),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x","bucket":"urgent"}]}]}]}"#,
         #"days[0].regions[0].tasks[0].bucket: unknown bucket "urgent"; the buckets are "must", "complementary", "misc""#),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x","metadata":{"carry":"yes"}}]}]}]}"#,
         "days[0].regions[0].tasks[0].metadata.carry: expected true or false, found a string"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x","metadata":{"expires":"soon"}}]}]}]}"#,
         #"days[0].regions[0].tasks[0].metadata.expires: "soon" is not a date; write YYYY-MM-DD"#),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","level":4}]}]}"#,
         "days[0].regions[0].level: expected 2 or 3 (the number of #), found 4"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning"},{"region":"morning"}]}]}"#,
         "days[0].regions[1].region: Morning is listed twice (also regions[0])"),
        (#"{"version":1,"days":[{"date":"2026-11-20"},{"date":"2026-11-20"}]}"#,
         "days[1].date: 2026-11-20 is there twice (also days[0]); a day has one file"),
        (#"{"version":1,"days":{}}"#, "days: expected an array, found an object"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x","metadata":{"colour":"red"}}]}]}]}"#,
         "days[0].regions[0].tasks[0].metadata.colour: `@colour:red` is not metadata this dayplan reads; on a task line it would be a word of the title"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x","metadata":{"Carry":true}}]}]}]}"#,
         "days[0].regions[0].tasks[0].metadata.Carry: not a metadata key: keys are lower-case letters"),
        (#"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"morning","tasks":[{"title":"x","metadata":{"colour":3}}]}]}]}"#,
         "days[0].regions[0].tasks[0].metadata.colour: expected true, false, a string or null, found a number"),
    ])
    func aMistakeIsNamedAtItsPath(json: String, message: String) {
        #expect(error(json) == message)
    }

    /// A value of the right shape that the day file would not say back is refused too: the check is a real
    /// print and parse, so it catches what a list of rules would miss.
    @Test(arguments: [
        // Metadata written into the title would come back as metadata.
        (#"{"title":"Call Bo @carry"}"#,
         #"days[0].regions[0].tasks[0].title: would not read back as written: the day file would say "Call Bo" here, not "Call Bo @carry""#),
        // Two spaces in a title are one in the file.
        (#"{"title":"Call  Bo"}"#,
         #"days[0].regions[0].tasks[0].title: would not read back as written: the day file would say "Call Bo" here, not "Call  Bo""#),
        // A free-text line that is a task line would be a task.
        (#"{"title":"Call Bo","textBefore":["- [ ] hidden"]}"#,
         #"days[0].regions[0].tasks[0].textBefore[0]: would not read back as written: the day file would say nothing here, not "- [ ] hidden""#),
    ])
    func aDayThatWouldReadBackOtherwiseIsRefused(task: String, message: String) {
        #expect(error(#"{"version":1,"days":[\#(Self.day("2026-11-20", tasks: task))]}"#) == message)
    }

    @Test func aDayWhoseFileWouldBeRefusedByFmtIsRefused() {
        let json = #"{"version":1,"days":[{"date":"2026-11-20","preamble":["```"]}]}"#
        #expect(error(json)?.hasPrefix("days[0]: the day file it describes would have an error that blocks formatting, at its line 3:") == true)
    }

    @Test func aSyntaxErrorHasItsLineAndColumn() {
        #expect(error("{\"version\":1,\n\"days\":[}") == "not JSON: line 2, column 9 (byte 22): unexpected '}'; expected a value")
    }

    @Test func jsonLinesAreReadADayALineAndMistakesNameTheLine() throws {
        let lines = Self.day("2026-11-20") + "\n\n" + Self.day("2026-11-21") + "\n"
        #expect(try ExportDocument.days(parsing: Array(lines.utf8)).map(\.date.description) == ["2026-11-20", "2026-11-21"])
        let bad = Self.day("2026-11-20") + "\n" + Self.day("2026-11-21", tasks: #"{"title":"x","status":"finished"}"#) + "\n"
        #expect(error(bad)?.hasPrefix(#"line 2: regions[0].tasks[0].status: unknown status "finished""#) == true)
        #expect(error(Self.day("2026-11-20") + "\n{oops\n")?.hasPrefix("line 2: not JSON: line 1, column 2") == true)
    }

    @Test func outputOnlyFieldsAreAcceptedAndRecomputed() throws {
        let task = #"{"line":99,"title":"Fix #bike","words":["stale"],"tags":["stale"],"subtasks":[],"notes":["- [ ] pads"]}"#
        let days = try ExportDocument.days(parsing: Array(#"{"version":1,"days":[\#(Self.day("2026-11-20", tasks: task))]}"#.utf8))
        let record = try #require(days.first?.regions.first?.tasks.first)
        #expect(record.task.tags == ["bike"])
        #expect(record.task.words == ["Fix", "#bike"])
        #expect(record.task.subtasks.map(\.title) == ["pads"])
    }

    @Test func wordsKeepCodeSpansAndLinkDestinationsWhole() {
        let task = PlanTask(bucket: .misc, title: "Pair on `git  rebase` see [x](<a b.md>) @due:2026-12-01")
        #expect(task.words == ["Pair", "on", "`git  rebase`", "see", "[x](<a b.md>)", "@due:2026-12-01"])
        #expect(CalendarExport.dayWord("due", in: task.words) == Day("2026-12-01"))
        #expect(CalendarExport.dayWord("on", in: ["@On:2026-11-27/afternoon"]) == Day("2026-11-27"))
        #expect(CalendarExport.dayWord("due", in: ["@due:2026-11-27x", "@due:soon", "@due:2026-02-30"]) == nil)
    }
}
