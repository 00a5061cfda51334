import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The iCalendar writer: RFC 5545's content lines (folding, CRLF, escaping), the mapping of a task to a
/// VTODO, and UIDs that stay the same as rollover moves a task from day to day.
@Suite struct CalendarExportTests {
    func record(_ text: String, _ date: String) throws -> DayRecord {
        try #require(DayRecord(document: DayDocument(parsing: text), date: Day(date)!))
    }

    /// The calendar of `days` (oldest first), as text.
    func calendar(_ days: [DayRecord], all: Bool = false) -> String {
        var calendar = CalendarExport(includesFinished: all)
        var bytes = calendar.start()
        for day in days { bytes += calendar.day(day) }
        bytes += calendar.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each VTODO's properties, unfolded, by name.
    func todos(_ text: String) -> [[String: String]] {
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        var result: [[String: String]] = []
        for line in unfolded.components(separatedBy: "\r\n") {
            if line == "BEGIN:VTODO" { result.append([:]) }
            guard !result.isEmpty, let colon = line.firstIndex(of: ":") else { continue }
            result[result.count - 1][String(line[..<colon])] = String(line[line.index(after: colon)...])
        }
        return result
    }

    @Test func contentLinesAreFoldedAt75OctetsWithoutSplittingACharacter() {
        for text in [String(repeating: "a", count: 200), String(repeating: "日本語", count: 40), String(repeating: "🚀x", count: 50),
                     "SUMMARY:" + String(repeating: "é", count: 80)] {
            var output: [UInt8] = []
            CalendarExport.contentLine(text, to: &output)
            let lines = output.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
            for (index, line) in lines.enumerated() {
                #expect(line.last == 0x0D, "every line ends in CRLF")
                #expect(line.count - 1 <= 75, "line \(index) has \(line.count - 1) octets")
                #expect(String(validating: line.dropLast(), as: UTF8.self) != nil, "line \(index) splits a character")
                if index > 0 { #expect(line.first == 0x20) }
            }
            // Unfolding gives the text back.
            let unfolded = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            #expect(unfolded == text + "\r\n")
        }
    }

    @Test func textIsEscaped() {
        #expect(CalendarExport.text(#"a,b;c\d"# + "\ne\u{7}f\tg") == #"a\,b\;c\\d\ne"# + "f\tg")
    }

    @Test func aTaskBecomesAToDo() throws {
        let day = try record("""
            # 2026-11-20

            ## Morning
            * [/] Write the talk, part 1; then 2 #work #talks @due:2026-11-25
              slides first
              then notes

            ## Backlog
            + [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-18
            - [x] Done already
            - [ ] Due today @expires:2026-11-20
            """, "2026-11-20")
        let found = todos(calendar([day]))
        #expect(found.count == 3)
        #expect(found[0]["SUMMARY"] == #"Write the talk\, part 1\; then 2 #work #talks"#)
        #expect(found[0]["STATUS"] == "IN-PROCESS")
        #expect(found[0]["PRIORITY"] == "1")
        #expect(found[0]["DTSTART;VALUE=DATE"] == "20261120")
        #expect(found[0]["DUE;VALUE=DATE"] == "20261125")
        #expect(found[0]["CATEGORIES"] == "work,talks,Morning")
        #expect(found[0]["DESCRIPTION"] == #"slides first\nthen notes"#)
        #expect(found[0]["UID"] == CalendarExport.uid(title: day.regions[0].tasks[0].task.identity, first: Day("2026-11-20")!))
        #expect(found[1]["PRIORITY"] == "5")
        #expect(found[1]["DUE;VALUE=DATE"] == "20261201")
        #expect(found[1]["UID"]?.hasPrefix("2026-11-18-") == true, "first planned on its @from: day")
        #expect(found[1]["CATEGORIES"] == "admin,Backlog")
        // A deadline on the day itself keeps the deadline and drops DTSTART (DUE must be later).
        #expect(found[2]["DUE;VALUE=DATE"] == "20261120")
        #expect(found[2]["DTSTART;VALUE=DATE"] == nil)
        #expect(todos(calendar([day], all: true)).map { $0["STATUS"] } == ["IN-PROCESS", "NEEDS-ACTION", "COMPLETED", "NEEDS-ACTION"])
    }

    /// Carried, deferred from a region, moved forward in the Backlog: each keeps its UID through two rollovers,
    /// and with every task written, a task appears once, where it went.
    @Test func aTaskKeepsItsUIDThroughRollover() throws {
        let first = Array("""
            # 2026-11-20

            ## Morning
            * [ ] Write the talk @carry
            - [ ] Reply to Bo

            ## Backlog
            - [ ] Renew passport
            """.utf8)
        let second = try Rollover(opening: Day("2026-11-21")!, from: (Day("2026-11-20")!, first), existing: nil)
        let third = try Rollover(opening: Day("2026-11-23")!, from: (Day("2026-11-21")!, second.targetAfter), existing: nil)
        let days = try [
            record(String(decoding: try #require(second.sourceAfter), as: UTF8.self), "2026-11-20"),
            record(String(decoding: try #require(third.sourceAfter), as: UTF8.self), "2026-11-21"),
            record(String(decoding: third.targetAfter, as: UTF8.self), "2026-11-23"),
        ]
        let before = todos(calendar([try record(String(decoding: first, as: UTF8.self), "2026-11-20")]))
        let after = todos(calendar(days))
        #expect(before.count == 3)
        #expect(after.map { $0["SUMMARY"] } == ["Write the talk", "Reply to Bo", "Renew passport"])
        for todo in after {
            #expect(todo["UID"] == before.first { $0["SUMMARY"] == todo["SUMMARY"] }?["UID"], "\(todo["SUMMARY"] ?? "")")
            #expect(todo["DTSTART;VALUE=DATE"] == "20261123")
        }
        // Only today's file: what @from: says still holds for the deferred task.
        #expect(todos(calendar([days[2]])).first { $0["SUMMARY"] == "Reply to Bo" }?["UID"] == after[1]["UID"])
        // Every task: still each once, the UIDs all different.
        let all = todos(calendar(days, all: true))
        #expect(all.count == 3)
        #expect(Set(all.compactMap { $0["UID"] }).count == 3)
    }

    @Test func twoTasksWithTheSameTitleOnOneDayGetTwoUIDs() throws {
        let day = try record("# 2026-11-20\n\n## Morning\n- [ ] Call\n\n## Backlog\n- [ ] Call\n", "2026-11-20")
        let uids = todos(calendar([day])).compactMap { $0["UID"] }
        #expect(uids.count == 2 && Set(uids).count == 2)
    }
}

/// Each task once in the calendar: two copies of one task on two days share a UID, and the newest day's is written.
@Suite struct CalendarExportOnceTests {
    func record(_ text: String, _ date: String) throws -> DayRecord {
        try #require(DayRecord(document: DayDocument(parsing: text), date: Day(date)!))
    }

    /// The calendar of `days`, surveyed first (as the command does), as text; or without the survey.
    func calendar(_ days: [DayRecord], all: Bool = false, surveyed: Bool = true) -> String {
        var calendar = CalendarExport(includesFinished: all)
        if surveyed {
            for day in days { calendar.survey(day) }
            calendar.endSurvey()
        }
        var bytes = calendar.start()
        for day in days { bytes += calendar.day(day) }
        bytes += calendar.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    func lines(_ text: String, _ prefix: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { $0.hasPrefix(prefix) }
    }

    @Test func aTaskOpenOnTwoDaysIsWrittenOnceAsTheNewestDayHasIt() throws {
        let older = try record("# 2026-11-18\n\n## Morning\n- [ ] Renew passport #admin\n- [ ] Call the bank\n", "2026-11-18")
        let newer = try record("# 2026-11-20\n\n## Backlog\n- [ ] Renew passport #admin @from:2026-11-18\n", "2026-11-20")
        let once = calendar([older, newer])
        let uid = CalendarExport.uid(title: "Renew passport #admin", first: Day("2026-11-18")!)
        #expect(lines(once, "UID:") == ["UID:" + CalendarExport.uid(title: "Call the bank", first: Day("2026-11-18")!), "UID:" + uid])
        // The newest day's copy: in the Backlog, starting on its day.
        #expect(lines(once, "CATEGORIES:") == ["CATEGORIES:Morning", "CATEGORIES:admin,Backlog"])
        #expect(lines(once, "DTSTART") == ["DTSTART;VALUE=DATE:20261118", "DTSTART;VALUE=DATE:20261120"])
        // Without the survey, both copies (the behaviour the survey fixes).
        #expect(lines(calendar([older, newer], surveyed: false), "UID:").filter { $0 == "UID:" + uid }.count == 2)
        // The UIDs do not depend on the survey, nor on which days are given.
        #expect(lines(calendar([newer]), "UID:") == ["UID:" + uid])
    }

    @Test func withAllADoneCopyOnTheNewerDayIsTheOneWritten() throws {
        let older = try record("# 2026-11-18\n\n## Morning\n- [ ] Send the invoice\n", "2026-11-18")
        let newer = try record("# 2026-11-19\n\n## Afternoon\n- [x] Send the invoice @from:2026-11-18\n", "2026-11-19")
        let once = calendar([older, newer], all: true)
        #expect(lines(once, "UID:").count == 1)
        #expect(lines(once, "STATUS:") == ["STATUS:COMPLETED"])
        // Open tasks only: the older open copy is superseded by the newer, finished one, so none is written.
        #expect(lines(calendar([older, newer]), "UID:").isEmpty)
    }
}
