import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct TemplateTests {
    @Test func fillsInTheDayAndKeepsEverythingElse() throws {
        let template = Template(Array("""
            ---
            tags: daily
            created: {{date}}
            ---
            # {{ date }}
            {{weekday}}; [[{{yesterday}}]] · [[{{tomorrow}}]]

            ## Morning
            ## Notes
            { not a placeholder } {{ also not
            }}
            """.utf8))
        let rendered = template.render(for: try #require(Day("2026-11-30")))
        #expect(String(decoding: rendered.bytes, as: UTF8.self) == """
            ---
            tags: daily
            created: 2026-11-30
            ---
            # 2026-11-30
            Monday; [[2026-11-29]] · [[2026-12-01]]

            ## Morning
            ## Notes
            { not a placeholder } {{ also not
            }}
            """)
        #expect(rendered.unknown.isEmpty)
    }

    @Test func unknownPlaceholdersAreKeptByteForByteAndReported() throws {
        let text = "# {{date}}\n\n## Notes\nÉté {{title}} and {{date:YYYY}}{{}}\n"
        let rendered = Template(Array(text.utf8)).render(for: try #require(Day("2026-01-01")))
        #expect(String(decoding: rendered.bytes, as: UTF8.self) == "# 2026-01-01\n\n## Notes\nÉté {{title}} and {{date:YYYY}}{{}}\n")
        #expect(rendered.unknown == [
            Template.UnknownPlaceholder(text: "{{title}}", line: 4, column: 7),
            Template.UnknownPlaceholder(text: "{{date:YYYY}}", line: 4, column: 21),
        ])
    }

    @Test func crossesMonthsAndYears() throws {
        let rendered = Template(Array("{{yesterday}} {{tomorrow}}".utf8)).render(for: try #require(Day("2027-01-01")))
        #expect(rendered.bytes == Array("2026-12-31 2027-01-02".utf8))
    }
}
