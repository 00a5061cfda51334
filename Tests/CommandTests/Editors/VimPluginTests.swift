import Foundation
import Testing

/// editors/vim in real editors, headless: `plugin-test.vim` beside this file runs every check and writes
/// `ok NAME` or `not ok NAME: what happened` for each.
@Suite(.tags(.slow)) struct VimPluginTests {
    static let neovim = installedProgram("nvim")
    /// Vim, when it has what the plugin needs (Debian's vim-tiny has no +eval and no syntax).
    static let vim = installedProgram("vim").flatMap { path in
        let version = try? runProgram(path, ["--version"], in: URL(fileURLWithPath: "/"))
        return version.map { $0.output.contains("+eval") && $0.output.contains("+syntax") } == true ? path : nil
    }

    /// A plan folder (with `.dayplan/`) holding the files the checks open.
    static func planFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".dayplan"), withIntermediateDirectories: true)
        try folder.write("2026-11-21.md", """
            # 2026-11-21

            ## Morning
            * [ ] Write the talk #work @carry
            + [x] Review the pull request
            - [ ] Book the concert @expires:2026-11-01
            - [ ] Renew passport @expires:2026-12-01 #123
            * [ ] A second must task
            ## Notes
            Long day.

            """)
        try folder.write("2026/11/2026-11-22-Sun.md", "# 2026-11-22\n")
        try folder.write("README.md", "# Plans\n")
        try folder.write("2026-11-24.md", "# 2026-11-24\n## Morning\n*   [ ] Write the talk   #work\n")
        try folder.write("2026-11-25.md", "# 2026-11-25\n## Morning\n## Morning\n")
        return folder
    }

    /// Runs the checks in `editor` with `arguments`; returns each check's line.
    static func results(_ editor: String, _ arguments: [String]) throws -> [String] {
        let folder = try planFolder()
        let results = folder.url.appendingPathComponent("results.txt")
        let script = Repository.url("Tests/CommandTests/Editors/plugin-test.vim").path
        let run = try runProgram(editor, arguments + ["-u", "NONE", "-i", "NONE", "-n", "-S", script], in: folder.url, environment: [
            "DAYPLAN_PLUGIN": Repository.url("editors/vim").path, "DAYPLAN_PLAN": folder.url.path,
            "DAYPLAN_RESULTS": results.path, "XDG_CONFIG_HOME": folder.url.path, "XDG_DATA_HOME": folder.url.path,
        ])
        #expect(run.status == 0, "\(run.output)")
        let lines = try String(contentsOf: results, encoding: .utf8).split(separator: "\n").map(String.init)
        // The files a failed format must leave alone are as they were.
        #expect(try folder.read("2026-11-25.md") == "# 2026-11-25\n## Morning\n## Morning\n")
        return lines
    }

    /// Every check passed, and all of them ran.
    static func expectAllPassed(_ lines: [String]) {
        for line in lines where !line.hasPrefix("ok ") { Issue.record("\(line)") }
        #expect(lines.count == 27, "\(lines.count) checks ran: \(lines)")
        for name in ["detects a day file by its name", "overdue expiry", ":make lists the finding",
                     ":DayplanFmt leaves a refused buffer unchanged", ":DayplanFmt puts the reason in the quickfix list",
                     "gq formats the whole file", "language server state"] {
            #expect(lines.contains("ok " + name), "\(name)")
        }
    }

    @Test(.enabled(if: neovim != nil, "neovim is not installed"))
    func passesInNeovim() throws {
        Self.expectAllPassed(try Self.results(try #require(Self.neovim), ["--headless"]))
    }

    @Test(.enabled(if: vim != nil, "vim (with +eval and +syntax) is not installed"))
    func passesInVim() throws {
        Self.expectAllPassed(try Self.results(try #require(Self.vim), ["-es", "-N"]))
    }

    /// In Vim as a person runs it (a terminal, Vim's default `noautoread`), the plugin's own mark reloads the file it
    /// changed without the hidden W11 prompt ("File … has changed since editing started"), which used to take every
    /// key until `O` or `L`: the screen shows the task done, and the next keys work.
    @Test(.enabled(if: vim != nil && TmuxSession.tmux != nil, "vim (with +eval and +syntax) or tmux is not installed"))
    func markingInVimReloadsWithoutAPrompt() throws {
        let folder = try Self.planFolder()
        let plugin = Repository.url("editors/vim").path
        let session = try TmuxSession("vim -u NONE -i NONE -n -N --cmd 'set rtp^=\(plugin)' --cmd 'filetype plugin on' "
                                      + "--cmd 'set noautoread' 2026-11-21.md", in: folder.url)
        try session.wait { $0.contains("* [ ] Write the talk") }
        try session.send("4", "G", "\\", "x")
        let marked = try session.wait { $0.contains("* [x] Write the talk") }
        #expect(marked.contains("* [x] Write the talk"), "\(marked)")
        #expect(!marked.contains("W11") && !marked.contains("has changed since editing started"), "\(marked)")
        try session.send(":echo 'still' . ' here'", "Enter")
        let after = try session.wait { $0.contains("still here") }
        #expect(after.contains("still here"), "the keys after the mark did nothing: \(after)")
        #expect(try folder.read("2026-11-21.md").contains("* [x] Write the talk #work @carry\n"))
        try session.send(":qa!", "Enter")
    }

    @Test(.enabled(if: neovim != nil && installedProgram("python3") != nil, "neovim or python3 is not installed"))
    func neovimAttachesTheLanguageServerWhenDayplanHasOne() throws {
        let folder = try Self.planFolder()
        // A dayplan whose `help lsp` succeeds and whose `lsp` is the protocol double beside this file.
        let double = Repository.url("Tests/CommandTests/Editors/language-server-double.py").path
        let wrapper = try folder.write("bin/dayplan", """
            #!/bin/sh
            if [ "$1" = help ] && [ "$2" = lsp ]; then exit 0; fi
            if [ "$1" = lsp ]; then exec \(try #require(installedProgram("python3"))) \(double); fi
            exec \(Binary.url.path) "$@"

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let results = folder.url.appendingPathComponent("results.txt"), log = folder.url.appendingPathComponent("lsp.log")
        let run = try runProgram(try #require(Self.neovim),
                                 ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-S",
                                  Repository.url("Tests/CommandTests/Editors/lsp-attach-test.vim").path],
                                 in: folder.url, environment: [
                                    "DAYPLAN_PLUGIN": Repository.url("editors/vim").path, "DAYPLAN_PLAN": folder.url.path,
                                    "DAYPLAN_WRAPPER": wrapper.path, "DAYPLAN_RESULTS": results.path, "DAYPLAN_LSP_LOG": log.path,
                                    "XDG_CONFIG_HOME": folder.url.path, "XDG_DATA_HOME": folder.url.path,
                                    "XDG_STATE_HOME": folder.url.path, "XDG_CACHE_HOME": folder.url.path,
                                 ])
        #expect(run.status == 0, "\(run.output)")
        #expect(try String(contentsOf: results, encoding: .utf8) == "attached\nclient\ndayplan\n")
        let methods = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
        #expect(methods.prefix(2) == ["initialize", "initialized"], "\(methods)")
        #expect(methods.contains("textDocument/didOpen"), "\(methods)")
    }
}
