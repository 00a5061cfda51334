import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Every edit dayplan makes keeps a canonical file canonical: each `DayEditor` operation on each task of
/// generated days (made canonical first), rollover's two files, sync's edits (`SyncEdits`), what import writes
/// (a day exported and read back) and a merge of two edited copies pass `fmt --check` (`Formatter` finds
/// nothing to change). `move --on` used to write `@due:… @on:…` and `mark done` with `done-date` `@est:… @done:…`.
@Suite struct EditCanonicalPropertyTests {
    /// Generated days in canonical form; a day `fmt` refuses is left out (no edit is made on it either).
    static func canonicalDays(seed: UInt64, count: Int) -> [[UInt8]] {
        var generator = DocumentGenerator(seed: seed)
        var days: [[UInt8]] = []
        while days.count < count {
            let bytes = generator.file(day: Day(year: 2026, month: 11, day: 20)!)
            switch Formatter.format(bytes) {
            case .unchanged: days.append(bytes)
            case .changed(let canonical): days.append(canonical)
            case .refused: continue
            }
        }
        return days
    }

    /// The operations tried on the task at a line: every one the commands and the language server make.
    static func operations(_ line: Int) -> [(String, (DayEditor) throws(EditError) -> DayEdit)] {
        var operations: [(String, (DayEditor) throws(EditError) -> DayEdit)] = []
        let day = Day(year: 2026, month: 11, day: 21)!
        for status in Status.allCases {
            operations.append(("set \(status)", { editor throws(EditError) in try editor.setStatus(status, ofTaskAt: line) }))
            operations.append(("set \(status) with done-date", { editor throws(EditError) in
                try editor.setStatus(status, ofTaskAt: line, doneDate: day) }))
            operations.append(("set \(status) with sub-tasks", { editor throws(EditError) in
                try editor.setStatus(status, ofTaskAt: line, subtasks: true) }))
        }
        for region in Region.allCases {
            operations.append(("move to \(region)", { editor throws(EditError) in try editor.move(taskAt: line, to: region) }))
            operations.append(("move to \(region) must", { editor throws(EditError) in try editor.move(taskAt: line, to: region, bucket: .must) }))
        }
        for word in ["@carry", "@sticky", "@on:2026-11-30", "@on:2026-11-30/evening", "@due:2026-11-29", "@expires:2026-12-01",
                     "@from:2026-11-19", "@expired", "@done:2026-11-21", "@est:1h30m", "@every:mon"] {
            operations.append(("set \(word)", { editor throws(EditError) in try editor.replaceMetadata(with: word, onTaskAt: line) }))
        }
        for key in ["carry", "from", "due", "est"] {
            operations.append(("remove @\(key)", { editor throws(EditError) in try editor.removeMetadata(key, fromTaskAt: line) }))
        }
        operations.append(("move down in its bucket", { editor throws(EditError) in try editor.reorder(taskAt: line, by: 1) }))
        operations.append(("move up in its bucket", { editor throws(EditError) in try editor.reorder(taskAt: line, by: -1) }))
        operations.append(("retitle", { editor throws(EditError) in try editor.setTitle("Renamed task #work", ofTaskAt: line) }))
        operations.append(("remove", { editor throws(EditError) in try editor.remove(taskAt: line) }))
        return operations
    }

    /// Whether `after` differs from its canonical form only in the spaces of a Markdown hard break on a line of
    /// the person's own text that an edit left before a blank line (fmt drops them, as the break no longer shows).
    /// An edit changes no line but its task's, so this one difference is accepted here: it is the person's line.
    static func onlyAHardBreakLeftBare(_ after: [UInt8], _ canonical: [UInt8]) -> Bool {
        let a = after.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let b = canonical.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { line, fixed in
            if line.elementsEqual(fixed) { return true }
            let bare = line.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }.reversed()
            return line.count - bare.count >= 2 && bare.elementsEqual(fixed.filter { $0 != UInt8(ascii: "\r") })
                && !bare.starts(with: Array("- [".utf8)) && !bare.starts(with: Array("* [".utf8)) && !bare.starts(with: Array("+ [".utf8))
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func everyEditOfACanonicalDayIsCanonical(_ seed: UInt64) {
        var applied = 0
        for (index, bytes) in Self.canonicalDays(seed: seed * 7919, count: 25).enumerated() {
            let editor = DayEditor(bytes)
            for placed in editor.tasks {
                for (what, operation) in Self.operations(placed.task.line) {
                    guard let edit = try? operation(editor) else { continue }
                    applied += 1
                    if case .changed(let canonical) = Formatter.format(edit.after), !Self.onlyAHardBreakLeftBare(edit.after, canonical) {
                        Issue.record("""
                            seed \(seed), day \(index), line \(placed.task.line), \(what): not canonical after the edit
                            \(String(decoding: edit.after, as: UTF8.self))
                            fmt would write:
                            \(String(decoding: canonical, as: UTF8.self))
                            """)
                        return
                    }
                }
                let inserted = DayEditor.captured(PlanTask(bucket: .misc, status: .todo, title: "Captured #home",
                                                           metadata: TaskMetadata(due: Day(year: 2026, month: 12, day: 1)!)),
                                                  on: Day(year: 2026, month: 11, day: 20)!)
                if let edit = try? editor.capture(inserted, on: Day(year: 2026, month: 11, day: 20)!),
                   case .changed = Formatter.format(edit.after) {
                    Issue.record("seed \(seed), day \(index): a capture is not canonical")
                }
            }
        }
        #expect(applied > 1_000)
    }

    @Test(arguments: [UInt64(5), 6])
    func rolloverOfACanonicalDayWritesCanonicalFiles(_ seed: UInt64) throws {
        let old = try #require(Day("2026-11-20")), new = try #require(Day("2026-11-21"))
        for (index, bytes) in Self.canonicalDays(seed: seed * 104_729, count: 40).enumerated() {
            guard let plan = try? Rollover(opening: new, from: (old, bytes), existing: nil) else { continue }
            for (name, after) in [("old day", plan.sourceAfter ?? bytes), ("new day", plan.targetAfter)] {
                if case .changed = Formatter.format(after) {
                    Issue.record("seed \(seed), day \(index): the \(name) is not canonical\n\(String(decoding: after, as: UTF8.self))")
                }
            }
        }
    }

    /// Whether `bytes` is canonical; records what fmt would write when not.
    static func expectCanonical(_ bytes: [UInt8], _ what: String) -> Bool {
        guard case .changed(let canonical) = Formatter.format(bytes), !onlyAHardBreakLeftBare(bytes, canonical) else { return true }
        Issue.record("""
            \(what): not canonical
            \(String(decoding: bytes, as: UTF8.self))
            fmt would write:
            \(String(decoding: canonical, as: UTF8.self))
            """)
        return false
    }

    /// A sync's edits: the phone's status, title and deadline changes on every task, and a to-do captured.
    @Test(arguments: [UInt64(7), 8])
    func syncsEditsOfACanonicalDayAreCanonical(_ seed: UInt64) throws {
        let today = try #require(Day("2026-11-20"))
        var applied = 0
        for (index, bytes) in Self.canonicalDays(seed: seed * 6_151, count: 25).enumerated() {
            let lines = DayEditor(bytes).tasks.map(\.task.line)
            let kinds: [SyncMerge.LocalChange.Kind] = [.status(.done), .status(.inProgress), .title("Renamed on the phone"),
                                                       .due(Day("2026-12-01")), .due(nil), .status(.cancelled)]
            for (number, line) in lines.enumerated() {
                let change = SyncMerge.LocalChange(uid: "uid-\(number)", day: today, line: line, kind: kinds[number % kinds.count])
                let capture = SyncMerge.Capture(uid: "new-\(number)", task: DayEditor.captured(
                    PlanTask(bucket: .misc, status: .todo, title: "From the phone \(number)"), on: today))
                let result = SyncEdits.apply([change], captures: [capture], to: bytes, doneDate: number % 2 == 0 ? today : nil)
                applied += result.made.count
                guard Self.expectCanonical(result.bytes, "seed \(seed), day \(index), line \(line), sync's \(change.kind)") else { return }
            }
        }
        #expect(applied > 100)
    }

    /// What import writes: a day exported as JSON, read back and written (`DayRecord.canonicalBytes`).
    @Test(arguments: [UInt64(9), 10])
    func importOfAnExportedDayIsCanonical(_ seed: UInt64) throws {
        let day = try #require(Day("2026-11-20"))
        var read = 0
        for (index, bytes) in Self.canonicalDays(seed: seed * 3_571, count: 40).enumerated() {
            guard let json = DayRecord.json(of: DayDocument(parsing: bytes), date: day) else { continue }
            let document = Array(#"{"version":1,"days":["#.utf8) + json + Array("]}".utf8)
            let records = try ExportDocument.days(parsing: document)
            read += 1
            guard Self.expectCanonical(records[0].canonicalBytes(), "seed \(seed), day \(index), imported") else { return }
        }
        #expect(read > 20)
    }

    /// A merge of two copies of a canonical day, each changed by a different edit on a different task.
    @Test(arguments: [UInt64(11), 12])
    func aMergeOfTwoEditedCopiesIsCanonical(_ seed: UInt64) {
        var merged = 0
        for (index, base) in Self.canonicalDays(seed: seed * 7_877, count: 25).enumerated() {
            let editor = DayEditor(base)
            let tasks = editor.tasks
            guard tasks.count >= 2 else { continue }
            let ours = try? editor.setStatus(.done, ofTaskAt: tasks[0].task.line)
            let theirs = try? editor.replaceMetadata(with: "@due:2026-12-01", onTaskAt: tasks[tasks.count - 1].task.line)
            guard let ours, let theirs else { continue }
            let result = DayMerge.merge(base: base, ours: ours.after, theirs: theirs.after, fileName: "2026-11-20.md")
            guard result.conflicts.isEmpty, result.method == .byTask else { continue }
            merged += 1
            guard Self.expectCanonical(result.bytes, "seed \(seed), day \(index), merged") else { return }
        }
        #expect(merged > 10)
    }
}
