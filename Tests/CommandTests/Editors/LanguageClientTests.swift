import Foundation
import Testing

/// The plugin attaches the real `dayplan lsp` in each client it supports, to a day
/// file opened from the command line (vim-lsp missed it: its functions are autoloaded only later) and to one
/// opened with :edit after, with one server process and each finding once; in Neovim, beside the docs' own
/// init.lua snippet too; with 'omnifunc' and K (hover) through the client (in Neovim when it is the only one); after `:DayplanMark` has the file
/// written and read again, each client shows what the file now holds. `lsp-client-test.vim` beside
/// this file is the vimrc; it writes one line per file.
@Suite(.tags(.slow)) struct LanguageClientTests {
    /// The third-party clients (../shared/thirdparty from the main clone; ../../shared from a worktree beside it).
    static let thirdParty = ["../shared/thirdparty", "../../shared/thirdparty"].map { Repository.url($0).standardized }
        .first { FileManager.default.fileExists(atPath: $0.path) } ?? Repository.url("../shared/thirdparty")
    static let vimLsp = thirdParty.appendingPathComponent("vim-lsp"), yegappan = thirdParty.appendingPathComponent("yegappan-lsp")
    static let ale = ["/usr/share/vim/vimfiles/pack/dist-bundle/opt/ale", "/usr/share/vim-ale"]
        .first { FileManager.default.fileExists(atPath: $0) }
    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// A plan folder with two day files, each with one finding (two open must tasks in the morning); in
    /// `home/plans` so that the docs' snippet (`~/plans`) finds it.
    static func planFolder() throws -> (TemporaryFolder, URL) {
        let home = try TemporaryFolder()
        try FileManager.default.createDirectory(at: home.url.appendingPathComponent("plans/.dayplan"), withIntermediateDirectories: true)
        try home.write("plans/2026-11-23.md", "# 2026-11-23\n\n## Morning\n* [ ] One\n* [ ] Two\n")
        try home.write("plans/2026-11-24.md", "# 2026-11-24\n\n## Morning\n* [ ] Three\n* [ ] Four\n")
        let lint = try Binary.run(["lint", "-q", "2026-11-23.md"], in: home.url.appendingPathComponent("plans"))
        #expect(lint.stdout.split(separator: "\n").count == 1, "\(lint.stdout)")
        return (home, home.url.appendingPathComponent("plans"))
    }

    /// The environment of the vimrc: the plugin, the client, the real binary, the files.
    static func environment(_ client: String, clientPath: String = "", home: TemporaryFolder, setup: String = "") -> [String: String] {
        ["DAYPLAN_RELOAD": "1", "DAYPLAN_PLUGIN": Repository.url("editors/vim").path, "DAYPLAN_CLIENT": client, "DAYPLAN_CLIENT_PATH": clientPath,
         "DAYPLAN_BINARY": Binary.url.path, "DAYPLAN_RESULTS": home.url.appendingPathComponent("results.txt").path,
         "DAYPLAN_SECOND": "2026-11-24.md", "DAYPLAN_SETUP": setup, "DAYPLAN_NOW": "1795435200",
         "XDG_CONFIG_HOME": home.url.path, "XDG_DATA_HOME": home.url.path, "XDG_STATE_HOME": home.url.path,
         "XDG_CACHE_HOME": home.url.path, "HOME": home.url.path]
    }

    /// Vim with `client`, under tmux (a real terminal, as a person runs it): the file opened from the command line.
    static func vimResults(_ client: String, clientPath: String = "") throws -> [String] {
        let (home, plans) = try planFolder()
        let vimrc = Repository.url("Tests/CommandTests/Editors/lsp-client-test.vim").path
        let session = try TmuxSession("vim -u '\(vimrc)' -i NONE -n 2026-11-23.md", in: plans,
                                      environment: environment(client, clientPath: clientPath, home: home))
        let results = home.url.appendingPathComponent("results.txt")
        let screen = try session.wait(seconds: 60) { _ in exists(results) }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(exists(results), "\(screen)")
        return (try? String(contentsOf: results, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && exists(vimLsp),
                   "vim, tmux or ../shared/thirdparty/vim-lsp is missing"))
    func vimLspAttachesToAFileOpenedFromTheCommandLine() throws {
        let results = try Self.vimResults("vim-lsp", clientPath: Self.vimLsp.path)
        #expect(results == [
            "2026-11-23.md: state=attached client=vim-lsp diagnostics=1 servers=1 omnifunc=lsp#complete K=<Plug>(lsp-hover)",
            "2026-11-24.md: state=attached client=vim-lsp diagnostics=1 servers=1 omnifunc=lsp#complete K=<Plug>(lsp-hover)",
            "2026-11-24.md: state=attached client=vim-lsp diagnostics=0 servers=1 omnifunc=lsp#complete K=<Plug>(lsp-hover)",
        ], "\(results)")
    }

    /// vim-lsp sends one finding of a line with a code action request (the first: here DP051, overdue) and applies
    /// the one quick fix when one comes: the fix of the line's other finding (DP035, `@carry` twice) comes from the
    /// server all the same, and Vim's buffer gets it.
    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && exists(vimLsp),
                   "vim, tmux or ../shared/thirdparty/vim-lsp is missing"))
    func vimLspGetsTheQuickFixOfALinesOtherFinding() throws {
        let (home, plans) = try Self.planFolder()
        try home.write("plans/2026-11-23.md", "# 2026-11-23\n\n## Morning\n- [ ] Tea @carry @carry @due:2026-11-20\n")
        let results = home.url.appendingPathComponent("results.txt")
        let vimrc = Repository.url("Tests/CommandTests/Editors/code-action-test.vim").path
        var environment = Self.environment("vim-lsp", clientPath: Self.vimLsp.path, home: home)
        environment["DAYPLAN_LINE"] = "4"
        let session = try TmuxSession("vim -u '\(vimrc)' -i NONE -n 2026-11-23.md", in: plans, environment: environment)
        let screen = try session.wait(seconds: 60) { _ in Self.exists(results) }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try String(contentsOf: results, encoding: .utf8) == "- [ ] Tea @carry @due:2026-11-20\n", "\(screen)")
    }

    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && exists(yegappan),
                   "vim, tmux or ../shared/thirdparty/yegappan-lsp is missing"))
    func yegappanLspAttachesToAFileOpenedFromTheCommandLine() throws {
        let results = try Self.vimResults("yegappan-lsp", clientPath: Self.yegappan.path)
        #expect(results == [
            "2026-11-23.md: state=attached client=yegappan-lsp diagnostics=1 servers=1 omnifunc= K=keywordprg=:LspHover",
            "2026-11-24.md: state=attached client=yegappan-lsp diagnostics=1 servers=1 omnifunc= K=keywordprg=:LspHover",
            "2026-11-24.md: state=attached client=yegappan-lsp diagnostics=0 servers=1 omnifunc= K=keywordprg=:LspHover",
        ], "\(results)")
    }

    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && ale != nil, "vim, tmux or vim-ale is not installed"))
    func aleAttachesToAFileOpenedFromTheCommandLine() throws {
        let results = try Self.vimResults("ale")
        #expect(results == [
            "2026-11-23.md: state=attached client=ale diagnostics=1 servers=1 omnifunc=ale#completion#OmniFunc K=<Plug>(ale_hover)",
            "2026-11-24.md: state=attached client=ale diagnostics=1 servers=1 omnifunc=ale#completion#OmniFunc K=<Plug>(ale_hover)",
            "2026-11-24.md: state=attached client=ale diagnostics=0 servers=1 omnifunc=ale#completion#OmniFunc K=<Plug>(ale_hover)",
        ], "\(results)")
    }

    /// Neovim, headless, with the plugin and `setup` (an init.lua).
    static func neovimResults(setup: String?) throws -> [String] {
        let (home, plans) = try planFolder()
        var setupPath = ""
        if let setup { setupPath = try home.write("init-setup.lua", setup).path }
        let run = try runProgram(try #require(VimPluginTests.neovim),
                                 ["--headless", "-u", Repository.url("Tests/CommandTests/Editors/lsp-client-test.vim").path,
                                  "-i", "NONE", "-n", "2026-11-23.md"],
                                 in: plans, environment: environment("neovim", home: home, setup: setupPath))
        #expect(run.status == 0, "\(run.output)")
        return try home.read("results.txt").split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: VimPluginTests.neovim != nil, "neovim is not installed"))
    func neovimAttachesOneClientWithOmnifuncAndK() throws {
        let results = try Self.neovimResults(setup: nil)
        #expect(results == [
            "2026-11-23.md: state=attached client=- diagnostics=1 servers=1 clients=1 omnifunc=v:lua.vim.lsp.omnifunc K=buffer",
            "2026-11-24.md: state=attached client=- diagnostics=1 servers=1 clients=1 omnifunc=v:lua.vim.lsp.omnifunc K=buffer",
            "2026-11-24.md: state=attached client=- diagnostics=0 servers=1 clients=1 omnifunc=v:lua.vim.lsp.omnifunc K=buffer",
        ], "\(results)")
    }

    /// The features of docs/editors.md's table, each asked of the real server through Neovim's own client with the
    /// plugin's setup (`features-test.lua`): diagnostics on open and after an edit, a quick fix applied, format,
    /// hover on a key, completion, definition from a date and from a wiki link, references, workspace symbols,
    /// the outline, and a README of the plan folder left alone.
    @Test(.enabled(if: VimPluginTests.neovim != nil, "neovim is not installed"))
    func neovimHasEveryFeatureOfTheTable() throws {
        let home = try Self.featuresFolder()
        var environment = Self.environment("neovim", home: home)
        environment["DAYPLAN_RESULTS"] = home.url.appendingPathComponent("results.txt").path
        let run = try runProgram(try #require(VimPluginTests.neovim),
                                 ["--headless", "-u", "NONE", "-i", "NONE", "--cmd", "set rtp^=" + Repository.url("editors/vim").path,
                                  "--cmd", "filetype plugin on", "--cmd", "let g:dayplan_executable = $DAYPLAN_BINARY",
                                  "-c", "luafile " + Repository.url("Tests/CommandTests/Editors/features-test.lua").path, "2026-11-23.md"],
                                 in: home.url.appendingPathComponent("plans"), environment: environment)
        #expect(run.status == 0, "\(run.output)")
        let results = try home.read("results.txt").split(separator: "\n").map(String.init)
        #expect(results.map { $0.components(separatedBy: "=").first ?? "" } == [
            "attached", "diagnostics on open", "quick fix offered", "quick fix applied", "diagnostics after an edit", "format",
            "hover on a key", "completion", "definition from a date", "definition from a wiki link", "references",
            "workspace symbols", "outline", "README left alone",
        ])
        for line in results { #expect(line.hasSuffix("=ok"), "\(line)") }
    }

    /// The same features through vim-lsp (`features-test.vim`), in Vim under tmux, with the plugin's setup.
    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && exists(vimLsp),
                   "vim, tmux or ../shared/thirdparty/vim-lsp is missing"))
    func vimLspHasEveryFeatureOfTheTable() throws {
        let (lines, screen) = try Self.vimFeatures("features-test.vim", client: "vim-lsp", clientPath: Self.vimLsp.path)
        #expect(lines.map { $0.components(separatedBy: "=").first ?? "" } == [
            "diagnostics on open", "quick fix offered", "quick fix applied", "diagnostics after an edit", "format",
            "hover on a key", "completion", "definition from a date", "definition from a wiki link", "references",
            "workspace symbols", "outline", "README left alone",
        ], "\(screen)")
        for line in lines { #expect(line.hasSuffix("=ok"), "\(line)") }
    }

    /// The features through yegappan/lsp's own commands (`features-yegappan.vim`), in Vim under tmux, completion as
    /// one types among them. References once failed in some runs: yegappan waits for an answer synchronously, and a
    /// refresh the server asked for meanwhile (after the unchanged whole text yegappan sends on entering a buffer)
    /// lost it; the server now asks only when the text changed.
    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && exists(yegappan),
                   "vim, tmux or ../shared/thirdparty/yegappan-lsp is missing"))
    func yegappanLspHasTheFeaturesOfTheTable() throws {
        let (lines, screen) = try Self.vimFeatures("features-yegappan.vim", client: "yegappan-lsp", clientPath: Self.yegappan.path)
        #expect(lines.map { $0.components(separatedBy: "=").first ?? "" } == [
            "diagnostics on open", "quick fix applied", "diagnostics after an edit", "format", "hover on a key",
            "definition from a date", "outline", "definition from a wiki link", "references", "workspace symbols", "completion",
            "README left alone",
        ], "\(screen)")
        for line in lines { #expect(line.hasSuffix("=ok"), "\(line)") }
    }

    /// docs/editors.md's least `~/.vimrc` (`packadd lsp`, `filetype plugin indent on`), as written there, in a home
    /// where yegappan/lsp is where its README clones it and the plugin where `make install VIMDIR=~/.vim` puts it,
    /// `dayplan` only on PATH: a day file gets its type, the plugin attaches yegappan/lsp, and the findings come.
    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && exists(yegappan),
                   "vim, tmux or ../shared/thirdparty/yegappan-lsp is missing"))
    func theDocumentedVimrcWithYegappanShowsTheFindings() throws {
        let docs = try String(contentsOf: Repository.url("docs/editors.md"), encoding: .utf8)
        let vimrc = try #require(docs.components(separatedBy: "```vim\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(vimrc.contains("packadd lsp") && vimrc.contains("filetype plugin indent on"), "\(vimrc)")
        let (home, plans) = try Self.planFolder()
        try home.write(".vimrc", vimrc)
        for (link, target) in [(".vim/pack/downloads/opt/lsp", Self.yegappan), (".vim/pack/dayplan/start/dayplan", Repository.url("editors/vim"))] {
            let place = home.url.appendingPathComponent(link)
            try FileManager.default.createDirectory(at: place.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: place, withDestinationURL: target)
        }
        let session = try TmuxSession("vim -i NONE -n 2026-11-23.md", in: plans,
                                      environment: ["HOME": home.url.path, "DAYPLAN_NOW": "1795435200"])
        let out = plans.appendingPathComponent("out.txt")
        // Asked until the findings have come (or 20 s): the type, what the plugin did, the client, the findings.
        var said: [String] = []
        let deadline = Date().addingTimeInterval(20)
        repeat {
            Thread.sleep(forTimeInterval: 0.5)
            try session.send(":call writefile([&filetype, get(b:, 'dayplan_lsp', ''), get(b:, 'dayplan_lsp_client', ''),"
                             + " string(exists('*lsp#lsp#ErrorCount') ? lsp#lsp#ErrorCount().Warn + lsp#lsp#ErrorCount().Error : -1)], 'out.txt')",
                             literal: true)
            try session.send("Enter")
            try session.wait(seconds: 2) { _ in Self.exists(out) }
            said = (try? String(contentsOf: out, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            try? FileManager.default.removeItem(at: out)
        } while Date() < deadline && (said.count < 4 || said[3] == "0" || said[3] == "-1")
        let screen = try session.screen()
        #expect(said == ["dayplan", "attached", "yegappan-lsp", "1"], "\(said)\n\(screen)")
    }

    /// The features through ALE's own commands (`features-ale.vim`): a quick fix (chosen at ALE's prompt), format
    /// (`:ALEFix`, with the plugin's `dayplan fmt` fixer), hover, definition from a date and a wiki link, references and
    /// workspace symbols, besides the findings and a README left alone. ALE asks for no outline.
    @Test(.enabled(if: VimPluginTests.vim != nil && TmuxSession.tmux != nil && ale != nil, "vim, tmux or vim-ale is not installed"))
    func aleHasTheFeaturesOfTheTable() throws {
        // ALE asks which of the line's actions to take ("Type number and <Enter>"): the number of "Keep one @carry".
        let (lines, screen) = try Self.vimFeatures("features-ale.vim", client: "ale", clientPath: "") { screen in
            guard screen.contains("Type number and <Enter>") else { return nil }
            return screen.split(separator: "\n").first { $0.hasSuffix(") Keep one @carry") }.flatMap { $0.split(separator: ")").first }
                .map(String.init)
        }
        #expect(lines.map { $0.components(separatedBy: "=").first ?? "" } == [
            "diagnostics on open", "quick fix applied", "diagnostics after an edit", "format", "hover on a key",
            "definition from a date", "definition from a wiki link", "references", "workspace symbols", "completion",
            "README left alone",
        ], "\(screen)")
        for line in lines { #expect(line.hasSuffix("=ok"), "\(line)") }
    }

    /// Vim under tmux with `script` (beside this file) as its vimrc and `client`, on the features folder's day: the
    /// lines the script wrote, and the screen when it ended.
    /// `answer` is given each screen shown meanwhile, and what it returns is typed there, then Enter (once for each
    /// answer): for a client that asks at a prompt.
    static func vimFeatures(_ script: String, client: String, clientPath: String,
                            answer: (String) -> String? = { _ in nil }) throws -> (lines: [String], screen: String) {
        let home = try featuresFolder()
        let results = home.url.appendingPathComponent("results.txt")
        let vimrc = Repository.url("Tests/CommandTests/Editors/" + script).path
        let session = try TmuxSession("vim -u '\(vimrc)' -i NONE -n 2026-11-23.md", in: home.url.appendingPathComponent("plans"),
                                      environment: environment(client, clientPath: clientPath, home: home))
        var answered: Set<String> = []
        let screen = try session.wait(seconds: 60) { screen in
            if let keys = answer(screen), !answered.contains(keys) {
                answered.insert(keys)
                try? session.send(keys, literal: true)
                try? session.send("Enter")
            }
            return exists(results)
        }
        Thread.sleep(forTimeInterval: 0.2)
        return ((try? home.read("results.txt"))?.split(separator: "\n").map(String.init) ?? [], screen)
    }

    /// The plan folder the feature tests read: today (2026-11-23) with a finding (`@carry` twice), a deadline and a
    /// wiki link; Tea carried from the day before, with a tag; the next day; a README, which is no day file.
    static func featuresFolder() throws -> TemporaryFolder {
        let home = try TemporaryFolder()
        try home.write("plans/.dayplan/config", "")
        try home.write("plans/2026-11-22.md", "# 2026-11-22\n\n## Morning\n- [>] Tea @carry #home\n")
        try home.write("plans/2026-11-23.md", "# 2026-11-23\n\n## Morning\n* [ ] One\n+ [ ] Two @due:2026-11-24 see [[2026-11-24]]\n"
                       + "- [ ] Tea @carry @carry #home\n\n## Backlog\n")
        try home.write("plans/2026-11-24.md", "# 2026-11-24\n\n## Morning\n")
        try home.write("plans/README.md", "# Plans\n\n- [ ] Not a task #home\n")
        return home
    }

    /// The "Neovim 0.7 to 0.10" snippet of docs/language-server.md, as written there.
    static func documentedSnippet() throws -> String {
        let docs = try String(contentsOf: Repository.url("docs/language-server.md"), encoding: .utf8)
        let after = try #require(docs.components(separatedBy: "**Neovim 0.7 to 0.10**").dropFirst().first)
        let block = try #require(after.components(separatedBy: "```lua\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first)
    }

    @Test(.enabled(if: VimPluginTests.neovim != nil, "neovim is not installed"))
    func neovimWithTheDocumentedSnippetStartsOneClient() throws {
        let snippet = try Self.documentedSnippet()
        #expect(snippet.contains("vim.lsp.start_client"))
        // The snippet's client is the one; the plugin starts none, and each finding is shown once. The snippet
        // sets 'omnifunc' and K itself.
        let results = try Self.neovimResults(setup: snippet)
        #expect(results == [
            "2026-11-23.md: state=other client client=- diagnostics=1 servers=1 clients=1 omnifunc=v:lua.vim.lsp.omnifunc K=buffer",
            "2026-11-24.md: state=other client client=- diagnostics=1 servers=1 clients=1 omnifunc=v:lua.vim.lsp.omnifunc K=buffer",
            "2026-11-24.md: state=other client client=- diagnostics=0 servers=1 clients=1 omnifunc=v:lua.vim.lsp.omnifunc K=buffer",
        ], "\(results)")
    }
}
