import Foundation
import Testing

/// `dayplan add` in plain words (docs/capture.md), through the built binary on 2026-11-21 (Saturday, noon): the words
/// read leave the title and become the task's time, `@est:`, `@due:` and its day; a line says what was read;
/// `--literal` keeps every word.
@Suite struct AddCaptureTests {
    typealias F = DailyFixtures

    @Test func aTaskForTomorrowGoesIntoTheBacklogScheduledAndSaysWhatWasRead() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "Call", "the", "dentist", "tomorrow", "at", "15:00", "for", "30m", "#health"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            2026-11-21.md:16: added to the Backlog (misc): 15:00 Call the dentist #health @on:2026-11-22/afternoon @from:2026-11-21 @est:30m
              read 'tomorrow', 'at 15:00', 'for 30m': scheduled for Sunday 2026-11-22 at 15:00, 30 minutes

            """)
        #expect(try folder.read("2026-11-21.md").contains("- [ ] 15:00 Call the dentist #health @on:2026-11-22/afternoon @from:2026-11-21 @est:30m\n"))
        // Rollover into tomorrow places it in the afternoon, at its time (the fixture's task under Notes aside).
        try folder.write("2026-11-21.md", try folder.read("2026-11-21.md").replacingOccurrences(of: "- [ ] not a task: under Notes\n", with: ""))
        let rollover = try Binary.run(["rollover", "--date", "2026-11-22"], in: folder.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        let tomorrow = try folder.read("2026-11-22.md")
        let afternoon = tomorrow.components(separatedBy: "## Afternoon\n").last?.components(separatedBy: "## Evening").first ?? ""
        #expect(afternoon.contains("- [ ] 15:00 Call the dentist #health @from:2026-11-21 @est:30m\n"), "\(tomorrow)")
    }

    @Test func aDayThatHasAFileGetsTheTaskInItsRegion() throws {
        let folder = try F.folder()
        try folder.write("2026-11-23.md", "# 2026-11-23\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        let run = try Binary.run(["add", "Water", "the", "plants", "Monday", "evening"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            2026-11-23.md:8: added to Evening (misc): Water the plants
              read 'Monday evening': scheduled for Monday 2026-11-23 in the evening

            """)
        #expect(try folder.read("2026-11-23.md") == "# 2026-11-23\n\n## Morning\n\n## Afternoon\n\n## Evening\n- [ ] Water the plants\n\n## Backlog\n")
        #expect(try folder.read("2026-11-21.md") == F.today, "today's file is left alone")
    }

    @Test func todayWithATimeGoesIntoTheRegionOfThatTime() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "--must", "Review", "the", "budget", "tonight", "for", "an", "hour", "by", "Tuesday"], in: folder.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("added to Evening (must): Review the budget @due:2026-11-24 @est:1h\n  read 'tonight', 'for an hour', 'by Tuesday': scheduled for Saturday 2026-11-21 in the evening, 1 hour, due Tuesday 2026-11-24\n"),
                "\(run.stdout)")
        let timed = try Binary.run(["add", "Call", "Ana", "at", "4pm"], in: folder.url)
        #expect(timed.stdout.contains(": added to Afternoon (misc): 16:00 Call Ana\n"), "\(timed.stdout)")
        // --to wins over the words' region.
        let asked = try Binary.run(["add", "--to", "backlog", "Stretch", "this", "morning"], in: folder.url)
        #expect(asked.stdout.contains(": added to the Backlog (misc): Stretch @from:2026-11-21\n"), "\(asked.stdout)")
    }

    @Test func literalKeepsEveryWordAndWordsWithoutPhrasesWriteTheSameLine() throws {
        let folder = try F.folder()
        let literal = try Binary.run(["add", "--literal", "Call", "mom", "tomorrow", "at", "3pm"], in: folder.url)
        #expect(literal.stdout == "2026-11-21.md:16: added to the Backlog (misc): Call mom tomorrow at 3pm @from:2026-11-21\n")
        // Without a phrase, the words give the same line with and without --literal.
        for title in ["Read 1984", "Meet Friday's team", "Look at 3 options", "Morning pages #self"] {
            let words = title.split(separator: " ").map(String.init)
            let one = try F.folder(), other = try F.folder()
            #expect(try Binary.run(["add"] + words, in: one.url).status == 0)
            #expect(try Binary.run(["add", "--literal"] + words, in: other.url).status == 0)
            #expect(try one.read("2026-11-21.md") == other.read("2026-11-21.md"), "\(title)")
            #expect(try one.read("2026-11-21.md").contains("- [ ] \(title) @from:2026-11-21\n"))
        }
    }

    @Test func standardInputsTitlesAreEachRead() throws {
        let folder = try F.folder()
        let run = try Binary.run(["add", "-"], in: folder.url, stdin: Array("Pay the rent by Friday\nBuy milk\n".utf8))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(": added to the Backlog (misc): Pay the rent @due:2026-11-27 @from:2026-11-21\n  read 'by Friday': due Friday 2026-11-27\n"),
                "\(run.stdout)")
        #expect(run.stdout.contains(": added to the Backlog (misc): Buy milk @from:2026-11-21\n"))
    }
}
