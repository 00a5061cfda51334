import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// `dayplan lsp` in a real editor: headless Neovim attaches the server to a day file, waits for its
/// diagnostics, formats through it and writes the file.
@Suite struct NeovimTests {
    /// Neovim on the PATH (or the usual places); nil when it is not installed.
    static let neovim: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.map { URL(fileURLWithPath: $0).appendingPathComponent("nvim") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Attaches with the API every Neovim from 0.7 has (`vim.lsp.start_client`), formats with
    /// `vim.lsp.buf.format` where it exists (0.8+) and `formatting_sync` before; writes what it saw to
    /// `result.txt` and ends with status 3 on any failure.
    static let script = #"""
        local result = {}
        local function finish(status)
          local file = io.open(os.getenv("DAYPLAN_RESULT"), "w")
          file:write(table.concat(result, "\n"), "\n")
          file:close()
          vim.cmd(status == 0 and "qall!" or ("cquit " .. status))
        end
        local ok, failure = pcall(function()
          local buffer = vim.api.nvim_get_current_buf()
          local client = vim.lsp.start_client({
            name = "dayplan",
            cmd = { os.getenv("DAYPLAN_BINARY"), "lsp" },
            root_dir = vim.fn.getcwd(),
          })
          assert(client, "the client did not start")
          vim.lsp.buf_attach_client(buffer, client)
          assert(vim.wait(30000, function() return #vim.diagnostic.get(buffer) > 0 end, 20), "no diagnostics")
          for _, d in ipairs(vim.diagnostic.get(buffer)) do
            table.insert(result, string.format("%d:%d:%s:%s", d.lnum, d.col, tostring(d.code), d.message))
          end
          if vim.lsp.buf.format then
            vim.lsp.buf.format({ timeout_ms = 30000 })
          else
            vim.lsp.buf.formatting_sync(nil, 30000)
          end
          vim.cmd("write")
          table.insert(result, "written")
        end)
        if not ok then
          table.insert(result, "failed: " .. tostring(failure))
          finish(3)
        else
          finish(0)
        end
        """#

    static let messy = "# 2026-11-21\n## Evening\n- [ ]  Call mum 😀 @carry @carry #family\n## Morning\n*\t[/]\t仕事 report 😀 @foo:bar\n"

    @Test(.disabled(if: neovim == nil, "Neovim (nvim) is not installed: apt-get install -y neovim"))
    func neovimGetsDiagnosticsAndFormatsLikeFmt() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("2026-11-21.md", NeovimTests.messy)
        let script = try folder.write("attach.lua", NeovimTests.script)
        let result = folder.url.appendingPathComponent("result.txt")
        let process = Process()
        process.executableURL = NeovimTests.neovim
        process.arguments = ["--headless", "--clean", file.path, "-c", "luafile \(script.path)"]
        process.currentDirectoryURL = folder.url
        let home = folder.url.appendingPathComponent("home").path
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home,
            "XDG_STATE_HOME": home, "XDG_CACHE_HOME": home, "TZ": "UTC",
            "DAYPLAN_BINARY": Binary.url.path, "DAYPLAN_RESULT": result.path,
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date(timeIntervalSinceNow: 120)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        let report = (try? String(contentsOf: result, encoding: .utf8)) ?? "(no result file)"
        #expect(process.terminationStatus == 0, "nvim: \(report)")

        // Neovim shows lint's findings where lint puts them: its columns count bytes, as lint's do (from 1).
        let expected = Linter.lint(Array(NeovimTests.messy.utf8), fileName: file.path).map {
            "\($0.start.line - 1):\($0.start.column - 1):\($0.rule.id):\($0.message)"
        }
        #expect(expected.count == 3)
        #expect(report.split(separator: "\n").map(String.init) == expected + ["written"])

        // The file Neovim wrote is exactly what `dayplan fmt` makes of the original.
        let fmt = try Binary.run(["fmt"], stdin: Array(NeovimTests.messy.utf8))
        #expect(fmt.status == 0)
        #expect(try folder.read("2026-11-21.md") == fmt.stdout)
    }
}
