import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Every case also checks that formatting its output again changes nothing (`canonical` does).
@Suite struct PrinterTests {
    static let canonicalExample = """
        # 2026-11-21

        ## Morning
        * [ ] Draft the quarterly report
        + [ ] Review the API pull request
        + [/] Update the onboarding doc
          the section on local setup is stale
        - [x] Pay the electricity bill

        ## Afternoon

        ## Evening
        - [ ] Call mum

        ## Backlog
        - [ ] Renew passport

        """

    @Test func leavesCanonicalInputByteForByte() {
        #expect(canonical(Self.canonicalExample) == Self.canonicalExample)
        if case .unchanged = Formatter.format(Array(Self.canonicalExample.utf8)) {} else {
            Issue.record("canonical input was reported as changed")
        }
    }

    @Test func addsMissingRegionsAndSortsThem() {
        #expect(canonical("# 2026-11-21\n## Backlog\n- [ ] b\n## Morning\n* [ ] m\n") == """
            # 2026-11-21

            ## Morning
            * [ ] m

            ## Afternoon

            ## Evening

            ## Backlog
            - [ ] b

            """)
    }

    @Test func normalisesTaskLines() {
        #expect(canonical("# 2026-11-21\n## Morning\n  *\t[X]   Ship   it  @CARRY #work\t\n-  [ ]Call\n") == """
            # 2026-11-21

            ## Morning
            * [x] Ship it #work @carry
            - [ ] Call

            ## Afternoon

            ## Evening

            ## Backlog

            """)
    }

    @Test func foldsBlankLinesAndTrailingWhiteSpace() {
        #expect(canonical("\n\n# 2026-11-21\n\n\n\nA plan.   \n\n\n## Morning\n\n\n* [ ] a\n\n\n\ntext\n\n\n") == """
            # 2026-11-21

            A plan.

            ## Morning
            * [ ] a

            text

            ## Afternoon

            ## Evening

            ## Backlog

            """)
    }

    @Test func reindentsNotesKeepingTheirShape() {
        #expect(canonical("# 2026-11-21\n## Morning\n- [ ] a\n\t\tfirst\n\t\t\t- nested\n\n\n\t\tafter a gap\n") == """
            # 2026-11-21

            ## Morning
            - [ ] a
              first
                  - nested

              after a gap

            ## Afternoon

            ## Evening

            ## Backlog

            """)
    }

    /// FORMAT.md §5: a section that is not a region stays where it stands, before the regions or after the
    /// region it follows, and moves with that region when the regions are put in order.
    @Test func keepsOtherSectionsWhereTheyStand() {
        #expect(canonical("# 2026-11-21\n## Notes\nSlept well.\n## Morning\n* [ ] a\n## Links\n- https://example.com\n") == """
            # 2026-11-21

            ## Notes
            Slept well.

            ## Morning
            * [ ] a

            ## Links
            - https://example.com

            ## Afternoon

            ## Evening

            ## Backlog

            """)
        #expect(canonical("# 2026-11-21\n## Afternoon\n## Lunch notes\nsoup\n## Morning\n## Backlog\n## Journal\nok\n") == """
            # 2026-11-21

            ## Morning

            ## Afternoon

            ## Lunch notes
            soup

            ## Evening

            ## Backlog

            ## Journal
            ok

            """)
    }

    /// FORMAT.md §5: a Markdown hard break (two trailing spaces, or a backslash) in free text or in
    /// notes is kept, as exactly two spaces, when another line follows it directly; before a blank line, a
    /// heading or the end of the file it does nothing in Markdown and goes like other trailing white space.
    @Test func keepsHardBreaksThatShow() {
        let input = "# 2026-11-21\nA line   \nbroken here\\\nand here  \n\n## Morning\n- [ ] Call Bo @carry   \n  about the bank  \n"
            + "  and the car  \n\n  after a blank  \n## Notes\nlast  \n"
        #expect(canonical(input) == """
            # 2026-11-21

            A line\u{20}\u{20}
            broken here\\
            and here

            ## Morning
            - [ ] Call Bo @carry\u{20}\u{20}
              about the bank\u{20}\u{20}
              and the car

              after a blank

            ## Notes
            last

            ## Afternoon

            ## Evening

            ## Backlog

            """)
        // A break before a task line or a code fence still shows in some renderers: it is kept; a task line's
        // goes unless a note follows; the canonical form is a fixed point.
        let kept = "# 2026-11-21\n\n## Morning\nText  \n- [ ] Task  \nmore  \n```\ncode\n```\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        #expect(canonical(kept) == kept.replacingOccurrences(of: "Task  ", with: "Task"))
        #expect(canonical(canonical(kept)) == canonical(kept))
    }

    @Test func keepsFencesCommentsAndFrontMatterExactly() {
        let input = "---\ntitle: Saturday  \n---\n# 2026-11-21\n\n## Morning\n<!-- keep   \n\n\n   this -->\n```\n  code  \n\n\n```\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        #expect(canonical(input) == input)
    }

    @Test func keepsTheLineEndingOfTheFirstLineAndDropsTheBom() {
        let input = [0xEF, 0xBB, 0xBF] + Array("# 2026-11-21\r\n## Morning\n* [ ] a\r\n".utf8)
        let output = DayDocument(parsing: input).canonicalBytes()
        #expect(String(decoding: output, as: UTF8.self)
            == "# 2026-11-21\r\n\r\n## Morning\r\n* [ ] a\r\n\r\n## Afternoon\r\n\r\n## Evening\r\n\r\n## Backlog\r\n")
    }

    @Test func refusesWhatItWouldHaveToGuess() {
        let cases: [(String, Rule)] = [
            ("# 2026-11-21\n## Morning\n* [ ] a\n## Morning\n* [ ] b\n", .duplicateRegion),
            ("# 2026-11-21\n## Morning\n* [ ] a\n### Morning ☀️\n* [ ] b\n", .duplicateRegion),
            ("# 2026-11-21\n## Backlog\n- [ ] a @from:2026-11-01 @from:2026-11-02\n", .conflictingMetadata),
            ("# 2026-11-21\n```\n## Morning\n", .unclosedBlock),
        ]
        for (input, rule) in cases {
            guard case .refused(let blockers) = Formatter.format(Array(input.utf8)) else {
                Issue.record("not refused: \(input)")
                continue
            }
            #expect(blockers.map(\.rule) == [rule])
        }
    }

    @Test func formatsWhatItNeedNotGuessAndKeepsWhatItDoesNotRead() {
        let cases: [(String, String)] = [
            // No day heading: the day is the file name's; the heading is not invented.
            ("## Morning\n* [ ] a\n", "## Morning\n* [ ] a\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"),
            // A task before any region stays where it is, as the person wrote it (lint names it).
            ("# 2026-11-21\n-  [ ]  where does this go?\n## Morning\n",
             "# 2026-11-21\n\n-  [ ]  where does this go?\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"),
            // A day heading without a date is kept as written.
            ("# tomorrow\n## Morning\n", "# tomorrow\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"),
            // An empty day gets no regions.
            ("---\ntags: daily\n---\n", "---\ntags: daily\n---\n"),
        ]
        for (input, expected) in cases {
            let output: String
            switch Formatter.format(Array(input.utf8)) {
            case .unchanged: output = input
            case .changed(let bytes): output = String(decoding: bytes, as: UTF8.self)
            case .refused(let blockers):
                Issue.record("refused \(input): \(blockers)")
                continue
            }
            #expect(output == expected)
            if case .unchanged = Formatter.format(Array(output.utf8)) {} else { Issue.record("not idempotent: \(output)") }
        }
    }

    @Test func printsADocumentMadeInCode() throws {
        var document = DayDocument(day: try #require(Day("2026-11-22")))
        document.sections[0].items.append(.task(PlanTask(bucket: .must, title: "Plan the week",
                                                         metadata: TaskMetadata(sticky: true))))
        #expect(String(decoding: document.canonicalBytes(), as: UTF8.self) == """
            # 2026-11-22

            ## Morning
            * [ ] Plan the week @sticky

            ## Afternoon

            ## Evening

            ## Backlog

            """)
    }
}
