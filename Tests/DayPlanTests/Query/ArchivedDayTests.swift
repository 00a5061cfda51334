import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct ArchivedDayTests {
    /// Titles Swift holds equal (canonically equivalent) though their bytes differ.
    static let equalTitles: [(String, String)] = [
        ("Café visit", "Cafe\u{301} visit"),
        ("\u{212A}elvin scale", "Kelvin scale"),
        ("Wait\u{37E} then go", "Wait; then go"),
        ("Ünïcödé \u{212A} #home", "U\u{308}nïcödé K #home"),
        ("Tidy a\u{301}\u{316} desk", "Tidy a\u{316}\u{301} desk"),
        ("Quote \u{1FEF}x\u{1FEF} straße 🚀", "Quote `x` straße 🚀"),
        ("Café naïve plan", "Cafe\u{301} nai\u{308}ve plan"),
        ("Ångström 日本語 \u{2126}", "A\u{30A}ngstro\u{308}m 日本語 Ω"),
        ("\u{212B}\u{212A} sign", "Å\u{212A} sign"),
    ]

    /// Titles made of words with several spellings (composed, decomposed, the three characters that are
    /// ASCII ones): every two Swift holds equal hash alike.
    @Test func everyTwoEqualTitlesHashAlike() {
        let words = ["é", "e\u{301}", "K", "\u{212A}", "plan", "naïve", "nai\u{308}ve", ";", "\u{37E}", "Å", "\u{212B}",
                     "A\u{30A}", "日本", "ω"]
        var generator = SeededGenerator(seed: 19)
        var titles: [String] = []
        for _ in 0..<400 {
            let count = Int.random(in: 1...3, using: &generator)
            titles.append((0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " "))
        }
        var pairs = 0
        for a in titles {
            for b in titles where a == b {
                pairs += 1
                #expect(PlanTask.identityHash(a) == PlanTask.identityHash(b), "\(a.unicodeScalars.map(\.value)) \(b.unicodeScalars.map(\.value))")
            }
        }
        #expect(pairs > titles.count)
    }

    @Test(arguments: equalTitles)
    func equalTitlesHashEqually(_ a: String, _ b: String) {
        #expect(a == b)
        #expect(!a.utf8.elementsEqual(b.utf8))
        #expect(PlanTask.identityHash(a) == PlanTask.identityHash(b))
    }

    @Test func differentTitlesHashDifferently() {
        let titles = ["Call the bank", "Call the bank #admin", "call the bank", "Café visit", "Cafe visit",
                      "Ünïcödé roadmap", "Ünïcödé roadmaps", "Kelvin", "Ķelvin"]
        #expect(Set(titles.map(PlanTask.identityHash)).count == titles.count)
    }

    @Test(arguments: equalTitles)
    func aTaskMovedOnContinuesUnderAnEqualTitle(_ a: String, _ b: String) {
        let archive = TaskArchive(tasks: [
            ArchivedTask(day: Day("2026-11-18")!, file: "2026-11-18.md", line: 4, column: 1, region: .morning,
                         bucket: .misc, status: .moved, title: a),
            ArchivedTask(day: Day("2026-11-19")!, file: "2026-11-19.md", line: 9, column: 1, region: .backlog,
                         bucket: .misc, status: .done, title: b),
        ])
        let last = TaskArchive.Step(day: 1, index: 0)
        #expect(archive.path(through: last) == [TaskArchive.Step(day: 0, index: 0), last])
        #expect(archive.moves(through: last) == 1)
        #expect(archive.firstPlanned(through: last) == Day("2026-11-18"))
    }

    @Test func aDayFileKeepsItsTasksFiguresAndDoneTags() {
        let text = """
            # 2026-11-20

            ## Morning
            * [x] Ship the release #work
            + [ ] Review Café notes #work #home/desk
            Not a task
            - [x] Water plants

            ## Backlog
            - [x] Call the bank #work @from:2026-11-12

            ## Notes
            - [x] Outside any region
            """
        let document = DayDocument(parsing: Array(text.utf8))
        let day = ArchivedDay(document, day: Day("2026-11-20")!, file: "plan/2026-11-20.md")
        #expect(day.count == 4)
        #expect(day.statistics == DayStatistics(document))
        #expect((0..<day.count).map { day[$0] }
            == ArchivedTask.tasks(of: document, day: Day("2026-11-20")!, file: "plan/2026-11-20.md"))
        // The task without a tag is in the implied inbox, which is no tag written: counted apart.
        #expect(day.figures.doneTags.map(\.tag) == ["work"])
        #expect(day.figures.doneTags.map(\.count) == [2])
        #expect(day.figures.untaggedDone == 1)
        #expect(String(decoding: day.titleUTF8(at: 1), as: UTF8.self) == "Review Café notes #work #home/desk")
        #expect(day.line(at: 3) == 10)
        // Made without its figures (as `query` makes it), it counts them when asked, the same.
        let listed = ArchivedDay(document, day: Day("2026-11-20")!, file: "plan/2026-11-20.md", figures: false)
        #expect(listed.statistics == day.statistics)
        #expect(listed.figures.doneTags.map(\.tag) == ["work"])
        #expect(listed.figures.untaggedDone == 1)
        #expect(listed.figures.leadTimes == [0, 0, 8])
    }

    @Test func aTaskRecordStaysSmall() {
        // An archive holds tens of thousands of tasks; each page of memory touched costs time.
        #expect(MemoryLayout<ArchivedDay.Record>.stride == 32)
    }

    @Test func dueAndOnDaysAreKeptForTheTasksThatHaveThem() {
        let text = "# 2026-11-20\n\n## Morning\n- [ ] Pay rent @due:2026-11-25\n- [ ] Read\n- [ ] Dentist @on:2026-11-22\n"
        let document = DayDocument(parsing: Array(text.utf8))
        let day = ArchivedDay(document, day: Day("2026-11-20")!, file: "2026-11-20.md")
        #expect((0..<3).map { day.due(at: $0) } == [Day("2026-11-25"), nil, nil])
        #expect((0..<3).map { day.on(at: $0) } == [nil, nil, Day("2026-11-22")])
        #expect(day[2].on == Day("2026-11-22"))
    }
}
