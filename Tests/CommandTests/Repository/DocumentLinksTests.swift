import Foundation
import Testing

/// The documents point where they say: every relative link of README.md, FORMAT.md and docs/ (and the other
/// READMEs) names a file or folder of the repository, and a link to a section names a heading of that page.
/// The top level holds what the package needs, and CI runs the commands the README puts first.
@Suite struct DocumentLinksTests {
    /// One link: the document it stands in, its line, and its target as written.
    struct Link: CustomTestStringConvertible, Sendable {
        let document: String
        let line: Int
        let target: String
        var testDescription: String { "\(document):\(line): \(target)" }
    }

    /// The documents whose links are checked, as paths from the top.
    static let documents: [String] = {
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: Repository.url("docs").path)) ?? []
        return ["README.md", "FORMAT.md", "Sources/DayPlan/README.md", "editors/README.md", "Examples/README.md",
                "Tests/bench/README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The lines of a Markdown text outside fenced code blocks, with their 1-based numbers.
    static func prose(_ text: String) -> [(number: Int, text: String)] {
        var lines: [(Int, String)] = []
        var fence: String?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open), trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
                continue
            }
            if let marker = trimmed.first, marker == "`" || marker == "~" {
                let run = trimmed.prefix { $0 == marker }
                if run.count >= 3 { fence = String(run); continue }
            }
            lines.append((index + 1, line))
        }
        return lines
    }

    /// `line` with each code span (a run of backticks up to the same run) removed, so that a link shown as
    /// code is not read as one.
    static func withoutCodeSpans(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let start = rest.firstIndex(of: "`") {
            result += rest[..<start]
            let run = rest[start...].prefix { $0 == "`" }
            let after = rest[run.endIndex...]
            guard let close = after.range(of: String(run)) else { return result + rest[start...] }
            rest = after[close.upperBound...]
        }
        return result + rest
    }

    /// Every `[text](target)` and `![alt](target)` of a prose line, as the targets written.
    static func targets(in line: String) -> [String] {
        var found: [String] = []
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            var target = after[..<close].trimmingCharacters(in: .whitespaces)
            if target.hasPrefix("<"), let end = target.firstIndex(of: ">") {
                target = String(target[target.index(after: target.startIndex)..<end])
            } else if let space = target.firstIndex(of: " ") {
                target = String(target[..<space])   // a title after the target
            }
            found.append(target)
            rest = after[after.index(after: close)...]
        }
        return found
    }

    /// Every relative link of every document.
    static let links: [Link] = documents.flatMap { document -> [Link] in
        guard let text = try? String(contentsOf: Repository.url(document), encoding: .utf8) else { return [] }
        return prose(text).flatMap { line in
            targets(in: withoutCodeSpans(line.text)).filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
                .map { Link(document: document, line: line.number, target: $0) }
        }
    }

    /// The anchors of a page's headings, as GitHub makes them: lower case, letters, digits, `-` and `_` kept,
    /// spaces made `-`, everything else dropped; a repeated one gets `-1`, `-2`, ….
    static func anchors(of text: String) -> Set<String> {
        var anchors: Set<String> = []
        var counts: [String: Int] = [:]
        for line in prose(text) {
            let hashes = line.text.prefix { $0 == "#" }
            guard (1...6).contains(hashes.count), line.text.dropFirst(hashes.count).first == " " else { continue }
            var title = line.text.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            // A link in a heading reads as its text.
            while let open = title.range(of: "]("), let close = title[open.upperBound...].firstIndex(of: ")") {
                title.removeSubrange(open.lowerBound...close)
            }
            let slug = String(title.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
            let seen = counts[slug, default: 0]
            counts[slug] = seen + 1
            anchors.insert(seen == 0 ? slug : "\(slug)-\(seen)")
        }
        return anchors
    }

    @Test func theDocumentsHaveLinksToCheck() {
        #expect(Self.documents.contains("docs/RULES.md") && Self.documents.contains("docs/lint.md"))
        #expect(Self.links.filter { $0.document == "README.md" }.count >= 20)
    }

    @Test(arguments: links)
    func linkPointsToAFileAndSection(_ link: Link) throws {
        let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let folder = Repository.url(link.document).deletingLastPathComponent()
        let file = path.isEmpty ? Repository.url(link.document) : folder.appendingPathComponent(path).standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: file.path), "\(link.document):\(link.line): \(path) does not exist")
        #expect(file.path.hasPrefix(Repository.root.standardizedFileURL.path), "\(link.target) leaves the repository")
        if parts.count == 2, file.pathExtension == "md", let text = try? String(contentsOf: file, encoding: .utf8) {
            let anchor = String(parts[1])
            #expect(Self.anchors(of: text).contains(anchor),
                    "\(link.document):\(link.line): \(file.lastPathComponent) has no heading with the anchor #\(anchor)")
        }
    }

    @Test func anchorsAreMadeAsGitHubMakesThem() {
        let anchors = Self.anchors(of: "# The lock\n## `dayplan lint`: the format\n```\n# not a heading\n```\n## The lock\n")
        #expect(anchors == ["the-lock", "dayplan-lint-the-format", "the-lock-1"])
    }

    /// The top level holds the package, its documents and its tools' dotfiles; every other document is in
    /// docs/, so that the front door stays a front door.
    @Test(.enabled(if: installedProgram("git") != nil, "git is not installed"))
    func theTopLevelHoldsWhatThePackageNeeds() throws {
        let listed = try runProgram(try #require(installedProgram("git")), ["ls-files"], in: Repository.root)
        try #require(listed.status == 0, "\(listed.output)")
        let top = Set(listed.output.split(separator: "\n").compactMap { $0.split(separator: "/").first.map(String.init) })
        let expected: Set<String> = ["Package.swift", "Sources", "Tests", "Examples", "README.md", "FORMAT.md", "Makefile",
                                     "man", "editors", "docs"]
        let other = top.subtracting(expected).filter { !$0.hasPrefix(".") }
        #expect(other.isEmpty, "at the top level, beside the package: \(other.sorted()); documents go in docs/")
    }

    /// `.ci/run` runs the commands the README gives a newcomer first (its first `sh` block).
    @Test func continuousIntegrationRunsTheReadmesFirstCommands() throws {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        let ci = try String(contentsOf: Repository.url(".ci/run"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let commands = block.split(separator: "\n").map { $0.split(separator: "#").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
            .filter { !$0.isEmpty }
        #expect(commands.contains("swift test") && commands.contains { $0.hasPrefix("swift run dayplan ") && $0.contains("Examples") },
                "\(commands)")
        for command in commands {
            #expect(ci.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(command) },
                    ".ci/run does not run the README's `\(command)`")
        }
    }
}
