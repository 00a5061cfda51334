import Foundation
import Testing

/// Other tools' spellings through the built binary (FORMAT.md §3.7): lint reads their dates, mark and move write
/// in the task's own spelling or the plan folder's `metadata-style`, fmt leaves them alone, rollover carries them.
@Suite struct ForeignSpellingCommandTests {
    static let day = """
        # 2026-11-21

        ## Morning
        * [ ] Pay the rent ⏫ 📅 2026-11-20
        - [ ] Send the photos [due:: 2026-11-25]
        - [ ] Plain task

        ## Afternoon

        ## Evening

        ## Backlog
        - [ ] Write the report
          SCHEDULED: <2026-11-22 Sun>
        - [ ] Renew the passport 🛫 2026-12-20 @from:2026-10-01

        """

    @Test func lintMarkMoveFmtAndRolloverSpeakTheTasksOwnSpelling() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(".dayplan/config", "done-date = yes\nmetadata-style = dataview\n")
        _ = try folder.write("2026-11-21.md", Self.day)

        // The rent's 📅 is a due date: overdue on today's plan. The passport starts later: not long carried.
        let lint = try Binary.run(["lint", "2026-11-21.md"], in: folder.url)
        #expect(lint.stdout.contains("2026-11-21.md:4:") && lint.stdout.contains("[DP051/overdue]"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("DP052"), "\(lint.stdout)")
        #expect(try Binary.run(["fmt", "--check", "2026-11-21.md"], in: folder.url).status == 0)
        // status, export and the calendar read the same due date.
        let status = try Binary.run(["status", "--format", "json"], in: folder.url)
        #expect(status.stdout.contains(#""title":"Pay the rent ⏫ 📅 2026-11-20""#) && status.stdout.contains(#""overdue":true"#), "\(status.stdout)")
        let json = try Binary.run(["export", "--format", "json"], in: folder.url).stdout
        #expect(json.contains(#""due":"2026-11-20","priority":"high"}"#), "\(json)")
        let calendar = try Binary.run(["export", "--format", "ics"], in: folder.url).stdout
        #expect(calendar.contains("DUE;VALUE=DATE:20261120\r\nSUMMARY:Pay the rent ⏫ 📅 2026-11-20\r\n"), "\(calendar)")
        #expect(calendar.contains("DUE;VALUE=DATE:20261125\r\nSUMMARY:Send the photos [due:: 2026-11-25]\r\n"), "\(calendar)")

        #expect(try Binary.run(["mark", "done", "2026-11-21.md:4"], in: folder.url).status == 0)
        #expect(try Binary.run(["mark", "done", "2026-11-21.md:5"], in: folder.url).status == 0)
        #expect(try Binary.run(["mark", "done", "2026-11-21.md:6"], in: folder.url).status == 0)
        let marked = try folder.read("2026-11-21.md")
        #expect(marked.contains("* [x] Pay the rent ⏫ 📅 2026-11-20 ✅ 2026-11-21\n"), "\(marked)")
        #expect(marked.contains("- [x] Send the photos [due:: 2026-11-25] [completion:: 2026-11-21]\n"), "\(marked)")
        // A task that spells nothing another way: the plan folder's style.
        #expect(marked.contains("- [x] Plain task [completion:: 2026-11-21]\n"), "\(marked)")

        // The Logseq line under the report is its scheduled day: rollover into 2026-11-22 places it.
        let rollover = try Binary.run(["rollover", "--date", "2026-11-22"], in: folder.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        let next = try folder.read("2026-11-22.md")
        #expect(next.contains("- [ ] Write the report\n"), "\(next)")
        #expect(next.contains("- [ ] Renew the passport 🛫 2026-12-20 @from:2026-10-01\n"), "\(next)")
        #expect(!next.contains("SCHEDULED:"), "\(next)")
    }

    /// `fmt` keeps each spelling; `fmt --metadata-style` rewrites every task's in the one asked for, and back.
    @Test func fmtRewritesSpellingsOnlyWhenAsked() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("2026-11-21.md", Self.day)
        #expect(try Binary.run(["fmt", "2026-11-21.md"], in: folder.url).stdout == Self.day)
        let dayplan = try Binary.run(["fmt", "--metadata-style", "dayplan", "2026-11-21.md"], in: folder.url)
        #expect(dayplan.status == 0)
        #expect(dayplan.stdout.contains("* [ ] Pay the rent @due:2026-11-20 @priority:high\n"), "\(dayplan.stdout)")
        #expect(dayplan.stdout.contains("- [ ] Send the photos @due:2026-11-25\n"))
        #expect(dayplan.stdout.contains("- [ ] Write the report @on:2026-11-22\n") && !dayplan.stdout.contains("SCHEDULED:"))
        let obsidian = try Binary.run(["fmt", "--metadata-style", "obsidian-tasks"], in: folder.url, stdin: Array(dayplan.stdout.utf8))
        #expect(obsidian.stdout.contains("* [ ] Pay the rent 📅 2026-11-20 ⏫\n"), "\(obsidian.stdout)")
        #expect(obsidian.stdout.contains("- [ ] Renew the passport 🛫 2026-12-20 ➕ 2026-10-01\n"), "\(obsidian.stdout)")
        let dataview = try Binary.run(["fmt", "--metadata-style", "dataview"], in: folder.url, stdin: Array(obsidian.stdout.utf8))
        #expect(dataview.stdout.contains("* [ ] Pay the rent [due:: 2026-11-20] [priority:: high]\n"), "\(dataview.stdout)")
        // Each spelling reads as the same facts.
        let back = try Binary.run(["fmt", "--metadata-style", "dayplan"], in: folder.url, stdin: Array(dataview.stdout.utf8))
        #expect(back.stdout == dayplan.stdout)
        #expect(try Binary.run(["fmt", "--metadata-style", "logseq", "2026-11-21.md"], in: folder.url).status == 2)
    }

    /// `query --priority` finds tasks by priority in any spelling.
    @Test func queryFindsTasksByPriorityInAnySpelling() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("2026-11-21.md", Self.day + "- [ ] Call the bank @priority:high\n- [ ] Tidy [priority:: low]\n")
        let high = try Binary.run(["query", "--priority", "high,highest"], in: folder.url)
        #expect(high.status == 0, "\(high.stderr)")
        #expect(high.stdout == "2026-11-21.md:4:1: [ ] Pay the rent ⏫ 📅 2026-11-20\n2026-11-21.md:16:1: [ ] Call the bank\n", "\(high.stdout)")
        #expect(try Binary.run(["query", "--priority", "low"], in: folder.url).stdout == "2026-11-21.md:17:1: [ ] Tidy [priority:: low]\n")
        let wrong = try Binary.run(["query", "--priority", "urgent"], in: folder.url)
        #expect(wrong.status == 2 && wrong.stderr.contains("--priority 'urgent' names no priority"))
    }

    /// status lists the open tasks of a high priority (highest, high, medium) in any spelling, highest first,
    /// in its text and its JSON.
    @Test func statusListsTheTasksOfAHighPriority() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("2026-11-21.md", Self.day + "- [ ] Call the bank [priority:: highest]\n- [ ] Tidy 🔽\n- [x] Post the letter 🔺\n")
        let text = try Binary.run(["status"], in: folder.url)
        #expect(text.stdout.contains("\nPriority   Call the bank [priority:: highest] (highest, Backlog), Pay the rent ⏫ 📅 2026-11-20 (high, Morning)\n"),
                "\(text.stdout)")
        let json = try Binary.run(["status", "--format", "json"], in: folder.url).stdout
        #expect(json.contains(#""prioritized":[{"title":"Call the bank [priority:: highest]","line":16,"priority":"highest","region":"Backlog"},"#
                              + #"{"title":"Pay the rent ⏫ 📅 2026-11-20","line":4,"priority":"high","region":"Morning"}],"#), "\(json)")
    }

    /// `move --on` on a task scheduled by Logseq's line rewrites that line's date and weekday; rollover's `@from:`
    /// on a task that spells nothing another way follows the plan folder's `metadata-style`.
    @Test func moveRedatesLogseqsLineAndRolloverSpellsTheFromDayAsTheSettingSays() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write(".dayplan/config", "metadata-style = obsidian-tasks\n")
        _ = try folder.write("2026-11-21.md", Self.day)
        let move = try Binary.run(["move", "--on", "2026-11-25", "Write the report"], in: folder.url)
        #expect(move.status == 0, "\(move.stderr)")
        let moved = try folder.read("2026-11-21.md")
        #expect(moved == Self.day.replacingOccurrences(of: "SCHEDULED: <2026-11-22 Sun>", with: "SCHEDULED: <2026-11-25 Wed>"), "\(moved)")
        #expect(try Binary.run(["lint", "2026-11-21.md"], in: folder.url).stdout.contains("DP034") == false)

        let rollover = try Binary.run(["rollover", "--date", "2026-11-22"], in: folder.url)
        #expect(rollover.status == 0, "\(rollover.stderr)")
        let next = try folder.read("2026-11-22.md")
        #expect(next.contains("- [ ] Plain task ➕ 2026-11-21\n"), "\(next)")
        #expect(next.contains("- [ ] Send the photos [due:: 2026-11-25] [created:: 2026-11-21]\n"), "\(next)")
        // The Backlog task goes on with its Logseq line as moved.
        #expect(next.contains("- [ ] Write the report\n  SCHEDULED: <2026-11-25 Wed>\n"), "\(next)")
        #expect(try Binary.run(["lint", "2026-11-22.md"], in: folder.url).status == 0)
    }
}
