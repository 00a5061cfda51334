import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Testing

/// `%XX` escapes decoded as an editor's `file:` URI and a CalDAV `href` write them.
@Suite struct PercentEscapesTests {
    @Test func escapesAreDecodedAndAnythingElseKept() {
        #expect(PercentEscapes.decoded(Array("/ADD%20Log/2026-11-21.md".utf8)) == "/ADD Log/2026-11-21.md")
        #expect(PercentEscapes.decoded(Array("/caf%C3%A9/%2a%2A".utf8)) == "/café/**")
        // A `%` without two hexadecimal digits after it, or at the end, is kept as written.
        #expect(PercentEscapes.decoded(Array("/100%/%zz/%+1/%4".utf8)) == "/100%/%zz/%+1/%4")
        #expect(PercentEscapes.decoded(Array("".utf8)) == "")
    }
}
