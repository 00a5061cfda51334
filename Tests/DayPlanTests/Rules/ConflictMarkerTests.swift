import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// DP041 conflict-marker: a merge left half done is an error that stops `fmt` and `rollover`.
@Suite struct ConflictMarkerTests {
    func markers(_ input: MarkedInput) -> [Diagnostic] {
        Linter.lint(input.bytes, fileName: "2026-11-21.md").filter { $0.rule == .conflictMarker }
    }

    @Test func everyKindOfMarkerIsReportedWhereItStands() {
        let input = MarkedInput("""
            # 2026-11-21

            ## Morning
            1️⃣<<<<<<< HEAD
            - [x] Reply to Ana
            2️⃣||||||| base
            - [ ] Reply to Ana
            3️⃣=======
            - [>] Reply to Ana
            4️⃣>>>>>>> origin/main

            """)
        let found = markers(input)
        #expect(found.map(\.start) == ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { input[$0] })
        #expect(found.allSatisfy { $0.severity == .error && $0.end.column == $0.start.column + 7 })
        #expect(found.allSatisfy { $0.message.contains("dayplan merge") && $0.message.contains("delete the marker lines") })
    }

    @Test func markersOutsideRegionsAndInFrontMatterCount() {
        let input = MarkedInput("---\n1️⃣<<<<<<< HEAD\ntags: a\n2️⃣=======\ntags: b\n3️⃣>>>>>>> main\n---\n# 2026-11-21\n\n## Notes\n4️⃣<<<<<<<\nSlept well.\n5️⃣>>>>>>>\n")
        #expect(markers(input).map(\.start) == ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣"].map { input[$0] })
    }

    @Test(arguments: [
        "```\n<<<<<<< HEAD\n=======\n>>>>>>> main\n```\n",  // inside a code fence
        "<!--\n<<<<<<< HEAD\n>>>>>>> main\n-->\n",  // inside an HTML comment
        "Title\n=======\n",  // a Markdown heading's underline, with no other marker
        "<<<<<<<< eight\n>>>>>>>> eight\n========\n",  // not seven
        "<<<<<<<HEAD\n>>>>>>>main\n",  // no space after the run
        " <<<<<<< indented\n",  // not at the start of the line
        "=======  \n",  // alone, trailing white space
    ])
    func linesThatAreNotMarkers(_ notes: String) {
        let input = MarkedInput("# 2026-11-21\n\n## Notes\n" + notes)
        #expect(markers(input).isEmpty, "\(notes)")
    }

    @Test func aSeparatorBeforeAClosingMarkerIsOne() {
        // The person deleted the `<<<<<<<` line but left the rest.
        let input = MarkedInput("# 2026-11-21\n\n## Morning\n- [x] Tea\n1️⃣=======\n- [ ] Tea\n2️⃣>>>>>>> main\n")
        #expect(markers(input).map(\.start) == [input["1️⃣"], input["2️⃣"]])
    }

    @Test func aFileWithMarkersIsNotFormattedOrRolledOver() throws {
        let bytes = Array("# 2026-11-21\n\n## Morning\n<<<<<<< HEAD\n- [x] Tea\n=======\n- [ ] Tea\n>>>>>>> main\n".utf8)
        guard case .refused(let blockers) = Formatter.format(bytes) else {
            Issue.record("formatted a file with conflict markers")
            return
        }
        #expect(Set(blockers.map(\.rule)) == [.conflictMarker])
        let day = try #require(Day("2026-11-21"))
        #expect(throws: RolloverError.self) {
            _ = try Rollover(opening: day.adding(days: 1), from: (day, bytes), existing: nil)
        }
    }
}
