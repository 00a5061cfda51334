@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Makes random day files from a seed: valid plans written in every spelling the format accepts
/// (heading case, spacing, tabs, `[X]`, CRLF, a BOM, missing or shuffled regions, notes, free text,
/// comments, fences, other sections), plus odd lines. The same seed gives the same file.
struct DocumentGenerator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    static let words = ["review", "draft", "call", "plan", "fix", "write", "pay", "book", "café", "Straße",
                        "日本語", "🚀", "Ωmega", "naïve", "#work", "#home/garden", "@sam", "bob@example.com",
                        "10:30", "#123", "x", "[link](https://example.com)", "`code`", "**bold**"]

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &random)] }

    mutating func space() -> String { chance(80) ? " " : pick(["  ", "\t", " \t "]) }

    mutating func words(_ range: ClosedRange<Int>) -> String {
        (0..<Int.random(in: range, using: &random)).map { _ in pick(Self.words) }.joined(separator: space())
    }

    mutating func metadata() -> String {
        var parts: [String] = []
        if chance(15) { parts.append(pick(["@carry", "@Carry", "@CARRY"])) }
        if chance(10) { parts.append("@sticky") }
        if chance(10) { parts.append("@expires:2026-12-0\(Int.random(in: 1...9, using: &random))") }
        if chance(10) { parts.append("@from:2026-11-1\(Int.random(in: 0...9, using: &random))") }
        if chance(5) { parts.append("@expired") }
        if chance(3) { parts.append(pick(["@expires:soon", "@due:2026-01-01", "@carry:yes"])) }
        return parts.shuffled(using: &random).joined(separator: " ")
    }

    mutating func taskLine() -> String {
        let bullet = pick(["*", "+", "-"])
        let mark = pick([" ", " ", "/", "x", "X", ">", "-"])
        let title = words(1...6)
        let meta = metadata()
        let indent = chance(5) ? pick([" ", "  "]) : ""
        let gap = chance(5) ? "" : space()
        return "\(indent)\(bullet)\(space())[\(mark)]\(gap)\(title)\(meta.isEmpty ? "" : space() + meta)\(chance(10) ? "  " : "")"
    }

    mutating func notes() -> [String] {
        guard chance(25) else { return [] }
        let indent = pick(["  ", "    ", "\t", " "])
        return (0..<Int.random(in: 1...3, using: &random)).flatMap { _ -> [String] in
            var lines = [indent + (chance(20) ? "  " : "") + words(1...5)]
            if chance(10) { lines.insert("", at: 0) }
            return lines
        }
    }

    mutating func freeLine() -> String {
        pick(["", "", "Some free text.", "  indented free text", "### A smaller heading", "- plain item",
              "<!-- a comment -->", "> a quote", "| a | table |", "trailing   ", "#tag-only-line", "---"])
    }

    mutating func block() -> [String] {
        chance(50)
            ? ["```", "## Morning", "* [ ] not a task", "", "```"]
            : ["<!--", "* [ ] hidden", "## Backlog", "-->"]
    }

    mutating func regionHeading(_ region: Region) -> String {
        let name = pick([region.name, region.name.lowercased(), region.name.uppercased()])
        return "##\(space())\(name)\(chance(10) ? " ##" : "")\(chance(10) ? "  " : "")"
    }

    /// A whole file as text, before any line-ending or BOM choice.
    mutating func lines(day: Day) -> [String] {
        var lines: [String] = []
        if chance(5) { lines += ["---", "tags: [daily]", "---"] }
        if chance(5) { lines.append("") }
        lines.append("#\(space())\(day)\(chance(10) ? " " : "")")
        if chance(20) { lines += ["", "A preamble line."] }
        if chance(3) { lines.append(taskLine()) }  // a task before any region: refused
        var regions = Region.allCases.filter { _ in chance(85) }
        if chance(15) { regions.shuffle(using: &random) }
        for region in regions {
            if chance(10) { lines.append("") }
            lines.append(regionHeading(region))
            for _ in 0..<Int.random(in: 0...7, using: &random) {
                switch Int.random(in: 0..<100, using: &random) {
                case 0..<70: lines.append(taskLine()); lines += notes()
                case 70..<95: lines.append(freeLine())
                default: lines += block()
                }
            }
        }
        if chance(3), let first = regions.first { lines += [regionHeading(first), taskLine()] }  // a region twice: refused
        if chance(30) {
            lines += ["", pick(["## Notes", "## Journal", "## notes"]), words(2...8), "", "- [ ] journal line"]
        }
        return lines
    }

    /// A whole file as bytes: LF or CRLF (sometimes mixed), sometimes a BOM, sometimes no final newline.
    mutating func file(day: Day) -> [UInt8] {
        let lines = lines(day: day)
        let ending = chance(20) ? "\r\n" : "\n"
        var text = ""
        for (index, line) in lines.enumerated() {
            text += line
            if index < lines.count - 1 || chance(90) { text += chance(3) ? pick(["\n", "\r\n"]) : ending }
        }
        return (chance(5) ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
    }

    /// Bytes with a day plan's punctuation, more likely to reach odd corners than uniform noise.
    mutating func junk() -> [UInt8] {
        let alphabet = Array("#*+-[]x/> \t\n\r@:-0123456789abc`~<!->é日".utf8) + [0xFF, 0x00, 0xC3]
        return (0..<Int.random(in: 0...400, using: &random)).map { _ in pick(alphabet) }
    }
}
