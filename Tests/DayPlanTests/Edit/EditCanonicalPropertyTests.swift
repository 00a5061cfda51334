import Testing
@testable import DayPlan

/// Every edit dayplan makes keeps a canonical file canonical: each `DayEditor` operation on each task of
/// generated days (made canonical first), and rollover's two files, pass `fmt --check` (`Formatter` finds
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
}
