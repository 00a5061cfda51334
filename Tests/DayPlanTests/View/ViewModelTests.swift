import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanView

/// The view's model without a terminal: key sequences in, the file's bytes and the messages out; the day and
/// "today" are given, never read from a clock.
@Suite struct ViewModelTests {
    static let day = Day("2026-11-23")!

    static let plan = """
        # 2026-11-23

        ## Morning
        * [ ] Draft the report
        + [ ] Review the pull request
        - [ ] Pay the bill

        ## Afternoon
        * [ ] Call the bank

        ## Evening

        ## Backlog
        - [ ] Renew passport @from:2026-11-10
        - [ ] Fix the bike @from:2026-11-22
        - [ ] Read a chapter

        """

    static func context(_ day: Day = day) -> DayView.Context {
        DayView.Context(fileName: "2026-11-23.md", day: day, today: ViewModelTests.day, missingFile: "no plan for this day yet")
    }

    /// The view and its store after typing `keys` on `text`.
    static func run(_ keys: [ViewKey], on text: String = plan) -> (view: DayView, store: MemoryDayStore) {
        var store = MemoryDayStore(Array(text.utf8))
        var view = DayView(store.bytes, context: context())
        for key in keys { _ = view.press(key, store: &store) }
        return (view, store)
    }

    static func keys(_ text: String) -> [ViewKey] { text.map { .character($0) } }

    func text(_ store: MemoryDayStore) -> String { String(decoding: store.bytes ?? [], as: UTF8.self) }

    @Test func selectionStartsOnTheFirstOpenTaskOfTheFirstRegionWithOne() {
        let (view, _) = Self.run([])
        #expect(view.pane == 0)
        #expect(view.selected?.task.title == "Draft the report")
        let evening = Self.plan.replacingOccurrences(of: "* [ ] Draft the report\n+ [ ] Review the pull request\n- [ ] Pay the bill\n", with: "")
            .replacingOccurrences(of: "* [ ] Call the bank\n", with: "")
        let (later, _) = Self.run([], on: evening)
        #expect(later.panes[later.pane].region == .backlog)
        // The Backlog shows yesterday's before older ones.
        #expect(later.selected?.task.title == "Fix the bike")
    }

    @Test func panesShowSlotsWithEmptyOnesAndTheBacklogByAge() {
        let (view, _) = Self.run([])
        let morning = view.panes[0]
        #expect(morning.rows.first == .bucket(.must, open: 1))
        #expect(morning.rows.filter { $0 == .emptySlot(.complementary) }.count == 2)
        #expect(morning.rows.filter { $0 == .emptySlot(.misc) }.count == 4)
        let backlog = view.panes[3]
        #expect(backlog.rows.compactMap { if case .group(let name) = $0 { name } else { nil } } == ["yesterday", "older", "undated"])
        #expect(backlog.tasks.map(\.task.title) == ["Fix the bike", "Renew passport", "Read a chapter"])
        #expect(backlog.tasks[1].carriedDays == 13)
    }

    @Test func markDoneAndBackWritesOneByteAndSaysWhatChanged() {
        let (view, store) = Self.run([.character("x")])
        #expect(text(store).contains("* [x] Draft the report\n"))
        #expect(view.message?.text == "2026-11-23.md:4: marked done (was to do): Draft the report")
        #expect(store.hooks.map(\.command) == ["mark"])
        // The done task is selected where it went (below the slots); x again makes it to do.
        #expect(view.selected?.task.title == "Draft the report")
        let (again, back) = Self.run([.character("x"), .character("x")])
        #expect(text(back) == Self.plan)
        #expect(again.message?.text == "2026-11-23.md:4: marked to do (was done): Draft the report")
    }

    @Test func inProgressAndCancel() {
        let (_, store) = Self.run([.character("j"), .character("i"), .character("j"), .character("c")])
        #expect(text(store).contains("+ [/] Review the pull request\n- [-] Pay the bill\n"))
    }

    @Test func moveToTheNextRegionRefusedWhenItsBucketIsFull() {
        let (view, store) = Self.run([.character("L")])
        #expect(text(store) == Self.plan)
        #expect(view.message?.isRefusal == true)
        #expect(view.message?.text == "Afternoon has 1 open must task; the limit is 1 [DP101/bucket-limit]; there is room for a "
                + "complementary or misc task in Afternoon, and for a must task in Evening; nothing changed")
        #expect(store.hooks.isEmpty)
    }

    @Test func moveBetweenRegionsKeepsTheBucketAndFollowsTheTask() {
        let (view, store) = Self.run([.character("j"), .character("L")])
        #expect(text(store).contains("## Afternoon\n* [ ] Call the bank\n+ [ ] Review the pull request\n"))
        #expect(view.panes[view.pane].region == .afternoon)
        #expect(view.selected?.task.title == "Review the pull request")
        #expect(view.message?.text.hasSuffix("moved from Morning to Afternoon (complementary): Review the pull request") == true)
        let (first, _) = Self.run([.character("H")])
        #expect(first.message?.text == "Morning is the first region; nothing changed")
    }

    /// J and K move the task among the tasks of its bucket, with its notes; the first or last stays, and says so.
    @Test func moveDownAndUpWithinTheBucket() {
        let plan = "# 2026-11-23\n\n## Morning\n- [ ] Tea\n  green\n* [ ] Draft the report\n- [ ] Post\n- [ ] Bins\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        let (down, store) = Self.run([.character("j"), .character("J")], on: plan)
        #expect(text(store) == "# 2026-11-23\n\n## Morning\n- [ ] Post\n* [ ] Draft the report\n- [ ] Tea\n  green\n- [ ] Bins\n\n## Afternoon\n\n## Evening\n\n## Backlog\n")
        #expect(down.selected?.task.title == "Tea")
        #expect(down.message?.text.hasSuffix("moved down in Morning (misc): Tea") == true)
        #expect(store.hooks.map(\.command) == ["move"])
        let (_, back) = Self.run([.character("j"), .character("J"), .character("K")], on: plan)
        #expect(text(back) == plan)
        let (first, unchanged) = Self.run([.character("j"), .character("K")], on: plan)
        #expect(text(unchanged) == plan)
        #expect(first.message?.text.hasSuffix("already first of its bucket (misc): Tea") == true)
        // The must task is the only one of its bucket: it stays. Undo takes a move back.
        let (must, _) = Self.run([.character("J")], on: plan)
        #expect(must.message?.text.hasSuffix("already last of its bucket (must): Draft the report") == true)
        let (_, undone) = Self.run([.character("j"), .character("J"), .character("u")], on: plan)
        #expect(text(undone) == plan)
    }

    @Test func bucketKeysChangeTheBullet() {
        let (_, store) = Self.run([.character("G"), .character("2")])
        #expect(text(store).contains("+ [ ] Pay the bill\n"))
        let (full, refused) = Self.run([.character("j"), .character("1")])
        #expect(text(refused) == Self.plan)
        #expect(full.message?.text.hasPrefix("Morning has 1 open must task; the limit is 1 [DP101/bucket-limit]") == true)
    }

    @Test func addWithABucketPrefixAndIntoTheBacklog() {
        let typed = [.character("l"), .character("l"), .character("a")] + Self.keys("+ Plan the offsite #work") + [.enter]
        let (view, store) = Self.run(typed)
        #expect(text(store).contains("## Evening\n+ [ ] Plan the offsite #work\n"))
        #expect(view.message?.text.hasSuffix("added to Evening (complementary): Plan the offsite #work") == true)
        #expect(store.hooks.map(\.command) == ["add"])
        let captured = [.character("h"), .character("a")] + Self.keys("Buy stamps") + [.enter]
        let (_, backlog) = Self.run(captured)
        #expect(text(backlog).contains("- [ ] Buy stamps @from:2026-11-23\n"))
        let refused = [.character("a")] + Self.keys("* Another must") + [.enter]
        let (full, same) = Self.run(refused)
        #expect(text(same) == Self.plan)
        #expect(full.message?.text.hasPrefix("Morning has 1 open must task; the limit is 1") == true)
        let bad = [.character("a")] + Self.keys("@carry") + [.enter]
        #expect(Self.run(bad).view.message?.text == "'@carry' is not a title: it needs words that are not metadata, on one line; nothing changed")
    }

    @Test func promptTakesBackspacePasteAndEscape() {
        let typed: [ViewKey] = [.character("a"), .character("B"), .character("u"), .character("x"), .backspace, .character("y"),
                                .paste(" milk\nand eggs"), .enter]
        let (_, store) = Self.run([.character("h")] + typed)
        #expect(text(store).contains("- [ ] Buy milk and eggs @from:2026-11-23\n"))
        let (view, same) = Self.run([.character("a"), .character("z"), .escape, .character("x")])
        #expect(view.prompt == nil)
        // Escape closed the prompt; x then marked the selected task, not a letter typed.
        #expect(text(same).contains("* [x] Draft the report"))
    }

    @Test func editTitleScheduleAndDeadline() {
        let retitle: [ViewKey] = [.character("e")] + Array(repeating: .backspace, count: 6) + Self.keys("plan") + [.enter]
        let (view, store) = Self.run(retitle)
        #expect(text(store).contains("* [ ] Draft the plan\n"))
        #expect(view.message?.text == "2026-11-23.md:4: retitled (was Draft the report): Draft the plan")
        let (_, scheduled) = Self.run([.character("G"), .character("s")] + Self.keys("tomorrow") + [.enter])
        #expect(text(scheduled).contains("- [ ] Pay the bill @on:2026-11-24\n"))
        let (_, due) = Self.run([.character("d")] + Self.keys("fri") + [.enter])
        #expect(text(due).contains("* [ ] Draft the report @due:2026-11-27\n"))
        let (bad, same) = Self.run([.character("d")] + Self.keys("someday") + [.enter])
        #expect(text(same) == Self.plan)
        #expect(bad.message?.text.hasPrefix("'someday' is not a day") == true)
    }

    @Test func undoAndRedoAreTheByteEditsTheViewMade() {
        let keys: [ViewKey] = [.character("x"), .character("j"), .character("L")]
        let (_, after) = Self.run(keys)
        let (undone, store) = Self.run(keys + [.character("u"), .character("u")])
        #expect(text(store) == Self.plan)
        #expect(undone.message?.text.contains("undone: marked done (was to do): Draft the report") == true)
        let (redone, again) = Self.run(keys + [.character("u"), .character("u"), .control("r"), .control("r")])
        #expect(text(again) == text(after))
        #expect(redone.message?.text.contains("redone: moved from Morning to Afternoon") == true)
        let (nothing, _) = Self.run([.character("u")])
        #expect(nothing.message?.isRefusal == true)
    }

    @Test func undoIsRefusedWhenTheFileChangedOnDiskSince() {
        var store = MemoryDayStore(Array(Self.plan.utf8))
        var view = DayView(store.bytes, context: Self.context())
        _ = view.press(.character("x"), store: &store)
        store.bytes = (store.bytes ?? []) + Array("- [ ] Added elsewhere\n".utf8)
        let changed = store.bytes
        _ = view.press(.character("u"), store: &store)
        #expect(store.bytes == changed)
        #expect(view.message?.text == "the file changed on disk since that change, so undo would write over what it holds; nothing changed")
    }

    @Test func aChangeIsWorkedOutOnTheFileAsReadAgainAndTheTaskFoundByItsTitle() {
        var store = MemoryDayStore(Array(Self.plan.utf8))
        var view = DayView(store.bytes, context: Self.context())
        // Another editor put a line above the task: its line moved, the view has not read it yet.
        store.bytes = Array(Self.plan.replacingOccurrences(of: "## Morning\n", with: "## Morning\n- [ ] Water the plants\n").utf8)
        _ = view.press(.character("x"), store: &store)
        #expect(text(store).contains("- [ ] Water the plants\n* [x] Draft the report\n"))
        #expect(view.message?.text == "2026-11-23.md:5: marked done (was to do): Draft the report")
    }

    @Test func reloadKeepsTheSelectionOnTheSameTask() {
        var (view, _) = Self.run([.character("j")])
        let moved = Self.plan.replacingOccurrences(of: "## Morning\n", with: "## Morning\n- [ ] Water the plants\n")
        let reread = view.reload(Array(moved.utf8))
        #expect(reread)
        #expect(view.selected?.task.title == "Review the pull request")
        #expect(view.message?.text == "2026-11-23.md: read again: the file changed on disk")
        let again = view.reload(Array(moved.utf8))
        #expect(!again)
    }

    @Test func aNewDayIsSaidWhenTheClockPassesIt() {
        var (view, _) = Self.run([])
        let changed = view.clock(today: Self.day.adding(days: 1), minute: 5)
        #expect(changed)
        #expect(view.message?.text == "a new day has begun (Tuesday 2026-11-24); press R to roll over into it, or t to see it")
    }

    @Test func aDayWithoutAFileRefusesChanges() {
        var store = MemoryDayStore(nil)
        var view = DayView(nil, context: Self.context())
        _ = view.press(.character("a"), store: &store)
        #expect(view.prompt == nil)
        #expect(view.message?.text == "no plan for this day yet")
        #expect(store.bytes == nil)
    }

    @Test func effectsForTheCommand() {
        var store = MemoryDayStore(Array(Self.plan.utf8))
        var view = DayView(store.bytes, context: Self.context())
        #expect(view.press(.character("q"), store: &store) == .quit)
        #expect(view.press(.control("c"), store: &store) == .quit)
        #expect(view.press(.control("z"), store: &store) == .suspend)
        #expect(view.press(.control("l"), store: &store) == .redraw)
        #expect(view.press(.enter, store: &store) == .openEditor(line: 4))
        #expect(view.press(.character("]"), store: &store) == .openDay(Self.day.adding(days: 1)))
        #expect(view.press(.character("t"), store: &store) == .openDay(Self.day))
        #expect(view.press(.character("?"), store: &store) == .none)
        #expect(view.showsHelp)
        // Any key closes the help and does nothing else.
        #expect(view.press(.character("x"), store: &store) == .none)
        #expect(!view.showsHelp && view.message == nil)
        #expect(String(decoding: store.bytes ?? [], as: UTF8.self) == Self.plan)
        #expect(view.press(.character("f"), store: &store) == .none)
        #expect(view.isFocused)
        _ = view.press(.character("Z"), store: &store)
        #expect(view.message?.text == "Z is no key of the view; press ? for the keys")
    }

    /// `T` asks the command to time the selected task (`dayplan start FILE:LINE`), and on the task being timed to stop
    /// it; the view itself writes nothing (the timer is the plan folder's), and the task shows what is timed.
    @Test func timingIsTheCommandsOnTheSelectedTask() {
        let timed = Self.plan.replacingOccurrences(of: "+ [ ] Review the pull request", with: "+ [/] Review the pull request @running:09:05 @spent:25m")
        var store = MemoryDayStore(Array(timed.utf8))
        var view = DayView(store.bytes, context: Self.context())
        #expect(view.press(.character("T"), store: &store) == .startTiming(line: 4))
        _ = view.press(.character("j"), store: &store)
        #expect(view.press(.character("T"), store: &store) == .stopTiming)
        #expect(String(decoding: store.bytes ?? [], as: UTF8.self) == timed)
        #expect(view.selected?.details == "timing since 09:05 · spent 25m")
        _ = view.press(.character("l"), store: &store)
        _ = view.press(.character("l"), store: &store)
        #expect(view.press(.character("T"), store: &store) == .none)
        #expect(view.message?.text == "no task is selected in Evening")
    }

    /// `R` asks the command for rollover's dry run; the preview it shows stays until a key: `y` asks for the
    /// rollover, any other key closes it, says so and changes nothing.
    @Test func rolloverIsPreviewedAndDoneOnlyOnY() {
        var store = MemoryDayStore(Array(Self.plan.utf8))
        var view = DayView(store.bytes, context: Self.context())
        #expect(view.press(.character("R"), store: &store) == .previewRollover)
        view.showRolloverPreview(["2026-11-24.md: + 3 carried", "dry run, nothing written: 3 carried"])
        #expect(view.rolloverPreview?.count == 2)
        #expect(view.press(.character("x"), store: &store) == .none)
        #expect(view.rolloverPreview == nil)
        #expect(view.message?.text == "rollover not done; nothing changed")
        #expect(String(decoding: store.bytes ?? [], as: UTF8.self) == Self.plan)
        _ = view.press(.character("R"), store: &store)
        view.showRolloverPreview(["dry run, nothing written: 3 carried"])
        #expect(view.press(.character("y"), store: &store) == .rollover)
        #expect(view.rolloverPreview == nil)
        // Shown whole on the screen, with what y does.
        view.showRolloverPreview(["2026-11-24.md: + 3 carried", "dry run, nothing written: 3 carried"])
        let screen = ViewScreen(path: "f", colour: false).draw(view, columns: 80, rows: 12).text
        #expect(screen.contains("Rollover: y does what follows; any other key leaves everything as it is"))
        #expect(screen.contains(" dry run, nothing written: 3 carried"))
        #expect(screen.contains("y roll over · any other key: not now"))
    }

    /// A click selects the task drawn where it lands (the screen records where each task's line is), in every
    /// layout; a click elsewhere, or with the help open, changes nothing.
    @Test(arguments: [200, 80, 50])
    func aClickSelectsTheTaskUnderIt(columns: Int) throws {
        var (view, _) = Self.run([])
        let screen = ViewScreen(path: "f", colour: false)
        let grid = screen.draw(view, columns: columns, rows: 60)
        let lines = grid.text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("Fix the bike") })
        let column = try #require(lines[row].range(of: "Fix the bike")).lowerBound.utf16Offset(in: lines[row])
        let place = try #require(grid.task(atColumn: column, row: row))
        view.select(task: place.task, inPane: place.pane)
        #expect(view.selected?.task.title == "Fix the bike")
        #expect(grid.task(atColumn: 0, row: 0) == nil)
        var store = MemoryDayStore(Array(Self.plan.utf8))
        _ = view.press(.character("?"), store: &store)
        view.select(task: 0, inPane: 0)
        #expect(view.selected?.task.title == "Fix the bike")
        #expect(view.press(.click(column: 1, row: 1), store: &store) == .none)
    }

    @Test func everyActionHasOneBindingAndNoKeyIsBoundTwice() {
        let bound = KeyBinding.all.map(\.action)
        #expect(Set(bound) == Set(ViewAction.allCases))
        #expect(bound.count == Set(bound).count)
        let keys = KeyBinding.all.flatMap(\.keys)
        #expect(keys.count == Set(keys).count)
        for binding in KeyBinding.all {
            for key in binding.keys { #expect(KeyBinding.action(for: key) == binding.action) }
            #expect(!binding.help.isEmpty)
        }
    }

    @Test func noKeySequenceTraps() {
        // Every key on an empty day, a day without a file and a full one, in a fixed pseudo-random order.
        var keys = KeyBinding.all.flatMap(\.keys).filter { ![.character("q"), .control("c")].contains($0) }
        keys += [.backspace, .escape, .paste("x"), .character("é")]
        var seed: UInt64 = 7
        for text in [Self.plan, "", "# 2026-11-23\n"] {
            var store = MemoryDayStore(Array(text.utf8))
            var view = DayView(store.bytes, context: Self.context())
            for _ in 0..<600 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                _ = view.press(keys[Int(seed >> 33) % keys.count], store: &store)
                #expect(view.pane < view.panes.count)
            }
        }
    }
}

