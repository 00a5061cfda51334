import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanView

/// The view's frames drawn into an in-memory grid and compared with golden text (`Golden/NAME.COLUMNS.txt`, and
/// the styles of some in `….styles.txt`), at 60, 80, 120 and 200 columns, and at 50 for the one-list layout.
///
/// Re-record after an intended change with `RECORD_GOLDEN=1 swift test --filter ViewScreenTests`, then review the diff.
@Suite struct ViewScreenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    static let widths = [50, 60, 80, 120, 200]

    static let full = """
        # 2026-11-23

        ## Morning
        * [x] Draft the report
        * [ ] Send the report @est:30m
        + [/] Review the pull request #work
        + [ ] Update the onboarding doc @carry
          the setup section is stale
        + [ ] Plan the sprint @due:2026-11-23
        - [ ] Pay the bill
        - [ ] Reply to Ana
        - [ ] Book the dentist
        - [ ] Water the plants
        - [ ] Buy stamps

        ## Afternoon
        * [ ] Call the bank

        ## Evening
        - [-] Go running

        ## Backlog
        - [ ] Renew passport @from:2026-11-10 @due:2026-11-20
        - [ ] Fix the bike @from:2026-11-22
        - [ ] Visit the museum @on:2026-11-28
        - [ ] Read a chapter

        """

    static let wide = """
        # 2026-11-23

        ## Morning
        * [ ] 報告書を書いて、チームに送って、明日の会議の準備をする
        + [ ] 🎉 Plan the party 🎂🎈 for the whole team and their families

        ## Backlog
        - [ ] Ünïcödé café naïve résumé — a long title with accents that will be cut

        """

    static func view(_ text: String?, keys: [ViewKey] = []) -> DayView {
        var store = MemoryDayStore(text.map { Array($0.utf8) })
        let context = DayView.Context(fileName: "2026-11-23.md", day: Day("2026-11-23")!, today: Day("2026-11-23")!,
                                      missingFile: "dayplan view: 2026-11-23.md: no such file; there is no plan for 2026-11-23 yet")
        var view = DayView(store.bytes, context: context)
        for key in keys { _ = view.press(key, store: &store) }
        return view
    }

    static let cases: [(name: String, view: DayView, styles: Bool)] = [
        ("empty", view("# 2026-11-23\n"), false),
        ("no-file", view(nil), false),
        ("full", view(full), true),
        ("wide", view(wide), false),
        ("refused", view(full, keys: [.character("l"), .character("H")]), false),
        ("help", view(full, keys: [.character("?")]), false),
        ("prompt", view(full, keys: [.character("a")] + "* A new task".map { .character($0) }), false),
    ]

    @Test(arguments: cases.indices, widths)
    func matchesGolden(_ index: Int, columns: Int) throws {
        let (name, view, styles) = Self.cases[index]
        let grid = ViewScreen(path: "plans/2026-11-23.md", colour: true).draw(view, columns: columns, rows: 24)
        try Self.compare(grid.text, "\(name).\(columns).txt")
        if styles { try Self.compare(grid.styleText, "\(name).\(columns).styles.txt") }
        // Every row is exactly as wide as the screen: no wide character straddles the edge.
        for y in 0..<grid.rows {
            #expect((0..<grid.columns).reduce(0) { $0 + (grid[$1, y].width == 0 ? 1 : Int(grid[$1, y].width)) } == grid.columns
                    + (0..<grid.columns).filter { grid[$0, y].width == 2 }.count)
        }
    }

    @Test func noColourUsesNoColourButKeepsTheAttributes() throws {
        let grid = ViewScreen(path: "plans/2026-11-23.md", colour: false).draw(Self.view(Self.full), columns: 120, rows: 24)
        #expect(!grid.cells.contains { $0.style.colour != nil })
        #expect(grid.cells.contains { $0.style.reverse })
        try Self.compare(grid.styleText, "full.120.no-color.styles.txt")
        #expect(grid.text == ViewScreen(path: "plans/2026-11-23.md", colour: true).draw(Self.view(Self.full), columns: 120, rows: 24).text)
    }

    /// The day's calendar events stand in their region's pane (read-only, not tasks: the selection skips them),
    /// each region's title gives its free time less them, and the header says what is on now and next.
    @Test func eventsStandBesideTheirRegionWithNowAndNext() {
        let day = Day("2026-11-21")!
        func event(_ title: String, _ start: Int, _ end: Int) -> CalendarEvent {
            CalendarEvent(title: title, location: nil, uid: title, start: LocalTime(day: day, secondOfDay: start * 60),
                          end: LocalTime(day: day, secondOfDay: end * 60), isAllDay: false, isRecurring: false, source: "cal.ics", line: 1)
        }
        let plan = "# 2026-11-21\n\n## Morning\n* [ ] Write the talk @est:1h\n\n## Afternoon\n- [ ] Buy milk\n\n## Backlog\n"
        let context = DayView.Context(fileName: "2026-11-21.md", day: day, today: day, minute: 9 * 60 + 10,
                                      events: [event("Standup", 9 * 60, 9 * 60 + 30), event("Dentist", 14 * 60, 15 * 60)], missingFile: "")
        var view = DayView(Array(plan.utf8), context: context)
        let text = ViewScreen(path: "2026-11-21.md", colour: false).draw(view, columns: 120, rows: 20).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("now: 09:00-09:30 Standup"), "\(lines[0])")
        #expect(lines[0].contains("next: 14:00-15:00 Dentist"), "\(lines[0])")
        // Morning's hours (06:00-12:00 by default) less the stand-up and the hour's estimate; Afternoon's less the dentist.
        #expect(text.contains("Morning · 4h30m free"), "\(text)")
        #expect(text.contains("Afternoon · 5h free"), "\(text)")
        #expect(text.contains("◷ 09:00-09:30 Standup"))
        #expect(text.contains("◷ 14:00-15:00 Dentist"))
        // The selection is on the task, never on an event.
        var store = MemoryDayStore(Array(plan.utf8))
        #expect(view.selected?.task.title == "Write the talk")
        _ = view.press(.character("l"), store: &store)
        #expect(view.selected?.task.title == "Buy milk")
    }

    /// Under each region's title, its hours as a strip of time blocks, as `dayplan plan` lays them out (`TimeBlocks`):
    /// an event █, a timed task ▓ for its estimate, free ·, the first and last hour at its ends, now reversed.
    @Test func eachRegionShowsItsHoursAsTimeBlocks() throws {
        let day = Day("2026-11-21")!
        let standup = CalendarEvent(title: "Standup", location: nil, uid: "s", start: LocalTime(day: day, secondOfDay: 9 * 3600),
                                    end: LocalTime(day: day, secondOfDay: 9 * 3600 + 1800), isAllDay: false, isRecurring: false,
                                    source: "cal.ics", line: 1)
        let plan = "# 2026-11-21\n\n## Morning\n* [ ] 10:00 Call Ana @est:1h\n\n## Afternoon\n- [ ] Buy milk\n\n## Backlog\n"
        let context = DayView.Context(fileName: "2026-11-21.md", day: day, today: day, minute: 9 * 60 + 10, events: [standup], missingFile: "")
        let grid = ViewScreen(path: "2026-11-21.md", colour: false).draw(DayView(Array(plan.utf8), context: context), columns: 120, rows: 20)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[3].hasPrefix("06 ···········███·▓▓▓▓▓··· 12│12 ······················· 18│18 ······················· 23│"), "\(lines[3])")
        // Now (09:10) is the cell of 09:07-09:23, the thirteenth, reversed; no other cell of the strip is.
        let reversed = (0..<29).filter { grid.cells[3 * 120 + $0].style.reverse }
        #expect(reversed == [3 + 12])
        // A day without a file has no hours drawn.
        let none = ViewScreen(path: "x.md", colour: false).draw(DayView(nil, context: context), columns: 120, rows: 20).text
        #expect(!none.contains("06 ···"))
    }

    @Test func layoutsByWidth() {
        #expect(ViewLayout(columns: 200) == .sideBySide)
        #expect(ViewLayout(columns: 100) == .sideBySide)
        #expect(ViewLayout(columns: 99) == .stacked)
        #expect(ViewLayout(columns: 60) == .stacked)
        #expect(ViewLayout(columns: 59) == .oneList)
    }

    @Test func wideCharactersAreCutByWholeCharacters() {
        var grid = CellGrid(columns: 6, rows: 1)
        #expect(grid.write("報告書を", x: 0, y: 0) == 5)
        #expect(grid.text == "報告…\n")
        var odd = CellGrid(columns: 5, rows: 1)
        odd.write("🎉🎉🎉", x: 0, y: 0)
        #expect(odd.text == "🎉🎉…\n")
        var control = CellGrid(columns: 10, rows: 1)
        control.write("a\u{1B}[2Jb", x: 0, y: 0)
        #expect(control.text == "a?[2Jb\n")
        #expect(CharacterWidth.of("é") == 1)
        #expect(CharacterWidth.of("e\u{301}") == 1)
        #expect(CharacterWidth.of("👍🏽") == 2)
        #expect(CharacterWidth.of("❤️") == 2)
    }

    @Test func tinyScreensDrawWithoutTrapping() {
        for columns in [1, 2, 5, 20, 59] {
            for rows in [1, 2, 3, 5] {
                let grid = ViewScreen(path: "p", colour: true).draw(Self.view(Self.full), columns: columns, rows: rows)
                #expect(grid.columns == columns && grid.rows == rows)
            }
        }
    }

    static func compare(_ text: String, _ name: String) throws {
        let url = folder.appendingPathComponent(name)
        if recording {
            try Data(text.utf8).write(to: url)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "\(name) differs; re-record with RECORD_GOLDEN=1 and review the diff")
    }
}
