import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// The bad-input catalogue (ROBUSTNESS.md), one test per row: each hostile or odd input is yesterday's file,
/// `2026-11-20.md`, in a plan folder of its own, and `lint`, `fmt --check`, `fmt --write` and `rollover` each run
/// on a fresh copy of it. Each test asserts the exit code, the exact message, and what changed in the folder
/// (compared byte for byte, hidden temporary files included): nothing, for the inputs a command refuses.
@Suite(.tags(.slow)) struct BadInputTests {
    static let name = "2026-11-20.md"
    static let lint = ["lint", name]
    static let check = ["fmt", "--check", name]
    static let write = ["fmt", "--write", name]
    static let rollover = ["rollover", "--date", "2026-11-21"]

    /// What one command did: its run, and the folder before and after (the rollover lock aside).
    struct Attempt {
        let run: Binary.Run
        let before: FolderSnapshot
        let after: FolderSnapshot
        let folder: TemporaryFolder

        /// Nothing was created, removed or changed, except the rollover lock file.
        var changedNothing: Bool { before == after }
    }

    /// Runs `arguments` in a new folder holding `bytes` as yesterday's file.
    static func attempt(_ arguments: [String], on bytes: [UInt8]) throws -> Attempt {
        try attempt(arguments) { folder in try folder.write(name, bytes: bytes) }
    }

    /// Runs `arguments` in a new folder that `setUp` fills, as the user nobody when `asNobody` (see `runAsNobody`).
    static func attempt(_ arguments: [String], asNobody: Bool = false,
                        _ setUp: (TemporaryFolder) throws -> Void) throws -> Attempt {
        let folder = try TemporaryFolder()
        try setUp(folder)
        let before = try FolderSnapshot(folder.url)
        let run = asNobody ? try runAsNobody(arguments, in: folder) : try Binary.run(arguments, in: folder.url)
        let after = try FolderSnapshot(folder.url)
        if arguments.first == "rollover" {
            // Rollover creates its (empty) lock file, as every run does; nothing else outside what it writes.
            #expect(try FolderSnapshot(folder.url, skipping: [])[".dayplan.lock"] == Data())
        }
        return Attempt(run: run, before: before, after: after, folder: folder)
    }

    /// Runs the binary as the user nobody when the tests run as root (to whom no permission is denied).
    static func runAsNobody(_ arguments: [String], in folder: TemporaryFolder) throws -> Binary.Run {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        return try shell((getuid() == 0 ? "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : "exec ")
                         + "\"$0\" \(quoted)", in: folder)
    }

    /// `line:column` of a byte offset, as dayplan reports it: both from 1, the column in UTF-8 bytes.
    static func position(of offset: Int, in bytes: [UInt8]) -> String {
        let before = bytes[..<offset]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return "\(line):\(offset - lineStart + 1)"
    }

    /// Every command refuses `bytes` with the same `findings` (`line:column: error: message [rule]`) and
    /// changes no file.
    static func expectRefusedEverywhere(_ bytes: [UInt8], findings: [String],
                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reported = findings.map { "\(name):\($0)\n" }.joined()
        let plural = findings.count == 1 ? "" : "s"
        let lint = try attempt(Self.lint, on: bytes)
        #expect(lint.run.status == 1, sourceLocation: sourceLocation)
        #expect(lint.run.stdout == reported, sourceLocation: sourceLocation)
        #expect(lint.run.stderr == "\(findings.count) error\(plural) in 1 of 1 file\n", sourceLocation: sourceLocation)
        #expect(lint.changedNothing, sourceLocation: sourceLocation)
        for arguments in [Self.check, Self.write] {
            let fmt = try attempt(arguments, on: bytes)
            #expect(fmt.run.status == 1, sourceLocation: sourceLocation)
            #expect(fmt.run.stdout == "", sourceLocation: sourceLocation)
            #expect(fmt.run.stderr == reported + "\(name): not formatted, because of the error\(plural) above\n",
                    sourceLocation: sourceLocation)
            #expect(fmt.changedNothing, "\(arguments)", sourceLocation: sourceLocation)
        }
        let rollover = try attempt(Self.rollover, on: bytes)
        #expect(rollover.run.status == 1, sourceLocation: sourceLocation)
        #expect(rollover.run.stdout == "", sourceLocation: sourceLocation)
        #expect(rollover.run.stderr == reported + "\(name): rollover refused because of the error\(plural) above; nothing changed\n",
                sourceLocation: sourceLocation)
        #expect(rollover.changedNothing, sourceLocation: sourceLocation)
    }

    /// `fmt` reads `bytes` as a valid plan: `--check` names the file and changes nothing; `--write` leaves exactly
    /// what `fmt` prints, which is canonical. Returns that canonical form.
    @discardableResult
    static func expectFormatted(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let printed = try Binary.run(["fmt"], stdin: bytes)
        #expect(printed.status == 0, sourceLocation: sourceLocation)
        let canonical = Data(printed.stdoutBytes)
        #expect(!sameBytes(canonical, Data(bytes)), sourceLocation: sourceLocation)

        let check = try attempt(Self.check, on: bytes)
        #expect(check.run.status == 1, sourceLocation: sourceLocation)
        #expect(check.run.stdout == "\(name)\n", sourceLocation: sourceLocation)
        #expect(check.run.stderr == "", sourceLocation: sourceLocation)
        #expect(check.changedNothing, sourceLocation: sourceLocation)

        let write = try attempt(Self.write, on: bytes)
        #expect(write.run.status == 0, sourceLocation: sourceLocation)
        #expect(write.run.stdout == "\(name)\n" && write.run.stderr == "", sourceLocation: sourceLocation)
        #expect(write.after[name] == canonical, sourceLocation: sourceLocation)
        #expect(Set(write.after.entries.keys) == Set(write.before.entries.keys), sourceLocation: sourceLocation)
        let again = try Binary.run(Self.check, in: write.folder.url)
        #expect(again.status == 0 && again.stdout == "", sourceLocation: sourceLocation)
        return canonical
    }

    /// The old day after rollover differs from `bytes` only in status marks turned `>`.
    static func expectOnlyMarkedMovedOn(_ after: Data?, from bytes: [UInt8], count: Int,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        guard let after, after.count == bytes.count else {
            Issue.record("the old day changed length", sourceLocation: sourceLocation)
            return
        }
        let changed = zip(after, bytes).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(changed.count == count, sourceLocation: sourceLocation)
        #expect(changed.allSatisfy { $0.element.0 == UInt8(ascii: ">") && $0.element.1 == UInt8(ascii: " ")
                    && bytes[$0.offset - 1] == UInt8(ascii: "[") }, sourceLocation: sourceLocation)
    }

    // MARK: - Encodings and bytes

    @Test func emptyFile() throws {
        try Self.expectEmptyDay([], canonical: true)
    }

    @Test func onlyAByteOrderMark() throws {
        // The canonical form drops the byte-order mark, and adds nothing.
        try Self.expectEmptyDay([0xEF, 0xBB, 0xBF], canonical: false)
        let write = try Self.attempt(Self.write, on: [0xEF, 0xBB, 0xBF])
        #expect(write.run.status == 0)
        #expect(write.after[Self.name] == Data())
    }

    /// An empty day (FORMAT.md 2.1): lint warns that the day comes from the file name, fmt adds no regions,
    /// and rollover opens the next day from it without changing it.
    static func expectEmptyDay(_ bytes: [UInt8], canonical: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lint = try attempt(["lint", name], on: bytes)
        #expect(lint.run.status == 0, sourceLocation: sourceLocation)
        #expect(lint.run.stdout == "\(name):1:1: warning: No day heading, so the day comes from the file name; start the file with `# YYYY-MM-DD` to say it in the file. [DP010/missing-day-heading]\n",
                sourceLocation: sourceLocation)
        #expect(lint.changedNothing, sourceLocation: sourceLocation)
        let check = try attempt(Self.check, on: bytes)
        #expect(check.run.status == (canonical ? 0 : 1) && check.run.stdout == (canonical ? "" : "\(name)\n")
                    && check.run.stderr == "", sourceLocation: sourceLocation)
        let rollover = try attempt(["rollover", "--date", "2026-11-21"], on: bytes)
        #expect(rollover.run.status == 0, "\(rollover.run.stderr)", sourceLocation: sourceLocation)
        #expect(rollover.after[name] == rollover.before[name], sourceLocation: sourceLocation)
        #expect(rollover.after["2026-11-21.md"] == Data("# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n".utf8),
                sourceLocation: sourceLocation)
    }

    @Test func invalidUTF8() throws {
        // "Café" saved as Latin-1: the é is the single byte E9.
        let bytes = Array("# 2026-11-20\n\n## Morning\n- [ ] Caf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        let at = Self.position(of: try #require(bytes.firstIndex(of: 0xE9)), in: bytes)
        #expect(at == "4:10")
        try Self.expectRefusedEverywhere(bytes, findings: [
            "\(at): error: Invalid UTF-8 (byte 0xE9); save the file as UTF-8. [DP001/invalid-encoding]",
        ])
    }

    @Test func nulBytes() throws {
        let bytes = Array("# 2026-11-20\n\n## Morning\n- [ ] Tea".utf8) + [0, 0, 0] + Array("\n".utf8)
        let at = Self.position(of: try #require(bytes.firstIndex(of: 0)), in: bytes)
        #expect(at == "4:10")
        try Self.expectRefusedEverywhere(bytes, findings: [
            "\(at): error: A NUL byte: this looks like a binary file, not a day plan. [DP002/binary-content]",
        ])
    }

    @Test func binaryFile() throws {
        // The start of a PNG image: a byte that is not UTF-8 first, NULs after it, no day heading.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
                            0, 0, 0, 0x10, 0, 0, 0, 0x10, 0x08, 0x06, 0, 0, 0, 0x1F, 0xF3, 0xFF, 0x61]
        try Self.expectRefusedEverywhere(png, findings: [
            "1:1: error: Invalid UTF-8 (byte 0x89); save the file as UTF-8. [DP001/invalid-encoding]",
        ])
    }

    // MARK: - Size

    @Test func aHundredMegabyteFile() throws {
        // A plan with a 100 MB journal pasted into its notes; the very last line ends in a space, so only
        // reading to the end shows that formatting would change the file.
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent(Self.name)
        let head = "# 2026-11-20\n\n## Morning\n* [ ] Read the log @carry\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
            + "- [ ] Archive the log\n\n## Notes\n"
        let line = Data("09:41:07 build 2231 passed, 412 tests, 0 failures; cache hit rate 97 per cent; artefacts kept\n".utf8)
        var block = Data()
        for _ in 0..<(1 << 20) / line.count { block.append(line) }
        try #require(FileManager.default.createFile(atPath: file.path, contents: Data(head.utf8)))
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        while try handle.offset() < 100 << 20 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data("The end. \n".utf8))
        try handle.close()
        let before = try FolderSnapshot(folder.url)
        #expect((before[Self.name]?.count ?? 0) > 100 << 20)

        let lint = try Binary.run(Self.lint, in: folder.url)
        #expect(lint.status == 0)
        #expect(lint.stdout == "")
        #expect(lint.stderr == "1 file checked, no problems\n")
        #expect(try FolderSnapshot(folder.url) == before)

        let check = try Binary.run(Self.check, in: folder.url)
        #expect(check.status == 1)
        #expect(check.stdout == "\(Self.name)\n")
        #expect(check.stderr == "")
        #expect(try FolderSnapshot(folder.url) == before)
    }

    @Test func aTwoMegabyteLine() throws {
        // A task whose title is 2 MB of words, and a 2 MB line of notes with no line break at the end.
        let title = String(repeating: "word ", count: 2 << 20 / 5)
        let text = "# 2026-11-20\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] \(title)@carry\n\n## Notes\n"
            + String(repeating: "x", count: 2 << 20)
        let bytes = Array(text.utf8)

        let lint = try Self.attempt(Self.lint, on: bytes)
        #expect(lint.run.status == 0)
        #expect(lint.run.stdout == "")
        #expect(lint.run.stderr == "1 file checked, no problems\n")
        #expect(lint.changedNothing)

        // The canonical form only adds the line break missing at the end.
        let canonical = try Self.expectFormatted(bytes)
        #expect(sameBytes(canonical, Data((text + "\n").utf8)))

        let rollover = try Self.attempt(Self.rollover, on: bytes)
        #expect(rollover.run.status == 0, "\(rollover.run.stderr)")
        #expect(rollover.run.stdout == "2026-11-21.md from 2026-11-20.md: 0 carried, 0 deferred to the backlog, 0 expired; the backlog holds 1 task\n")
        #expect(rollover.run.stderr == "")
        Self.expectOnlyMarkedMovedOn(rollover.after[Self.name], from: bytes, count: 1)
        let newDay = "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] \(title)@carry\n"
        #expect(rollover.after["2026-11-21.md"].map { sameBytes($0, Data(newDay.utf8)) } == true)
        #expect(rollover.after.entries.count == 2)
    }

    @Test func aHundredThousandDeepIndentation() throws {
        // A task indented 100,000 spaces; its notes indented 100,000 spaces and 100,000 tabs; a list item
        // nested 100,000 deep; a quote 100,000 deep.
        let deep = 100_000
        let text = "# 2026-11-20\n\n## Morning\n"
            + String(repeating: " ", count: deep) + "- [ ] Deep task\n"
            + String(repeating: " ", count: deep) + "deep note\n"
            + String(repeating: "\t", count: deep) + "deeper note\n"
            + "\n## Backlog\n"
            + String(repeating: "- ", count: deep) + "[ ] nested\n"   // 1️⃣ line 9: not a task (DP037)
            + String(repeating: "> ", count: deep) + "quote\n"
        let bytes = Array(text.utf8)

        let lint = try Self.attempt(Self.lint, on: bytes)
        #expect(lint.run.status == 0)
        #expect(lint.run.stdout == "\(Self.name):9:1: warning: This list item has no status box, so it is not a task; write `- [ ] …` to make it one. [DP037/list-item-without-status]\n")
        #expect(lint.run.stderr == "1 warning in 1 of 1 file\n")
        #expect(lint.changedNothing)

        // Canonical: the task unindented, its notes two spaces in, plus what the tab note had beyond the
        // smallest indentation (tabs to multiples of 4 columns: 400,000 - 100,000 spaces).
        let canonical = try Self.expectFormatted(bytes)
        let expected = "# 2026-11-20\n\n## Morning\n- [ ] Deep task\n  deep note\n"
            + String(repeating: " ", count: 2 + 3 * deep) + "deeper note\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
            + String(repeating: "- ", count: deep) + "[ ] nested\n" + String(repeating: "> ", count: deep) + "quote\n"
        #expect(sameBytes(canonical, Data(expected.utf8)))

        let rollover = try Self.attempt(Self.rollover, on: bytes)
        #expect(rollover.run.status == 0, "\(rollover.run.stderr)")
        #expect(rollover.run.stdout == "2026-11-21.md from 2026-11-20.md: 0 carried, 1 deferred to the backlog, 0 expired; the backlog holds 1 task\n")
        Self.expectOnlyMarkedMovedOn(rollover.after[Self.name], from: bytes, count: 1)
        let newDay = "# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Deep task @from:2026-11-20\n"
            + "  deep note\n" + String(repeating: " ", count: 2 + 3 * deep) + "deeper note\n"
        #expect(rollover.after["2026-11-21.md"].map { sameBytes($0, Data(newDay.utf8)) } == true)
    }

    @Test func aHundredThousandTasksInOneRegion() throws {
        // 100,000 open tasks in the Morning, must, complementary and misc in turn: 99,991 over the 1-3-5 limits.
        let count = 100_000
        var text = "# 2026-11-20\n\n## Morning\n"
        for number in 0..<count { text += "\(["*", "+", "-"][number % 3]) [ ] Task \(number)\n" }
        text += "\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        let bytes = Array(text.utf8)

        let lint = try Self.attempt(Self.lint, on: bytes)
        #expect(lint.run.status == 1)
        let findings = lint.run.stdout.split(separator: "\n")
        #expect(findings.count == count - 9)
        // The 2nd must task (line 7), 4th complementary (line 14) and 6th misc (line 21) are the first over.
        #expect(findings.prefix(4) == [
            "\(Self.name):7:1: error: Morning has 33334 open must tasks; the limit is 1 [DP101/bucket-limit]",
            "\(Self.name):10:1: error: Morning has 33334 open must tasks; the limit is 1 [DP101/bucket-limit]",
            "\(Self.name):13:1: error: Morning has 33334 open must tasks; the limit is 1 [DP101/bucket-limit]",
            "\(Self.name):14:1: error: Morning has 33333 open complementary tasks; the limit is 3 [DP101/bucket-limit]",
        ])
        #expect(findings.contains("\(Self.name):21:1: error: Morning has 33333 open misc tasks; the limit is 5 [DP101/bucket-limit]"))
        #expect(findings.last == "\(Self.name):100003:1: error: Morning has 33334 open must tasks; the limit is 1 [DP101/bucket-limit]")
        #expect(lint.run.stderr == "99991 errors in 1 of 1 file\n")
        #expect(lint.changedNothing)

        // Already canonical: fmt has nothing to change, and does not rewrite the file.
        for arguments in [Self.check, Self.write] {
            let fmt = try Self.attempt(arguments, on: bytes)
            #expect(fmt.run.status == 0 && fmt.run.stdout == "" && fmt.run.stderr == "", "\(arguments)")
            #expect(fmt.changedNothing)
        }

        let rollover = try Self.attempt(Self.rollover, on: bytes)
        #expect(rollover.run.status == 0, "\(rollover.run.stderr)")
        #expect(rollover.run.stdout == "2026-11-21.md from 2026-11-20.md: 0 carried, 100000 deferred to the backlog, 0 expired; the backlog holds 100000 tasks\n")
        Self.expectOnlyMarkedMovedOn(rollover.after[Self.name], from: bytes, count: count)
        let newDay = try #require(rollover.after["2026-11-21.md"])
        let document = DayDocument(parsing: [UInt8](newDay))
        #expect(document.allTasks.count == count)
        #expect(document.allTasks.allSatisfy { $0.status == .todo && $0.metadata.from == Day("2026-11-20") })
        // The backlog has no limit: the new day is clean.
        let newLint = try Binary.run(["lint", "2026-11-21.md"], in: rollover.folder.url)
        #expect(newLint.status == 0 && newLint.stdout == "")
    }

    // MARK: - Line endings and white space

    @Test func crlfAndMixedLineEndings() throws {
        // CRLF first (so the file's line ending is CRLF), then LF lines, a CR CR LF, and a lone CR inside a title.
        let text = "# 2026-11-20\r\n## Morning\r\n* [ ] Draft the report @carry\r\n  notes here\r\n- [ ]  Call Bo\n\n"
            + "## Backlog\r\r\n- [ ] Renew\rpassport\r\n"
        let bytes = Array(text.utf8)

        let lint = try Self.attempt(Self.lint, on: bytes)
        #expect(lint.run.status == 0)
        #expect(lint.run.stdout == "" && lint.run.stderr == "1 file checked, no problems\n")
        #expect(lint.changedNothing)

        let canonical = try Self.expectFormatted(bytes)
        let expected = "# 2026-11-20\r\n\r\n## Morning\r\n* [ ] Draft the report @carry\r\n  notes here\r\n- [ ] Call Bo\r\n\r\n"
            + "## Afternoon\r\n\r\n## Evening\r\n\r\n## Backlog\r\n- [ ] Renew\rpassport\r\n"
        #expect(canonical == Data(expected.utf8))

        let rollover = try Self.attempt(Self.rollover, on: bytes)
        #expect(rollover.run.status == 0, "\(rollover.run.stderr)")
        #expect(rollover.run.stdout == "2026-11-21.md from 2026-11-20.md: 1 carried, 1 deferred to the backlog, 0 expired; the backlog holds 2 tasks\n")
        // The old day keeps each line's own ending; the new one takes the old day's first (CRLF).
        Self.expectOnlyMarkedMovedOn(rollover.after[Self.name], from: bytes, count: 3)
        let newDay = "# 2026-11-21\r\n\r\n## Morning\r\n* [ ] Draft the report @carry\r\n  notes here\r\n\r\n## Afternoon\r\n\r\n"
            + "## Evening\r\n\r\n## Backlog\r\n- [ ] Call Bo @from:2026-11-20\r\n- [ ] Renew\rpassport\r\n"
        #expect(rollover.after["2026-11-21.md"] == Data(newDay.utf8))
    }

    @Test func oldMacLineEndings() throws {
        // Every line ends with a CR alone: Markdown (and so every renderer) shows four lines and two checkboxes;
        // a day file ends lines only with LF or CRLF, so dayplan reads one line and names each checklist item.
        let text = "# 2026-11-20\r\r## Morning\r* [ ] Call the bank\r- [x] Paid the rent\r\r## Backlog\r- [ ] Renew passport\r"
        let bytes = Array(text.utf8)
        let why = "follows a lone carriage return (CR): Markdown ends a line there, but a day file ends its lines only with LF or CRLF, so dayplan reads it as part of the line before, not as a task"
        let open = "error: This open task \(why); the 1-3-5 rule does not count it and rollover does not carry it. Save the file with LF line endings. [DP020/task-outside-region]"

        let lint = try Self.attempt(Self.lint, on: bytes)
        #expect(lint.run.status == 1)
        #expect(lint.run.stdout == "\(Self.name):1:26: \(open)\n"
            + "\(Self.name):1:46: warning: This done task \(why); it is not part of the day's plan. Save the file with LF line endings. [DP024/finished-task-outside-region]\n"
            + "\(Self.name):1:78: \(open)\n")
        #expect(lint.changedNothing)

        // Rollover leaves them behind, and says so on each: nothing goes silently.
        let rollover = try Self.attempt(Self.rollover, on: bytes)
        #expect(rollover.run.status == 1, "\(rollover.run.stderr)")
        #expect(rollover.run.stdout == "2026-11-21.md from 2026-11-20.md: 0 carried, 0 deferred to the backlog, 0 expired, "
                + "2 left behind in 2026-11-20.md (named above); the backlog holds 0 tasks\n")
        // Each line quotes the item as Markdown shows it, from the lone CR on.
        func quoting(_ item: String) -> String {
            open.replacingOccurrences(of: " [DP020/task-outside-region]", with: " Left behind: `\(item)` [DP020/task-outside-region]")
        }
        #expect(rollover.run.stderr.contains("\(Self.name):1:26: \(quoting("* [ ] Call the bank"))"), "\(rollover.run.stderr)")
        #expect(rollover.run.stderr.contains("\(Self.name):1:78: \(quoting("- [ ] Renew passport"))"), "\(rollover.run.stderr)")
        #expect(rollover.after[Self.name] == Data(bytes))
    }

    @Test func tabs() throws {
        let text = "#\t2026-11-20\t\n##\tMorning\t\n*\t[ ]\tDraft\tthe report\t@carry\t\n\tnotes\there\t\n\t\tdeeper\n"
            + "-\t[x]\tPaid\n\n## Notes\n\tkept\tas\twritten\t\n"
        let bytes = Array(text.utf8)

        let lint = try Self.attempt(Self.lint, on: bytes)
        #expect(lint.run.status == 0)
        #expect(lint.run.stdout == "" && lint.run.stderr == "1 file checked, no problems\n")
        #expect(lint.changedNothing)

        // Tabs between words become single spaces in task lines; a note's tab indentation counts to the next
        // multiple of 4; tabs inside note and free text stay; trailing ones go.
        let canonical = try Self.expectFormatted(bytes)
        // The Notes section stays after the Morning it follows (FORMAT.md §5).
        let expected = "# 2026-11-20\n\n## Morning\n* [ ] Draft the report @carry\n  notes\there\n      deeper\n- [x] Paid\n\n"
            + "## Notes\n\tkept\tas\twritten\n\n## Afternoon\n\n## Evening\n\n## Backlog\n"
        #expect(canonical == Data(expected.utf8))

        let rollover = try Self.attempt(Self.rollover, on: bytes)
        #expect(rollover.run.status == 0, "\(rollover.run.stderr)")
        #expect(rollover.run.stdout == "2026-11-21.md from 2026-11-20.md: 1 carried, 0 deferred to the backlog, 0 expired; the backlog holds 0 tasks\n")
        Self.expectOnlyMarkedMovedOn(rollover.after[Self.name], from: bytes, count: 1)
        #expect(rollover.after["2026-11-21.md"] == Data("# 2026-11-21\n\n## Morning\n* [ ] Draft the report @carry\n  notes\there\n      deeper\n\n## Afternoon\n\n## Evening\n\n## Backlog\n".utf8))
    }
}

@Suite(.tags(.slow)) struct EndlessInputTests {
    /// An endless standard input stops at the size cap with a message, never a crash. (A later change changed how a named
    /// device is answered: `lint /dev/zero` is refused before it is read, see `aDeviceNamedAsAFileIsRefused`.)
    @Test func endlessInputEndsWithAMessage() throws {
        let folder = try TemporaryFolder()
        let lint = try shell("exec \"$0\" lint - < /dev/zero", in: folder)
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("dayplan lint: <stdin>: larger than 512 MiB, too large to be a day file"))
        let fmt = try shell("exec \"$0\" fmt < /dev/zero", in: folder)
        #expect(fmt.status == 2)
        #expect(fmt.stderr.contains("dayplan fmt: <stdin>: larger than 512 MiB, too large to be a day file"))
        #expect(fmt.stdout.isEmpty)
    }

    /// A device named as a file is refused before anything is read from it: reading `/dev/zero` never ends, and
    /// reading a terminal waits for ever.
    @Test func aDeviceNamedAsAFileIsRefused() throws {
        for command in ["lint", "fmt"] {
            let run = try Binary.run([command, "/dev/zero"])
            #expect(run.status == 2)
            #expect(run.stderr.hasPrefix("dayplan \(command): /dev/zero: a character device, not a regular file, so it was not read\n"))
            #expect(run.stdout.isEmpty)
        }
    }
}
