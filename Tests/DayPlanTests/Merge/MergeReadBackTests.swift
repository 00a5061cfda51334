import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `DayMerge.readsBack(_:as:)`: the merge's last check, that the file it prints reads back as the document it
/// meant. A correct merge never trips it, so it is tested here on files changed after printing, both on files
/// the streaming canonical check (`blockersIfCanonical`) judges and on files it cannot, which the read-back
/// judges the same.
@Suite struct MergeReadBackTests {
    /// A merged document as the merge would hold it: this file, parsed.
    static let meant = DayDocument(parsing: Array(DayMergeTests.day(
        morning: ["* [ ] Write the report", "- [x] Call Bo"],
        backlog: ["- [ ] Water the plants #home", "  with the blue can", "+ [/] Book the train"],
        after: ["## Notes", "Slept well."]).utf8))

    /// The printed file with `old` replaced by `new` (each must occur once).
    static func changed(_ old: String, _ new: String, in bytes: [UInt8]? = nil) -> [UInt8] {
        let text = String(decoding: bytes ?? meant.canonicalBytes(), as: UTF8.self)
        #expect(text.components(separatedBy: old).count == 2, "\(old) occurs once")
        return Array(text.replacingOccurrences(of: old, with: new).utf8)
    }

    /// Whether the streaming reading judges these bytes (it gives up on shapes it cannot print in order).
    static func readOnce(_ bytes: [UInt8]) -> Bool { DayDocument.blockersIfCanonical(bytes) != nil }

    @Test func theFileAsPrintedReadsBack() {
        let bytes = Self.meant.canonicalBytes()
        #expect(Self.readOnce(bytes))
        #expect(DayMerge.readsBack(bytes, as: Self.meant) == nil)
    }

    @Test func aTaskChangedLostOrAddedIsNamed() {
        let cases: [(String, String)] = [
            ("- [x] Call Bo", "- [ ] Call Bo"),                        // a status
            ("- [x] Call Bo", "+ [x] Call Bo"),                        // a bucket
            ("+ [/] Book the train", "+ [/] Book the bus"),            // a title
            ("#home", "#garden"),                                      // a tag, part of the title
            ("- [x] Call Bo\n", ""),                                   // a task lost
            ("+ [/] Book the train\n", ""),                            // the last task lost
            ("+ [/] Book the train\n", "+ [/] Book the train\n- [ ] Pay rent\n"),   // a task more, at the end
            ("## Backlog\n", "## Backlog\n- [ ] Pay rent\n"),          // a task more, in the middle
        ]
        for (old, new) in cases {
            let bytes = Self.changed(old, new)
            #expect(Self.readOnce(bytes), "\(new)")
            #expect(DayMerge.readsBack(bytes, as: Self.meant) == "does not hold the merged tasks", "\(old) → \(new)")
        }
        // A title spelt in another canonically equivalent way (e with a combining accent, not é) is the same
        // identity, as the merge numbers titles.
        let accented = DayDocument(parsing: Self.changed("Call Bo", "Call Ren\u{E9}"))
        let respelt = Self.changed("Ren\u{E9}", "Rene\u{301}", in: accented.canonicalBytes())
        #expect(respelt != accented.canonicalBytes())
        #expect(DayMerge.readsBack(respelt, as: accented) == nil)
    }

    @Test func aFileNotInCanonicalFormIsNamed() {
        for (old, new) in [("- [x] Call Bo", "-  [x] Call Bo"), ("Slept well.\n", "Slept well.\n\n\n")] {
            let bytes = Self.changed(old, new)
            #expect(!Self.readOnce(bytes))
            #expect(DayMerge.readsBack(bytes, as: Self.meant) == "is not canonical", "\(new)")
        }
    }

    @Test func aFileThatDoesNotParseIsNamed() {
        let bytes = Self.changed("- [x] Call Bo\n", "- [x] Call Bo\n<<<<<<< ours\n")
        #expect(DayMerge.readsBack(bytes, as: Self.meant)?.hasPrefix("does not parse (") == true)
    }

    /// An indented code fence in free text: canonical, but the streaming reading gives up on it (its blank
    /// lines may turn out not to be its own); the read-back judges it all the same.
    @Test func aFileTheStreamingReadingCannotJudgeIsReadWhole() {
        let fenced = Self.changed("Slept well.\n", "Slept well.\n\n  ```\n  code\n  ```\n")
        let document = DayDocument(parsing: fenced)
        let bytes = document.canonicalBytes()
        #expect(bytes == fenced)
        #expect(!Self.readOnce(bytes))
        #expect(DayMerge.readsBack(bytes, as: document) == nil)
        #expect(DayMerge.readsBack(Self.changed("- [x] Call Bo", "- [ ] Call Bo", in: bytes), as: document)
            == "does not hold the merged tasks")
        for lost in ["- [x] Call Bo\n", "+ [/] Book the train\n"] {
            #expect(DayMerge.readsBack(Self.changed(lost, "", in: bytes), as: document) == "does not hold the merged tasks")
        }
        #expect(DayMerge.readsBack(Self.changed("+ [/] Book the train\n", "+ [/] Book the train\n- [ ] Pay rent\n", in: bytes),
                                   as: document) == "does not hold the merged tasks")
    }
}
