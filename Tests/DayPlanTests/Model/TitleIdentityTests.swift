import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The title hash's quick path: the characters it takes as left alone by canonical equivalence, and titles
/// in every spelling hashing alike (ArchivedDayTests has the worked pairs).
@Suite struct TitleIdentityTests {
    /// Every range's first, middle and last character, and all of U+0080–U+02FF.
    static var rangeSamples: [Unicode.Scalar] {
        var values = Array(UInt32(0x80)...0x2FF)
        let ranges = PlanTask.nfcStableRanges
        for index in stride(from: 0, to: ranges.count, by: 2) {
            values += [ranges[index], (ranges[index] + ranges[index + 1]) / 2, ranges[index + 1]]
        }
        return values.compactMap(Unicode.Scalar.init)
    }

    /// Characters that combine with the one before them, or have another spelling, for the generator.
    static let unstable: [String] = ["\u{301}", "\u{308}", "\u{30A}", "\u{316}", "\u{327}", "\u{338}", "\u{3099}",
                                     "\u{1161}", "\u{11A8}", "\u{212A}", "\u{212B}", "\u{2126}", "\u{37E}",
                                     "\u{1FEF}", "\u{F900}", "\u{2000}", "\u{FB1D}"]

    @Test func theRangesAreOrderedAndOutsideTheFirst() {
        let ranges = PlanTask.nfcStableRanges
        #expect(ranges.count % 2 == 0)
        #expect(ranges.first.map { $0 > 0x2FF } == true)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Each sampled character is its own NFC form, of combining class 0, and stays itself after a letter, a
    /// Hangul leading consonant or syllable, and the characters of the other ranges' ends.
    @Test func theSampledCharactersAreLeftAloneByNormalization() {
        let samples = Self.rangeSamples
        let before = ["a", "e", "A", "<", "\u{1100}", "\u{AC00}", "\u{3046}", "\u{0B47}", "\u{0DD9}", "\u{1025}"]
            + samples.prefix(200).map { String($0) }
        for scalar in samples {
            let alone = String(scalar)
            #expect(scalar.properties.canonicalCombiningClass == .notReordered, "U+\(String(scalar.value, radix: 16))")
            #expect(alone._nfcCodeUnits == Array(alone.utf8), "U+\(String(scalar.value, radix: 16))")
            for first in before {
                let pair = first + alone
                #expect(pair._nfcCodeUnits == Array(first.utf8) + Array(alone.utf8) || first._nfcCodeUnits != Array(first.utf8),
                        "U+\(String(scalar.value, radix: 16)) after \(first)")
            }
            var bytes = Array(alone.utf8)
            #expect(bytes.withUnsafeBufferPointer(PlanTask.isPlainlyNFC))
            bytes += Array("\u{301}".utf8)
            #expect(!bytes.withUnsafeBufferPointer(PlanTask.isPlainlyNFC))
        }
    }

    /// Generated titles of stable characters, combining marks and characters with other spellings hash as
    /// their NFC and NFD forms do, and as Swift compares them.
    @Test func everySpellingOfATitleHashesAlike() {
        let stable = Self.rangeSamples.map { String($0) } + ["a", "K", ";", " ", "`", "#"]
        var generator = SeededGenerator(seed: 1123)
        var quick = 0
        for _ in 0..<3000 {
            var title = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                title += Int.random(in: 0..<4, using: &generator) == 0
                    ? Self.unstable.randomElement(using: &generator)!
                    : stable.randomElement(using: &generator)!
            }
            let spellings = [title, title.precomposedStringWithCanonicalMapping, title.decomposedStringWithCanonicalMapping]
            let hashes = spellings.map(PlanTask.identityHash)
            #expect(spellings.allSatisfy { $0 == title })
            #expect(Set(hashes).count == 1, "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
            let bytes = Array(title.utf8)
            if bytes.withUnsafeBufferPointer(PlanTask.isPlainlyNFC) {
                quick += 1
                #expect(title._nfcCodeUnits == bytes)
            }
        }
        #expect(quick > 500)
    }

    /// The regression an earlier hash had: titles of one word beyond ASCII (most Japanese and Chinese ones)
    /// must not share a hash, or the archive's table of titles turns into one long list.
    @Test func titlesOfOneWordBeyondASCIIHashApart() {
        let kana = (0x3042...0x3093).compactMap(Unicode.Scalar.init).map { String($0) }
        var titles: Set<String> = []
        for a in kana { for b in kana.prefix(20) { titles.insert(a + b + "会議") } }
        #expect(titles.count == 1640)
        let hashes = Set(titles.map(PlanTask.identityHash))
        #expect(hashes.count == titles.count)
    }

    @Test func bytesThatAreNotUTF8AreNormalizedAsTheTitleReadsThem() {
        for bytes: [UInt8] in [[0xC3], [0xC1, 0x81], [0xE0, 0x82, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                               [0x61, 0xFF, 0x62]] {
            #expect(!bytes.withUnsafeBufferPointer(PlanTask.isPlainlyNFC))
            let repaired = String(decoding: bytes, as: UTF8.self)
            #expect(bytes.withUnsafeBufferPointer(PlanTask.identityHash(utf8:)) == PlanTask.identityHash(repaired))
        }
    }

    /// Another tool's spelling of a key is metadata, not title: a task keeps its identity when dayplan writes one
    /// (rollover's `➕`, mark's `✅`, a due date from the phone), as it does when an `@` word is added.
    @Test(arguments: [
        ("Pay the rent ⏫ 📅 2026-11-20", "Pay the rent"),
        ("Pay the rent ⏫ 📅 2026-11-20 ➕ 2026-11-20", "Pay the rent"),
        ("Call the plumber [due:: 2026-11-19] [priority:: high] [created:: 2026-11-20]", "Call the plumber"),
        ("Book (due:: 2026-11-30) the flights", "Book the flights"),
        ("Draft ⏳2026-11-22 the newsletter", "Draft the newsletter"),
        ("Water the plants 🔁 every week 📅 2026-11-23", "Water the plants 🔁 every week"),
        ("Water the plants 🔁 every day", "Water the plants"),
        ("📅 2026-11-20", "📅 2026-11-20"),
        ("Read 1984", "Read 1984"),
        ("Meet at 10:30 (room:: 4)", "Meet at 10:30 (room:: 4)"),
    ])
    func anotherToolsSpellingIsNoPartOfTheIdentity(title: String, identity: String) throws {
        #expect(PlanTask.identityTitle(title) == identity)
        #expect(PlanTask.identityHash(title) == PlanTask.identityHash(identity))
        #expect(PlanTask.sameIdentity(title, identity))
        let task = try #require(PlanTask.parsing(line: "- [ ] \(title)")).task
        #expect(task.identity == identity)
    }

    /// For generated titles of words and whole spellings (as the parser's titles are: words between single
    /// spaces): the identity of an identity is itself, equal identities hash alike, and a spelling of a date put
    /// between any two words (where dayplan or the other tool writes one) keeps the identity.
    @Test(arguments: 0..<200)
    func identityIsStableUnderSpellingsAdded(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed))
        let words = ["Pay", "the", "rent", "📅 2026-11-20", "⏫", "🔼", "[due:: 2026-11-21]", "(start:: 2026-12-01)", "#home",
                     "::", "🔁 every day", "✅2026-11-19", "[x:: y]", "1984", "📅", "every"]
        var title = ["Pay"] + (0..<random.next(8)).map { _ in random.pick(words) }
        title.shuffle(using: &random)
        let identity = PlanTask.identityTitle(title.joined(separator: " "))
        #expect(PlanTask.identityTitle(identity) == identity, "\(title)")
        #expect(PlanTask.identityHash(title.joined(separator: " ")) == PlanTask.identityHash(identity), "\(title)")
        let spelling = random.pick(["➕ 2026-11-20", "✅ 2026-11-21", "[completion:: 2026-11-21]", "(created:: 2026-10-01)", "⏬"])
        let at = random.next(title.count + 1)
        // Not where it would be read as part of the word before it (a sigil without its date), or would end a rule.
        guard at == 0 || !["📅", "🔁 every day"].contains(title[at - 1]) else { return }
        var longer = title
        longer.insert(spelling, at: at)
        #expect(PlanTask.sameIdentity(longer.joined(separator: " "), identity), "\(longer) is not \(identity)")
        #expect(PlanTask.identityHash(longer.joined(separator: " ")) == PlanTask.identityHash(identity), "\(longer)")
    }
}
