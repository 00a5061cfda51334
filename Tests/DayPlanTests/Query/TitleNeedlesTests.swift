import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The runs of bytes a day file holds if it holds a task of a title (`TitleNeedles`): taken only where every
/// spelling of the title has them as written, and found in bytes as a plain search finds them.
@Suite struct TitleNeedlesTests {
    func runs(_ title: String) -> [String]? {
        TitleNeedles(title: title.utf8)?.runs.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func runsAreWordsOfASCIIThatEverySpellingKeeps() {
        #expect(runs("Review the carried plan") == ["carried", "Review", "plan", "the"])
        // K, ; and ` may be spelled U+212A, U+037E, U+1FEF; a letter before a combining mark may be precomposed.
        #expect(runs("Kelvin 5K check; now") == ["elvin", "check", "now"])
        #expect(runs("Fix `make` build") == ["build", "make", "Fix"])
        #expect(runs("Café visit") == ["visit", "Ca"])
        #expect(runs("Cafe\u{301} visit") == ["visit", "Caf"])
        #expect(runs("A\u{30A}ngstro\u{308}m review") == ["review", "ngstr"])
        // A leading time is held canonically, whatever its spelling: its words are none of the runs.
        #expect(runs("09:00 - 10:30 Sync review") == ["review", "Sync"])
        #expect(runs("09:00 Standup review") == ["Standup", "review"])
        #expect(runs("3 apples for Ana") == ["apples", "for", "Ana"])
        #expect(runs("12:00 - lunch with Ana") == ["with", "Ana"])
        // Too short to look for: nearly every file would have to be read anyway.
        #expect(runs("Go") == nil)
        #expect(runs("Kiss mom") == nil)
        #expect(runs("Zoé à Noël") == nil)
        #expect(runs("Émile à Zoé") == ["mile"])
    }

    @Test(arguments: Array(1...20) as [UInt64])
    func theSearchFindsWhatAPlainSearchFinds(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        // Few letters, so that first and last bytes often match where the rest does not.
        let alphabet = Array("abab c".utf8)
        for _ in 0..<200 {
            let haystack = (0..<random.next(40)).map { _ in random.pick(alphabet) }
            let needle = (0..<(1 + random.next(5))).map { _ in random.pick(alphabet) }
            let plain = haystack.count >= needle.count
                && (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
            let found = haystack.withUnsafeBufferPointer { h in needle.withUnsafeBufferPointer { TitleNeedles.contains($0, in: h) } }
            #expect(found == plain, "seed \(seed): \(haystack) \(needle)")
        }
    }

    @Test func aFileHoldsEveryRunOrNone() throws {
        let needles = try #require(TitleNeedles(title: "Review the carried plan".utf8))
        func held(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { needles.mayBeHeld(in: $0) } }
        #expect(held("## Backlog\n- [ ] Review  the @due:2026-12-01 carried\tplan\n"))
        #expect(!held("## Backlog\n- [ ] Review the plan\n"))
        #expect(!held(""))
    }
}
