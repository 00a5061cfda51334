import Foundation
import Testing

/// The setups in docs/language-server.md for editors the tests cannot run (VS Code, Sublime Text, Kate, Zed,
/// Helix): each JSON block parses, each TOML block parses (python3's tomllib), and each names `dayplan lsp`.
@Suite(.tags(.slow)) struct EditorSetupSnippetTests {
    /// The fenced blocks of `language` in docs/language-server.md.
    static func blocks(_ language: String) throws -> [String] {
        let docs = try String(contentsOf: Repository.url("docs/language-server.md"), encoding: .utf8)
        return docs.components(separatedBy: "```\(language)\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
    }

    @Test func jsonSetupsParseAndNameTheServer() throws {
        let blocks = try Self.blocks("json")
        #expect(blocks.count == 3, "VS Code, Sublime Text and Kate")
        for block in blocks {
            #expect((try? JSONSerialization.jsonObject(with: Data(block.utf8))) != nil, "\(block)")
            #expect(block.contains(#""dayplan""#) && block.contains(#""lsp""#), "\(block)")
        }
    }

    /// The "Neovim 0.11+" block (`vim.lsp.config`, `vim.lsp.enable`), which the Neovim here (0.7) cannot run: run in
    /// it with those three functions recording what they are given, then its `root_dir` asked of a day file and of
    /// a README: the server is `dayplan lsp` for Markdown, enabled, and its folder is the day file's, the README none.
    @Test(.enabled(if: VimPluginTests.neovim != nil, "neovim is not installed"))
    func neovim011SnippetStartsTheServerForDayFilesOnly() throws {
        let docs = try String(contentsOf: Repository.url("docs/language-server.md"), encoding: .utf8)
        let after = try #require(docs.components(separatedBy: "**Neovim 0.11+**").dropFirst().first)
        let snippet = try #require(after.components(separatedBy: "```lua\n").dropFirst().first?.components(separatedBy: "```").first)
        let folder = try TemporaryFolder()
        try folder.write("snippet.lua", snippet)
        try folder.write("check.lua", """
            local seen = {}
            vim.lsp.config = function(name, config) seen.name, seen.config = name, config end
            vim.lsp.enable = function(name) seen.enabled = name end
            vim.lsp.inlay_hint = { enable = function(on) seen.hints = on end }
            vim.fs = vim.fs or {}
            vim.fs.dirname = vim.fs.dirname or function(path) return vim.fn.fnamemodify(path, ":h") end
            dofile("snippet.lua")
            local lines = { "name=" .. tostring(seen.name), "enabled=" .. tostring(seen.enabled), "hints=" .. tostring(seen.hints),
              "cmd=" .. table.concat(seen.config.cmd, " "), "filetypes=" .. table.concat(seen.config.filetypes, " ") }
            for _, file in ipairs({ "/home/a/plans/2026-11-23.md", "/home/a/plans/README.md" }) do
              local buffer = vim.api.nvim_create_buf(true, false)
              vim.api.nvim_buf_set_name(buffer, file)
              local root = "none"
              seen.config.root_dir(buffer, function(dir) root = dir end)
              table.insert(lines, vim.fn.fnamemodify(file, ":t") .. "=" .. root)
            end
            vim.fn.writefile(lines, "results.txt")
            """)
        let run = try runProgram(try #require(VimPluginTests.neovim), ["--headless", "-u", "NONE", "-i", "NONE", "-c", "luafile check.lua", "-c", "qall!"],
                                 in: folder.url)
        #expect(run.status == 0, "\(run.output)")
        #expect((try? folder.read("results.txt")) == """
            name=dayplan
            enabled=dayplan
            hints=true
            cmd=dayplan lsp
            filetypes=markdown
            2026-11-23.md=/home/a/plans
            README.md=none

            """, "\(run.output)")
    }

    static let tomllib = installedProgram("python3").flatMap { path in
        (try? runProgram(path, ["-c", "import tomllib"], in: URL(fileURLWithPath: "/")))?.status == 0 ? path : nil
    }

    @Test(.enabled(if: tomllib != nil, "python3 with tomllib (3.11+) is not installed"))
    func tomlSetupsParseAndNameTheServer() throws {
        let blocks = try Self.blocks("toml")
        #expect(blocks.count == 2, "Helix and Zed")
        for block in blocks {
            let run = try runProgram(try #require(Self.tomllib), ["-c", "import sys, tomllib; tomllib.loads(sys.argv[1])", block],
                                     in: URL(fileURLWithPath: "/"))
            #expect(run.status == 0, "\(block): \(run.output)")
            #expect(block.contains("dayplan"), "\(block)")
        }
    }
}
