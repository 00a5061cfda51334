import Foundation
import Testing

/// Eglot with Emacs 28 (Debian's emacs-nox and elpa-eglot), not only 29: the setup of
/// docs/language-server.md, as written there, in Emacs batch against the real `dayplan lsp`: the findings, Emacs'
/// own completion of a tag, and a README of the plan folder left alone.
@Suite(.tags(.slow)) struct EmacsEglotTests {
    static let emacs = installedProgram("emacs")
    /// Whether eglot loads (built in from Emacs 29; the elpa-eglot package before).
    static let eglot = emacs.map { path in
        (try? runProgram(path, ["--batch", "-q", "--eval", "(progn (package-initialize) (require 'eglot))"], in: URL(fileURLWithPath: "/")))?.status == 0
    } ?? false

    /// The elisp block under **Emacs** in docs/language-server.md.
    static func documentedSetup() throws -> String {
        let docs = try String(contentsOf: Repository.url("docs/language-server.md"), encoding: .utf8)
        let after = try #require(docs.components(separatedBy: "**Emacs**").dropFirst().first)
        let block = try #require(after.components(separatedBy: "```elisp\n").dropFirst().first)
        return try #require(block.components(separatedBy: "```").first)
    }

    @Test(.enabled(if: emacs != nil && eglot, "emacs or eglot (elpa-eglot before Emacs 29) is not installed"))
    func eglotShowsTheFindingsOfADayFile() throws {
        let (home, plans) = try LanguageClientTests.planFolder()
        let setup = try home.write("setup.el", try Self.documentedSetup())
        // The lines the features are tried on (one finding: `@carry` twice); Tea carried from the day before, with a
        // tag for completion; a README beside the days, which is no day file.
        try home.write("plans/2026-11-23.md", "# 2026-11-23\n\n## Morning\n* [ ] One\n+ [ ] Two @due:2026-11-24 see [[2026-11-24]]\n"
                       + "- [ ] Tea @carry @carry #home\n\n## Backlog\n")
        try home.write("plans/2026-11-22.md", "# 2026-11-22\n\n## Morning\n- [>] Tea @carry #home\n")
        try home.write("plans/README.md", "# Plans\n\n## Morning\n* [ ] Not a task of a day #home\n")
        let run = try runProgram(try #require(Self.emacs), ["--batch", "-q", "-l", Repository.url("Tests/CommandTests/Editors/eglot-test.el").path,
                                                           setup.path, "2026-11-23.md", "README.md"],
                                 in: plans, environment: ["HOME": home.url.path, "DAYPLAN_NOW": "1795435200", "DAYPLAN_FEATURES": "1"])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        // Without markdown-mode (Debian's elpa-markdown-mode) a .md file is in another mode; the setup names both.
        #expect(lines.contains { $0.hasPrefix("mode=") }, "\(run.output)")
        #expect(lines.contains("diagnostics=1 servers=1"), "\(run.output)")
        // The features of docs/editors.md's table, each through eglot.
        let features = lines.filter { $0.hasSuffix("=ok") || $0.contains("=FAIL") }
        #expect(features.map { $0.components(separatedBy: "=").first ?? "" } == [
            "quick fix offered", "quick fix applied", "diagnostics after an edit", "format", "hover on a key", "definition from a date",
            "definition from a wiki link", "references", "workspace symbols", "outline",
        ], "\(run.output)")
        for line in features { #expect(line.hasSuffix("=ok"), "\(line)") }
        // Emacs' own completion writes the tag once (it inserts the items' common prefix; the tag being typed was
        // offered as one of its own, and `##` or nothing came of it).
        #expect(lines.contains("completed=- [ ] Water the plants #home"), "\(run.output)")
        // The README is left alone: no completion, outline, folding or inlay hints there.
        #expect(lines.contains("completed=- [ ] Water the plants #ho"), "\(run.output)")
        #expect(lines.contains("note-symbols=0 note-folding=0 note-hints=0"), "\(run.output)")
    }
}
