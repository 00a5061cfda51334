import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The fuzzer's invariants (formatting, lint, rollover), over files from a seeded generator (change the seeds to explore more).
@Suite struct PropertyTests {
    static let seeds: [UInt64] = Array(1...400)

    @Test(arguments: seeds)
    func formattingKeepsMeaningAndWordsAndIsIdempotent(seed: UInt64) throws {
        var generator = DocumentGenerator(seed: seed)
        let day = try #require(Day("2026-11-21")).adding(days: Int(seed % 30))
        let input = generator.file(day: day)
        #expect(Invariants.all(input) == [], "\(String(decoding: input, as: UTF8.self))")
    }

    @Test(arguments: seeds)
    func junkNeverTrapsAndFormatsStably(seed: UInt64) {
        var generator = DocumentGenerator(seed: seed)
        let input = generator.junk()
        #expect(Invariants.all(input) == [], "junk seed \(seed)")
    }

    @Test func generatorReachesTheLenientCorners() {
        var sawCrlf = false, sawBom = false, sawRefusal = false, sawChange = false, sawUnchanged = false
        for seed in Self.seeds {
            var generator = DocumentGenerator(seed: seed)
            let input = generator.file(day: Day(year: 2026, month: 11, day: 21) ?? Day(daysSinceEpoch: 0))
            sawCrlf = sawCrlf || input.contains(13)
            sawBom = sawBom || input.starts(with: [0xEF, 0xBB, 0xBF])
            switch Formatter.format(input) {
            case .refused: sawRefusal = true
            case .changed: sawChange = true
            case .unchanged: sawUnchanged = true
            }
        }
        #expect(sawCrlf && sawBom && sawChange && sawRefusal)
        _ = sawUnchanged
    }
}
