import DayPlan
import Foundation
import Testing

/// Issue 34's acceptance: daily notes written the way real vaults write them (Obsidian Tasks' emoji dates,
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
    /// `1. [ ] …`) or a Logseq/org word (`- TODO …`, `DOING`, `LATER`, `NOW`); its text, white space folded.
    static func openText(_ line: Substring) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        var rest = trimmed
        if let bullet = rest.first, "-*+".contains(bullet) {
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
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).filter { !$0.hasPrefix("@from:") }
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
        #expect(run.status == 0, "\(note): \(run.stderr)")
        // The lines rollover named, as `path:line:column:`.
        let named = Set(run.stderr.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix(note + ":") else { return nil }
            return Int(line.dropFirst(note.count + 1).prefix { $0.isNumber })
        })
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
        #expect(try Binary.run(["rollover", "--date", "2026-11-21"], in: folder.url).status == 0)
        #expect(try FolderSnapshot(folder.url) == snapshot, "\(note): a second run changed something")
    }
}
