import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Rollover on many generated pairs of files, odd ones included: it refuses, or its result passes the check;
/// and a second run changes nothing.
@Suite struct RolloverPropertyTests {
    static let titles = ["Write the talk", "Call Mum", "Renew passport #admin", "Buy milk", "Reply to Bo", "Sort photos"]
    static let metadata = ["", "", "", " @carry", " @sticky", " @carry @sticky", " @expires:2026-11-19",
                           " @expires:2026-11-21", " @expires:2026-11-30", " @from:2026-11-02", " @expired",
                           " @carry @expires:2026-11-01", " #tag @home"]

    /// A random line of region content: mostly tasks, with notes, blanks, text and, rarely, a fence or comment.
    static func contentLine(using random: inout SeededGenerator) -> String {
        switch random.next(24) {
        case 0, 1: return ""
        case 2: return random.pick(["   ", "\t", "Some text.", "- a list item", "---", "###  Later", "#tag line"])
        case 3, 4: return random.pick(["  a note", "    deeper note", "\tTabbed note", "  - [ ] a note that looks like a task"])
        case 5: return random.pick(["```", "~~~~", "<!--", "-->", "<!-- one line -->", "``` inline ```"])
        case 6: return random.pick(["- [?] unknown status", "+ [x]", "* [ x] broken", "-[ ] no space"])
        default:
            let bullet = random.pick(["*", "+", "-"])
            let status = random.pick(["[ ]", "[ ]", "[/]", "[x]", "[X]", "[>]", "[-]"])
            let gap = random.pick([" ", " ", "  ", "\t"])
            return random.pick(["", "", "", " "]) + bullet + gap + status + " " + random.pick(titles) + random.pick(metadata)
        }
    }

    /// A day file headed with `day`: regions in order (some missing, now and then out of order or twice),
    /// other sections, notes, fences and comments, odd spacing, mixed line endings, a missing final line break.
    static func file(_ day: String, lines: Int, using random: inout SeededGenerator) -> String {
        var body: [String] = []
        if random.next(10) == 0 { body.append("---\ntags: [x]\n---") }
        body.append(random.pick(["# \(day)", "#   \(day)  #"]))
        if random.next(4) == 0 { body.append(random.pick(["", "Preamble text.", "> a quote"])) }
        var headings = ["Morning", "Afternoon", "Evening", "Backlog"].filter { _ in random.next(4) != 0 }
        if random.next(8) == 0, headings.count > 1 { headings.swapAt(0, headings.count - 1) }
        if random.next(4) == 0 { headings.insert("Notes", at: random.next(headings.count + 1)) }
        if random.next(12) == 0, let any = headings.first { headings.append(any) }
        for heading in headings {
            body.append(random.pick(["## \(heading)", "## \(heading.uppercased())", "##  \(heading) ##"]))
            for _ in 0..<random.next(lines + 1) { body.append(contentLine(using: &random)) }
        }
        if random.next(12) == 0 { body.insert(contentLine(using: &random), at: 1 + random.next(body.count)) }
        var text = random.next(10) == 0 ? "\u{FEFF}" : ""
        let crlf = random.next(3) == 0
        for line in body {
            text += line + (random.next(12) == 0 ? (crlf ? "\n" : "\r\n") : (crlf ? "\r\n" : "\n"))
        }
        if random.next(6) == 0, text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Generated case `seed`: an old day's file, every other time a new day's file, and the generator, to draw
    /// more from.
    static func generatedCase(_ seed: Int) -> (source: [UInt8], target: [UInt8]?, random: SeededGenerator) {
        var random = SeededGenerator(seed: UInt64(seed) &* 0x1234_5678_9ABC_DEF1)
        let source = Array(file("2026-11-20", lines: 1 + random.next(10), using: &random).utf8)
        let target = random.next(2) == 0 ? nil : Array(file("2026-11-21", lines: random.next(5), using: &random).utf8)
        return (source, target, random)
    }

    @Test(arguments: 0..<40)
    func rolloverRefusesOrPassesItsCheckAndIsIdempotent(_ batch: Int) throws {
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        var planned = 0, refused = 0
        for number in 0..<25 {
            let seed = batch * 25 + number
            let (source, target, _) = Self.generatedCase(seed)
            let plan: Rollover
            do {
                plan = try Rollover(opening: day, from: (from, source), existing: target)
            } catch {
                if case .checkFailed(let problems) = error { Issue.record("case \(seed): \(problems)") }
                refused += 1
                continue
            }
            planned += 1
            #expect(plan.problems() == [], "case \(seed)")
            let again = try Rollover(opening: day, from: (from, try #require(plan.sourceAfter)), existing: plan.targetAfter)
            #expect(again.sourceAfter == plan.sourceAfter && again.targetAfter == plan.targetAfter, "case \(seed)")
            #expect(again.problems() == [], "case \(seed)")
            // Only status marks and `@expired` change in the old day; the new day keeps what it had.
            #expect(plan.sourceChanges.allSatisfy { [0, 9].contains($0.new.utf8.count - $0.old.utf8.count) }, "case \(seed)")
        }
        #expect(planned > refused, "batch \(batch): \(refused) of 25 generated cases were refused; most should be planned")
    }

    /// The check reads the old day's tasks kept from the work (a small file) the same as it reads them from the
    /// file again: the same problems, none for a rollover as made, and the same ones for a rollover whose files were
    /// then spoiled (a status mark, a line's text or a line of either file changed).
    @Test(arguments: 0..<8)
    func theCheckFindsTheSameWithTheOldDayTasksKeptOrReadAgain(_ batch: Int) throws {
        let day = try #require(Day("2026-11-21")), from = try #require(Day("2026-11-20"))
        var spoiledFound = 0, planned = 0
        for number in 0..<25 {
            let seed = batch * 25 + number
            var (source, target, random) = Self.generatedCase(seed)
            guard let plan = try? Rollover(opening: day, from: (from, source), existing: target),
                  let sourceAfter = plan.sourceAfter else { continue }
            #expect(plan.parsedOldDayTasks != nil, "case \(seed): a small old day's tasks are kept")
            planned += 1
            var variants = [(sourceAfter, plan.targetAfter)]
            for _ in 0..<4 {
                var old = sourceAfter, new = plan.targetAfter
                // Spoil one byte of either file: a status mark, a letter of a title, or a line break.
                let spoilsOld = random.next(2) == 0
                let bytes = spoilsOld ? old : new
                let candidates = bytes.indices.filter { [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "a"), UInt8(ascii: "\n")].contains(bytes[$0]) }
                guard !candidates.isEmpty else { continue }
                let at = random.pick(candidates)
                let byte = random.pick([UInt8(ascii: "x"), UInt8(ascii: " "), UInt8(ascii: "b")])
                if spoilsOld { old[at] = byte } else { new[at] = byte }
                variants.append((old, new))
            }
            for (index, (old, new)) in variants.enumerated() {
                var kept = Rollover(day: plan.day, sourceDay: plan.sourceDay, sourceBefore: plan.sourceBefore,
                                    sourceAfter: old, targetBefore: plan.targetBefore, targetAfter: new,
                                    summary: plan.summary, placements: plan.placements)
                kept.parsedTargetBefore = plan.parsedTargetBefore
                var readAgain = kept
                kept.parsedOldDayTasks = plan.parsedOldDayTasks
                readAgain.parsedOldDayTasks = nil
                let found = kept.problems()
                #expect(found == readAgain.problems(), "case \(seed), variant \(index)")
                if index == 0 { #expect(found == [], "case \(seed)") } else if !found.isEmpty { spoiledFound += 1 }
            }
        }
        #expect(planned > 12, "batch \(batch): only \(planned) of 25 generated cases were planned; most should be")
        #expect(spoiledFound > 10, "batch \(batch): only \(spoiledFound) spoiled rollovers had problems to compare")
    }
}
