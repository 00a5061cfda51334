import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Each edit operation on small files: the exact bytes it gives, that nothing else changes, and its refusals.
@Suite struct DayEditorTests {
    static let day = """
        # 2026-11-21

        ## Morning ☀️
        * [ ] Draft the report #work
          started yesterday
          - [ ] outline
        +\t[x]   Pair with Jonas

        ## Afternoon

        ## Backlog
        - [ ] Renew passport @from:2026-11-19
        - [/] Sort photos

        ## Notes
        Slept well.

        """

    func edit(_ text: String, _ body: (DayEditor) throws -> DayEdit) throws -> (DayEdit, String) {
        let bytes = Array(text.utf8)
        let edit: DayEdit
        do {
            edit = try body(DayEditor(bytes))
        } catch {
            Issue.record("refused: \((error as? EditError)?.message ?? "\(error)")")
            throw error
        }
        #expect(edit.applied(to: bytes) == edit.after)
        #expect(TextEdit.apply(edit.inverse, to: edit.after) == bytes, "the inverse gives the file back")
        return (edit, String(decoding: edit.after, as: UTF8.self))
    }

    func refusal(_ text: String, _ body: (DayEditor) throws -> DayEdit) -> EditError? {
        do {
            _ = try body(DayEditor(Array(text.utf8)))
            return nil
        } catch {
            return error as? EditError
        }
    }

    @Test func setStatusChangesOneByte() throws {
        let (edit, after) = try edit(Self.day) { try $0.setStatus(.done, ofTaskAt: 4) }
        #expect(after == Self.day.replacingFirst("* [ ] Draft", with: "* [x] Draft"))
        #expect(edit.edits == [TextEdit(offset: Self.day.utf8.count(before: "* [ ] Draft") + 3, removing: 1, inserting: [UInt8(ascii: "x")])])
        #expect(edit.summary == "marked done (was to do): Draft the report #work")
        #expect(edit.line == 4)
    }

    @Test func aNoteLineAddressesItsTask() throws {
        let (_, after) = try edit(Self.day) { try $0.setStatus(.inProgress, ofTaskAt: 6) }
        #expect(after == Self.day.replacingFirst("* [ ] Draft", with: "* [/] Draft"))
    }

    @Test func theSameStatusIsNoChange() throws {
        let (edit, _) = try edit(Self.day) { try $0.setStatus(.done, ofTaskAt: 7) }
        #expect(!edit.changesFile)
        #expect(edit.summary == "already done: Pair with Jonas")
    }

    @Test func aLineWithoutATaskIsNoTask() {
        #expect(refusal(Self.day) { try $0.setStatus(.done, ofTaskAt: 3) } == .noTask(line: 3))
        #expect(refusal(Self.day) { try $0.setStatus(.done, ofTaskAt: 16) } == .noTask(line: 16))
    }

    @Test func reopeningIntoAFullBucketIsRefused() throws {
        let text = Self.day.replacingFirst("* [ ] Draft", with: "* [x] Draft") + ""
        let full = text.replacingFirst("## Afternoon\n", with: "## Afternoon\n* [ ] Call the bank\n* [x] Gym\n")
        guard case .bucketFull(let bucket)? = refusal(full, { try $0.setStatus(.todo, ofTaskAt: 11) }) else {
            Issue.record("not refused")
            return
        }
        #expect(bucket.region == .afternoon && bucket.bucket == .must && bucket.open == 1 && bucket.limit == 1)
        #expect(bucket.message == "Afternoon has 1 open must task; the limit is 1")
        #expect(bucket.room == "there is room for a complementary or misc task in Afternoon, and for a must task in Morning and Evening")
    }

    @Test func insertGoesAfterTheLastTaskAndItsNotes() throws {
        let task = try #require(PlanTask.parsing(line: "+ [ ] Book   the train @CARRY #travel")).task
        let (edit, after) = try edit(Self.day) { try $0.insert(task, into: .morning) }
        #expect(after == Self.day.replacingFirst("Pair with Jonas\n", with: "Pair with Jonas\n+ [ ] Book the train #travel @carry\n"))
        #expect(edit.line == 8)
        #expect(edit.edits.allSatisfy { $0.removing == 0 })
        #expect(edit.summary == "added to Morning (complementary): Book the train #travel")
    }

    @Test func insertIntoAnEmptyRegionGoesRightAfterItsHeading() throws {
        let task = PlanTask(bucket: .misc, title: "Call Ana")
        let (_, after) = try edit(Self.day) { try $0.insert(task, into: .afternoon) }
        #expect(after == Self.day.replacingFirst("## Afternoon\n", with: "## Afternoon\n- [ ] Call Ana\n"))
    }

    @Test func insertIntoAMissingRegionAddsItsHeading() throws {
        let task = PlanTask(bucket: .misc, title: "Call Ana")
        let (_, after) = try edit(Self.day) { try $0.insert(task, into: .evening) }
        #expect(after == Self.day.replacingFirst("## Backlog\n", with: "## Evening\n- [ ] Call Ana\n\n## Backlog\n"))
    }

    @Test func insertKeepsCRLFAndAByteOrderMarkAndAMissingFinalLineBreak() throws {
        let text = "\u{FEFF}# 2026-11-21\r\n\r\n## Backlog\r\n- [ ] One"
        let (_, after) = try edit(text) { try $0.insert(PlanTask(bucket: .misc, title: "Two"), into: .backlog) }
        #expect(after == "\u{FEFF}# 2026-11-21\r\n\r\n## Backlog\r\n- [ ] One\r\n- [ ] Two")
    }

    @Test func insertIntoAFullBucketIsRefusedAndNamesTheRoom() throws {
        let full = Self.day.replacingFirst("## Afternoon\n", with: "## Afternoon\n* [ ] Call the bank\n")
        guard case .bucketFull(let bucket)? = refusal(full, { try $0.insert(PlanTask(bucket: .must, title: "More"), into: .morning) })
        else {
            Issue.record("not refused")
            return
        }
        #expect(bucket.region == .morning && bucket.bucket == .must && bucket.open == 1)
        #expect(bucket.regionsWithRoom == [.evening])
        #expect(bucket.bucketsWithRoom == [.complementary, .misc])
        // The Backlog has no limit; a finished task takes no slot.
        _ = try edit(full) { try $0.insert(PlanTask(bucket: .must, title: "More"), into: .backlog) }
        _ = try edit(full) { try $0.insert(PlanTask(bucket: .must, status: .done, title: "More"), into: .morning) }
    }

    @Test func moveTakesTheNotesAndSubtasksAlong() throws {
        let (edit, after) = try edit(Self.day) { try $0.move(taskAt: 4, to: .backlog) }
        #expect(after == Self.day
            .replacingFirst("* [ ] Draft the report #work\n  started yesterday\n  - [ ] outline\n", with: "")
            .replacingFirst("- [/] Sort photos\n", with: "- [/] Sort photos\n* [ ] Draft the report #work\n  started yesterday\n  - [ ] outline\n"))
        #expect(edit.line == 11)
        #expect(edit.summary == "moved from Morning to the Backlog (must): Draft the report #work")
    }

    @Test func moveToAnotherBucketChangesTheBullet() throws {
        let (_, after) = try edit(Self.day) { try $0.move(taskAt: 12, to: .afternoon, bucket: .complementary) }
        #expect(after == Self.day
            .replacingFirst("- [ ] Renew passport @from:2026-11-19\n", with: "")
            .replacingFirst("## Afternoon\n", with: "## Afternoon\n+ [ ] Renew passport @from:2026-11-19\n"))
        let (_, inPlace) = try edit(Self.day) { try $0.move(taskAt: 7, to: .morning, bucket: .misc) }
        #expect(inPlace == Self.day.replacingFirst("+\t[x]", with: "-\t[x]"))
    }

    @Test func moveDropsTheIndentationOfTheTaskLineOnly() throws {
        let text = "# 2026-11-21\n## Morning\n   1. [ ] Numbered\n      note\n## Backlog\n- [ ] x\n"
        let (_, after) = try edit(text) { try $0.move(taskAt: 3, to: .backlog, bucket: .must) }
        #expect(after == "# 2026-11-21\n## Morning\n## Backlog\n- [ ] x\n* [ ] Numbered\n      note\n")
    }

    @Test func moveIntoAFullBucketIsRefused() throws {
        let text = "# 2026-11-21\n## Morning\n* [ ] One\n## Backlog\n* [ ] Two\n"
        #expect(refusal(text) { try $0.move(taskAt: 5, to: .morning) }.map { if case .bucketFull = $0 { true } else { false } } == true)
        _ = try edit(text) { try $0.move(taskAt: 5, to: .afternoon) }
    }

    @Test func removeTakesTheTasksLines() throws {
        let (edit, after) = try edit(Self.day) { try $0.remove(taskAt: 5) }
        #expect(after == Self.day.replacingFirst("* [ ] Draft the report #work\n  started yesterday\n  - [ ] outline\n", with: ""))
        #expect(edit.line == 0)
    }

    @Test func metadataIsAddedReplacedAndRemovedInPlace() throws {
        let (_, added) = try edit(Self.day) { try $0.addMetadata("@carry", toTaskAt: 4) }
        #expect(added == Self.day.replacingFirst("Draft the report #work\n", with: "Draft the report #work @carry\n"))
        let (_, replaced) = try edit(Self.day) { try $0.replaceMetadata(with: "@from:2026-11-20", onTaskAt: 12) }
        #expect(replaced == Self.day.replacingFirst("@from:2026-11-19", with: "@from:2026-11-20"))
        let (_, removed) = try edit(Self.day) { try $0.removeMetadata("from", fromTaskAt: 12) }
        #expect(removed == Self.day.replacingFirst(" @from:2026-11-19", with: ""))
        let text = "# 2026-11-21\n## Backlog\n- [ ] @carry   Call  Ana `a @sticky b`  @sticky  \n"
        let (_, first) = try edit(text) { try $0.removeMetadata("@carry", fromTaskAt: 3) }
        #expect(first == "# 2026-11-21\n## Backlog\n- [ ] Call  Ana `a @sticky b`  @sticky  \n")
        let (_, last) = try edit(text) { try $0.removeMetadata("sticky", fromTaskAt: 3) }
        #expect(last == "# 2026-11-21\n## Backlog\n- [ ] @carry   Call  Ana `a @sticky b`  \n")
    }

    @Test func onlyMetadataWordsAreAccepted() {
        for word in ["@carry:yes", "@from:2026-02-30", "@sam", "carry", "@mood:high", "@every:fortnight"] {
            #expect(refusal(Self.day) { try $0.addMetadata(word, toTaskAt: 4) } == .notMetadata(word))
        }
    }

    @Test func anAmbiguousFileIsRefused() {
        let text = "# 2026-11-21\n## Morning\n- [ ] a\n## Morning\n- [ ] b\n"
        guard case .refused(let reasons)? = refusal(text, { try $0.setStatus(.done, ofTaskAt: 3) }) else {
            Issue.record("not refused")
            return
        }
        #expect(reasons.map(\.rule) == [.duplicateRegion])
    }

    @Test func parsingALineReadsTagsAndMetadata() throws {
        let (task, findings) = try #require(PlanTask.parsing(line: "* [/] Write #talk @sticky @carry:yes"))
        #expect(task.bucket == .must && task.status == .inProgress && task.title == "Write #talk @carry:yes")
        #expect(task.metadata.sticky && task.tags == ["talk"])
        #expect(findings.map(\.rule) == [.badMetadata])
        #expect(PlanTask.parsing(line: "just words") == nil)
        #expect(PlanTask.parsing(line: "- [ ] a\n- [ ] b") == nil)
    }

    @Test func textEditsApplyAndInvertWhateverTheirOrder() {
        let bytes = Array("abcdef".utf8)
        let edits = [TextEdit(offset: 4, removing: 1, inserting: Array("XY".utf8)), TextEdit(offset: 0, removing: 0, inserting: Array("<".utf8)),
                     TextEdit(offset: 1, removing: 2, inserting: [])]
        let after = TextEdit.apply(edits, to: bytes)
        #expect(String(decoding: after, as: UTF8.self) == "<adXYf")
        #expect(TextEdit.apply(TextEdit.inverse(of: edits, on: bytes), to: after) == bytes)
    }
}

extension String {
    /// The text with its first `target` replaced; a test whose expectation names text that is not there fails.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else {
            Issue.record("`\(target)` is not in the text")
            return self
        }
        return replacingCharacters(in: range, with: replacement)
    }
}

extension String.UTF8View {
    /// How many bytes stand before the first `target`.
    func count(before target: String) -> Int {
        let text = String(self)
        return text.range(of: target).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
    }
}

extension DayEditorTests {
    /// The README's library example, as written there.
    @Test func theReadmeExample() {
        let editor = DayEditor(Array("# 2026-11-23\n\n## Morning\n* [ ] Write\n\n## Backlog\n- [ ] Decide on the new laptop\n".utf8))
        do {
            let edit = try editor.move(taskAt: 7, to: .morning, bucket: .must)
            Issue.record("moved into a full bucket: \(edit.summary)")
        } catch .bucketFull(let full) {
            #expect(full.message == "Morning has 1 open must task; the limit is 1")
            #expect(full.room == "there is room for a complementary or misc task in Morning, and for a must task in Afternoon and Evening")
        } catch {
            Issue.record("\(error.message)")
        }
    }
}

/// The done date, as `dayplan mark` and the language server ask for it with `done-date = yes`.
@Suite struct DoneDateTests {
    static let day = "# 2026-11-21\n\n## Morning\n- [ ] Tea #home\n- [x] Coffee @done:2026-11-20\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"

    @Test func markingDoneWritesTheDayAndReopeningTakesItAway() throws {
        let editor = DayEditor(Array(Self.day.utf8))
        let done = try editor.setStatus(.done, ofTaskAt: 4, doneDate: Day("2026-11-22"))
        #expect(String(decoding: done.after, as: UTF8.self).contains("- [x] Tea #home @done:2026-11-22\n"))
        #expect(DayDocument(parsing: done.after).tasks(in: .morning).first?.metadata.done == Day("2026-11-22"))
        // A task done already keeps the day it was done.
        #expect(try editor.setStatus(.done, ofTaskAt: 5, doneDate: Day("2026-11-22")).changesFile == false)
        // Reopened, it loses it; without a done date nothing but the box changes.
        let reopened = try editor.setStatus(.todo, ofTaskAt: 5, doneDate: Day("2026-11-22"))
        #expect(String(decoding: reopened.after, as: UTF8.self).contains("- [ ] Coffee\n"))
        let plain = try editor.setStatus(.done, ofTaskAt: 4)
        #expect(String(decoding: plain.after, as: UTF8.self).contains("- [x] Tea #home\n"))
        // The key is the table's last, in canonical order.
        #expect(PlanTask(bucket: .misc, status: .done, title: "Tea", metadata: TaskMetadata(carry: true, done: Day("2026-11-22")))
            .canonicalLine == "- [x] Tea @carry @done:2026-11-22")
    }
}
