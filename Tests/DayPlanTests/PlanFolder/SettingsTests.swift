import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct SettingsTests {
    @Test func readsEveryKeyWithCommentsAndBlankLines() throws {
        let settings = try Settings(parsing: Array("""
            # dayplan settings
            layout = YYYY/MM/YYYY-MM-DD.md

              day-starts-at=4   # late nights
            template = .dayplan/template.md\r

            """.utf8))
        #expect(settings.layout?.pattern == "YYYY/MM/YYYY-MM-DD.md")
        #expect(settings.dayStartsAt == 4)
        #expect(settings.template == ".dayplan/template.md")
        #expect(try Settings(parsing: []) == Settings())
        #expect(try Settings(parsing: Array("template =\n".utf8)).template == nil)
        #expect(try Settings(parsing: Array("layout = notes#1/YYYY-MM-DD.md\n".utf8)).layout?.pattern == "notes#1/YYYY-MM-DD.md")
    }

    @Test(arguments: [
        ("layout = YYYY-MM-DD.md\nday-starts-at = 25\n", 2, "day-starts-at", "`25` is not an hour"),
        ("layot = YYYY-MM-DD.md\n", 1, "layot", "unknown key (did you mean `layout`?)"),
        ("colour = blue\n", 1, "colour", "unknown key; the keys are layout, day-starts-at, template"),
        ("# a comment\nlayout YYYY-MM-DD.md\n", 2, nil, "expected `key = value`"),
        ("= 4\n", 1, nil, "a value without a key"),
        ("layout = YYYY-MM-DD.md\nlayout = daily/YYYY-MM-DD.md\n", 2, "layout", "set a second time (first on line 1)"),
        ("layout = YYYY/MM/DD.md\n", 1, "layout", "must end with the file name YYYY-MM-DD.md"),
        ("template = /etc/passwd\n", 1, "template", "is an absolute path"),
    ] as [(String, Int, String?, String)])
    func aBadLineIsAnErrorWithItsLineAndKey(_ text: String, _ line: Int, _ key: String?, _ message: String) {
        do {
            _ = try Settings(parsing: Array(text.utf8))
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.line == line)
            #expect(error.key == key)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func invalidUTF8IsAnError() {
        #expect(throws: SettingsError(line: 2, key: nil, "this line is not valid UTF-8")) {
            try Settings(parsing: Array("layout = YYYY-MM-DD.md\n".utf8) + [0xFF, 0x0A])
        }
    }
}
