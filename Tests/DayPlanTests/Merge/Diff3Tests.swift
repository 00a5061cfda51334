import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The three-way merge of sequences that `dayplan merge` builds on, and its line-by-line fallback.
@Suite struct Diff3Tests {
    func merge(_ base: String, _ ours: String, _ theirs: String) -> [Diff3.Chunk<Character>] {
        Diff3.merge(base: Array(base), ours: Array(ours), theirs: Array(theirs))
    }

    @Test func oneSideChangedTakesThatSide() {
        #expect(merge("abcde", "abXde", "abcde") == [.resolved(Array("abXde"))])
        #expect(merge("abcde", "abcde", "aYbcde") == [.resolved(Array("aYbcde"))])
        #expect(merge("abcde", "abde", "abcdeZ") == [.resolved(Array("abdeZ"))])
    }

    @Test func bothChangedAlikeTakesItOnce() {
        #expect(merge("abc", "aXc", "aXc") == [.resolved(Array("aXc"))])
    }

    @Test func bothChangedDifferentlyIsAConflictWithTheThreeVersions() {
        #expect(merge("abc", "aXc", "aYc") == [.resolved(["a"]), .conflict(base: ["b"], ours: ["X"], theirs: ["Y"]), .resolved(["c"])])
        #expect(merge("ab", "abX", "abY") == [.resolved(Array("ab")), .conflict(base: [], ours: ["X"], theirs: ["Y"])])
        #expect(merge("", "X", "Y") == [.conflict(base: [], ours: ["X"], theirs: ["Y"])])
    }

    @Test func editsFarApartBothApply() {
        #expect(merge("abcdefgh", "Xbcdefgh", "abcdefgY") == [.resolved(Array("XbcdefgY"))])
    }

    /// The matching is a common subsequence as long as the longest one, on random short sequences.
    @Test func matchesAreALongestCommonSubsequence() {
        var random = SeededGenerator(seed: 16)
        for _ in 0..<500 {
            let a = (0..<Int.random(in: 0...12, using: &random)).map { _ in Int.random(in: 0...3, using: &random) }
            let b = (0..<Int.random(in: 0...12, using: &random)).map { _ in Int.random(in: 0...3, using: &random) }
            let matched = Diff3.matches(a, b)
            var last = -1
            var count = 0
            for (i, j) in matched.enumerated() where j >= 0 {
                #expect(j > last && a[i] == b[j])
                last = j
                count += 1
            }
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in stride(from: a.count - 1, through: 0, by: -1) {
                for j in stride(from: b.count - 1, through: 0, by: -1) {
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            #expect(count == table[0][0], "\(a) \(b)")
        }
    }

    @Test func textMergeWritesStandardMarkers() {
        // Their last line has no line ending: the marker after it still starts a line.
        let (bytes, conflicts) = TextMerge.merge(base: Array("a\nb\nc\n".utf8), ours: Array("a\nb\nX\n".utf8),
                                                 theirs: Array("a\nb\nY".utf8))
        #expect(conflicts == 1)
        #expect(String(decoding: bytes, as: UTF8.self) == "a\nb\n<<<<<<< ours\nX\n=======\nY\n>>>>>>> theirs\n")
        let clean = TextMerge.merge(base: Array("a\nb\n".utf8), ours: Array("a\nb\nc\n".utf8), theirs: Array("Z\na\nb\n".utf8))
        #expect(clean.conflicts == 0)
        #expect(String(decoding: clean.bytes, as: UTF8.self) == "Z\na\nb\nc\n")
    }
}
