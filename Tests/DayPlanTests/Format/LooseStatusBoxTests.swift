import Testing
@testable import DayPlan

/// A status box typed with stray blanks (`[]`, `[ x]`, `[x ]`) means one status: the parser reads it as that
/// status with a DP038 warning, `fmt` and the quick fix write it with one mark, dayplan's own edits of the task
/// leave it canonical, and a box that means no one status stays DP031.
@Suite struct LooseStatusBoxTests {
    static func day(_ line: String) -> String {
        "# 2026-11-21\n\n## Morning\n\(line)\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
    }

    @Test(arguments: [
        ("+ [] Print the handouts", Bucket.complementary, Status.todo, "[]", "+ [ ] Print the handouts"),
        ("- [ x] Water the plants", .misc, .done, "[ x]", "- [x] Water the plants"),
        ("- [x ] Buy stamps @est:1h", .misc, .done, "[x ]", "- [x] Buy stamps @est:1h"),
        ("* [ / ] Think it over", .must, .inProgress, "[ / ]", "* [/] Think it over"),
        ("- [  ] Two blanks", .misc, .todo, "[  ]", "- [ ] Two blanks"),
        ("- [ X ] Shouted", .misc, .done, "[ X ]", "- [x] Shouted"),
        ("- [- ] Dropped", .misc, .cancelled, "[- ]", "- [-] Dropped"),
        ("- []", .misc, .todo, "[]", "- [ ]"),
    ])
    func aBoxWithStrayBlanksIsReadAsItsOneStatus(_ line: String, _ bucket: Bucket, _ status: Status, _ box: String, _ canonical: String) throws {
        let text = Self.day(line)
        let document = DayDocument(parsing: text)
        let task = try #require(document.tasks(in: .morning).first, "\(line) was not read as a task")
        #expect(task.bucket == bucket && task.status == status)
        let findings = Linter.lint(Array(text.utf8), fileName: "2026-11-21.md")
        let loose = try #require(findings.first { $0.rule == .taskLikeLine }, "\(findings)")
        #expect(!findings.contains { $0.rule == .malformedTask })
        #expect(loose.message.contains("`\(box)`") && loose.message.contains("`[\(status.mark)]`"), "\(loose.message)")
        #expect(loose.start.line == 4 && loose.start.column == 3)

        // fmt writes it canonically, and the quick fix makes the same line.
        guard case .changed(let formatted) = Formatter.format(Array(text.utf8)) else {
            Issue.record("fmt left `\(line)` as it is")
            return
        }
        #expect(String(decoding: formatted, as: UTF8.self).contains("\n\(canonical)\n"), "\(String(decoding: formatted, as: UTF8.self))")
        let bytes = Array(text.utf8)
        let fixes = Rule.taskLikeLine.quickFixes(in: bytes, at: loose.start.offset..<loose.end.offset)
        let fix = try #require(fixes.first)
        #expect(fix.isPreferred && fix.title == "Write it `[\(status.mark)]`")
        let fixed = TextEdit.apply(fix.edits, to: bytes)
        if line != "- []" {
            // (An empty title is DP032, which fmt keeps, but the box is fixed all the same.)
            #expect(fixed == formatted, "\(String(decoding: fixed, as: UTF8.self))")
        }
        #expect(!Linter.lint(fixed, fileName: "2026-11-21.md").contains { $0.rule == .taskLikeLine })
    }

    @Test(arguments: ["- [xx] Two marks", "- [ x Never closed", "- [ab] Letters", "- [ x ]x No space after", "- [x  x] Two marks apart"])
    func aBoxThatMeansNoOneStatusIsStillMalformed(_ line: String) {
        let text = Self.day(line)
        #expect(DayDocument(parsing: text).tasks(in: .morning).isEmpty)
        #expect(Linter.lint(Array(text.utf8), fileName: "2026-11-21.md").map(\.rule).contains(.malformedTask), "\(line)")
    }

    @Test func theQuickFixOfALooseTaskLineWritesItsBullet() throws {
        let text = Self.day("1. [x] Numbered\n-[ ] No space")
        let bytes = Array(text.utf8)
        let findings = Linter.lint(bytes, fileName: "2026-11-21.md").filter { $0.rule == .taskLikeLine }
        #expect(findings.count == 2)
        let edits = findings.flatMap { Rule.taskLikeLine.quickFixes(in: bytes, at: $0.start.offset..<$0.end.offset).first?.edits ?? [] }
        let fixed = String(decoding: TextEdit.apply(edits, to: bytes), as: UTF8.self)
        #expect(fixed.contains("\n- [x] Numbered\n- [ ] No space\n"), "\(fixed)")
    }

    /// dayplan's own edits of such a task leave it canonical: the box is written whole with its new mark.
    @Test func markingAndRetitlingWriteTheBoxCanonically() throws {
        let text = Self.day("+ [] Print the handouts @est:30m")
        let editor = DayEditor(Array(text.utf8))
        let done = try editor.setStatus(.done, ofTaskAt: 4, doneDate: try #require(Day("2026-11-21")))
        let after = String(decoding: done.after, as: UTF8.self)
        #expect(after.contains("\n+ [x] Print the handouts @done:2026-11-21 @est:30m\n"), "\(after)")
        guard case .unchanged = Formatter.format(done.after) else {
            Issue.record("mark's edit is not canonical")
            return
        }
        let retitled = try DayEditor(Array(text.utf8)).setTitle("Print the slides", ofTaskAt: 4)
        #expect(String(decoding: retitled.after, as: UTF8.self).contains("\n+ [] Print the slides @est:30m\n"))
        // Undo gives the bytes back.
        #expect(TextEdit.apply(done.inverse, to: done.after) == Array(text.utf8))
    }
}
