// The invariants of dayplan, as plain functions that list what is broken.
//
// Compiled twice: into the seeded property tests (`swift test`), and with the library's sources into the
// libFuzzer target (`Tests/Fuzz/run.sh`), so CI and the fuzzer check the same promises.
#if canImport(DayPlan)
@testable import DayPlan
#endif

enum Invariants {
    /// Every invariant that holds for any input bytes on their own.
    static func all(_ input: [UInt8]) -> [String] {
        formatting(input)
    }

    /// Letters-and-digits runs of a text, outside `@` metadata words, counted; case folds, as `[X]` and
    /// heading case do. `[ ]title` counts as `[ ] title`.
    static func words(_ bytes: [UInt8]) -> [String: Int] {
        var counts: [String: Int] = [:]
        let text = String(decoding: bytes, as: UTF8.self)
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            for piece in token.split(separator: "]", omittingEmptySubsequences: true) where !piece.hasPrefix("@") {
                for word in piece.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                    counts[word.lowercased(), default: 0] += 1
                }
            }
        }
        return counts
    }

    /// The `@` words of a text, lower-cased: formatting may fold repeats, never drop one.
    static func metadataWords(_ bytes: [UInt8]) -> Set<String> {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: Set<String> = []
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            for piece in token.split(separator: "]", omittingEmptySubsequences: true) where piece.hasPrefix("@") {
                found.insert(piece.lowercased())
            }
        }
        return found
    }

    /// What formatting `input` breaks: idempotency, the meaning of every task, words, findings.
    static func formatting(_ input: [UInt8]) -> [String] {
        var broken: [String] = []
        let document = DayDocument(parsing: input)
        for diagnostic in document.diagnostics where diagnostic.start.offset > input.count || diagnostic.start.line < 1
            || diagnostic.start.column < 1 || diagnostic.end.offset < diagnostic.start.offset {
            broken.append("diagnostic out of bounds: \(diagnostic)")
        }
        let output: [UInt8]
        switch Formatter.format(input) {
        case .refused(let blockers):
            if blockers.isEmpty { broken.append("refused without a reason") }
            return broken
        case .unchanged:
            output = input
        case .changed(let changed):
            output = changed
        }
        let reparsed = DayDocument(parsing: output)
        if reparsed.canonicalBytes() != output { broken.append("formatting is not idempotent") }
        if !reparsed.formattingBlockers.isEmpty { broken.append("the output is refused: \(reparsed.formattingBlockers)") }
        for region in Region.allCases where reparsed.tasks(in: region) != document.tasks(in: region) {
            broken.append("\(region) tasks changed")
        }
        if reparsed.day != document.day { broken.append("the day changed") }
        let after = words(output)
        let lost = words(input).filter { after[$0.key, default: 0] < $0.value }
        if !lost.isEmpty { broken.append("words lost: \(lost)") }
        if !metadataWords(input).isSubset(of: metadataWords(output)) { broken.append("metadata words lost") }
        // Findings stay, less those formatting fixes (sorted: moving metadata reorders findings within a line).
        let fixed: Set<Rule> = [.regionOrder, .repeatedMetadata]
        let findings = { (d: DayDocument) in d.diagnostics.map(\.rule).filter { !fixed.contains($0) }.map(\.id).sorted() }
        if findings(reparsed) != findings(document) { broken.append("findings changed: \(findings(document)) -> \(findings(reparsed))") }
        return broken
    }
}
