import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The members of a task that export writes by hand on its fast paths (`words`, `tags`, `metadata`, `notes`,
/// `subtasks`): the same as the task's own views and the general JSON value, whatever the title.
@Suite struct TaskJSONTests {
    static let titles = [
        "", "Call", "Call the bank", "Call  the bank", " Call", "Call ", "Read `git  log` output", "See [x](<a b.md>)",
        "Fix #bike and #home", "naïve café #仕事", "Quote \"this\" and back\\slash", "Tab\there", "Exactly8 chars16",
        "a b c d e f g h i j", "#only", "x]y", "1234567 9abcdef 1234567 #tag", "12345678 abcdefg  x", "#a#b #c",
        "Plan 🚀 #deep", "Wörds ünïcödé ωmega straße", "abcdefg#", "a\u{0301} #e\u{0301}tag",
    ]

    /// The JSON value of the first task of a day that holds `task`.
    func taskJSON(_ task: PlanTask) throws -> [JSONValue.Member] {
        var record = DayRecord(date: Day("2026-11-25")!)
        record.regions[0].tasks = [TaskRecord(task: task, line: 4)]
        let value = try JSONValue(parsing: record.json())
        guard case .object(let day) = value, case .array(let regions)? = day.first(where: { $0.key == "regions" })?.value,
              case .object(let morning)? = regions.first, case .array(let tasks)? = morning.first(where: { $0.key == "tasks" })?.value,
              case .object(let members)? = tasks.first else {
            Issue.record("no task in \(String(decoding: record.json(), as: UTF8.self))")
            return []
        }
        #expect(value == record.jsonValue(), "the text writer and the JSON value disagree")
        return members
    }

    func strings(_ value: JSONValue?) -> [String]? { Invariants.strings(value) }

    @Test(arguments: titles)
    func wordsAndTagsAreTheTasksOwn(_ title: String) throws {
        let task = PlanTask(bucket: .misc, title: title)
        let members = try taskJSON(task)
        #expect(members.map(\.key) == ["line", "textBefore", "bucket", "status", "title", "words", "tags", "metadata", "notes", "subtasks"])
        #expect(members.first { $0.key == "title" }?.value == .string(title))
        #expect(strings(members.first { $0.key == "words" }?.value) == task.words)
        #expect(strings(members.first { $0.key == "tags" }?.value) == task.tags)
    }

    /// Titles drawn from pieces that each path treats differently (spaces single and double, `#`, a code span,
    /// a link's bracket, bytes JSON escapes, letters beyond ASCII and marks), of every length around the eight
    /// bytes the fast path reads at a time: the title, its words and its tags as the task's own.
    @Test func generatedTitlesWrittenAsTheTasksOwn() throws {
        var random = SeededGenerator(seed: 2611)
        let pieces = ["a", "bc", "defgh", "1234567", " ", " ", "  ", "#", "#tag", "`", "]", "\"", "\\", "\t", "é", "e\u{0301}",
                      "🚀", "仕事", "\u{200D}", "ω"]
        for _ in 0..<3_000 {
            let title = (0..<random.next(12)).map { _ in random.pick(pieces) }.joined()
            let task = PlanTask(bucket: .misc, title: title)
            let members = try taskJSON(task)
            #expect(members.first { $0.key == "title" }?.value == .string(title), "title \(Array(title.utf8))")
            #expect(strings(members.first { $0.key == "words" }?.value) == task.words, "words of \(Array(title.utf8))")
            #expect(strings(members.first { $0.key == "tags" }?.value) == task.tags, "tags of \(Array(title.utf8))")
        }
    }

    /// The same pieces as task lines of a file: export's reading of the file (titles apart, each plain one's
    /// shape learnt by the parser as it reads it) writes the JSON the whole reading writes.
    @Test func generatedTitlesOfAFileWrittenAsTheWholeReadingWritesThem() throws {
        var random = SeededGenerator(seed: 2612)
        let pieces = ["a", "bc", "defgh", "1234567", " ", " ", "  ", "#", "#tag", "`", "]", "\"", "\\", "\t", "\r", "é",
                      "e\u{0301}", "🚀", "仕事", "\u{200D}", "ω", "@x", "@carry"]
        let day = try #require(Day("2026-11-21"))
        for _ in 0..<20 {
            var text = "# 2026-11-21\n\n## Backlog\n"
            for _ in 0..<150 {
                text += "- [ ] " + (0..<random.next(12)).map { _ in random.pick(pieces) }.joined() + "\n"
            }
            let bytes = Array(text.utf8)
            let whole = DayDocument(parsing: bytes)
            let fromFile = DayRecord.json(ofFile: bytes) { _ in day }.json
            let expected = DayRecord.json(of: whole, date: day)
            #expect(expected != nil)
            #expect(fromFile.map { String(decoding: $0, as: UTF8.self) } == expected.map { String(decoding: $0, as: UTF8.self) })
            // Each shape the parser learnt is exact: export makes room for the words by its count of spaces.
            let (_, titles, ends, shapes) = DayDocument.readingWholeWithTitlesApart(of: bytes)
            #expect(shapes.count == ends.count)
            for (index, shape) in shapes.enumerated() where shape.isPlain {
                let title = titles[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
                #expect(Int(shape.spaces) == title.filter { $0 == UInt8(ascii: " ") }.count, "\(Array(title))")
                #expect(shape.hasHash == title.contains(UInt8(ascii: "#")), "\(Array(title))")
                #expect(!title.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }, "\(Array(title))")
            }
            #expect(shapes.contains { $0.isPlain } && shapes.contains { !$0.isPlain })
        }
    }

    @Test func metadataNotesAndSubtasksWrittenInOnePieceOrMemberByMember() throws {
        var plain = PlanTask(bucket: .must, status: .done, title: "Plain")
        _ = try taskJSON(plain)
        plain.metadata.carry = true
        plain.metadata.due = Day("2026-12-01")
        plain.notes = ["- [ ] a sub-task", "", "  - [x] a deeper one"]
        _ = try taskJSON(plain)
    }
}
