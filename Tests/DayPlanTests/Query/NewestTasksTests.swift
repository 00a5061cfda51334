import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The newest tasks found from day files read newest first (`NewestTasks`, what the language server's first
/// workspace-symbol request answers from) against the whole archive (`TaskArchive.newestLastTasks`): over generated
/// plan folders read in parts of any size, what it has found is always the start of the whole archive's answer, and
/// all of it once it says it is complete.
@Suite struct NewestTasksTests {
    /// Titles that come back across days (two spellings of one title among them, the same title as Swift compares
    /// strings), so that tasks moved on are continued, or wait for a later day.
    static let titles = ["Review budget", "Call Ana #home", "Café visit", "Cafe\u{301} visit", "review the plan #work",
                         "Renew passport", "Water plants"]

    /// A plan folder's day files, in the order a folder lists them (by day, then path): most days one file, some
    /// two; tasks of every status, one in `movedOn` of them moved on (0: none), titles from `titles`, now and then
    /// the same title twice in a file.
    static func files(_ random: inout SeededGenerator, movedOn: Int) -> [ArchivedDay] {
        var day = Day(year: 2026, month: 1, day: 1) ?? Day(daysSinceEpoch: 0)
        var files: [ArchivedDay] = []
        for _ in 0..<Int.random(in: 20...70, using: &random) {
            day = day.adding(days: Int.random(in: 1...3, using: &random))
            let paths = Int.random(in: 0..<10, using: &random) == 0 ? ["plan/\(day).md", "plan/old/\(day).md"] : ["plan/\(day).md"]
            for path in paths { files.append(file(path, day: day, movedOn: movedOn, &random)) }
        }
        return files
    }

    /// One day file of `day` at `path` with generated tasks, one in `movedOn` of them moved on (0: none).
    static func file(_ path: String, day: Day, movedOn: Int, _ random: inout SeededGenerator) -> ArchivedDay {
        var tasks: [ArchivedTask] = []
        for line in 0..<Int.random(in: 0...8, using: &random) {
            let title = titles.randomElement(using: &random)!
            let status = movedOn > 0 && Int.random(in: 0..<movedOn, using: &random) == 0 ? Status.moved
                : [Status.todo, .done, .done, .inProgress, .cancelled].randomElement(using: &random)!
            let task = ArchivedTask(day: day, file: path, line: 3 + 2 * line, column: 1,
                                    region: Region.allCases.randomElement(using: &random)!,
                                    bucket: [Bucket.must, .complementary, .misc].randomElement(using: &random)!,
                                    status: status, title: title)
            tasks.append(task)
            // Two identical lines are two tasks: both moved on, both wait for a later day.
            if status == .moved, Int.random(in: 0..<8, using: &random) == 0 {
                var twin = task
                twin.line += 1
                tasks.append(twin)
            }
        }
        return ArchivedDay(day: day, file: path, tasks: tasks)
    }

    /// Whether a title holds `word`, ASCII letters compared without case.
    static func holds(_ word: String) -> (ArraySlice<UInt8>) -> Bool {
        let word = Array(word.lowercased().utf8)
        return { title in
            let lower = title.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            return word.isEmpty || lower.indices.contains { lower[$0...].starts(with: word) }
        }
    }

    @Test(arguments: Array(1...40) as [UInt64])
    func partsReadNewestFirstGiveTheStartOfTheWholeAnswer(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // No task moved on, a few (as in most plans), or many (a plan rolled over every day).
        let movedOn = [0, 20, 2][Int(seed % 3)]
        let disk = Self.files(&random, movedOn: movedOn)
        // Documents an editor holds: some stand for files on disk, some are days not on disk yet.
        var open: [ArchivedDay] = []
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let replaced = disk.randomElement(using: &random)!
            open.append(Self.file(replaced.file, day: replaced.day, movedOn: movedOn, &random))
        }
        if Bool.random(using: &random), let last = disk.last {
            let day = Bool.random(using: &random) ? last.day.adding(days: 1) : disk[disk.count / 2].day
            open.append(Self.file("plan/new/\(day).md", day: day, movedOn: movedOn, &random))
        }
        // The whole archive as the language server makes it: the open documents stand for their files or are added.
        var whole = disk
        for day in open {
            if let at = whole.firstIndex(where: { $0.file == day.file }) { whole[at] = day } else { whole.append(day) }
        }
        let archive = TaskArchive(days: whole)
        var completed = 0
        for query in ["", "review", "visit", "café", "ana", "nothing like it"] {
            let limit = Int.random(in: 1...25, using: &random)
            let answer = archive.newestLastTasks(limit: limit, matching: Self.holds(query))
            var newest = NewestTasks(limit: limit, replacing: open, matching: Self.holds(query))
            var read = 0
            let newestFirst = Array(disk.reversed())
            while read < newestFirst.count {
                let part = newestFirst[read..<min(newestFirst.count, read + Int.random(in: 1...6, using: &random))]
                read += part.count
                // Once every file is read, the whole archive answers.
                guard read < newestFirst.count, let oldestRead = part.last?.day else { break }
                let progress = newest.take(part, allReadAfter: oldestRead)
                #expect(Array(answer.prefix(newest.found.count)) == newest.found, "seed \(seed), query \(query), \(read) files read")
                if progress == .complete {
                    #expect(newest.found == answer, "seed \(seed), query \(query)")
                    completed += 1
                }
                if progress != .needsOlderDays { break }
            }
        }
        // Unless most tasks are moved on, the folders hold enough matches that some answers come before every file
        // is read.
        if movedOn != 2 { #expect(completed > 0, "seed \(seed)") }
    }

    @Test func aTaskMovedOnAndContinuedLaterNeedsTheTasksOfItsTitle() {
        let first = Day(year: 2026, month: 11, day: 19) ?? Day(daysSinceEpoch: 0)
        func day(_ offset: Int, _ status: Status, _ title: String = "Call Ana") -> ArchivedDay {
            let day = first.adding(days: offset)
            return ArchivedDay(day: day, file: "plan/\(day).md", tasks: [
                ArchivedTask(day: day, file: "plan/\(day).md", line: 3, column: 1, region: .backlog, bucket: .misc,
                             status: status, title: title),
            ])
        }
        // Read newest first: the 21st's task stands last; the 20th's was moved on, and the 21st continues it unless
        // an older day holds another "Call Ana" still waiting, which only the older files holding the title tell.
        var newest = NewestTasks(limit: 5, matching: Self.holds("ana"))
        #expect(newest.take([day(2, .todo)], allReadAfter: first.adding(days: 1)) == .needsOlderDays)
        #expect(newest.found.map(\.day) == [first.adding(days: 2)])
        #expect(newest.take([day(1, .moved)], allReadAfter: first) == .needsTasksOfTitles(["Call Ana"]))
        // Two older "Call Ana" lines moved on and never continued: the 20th's task continues the first, the 21st's
        // the second, so the 20th's stands last as well. Learnt from the day files holding the title (any others among
        // them change nothing).
        let twice = first.adding(days: -30)
        let twins = ArchivedDay(day: twice, file: "plan/\(twice).md", tasks: [3, 4].map {
            ArchivedTask(day: twice, file: "plan/\(twice).md", line: $0, column: 1, region: .backlog, bucket: .misc,
                         status: .moved, title: "Call Ana")
        })
        newest.learnTasks(ofTitles: ["Call Ana"], from: [twins, day(-20, .todo, "Water plants"), day(1, .moved), day(2, .todo)])
        #expect(newest.take(EmptyCollection(), allReadAfter: first) == .needsOlderDays)
        #expect(newest.found.map(\.day) == [first.adding(days: 2), first.adding(days: 1)])
        // Without it, the 21st's task continues the 20th's, which is not listed.
        var continued = NewestTasks(limit: 5, matching: Self.holds("ana"))
        #expect(continued.take([day(2, .todo), day(1, .moved)], allReadAfter: first) == .needsTasksOfTitles(["Call Ana"]))
        continued.learnTasks(ofTitles: ["Call Ana"], from: [day(1, .moved), day(2, .todo), day(-20, .todo)])
        #expect(continued.take([day(0, .todo)], allReadAfter: first.adding(days: -1)) == .needsOlderDays)
        #expect(continued.found.map(\.day) == [first.adding(days: 2), first])
        // A task moved on with no task of its title later stands last: decided by the later days.
        var alone = NewestTasks(limit: 2, matching: Self.holds("ana"))
        #expect(alone.take([day(2, .todo, "Water plants"), day(1, .moved)], allReadAfter: first) == .needsOlderDays)
        #expect(alone.take([day(0, .todo)], allReadAfter: first.adding(days: -1)) == .complete)
        #expect(alone.found.map(\.day) == [first.adding(days: 1), first])
    }
}

/// The same, over day files written out and read back, whose titles are spelled in every way a title of one identity
/// can be (spaces, tabs, metadata among its words, a leading time, canonically equivalent characters), with many tasks
/// moved on: a match moved on and continued later learns its title's tasks from the files holding its
/// `TitleNeedles` alone, as the language server does, and the answer is still the whole archive's.
@Suite struct NewestTasksSpelledTests {
    /// Spellings of one identity each, as written after `- [ ] `.
    static let spellings: [[String]] = [
        ["Review the carried plan", "Review  the carried plan", "Review the @due:2026-12-01 carried plan",
         "Review\tthe carried plan @from:2026-01-02"],
        ["Kelvin 5K check", "\u{212A}elvin 5\u{212A} check", "Kelvin  5K check @est:30m"],
        ["Café visit", "Cafe\u{301} visit"],
        ["Plan; review budget #work", "Plan\u{37E} review budget #work", "Plan; review @on:2026-02-03 budget #work"],
        ["Fix `make` build", "Fix \u{1FEF}make\u{1FEF} build"],
        ["09:00 Standup review", "9:00 Standup review", "9:00  Standup\treview"],
        ["09:00 - 10:30 Sync review", "9:00-10:30 Sync review", "09:00 \u{2013} 10:30 Sync review"],
        ["Ångström review", "A\u{30A}ngstro\u{308}m review", "\u{212B}ngstro\u{308}m review"],
        ["Go", "Go @est:1h"],
        ["Water plants"],
    ]

    /// A day file's text: tasks in Morning and in the Backlog, a note now and then.
    static func text(_ day: Day, _ random: inout SeededGenerator, movedOn: Int) -> String {
        var morning: [String] = [], backlog: [String] = []
        for _ in 0..<random.next(7) {
            let identity = random.pick(spellings)
            let status = random.next(movedOn) == 0 ? ">" : random.pick([" ", "x", "/", "-"])
            var lines = ["- [\(status)] \(random.pick(identity))"]
            // Two lines of one title moved on: both wait for a later day.
            if status == ">", random.next(6) == 0 { lines.append("- [>] \(random.pick(identity))") }
            if random.next(5) == 0 { lines.append("  a note on review and plants") }
            if random.next(2) == 0 { morning += lines } else { backlog += lines }
        }
        return (["# \(day)", "", "## Morning"] + morning + ["", "## Backlog"] + backlog + [""]).joined(separator: "\n")
    }

    @Test(arguments: Array(1...30) as [UInt64])
    func titlesLearntFromTheFilesHoldingTheirNeedlesGiveTheWholeAnswer(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let movedOn = [2, 3, 6][Int(seed % 3)]
        var day = try #require(Day(year: 2026, month: 1, day: 1))
        var disk: [(bytes: [UInt8], day: ArchivedDay)] = []
        for _ in 0..<(20 + random.next(50)) {
            day = day.adding(days: 1 + random.next(3))
            for path in random.next(10) == 0 ? ["plan/\(day).md", "plan/old/\(day).md"] : ["plan/\(day).md"] {
                let bytes = Array(Self.text(day, &random, movedOn: movedOn).utf8)
                disk.append((bytes, ArchivedDay(ArchivedDay.Reading(bytes), day: day, file: path, figures: false)))
            }
        }
        // Every file holding a task of a title holds its needles, however each is spelled.
        let titles = disk.flatMap { file in (0..<file.day.count).map { file.day[$0].title } }
        for file in disk {
            for index in 0..<file.day.count {
                for title in titles where title == file.day[index].title {
                    guard let needles = TitleNeedles(title: title.utf8) else { continue }
                    #expect(file.bytes.withUnsafeBufferPointer { needles.mayBeHeld(in: $0) },
                            "seed \(seed): \(file.day.file) holds \(file.day[index].title) but not the needles of \(title)")
                }
            }
        }
        // Documents an editor holds: one for a file on disk, one a day not on disk yet.
        var open: [ArchivedDay] = []
        for (path, openDay) in [(disk[random.next(disk.count)].day.file, disk[random.next(disk.count)].day.day),
                                ("plan/new/\(day.adding(days: 1)).md", day.adding(days: 1))] where random.next(3) > 0 {
            let onDisk = disk.first { $0.day.file == path }?.day.day ?? openDay
            open.append(ArchivedDay(DayDocument(parsing: Array(Self.text(onDisk, &random, movedOn: movedOn).utf8)),
                                    day: onDisk, file: path, figures: false))
        }
        var whole = disk.map(\.day)
        for file in open {
            if let at = whole.firstIndex(where: { $0.file == file.file }) { whole[at] = file } else { whole.append(file) }
        }
        let archive = TaskArchive(days: whole)
        var looks = 0
        for query in ["review", "", "check", "visit", "sync", "go", "make"] {
            let limit = 1 + random.next(30)
            let answer = archive.newestLastTasks(limit: limit, matching: NewestTasksTests.holds(query))
            var newest = NewestTasks(limit: limit, replacing: open, matching: NewestTasksTests.holds(query))
            var read = 0
            let newestFirst = Array(disk.reversed())
            parts: while read < newestFirst.count {
                let part = newestFirst[read..<min(newestFirst.count, read + 1 + random.next(6))]
                read += part.count
                guard read < newestFirst.count, let oldestRead = part.last?.day.day else { break }
                var progress = newest.take(part.map(\.day), allReadAfter: oldestRead)
                var learnt: [String] = []
                while case .needsTasksOfTitles(let titles) = progress {
                    #expect(!titles.isEmpty && titles.allSatisfy { !learnt.contains($0) }, "seed \(seed), query \(query): \(titles)")
                    guard titles.allSatisfy({ !learnt.contains($0) }) else { break parts }
                    learnt += titles
                    looks += 1
                    // The files read so far, and of the others those holding a title's needles; every file for a title
                    // too short to have them (any other file may be among those given).
                    let needles = titles.map { TitleNeedles(title: $0.utf8) }
                    let unread = newestFirst[read...].filter { file in
                        file.bytes.withUnsafeBufferPointer { bytes in needles.contains { $0?.mayBeHeld(in: bytes) ?? true } }
                    }
                    newest.learnTasks(ofTitles: titles, from: (newestFirst[..<read] + unread).map(\.day))
                    progress = newest.take(EmptyCollection(), allReadAfter: oldestRead)
                }
                #expect(Array(answer.prefix(newest.found.count)) == newest.found, "seed \(seed), query \(query), \(read) files read")
                if progress == .complete {
                    #expect(newest.found == answer, "seed \(seed), query \(query)")
                    break
                }
            }
        }
        // With this many tasks moved on, some answers need the tasks of a title.
        #expect(looks > 0, "seed \(seed)")
    }
}
