import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Random tasks with random metadata, each key of the table changed on one side only: merged
/// through `dayplan merge`'s library path, the task holds every side's change, whichever side is ours.
@Suite struct MetadataMergePropertyTests {
    /// Values of each kind for the generator to pick from (nil: not set).
    static func values(_ key: MetadataKey) -> [MetadataValue?] {
        switch key.kind {
        case .flag: [nil, .set]
        case .date: [nil, .day(Day("2026-11-19")!), .day(Day("2026-12-01")!), .day(Day("2026-12-24")!)]
        case .scheduledDate: [nil, .scheduled(Day("2026-11-30")!, nil), .scheduled(Day("2026-11-30")!, .afternoon),
                              .scheduled(Day("2026-12-02")!, .backlog)]
        case .recurrence: [nil, .recurrence(Recurrence("weekday")!), .recurrence(Recurrence("month:last")!)]
        case .duration: [nil, .minutes(30), .minutes(90), .minutes(240)]
        case .clock: [nil, .clock(9 * 60), .clock(14 * 60 + 5), .clock(23 * 60 + 59)]
        case .choice(let words): [nil] + words.map { .word($0) }
        }
    }

    @Test(arguments: 0..<4)
    func aKeyChangedOnOneSideOnlyIsMergedWhicheverSideIsOurs(_ batch: Int) throws {
        var random = SeededGenerator(seed: UInt64(batch) &* 0x9E37_79B9_7F4A_7C15 &+ 39)
        var checked = Set<MetadataKey.ID>()
        for round in 0..<25 {
            // A Backlog of tasks, each with random metadata; each side changes some keys of some tasks, never
            // a key of a task the other side changes too, and sometimes a status.
            let count = Int.random(in: 1...6, using: &random)
            var base: [PlanTask] = []
            for number in 0..<count {
                var task = PlanTask(bucket: Bucket.allCases.randomElement(using: &random)!, title: "Task \(round) \(number)")
                for key in MetadataKey.all { key.set(Self.values(key).randomElement(using: &random)!, in: &task.metadata) }
                base.append(task)
            }
            var ours = base, theirs = base
            for index in base.indices {
                for key in MetadataKey.all where Int.random(in: 0..<3, using: &random) == 0 {
                    let other = Self.values(key).filter { $0 != key.value(in: base[index].metadata) }
                    if Bool.random(using: &random) {
                        key.set(other.randomElement(using: &random)!, in: &ours[index].metadata)
                    } else {
                        key.set(other.randomElement(using: &random)!, in: &theirs[index].metadata)
                    }
                    checked.insert(key.id)
                }
                if Int.random(in: 0..<4, using: &random) == 0 { ours[index].status = .done }
                if Int.random(in: 0..<4, using: &random) == 0 { theirs[index].status = .inProgress }
            }
            func file(_ tasks: [PlanTask]) -> [UInt8] {
                Array(DayMergeTests.day(backlog: tasks.flatMap(\.writtenLines)).utf8)
            }
            for (first, second) in [(ours, theirs), (theirs, ours)] {
                let result = DayMerge.merge(base: file(base), ours: file(first), theirs: file(second), fileName: "2026-11-21.md")
                #expect(result.method == .byTask && result.isClean, "round \(round): \(result.method) \(result.conflicts)")
                let merged = DayDocument(parsing: result.bytes).tasks(in: .backlog)
                try #require(merged.count == base.count, "round \(round)")
                for index in base.indices {
                    for key in MetadataKey.all {
                        let b = key.value(in: base[index].metadata), o = key.value(in: first[index].metadata)
                        let expected = o != b ? o : key.value(in: second[index].metadata)
                        #expect(key.value(in: merged[index].metadata) == expected,
                                "round \(round), \(base[index].title), @\(key.name): \(String(decoding: result.bytes, as: UTF8.self))")
                    }
                }
            }
        }
        // Every key of the table was changed somewhere.
        #expect(checked.count == MetadataKey.all.count)
    }
}
