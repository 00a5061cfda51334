import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanView

/// docs/view.md's key table is the key table: a row for every binding, in its order, and no other.
@Suite struct ViewDocumentTests {
    @Test func theKeyTableListsEveryBindingInOrder() throws {
        let page = try String(contentsOf: Repository.url("docs/view.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }.map(String.init)
        #expect(rows == KeyBinding.all.map { "| `\($0.label)` | \($0.help) |" })
    }

    @Test func thePageShowsTheScreenAsDrawn() throws {
        let page = try String(contentsOf: Repository.url("docs/view.md"), encoding: .utf8)
        let screen = try String(contentsOf: ViewScreenTests.folder.appendingPathComponent("full.120.txt"), encoding: .utf8)
        #expect(page.contains("```\n" + screen + "```\n"))
    }
}
