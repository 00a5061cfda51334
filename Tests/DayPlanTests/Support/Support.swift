import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Test input with position markers: `1️⃣`, `2️⃣`, … stand where a finding is expected and are removed
/// before parsing.
struct Marked {
    /// The input without its markers.
    let bytes: [UInt8]
    /// Where each marker stood, by its number.
    let markers: [Int: SourcePosition]

    init(_ text: String) {
        var bytes: [UInt8] = []
        var markers: [Int: SourcePosition] = [:]
        var line = 1
        var lineStart = 0
        for character in text {
            let scalars = Array(character.unicodeScalars)
            if scalars.count >= 2, scalars.last == "\u{20E3}", let digit = Int(String(scalars[0])) {
                markers[digit] = SourcePosition(offset: bytes.count, line: line, column: bytes.count - lineStart + 1)
                continue
            }
            bytes.append(contentsOf: String(character).utf8)
            if character == "\n" || character == "\r\n" {
                line += 1
                lineStart = bytes.count
            }
        }
        self.bytes = bytes
        self.markers = markers
    }

    /// The diagnostics of one rule, from parsing the input.
    func diagnostics(_ rule: Rule) -> [Diagnostic] {
        DayDocument(parsing: bytes).diagnostics.filter { $0.rule == rule }
    }
}

/// A small, fast, seeded generator (SplitMix64), so property tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// A number in `0..<bound`, so that a failing case can be replayed from its seed.
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[next(choices.count)] }
}

extension DayDocument {
    /// Each region's tasks, for comparing what two parses understood.
    var tasksByRegion: [Region: [PlanTask]] {
        Dictionary(uniqueKeysWithValues: Region.allCases.map { ($0, tasks(in: $0)) })
    }
}

/// Formats and returns the canonical text; fails the test when formatting is refused.
func canonical(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let document = DayDocument(parsing: text)
    #expect(document.formattingBlockers.isEmpty, "unexpected blockers: \(document.formattingBlockers)",
            sourceLocation: sourceLocation)
    let once = document.canonicalBytes()
    let twice = DayDocument(parsing: once).canonicalBytes()
    #expect(once == twice, "formatting is not idempotent", sourceLocation: sourceLocation)
    return String(decoding: once, as: UTF8.self)
}
