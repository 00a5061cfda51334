import Testing
@testable import DayPlan

/// Other tools' spellings of metadata (FORMAT.md §3.7): read as the key's value, kept byte for byte, and written
/// back in the task's own spelling.
@Suite struct ForeignSpellingTests {
    static func task(_ line: String) throws -> PlanTask {
        try #require(PlanTask.parsing(line: line)).task
    }

    static func findings(_ line: String) -> [Diagnostic] {
        DayDocument(parsing: Array("# 2026-12-02\n\n## Backlog\n\(line)\n".utf8)).diagnostics
    }

    @Test(arguments: [
        ("- [ ] Drink Water #🌊 ⏫ 📅 2023-04-28", MetadataKey.ID.due, "2023-04-28"),
        ("- [ ] Plan 📆2023-08-14", .due, "2023-08-14"),
        ("- [ ] Plan 🗓️ 2023-08-14", .due, "2023-08-14"),
        ("- [ ] Plan ⏳ 2026-12-03", .on, "2026-12-03"),
        ("- [ ] Plan ⌛2026-12-03", .on, "2026-12-03"),
        ("- [ ] Plan 🛫 2023-08-14", .start, "2023-08-14"),
        ("- [ ] Plan ➕ 2026-11-01", .from, "2026-11-01"),
        ("- [x] Plan ✅ 2026-11-30", .done, "2026-11-30"),
        ("- [-] Plan ❌ 2026-11-30", .done, "2026-11-30"),
        ("- [ ] Plan 🔺", .priority, "highest"),
        ("- [ ] Plan ⏫ #work", .priority, "high"),
        ("- [ ] Plan 🔼", .priority, "medium"),
        ("- [ ] Plan 🔽", .priority, "low"),
        ("- [ ] Plan ⏬️", .priority, "lowest"),
        ("- [ ] Plan 🔁 every weekday", .every, "weekday"),
        ("- [ ] Plan 🔁 every week on Monday, Friday 📅 2026-12-04", .every, "mon,fri"),
        ("- [ ] Plan 🔁 every month on the 2nd Tuesday", .every, "month:2nd-tue"),
        ("- [ ] Plan 🔁 every month on the last", .every, "month:last"),
        ("- [ ] Plan 🔁 every 3 days when done", .every, "done+3d"),
        ("- [ ] Plan [due:: 2026-12-01]", .due, "2026-12-01"),
        ("- [ ] Plan (due:: 2026-12-01)", .due, "2026-12-01"),
        ("- [ ] Plan [scheduled::2026-12-01]", .on, "2026-12-01"),
        ("- [ ] Plan [start:: 2026-12-01]", .start, "2026-12-01"),
        ("- [ ] Plan [created:: 2026-12-01T09:30]", .from, "2026-12-01"),
        ("- [x] Plan [completion:: 2026-12-01]", .done, "2026-12-01"),
        ("- [ ] Plan [priority:: High]", .priority, "high"),
        ("- [ ] Plan [repeat:: every day]", .every, "day"),
        ("- [ ] Plan @priority:low", .priority, "low"),
        ("- [ ] Plan @start:2026-12-09", .start, "2026-12-09"),
    ])
    func eachSpellingIsReadAsTheKeysValue(line: String, key: MetadataKey.ID, value: String) throws {
        let task = try Self.task(line)
        #expect(MetadataKey[key].value(in: task.metadata)?.description == value, "\(line)")
        #expect(Self.findings(line).isEmpty, "\(line): \(Self.findings(line).map(\.message))")
        // Every byte stays: the words are the title's, and the line is canonical as written.
        let file = "# 2026-12-02\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n\(line)\n"
        #expect(String(decoding: DayDocument(parsing: Array(file.utf8)).canonicalBytes(), as: UTF8.self) == file)
    }

    @Test(arguments: [
        "- [ ] Meet Friday's team", "- [ ] Read 1984", "- [ ] Sum [a, b] :: c", "- [ ] Link [[due:: x]] later",
        "- [ ] Ship it — soon ✨", "- [ ] A note (see: here)", "- [ ] Café ⏫rest",
    ])
    func titlesWithoutASpellingHaveNoMetadata(line: String) throws {
        let task = try Self.task(line)
        #expect(task.metadata.isEmpty, "\(line): \(task.metadata.canonicalText)")
        #expect(Self.findings(line).isEmpty, "\(line)")
    }

    @Test func logseqPlanningLinesUnderATaskAreItsScheduledDayAndDeadline() {
        let text = "# 2026-12-02\n\n## Backlog\n\n- [ ] Write report\n  SCHEDULED: <2026-12-04 Fri>\n  DEADLINE: <2026-12-07 Mon .+1w>\n"
        let document = DayDocument(parsing: Array(text.utf8))
        let task = document.tasks(in: .backlog)[0]
        #expect(task.metadata.on == Day("2026-12-04"))
        #expect(task.metadata.due == Day("2026-12-07"))
        #expect(task.notes == ["SCHEDULED: <2026-12-04 Fri>", "DEADLINE: <2026-12-07 Mon .+1w>"])
        #expect(document.diagnostics.isEmpty)
    }

    @Test func aSpellingWithoutAValueIsKeptAsWordsAndNamed() throws {
        for (line, words) in [("- [ ] Plan 📅 tomorrow", "📅 tomorrow"), ("- [ ] Plan 🔁 every week", "🔁 every week"),
                              ("- [ ] Plan [due:: soon]", "[due:: soon]"), ("- [ ] Plan [priority:: urgent]", "[priority:: urgent]")] {
            let task = try Self.task(line)
            #expect(task.metadata.isEmpty, "\(line)")
            #expect(task.title.hasSuffix(words))
            let found = Self.findings(line)
            #expect(found.map(\.rule.id) == ["DP042"], "\(line)")
            #expect(found.first?.message.contains("`\(words)`") == true, "\(found.map(\.message))")
        }
    }

    @Test func twoSpellingsThatDisagreeAreAnErrorWithAFixForEach() throws {
        let text = "# 2026-12-02\n\n## Backlog\n\n- [ ] Pay rent 📅 2026-12-01 @due:2026-12-03\n"
        let bytes = Array(text.utf8)
        let findings = DayDocument(parsing: bytes).diagnostics
        #expect(findings.map(\.rule.id) == ["DP034"])
        #expect(Rule.conflictingMetadata.severity == .error)
        let finding = try #require(findings.first)
        let fixes = Rule.conflictingMetadata.fix?(QuickFix.Request(bytes: bytes, range: finding.start.offset..<finding.end.offset)) ?? []
        #expect(fixes.map(\.title) == ["Keep 📅 2026-12-01", "Keep @due:2026-12-03"])
        let kept = fixes.map { String(decoding: TextEdit.apply($0.edits, to: bytes), as: UTF8.self) }
        #expect(kept.contains("# 2026-12-02\n\n## Backlog\n\n- [ ] Pay rent 📅 2026-12-01\n"))
        #expect(kept.contains("# 2026-12-02\n\n## Backlog\n\n- [ ] Pay rent @due:2026-12-03\n"))
        // Spellings that agree are one fact said twice: no finding.
        #expect(Self.findings("- [ ] Pay rent 📅 2026-12-03 @due:2026-12-03").isEmpty)
    }

    @Test func anEditWritesTheDateInTheTasksOwnSpelling() throws {
        let text = "# 2026-12-02\n\n## Backlog\n\n- [ ] Pay rent ⏫ 📅 2026-12-01\n- [ ] Call [due:: 2026-12-01]\n- [ ] Plain\n"
        var editor = DayEditor(Array(text.utf8))
        let moved = try editor.replaceMetadata(with: "@due:2026-12-09", onTaskAt: 5)
        #expect(String(decoding: moved.after, as: UTF8.self).contains("- [ ] Pay rent ⏫ 📅 2026-12-09\n"))
        let field = try editor.replaceMetadata(with: "@on:2026-12-05", onTaskAt: 6)
        #expect(String(decoding: field.after, as: UTF8.self).contains("- [ ] Call [due:: 2026-12-01] [scheduled:: 2026-12-05]\n"))
        let done = try editor.setStatus(.done, ofTaskAt: 5, doneDate: Day("2026-12-02"))
        #expect(String(decoding: done.after, as: UTF8.self).contains("- [x] Pay rent ⏫ 📅 2026-12-01 ✅ 2026-12-02\n"))
        let undone = try DayEditor(done.after).setStatus(.todo, ofTaskAt: 5, doneDate: Day("2026-12-02"))
        #expect(undone.after == Array(text.utf8))
        // A task that spells nothing another way: the plan folder's style.
        #expect(String(decoding: try editor.replaceMetadata(with: "@due:2026-12-09", onTaskAt: 7).after, as: UTF8.self)
            .contains("- [ ] Plain @due:2026-12-09\n"))
        editor.style = .obsidianTasks
        #expect(String(decoding: try editor.replaceMetadata(with: "@due:2026-12-09", onTaskAt: 7).after, as: UTF8.self)
            .contains("- [ ] Plain 📅 2026-12-09\n"))
        let removed = try DayEditor(moved.after).removeMetadata("due", fromTaskAt: 5)
        #expect(String(decoding: removed.after, as: UTF8.self).contains("- [ ] Pay rent ⏫\n"))
    }

    @Test func rolloverKeepsTheSpellingAndPlacesAScheduledTask() throws {
        let old = """
            # 2026-12-01

            ## Morning

            - [ ] Draft ⏫ 📅 2026-12-10 ➕ 2026-11-20
            - [ ] Review [due:: 2026-12-04]

            ## Afternoon

            ## Evening

            ## Backlog

            - [ ] Dentist ⏳ 2026-12-02
            - [ ] Taxes 🛫 2026-12-20

            """
        let plan = try Rollover(opening: Day("2026-12-02")!, from: (Day("2026-12-01")!, Array(old.utf8)), existing: nil)
        let new = String(decoding: plan.targetAfter, as: UTF8.self)
        #expect(new.contains("- [ ] Draft ⏫ 📅 2026-12-10 ➕ 2026-11-20\n"), "\(new)")
        // Deferred from a limited region: the day it left, in the task's own spelling.
        #expect(new.contains("- [ ] Review [due:: 2026-12-04] [created:: 2026-12-01]\n"), "\(new)")
        // Placed as scheduled: the scheduled day is taken out, as `@on:` is.
        #expect(new.contains("- [ ] Dentist\n"), "\(new)")
        #expect(new.contains("- [ ] Taxes 🛫 2026-12-20\n"), "\(new)")
        let document = DayDocument(parsing: plan.targetAfter)
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics.map(\.message))")
    }

    @Test func aTaskThatStartsLaterIsNotOfferedAsLongCarried() throws {
        let today = Day("2026-12-02")!
        let text = "# 2026-12-02\n\n## Backlog\n\n- [ ] Old 🛫 2026-12-20 @from:2026-10-01\n- [ ] Older @from:2026-10-01\n"
        let carried = LongCarried.tasks(in: DayDocument(parsing: Array(text.utf8)), on: today, days: 7)
        #expect(carried.map(\.task.line) == [6])
    }

    @Test(arguments: [
        ("every day", "day"), ("every weekday", "weekday"), ("Every Monday", "mon"), ("every week on Tuesday and Thursday", "tue,thu"),
        ("every month on the 1st", "month:1"), ("every month on the 23rd", "month:23"), ("every day when done", "done+1d"),
        ("every 2 days when done", "done+2d"),
    ])
    func obsidianRulesThatMeanARoutineMapToIt(text: String, routine: String) {
        #expect(ForeignSpelling.routine(text) == routine)
        #expect(Recurrence(routine) != nil)
    }

    @Test(arguments: ["every week", "every 2 weeks", "every month", "every year", "every 3 days", "daily", "every week on Funday"])
    func obsidianRulesWithoutARoutineAreNone(text: String) {
        #expect(ForeignSpelling.routine(text) == nil)
    }

    /// Reading a task with any spelling of a date and writing a new date back keeps that spelling and every other
    /// byte of the file: generated lines of words, tags and one spelled key, each style, from seeded randomness.
    @Test(arguments: Array(UInt64(1)...200))
    func writingADateBackKeepsTheSpellingAndEveryOtherByte(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let key = random.pick([MetadataKey.ID.due, .on, .start, .from])
        let style = random.pick([MetadataStyle.obsidianTasks, .dataview])
        let old = Day("2026-11-01")!.adding(days: random.next(60)), new = Day("2026-12-01")!.adding(days: random.next(60))
        let spelled = try #require(ForeignSpelling.written(key, key == .on ? .scheduled(old, nil) : .day(old), in: style))
        var words = (0..<(1 + random.next(4))).map { _ in random.pick(["Call", "the", "bank", "#home", "Zoë", "über", "写", "—", "(see)", "a,b"]) }
        words.insert(spelled, at: random.next(words.count + 1))
        if random.next(2) == 0 { words.append(random.pick(["#work", "@carry", "@est:30m", "🔼"])) }
        let bullet = random.pick(["-", "+", "*"])
        let line = "\(bullet) [ ] " + words.joined(separator: random.pick([" ", "  ", "\t"]))
        let text = "# 2026-12-02\n\n## Backlog\n" + line + "\n- [ ] Other @due:2026-12-24\n"
        let bytes = Array(text.utf8)
        let document = DayDocument(parsing: bytes)
        let task = try #require(document.tasks(in: .backlog).first)
        #expect(MetadataKey[key].value(in: task.metadata)?.day == old, "\(line)")
        #expect(task.metadata.spelled.contains(key) && task.metadata.spelled.style == style, "\(line)")
        let value = key == .on ? "@on:\(new)" : "@\(MetadataKey[key].name):\(new)"
        let edit = try DayEditor(bytes).replaceMetadata(with: value, onTaskAt: 4)
        let respelled = try #require(ForeignSpelling.written(key, key == .on ? .scheduled(new, nil) : .day(new), in: style))
        // Exactly the spelling's date changed: the file is the old one with that one spelling rewritten.
        let expected = text.replacingOccurrences(of: spelled, with: respelled)
        #expect(String(decoding: edit.after, as: UTF8.self) == expected, "\(line)")
        let after = try #require(DayDocument(parsing: edit.after).tasks(in: .backlog).first)
        #expect(MetadataKey[key].value(in: after.metadata)?.day == new && after.metadata.spelled.style == style)
        #expect(DayDocument(parsing: edit.after).diagnostics.isEmpty)
        // And back again: the first file, byte for byte.
        #expect(TextEdit.apply(edit.inverse, to: edit.after) == bytes)
    }

    /// The parser's quick look (eight bytes at a time, from one byte of interest to the next) says what the plain
    /// definition says, for every start and end of generated lines: a byte 0xE2 or 0xF0, or two colons.
    @Test(arguments: 0..<300)
    func theQuickLookAgreesWithThePlainOne(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let pieces: [[UInt8]] = [Array("Pay the rent ".utf8), Array("09:30".utf8), Array(":".utf8), Array("::".utf8), Array("é".utf8),
                                 Array("📅".utf8), Array("⏫".utf8), Array("ü".utf8), [0x80], [0xE2], [0xF0], Array(" a".utf8),
                                 Array("[due:: 2026-11-20]".utf8), Array("12345678".utf8)]
        var bytes: [UInt8] = []
        for _ in 0..<random.next(12) { bytes += random.pick(pieces) }
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0...buffer.count {
                for end in start...buffer.count {
                    let plain = (start..<end).contains { i in
                        buffer[i] == 0xE2 || buffer[i] == 0xF0 || buffer[i] == 0x3A && i + 1 < end && buffer[i + 1] == 0x3A
                    }
                    #expect(ForeignSpelling.mayHold(buffer, start, end) == plain, "seed \(seed): \(bytes) \(start)..<\(end)")
                }
            }
        }
    }
}
