import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanFlow

/// The capture grammar (docs/capture.md) on Wednesday 2026-12-02: each phrase and what it must read, written as
/// `text` (the task's words after the box, without its day) then `=> day/region` when a day or a part of the day
/// was read; phrases that must stay words read as themselves.
@Suite struct PlainWordsTests {
    static let today = Day("2026-12-02")!

    /// What a capture says, in the table's notation.
    static func shown(_ words: String) -> String {
        let capture = Capture(reading: words, today: today)
        var shown = capture.text
        if capture.day != nil || capture.region != nil {
            shown += " => " + (capture.day.map { "\($0)" } ?? "") + (capture.region.map { "/\($0.lowercaseName)" } ?? "")
        }
        return shown
    }

    static let table: [(String, String)] = [
        // The issue's example, and days.
        ("Call the dentist tomorrow at 15:00 for 30m #health", "15:00 Call the dentist #health @est:30m => 2026-12-03"),
        ("Call mom today", "Call mom => 2026-12-02"),
        ("Call mom tonight", "Call mom => 2026-12-02/evening"),
        ("Call mom tomorrow", "Call mom => 2026-12-03"),
        ("Call mom Tomorrow", "Call mom => 2026-12-03"),
        ("Call mom tmrw", "Call mom => 2026-12-03"),
        ("Call mom tomorrow, please", "Call mom please => 2026-12-03"),
        ("Call mom the day after tomorrow", "Call mom => 2026-12-04"),
        ("Call mom day after tomorrow", "Call mom => 2026-12-04"),
        ("Call mom Thursday", "Call mom => 2026-12-03"),
        ("Call mom Friday", "Call mom => 2026-12-04"),
        ("Call mom friday", "Call mom => 2026-12-04"),
        ("Call mom Saturday", "Call mom => 2026-12-05"),
        ("Call mom Sunday", "Call mom => 2026-12-06"),
        ("Call mom Monday", "Call mom => 2026-12-07"),
        ("Call mom Tuesday", "Call mom => 2026-12-08"),
        ("Call mom Wednesday", "Call mom => 2026-12-09"),
        ("Call mom on Friday", "Call mom => 2026-12-04"),
        ("Call mom on fri", "Call mom => 2026-12-04"),
        ("Call mom on tues", "Call mom => 2026-12-08"),
        ("Call mom on thurs", "Call mom => 2026-12-03"),
        ("Call mom this Friday", "Call mom => 2026-12-04"),
        ("Call mom this wed", "Call mom => 2026-12-02"),
        ("Call mom this Monday", "Call mom => 2026-12-07"),
        ("Call mom next Friday", "Call mom => 2026-12-11"),
        ("Call mom next mon", "Call mom => 2026-12-07"),
        ("Call mom next Wednesday", "Call mom => 2026-12-09"),
        ("Plan the quarter next week", "Plan the quarter => 2026-12-07"),
        ("Plan the year next month", "Plan the year => 2027-01-01"),
        ("Clean the garage this weekend", "Clean the garage => 2026-12-05"),
        ("Clean the garage next weekend", "Clean the garage => 2026-12-12"),
        ("Clean the garage weekend", "Clean the garage => 2026-12-05"),
        ("Renew the car tax in 3 days", "Renew the car tax => 2026-12-05"),
        ("Renew the car tax in a day", "Renew the car tax => 2026-12-03"),
        ("Renew the car tax in two days", "Renew the car tax => 2026-12-04"),
        ("Renew the car tax in a week", "Renew the car tax => 2026-12-09"),
        ("Renew the car tax in 2 weeks", "Renew the car tax => 2026-12-16"),
        ("Renew the car tax in ten days", "Renew the car tax => 2026-12-12"),
        ("Pay the bill on the 5th", "Pay the bill => 2026-12-05"),
        ("Pay the bill the 5th", "Pay the bill => 2026-12-05"),
        ("Pay the bill on 5th", "Pay the bill => 2026-12-05"),
        ("Pay the bill on the 2nd", "Pay the bill => 2026-12-02"),
        ("Pay the bill on the 1st", "Pay the bill => 2027-01-01"),
        ("Pay the bill on the 31st", "Pay the bill => 2026-12-31"),
        ("Pay the bill on the 23rd", "Pay the bill => 2026-12-23"),
        ("Pay the bill on 2026-12-10", "Pay the bill => 2026-12-10"),
        ("Pay the bill 2026-12-10", "Pay the bill => 2026-12-10"),
        ("Pay the bill on Dec 24", "Pay the bill => 2026-12-24"),
        ("Pay the bill December 24th", "Pay the bill => 2026-12-24"),
        ("Pay the bill on 24 Dec", "Pay the bill => 2026-12-24"),
        ("Pay the bill on the 24th of December", "Pay the bill => 2026-12-24"),
        ("Pay the bill Jan 3", "Pay the bill => 2027-01-03"),
        ("Pay the bill 3 January", "Pay the bill => 2027-01-03"),
        ("Pay the bill Sept 9", "Pay the bill => 2027-09-09"),
        ("Pay the bill Nov 30", "Pay the bill => 2027-11-30"),
        ("Pay the bill March 1 2028", "Pay the bill => 2028-03-01"),
        ("Pay the bill on May 5", "Pay the bill => 2027-05-05"),
        // Parts of the day.
        ("Stretch this morning", "Stretch => 2026-12-02/morning"),
        ("Stretch this afternoon", "Stretch => 2026-12-02/afternoon"),
        ("Stretch this evening", "Stretch => 2026-12-02/evening"),
        ("Stretch in the morning", "Stretch => /morning"),
        ("Stretch in the evening", "Stretch => /evening"),
        ("Stretch tomorrow morning", "Stretch => 2026-12-03/morning"),
        ("Stretch tomorrow evening", "Stretch => 2026-12-03/evening"),
        ("Stretch Friday afternoon", "Stretch => 2026-12-04/afternoon"),
        ("Stretch on Friday night", "Stretch => 2026-12-04/evening"),
        // Times.
        ("Standup at 9:30", "09:30 Standup"),
        ("Standup at 9:30am", "09:30 Standup"),
        ("Standup at 3pm", "15:00 Standup"),
        ("Standup at 3 pm", "15:00 Standup"),
        ("Standup at 3:15PM", "15:15 Standup"),
        ("Standup at 15:00", "15:00 Standup"),
        ("Standup at 9", "09:00 Standup"),
        ("Standup at 9 #work", "09:00 Standup #work"),
        ("Standup at 9 tomorrow", "09:00 Standup => 2026-12-03"),
        ("Standup at noon", "12:00 Standup"),
        ("Standup 10am", "10:00 Standup"),
        ("Standup 12am", "00:00 Standup"),
        ("Standup 12pm", "12:00 Standup"),
        ("Standup tomorrow 8am", "08:00 Standup => 2026-12-03"),
        ("Workshop from 9 to 10am", "09:00 - 10:00 Workshop"),
        ("Workshop from 2 to 4pm", "14:00 - 16:00 Workshop"),
        ("Workshop from 9am to 5pm", "09:00 - 17:00 Workshop"),
        ("Workshop from 15:00 to 16:30", "15:00 - 16:30 Workshop"),
        ("Workshop from 10 until 11", "10:00 - 11:00 Workshop"),
        // Lengths.
        ("Write for 30m", "Write @est:30m"),
        ("Write for 30 min", "Write @est:30m"),
        ("Write for 45 minutes", "Write @est:45m"),
        ("Write for 1h", "Write @est:1h"),
        ("Write for 1h30m", "Write @est:1h30m"),
        ("Write for 2 hours", "Write @est:2h"),
        ("Write for an hour", "Write @est:1h"),
        ("Write for half an hour", "Write @est:30m"),
        ("Write for 90 mins", "Write @est:1h30m"),
        ("Write for 1.5h", "Write @est:1h30m"),
        ("Write for 1.5 hours", "Write @est:1h30m"),
        ("Write for 20min", "Write @est:20m"),
        // Deadlines.
        ("Send the report by Friday", "Send the report @due:2026-12-04"),
        ("Send the report due tomorrow", "Send the report @due:2026-12-03"),
        ("Send the report due by Dec 24", "Send the report @due:2026-12-24"),
        ("Send the report due on the 15th", "Send the report @due:2026-12-15"),
        ("Send the report by the 15th", "Send the report @due:2026-12-15"),
        ("Send the report by next week", "Send the report @due:2026-12-07"),
        ("Send the report by 2026-12-20", "Send the report @due:2026-12-20"),
        ("Send the report tomorrow by Friday", "Send the report @due:2026-12-04 => 2026-12-03"),
        ("Draft the talk Monday at 10am for 2h by Friday #work", "10:00 Draft the talk #work @est:2h @due:2026-12-04 => 2026-12-07"),
        // Words that must stay words.
        ("Meet Friday's team", "Meet Friday's team"),
        ("Read 1984", "Read 1984"),
        ("Look at 3 options", "Look at 3 options"),
        ("Morning pages", "Morning pages"),
        ("Evening walk", "Evening walk"),
        ("Buy 2 tickets", "Buy 2 tickets"),
        ("Fix the sun roof", "Fix the sun roof"),
        ("Call May", "Call May"),
        ("Train for a marathon", "Train for a marathon"),
        ("Read in bed", "Read in bed"),
        ("Pay on time", "Pay on time"),
        ("Plan next steps", "Plan next steps"),
        ("Call mom at home", "Call mom at home"),
        ("Meet at 25", "Meet at 25"),
        ("Fix bug 1234", "Fix bug 1234"),
        ("Order the 5 pizzas", "Order the 5 pizzas"),
        ("Notes of 2026-11-01", "Notes of 2026-11-01"),
        ("Write #tomorrow notes", "Write #tomorrow notes"),
        ("Read [[Friday]] notes", "Read [[Friday]] notes"),
        ("tomorrow", "tomorrow"),
        ("Friday #work", "Friday #work"),
        ("Write for 0m", "Write for 0m"),
        // What the words hold as metadata already wins; a second phrase of a kind stays words.
        ("Call mom tomorrow @on:2026-12-10", "Call mom tomorrow @on:2026-12-10"),
        ("Send it by Friday @due:2026-12-10", "Send it by Friday @due:2026-12-10"),
        ("Write for 1h @est:30m", "Write for 1h @est:30m"),
        ("09:00 Standup at 10am", "09:00 Standup at 10am"),
        ("Call mom tomorrow or Friday", "Call mom or Friday => 2026-12-03"),
        ("Standup at 9am or at 10am", "09:00 Standup or at 10am"),
    ]

    @Test func theTableHasAHundredPhrases() {
        #expect(Self.table.count >= 100)
        #expect(Set(Self.table.map(\.0)).count == Self.table.count, "a phrase is in the table twice")
    }

    @Test(arguments: table)
    func readsWhatTheTableSays(words: String, expected: String) {
        #expect(Self.shown(words) == expected, "\(words)")
    }

    /// The sentence `add` prints, in the issue's words.
    @Test func saysWhatItRead() {
        let capture = Capture(reading: "Call the dentist tomorrow at 15:00 for 30m #health", today: Self.today)
        #expect(capture.summary == "scheduled for Thursday 2026-12-03 at 15:00, 30 minutes")
        #expect(capture.phrases == ["tomorrow", "at 15:00", "for 30m"])
        #expect(Capture(reading: "Pay rent by Friday", today: Self.today).summary == "due Friday 2026-12-04")
        #expect(Capture(reading: "Stretch tonight", today: Self.today).summary == "scheduled for Wednesday 2026-12-02 in the evening")
        #expect(Capture(reading: "Workshop from 2 to 4pm for 2h", today: Self.today).summary == "scheduled from 14:00 to 16:00, 2 hours")
    }

    /// A title of words that make no phrase (each may start one: `at`, `for`, `in`, `on`, `by`, `due`, `next`, `the`)
    /// reads as itself: what `--literal` writes (the binary's side is
    /// in AddCommandTests).
    @Test(arguments: 0..<200)
    func wordsWithoutPhrasesReadAsThemselves(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let words = ["Call", "mom", "Read", "1984", "Buy", "2", "tickets", "#home", "@carry", "Morning", "pages", "Friday's",
                     "team", "roof", "look", "at", "options", "3", "for", "a", "marathon", "in", "bed", "next",
                     "steps", "the", "on", "time", "[[Notes]]", "`code`", "by", "the", "way", "due", "diligence", "from", "here"]
        let title = (0...random.next(8)).map { _ in random.pick(words) }.joined(separator: " ")
        guard title.contains(where: { $0.isLetter }), !title.split(separator: " ").allSatisfy({ $0.hasPrefix("#") || $0.hasPrefix("@") }) else { return }
        let capture = Capture(reading: title, today: Self.today)
        #expect(capture.isEmpty, "\(title) read \(capture.phrases)")
        #expect(capture.text == title)
    }
}

/// docs/capture.md's tables, read from the page: each row it shows is what the grammar reads, so the page cannot
/// drift from the code.
@Suite struct CaptureDocTests {
    /// The first `code` span of a table cell.
    static func code(_ cell: Substring) -> String? {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    @Test func everyRowOfThePageReadsAsItSays() throws {
        let page = try String(contentsOf: Repository.url("docs/capture.md"), encoding: .utf8)
        var rows = 0
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            let typed = try #require(Self.code(cells[0]), "\(line)")
            let task = try #require(Self.code(cells[1]), "\(line)")
            let capture = Capture(reading: typed, today: PlainWordsTests.today)
            #expect(capture.text == task, "\(line)")
            if cells.count == 3 {
                // The day and region column: `2026-12-03`, `2026-12-02/evening`, `/evening`, or empty.
                let shown = (capture.day.map { "\($0)" } ?? "") + (capture.region.map { "/\($0.lowercaseName)" } ?? "")
                #expect(shown == String(cells[2]), "\(line)")
            }
            rows += 1
        }
        #expect(rows >= 40)
    }
}
