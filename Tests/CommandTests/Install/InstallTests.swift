import Foundation
import Testing

/// `make install-files` and `make uninstall` with the binary the tests built (`make install` is the same
/// after a release build; Tests/install-check.sh runs that one, from .ci/run).
@Suite(.tags(.slow), .enabled(if: installedProgram("make") != nil, "make is not installed"))
struct InstallTests {
    static let installed = [
        "bin/dayplan", "share/man/man1/dayplan.1", "share/man/man5/dayplan.5", "share/doc/dayplan/README.md",
        "share/doc/dayplan/FORMAT.md", "share/doc/dayplan/docs/RULES.md", "share/bash-completion/completions/dayplan",
        "share/zsh/site-functions/_dayplan", "share/fish/vendor_completions.d/dayplan.fish",
    ]

    /// Every regular file under `folder`, as paths from it, sorted.
    static func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
        }
        return found.sorted()
    }

    @Test func installsEverythingAndUninstallRemovesIt() throws {
        let prefix = try TemporaryFolder()
        let make = try #require(installedProgram("make"))
        let install = try runProgram(make, ["-s", "install-files", "PREFIX=\(prefix.url.path)", "BINARY=\(Binary.url.path)"],
                                     in: Repository.root)
        #expect(install.status == 0, "\(install.output)")
        let files = Self.files(under: prefix.url)
        for file in Self.installed { #expect(files.contains(file), "\(file) is not installed") }
        let plugin = Self.files(under: Repository.url("editors/vim"))
        for pack in ["share/vim/vimfiles/pack/dayplan/start/dayplan/", "share/nvim/site/pack/dayplan/start/dayplan/"] {
            for file in plugin { #expect(files.contains(pack + file), "\(pack + file) is not installed") }
        }
        // Every page of docs/, where README.md and FORMAT.md link to it.
        let documents = Self.files(under: Repository.url("docs")).filter { $0.hasSuffix(".md") || $0.hasSuffix(".json") }
        for file in documents { #expect(files.contains("share/doc/dayplan/docs/" + file), "docs/\(file) is not installed") }
        let extraDocuments = documents.filter { $0 != "RULES.md" }.count
        #expect(files.count == Self.installed.count + extraDocuments + 2 * plugin.count, "\(files)")

        // What was installed is what the binary makes.
        #expect(try prefix.read("share/man/man1/dayplan.1") == Binary.run(["help", "--man"]).stdout)
        #expect(try prefix.read("share/zsh/site-functions/_dayplan") == Binary.run(["completions", "zsh"]).stdout)
        let version = try runProgram(prefix.url.appendingPathComponent("bin/dayplan").path, ["--version"], in: prefix.url)
        #expect(version.output.hasPrefix("dayplan "))

        let uninstall = try runProgram(make, ["-s", "uninstall", "PREFIX=\(prefix.url.path)"], in: Repository.root)
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(Self.files(under: prefix.url) == [])
    }

    /// `make release VERSION=X.Y.Z` tags the commit as `vX.Y.Z` when the source says that version, and refuses
    /// another version, changes in the tree and a tag that exists: the `rev:` the pre-commit snippet names.
    @Test(.enabled(if: installedProgram("git") != nil, "git is not installed"))
    func releaseTagsTheVersionTheBinaryPrints() throws {
        let make = try #require(installedProgram("make")), git = try #require(installedProgram("git"))
        let folder = try TemporaryFolder()
        let clone = folder.url.appendingPathComponent("dayplan")
        let environment = ["GIT_AUTHOR_NAME": "dayplan", "GIT_AUTHOR_EMAIL": "dayplan@example.com", "GIT_COMMITTER_NAME": "dayplan",
                           "GIT_COMMITTER_EMAIL": "dayplan@example.com", "GIT_CONFIG_NOSYSTEM": "1"]
        func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
            try runProgram(program, arguments, in: clone, environment: environment)
        }
        let cloned = try runProgram(git, ["clone", "-q", "--no-local", Repository.root.path, clone.path], in: folder.url, environment: environment)
        try #require(cloned.status == 0, "\(cloned.output)")
        let version = try #require(try Binary.run(["--version"]).stdout.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let wrong = try run(make, ["-s", "release", "VERSION=9.9.9"])
        #expect(wrong.status != 0 && wrong.output.contains("says version \(version), not 9.9.9"), "\(wrong.output)")
        try "x".write(to: clone.appendingPathComponent("stray.txt"), atomically: true, encoding: .utf8)
        let dirty = try run(make, ["-s", "release", "VERSION=\(version)"])
        #expect(dirty.status != 0 && dirty.output.contains("commit or stash your changes first"), "\(dirty.output)")
        try FileManager.default.removeItem(at: clone.appendingPathComponent("stray.txt"))
        let tagged = try run(make, ["-s", "release", "VERSION=\(version)"])
        #expect(tagged.status == 0, "\(tagged.output)")
        let tags = try run(git, ["tag", "--list"])
        #expect(tags.output.split(separator: "\n").contains("v\(version)"), "\(tags.output)")
        let again = try run(make, ["-s", "release", "VERSION=\(version)"])
        #expect(again.status != 0 && again.output.contains("is tagged already"), "\(again.output)")
        // The snippet in docs/lint.md names a rev of that form.
        let page = try String(contentsOf: Repository.url("docs/lint.md"), encoding: .utf8)
        #expect(page.contains("rev: v\(version) ") && !page.contains("OWNER"), "docs/lint.md's pre-commit snippet")
    }

    @Test(.enabled(if: installedProgram("nvim") != nil, "neovim is not installed"))
    func neovimFindsTheInstalledPlugin() throws {
        let prefix = try TemporaryFolder()
        let make = try #require(installedProgram("make"))
        #expect(try runProgram(make, ["-s", "install-files", "PREFIX=\(prefix.url.path)", "BINARY=\(Binary.url.path)"],
                               in: Repository.root).status == 0)
        try prefix.write("plans/2026-11-21.md", "# 2026-11-21\n")
        // Neovim looks in PREFIX/share/nvim/site when PREFIX/share is one of XDG_DATA_DIRS (as /usr/local/share is).
        let run = try runProgram(try #require(installedProgram("nvim")),
                                 ["--headless", "-i", "NONE", "-n", "plans/2026-11-21.md",
                                  "+call writefile([&filetype], 'filetype.txt')", "+qall!"],
                                 in: prefix.url, environment: ["XDG_DATA_DIRS": prefix.url.path + "/share",
                                                               "XDG_CONFIG_HOME": prefix.url.path + "/config",
                                                               "XDG_DATA_HOME": prefix.url.path + "/data"])
        #expect(run.status == 0, "\(run.output)")
        #expect(try prefix.read("filetype.txt") == "dayplan\n")
    }
}
