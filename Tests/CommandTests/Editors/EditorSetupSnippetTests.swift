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
