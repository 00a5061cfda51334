import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// The small XML reader behind `dayplan sync`: namespaces, entities, CDATA, and bounded on hostile input.
@Suite struct XMLReaderTests {
    @Test func namespacesResolveThroughPrefixesAndDefaults() throws {
        let root = try XMLReader.read(Array("""
            <?xml version="1.0"?>
            <!-- a comment -->
            <d:multistatus xmlns:d="DAV:" xmlns="urn:x"><d:response><plain a="1" d:b='2'/></d:response></d:multistatus>
            """.utf8))
        #expect(root.namespace == "DAV:" && root.name == "multistatus")
        let response = try #require(root.child("DAV:", "response"))
        let plain = try #require(response.child("urn:x", "plain"))
        #expect(plain.attributes.map(\.name) == ["a", "d:b"])
        #expect(plain.attributes.map(\.value) == ["1", "2"])
        #expect(root.child("urn:x", "response") == nil)
    }

    @Test func entitiesCharacterReferencesAndCDATAAreText() throws {
        let root = try XMLReader.read(Array("<a>x &amp; y &lt;&gt;&quot;&apos; &#233;&#x20AC;<![CDATA[<b>&amp;</b>]]></a>".utf8))
        #expect(root.text == "x & y <>\"' é€<b>&amp;</b>")
    }

    @Test func aDoctypeIsSkippedAndItsEntitiesAreNeverExpanded() throws {
        let bomb = "<!DOCTYPE a [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;\">]><a>&lol2;</a>"
        #expect(throws: XMLError.self) { try XMLReader.read(Array(bomb.utf8)) }
        let plain = try XMLReader.read(Array("<!DOCTYPE a [<!ENTITY x \"y\">]><a>ok</a>".utf8))
        #expect(plain.text == "ok")
    }

    @Test(arguments: ["", "<a>", "<a></b>", "<a><b></a>", "text", "<a/><b/>", "<p:a/>", "<a x=1/>", "<a>&unknown;</a>",
                      "<a>&#xFFFFFFFF;</a>", "<a><![CDATA[never</a>", "<a x='<'/>", "</a>", "<a", "<?xml"])
    func malformedInputIsAnErrorNotATrap(_ text: String) {
        #expect(throws: XMLError.self) { try XMLReader.read(Array(text.utf8)) }
    }

    @Test func deepNestingIsRefusedNotRecursed() {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(throws: XMLError.self) { try XMLReader.read(Array(deep.utf8)) }
        let fine = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect((try? XMLReader.read(Array(fine.utf8))) != nil)
    }

    /// Random bytes and random cuts of a real answer: the reader always returns or throws.
    @Test func randomInputNeverTraps() {
        var generator = SeededGenerator(seed: 37)
        let sample = Array(Self.multistatus.utf8)
        for _ in 0..<2_000 {
            var bytes = sample
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(Array("<>&;/\"':![]".utf8).randomElement(using: &generator)!, at: index)
                }
            }
            _ = try? XMLReader.read(bytes)
            _ = try? DAVMultistatus(parsing: bytes)
        }
    }

    static let multistatus = """
        <?xml version="1.0" encoding="utf-8"?>
        <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
          <response>
            <href>/alice/tasks/a%40dayplan.ics</href>
            <propstat><prop><getetag>"e1"</getetag><C:calendar-data>BEGIN:VCALENDAR\r
        BEGIN:VTODO\r
        UID:a@dayplan\r
        SUMMARY:Buy milk &amp; eggs\r
        STATUS:COMPLETED\r
        END:VTODO\r
        END:VCALENDAR\r
        </C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat>
            <propstat><prop><C:missing/></prop><status>HTTP/1.1 404 Not Found</status></propstat>
          </response>
          <response><href>/alice/tasks/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response>
          <sync-token>http://radicale.org/ns/sync/abc</sync-token>
        </multistatus>
        """

    @Test func aMultistatusGivesEachResourceItsETagDataAndStatus() throws {
        let answer = try DAVMultistatus(parsing: Array(Self.multistatus.utf8))
        #expect(answer.syncToken == "http://radicale.org/ns/sync/abc")
        #expect(answer.resources.map(\.href) == ["/alice/tasks/a%40dayplan.ics", "/alice/tasks/gone.ics"])
        #expect(answer.resources[0].etag == "\"e1\"")
        #expect(!answer.resources[0].isRemoved && answer.resources[1].isRemoved)
        let todo = try #require(answer.resources[0].calendarData.flatMap { RemoteTodo(parsing: $0) })
        #expect(todo.uid == "a@dayplan")
        #expect(todo.fields == SyncFields(summary: "Buy milk & eggs", status: .done, due: nil))
        #expect(SyncMerge.canonicalHref(answer.resources[0].href) == "/alice/tasks/a@dayplan.ics")
        #expect(SyncMerge.canonicalHref("https://h:1/x%20y/") == "/x y/")
    }

    @Test func anAnswerThatIsNotAMultistatusSaysSo() {
        #expect(throws: XMLError.self) { try DAVMultistatus(parsing: Array("<html><body>Hello</body></html>".utf8)) }
        #expect(throws: XMLError.self) { try DAVMultistatus(parsing: Array("<!DOCTYPE html><html>".utf8)) }
    }
}
