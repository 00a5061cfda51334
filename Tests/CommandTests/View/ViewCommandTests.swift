import Foundation
import Testing

/// `dayplan view` in a real terminal: tmux runs it, `capture-pane` reads the screen, `send-keys` types. Each test
/// has its own tmux server (`TmuxSession`), its own plan folder, and "now" fixed by `Binary.environment`. The terminal's
/// settings (`stty -a`) are compared before the view starts and after it ends, by `q` and by SIGTERM.
@Suite(.serialized) struct ViewCommandTests {
    @Test func refusesWhenNotATerminal() throws {
        let folder = try DailyFixtures.folder()
        let run = try Binary.run(["view"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.stderr == "dayplan view: standard input and output must be a terminal; for the day as text, run 'dayplan status'\n")
    }

    /// `T` runs `dayplan start FILE:LINE` on the selected task and, on the task being timed, `dayplan stop`: the
    /// commands' messages in the status line, the file as they write it, the task's marks read again.
    @Test func timingKeyStartsAndStopsTheSelectedTask() throws {
        guard let session = try TmuxView.start() else { return }
        try session.waitFor("must 1/1")
        try session.send("T")
        try session.waitFor("started at 12:00 and marked doing: Write the talk #work")
        // The pane full width shows the task's marks whole.
        try session.send("f")
        try session.waitFor("Write the talk #work  timing since 12:00")
        try session.send("f")
        #expect(try session.folder.read("2026-11-21.md").contains("* [/] Write the talk #work @running:12:00\n"))
        try session.send("T")
        try session.waitFor("stopped after less than a minute: Write the talk #work")
        #expect(try session.folder.read("2026-11-21.md").contains("* [/] Write the talk #work\n"))
        try session.send("q")
        #expect(try session.waitForExit() == "0")
    }

    @Test func marksMovesRefusesAddsUndoesReloadsResizesAndQuits() throws {
        guard let session = try TmuxView.start() else { return }
        // Opened on today's first open task, Morning's must task.
        try session.waitFor("Morning · ")
        try session.waitFor("must 1/1")
        #expect(try session.screen().contains("[ ] Write the talk #work"))

        // Mark it done: one byte of the file, and the summary mark prints.
        try session.send("x")
        try session.waitFor("2026-11-21.md:4: marked done (was to do): Write the talk #work")
        #expect(try session.folder.read("2026-11-21.md").contains("* [x] Write the talk #work\n"))

        // Undo and redo are the byte edits the view made.
        try session.send("u")
        try session.waitFor("undone: marked done (was to do): Write the talk #work")
        #expect(try session.folder.read("2026-11-21.md") == DailyFixtures.today)
        try session.sendKey("C-r")
        try session.waitFor("redone: marked done")
        #expect(try session.folder.read("2026-11-21.md").contains("* [x] Write the talk #work\n"))

        // Move the in-progress complementary task to the Afternoon, same bucket.
        try session.send("g")
        try session.send("L")
        try session.waitFor("moved from Morning to Afternoon (complementary): Review the budget")
        #expect(try session.folder.read("2026-11-21.md").contains("## Afternoon\n- [ ] Buy milk\n+\t[/] Review the budget\n"))

        // A must task into Afternoon twice: the second is refused, in move's words, and nothing is written.
        try session.send("1")
        try session.waitFor("moved to Afternoon (must): Review the budget")
        try session.send("a")
        try session.send("* Another must")
        try session.sendKey("Enter")
        try session.waitFor("Afternoon has 1 open must task; the limit is 1 [DP101/bucket-limit]")
        #expect(try !session.folder.read("2026-11-21.md").contains("Another must"))

        // Add with a bucket prefix.
        try session.send("a")
        try session.send("+ Plan the offsite")
        try session.sendKey("Enter")
        try session.waitFor("added to Afternoon (complementary): Plan the offsite")
        #expect(try session.folder.read("2026-11-21.md").contains("+ [ ] Plan the offsite\n"))

        // Another process's add appears without a key.
        let other = try Binary.run(["add", "Call the plumber"], in: session.folder.url)
        #expect(other.status == 0)
        try session.waitFor("[ ] Call the plumber")

        // Narrower: stacked (no columns); wider again: side by side.
        try session.resize(columns: 70, rows: 30)
        try session.waitFor { !$0.contains("│") && $0.contains("Afternoon · ") }
        try session.resize(columns: 160, rows: 40)
        try session.waitFor { $0.contains("│") }

        try session.send("q")
        let status = try session.waitForExit()
        #expect(status == "0")
        #expect(try session.terminalSettings() == (try session.terminalSettingsBefore()))
    }

    @Test func sigtermGivesTheTerminalBack() throws {
        guard let session = try TmuxView.start() else { return }
        try session.waitFor("Morning · ")
        let pid = try session.folder.read("view.pid").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(kill(pid_t(pid) ?? 0, SIGTERM) == 0)
        #expect(try session.waitForExit() == "143")
        #expect(try session.terminalSettings() == (try session.terminalSettingsBefore()))
    }
    @Test func enterOpensTheEditorAtTheLineAndReadsTheFileAgain() throws {
        // A fake editor: it is given +LINE and the path, and changes that line.
        let editor = """
            #!/bin/sh
            line=${1#+}
            sed -i "${line}s/Write the talk/Write the keynote/" "$2"

            """
        guard let session = try TmuxView.start(before: { folder in
            let script = try folder.write("editor.sh", editor)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }, environment: "VISUAL=./editor.sh") else { return }
        try session.waitFor("[ ] Write the talk #work")
        try session.sendKey("Enter")
        try session.waitFor("[ ] Write the keynote #work")
        #expect(try session.folder.read("2026-11-21.md").contains("* [ ] Write the keynote #work\n"))
        try session.send("q")
        #expect(try session.waitForExit() == "0")
        #expect(try session.terminalSettings() == (try session.terminalSettingsBefore()))
    }

    /// `R` on a new morning: the dry run shown, `n` leaves everything as it is, `R` then `y` rolls over as the command
    /// does (today's file made, the record for `--undo` written) and shows today with rollover's summary.
    @Test func rolloverFromTheViewIsPreviewedThenDone() throws {
        guard let session = try TmuxView.start(before: { folder in
            let yesterday = DailyFixtures.today.replacingOccurrences(of: "# 2026-11-21", with: "# 2026-11-20")
            try folder.write("2026-11-20.md", yesterday)
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("2026-11-21.md"))
        }) else { return }
        try session.waitFor("no plan yet")
        try session.send("R")
        try session.waitFor("Rollover: y does what follows")
        try session.waitFor("dry run, nothing written")
        // The task under `## Notes` stays behind, and the preview names it (its long line wrapped, not cut).
        try session.waitFor("Left behind: `- [ ] not a task: under Notes`")
        try session.send("n")
        try session.waitFor("rollover not done; nothing changed")
        #expect(!FileManager.default.fileExists(atPath: session.folder.url.appendingPathComponent("2026-11-21.md").path))
        try session.send("R")
        try session.waitFor("Rollover: y does what follows")
        try session.send("y")
        try session.waitFor("open item left behind")
        let today = try session.folder.read("2026-11-21.md")
        #expect(today.contains("## Backlog\n* [ ] Write the talk #work @from:2026-11-20\n"))
        #expect(today.contains("- [ ] Buy milk @from:2026-11-20\n"))
        try session.waitFor("[ ] Write the talk #work")
        #expect(!(try session.screen()).contains("no plan yet"))
        // It was the command's rollover: its undo brings yesterday back as it was.
        let undo = try Binary.run(["rollover", "--undo"], in: session.folder.url)
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try session.folder.read("2026-11-20.md") == DailyFixtures.today.replacingOccurrences(of: "# 2026-11-21", with: "# 2026-11-20"))
        try session.send("q")
        #expect(try session.waitForExit() == "0")
    }

    /// The calendar the settings name: its events of the day stand in their region's pane, and the region's free
    /// time is less by them (now is 12:00 here, so the header says what is next).
    @Test func theCalendarsEventsStandInTheirRegions() throws {
        guard let session = try TmuxView.start(before: { folder in
            try folder.write(".dayplan/config", "calendars = work.ics\n")
            try folder.write("work.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:review\r\nSUMMARY:Design review\r\n"
                             + "DTSTART:20261121T150000Z\r\nDTEND:20261121T160000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        }) else { return }
        try session.waitFor("◷ 15:00-16:00 Design review")
        let screen = try session.screen()
        let lines = screen.split(separator: "\n").map(String.init)
        // In the Afternoon's column (12:00-18:00 by default, less the hour).
        let title = try #require(lines.first { $0.contains("Afternoon · ") })
        #expect(title.contains("Afternoon · 5h free"), "\(title)")
        #expect(lines[0].contains("next: 15:00-16:00 Design review"), "\(lines[0])")
        try session.send("q")
        #expect(try session.waitForExit() == "0")
    }

    /// With `--mouse`, a click on a task's line selects it (the Backlog's here), and `x` then marks that task.
    @Test func aClickSelectsATask() throws {
        guard let session = try TmuxView.start(arguments: "--mouse") else { return }
        try session.waitFor("Buy milk powder")
        let lines = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("Buy milk powder") })
        let before = try #require(lines[row].range(of: "Buy milk powder")).lowerBound
        // Every character before it on that line takes one column (no wide ones), so characters count columns.
        #expect(lines[row][..<before].unicodeScalars.allSatisfy { $0.value < 0x2E80 })
        let column = lines[row].distance(from: lines[row].startIndex, to: before)
        // The SGR report a terminal sends for a press of the first button, 1-based.
        try session.send("\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m")
        try session.send("x")
        try session.waitFor("marked done (was to do): Buy milk powder")
        #expect(try session.folder.read("2026-11-21.md").contains("- [x] Buy milk powder\n"))
        try session.send("q")
        #expect(try session.waitForExit() == "0")
    }

    @Test func ctrlZGivesTheTerminalBackAndFgDrawsItWhole() throws {
        guard TmuxSession.tmux != nil else {
            print("ViewCommandTests: skipped: tmux is not installed (.ci/run installs it)")
            return
        }
        let folder = try DailyFixtures.folder()
        // An editor that changes nothing, for the hand-off; readline told to write no modes of its own (bracketed
        // paste, the meta key), so that every mode the terminal receives is the view's.
        // It writes under another name and renames, so that the test never reads the file made but not yet written.
        let editor = try folder.write("editor.sh", "#!/bin/sh\necho \"$@\" > editor.writing && mv editor.writing editor.args\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        try folder.write("inputrc", "set enable-bracketed-paste off\nset enable-meta-key off\n")
        // An interactive shell, for its job control.
        let session = try TmuxSession("bash --noprofile --norc -i", in: folder.url,
                                      environment: ["DAYPLAN_NOW": Binary.environment["DAYPLAN_NOW"] ?? "", "PS1": "$ ",
                                                    "PROMPT_COMMAND": "touch prompted", "VISUAL": "./editor.sh",
                                                    "INPUTRC": folder.url.appendingPathComponent("inputrc").path])
        let recorded = folder.url.appendingPathComponent("terminal.bytes")
        try session.recordOutput(to: recorded)
        try session.send("stty -a > stty.before; dayplan view", literal: true)
        try session.send("Enter")
        var shown = try session.wait { $0.contains("Morning · ") }
        #expect(shown.contains("Morning · "))
        try session.send("C-z")
        shown = try session.wait { $0.contains("Stopped") }
        #expect(shown.contains("Stopped"))
        try session.send("stty -a > stty.stopped; fg", literal: true)
        try session.send("Enter")
        shown = try session.wait { $0.contains("Morning · ") && $0.contains("must 1/1") }
        #expect(shown.contains("must 1/1"))
        // The hand-off to the editor, and back.
        try session.send("Enter")
        for _ in 0..<100 where (try? folder.read("editor.args")) == nil { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try folder.read("editor.args") == "+4 2026-11-21.md\n")
        shown = try session.wait { $0.contains("Morning · ") && $0.contains("must 1/1") }
        try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("prompted"))
        try session.send("q")
        // The shell's next prompt (PROMPT_COMMAND touches `prompted`) comes only once the view has ended and the
        // shell has the terminal again: keys typed before that would reach the view or be flushed by its restore.
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("prompted").path) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(!(try session.screen()).contains("Morning · "))
        // Written under another name and renamed, so that the file is never read half written.
        try session.send("stty -a > stty.writing; mv stty.writing stty.after; exit", literal: true)
        try session.send("Enter")
        for _ in 0..<100 where (try? folder.read("stty.after")) == nil { Thread.sleep(forTimeInterval: 0.1) }
        let before = try folder.read("stty.before")
        #expect(try folder.read("stty.stopped") == before)
        #expect(try folder.read("stty.after") == before)
        // The modes the terminal was sent, in order (the frames' synchronized output left out): on at the start, off
        // in reverse at Ctrl-Z, on again at fg, off for the editor and on after it, off at q.
        let bytes = try Data(contentsOf: recorded)
        let modes = String(decoding: bytes, as: UTF8.self).matches(of: /\u{1B}\[\?([0-9]+)([hl])/)
            .filter { $0.output.1 != "2026" }.map { "\($0.output.1)\($0.output.2)" }
        let on = ["1049h", "25l", "2004h"], off = ["2004l", "25h", "1049l"]
        #expect(modes == on + off + on + off + on + off, "\(modes)")
    }
}

/// One `dayplan view` running in a terminal of its own (`TmuxSession`), in a plan folder holding
/// `DailyFixtures.today`; the shell around it saves `stty -a` before and after, its pid and its exit status.
final class TmuxView {
    let session: TmuxSession
    let folder: TemporaryFolder

    init(session: TmuxSession, folder: TemporaryFolder) {
        self.session = session
        self.folder = folder
    }

    /// A test that stopped early leaves no view running: Escape closes a prompt, Ctrl-C quits, the shell ends.
    deinit {
        guard (try? folder.read("view.status")) == nil else { return }
        try? session.send("Escape")
        try? session.send("C-c")
    }

    /// Starts the view in a 160 by 40 terminal (the server ends when the shell around the view does); nil (the reason printed) when tmux is not installed.
    static func start(before: (TemporaryFolder) throws -> Void = { _ in }, environment extra: String = "", arguments: String = "") throws -> TmuxView? {
        guard TmuxSession.tmux != nil else {
            print("ViewCommandTests: skipped: tmux is not installed (.ci/run installs it)")
            return nil
        }
        let folder = try DailyFixtures.folder()
        try before(folder)
        let environment = extra + " " + Binary.environment.filter { $0.key != "PATH" }.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        // The view runs as the shell's child (exec keeps the pid the inner shell wrote).
        // The script goes in double quotes to the shell tmux starts: its `$` are escaped for that shell.
        let script = "stty -a > stty.before; sh -c 'echo \\$\\$ > view.pid; exec env \(environment) dayplan view \(arguments)'; "
            + "echo \\$? > view.status; stty -a > stty.writing; mv stty.writing stty.after"
        let session = try TmuxSession("sh -c \"\(script)\"", in: folder.url, environment: ["DAYPLAN_NOW": Binary.environment["DAYPLAN_NOW"] ?? ""])
        return TmuxView(session: session, folder: folder)
    }

    func screen() throws -> String { try session.screen() }

    /// Types `text` as it is.
    func send(_ text: String) throws { try session.send(text, literal: true) }

    /// Presses a key tmux names (`Enter`, `C-r`).
    func sendKey(_ name: String) throws { try session.send(name) }

    func resize(columns: Int, rows: Int) throws { try session.resize(columns: columns, rows: rows) }

    /// Waits up to 10 seconds for the screen to hold `text`, and expects it to.
    func waitFor(_ text: String) throws {
        let shown = try session.wait { $0.contains(text) }
        #expect(shown.contains(text), "the screen never showed \(text):\n\(shown)")
    }

    /// Waits up to 10 seconds for `test` to hold of the screen, and expects it to.
    func waitFor(_ test: @escaping (String) -> Bool) throws {
        let shown = try session.wait(until: test)
        #expect(test(shown), "the screen never showed what was waited for:\n\(shown)")
    }

    /// The view's exit status once it has ended (waits up to 10 seconds).
    func waitForExit() throws -> String? {
        for _ in 0..<100 {
            if let status = try? folder.read("view.status"), let settings = try? folder.read("stty.after"), !settings.isEmpty {
                return status.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("the view did not end:\n\(try screen())")
        return nil
    }

    func terminalSettingsBefore() throws -> String { try folder.read("stty.before") }
    func terminalSettings() throws -> String { try folder.read("stty.after") }
}
