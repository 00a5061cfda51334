import Foundation
import Testing
@testable import DayPlan

/// Invariants of formatting, over files from a seeded generator (change the seeds to explore more).
@Suite struct PropertyTests {
    static let seeds: [UInt64] = Array(1...400)

    /// Letters-and-digits runs of a text, outside `@` metadata words, counted; case folds, as `[X]` and heading case do.
    static func words(_ bytes: [UInt8]) -> [String: Int] {
        var counts: [String: Int] = [:]
        // `[ ]title` is read as `[ ] title`, so a word glued to the status box is counted on its own.
        let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "]", with: "] ")
        for token in text.split(whereSeparator: { $0.isWhitespace }) where !token.hasPrefix("@") {
            for word in token.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                counts[word.lowercased(), default: 0] += 1
            }
        }
        return counts
    }

    /// The `@` words of a text, lower-cased: formatting may fold repeats, never drop one.
    static func metadataWords(_ bytes: [UInt8]) -> Set<String> {
        let text = String(decoding: bytes, as: UTF8.self)
        return Set(text.split(whereSeparator: { $0.isWhitespace }).filter { $0.hasPrefix("@") }.map { $0.lowercased() })
    }

    @Test(arguments: seeds)
    func formattingKeepsMeaningAndWordsAndIsIdempotent(seed: UInt64) throws {
        var generator = DocumentGenerator(seed: seed)
        let day = try #require(Day("2026-11-21")).adding(days: Int(seed % 30))
        let input = generator.file(day: day)
        let document = DayDocument(parsing: input)
        guard document.formattingBlockers.isEmpty else { return }

        let output = document.canonicalBytes()
        let reparsed = DayDocument(parsing: output)
        // Idempotent, and a fixed point of the formatter.
        #expect(reparsed.canonicalBytes() == output)
        // Round trip: every region holds the same tasks, with the same bucket, status, title, metadata and notes.
        #expect(reparsed.tasksByRegion == document.tasksByRegion)
        #expect(reparsed.day == document.day)
        // Nothing lost: every word the person wrote is still there.
        let before = Self.words(input), after = Self.words(output)
        let lost = before.filter { after[$0.key, default: 0] < $0.value }
        #expect(lost.isEmpty, "words lost: \(lost)")
        #expect(Self.metadataWords(input).isSubset(of: Self.metadataWords(output)))
        // The diagnostics that remain are the same ones, less those formatting fixes.
        let fixed: Set<Rule> = [.regionOrder, .repeatedMetadata]
        // (Compared as sorted lists: moving metadata to the end of a line reorders findings within it.)
        #expect(reparsed.diagnostics.map(\.rule).filter { !fixed.contains($0) }.map(\.id).sorted()
            == document.diagnostics.map(\.rule).filter { !fixed.contains($0) }.map(\.id).sorted())
    }

    @Test(arguments: seeds)
    func junkNeverTrapsAndFormatsStably(seed: UInt64) {
        var generator = DocumentGenerator(seed: seed)
        let input = generator.junk()
        switch Formatter.format(input) {
        case .unchanged, .refused: break
        case .changed(let output):
            if case .changed = Formatter.format(output) { Issue.record("junk seed \(seed) is not idempotent") }
            let lost = Self.words(input).filter { Self.words(output)[$0.key, default: 0] < $0.value }
            #expect(lost.isEmpty, "junk seed \(seed) lost \(lost)")
        }
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
