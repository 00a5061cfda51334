import Foundation
import Testing

/// A day from a vault, through every command that reads its dates (issue 60): `Vault/2026-11-20.md` mixes Obsidian
/// Tasks' emoji, Dataview's fields (both brackets) and Logseq's `SCHEDULED:`/`DEADLINE:` lines, and `Golden/` holds
/// what lint, status, query, export and rollover make of it, and of the day rollover makes from it. Beside the
/// goldens, each test checks that a due date is a due date in every output. Re-record after an intended change with
/// `RECORD_GOLDEN=1 swift test --filter VaultGoldenTests`, then review the diff.
@Suite struct VaultGoldenTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"
    static let dueDates = ["Pay the rent": "2026-11-20", "Call the plumber": "2026-11-19", "Water the plants": "2026-11-23",
                           "Read the contract": "2026-11-24", "Book the flights": "2026-11-30"]

    /// A plan folder holding the vault's day, today being 2026-11-21 (`Binary.environment`).
    static func vault() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(".dayplan/config", "done-date = yes\n")
        try folder.write("2026-11-20.md", bytes: Array(try Data(contentsOf: here.appendingPathComponent("Vault/2026-11-20.md"))))
        return folder
    }

    /// Compares `text` with the golden file `name` (writes it when recording).
    static func golden(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = here.appendingPathComponent("Golden/\(name)")
        if recording { try Data(text.utf8).write(to: file) }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(text == expected, "\(name) differs; re-record with RECORD_GOLDEN=1 and review the diff", sourceLocation: sourceLocation)
    }

    /// A run as its golden holds it: standard output, then standard error and the exit status.
    static func shown(_ run: Binary.Run) -> String {
        run.stdout + (run.stderr.isEmpty ? "" : "--- stderr\n" + run.stderr) + "--- exit \(run.status)\n"
    }

    @Test func lintStatusQueryAndExportReadTheSameDates() throws {
        let folder = try Self.vault()
        let lint = try Binary.run(["lint", "2026-11-20.md"], in: folder.url)
        try Self.golden("lint.txt", Self.shown(lint))
        let status = try Binary.run(["status", "2026-11-20"], in: folder.url)
        try Self.golden("status.txt", Self.shown(status))
        let statusJSON = try Binary.run(["status", "2026-11-20", "--format", "json"], in: folder.url)
        try Self.golden("status.json", statusJSON.stdout)
        let due = try Binary.run(["query", "--due", "2026-11"], in: folder.url)
        try Self.golden("query-due.txt", Self.shown(due))
        let priority = try Binary.run(["query", "--priority", "high,medium"], in: folder.url)
        try Self.golden("query-priority.txt", Self.shown(priority))
        let json = try Binary.run(["export", "--format", "json"], in: folder.url)
        try Self.golden("export.json", json.stdout)
        let calendar = try Binary.run(["export", "--format", "ics"], in: folder.url)
        try Self.golden("export.ics", calendar.stdout)

        // Each due date, whatever its spelling, is a due date to each command.
        let statusObject = try #require(try JSONSerialization.jsonObject(with: Data(statusJSON.stdout.utf8)) as? [String: Any])
        let deadlines = try #require(statusObject["deadlines"] as? [[String: Any]])
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let days = try #require(exported["days"] as? [[String: Any]])
        let tasks = (days.first?["regions"] as? [[String: Any]] ?? []).flatMap { $0["tasks"] as? [[String: Any]] ?? [] }
        for (title, day) in Self.dueDates {
            #expect(due.stdout.contains("] \(title)"), "query --due: \(title)")
            let task = tasks.first { ($0["title"] as? String)?.hasPrefix(title) == true }
            #expect((task?["metadata"] as? [String: Any])?["due"] as? String == day, "export: \(title)")
            #expect(calendar.stdout.contains("DUE;VALUE=DATE:\(day.replacingOccurrences(of: "-", with: ""))\r\nSUMMARY:\(title)"),
                    "the calendar: \(title)")
            // status lists the deadlines of the next three days, past ones included.
            if day <= "2026-11-23" {
                #expect(deadlines.contains { ($0["title"] as? String)?.hasPrefix(title) == true && $0["due"] as? String == day },
                        "status: \(title)")
            }
        }
        #expect(lint.stdout.contains("[DP042/foreign-metadata]") && lint.status == 0, "🔁 every week is named, not read")
    }

    @Test func rolloverWritesInEachTasksSpellingAndKeepsEachTaskOneTask() throws {
        let folder = try Self.vault()
        let rollover = try Binary.run(["rollover"], in: folder.url)
        try Self.golden("rollover.txt", Self.shown(rollover))
        try Self.golden("rollover-2026-11-20.md", try folder.read("2026-11-20.md"))
        try Self.golden("rollover-2026-11-21.md", try folder.read("2026-11-21.md"))
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        try Self.golden("rollover-lint.txt", Self.shown(lint))
        let status = try Binary.run(["status"], in: folder.url)
        try Self.golden("rollover-status.txt", Self.shown(status))
        let due = try Binary.run(["query", "--due", "2026-11"], in: folder.url)
        try Self.golden("rollover-query-due.txt", Self.shown(due))

        // The from day is written the way each task spells its dates: ➕ on Obsidian's, created:: on Dataview's.
        let today = try folder.read("2026-11-21.md")
        #expect(today.contains("* [ ] Pay the rent ⏫ 📅 2026-11-20 ➕ 2026-11-20\n"), "\(today)")
        #expect(today.contains("- [ ] Call the plumber [due:: 2026-11-19] [priority:: high] [created:: 2026-11-20]\n"), "\(today)")
        // A task whose title gained a spelling is still the task it was: query lists it once, where it stands now.
        for (title, _) in Self.dueDates {
            let lines = due.stdout.split(separator: "\n").filter { $0.contains("] \(title)") }
            #expect(lines.count == 1 && lines.first?.hasPrefix("2026-11-21.md:") == true, "\(title): \(lines)")
        }
        let history = try Binary.run(["query", "--history", "--text", "rent"], in: folder.url)
        #expect(history.stdout.hasPrefix("2026-11-20.md:4:1: [>] Pay the rent ⏫ 📅 2026-11-20\n2026-11-21.md:10:1: [ ] Pay the rent"),
                "\(history.stdout)")
        // The deadlines stay deadlines on the new day.
        #expect(lint.stdout.contains("2026-11-21.md:10:1: warning: Pay the rent") && lint.stdout.contains("[DP051/overdue]"), "\(lint.stdout)")
        // Run again, rollover finds each task there already: nothing is added twice.
        let again = try Binary.run(["rollover"], in: folder.url)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try folder.read("2026-11-21.md") == today)
    }
}
