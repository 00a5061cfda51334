import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// The parser's fast paths (eight bytes at a time for encoding, line ends and plain titles; titles written in
/// place) against plain definitions, over many generated inputs.
@Suite struct ParserFastPathTests {
    /// A small deterministic generator, so that a failure can be replayed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Where the first NUL byte and the first broken UTF-8 sequence are, by Swift's own decoder.
    func reference(_ bytes: [UInt8]) -> (nul: SourcePosition?, invalid: SourcePosition?) {
        func location(_ offset: Int) -> SourcePosition {
            let before = bytes[..<offset]
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            return SourcePosition(offset: offset, line: before.filter { $0 == 0x0A }.count + 1,
                                  column: offset - lineStart + 1)
        }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var nul: SourcePosition?
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == 0, nul == nil { nul = location(offset) }
                offset += scalar.count
            case .error:
                return (nul, location(offset))
            case .emptyInput:
                return (nul, nil)
            }
        }
    }

    @Test func encodingFindingsMatchTheDecoder() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("word ".utf8), Array("\n".utf8), Array("é".utf8), Array("日本".utf8),
            Array("🚀".utf8), [0x00], [0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            Array("- [ ] A longer run of plain ASCII text\n".utf8),
        ]
        var generator = Generator(state: 135)
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<generator.next(12) {
                // Mostly valid text, so that the fast path runs before the first finding.
                let piece = generator.next(4) == 0 ? pieces[generator.next(pieces.count)] : pieces[generator.next(7)]
                bytes += piece
            }
            let expected = reference(bytes)
            let found = DayDocument(parsing: bytes).diagnostics
            let nul = found.first { $0.rule == .binaryContent }
            let invalid = found.first { $0.rule == .invalidEncoding }
            // Both stop at the first broken sequence: a NUL after it is not looked for.
            #expect(invalid?.start == expected.invalid, "\(bytes)")
            #expect(nul?.start == expected.nul, "\(bytes)")
        }
    }

    /// Titles read word by word and titles copied whole (single-spaced, no `@` word, code span or link)
    /// both come out as their words, one space apart.
    @Test func titlesMatchTheirWords() {
        let words = ["Draft", "the", "report", "#work", "café", "日本語", "@carry", "@sticky", "@from:2026-11-19",
                     "@expires:2026-12-01", "@someone", "e@mail", "x", "`two  spaces`", "[a](b  c)", "x]", "Ω"]
        let blanks = [" ", "  ", "\t", " \t "]
        var generator = Generator(state: 21)
        for _ in 0..<2_000 {
            var line = "- [ ]"
            var expected: [String] = []
            var used: Set<String> = []
            for _ in 0..<generator.next(8) {
                let word = words[generator.next(words.count)]
                line += blanks[generator.next(blanks.count)] + word
                let isMetadata = ["@carry", "@sticky"].contains(word) || word.hasPrefix("@from:") || word.hasPrefix("@expires:")
                if !isMetadata { expected.append(word) }
                used.insert(word)
            }
            line += blanks[generator.next(blanks.count)]
            let document = DayDocument(parsing: "# 2026-11-21\n\n## Morning\n\(line)\n")
            let task = document.allTasks.first
            #expect(task?.title == expected.joined(separator: " "), "\(line)")
            #expect(task?.metadata.carry == used.contains("@carry"), "\(line)")
        }
    }

    /// A task line's title by a plain definition: the words between blanks (a code span or link destination
    /// keeps its own), `@carry` taken out, one space apart; trailing blanks and CRs are not part of the line.
    func referenceTitle(_ text: String) -> (title: String, carry: Bool) {
        var text = text
        while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" {
            text.unicodeScalars.removeLast()
        }
        let spans = ["`a  b`", "[a](b  c)"]
        for (index, span) in spans.enumerated() { text = text.replacing(span, with: "\u{1}\(index)") }
        var words = text.split { $0 == " " || $0 == "\t" }.map(String.init)
        for (index, span) in spans.enumerated() { words = words.map { $0.replacing("\u{1}\(index)", with: span) } }
        return (words.filter { $0 != "@carry" }.joined(separator: " "), words.contains("@carry"))
    }

    /// Each byte that decides how a title is read (blanks in a row, a tab, `@`, a backtick, `]`, a lone CR,
    /// non-ASCII text) at every position across the first three eight-byte words of the title, and at its end.
    @Test func titlesMatchTheirWordsWhereverTheBytesThatMatterFall() {
        let inserts = ["  ", "\t", " \t", "\t ", "   ", " @carry ", "@carry", "@", "e@mail", " `a  b` ", "`", "]",
                       " [a](b  c) ", "é", " 日本 ", " ", "\r", "x"]
        for insert in inserts {
            for before in 0...17 {
                for after in 0...9 {
                    let text = String("abcdefghijklmnopq".prefix(before)) + insert + String("rstuvwxyz".prefix(after))
                    let line = "- [ ] " + text
                    let expected = referenceTitle(text)
                    let document = DayDocument(parsing: "# 2026-11-21\n\n## Morning\n\(line)\n")
                    let task = document.allTasks.first
                    #expect(task?.title == expected.title, "\(Array(line.utf8))")
                    #expect(task?.metadata.carry == expected.carry, "\(Array(line.utf8))")
                    #expect(document.diagnostics.contains { $0.rule == .emptyTitle } == expected.title.isEmpty)
                }
            }
        }
    }

    /// Lines end at each LF, whatever their length (7, 8, 9, 16 bytes and every other up to 30), with LF or CR LF
    /// endings, with or without a newline at the end of the file; a lone CR inside a line is text.
    @Test func linesEndAtEachLineFeedWhateverTheirLength() {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        for ending in ["\n", "\r\n", "\r\r\n"] {
            for finalNewline in [true, false] {
                var text = "# 2026-11-21" + ending + "## Morning" + ending
                var expected: [(title: String, line: Int, offset: Int)] = []
                var titles = (1...24).map { String(letters.prefix($0)) }
                titles += ["a\rb", "\u{E9}t\u{E9}", "日本語のメモ", "tab\tand  two spaces", "x @carry"]
                for (index, title) in titles.enumerated() {
                    expected.append((referenceTitle(title).title, index + 3, text.utf8.count))
                    text += "- [ ] " + title
                    if finalNewline || index < titles.count - 1 { text += ending }
                }
                let tasks = DayDocument(parsing: text).allTasks
                #expect(tasks.map(\.title) == expected.map(\.title), "\(Array(ending.utf8)) \(finalNewline)")
                #expect(tasks.map(\.line) == expected.map(\.line), "\(Array(ending.utf8)) \(finalNewline)")
                #expect(tasks.map { $0.source?.start.offset } == expected.map(\.offset), "\(Array(ending.utf8)) \(finalNewline)")
            }
        }
        // The last line without a newline, of every length across two words.
        for length in 1...17 {
            let line = "- [ ] " + String(letters.prefix(length))
            let document = DayDocument(parsing: "# 2026-11-21\n## Morning\n" + line)
            #expect(document.allTasks.map(\.title) == [String(letters.prefix(length))], "\(line)")
            #expect(document.allTasks.first?.source?.end.column == line.utf8.count + 1, "\(line)")
        }
    }

    /// A status box with nothing but blanks (or nothing) after it has an empty title, and says so.
    @Test func emptyTitlesAreEmpty() {
        for rest in ["", " ", "  ", "\t", " \t  \t ", "        ", "         \r"] {
            let document = DayDocument(parsing: "# 2026-11-21\n## Morning\n- [ ]\(rest)\n")
            #expect(document.allTasks.map(\.title) == [""], "\(Array(rest.utf8))")
            #expect(document.diagnostics.map(\.rule) == [.emptyTitle], "\(Array(rest.utf8))")
        }
    }
}
