import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct ParserTests {
    @Test func readsTheCoreSyntax() throws {
        let document = DayDocument(parsing: PrinterTests.canonicalExample)
        #expect(document.diagnostics.isEmpty)
        #expect(document.day == Day("2026-11-21"))
        let morning = document.tasks(in: .morning)
        #expect(morning.map(\.bucket) == [.must, .complementary, .complementary, .misc])
        #expect(morning.map(\.status) == [.todo, .todo, .inProgress, .done])
        #expect(morning[2].title == "Update the onboarding doc")
        #expect(morning[2].notes == ["the section on local setup is stale"])
        #expect(morning[2].line == 6)
        #expect(document.tasks(in: .afternoon).isEmpty)
        #expect(document.tasks(in: .evening).map(\.title) == ["Call mum"])
        #expect(document.tasks(in: .backlog).map(\.title) == ["Renew passport"])
    }

    /// One line read on its own (rollover's check reads back the lines it changed so) is the task the
    /// whole file's parse has on that line, notes aside.
    @Test func readsOneTaskLineOnItsOwn() throws {
        // The indented line first: under another task it would be that task's note.
        let lines = ["  + [ ] Indented #work  ", "- [-] Fix `quote @expires:2026-11-01 @expired", "1. [x] Numbered @carry\r",
                     "* [/] Must @from:2026-11-19 @on:2026-11-30/evening"]
        let document = DayDocument(parsing: "# 2026-11-20\n\n## Backlog\n" + lines.joined(separator: "\n") + "\n")
        let tasks = document.tasks(in: .backlog)
        #expect(tasks.count == lines.count)
        for (line, task) in zip(lines, tasks) {
            let read = try #require(DayDocument.task(onLine: Array(line.utf8)[...]))
            #expect(read.task == task, "\(line)")
            #expect(!read.blocked)
        }
        #expect(DayDocument.task(onLine: Array("- [-] A @expires:2026-11-01 @expires:2026-11-02".utf8)[...])?.blocked == true)
        for line in ["Plain text", "- no box", "", "   ", "- [?] Unknown status"] {
            #expect(DayDocument.task(onLine: Array(line.utf8)[...]) == nil, "\(line)")
        }
    }

    /// The parser compares a key's bytes with `MetadataKey.nameBytes`: the same keys as `MetadataKey.all`, read
    /// in any case, and a key beyond ASCII is lower-cased as Unicode does it.
    @Test func readsEveryKeyInAnyCase() throws {
        #expect(MetadataKey.nameBytes.map { String(decoding: $0, as: UTF8.self) } == MetadataKey.all.map(\.name))
        let line = "- [ ] T @CARRY @Sticky @Due:2026-11-30 @EXPIRES:2026-12-01 @From:2026-11-19 @ExpireD @On:2026-11-29/Evening @alice @dueX:2026-11-30"
        let task = try #require(DayDocument.task(onLine: Array(line.utf8)[...])?.task)
        #expect(task.title == "T @alice @dueX:2026-11-30")
        #expect(task.metadata == TaskMetadata(carry: true, sticky: true, on: Day("2026-11-29"), onRegion: .evening,
                                              due: Day("2026-11-30"), expires: Day("2026-12-01"), from: Day("2026-11-19"),
                                              expired: true))
        // U+212A KELVIN SIGN lower-cases to `k`: `@STIC\u{212A}Y` is `@sticky`, as before the byte comparison.
        let kelvin = try #require(DayDocument.task(onLine: Array("- [ ] T @STIC\u{212A}Y".utf8)[...])?.task)
        #expect(kelvin.metadata.sticky && kelvin.title == "T")
    }

    @Test func readsEveryStatus() {
        let document = DayDocument(parsing: "# 2026-11-21\n## Backlog\n- [ ] a\n- [/] b\n- [x] c\n- [X] d\n- [>] e\n- [-] f\n")
        #expect(document.tasks(in: .backlog).map(\.status) == [.todo, .inProgress, .done, .done, .moved, .cancelled])
        #expect(document.tasks(in: .backlog).map(\.status.isOpen) == [true, true, false, false, false, false])
    }

    @Test func readsMetadataAnywhereAfterTheStatusBox() throws {
        let document = DayDocument(parsing: "# 2026-11-21\n## Backlog\n- [ ] @carry Renew #admin passport @Sticky @expires:2026-12-01 @from:2026-11-20 @expired\n")
        let task = try #require(document.tasks(in: .backlog).first)
        #expect(task.title == "Renew #admin passport")
        #expect(task.tags == ["admin"])
        #expect(task.metadata == TaskMetadata(carry: true, sticky: true, expires: Day("2026-12-01"),
                                              from: Day("2026-11-20"), expired: true))
        #expect(task.canonicalLine == "- [ ] Renew #admin passport @carry @sticky @expires:2026-12-01 @from:2026-11-20 @expired")
    }

    @Test func keepsMentionsAndEmailAddressesInTheTitle() throws {
        let document = DayDocument(parsing: "# 2026-11-21\n## Morning\n- [ ] Ask @sam and bob@example.com about #123 and #q4-plan\n")
        let task = try #require(document.tasks(in: .morning).first)
        #expect(task.title == "Ask @sam and bob@example.com about #123 and #q4-plan")
        #expect(task.tags == ["q4-plan"])
        #expect(task.metadata.isEmpty)
    }

    @Test func findsTheDayHeadingAfterFrontMatter() {
        let document = DayDocument(parsing: "---\ntags: [daily]\n---\n# 2026-11-21\n## Morning\n")
        #expect(document.frontMatter == ["---", "tags: [daily]", "---"])
        #expect(document.day == Day("2026-11-21"))
        #expect(document.dayHeadingLine == 4)
    }

    @Test func acceptsHeadingCaseSpacingAndClosingHashes() {
        let document = DayDocument(parsing: "#\t2026-11-21 #\n##   mOrNiNg  ##\n* [ ] a\n")
        #expect(document.diagnostics.isEmpty)
        #expect(document.day == Day("2026-11-21"))
        #expect(document.tasks(in: .morning).count == 1)
    }

    @Test func keepsTaskLinesOutsideRegionsAsTextAndNamesThem() {
        let document = DayDocument(parsing: "# 2026-11-21\n## Notes\n- [ ] not counted\n- [x] done\n## Backlog\n")
        #expect(document.allTasks.isEmpty)
        #expect(document.sections.first?.items == [.text("- [ ] not counted"), .text("- [x] done")])
        #expect(document.diagnostics.map(\.rule) == [.taskOutsideRegion, .finishedTaskOutsideRegion])
        #expect(document.diagnostics.map(\.start.line) == [3, 4])
        #expect(document.diagnostics.first?.message.contains("under `## Notes`, which is not a region") == true)
    }

    @Test func keepsCodeFencesAndCommentsVerbatim() {
        let document = DayDocument(parsing: "# 2026-11-21\n## Morning\n```\n## Backlog  \n* [ ] inside\n```\n<!--\n## Evening\n-->\n")
        #expect(document.sections.count == 1)
        #expect(document.allTasks.isEmpty)
        #expect(document.sections[0].items.count == 7)
        #expect(document.sections[0].items[1] == .verbatim("## Backlog  "))
    }

    @Test func readsNotesWithTabsBlankLinesAndDeeperIndentation() throws {
        let document = DayDocument(parsing: "# 2026-11-21\n## Morning\n- [ ] a\n\tfirst\n\n\n\t\tsecond\n  third\n\nafter\n")
        let task = try #require(document.tasks(in: .morning).first)
        #expect(task.notes == ["  first", "", "      second", "third"])
        #expect(document.sections[0].items.suffix(2) == [.blank, .text("after")])
    }

    @Test func readsCrlfAndABom() {
        let document = DayDocument(parsing: [0xEF, 0xBB, 0xBF] + Array("# 2026-11-21\r\n## Morning\r\n* [ ] a\r\n  note\r\n".utf8))
        #expect(document.lineEnding == .crlf)
        #expect(document.diagnostics.isEmpty)
        #expect(document.tasks(in: .morning).first?.notes == ["note"])
    }

    @Test func parsesAnythingWithoutTrapping() {
        let inputs: [[UInt8]] = [[], [0xEF, 0xBB, 0xBF], [0], [0xFF, 0xFE], Array("\n\n\r\r\n".utf8),
                                 Array("* [".utf8), Array("- [\u{E9}".utf8), [0x2D, 0x20, 0x5B, 0xE2, 0x82],
                                 Array(repeating: 0x20, count: 10_000) + Array("- [ ] x".utf8)]
        for input in inputs {
            let document = DayDocument(parsing: input)
            _ = document.canonicalBytes()
            #expect(document.dayHeadingLine == nil || document.day != nil || document.hasErrors)
        }
    }
}

/// Each structural rule, with the finding's position marked in the input.
@Suite struct ParserDiagnosticTests {
    @Test func invalidEncoding() throws {
        var input = Marked("# 2026-11-21\n## Morning\n- [ ] caf1️⃣\n").bytes
        input.insert(0xE9, at: 33)
        let found = DayDocument(parsing: input).diagnostics.filter { $0.rule == .invalidEncoding }
        #expect(found.map(\.start) == [SourcePosition(offset: 33, line: 3, column: 10)])
    }

    @Test func binaryContent() {
        let marked = Marked("# 2026-11-21\n1️⃣\u{0}\n")
        #expect(marked.diagnostics(.binaryContent).map(\.start) == [marked.markers[1]])
    }

    @Test func missingDayHeading() {
        let marked = Marked("1️⃣## Morning\n* [ ] a\n")
        #expect(marked.diagnostics(.missingDayHeading).map(\.start) == [marked.markers[1]])
    }

    @Test func badDayHeading() {
        let marked = Marked("# 1️⃣2026-02-30\n## Morning\n")
        #expect(marked.diagnostics(.badDayHeading).map(\.start) == [marked.markers[1]])
    }

    @Test func extraDayHeading() {
        let marked = Marked("# 2026-11-21\n## Notes\n1️⃣# 2026-11-22\n")
        #expect(marked.diagnostics(.extraDayHeading).map(\.start) == [marked.markers[1]])
    }

    @Test func taskOutsideRegion() {
        let marked = Marked("# 2026-11-21\n1️⃣* [ ] a\n## Morning\n")
        #expect(marked.diagnostics(.taskOutsideRegion).map(\.start) == [marked.markers[1]])
    }

    @Test func duplicateRegion() {
        let marked = Marked("# 2026-11-21\n## Morning\n* [ ] a\n1️⃣## morning\n* [ ] b\n")
        #expect(marked.diagnostics(.duplicateRegion).map(\.start) == [marked.markers[1]])
    }

    @Test func regionOrder() {
        let marked = Marked("# 2026-11-21\n## Evening\n1️⃣## Morning\n")
        #expect(marked.diagnostics(.regionOrder).map(\.start) == [marked.markers[1]])
    }

    @Test func unknownStatus() {
        let marked = Marked("# 2026-11-21\n## Morning\n- [1️⃣?] a\n- [2️⃣é] b\n")
        #expect(marked.diagnostics(.unknownStatus).map(\.start) == [marked.markers[1], marked.markers[2]])
    }

    @Test func malformedTask() {
        // A box that means one status with stray blanks (`[]`, `[ x]`) is a task with DP038 (LooseStatusBoxTests).
        let marked = Marked("# 2026-11-21\n## Morning\n- 1️⃣[xx] a\n+ 2️⃣[ x b\n* 3️⃣[\n- [] d\n")
        #expect(marked.diagnostics(.malformedTask).map(\.start) == [marked.markers[1], marked.markers[2], marked.markers[3]])
    }

    @Test func emptyTitle() {
        let marked = Marked("# 2026-11-21\n## Morning\n1️⃣- [ ]\n2️⃣+ [x]   @carry\n")
        #expect(marked.diagnostics(.emptyTitle).map(\.start) == [marked.markers[1], marked.markers[2]])
    }

    @Test func badMetadata() {
        let marked = Marked("# 2026-11-21\n## Backlog\n- [ ] a 1️⃣@expires:tomorrow 2️⃣@carry:yes\n")
        #expect(marked.diagnostics(.badMetadata).map(\.start) == [marked.markers[1], marked.markers[2]])
        #expect(DayDocument(parsing: marked.bytes).tasks(in: .backlog).first?.title == "a @expires:tomorrow @carry:yes")
    }

    @Test func conflictingMetadata() {
        let marked = Marked("# 2026-11-21\n## Backlog\n- [ ] a @from:2026-11-20 1️⃣@from:2026-11-19\n")
        #expect(marked.diagnostics(.conflictingMetadata).map(\.start) == [marked.markers[1]])
    }

    @Test func repeatedMetadata() {
        let marked = Marked("# 2026-11-21\n## Backlog\n- [ ] a @carry 1️⃣@carry\n")
        #expect(marked.diagnostics(.repeatedMetadata).map(\.start) == [marked.markers[1]])
    }

    @Test func unknownMetadata() {
        let marked = Marked("# 2026-11-21\n## Backlog\n- [ ] a 1️⃣@mood:high @sam\n")
        #expect(marked.diagnostics(.unknownMetadata).map(\.start) == [marked.markers[1]])
    }

    @Test func listItemWithoutStatus() {
        let marked = Marked("# 2026-11-21\n## Morning\n1️⃣- Buy milk\n- - -\n## Notes\n- fine here\n")
        #expect(marked.diagnostics(.listItemWithoutStatus).map(\.start) == [marked.markers[1]])
    }

    @Test func unclosedBlock() {
        let marked = Marked("# 2026-11-21\n## Notes\n1️⃣```swift\nlet x = 1\n")
        #expect(marked.diagnostics(.unclosedBlock).map(\.start) == [marked.markers[1]])
    }

    @Test func everyDiagnosticHasAnActionableMessageAndAStableId() {
        let ids = Rule.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(Rule.all.map(\.name)).count == ids.count)
        for rule in Rule.all {
            #expect(rule.id.hasPrefix("DP") && rule.id.count == 5)
            #expect(Rule.named(rule.name) == rule && Rule.named(rule.id) == rule)
        }
    }
}

@Suite struct ParserRegressionTests {
    /// Found by the fuzzer: a date key with no `:` trapped on an empty range.
    @Test func dateKeyWithoutAValueIsBadMetadata() {
        let marked = Marked("# 2026-11-21\n## Backlog\n- [ ] a 1️⃣@from 2️⃣@expires\n")
        #expect(marked.diagnostics(.badMetadata).map(\.start) == [marked.markers[1], marked.markers[2]])
    }
}

extension ParserRegressionTests {
    /// Found by the fuzzer: `## ## #` printed as `## ##`, an empty heading when read back.
    @Test func otherHeadingsKeepTheirClosingHashes() {
        let document = DayDocument(parsing: "# 2026-11-21\n## ## #\n## Notes ##\n")
        #expect(document.sections.map(\.kind) == [.other("## #"), .other("Notes ##")])
        let output = document.canonicalBytes()
        #expect(DayDocument(parsing: output).canonicalBytes() == output)
    }

    /// Room for the lines left is made once, for the first section that grows big: a file of many sections
    /// must not reserve its size for each (a file of 200,000 headings once took 800 MB that way).
    @Test func roomForTheLinesLeftIsMadeOnceForTheFirstBigSection() {
        let headings = "# 2026-11-21\n" + (0..<2_000).map { "## Heading \($0)\n" }.joined()
        let many = DayDocument(parsing: headings)
        #expect(many.sections.count == 2_000)
        #expect(many.sections.allSatisfy { $0.items.capacity < 64 })

        let tasks = (0..<3_000).map { "- [ ] Task \($0)\n" }.joined()
        let big = DayDocument(parsing: "# 2026-11-21\n\n## Morning\n\(tasks)\n## Backlog\n\(tasks)")
        let morning = big.sections[0].items, backlog = big.sections[1].items
        #expect(morning.count == 3_001 && backlog.count == 3_000)
        // Morning grew big first and got room for every line left at that point; the Backlog grew as usual.
        #expect(morning.capacity >= 1_024 + 3_000 + 3_000 - 1_024)
        #expect(backlog.capacity < 2 * backlog.count + 64)
    }
}
