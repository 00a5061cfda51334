import Foundation
import Testing

/// Each positional word is completed where it stands (mark's status, then a title of the
/// day's tasks; move's title; merge's four files; import's file), in bash, zsh and fish; and what a shell
/// inserts is what the person meant (bash escapes a tag's `#`, which would start a comment; zsh inserts no
/// `-` after `mark done ` or `merge a.md b.md `).
@Suite struct PositionalCompletionTests {
    typealias Scripts = CompletionScriptTests

    /// The completion folder as a plan folder, with today's (2026-11-23, `monday`) file.
    static func planFolder() throws -> TemporaryFolder {
        let folder = try completionFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".dayplan"), withIntermediateDirectories: true)
        try folder.write("2026-11-23.md", "# 2026-11-23\n\n## Morning\n* [ ] Write the talk #work\n- [ ] Call mum\n\n## Backlog\n- [ ] Renew passport\n")
        return folder
    }

    /// The candidates for each positional word, in `shell`; `escaped` is how the shell's candidates spell a
    /// title with spaces (bash's are inserted as they are, so they come escaped).
    func completesWordByWord(_ shell: String, escaped: (String) -> String = { $0 }) throws {
        let folder = try Self.planFolder()
        let complete = { (line: String) in try Scripts.complete(shell, line, in: folder) }
        #expect(try complete("dayplan mark ") == ["cancel", "doing", "done", "todo"])
        #expect(try complete("dayplan mark do") == ["doing", "done"])
        #expect(try complete("dayplan mark done ") == ["Call mum", "Renew passport", "Write the talk #work"].map(escaped))
        #expect(try complete("dayplan mark -q done Re") == [escaped("Renew passport")])
        // --date on the line: that day's tasks; an option's value is no positional word.
        #expect(try complete("dayplan mark --date 2026-11-21 done ") == ["Renew passport #admin", "Write the talk #work #home/garden"].map(escaped))
        #expect(try complete("dayplan move --to backlog W") == [escaped("Write the talk #work")])
        #expect(try complete("dayplan move --date 2026-11-21 --to backlog R") == [escaped("Renew passport #admin")])
        // A day with no file yet has no titles to offer, and nothing else is offered instead.
        #expect(try complete("dayplan mark --date 2026-12-01 done ") == [])
        for line in ["dayplan merge ", "dayplan merge a.md ", "dayplan merge a.md b.md ", "dayplan merge a.md b.md c.md ", "dayplan import "] {
            let offered = try complete(line)
            #expect(offered.contains("notes.txt") && offered.contains("2026-11-23.md"), "\(shell) \(line): \(offered)")
            #expect(!offered.contains { $0.hasPrefix("-") }, "\(shell) \(line): \(offered)")
        }
    }

    @Test(.enabled(if: Scripts.bash != nil && Scripts.bashCompletion != nil, "bash or bash-completion is not installed"))
    func bashCompletesWordByWord() throws {
        try completesWordByWord("bash") { $0.replacingOccurrences(of: " ", with: "\\ ") }
    }

    @Test(.enabled(if: Scripts.zsh != nil, "zsh is not installed"))
    func zshCompletesWordByWord() throws {
        try completesWordByWord("zsh")
    }

    @Test(.enabled(if: Scripts.fish != nil, "fish is not installed"))
    func fishCompletesWordByWord() throws {
        try completesWordByWord("fish")
    }

    /// An interactive `shell` in a terminal with the completion script loaded, in the plan folder, today
    /// 2026-11-23; its prompt is `READY> `.
    static func interactive(_ shell: String, in folder: TemporaryFolder) throws -> TmuxSession {
        let script = try Binary.run(["completions", shell]).stdout
        let command: String
        switch shell {
        case "bash":
            try folder.write(".bashrc-test", "source \(try #require(Scripts.bashCompletion))\n\(script)\nPS1='READY> '\n")
            command = "bash --noprofile --rcfile .bashrc-test -i"
        case "fish":
            try folder.write("fish/completions/dayplan.fish", script)
            try folder.write("fish/config.fish", "function fish_prompt; echo -n 'READY> '; end\nset -g fish_greeting\n")
            command = "fish -i"
        default:
            try folder.write("zfunc/_dayplan", script)
            try folder.write(".zshrc", "fpath=(\(folder.url.path)/zfunc $fpath)\nautoload -Uz compinit && compinit -u -D\nPROMPT='READY> '\nunset zle_bracketed_paste\n")
            command = "zsh -i"
        }
        let session = try TmuxSession(command, in: folder.url,
                                      environment: monday.merging(["ZDOTDIR": folder.url.path, "XDG_CONFIG_HOME": folder.url.path,
                                                                   "XDG_DATA_HOME": folder.url.path]) { $1 })
        // The first prompt (tmux's screen has no trailing blanks: `READY>` alone until something is typed).
        try session.wait { $0.contains("READY>") }
        return session
    }

    /// Types `text` and Tab; returns the command line once the completion has changed it (or after 5 s).
    static func tab(_ session: TmuxSession, _ text: String) throws -> String {
        let typed = text.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
        try session.send("C-u")
        try session.send(text, literal: true)
        // Deadlines, not timings: a full run on 2 cores keeps a shell's completion (which runs dayplan) waiting for
        // its turn past 5 s (a CI run saw it), so each wait allows 30 s and ends as soon as the screen shows it.
        try session.wait(seconds: 30) { TmuxSession.line(after: "READY> ", in: $0) == typed }
        try session.send("Tab")
        let shown = try session.wait(seconds: 30) { TmuxSession.line(after: "READY> ", in: $0) != typed }
        return TmuxSession.line(after: "READY> ", in: shown) ?? shown
    }

    @Test(.enabled(if: TmuxSession.tmux != nil && Scripts.bash != nil && Scripts.bashCompletion != nil, "tmux, bash or bash-completion is not installed"))
    func bashInsertsATagAndATitleThatRunAsMeant() throws {
        let folder = try Self.planFolder()
        let session = try Self.interactive("bash", in: folder)
        // `#work` would be a comment: bash would run `dayplan query --tag` with no tag.
        #expect(try Self.tab(session, "dayplan query --tag #w") == ##"dayplan query --tag \#work"##)
        #expect(try Self.tab(session, "dayplan query --tag '#w") == "dayplan query --tag '#work'")
        #expect(try Self.tab(session, "dayplan query --tag w") == "dayplan query --tag work")
        let tagged = try Self.tab(session, "dayplan query --tag #w")
        // Written under another name and renamed, so that the file is never read half written.
        try session.send(" > query.writing; mv query.writing query.out", literal: true)
        try session.send("Enter")
        try session.wait { _ in FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("query.out").path) }
        #expect(tagged.hasSuffix(##"\#work"##))
        let found = try folder.read("query.out")
        // query names an open task's age: today is 2026-11-23 here.
        #expect(found == "2026-11-21.md:4:1: [ ] Write the talk #work #home/garden  (2 days old)\n2026-11-23.md:4:1: [ ] Write the talk #work\n",
                "\(found)")
        // A title with spaces, escaped, marks that task when run.
        #expect(try Self.tab(session, "dayplan mark done Wr") == ##"dayplan mark done Write\ the\ talk\ #work"##)
        try session.send("Enter")
        try session.wait { _ in (try? folder.read("2026-11-23.md").contains("* [x] Write the talk")) == true }
        #expect(try folder.read("2026-11-23.md").contains("* [x] Write the talk #work\n"))
        #expect(try Self.tab(session, "dayplan mark done 'Ca") == "dayplan mark done 'Call mum'")
    }

    /// A title that holds quotes, completed after an opening `"` or `'` (or none), is one word that marks that task
    /// when run, in each shell; each shell has its own spelling of a quote inside quotes.
    @Test(.enabled(if: TmuxSession.tmux != nil, "tmux is not installed"),
          arguments: [("bash", #"'Buy Anna'\''s gift #errand'"#, ##"Buy\ Anna\'s\ gift\ #errand"##),
                      ("zsh", #"'Buy Anna'\''s gift #errand'"#, ##"Buy\ Anna\'s\ gift\ \#errand"##),
                      ("fish", #"'Buy Anna\'s gift #errand'"#, ##"Buy\ Anna\'s\ gift\ \#errand"##)])
    func titlesWithQuotesAreCompletedAsOneWord(shell: String, singleQuoted: String, unquoted: String) throws {
        let program = ["bash": Scripts.bash, "zsh": Scripts.zsh, "fish": Scripts.fish][shell] ?? nil
        guard program != nil, shell != "bash" || Scripts.bashCompletion != nil else {
            print("skipped: \(shell) (or bash-completion) is not installed")
            return
        }
        let folder = try Self.planFolder()
        let day = "# 2026-11-23\n\n## Morning\n* [ ] Read two chapters of \"Der Zauberberg\"\n- [ ] Buy Anna's gift #errand\n"
        try folder.write("2026-11-23.md", day)
        let session = try Self.interactive(shell, in: folder)
        #expect(try Self.tab(session, #"dayplan mark doing "Read"#) == #"dayplan mark doing "Read two chapters of \"Der Zauberberg\"""#)
        try session.send("Enter")
        try session.wait { _ in (try? folder.read("2026-11-23.md").contains("* [/] Read")) == true }
        #expect(try Self.tab(session, "dayplan mark done 'Buy") == "dayplan mark done " + singleQuoted)
        try session.send("Enter")
        try session.wait { _ in (try? folder.read("2026-11-23.md").contains("- [x] Buy")) == true }
        #expect(try folder.read("2026-11-23.md") == day.replacingOccurrences(of: "* [ ]", with: "* [/]")
                .replacingOccurrences(of: "- [ ]", with: "- [x]"))
        // Unquoted: each blank and the quote escaped (a `#` inside a word starts no comment in bash, which leaves it).
        #expect(try Self.tab(session, "dayplan mark todo Bu") == "dayplan mark todo " + unquoted)
    }

    /// `#h` with two tags that start so: zsh inserts `\#h` (it quotes the `#`), lists both on the next Tab, and one
    /// more letter completes the tag (once the `#` was quoted, it had offered nothing).
    @Test(.enabled(if: TmuxSession.tmux != nil && Scripts.zsh != nil, "tmux or zsh is not installed"))
    func zshCompletesATagAfterTheHashItQuoted() throws {
        let folder = try Self.planFolder()
        try folder.write("2026-11-23.md", "# 2026-11-23\n\n## Morning\n- [ ] Water #home\n- [ ] Run #health\n")
        let session = try Self.interactive("zsh", in: folder)
        #expect(try Self.tab(session, "dayplan query --tag #h") == ##"dayplan query --tag \#h"##)
        try session.send("Tab")
        let listed = try session.wait(seconds: 30) { $0.contains(##"\#health"##) && $0.contains(##"\#home"##) }
        #expect(listed.contains(##"\#health"##) && listed.contains(##"\#home"##), "\(listed)")
        try session.send("o", literal: true)
        try session.send("Tab")
        let completed = try session.wait(seconds: 30) { TmuxSession.line(after: "READY> ", in: $0) == ##"dayplan query --tag \#home"## }
        #expect(TmuxSession.line(after: "READY> ", in: completed) == ##"dayplan query --tag \#home"##, "\(completed)")
    }

    @Test(.enabled(if: TmuxSession.tmux != nil && Scripts.zsh != nil, "tmux or zsh is not installed"))
    func zshInsertsNoDashWhereAWordIsExpected() throws {
        let folder = try Self.planFolder()
        try folder.write("a.md", "")
        try folder.write("b.md", "")
        let session = try Self.interactive("zsh", in: folder)
        // Several titles: zsh lists them and leaves the line as it was (it inserted `-` before).
        let marked = try Self.tab(session, "dayplan mark done "), listed = try session.screen()
        #expect(marked == "dayplan mark done", "\(listed)")
        #expect(listed.contains(#"Renew\ passport"#), "\(listed)")
        #expect(try Self.tab(session, "dayplan mark done Ca") == #"dayplan mark done Call\ mum"#)
        #expect(try Self.tab(session, "dayplan merge a.md b.md n") == "dayplan merge a.md b.md notes.txt")
        let merged = try Self.tab(session, "dayplan merge a.md b.md "), files = try session.screen()
        #expect(merged == "dayplan merge a.md b.md", "\(files)")
        #expect(files.contains("notes.txt"), "\(files)")
    }
}
