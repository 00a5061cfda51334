import Foundation
import Testing

/// The vault's day (`VaultGoldenTests`) through `dayplan sync` to a real Radicale: the to-dos the phone sees,
/// `Golden/phone.txt` (SUMMARY|STATUS|DUE, as phone.py lists them), carry each due date in whatever spelling the
/// day gives it; a due date changed on the phone comes back in the task's own spelling.
extension SyncCommandTests {
    @Test(.enabled(if: missing == nil, "skipped: \(missing ?? "") is not installed, so there is no CalDAV server or phone to sync with"),
          .timeLimit(.minutes(10)))
    func aVaultDaysDueDatesReachThePhoneInAnySpelling() throws {
        let folder = try TemporaryFolder()
        let server = try RadicaleServer(in: folder.url)
        defer { server.stop() }
        let plan = try plan(folder, server)
        // The vault's day as today's plan (sync sends today's tasks and those of the days ahead).
        let vault = try String(contentsOf: VaultGoldenTests.here.appendingPathComponent("Vault/2026-11-20.md"), encoding: .utf8)
        let today = vault.replacingOccurrences(of: "# 2026-11-20\n", with: "# 2026-11-21\n")
        try today.write(to: plan.appendingPathComponent("2026-11-21.md"), atomically: true, encoding: .utf8)

        let first = try sync(plan)
        #expect(first.status == 0, "\(first.stderr)")
        let list = try phone(server, ["list"], in: folder)
        try VaultGoldenTests.golden("phone.txt", list)
        for (title, day) in VaultGoldenTests.dueDates {
            #expect(list.split(separator: "\n").contains { $0.hasPrefix(title) && $0.hasSuffix("|NEEDS-ACTION|\(day)") }, "\(title): \(list)")
        }

        // A due date moved on the phone is written back where the task spells it: 📅, then [due:: ].
        try phone(server, ["due", "Pay the rent ⏫ 📅 2026-11-20", "2026-11-27", "--",
                           "due", "Call the plumber [due:: 2026-11-19] [priority:: high]", "2026-11-28"], in: folder)
        let second = try sync(plan)
        #expect(second.status == 0, "\(second.stderr)")
        let changed = try day(plan)
        #expect(changed.contains("* [ ] Pay the rent ⏫ 📅 2026-11-27\n"), "\(changed)")
        #expect(changed.contains("- [ ] Call the plumber [due:: 2026-11-28] [priority:: high]\n"), "\(changed)")
        #expect(!changed.contains("@due:"), "\(changed)")
        // Nothing else moved. The two titles now spell the new dates, so the next sync sends them (the phone's
        // summaries still spelled the old ones), as the same to-dos; then the two sides are in step.
        #expect(changed == today.replacingOccurrences(of: "📅 2026-11-20", with: "📅 2026-11-27")
                    .replacingOccurrences(of: "[due:: 2026-11-19]", with: "[due:: 2026-11-28]"))
        let third = try sync(plan)
        #expect(third.stdout.hasSuffix(": 2 sent (0 new), 0 changed here, 0 conflicts\n"), "\(third.stdout)")
        #expect(try phone(server, ["list"], in: folder).contains("Pay the rent ⏫ 📅 2026-11-27|NEEDS-ACTION|2026-11-27\n"))
        let fourth = try sync(plan)
        #expect(fourth.stdout.hasSuffix(": 0 sent (0 new), 0 changed here, 0 conflicts\n"), "\(fourth.stdout)")
        #expect(try day(plan) == changed)
    }
}
