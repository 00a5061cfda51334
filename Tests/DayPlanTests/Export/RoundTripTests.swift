import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Export and import are each other's inverse: a day file's record, written as JSON and read back, prints the
/// file's canonical form byte for byte; and the record of that canonical form is the same JSON (each task's
/// `line` aside, which says where the task stood in the file read).
@Suite struct RoundTripTests {
    /// Checks one file: returns false when it is refused (an error that blocks formatting), as export skips it.
    @discardableResult
    static func checkRoundTrip(_ bytes: [UInt8], date: Day, name: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        let document = DayDocument(parsing: bytes)
        guard let record = DayRecord(document: document, date: date) else {
            #expect(!document.formattingBlockers.isEmpty, "\(name): no record without a blocker", sourceLocation: sourceLocation)
            #expect(DayRecord.json(of: document, date: date) == nil, "\(name): JSON without a record", sourceLocation: sourceLocation)
            return false
        }
        // Export writes the JSON from the document itself: the record's JSON, byte for byte.
        #expect(DayRecord.json(of: document, date: date) == record.json(), "\(name): export's JSON differs from the record's",
                sourceLocation: sourceLocation)
        let canonical = document.canonicalBytes()
        // Printing the record is the canonical form.
        #expect(record.canonicalBytes() == canonical, "\(name): the record prints otherwise than fmt", sourceLocation: sourceLocation)
        // Through JSON text and back: the same record, printing the same bytes.
        var writer = ExportDocument(framing: .document)
        let json = writer.start() + writer.day(record) + writer.finish()
        let days = try ExportDocument.days(parsing: json)
        #expect(days == [record], "\(name): JSON does not read back as the same record", sourceLocation: sourceLocation)
        #expect(days.first?.canonicalBytes() == canonical, "\(name): imported bytes differ", sourceLocation: sourceLocation)
        // Exporting the imported file gives the same JSON, lines aside; and exactly the same once canonical.
        let again = try #require(DayRecord(document: DayDocument(parsing: canonical), date: date))
        #expect(again.jsonValue(lines: false) == record.jsonValue(lines: false), "\(name): export of the import differs",
                sourceLocation: sourceLocation)
        if canonical == bytes {
            #expect(again.jsonValue() == record.jsonValue(), "\(name): a canonical file exports differently", sourceLocation: sourceLocation)
        }
        return true
    }

    @Test func theRealStyleCorpusRoundTrips() throws {
        let folder = Repository.url("Tests/DayPlanTests/Corpus/Cases")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        var exported = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name).appendingPathComponent("2026-11-20.md")))
            if try Self.checkRoundTrip(bytes, date: Day("2026-11-20")!, name: name) { exported += 1 }
        }
        // Only the cases that fmt refuses are skipped.
        #expect(names.count >= 60)
        #expect(exported >= names.count - 8, "only \(exported) of \(names.count) cases exported")
    }

    @Test(arguments: 0..<8) func aGeneratedArchiveRoundTrips(seed: Int) throws {
        var generator = DocumentGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        var day = Day("2026-01-01")!
        var exported = 0
        for _ in 0..<60 {
            if try Self.checkRoundTrip(generator.file(day: day), date: day, name: "seed \(seed), \(day)") { exported += 1 }
            day = day.adding(days: 1)
        }
        #expect(exported > 30)
    }
}

/// The model as an app uses it, without JSON: a day made in code prints as a day file and reads back.
@Suite struct DayRecordTests {
    @Test func aDayMadeInCodePrintsAndReadsBack() throws {
        var day = DayRecord(date: Day("2026-11-21")!, preamble: ["A focus day."])
        day.regions[0].tasks.append(TaskRecord(task: PlanTask(bucket: .must, status: .inProgress, title: "Draft the report #work",
                                                              metadata: TaskMetadata(carry: true), notes: ["- [ ] outline"])))
        day.regions[3].textAfter = ["Ideas go here."]
        day.sections = [SectionRecord(heading: "Notes", lines: ["Slept well."])]
        try day.validated()
        let text = String(decoding: day.canonicalBytes(), as: UTF8.self)
        #expect(text == """
            # 2026-11-21

            A focus day.

            ## Morning
            * [/] Draft the report #work @carry
              - [ ] outline

            ## Afternoon

            ## Evening

            ## Backlog
            Ideas go here.

            ## Notes
            Slept well.

            """)
        let back = try #require(DayRecord(document: DayDocument(parsing: text), date: day.date))
        #expect(back == day)
        #expect(back.regions[0].tasks[0].line == 6)
        #expect(back.regions[0].tasks[0].task.subtasks.map(\.title) == ["outline"])
    }

    @Test func anEmptyDayStaysEmpty() throws {
        let document = DayDocument(parsing: "---\ntags: [daily]\n---\n\n")
        let record = try #require(DayRecord(document: document, date: Day("2026-11-21")!))
        #expect(record.regions.isEmpty && record.heading == nil)
        #expect(record.canonicalBytes() == document.canonicalBytes())
        #expect(DayRecord.json(of: document, date: record.date) == record.json())
        #expect(DayRecord(document: DayDocument(parsing: "# 2026-11-21\n## Morning\n## Morning\n"), date: record.date) == nil,
                "a file fmt refuses has no record")
    }
}

/// Tags are read once (`PlanTask.forEachTagRange`): a title's tags are exactly its words (`PlanTask.words`, a
/// code span one word) that are `#` and a tag name, wherever bytes and characters split differently too (a
/// combining mark after a space or a `#`, a prepended mark before a space); the language server's tokens of a
/// task line (`TaskLineParts.tags`), export and merge's untagged title read the same tags.
@Suite struct TitleTagsTests {
    @Test func theTagsAreTheTitlesTagWordsEverywhere() throws {
        let pieces = ["#work", "#仕事", "#café", "# x", "#\u{301}a", " \u{301}#b", "\u{600} #c", "#d\u{301}", "e", "é", "#1", "#a/b", "`#code  span`", "#", "##x",
                      "`x #inside y`", "[a #b](https://example.com/#frag)",
                      // Marks, joiners and modifiers after a space or `#`, a prepended mark, plain non-ASCII beside them.
                      "\u{E33}#f", "#\u{E33}g", "\u{200D}#h", "#\u{1F3FB}", "🚀", "\u{903}#i", "\u{110BD} #j", "日本語 #k", "#\u{20DD}", "Ω"]
        var random = SeededGenerator(seed: 17)
        for _ in 0..<2000 {
            let title = (0..<random.next(6) + 1).map { _ in random.pick(pieces) }.joined(separator: " ")
            let line = Array("## Backlog\n- [ ] \(title)\n".utf8)
            guard let task = DayDocument(parsing: line).tasks(in: .backlog).first else { continue }
            // By bytes: `#` then a tag name (a `#` a combining mark follows is one character, and still a `#`).
            func isTag(_ word: String) -> Bool { word.utf8.first == UInt8(ascii: "#") && isTagName(word.utf8.dropFirst()) }
            let words = task.words.filter(isTag).map { String(decoding: $0.utf8.dropFirst(), as: UTF8.self) }
            #expect(task.tags == words, "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
            // The tokens of the line the task was read from.
            let parts = try #require(TaskLineParts(task, in: line))
            #expect(parts.tags.map { String(decoding: line[($0.lowerBound + 1)..<$0.upperBound], as: UTF8.self) } == task.tags, "\(title)")
            // Merge's untagged title is the title's words less the tags.
            var untagged = task.words
            untagged.removeAll(where: isTag)
            #expect(TaskMerge.untagged(task.title) == untagged.joined(separator: " "), "\(title)")
        }
        #expect(PlanTask(bucket: .misc, title: "Read `x #inside y` #work").tags == ["work"])
    }
}
