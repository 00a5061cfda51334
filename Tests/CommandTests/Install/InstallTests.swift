import Foundation
import Testing

/// `make install-files` and `make uninstall` with the binary the tests built (`make install` is the same
/// after a release build; Tests/install-check.sh runs that one, from .ci/run).
@Suite(.enabled(if: installedProgram("make") != nil, "make is not installed"))
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
