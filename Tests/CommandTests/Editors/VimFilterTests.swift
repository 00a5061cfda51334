import Foundation
import Testing

/// `:%!dayplan fmt` in Vim wrote the reasons for a refused file into the buffer (Vim reads a
/// filter's standard error with its output): 9 lines became 12. The buffer now stays as it was, and a file fmt can
/// format is formatted.
@Suite(.tags(.slow)) struct VimFilterTests {
    @Test(.enabled(if: VimPluginTests.vim != nil || VimPluginTests.neovim != nil, "neither vim nor neovim is installed"))
    func filteringThroughFmtKeepsARefusedBuffer() throws {
        let folder = try TemporaryFolder()
        let refused = "# 2026-11-25\n\n## Morning\n- [ ] One\n\n## Morning\n- [ ] Two\n\n## Backlog\n"
        let untidy = "# 2026-11-24\n## Morning\n*   [ ] Write the talk   #work\n"
        try folder.write("2026-11-25.md", refused)
        try folder.write("2026-11-24.md", untidy)
        let editor = try #require(VimPluginTests.vim ?? VimPluginTests.neovim)
        let headless = editor.hasSuffix("nvim") ? ["--headless"] : ["-es", "-N"]
        for name in ["2026-11-25.md", "2026-11-24.md"] {
            let run = try runProgram(editor, headless + ["-u", "NONE", "-i", "NONE", "-n", "-c", "%!dayplan fmt", "-c", "wq", name],
                                     in: folder.url)
            #expect(run.status == 0, "\(run.output)")
        }
        #expect(try folder.read("2026-11-25.md") == refused)
        let formatted = try Binary.run(["fmt"], stdin: Array(untidy.utf8)).stdout
        #expect(formatted.hasPrefix("# 2026-11-24\n\n## Morning\n* [ ] Write the talk #work\n"))
        #expect(try folder.read("2026-11-24.md") == formatted)
    }
}
