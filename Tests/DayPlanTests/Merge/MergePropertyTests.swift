import Dispatch
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Random pairs of edits of one day, merged: no task lost, none twice, and the result canonical
/// and lint-clean, or explicitly conflicted.
@Suite struct MergePropertyTests {
    /// A day as the generator edits it: tasks by region, and a notes section.
    struct Plan {
        struct Task: Equatable {
            var bucket: Bucket
            var status: Status
            var title: String
            var tags: [String] = []
            var notes: [String] = []
        }

        var regions: [[Task]] = [[], [], [], []]
        var notes: [String] = []

        var text: String {
            var text = "# 2026-11-21\n"
            for region in Region.allCases {
                text += "\n## \(region.name)\n"
                for task in regions[region.rawValue] {
                    text += "\(task.bucket.bullet) [\(task.status.mark)] \(([task.title] + task.tags.map { "#" + $0 }).joined(separator: " "))\n"
                    for note in task.notes { text += "  \(note)\n" }
                }
            }
            if !notes.isEmpty { text += "\n## Notes\n" + notes.map { $0 + "\n" }.joined() }
            return text
        }

        /// Where each title stands, and the task.
        var tasks: [String: (Region, Task)] {
            var found: [String: (Region, Task)] = [:]
            for region in Region.allCases { for task in regions[region.rawValue] { found[task.title] = (region, task) } }
            return found
        }

        /// Whether no limited region holds more open tasks in a bucket than its limit.
        var withinLimits: Bool {
            Region.allCases.filter(\.isLimited).allSatisfy { region in
                Bucket.allCases.allSatisfy { bucket in
                    regions[region.rawValue].filter { $0.bucket == bucket && $0.status.isOpen }.count <= bucket.limit
                }
            }
        }
    }

    struct Generator {
        var random: SeededGenerator
        var made = 0

        mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &random)] }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

        mutating func task(_ title: String) -> Plan.Task {
            Plan.Task(bucket: pick(Bucket.allCases), status: pick([.todo, .todo, .inProgress, .done]), title: title,
                      tags: chance(30) ? [pick(["work", "home", "admin"])] : [],
                      notes: chance(25) ? [pick(["call first", "see the doc", "- [ ] ask Priya"])] : [])
        }

        mutating func base() -> Plan {
            var plan = Plan()
            for number in 0..<Int.random(in: 0...14, using: &random) {
                let region = pick(Region.allCases)
                var candidate = plan
                candidate.regions[region.rawValue].append(task("Task \(pick(["alpha", "beta", "gamma", "delta"])) \(number)"))
                if candidate.withinLimits { plan = candidate }
            }
            if chance(60) { plan.notes = ["Slept well.", "Lunch with Bo.", "Gym at 6."] }
            return plan
        }

        /// One side's edits of the base; `side` names its additions, some of which both sides make.
        mutating func edit(_ base: Plan, side: String) -> Plan {
            var plan = base
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var candidate = plan
                let region = pick(Region.allCases).rawValue
                let count = candidate.regions[region].count
                switch Int.random(in: 0..<9, using: &random) {
                case 0 where count > 0:
                    candidate.regions[region][Int.random(in: 0..<count, using: &random)].status = pick(Status.allCases)
                case 1:
                    made += 1
                    let title = chance(30) ? "Shared \(pick(["one", "two"]))" : "\(side) \(made)"
                    guard candidate.tasks[title] == nil else { continue }
                    candidate.regions[region].append(task(title))
                case 2 where count > 0:
                    candidate.regions[region].remove(at: Int.random(in: 0..<count, using: &random))
                case 3 where count > 0:
                    let index = Int.random(in: 0..<count, using: &random)
                    let tag = pick(["urgent", "phone", "work", "later"])
                    if !candidate.regions[region][index].tags.contains(tag) { candidate.regions[region][index].tags.append(tag) }
                case 4 where count > 0:
                    candidate.regions[region][Int.random(in: 0..<count, using: &random)].notes.append("\(side) note")
                case 5 where count > 0:
                    let task = candidate.regions[region].remove(at: Int.random(in: 0..<count, using: &random))
                    candidate.regions[pick(Region.allCases).rawValue].append(task)
                case 6 where count > 0:
                    candidate.regions[region][Int.random(in: 0..<count, using: &random)].bucket = pick(Bucket.allCases)
                case 7 where !candidate.notes.isEmpty:
                    candidate.notes[Int.random(in: 0..<candidate.notes.count, using: &random)] = "\(side) wrote this."
                default:
                    continue
                }
                if candidate.withinLimits { plan = candidate }
            }
            return plan
        }
    }

    /// The versions read at once on several threads, as `dayplan merge` reads them, or left for the merge to
    /// read itself (a caller's `concurrently` that ran nothing): the same result as read one after another.
    @Test func versionsReadConcurrentlyMergeAsReadInTurn() {
        var compared = 0
        for seed in 0..<120 {
            var generator = Generator(random: SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15))
            let base = generator.base()
            let versions = [base, generator.edit(base, side: "Ours"), generator.edit(base, side: "Theirs")].map { Array($0.text.utf8) }
            func merged(_ concurrently: (Int, @Sendable (Int) -> Void) -> Void) -> MergeResult {
                DayMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2], fileName: "2026-11-21.md",
                               concurrently: concurrently)
            }
            let inTurn = merged(DayMerge.inTurn)
            for other in [merged { DispatchQueue.concurrentPerform(iterations: $0, execute: $1) }, merged { _, _ in }] {
                #expect(other.bytes == inTurn.bytes && other.conflicts == inTurn.conflicts &&
                        other.notices == inTurn.notices && other.method == inTurn.method, "case \(seed)")
            }
            if inTurn.method == .byTask { compared += 1 }
        }
        #expect(compared >= 100, "only \(compared) of 120 merged task by task")
    }

    @Test(arguments: 0..<8)
    func randomEditPairs(_ batch: Int) {
        for number in 0..<60 {
            let seed = batch * 60 + number
            var generator = Generator(random: SeededGenerator(seed: UInt64(seed) &* 0x5DEE_CE66_D1CE_4E5B))
            let base = generator.base()
            let ours = generator.edit(base, side: "Ours")
            let theirs = generator.edit(base, side: "Theirs")
            let result = DayMerge.merge(base: Array(base.text.utf8), ours: Array(ours.text.utf8),
                                        theirs: Array(theirs.text.utf8), fileName: "2026-11-21.md")
            #expect(result.method == .byTask, "case \(seed)")
            let findings = Linter.lint(result.bytes, fileName: "2026-11-21.md")
            if result.isClean {
                #expect(Formatter.format(result.bytes).isUnchanged, "case \(seed): not canonical")
                #expect(findings.filter { $0.severity == .error }.isEmpty, "case \(seed): \(findings.map(\.message))")
            } else {
                #expect(findings.contains { $0.rule == .conflictMarker }, "case \(seed)")
            }

            // Every title, as the merged file holds it (tasks between markers are read as tasks too).
            var count: [String: Int] = [:]
            for task in DayDocument(parsing: result.bytes).allTasks {
                count[task.title.split(separator: " ").filter { !$0.hasPrefix("#") }.joined(separator: " "), default: 0] += 1
            }
            let b = base.tasks, o = ours.tasks, t = theirs.tasks
            for title in Set(b.keys).union(o.keys).union(t.keys) {
                let found = count[title] ?? 0
                switch (b[title], o[title], t[title]) {
                case (_, nil, nil):
                    #expect(found == 0, "case \(seed): “\(title)” removed on both sides is there")
                case (let kept?, let side?, nil), (let kept?, nil, let side?):
                    if kept.0 == side.0 && kept.1 == side.1 {
                        #expect(found == 0, "case \(seed): “\(title)” removed on one side, untouched on the other, is there")
                    } else {
                        #expect(found == 1 && !result.isClean, "case \(seed): “\(title)” removed and changed is not a conflict")
                    }
                case (nil, _?, nil), (nil, nil, _?):
                    #expect(found == 1, "case \(seed): “\(title)” added on one side: \(found) times")
                case (_, _?, _?):
                    #expect(found == 1 || (found == 2 && !result.isClean), "case \(seed): “\(title)” kept on both sides: \(found) times")
                }
            }
            #expect(count.keys.allSatisfy { b[$0] != nil || o[$0] != nil || t[$0] != nil }, "case \(seed): a task from nowhere")
        }
    }
}

/// Any three files, however odd, merge without a crash; a clean merge task by task is canonical where both
/// sides were, formats cleanly where they were not, and keeps every task the two sides agree on.
@Suite struct MergeRobustnessTests {
    @Test(arguments: 0..<4)
    func oddFilesMergeSafely(_ batch: Int) {
        let day = Day(year: 2026, month: 11, day: 21)!
        var checked = 0
        for number in 0..<100 {
            let seed = UInt64(batch * 100 + number)
            var generator = DocumentGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D)
            let base = generator.file(day: day)
            // Two edits of the base: another random file, or the base with a line dropped or added.
            func edit(_ generator: inout DocumentGenerator) -> [UInt8] {
                if generator.chance(30) { return generator.chance(20) ? generator.junk() : generator.file(day: day) }
                var lines = TextMerge.lines(base)
                if !lines.isEmpty, generator.chance(50) { lines.remove(at: Int.random(in: 0..<lines.count, using: &generator.random)) }
                if generator.chance(60) {
                    lines.insert(ArraySlice(Array((generator.pick(["- [ ] Added", "* [x] Draft", "+ [/] Review", "Free text", ""]) + "\n").utf8)),
                                 at: Int.random(in: 0...lines.count, using: &generator.random))
                }
                return lines.flatMap { $0 }
            }
            let ours = edit(&generator), theirs = edit(&generator)
            let result = DayMerge.merge(base: base, ours: ours, theirs: theirs, fileName: "2026-11-21.md")
            guard result.method == .byTask, result.isClean else { continue }
            // Canonical where both sides were (elsewhere a side's own layout is kept), and always
            // formatting to a canonical file that still parses.
            if Formatter.format(ours).isUnchanged, Formatter.format(theirs).isUnchanged {
                #expect(Formatter.format(result.bytes).isUnchanged, "case \(seed)")
            } else if case .changed(let formatted) = Formatter.format(result.bytes) {
                #expect(Formatter.format(formatted).isUnchanged, "case \(seed)")
            }
            let merged = Set(DayDocument(parsing: result.bytes).allTasks.map(\.identity))
            let both = Set(DayDocument(parsing: ours).allTasks.map(\.identity)).intersection(DayDocument(parsing: theirs).allTasks.map(\.identity))
            #expect(both.isSubset(of: merged), "case \(seed): lost \(both.subtracting(merged))")
            checked += 1
        }
        #expect(checked >= 20, "only \(checked) of 100 merged cleanly task by task")
    }
}
