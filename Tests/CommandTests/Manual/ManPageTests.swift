import Foundation
import Testing

/// dayplan(1), made by `dayplan help --man`, and the committed dayplan(5).
@Suite(.tags(.slow)) struct ManPageTests {
    static let mandoc = installedProgram("mandoc")

    /// dayplan(1) and dayplan(5) written into a folder, as `make install` lays them out.
    static func pages() throws -> (folder: TemporaryFolder, section1: String, section5: String) {
        let folder = try TemporaryFolder()
        let page = try Binary.run(["help", "--man"])
        #expect(page.status == 0)
        try folder.write("man1/dayplan.1", page.stdout)
        try folder.write("man5/dayplan.5", String(contentsOf: Repository.url("man/dayplan.5"), encoding: .utf8))
        return (folder, "man1/dayplan.1", "man5/dayplan.5")
    }

    @Test(.enabled(if: mandoc != nil, "mandoc is not installed"))
    func bothPagesLintWithoutAnyMessage() throws {
        let (folder, section1, section5) = try Self.pages()
        let lint = try runProgram(try #require(Self.mandoc), ["-T", "lint", section1, section5], in: folder.url)
        // mandoc looks cross-references up among installed pages only; dayplan(1) and dayplan(5) refer to each
        // other and are installed together, so that one message is expected until they are. Anything else
        // (style messages included) is a defect.
        let messages = lint.output.split(separator: "\n").filter { !$0.contains("referenced manual not found: Xr dayplan ") }
        #expect(messages.isEmpty, "\(messages.joined(separator: "\n"))")
    }

    /// The page as mandoc renders it for a terminal, with overstriking removed and white space collapsed.
    static func rendered(_ page: String, in folder: TemporaryFolder) throws -> String {
        // Wide enough that no line breaks inside a word (`day-starts-at` would break after its hyphen).
        let output = try runProgram(try #require(mandoc), ["-T", "utf8", "-O", "width=400", page], in: folder.url).output
        var plain = ""
        var previous: Character?
        for character in output {
            if character == "\u{8}" { previous = nil; continue }
            if let previous { plain.append(previous) }
            previous = character
        }
        if let previous { plain.append(previous) }
        // mandoc may write a hyphen as U+2010 and the name-description dash as U+2013.
        plain = plain.replacingOccurrences(of: "\u{2010}", with: "-")
        return plain.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    @Test(.enabled(if: mandoc != nil, "mandoc is not installed"))
    func eachCommandsSectionSaysWhatItsHelpSays() throws {
        let (folder, section1, _) = try Self.pages()
        let page = try Self.rendered(section1, in: folder)
        func collapsed(_ text: some StringProtocol) -> String {
            text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        // Each command's section runs from its heading and summary to the next one's (the last, to ENVIRONMENT).
        let summaries = try HelpListing.summaries()
        var starts: [(String, String.Index)] = []
        for (command, summary) in summaries {
            let heading = try #require(page.range(of: " \(command) \(summary)."), "no section for \(command)")
            starts.append((command, heading.lowerBound))
        }
        let end = try #require(page.range(of: " ENVIRONMENT ")).lowerBound
        for (index, (command, start)) in starts.enumerated() {
            let section = String(page[start..<(index + 1 < starts.count ? starts[index + 1].1 : end)])
            let help = try Binary.run(["help", command]).stdout
            let parts = help.components(separatedBy: "\n\nOPTIONS:\n")
            let about = parts[0].components(separatedBy: "\n\n").dropFirst()
            for paragraph in about { #expect(section.contains(collapsed(paragraph)), "\(command): \(paragraph)") }
            let rest = parts[1].components(separatedBy: "\n\nEXIT CODES: ")
            // Each option's row: its names, then its help, wrapped onto indented lines.
            var rows: [String] = []
            for line in rest[0].split(separator: "\n") {
                if line.hasPrefix("  -") { rows.append(String(line.dropFirst(2))) } else { rows[rows.count - 1] += " " + line }
            }
            for row in rows {
                let names = row.components(separatedBy: "  ")[0]
                var text = collapsed(row.dropFirst(names.count))
                #expect(section.contains(collapsed(names)), "\(command): \(names)")
                if let env = text.range(of: " [env: ") {
                    let variable = text[env.upperBound...].dropLast()
                    #expect(section.contains("(env: \(variable))"), "\(command): \(variable)")
                    text = String(text[..<env.lowerBound])
                }
                #expect(section.contains(text), "\(command): \(text)")
            }
            for meaning in collapsed(rest[1]).dropLast().components(separatedBy: ", ") {
                #expect(section.contains(meaning), "\(command): \(meaning)")
            }
        }
    }

    @Test func theFormatPageHasASectionForEachOfFormatMdsSections() throws {
        let format = try String(contentsOf: Repository.url("FORMAT.md"), encoding: .utf8)
        let page = try String(contentsOf: Repository.url("man/dayplan.5"), encoding: .utf8)
        let subsections = Set(page.split(separator: "\n").filter { $0.hasPrefix(".Ss ") }.map { $0.dropFirst(4).lowercased() })
        var inFence = false
        var headings: [String] = []
        for line in format.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") || line.hasPrefix("~~~") { inFence.toggle(); continue }
            // `## 3. Tasks`: a numbered section (a title of words, so that a stray line is not one).
            guard !inFence, line.hasPrefix("## "), let dot = line.firstIndex(of: "."),
                  line.dropFirst(3)[..<dot].allSatisfy(\.isNumber) else { continue }
            let title = line[line.index(dot, offsetBy: 2)...]
            guard title.allSatisfy({ $0.isLetter || $0.isNumber || " ,;:'()/-".contains($0) }) else { continue }
            headings.append(String(title))
        }
        #expect(headings.count >= 7, "\(headings)")
        for heading in headings {
            #expect(subsections.contains(heading.lowercased()), "man/dayplan.5 has no '.Ss \(heading)' for FORMAT.md's section")
        }
    }

    @Test func helpCommandShowsTheManualPageOnRequest() throws {
        let page = try Binary.run(["help", "--man"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".\\\" dayplan(1)"))
        for command in try HelpListing.commands() { #expect(page.stdout.contains("\n.Ss \(command)\n")) }
        #expect(page.stdout.contains(".It Ev DAYPLAN_DIR"))
    }
}
