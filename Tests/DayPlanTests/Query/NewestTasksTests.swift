import Testing
@testable import DayPlan

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
            let status = movedOn > 0 && Int.random(in: 0..<movedOn, using: &random) == 0 ? Status.deferred
                : [Status.todo, .done, .done, .inProgress, .cancelled].randomElement(using: &random)!
            let task = ArchivedTask(day: day, file: path, line: 3 + 2 * line, column: 1,
                                    region: Region.allCases.randomElement(using: &random)!,
                                    bucket: [Bucket.must, .complementary, .misc].randomElement(using: &random)!,
                                    status: status, title: title)
            tasks.append(task)
            // Two identical lines are two tasks: both moved on, both wait for a later day.
            if status == .deferred, Int.random(in: 0..<8, using: &random) == 0 {
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

    @Test func aTaskMovedOnAndContinuedLaterNeedsTheWholeArchive() {
        let first = Day(year: 2026, month: 11, day: 19) ?? Day(daysSinceEpoch: 0)
        func day(_ offset: Int, _ status: Status, _ title: String = "Call Ana") -> ArchivedDay {
            let day = first.adding(days: offset)
            return ArchivedDay(day: day, file: "plan/\(day).md", tasks: [
                ArchivedTask(day: day, file: "plan/\(day).md", line: 3, column: 1, region: .backlog, bucket: .misc,
                             status: status, title: title),
            ])
        }
        // Read newest first: the 21st's task stands last; the 20th's was moved on, and the 21st continues it unless
        // an older day holds another "Call Ana" still waiting, which only the older files tell.
        var newest = NewestTasks(limit: 5, matching: Self.holds("ana"))
        #expect(newest.take([day(2, .todo)], allReadAfter: first.adding(days: 1)) == .needsOlderDays)
        #expect(newest.found.map(\.day) == [first.adding(days: 2)])
        #expect(newest.take([day(1, .deferred)], allReadAfter: first) == .needsWholeArchive)
        // A task moved on with no task of its title later stands last: decided by the later days.
        var alone = NewestTasks(limit: 2, matching: Self.holds("ana"))
        #expect(alone.take([day(2, .todo, "Water plants"), day(1, .deferred)], allReadAfter: first) == .needsOlderDays)
        #expect(alone.take([day(0, .todo)], allReadAfter: first.adding(days: -1)) == .complete)
        #expect(alone.found.map(\.day) == [first.adding(days: 1), first])
    }
}
