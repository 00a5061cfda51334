import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A conflict copy merged into its day file: two-way (no common ancestor) and against git's last commit.
@Suite struct ConflictCopyMergeTests {
    let day = """
        # 2026-11-26

        ## Morning
        - [ ] Write the talk
        - [ ] Call Ana

        ## Backlog
        - [ ] Fix the bike

        """
    let copy = """
        # 2026-11-26

        ## Morning
        - [x] Write the talk
        - [ ] Buy milk

        ## Backlog
        - [ ] Fix the bike

        """

    @Test func twoWayKeepsEveryTaskAndNamesEachDecision() throws {
        let result = ConflictCopyMerge.merge(dayFile: Array(day.utf8), copy: Array(copy.utf8), base: nil, fileName: "2026-11-26.md")
        #expect(result.isTwoWay && result.merge.isClean)
        let merged = String(decoding: result.merge.bytes, as: UTF8.self)
        #expect(merged.contains("- [x] Write the talk\n- [ ] Call Ana\n- [ ] Buy milk\n"))
        #expect(merged.contains("- [ ] Fix the bike"))
        #expect(result.decisions == [
            "“Write the talk”: [ ] in the day file, [x] in the copy: kept the copy's [x] (the more final status wins)",
            "“Buy milk”: added from the copy",
        ])
    }

    @Test func againstTheLastCommitARemovalIsTakenAndNamed() throws {
        let base = day
        let result = ConflictCopyMerge.merge(dayFile: Array(day.utf8), copy: Array(copy.utf8), base: Array(base.utf8),
                                             fileName: "2026-11-26.md")
        #expect(!result.isTwoWay && result.merge.isClean)
        let merged = String(decoding: result.merge.bytes, as: UTF8.self)
        #expect(!merged.contains("Call Ana"))
        #expect(result.decisions.contains("“Call Ana”: removed, as the copy removed it and the day file had not changed it since the last commit"))
    }

    @Test func notesEditedDifferentlyAreAPersonsToDecide() {
        let ours = "# 2026-11-26\n\n## Morning\n- [ ] Write the talk\n  outline first\n"
        let theirs = "# 2026-11-26\n\n## Morning\n- [ ] Write the talk\n  slides first\n"
        let result = ConflictCopyMerge.merge(dayFile: Array(ours.utf8), copy: Array(theirs.utf8), base: nil, fileName: "2026-11-26.md")
        #expect(!result.merge.isClean)
    }

    /// Over generated pairs of versions of one day: every task of either version is in the result once, with the
    /// more final status when the two differ (done beats open), and no other task is.
    @Test(arguments: 0..<200)
    func everyTaskOfEitherVersionIsKeptOnce(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed &* 7919 &+ 17)
        let pool = (0..<12).map { "Task \($0) \(random.pick(["review", "call", "write", "pay", "café"]))" }
        let statuses: [Status] = [.todo, .inProgress, .done, .cancelled, .moved]
        // Each title's place (a region, at most one open task per bucket kept by using the Backlog for most).
        let regions: [Region] = pool.map { _ in random.next(4) == 0 ? .morning : .backlog }
        func version() -> (text: String, tasks: [String: Status]) {
            var tasks: [String: Status] = [:]
            var lines: [Region: [String]] = [:]
            var order = Array(pool.indices)
            if random.next(3) == 0 { order.shuffle(using: &random) }
            var morningMisc = 0
            for index in order where random.next(3) != 0 {
                let status = random.pick(statuses)
                var region = regions[index]
                if region == .morning, status.isOpen { morningMisc += 1; if morningMisc > 5 { region = .backlog } }
                tasks[pool[index]] = status
                lines[region, default: []].append("- [\(status.mark)] \(pool[index])")
            }
            var text = "# 2026-11-26\n"
            for region in [Region.morning, .backlog] {
                text += "\n## \(region == .morning ? "Morning" : "Backlog")\n" + (lines[region] ?? []).map { $0 + "\n" }.joined()
            }
            return (text, tasks)
        }
        let ours = version(), theirs = version()
        let result = ConflictCopyMerge.merge(dayFile: Array(ours.text.utf8), copy: Array(theirs.text.utf8), base: nil,
                                             fileName: "2026-11-26.md")
        try #require(result.merge.isClean, "\(result.merge.conflicts)")
        try #require(result.merge.method == .byTask)
        let merged = DayDocument(parsing: result.merge.bytes).allTasks
        var expected = ours.tasks
        for (title, status) in theirs.tasks {
            if let mine = expected[title], mine.mergePrecedence >= status.mergePrecedence { continue }
            expected[title] = status
        }
        #expect(merged.count == expected.count, "none twice, none missing:\n\(ours.text)\n\(theirs.text)")
        #expect(Set(merged.map(\.title)) == Set(expected.keys))
        for task in merged {
            #expect(task.status == expected[task.title], "\(task.title)")
        }
    }
}
