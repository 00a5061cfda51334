import Foundation
import Testing

/// Every command the binary has (its command table, as `dayplan --help` lists it) is in README's table of
/// commands, with a docs page that names it, and has its section in the manual page: a command added to the
/// table and forgotten in one of them fails here.
@Suite struct CommandListTests {
    @Test func everyCommandIsInTheReadmeTableItsDocsPageAndTheManualPage() throws {
        let commands = try HelpListing.commands()
        #expect(commands.count >= 20, "\(commands)")
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        // The table's rows: `| `dayplan a`, `b` | what | [page](docs/page.md), … |`.
        var pages: [String: [String]] = [:]
        for row in readme.split(separator: "\n") where row.hasPrefix("| `dayplan ") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            let names = cells[0].split(separator: ",").map { $0.replacingOccurrences(of: "`", with: "")
                .replacingOccurrences(of: "dayplan ", with: "").trimmingCharacters(in: .whitespaces) }
            let links = cells[2].components(separatedBy: "](").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
            for name in names { pages[name, default: []] += links }
        }
        let manual = try Binary.run(["help", "--man"]).stdout
        for command in commands {
            let links = try #require(pages[command], "`dayplan \(command)` is not in README's table of commands")
            let documents = try links.filter { $0.hasPrefix("docs/") }.map {
                try String(contentsOf: Repository.url(String($0.split(separator: "#").first ?? "")), encoding: .utf8)
            }
            #expect(documents.contains { $0.contains("dayplan \(command)") || $0.contains("`\(command)`") },
                    "no docs page of README's row names `dayplan \(command)`: \(links)")
            #expect(manual.contains("\n.Ss \(command)\n"),
                    "the manual page has no section for \(command)")
        }
        // And the table names no command the binary lacks.
        #expect(Set(pages.keys).subtracting(commands).isEmpty, "\(Set(pages.keys).subtracting(commands))")
    }
}
