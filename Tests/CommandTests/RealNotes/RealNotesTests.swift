import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Daily notes written the way real vaults write them (Obsidian Tasks' emoji dates,
/// Templater leftovers, two front matter blocks, tab-nested checklists, Logseq's TODO words, CJK titles, hard
/// breaks, a section between regions, folders with capital letters and spaces) rolled over by the binary, and
/// checked by an invariant that reads the files with its own few patterns, not with dayplan's parser:
///
/// - every open checkbox-like line of the old day is in the new day exactly as many times as it was open (as an
///   open line with the same text), or stands unchanged in the old day and is named in a finding on its line;
/// - no line of the old day that is not an open checkbox-like line changes;
/// - running rollover again changes nothing.
@Suite struct RealNotesTests {
    /// Each note of `Vault/`, by its path there (each is rolled over in a plan folder of its own).
    static let notes: [String] = {
        let vault = Repository.url("Tests/CommandTests/RealNotes/Vault").path
        return (FileManager.default.subpaths(atPath: vault) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }()

    /// A line a Markdown renderer or a task plugin shows as an open task: an open checkbox (`- [ ] …`, `- [/] …`,
    /// `1. [ ] …`) or a Logseq/org word (`- TODO …`, `** TODO …`, `DOING`, `LATER`, `NOW`); its text, white space
    /// folded.
    static func openText(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        var rest = trimmed
        let stars = rest.prefix { $0 == "*" }
        if stars.count >= 2, rest.dropFirst(stars.count).first == " " {
            // An org-mode headline (`** TODO …`).
            rest = rest.dropFirst(stars.count)
        } else if let bullet = rest.first, "-*+".contains(bullet) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let close = rest.first, ".)".contains(close) else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.first == " " || rest.first == "\t" else { return nil }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        var text: Substring
        if rest.hasPrefix("[ ]") || rest.hasPrefix("[/]") {
            text = rest.dropFirst(3)
        } else if let word = ["TODO ", "DOING ", "LATER ", "NOW "].first(where: { rest.hasPrefix($0) }) {
            text = rest.dropFirst(word.count)
        } else {
            return nil
        }
        // Less what rollover adds: the day a task left, `@from:`, or in an Obsidian Tasks line `➕ DATE` (FORMAT.md §3.7).
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).filter { !$0.hasPrefix("@from:") }
        while let plus = words.firstIndex(of: "➕"), plus + 1 < words.count {
            words.removeSubrange(plus...(plus + 1))
        }
        return words.joined(separator: " ")
    }

    /// The lines of a file, without their line endings.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
    }

    @Test(arguments: notes)
    func rolloverKeepsEveryOpenLineOrNamesIt(_ note: String) throws {
        #expect(Self.notes.count >= 3)
        let folder = try TemporaryFolder()
        let original = try String(contentsOf: Repository.url("Tests/CommandTests/RealNotes/Vault/" + note), encoding: .utf8)
        try folder.write(note, original)
        let run = try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url)
        // The lines rollover named, as `path:line:column:`.
        let named = Set(run.stderr.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(note + ":") else { return nil }
            return Int(line.dropFirst(note.count + 1).prefix { $0.isNumber })
        })
        // Exit 1 exactly when it left something behind (each named), so that a run from cron shows it.
        let leftBehind = run.stdout.contains(" left behind in ")
        #expect(run.status == (leftBehind ? 1 : 0), "\(note): \(run.stderr)")
        if leftBehind { #expect(!named.isEmpty, "\(note): \(run.stdout)") }
        let before = Self.lines(original)
        let after = Self.lines(try folder.read(note))
        #expect(before.count == after.count, "\(note): the old day's line count changed")
        let newName = (note as NSString).deletingLastPathComponent.isEmpty ? "2026-11-21.md"
            : (note as NSString).deletingLastPathComponent + "/2026-11-21.md"
        let newDay = Self.lines(try folder.read(newName))

        var moved: [String: Int] = [:]
        for (index, (old, new)) in zip(before, after).enumerated() {
            guard let text = Self.openText(old), !text.isEmpty else {
                #expect(old == new, "\(note):\(index + 1) is no open task, yet it changed: '\(old)' -> '\(new)'")
                continue
            }
            if old == new {
                #expect(named.contains(index + 1), "\(note):\(index + 1) '\(old)' stayed open in the old day, and no finding names it")
            } else {
                #expect(Self.openText(new) == nil, "\(note):\(index + 1) changed but is still open: '\(new)'")
                moved[text, default: 0] += 1
            }
        }
        var arrived: [String: Int] = [:]
        for line in newDay { if let text = Self.openText(line), !text.isEmpty { arrived[text, default: 0] += 1 } }
        #expect(arrived == moved, "\(note): the new day's open lines are not the old day's moved on, each as often")

        // Running again changes nothing.
        let snapshot = try FolderSnapshot(folder.url)
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == run.status)
        #expect(try FolderSnapshot(folder.url) == snapshot, "\(note): a second run changed something")
    }

    /// A line compared across `fmt` as a reader sees it: its words, white space folded; a checklist line by
    /// its box and the set of its words (fmt may change the bullet and put metadata last).
    static func key(_ line: Substring) -> String {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var rest = line.drop { $0 == " " || $0 == "\t" }
        if let bullet = rest.first, "-*+".contains(bullet) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix(while: \.isNumber)
            guard !digits.isEmpty, let close = rest.dropFirst(digits.count).first, ".)".contains(close) else {
                return words.joined(separator: " ")
            }
            rest = rest.dropFirst(digits.count + 1)
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.count >= 3, rest.first == "[", rest.dropFirst(2).first == "]" else { return words.joined(separator: " ") }
        return String(rest.prefix(3)) + " " + rest.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).sorted().joined(separator: " ")
    }

    /// Whether a line ends in a Markdown hard break: two spaces, or a backslash.
    static func endsInHardBreak(_ line: Substring) -> Bool {
        line.hasSuffix("  ") && line.contains { $0 != " " && $0 != "\t" } || line.hasSuffix("\\")
    }

    /// On every corpus note, every non-blank line keeps its order (the only lines
    /// added are region headings), and every hard break that shows (one followed directly by another line that is
    /// not a heading) is still there, followed by the same line.
    @Test(arguments: notes)
    func fmtKeepsTheOrderOfEveryLineAndEveryHardBreak(_ note: String) throws {
        let folder = try TemporaryFolder()
        let original = try String(contentsOf: Repository.url("Tests/CommandTests/RealNotes/Vault/" + note), encoding: .utf8)
        try folder.write(note, original)
        let run = try Binary.run(["fmt", note], in: folder.url)
        #expect(run.status == 0, "\(note): \(run.stderr)")
        let before = Self.lines(original), after = Self.lines(run.stdout)
        let regionHeadings = ["## Morning", "## Afternoon", "## Evening", "## Backlog"]
        // Where each non-blank line of the note stands in fmt's output.
        var placed: [Int: Int] = [:]
        var next = before.indices.first { !Self.key(before[$0]).isEmpty }
        for (index, line) in after.enumerated() where !Self.key(line).isEmpty {
            if let at = next, Self.key(before[at]) == Self.key(line) {
                placed[at] = index
                next = before.indices.first { $0 > at && !Self.key(before[$0]).isEmpty }
            } else {
                #expect(regionHeadings.contains(String(line)), "\(note): output line \(index + 1) '\(line)' is not the next line of the note")
            }
        }
        #expect(next == nil, "\(note): line \((next ?? 0) + 1) '\(next.map { before[$0] } ?? "")' is missing or out of order")
        for index in before.indices.dropLast() where Self.endsInHardBreak(before[index]) {
            let following = before[index + 1]
            guard !Self.key(following).isEmpty, !following.hasPrefix("#"), let at = placed[index] else { continue }
            #expect(Self.endsInHardBreak(after[at]), "\(note):\(index + 1) lost its hard break: '\(after[at])'")
            #expect(placed[index + 1] == at + 1, "\(note):\(index + 1) is no longer followed directly by its next line")
        }
    }
}
