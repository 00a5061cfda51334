import Foundation
import Testing

/// docs/shells.md's lines for loading the completions, run as written there in an empty home (no folder made
/// beforehand, no shell configuration), then a new interactive shell of that home in a terminal completes
/// `dayplan mark ca` to `cancel`. The lines come from the doc itself, so the doc and the test cannot drift.
@Suite(.tags(.slow)) struct ShellSetupTests {
    typealias Scripts = CompletionScriptTests

    /// The lines under `# SHELL…` in docs/shells.md's first `sh` block, up to the next shell's comment.
    static func documentedLines(for shell: String) throws -> String {
        let docs = try String(contentsOf: Repository.url("docs/shells.md"), encoding: .utf8)
        let block = try #require(docs.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        var lines: [String] = [], current: String?
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("# ") {
                let named = ["bash", "zsh", "fish"].first { line.hasPrefix("# \($0)") }
                if named != nil { current = named }
                continue
            }
            if current == shell, !line.isEmpty { lines.append(String(line)) }
        }
        return lines.joined(separator: "\n")
    }

    @Test(.enabled(if: TmuxSession.tmux != nil, "tmux is not installed"), arguments: ["bash", "zsh", "fish"])
    func theDocumentedLinesMakeANewShellComplete(shell: String) throws {
        guard let program = ["bash": Scripts.bash, "zsh": Scripts.zsh, "fish": Scripts.fish][shell] ?? nil else {
            print("skipped: \(shell) is not installed")
            return
        }
        let lines = try Self.documentedLines(for: shell)
        #expect(lines.contains("dayplan completions \(shell)"), "\(lines)")
        let home = try TemporaryFolder()
        try FileManager.default.createDirectory(at: home.url.appendingPathComponent(".dayplan"), withIntermediateDirectories: true)
        let environment = monday.merging(["HOME": home.url.path, "XDG_CONFIG_HOME": home.url.appendingPathComponent(".config").path,
                                          "XDG_DATA_HOME": home.url.appendingPathComponent(".local/share").path, "ZDOTDIR": home.url.path]) { $1 }
        // The lines as a person pastes them: into the shell they are for.
        let setup = try runProgram(program, ["-c", lines], in: home.url, environment: environment)
        #expect(setup.status == 0, "\(shell) -c \(lines): \(setup.output)")
        let session = try TmuxSession("\(program) -i", in: home.url, environment: environment)
        // The first prompt: whatever the shell's own is, once it has read its start-up files.
        try session.wait { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        Thread.sleep(forTimeInterval: 0.5)
        try session.send("dayplan mark ca", literal: true)
        try session.wait(seconds: 30) { $0.contains("dayplan mark ca") }
        try session.send("Tab")
        let screen = try session.wait(seconds: 30) { $0.contains("dayplan mark cancel") }
        #expect(screen.contains("dayplan mark cancel"), "\(shell) after \(lines):\n\(screen)")
    }
}
