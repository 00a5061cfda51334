import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// A value that comes from outside (an import's metadata, a phone's title) is one value of its key or refused
/// with a message: never another key's word smuggled into the file.
@Suite struct ImportedValueTests {
    /// The days an export document of one task with `metadata` (a JSON object's members) gives, or its error.
    static func read(metadata: String) -> Result<[DayRecord], RecordError> {
        let json = #"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"backlog","tasks":[{"title":"Pay rent","metadata":{\#(metadata)}}]}]}]}"#
        do {
            return .success(try ExportDocument.days(parsing: Array(json.utf8)))
        } catch {
            return .failure(error)
        }
    }

    /// The trial's case: a due date with an expiry after it was written as two keys, and the next rollover
    /// dropped the task.
    @Test(arguments: ["due", "done", "on", "estimate", "every"])
    func aValueCannotCarryAnotherKey(field: String) throws {
        let valid = ["due": "2026-12-05", "done": "2026-12-05", "on": "2026-12-05", "estimate": "1h", "every": "weekday"][field] ?? ""
        let result = Self.read(metadata: #""\#(field)":"\#(valid) @expires:2026-11-01""#)
        guard case .failure(let error) = result else {
            Issue.record("accepted: \(result)")
            return
        }
        #expect(error.path == "days[0].regions[0].tasks[0].metadata.\(field)")
        #expect(error.message.contains("it holds a space, and a value is one word"), "\(error.message)")
    }

    @Test func theMessagesNameWhatIsWrong() {
        #expect(throws: MetadataValueError.self) { try TaskMetadata.checkedValue("2026-12-05@x", for: MetadataKey[.due]) }
        func message(_ text: String, _ id: MetadataKey.ID) -> String? {
            do { _ = try TaskMetadata.checkedValue(text, for: MetadataKey[id]); return nil } catch { return error.message }
        }
        #expect(message("2026-12-05 @expires:2026-11-01", .due)
                == #""2026-12-05 @expires:2026-11-01" is not a date: it holds a space, and a value is one word; write YYYY-MM-DD"#)
        #expect(message("2026-12-05\n", .done) == #""2026-12-05\n" is not a date: it holds a line break, and a value is one word; write YYYY-MM-DD"#)
        #expect(message("1h\u{0}", .estimate) == #""1h\u0000" is not a length of time: it holds a NUL byte, and a value is one word; write one such as 45m, 1h30m or 2h"#)
        #expect(message("2026-12-05#x", .on)?.contains("`#`, which starts a tag") == true)
        #expect(message("2026-12-05/noon", .on) == #""2026-12-05/noon" is not a date (with a region after /); write YYYY-MM-DD or YYYY-MM-DD/REGION (morning, afternoon, evening, backlog)"#)
        #expect(message("soon", .every)?.hasPrefix(#""soon" is not a recurrence; "#) == true)
        #expect(message("x", .carry) == #""x" is not a value of @carry: @carry is a flag and takes no value"#)
        #expect(message("2026-12-05/afternoon", .on) == nil)
        #expect((try? TaskMetadata.checkedValue("90m", for: MetadataKey[.estimate])) == .minutes(90))
    }

    @Test func aTitleFromOutsideReadsBackAsItselfOrIsRefused() throws {
        #expect(try PlanTask.checkedTitle("Fix the #bike") == "Fix the #bike")
        func message(_ title: String) -> String? {
            do { _ = try PlanTask.checkedTitle(title); return nil } catch { return error.message }
        }
        #expect(message("Pay @due:2026-12-05") == #"the title "Pay @due:2026-12-05" holds `@due:2026-12-05`, which a task line reads as metadata, not as a word of the title; give it as the task's metadata instead"#)
        #expect(message("a\u{0}b") == #"the title "a\u0000b" holds a NUL byte, which a task's line cannot hold"#)
        #expect(message("a\nb")?.contains("a line break") == true)
        #expect(message("@due:2026-13-45 pay")?.contains("what lint calls an error") == true)
        #expect(message("@carry")?.contains("is not a title") == true)
    }

    /// A NUL in a title or any other line is named at its own path, not as the day's binary content.
    @Test(arguments: [(#"{"title":"Pay\u0000rent"}"#, "tasks[0].title"), (#"{"title":"Pay","notes":["x\u0000"]}"#, "tasks[0].notes[0]"),
                      (#"{"title":"Pay","textBefore":["\u0000"]}"#, "tasks[0].textBefore[0]")])
    func aNulIsNamedAtItsPath(task: String, path: String) {
        let json = #"{"version":1,"days":[{"date":"2026-11-20","regions":[{"region":"backlog","tasks":[\#(task)]}]}]}"#
        #expect(throws: RecordError(path: "days[0].regions[0].\(path)",
                                    message: "holds a NUL byte, which a day file cannot hold (it would read as a binary file)")) {
            try ExportDocument.days(parsing: Array(json.utf8))
        }
    }

    /// Each key of the table, given values with spaces, `@`, `#`, line breaks, NULs and control characters
    /// around or inside a valid value, through import: refused at the key's path with a message, or read back
    /// as exactly that one key with the value given, never another key appearing.
    @Test func everyKeyWithHostileValuesIsRefusedOrReadBackExactly() throws {
        var random = SeededGenerator(seed: 55)
        let valid: [MetadataKey.Kind: [String]] = [
            .flag: [""], .date: ["2026-12-05", "2026-02-28"], .scheduledDate: ["2026-12-05", "2026-12-05/afternoon"],
            .recurrence: ["weekday", "mon,wed,fri", "month:1", "done+3d"], .duration: ["45m", "1h30m", "2h"],
        ]
        let hostile = [" ", "@", "#", "\n", "\u{0}", "\t", "\r", "\u{7}", "\u{A0}", " @expires:2026-11-01", "@carry", " #home",
                       " @from:2026-01-01", "\n@sticky", "/", ":", ",", "x", ""]
        var accepted = 0, refused = 0
        for key in MetadataKey.all {
            for _ in 0..<300 {
                var text = random.pick(valid[key.kind] ?? [""])
                for _ in 0..<random.next(3) {
                    let piece = random.pick(hostile)
                    let at = random.next(text.count + 1)
                    text.insert(contentsOf: piece, at: text.index(text.startIndex, offsetBy: at))
                }
                let member = "\"\(key.exportField)\":" + JSONValue.string(text).jsonText()
                switch Self.read(metadata: member) {
                case .failure(let error):
                    refused += 1
                    #expect(error.path == "days[0].regions[0].tasks[0].metadata.\(key.exportField)", "\(text.debugDescription): \(error)")
                    #expect(!error.message.isEmpty)
                case .success(let days):
                    accepted += 1
                    let task = try #require(days.first?.regions.last?.tasks.first?.task)
                    let meant = try #require(key.readValue(Substring(text)), "accepted \(text.debugDescription)")
                    #expect(key.value(in: task.metadata) == meant, "\(text.debugDescription)")
                    #expect(task.title == "Pay rent")
                    // Read back from the file the import would write: the same one key, nothing else.
                    let back = try #require(DayDocument(parsing: days[0].canonicalBytes()).tasks(in: .backlog).first)
                    #expect(back.metadata == task.metadata, "\(text.debugDescription)")
                    for other in MetadataKey.all where other.id != key.id {
                        #expect(other.value(in: back.metadata) == nil, "\(text.debugDescription) set \(other.name)")
                    }
                }
            }
        }
        #expect(accepted > 50 && refused > 1000, "accepted \(accepted), refused \(refused)")
    }
}
