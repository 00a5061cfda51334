// The invariants of dayplan, as plain functions that list what is broken.
//
// Compiled twice: into the seeded property tests (`swift test`), and with the library's sources into the
// libFuzzer target (`Tests/Fuzz/run.sh`), so CI and the fuzzer check the same promises.
#if canImport(DayPlan)
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync
#endif

enum Invariants {
    /// Every invariant that holds for any input bytes on their own.
    static func all(_ input: [UInt8]) -> [String] {
        formatting(input) + lint(input) + rollover(input) + export(input) + titleIdentity(input)
            + nothingSilentlyLeftBehind(input, openCheckboxLines: markdownOpenCheckboxLines(input)) + mergeKeys(input)
    }

    /// Every metadata key of the table merges field by field: the input in canonical form is the
    /// ancestor; on one of its tasks (the input picks which), one side changes a key (`keyChange`) and the
    /// other the task's status; merged, the task has both changes, whichever side is ours.
    static func mergeKeys(_ input: [UInt8]) -> [String] {
        let base: [UInt8]
        switch Formatter.format(input) {
        case .unchanged: base = input
        case .changed(let formatted): base = formatted
        case .refused: return []
        }
        let document = DayDocument(parsing: base)
        let tasks = Array(document.placedTasks)
        guard !tasks.isEmpty, !document.isEmptyDay else { return [] }
        let pick = input.reduce(input.count) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
        let target = tasks[pick % tasks.count].task
        // Closed, or closed another way: no bucket gains an open task.
        let status: Status = target.status == .done ? .cancelled : .done
        let editor = DayEditor(base)
        guard let statused = try? editor.setStatus(status, ofTaskAt: target.line).applied(to: base) else { return [] }
        let ordinal = tasks.prefix { $0.task.line != target.line }.filter { $0.task.title == target.title }.count
        var broken: [String] = []
        for key in MetadataKey.all {
            guard let keyed = try? keyChange(key, on: target, in: editor)?.applied(to: base),
                  let wanted = DayEditor(keyed).task(at: target.line)?.task else { continue }
            for (ours, theirs) in [(keyed, statused), (statused, keyed)] {
                let result = DayMerge.merge(base: base, ours: ours, theirs: theirs, fileName: "2026-11-21.md")
                let merged = DayDocument(parsing: result.bytes).placedTasks.map(\.task)
                let same = merged.filter { $0.title == target.title }
                guard result.method == .byTask, result.isClean, ordinal < same.count,
                      key.value(in: same[ordinal].metadata) == key.value(in: wanted.metadata), same[ordinal].status == status else {
                    broken.append("the merge lost @\(key.name) changed on \(ours == keyed ? "our" : "their") side only")
                    break
                }
            }
        }
        return broken
    }

    /// The edit that changes `key` on `task`: sets it when it is not set (a flag, or a value of its kind),
    /// else unsets a flag and gives a value key another value; nil when the key cannot be changed so.
    static func keyChange(_ key: MetadataKey, on task: PlanTask, in editor: DayEditor) throws -> DayEdit? {
        let current = key.value(in: task.metadata)
        if !key.takesValue {
            if current == nil { return try editor.addMetadata("@" + key.name, toTaskAt: task.line) }
            return try editor.removeMetadata(key.name, fromTaskAt: task.line)
        }
        let samples: [MetadataValue] = switch key.kind {
        case .flag: []
        case .date: [.day(Day("2026-12-01")!), .day(Day("2026-12-02")!)]
        case .scheduledDate: [.scheduled(Day("2026-12-01")!, .evening), .scheduled(Day("2026-12-01")!, nil)]
        case .recurrence: [.recurrence(Recurrence("weekday")!), .recurrence(Recurrence("weekend")!)]
        case .duration: [.minutes(45), .minutes(120)]
        case .clock: [.clock(9 * 60), .clock(16 * 60 + 45)]
        case .choice(let words): words.map { .word($0) }
        }
        guard let value = samples.first(where: { $0 != current }) else { return nil }
        return try editor.replaceMetadata(with: "@\(key.name):\(value)", onTaskAt: task.line)
    }

    /// Export writes from the document what the record of it writes, and refuses what the record refuses, and
    /// so does its reading of the file with the titles apart; what it writes is JSON, and each task's title, words and tags in it (written by hand on export's fast path)
    /// are the task's own.
    static func export(_ input: [UInt8]) -> [String] {
        let document = DayDocument(parsing: input)
        let day = Day("2026-11-20")!
        let json = DayRecord.json(of: document, date: day)
        guard json == DayRecord(document: document, date: day)?.json() else {
            return ["export's JSON from the document differs from the record's"]
        }
        // `dayplan export` reads the file with its titles apart: the same JSON, or the same refusal.
        guard DayRecord.json(ofFile: input, planning: { _ in day }).json == json else {
            return ["export's JSON from the file read with its titles apart differs from the document's"]
        }
        guard let json else { return [] }
        guard case .object(let members)? = try? JSONValue(parsing: json) else { return ["export's JSON does not parse"] }
        guard case .array(let regions)? = members.first(where: { $0.key == "regions" })?.value else { return ["export's JSON has no regions"] }
        for case .object(let region) in regions {
            guard case .string(let name)? = region.first(where: { $0.key == "region" })?.value,
                  let which = DayRecord.regionNames.first(where: { $0.0 == name })?.1,
                  case .array(let tasks)? = region.first(where: { $0.key == "tasks" })?.value else {
                return ["export's JSON has a region without its name or tasks"]
            }
            let own = document.tasks(in: which)
            guard tasks.count == own.count else { return ["export's JSON has \(tasks.count) tasks in \(name), the document \(own.count)"] }
            for (written, task) in zip(tasks, own) {
                guard case .object(let object) = written else { return ["export's JSON has a task that is not an object"] }
                let member = { (key: String) in object.first(where: { $0.key == key })?.value }
                if member("title") != .string(task.title) || strings(member("words")) != task.words || strings(member("tags")) != task.tags {
                    return ["export's JSON writes a task's title, words or tags otherwise than the task has them"]
                }
            }
        }
        return []
    }

    /// The strings of a JSON array (nil when the value is not an array).
    static func strings(_ value: JSONValue?) -> [String]? {
        guard case .array(let items)? = value else { return nil }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// A title hashes as its NFC spelling does (Swift holds them equal), whichever way the hash takes.
    static func titleIdentity(_ input: [UInt8]) -> [String] {
        for task in DayDocument(parsing: input).sections.flatMap(\.tasks) {
            let normalized = String(decoding: task.title._nfcCodeUnits, as: UTF8.self)
            if PlanTask.identityHash(task.title) != PlanTask.identityHash(normalized) {
                return ["a title hashes otherwise than its NFC spelling"]
            }
        }
        return []
    }

    /// Every line a Markdown renderer shows as an open checkbox is either carried by
    /// rollover (it is an open or moved-on task's line, or one of its notes, which travel with it) or named by a lint
    /// finding on that line. `openCheckboxLines` are 1-based lines, from cmark-gfm or from
    /// `markdownOpenCheckboxLines`. Front matter is YAML, not Markdown, and is left out.
    static func nothingSilentlyLeftBehind(_ input: [UInt8], openCheckboxLines: [Int]) -> [String] {
        guard let yesterday = Day("2026-11-20"), let today = Day("2026-11-21") else { return ["no days"] }
        let document = DayDocument(parsing: input)
        let findings = Linter.lint(input, fileName: "2026-11-20.md")
        let named = Set(findings.map(\.start.line))
        var carried = Set<Int>()
        do {
            _ = try Rollover(opening: today, from: (yesterday, input), existing: nil)
        } catch {
            // Nothing moves when rollover refuses, and lint names why as errors: nothing is left behind.
            return findings.contains { $0.severity == .error } ? [] : ["rollover refused a file lint finds no error in"]
        }
        // An open task moves on now; a moved-on one (`[>]`) already did, with its notes, to a later day.
        for task in document.allTasks where task.status.isOpen || task.status == .moved {
            carried.formUnion(task.line..<(task.line + task.lineSpan))
        }
        let frontMatter = document.frontMatter.count
        return openCheckboxLines.filter { $0 > frontMatter && !carried.contains($0) && !named.contains($0) }.map {
            "line \($0) shows an open checkbox, but rollover does not carry it and lint does not name it"
        }
    }

    /// The lines a GitHub-flavoured Markdown renderer (or Obsidian) would show as an open checkbox, by a
    /// simple reading: a list marker, white space, `[ ]`, then white space or the end of the line, after any
    /// indentation and quote markers; not inside front matter, code fences or HTML comments. It leans to
    /// finding too many rather than too few, so the invariant above is checked strictly.
    static func markdownOpenCheckboxLines(_ input: [UInt8]) -> [Int] {
        // Markdown's lines, each with the number of the day file line it stands in (FORMAT.md §1): CommonMark
        // also ends a line at a lone CR, which a day file keeps as text.
        var lines: [[UInt8]] = [], numbers: [Int] = []
        for (index, line) in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            var content = line[...]
            while content.last == UInt8(ascii: "\r") { content = content.dropLast() }
            for piece in content.split(separator: UInt8(ascii: "\r"), omittingEmptySubsequences: false) {
                lines.append(Array(piece))
                numbers.append(index + 1)
            }
        }
        if let first = lines.first, first.starts(with: [0xEF, 0xBB, 0xBF]) { lines[0] = Array(first.dropFirst(3)) }
        var found: [Int] = []
        var fence: (mark: UInt8, length: Int, indent: Int)?
        var comment = false
        var index = 0
        // Front matter: `---` on the first line up to a closing `---` or `...`.
        if let first = lines.first, trimmed(first) == Array("---".utf8),
           let close = lines.dropFirst().firstIndex(where: { trimmed($0) == Array("---".utf8) || trimmed($0) == Array("...".utf8) }) {
            index = close + 1
        }
        while index < lines.count {
            let line = lines[index]
            index += 1
            var i = 0
            while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
            let indent = i
            if let open = fence {
                var run = 0
                while i + run < line.count, line[i + run] == open.mark { run += 1 }
                let rest = line[(i + run)...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
                if run >= open.length && rest { fence = nil }
                // A fence inside a list item ends with the item.
                else if open.indent > 0, indent < open.indent, i < line.count, line[i] != 0x0D { fence = nil } else { continue }
                if fence == nil, run >= open.length { continue }
            }
            if comment {
                if contains(line, "-->") { comment = false }
                continue
            }
            if i < line.count, line[i] == UInt8(ascii: "`") || line[i] == UInt8(ascii: "~") {
                let mark = line[i]
                var run = 0
                while i + run < line.count, line[i + run] == mark { run += 1 }
                // CommonMark: the info string after a backtick fence's opening has no backtick (`` ```\r``` ``
                // is not a fence; cmark-gfm reads it as two lines, one opening and one closing a fence).
                if run >= 3, mark == UInt8(ascii: "~") || !line[(i + run)...].contains(UInt8(ascii: "`")) {
                    fence = (mark, run, indent)
                    continue
                }
            }
            if line[i...].starts(with: Array("<!--".utf8)) {
                if !contains(Array(line[(i + 4)...]), "-->") { comment = true }
                continue
            }
            while i < line.count, line[i] == UInt8(ascii: ">") || line[i] == 0x20 || line[i] == 0x09 { i += 1 }
            var j = i
            if j < line.count, [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*")].contains(line[j]) {
                j += 1
            } else {
                while j < line.count, j - i < 9, (0x30...0x39).contains(line[j]) { j += 1 }
                guard j > i, j < line.count, line[j] == UInt8(ascii: ".") || line[j] == UInt8(ascii: ")") else { continue }
                j += 1
            }
            guard j < line.count, line[j] == 0x20 || line[j] == 0x09 else { continue }
            while j < line.count, line[j] == 0x20 || line[j] == 0x09 { j += 1 }
            guard j + 2 < line.count, line[j] == UInt8(ascii: "["), line[j + 1] == 0x20, line[j + 2] == UInt8(ascii: "]") else { continue }
            let after = j + 3
            if after == line.count || [0x20, 0x09, 0x0D].contains(line[after]) { found.append(numbers[index - 1]) }
        }
        return found
    }

    private static func trimmed(_ line: [UInt8]) -> [UInt8] {
        var end = line.count
        while end > 0, [0x20, 0x09, 0x0D].contains(line[end - 1]) { end -= 1 }
        return Array(line[..<end])
    }

    private static func contains(_ line: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard line.count >= pattern.count else { return false }
        return (0...(line.count - pattern.count)).contains { line[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// Lint never reports outside the input, agrees with the parser, and finds what a whole reading finds.
    static func lint(_ input: [UInt8]) -> [String] {
        let findings = Linter.lint(input, fileName: "2026-11-20.md")
        var broken: [String] = []
        if findings.contains(where: { $0.start.offset > input.count || $0.end.offset < $0.start.offset }) {
            broken.append("a lint finding lies outside the input")
        }
        if zip(findings, findings.dropFirst()).contains(where: { ($0.start.line, $0.start.column) > ($1.start.line, $1.start.column) }) {
            broken.append("lint findings are not in order")
        }
        let whole = DayDocument(parsing: input)
        let parsed = Set(whole.diagnostics.map(\.rule))
        if !parsed.isSubset(of: Set(findings.map(\.rule))) { broken.append("lint dropped a parser finding") }
        // Lint reads only what it checks; a whole reading must find the same, on any day (with a carried-warning
        // age of one day too, so that the long-carried rule speaks of the Backlog's tasks).
        for (today, days) in [(nil, 7), (Day("2026-11-20"), 7), (Day("2026-11-20"), 1)]
            where Linter.lint(input, fileName: "2026-11-20.md", today: today, carriedWarningDays: days)
            != Linter.lint(whole, fileName: "2026-11-20.md", today: today, carriedWarningDays: days) {
            broken.append("lint's own reading finds otherwise than a whole reading")
        }
        return broken
    }

    /// Rollover of the input as yesterday's file, and into the input as an existing new-day file: it refuses,
    /// or every open task of the old day ends up open in the new day exactly once (or expired), and a second
    /// run changes nothing.
    static func rollover(_ input: [UInt8]) -> [String] {
        guard let yesterday = Day("2026-11-20"), let today = Day("2026-11-21") else { return ["no days"] }
        var broken: [String] = []
        let other = Array("# 2026-11-20\n\n## Morning\n* [ ] Write the report @carry\n\n## Backlog\n- [ ] Renew passport\n".utf8)
        let cases: [(source: [UInt8], target: [UInt8]?)] = [(input, nil), (other, input)]
        for (source, target) in cases {
            guard let plan = try? Rollover(opening: today, from: (yesterday, source), existing: target),
                  let sourceAfter = plan.sourceAfter else { continue }
            broken += plan.problems()
            // Counted independently of the check above: open titles of the old day, in the new day.
            let old = DayDocument(parsing: source), new = DayDocument(parsing: plan.targetAfter)
            // Two open tasks of one title are two tasks: the new day holds as many of a title as the old day moves
            // on, or as it had, whichever is more (FORMAT.md §6).
            let newTitles = Dictionary(grouping: new.allTasks, by: \.identity)
            let hadTitles = Dictionary(grouping: target.map { DayDocument(parsing: $0).allTasks } ?? [], by: \.identity)
            // An open box with no title stays where it is (FORMAT.md §6.7): nothing moves for it.
            let movedTitles = Dictionary(grouping: old.allTasks.filter { task in
                task.status.isOpen && !task.title.isEmpty
                    && (task.metadata.carry || !(task.metadata.expires.map { $0 < today } ?? false))
            }, by: \.identity)
            for (identity, moved) in movedTitles {
                let count = newTitles[identity]?.count ?? 0
                let had = hadTitles[identity]?.count ?? 0
                if count != max(had, moved.count) {
                    broken.append("open task '\(moved[0].title)' is in the new day \(count) times")
                }
            }
            if DayDocument(parsing: sourceAfter).allTasks.contains(where: { $0.status.isOpen && !$0.title.isEmpty }) {
                broken.append("the old day still has an open task")
            }
            if let again = try? Rollover(opening: today, from: (yesterday, sourceAfter), existing: plan.targetAfter) {
                if again.sourceAfter != sourceAfter || again.targetAfter != plan.targetAfter {
                    broken.append("a second rollover changed something")
                }
            } else {
                broken.append("a second rollover refused what the first wrote")
            }
        }
        return broken
    }

    /// Letters-and-digits runs of a text, outside `@` metadata words, counted; case folds, as `[X]` and
    /// heading case do. `[ ]title` counts as `[ ] title`.
    static func words(_ bytes: [UInt8]) -> [String: Int] {
        var counts: [String: Int] = [:]
        // A byte-order mark is not part of the first word (the canonical form drops it).
        let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        // The number of a numbered task (`1. [ ] x`) is its bullet, which the canonical form writes `-`.
        var tokens: [Substring] = []
        // (In a Swift string, "\r\n" is one Character.)
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var words = line.split(whereSeparator: { $0.isWhitespace })
            if let first = words.first, first.count > 1, first.dropLast().allSatisfy(\.isASCIIDigitLike),
               first.last == "." || first.last == ")", words.count > 1, words[1].hasPrefix("[") {
                words.removeFirst()
            }
            tokens += words
        }
        for token in tokens {
            for piece in token.split(separator: "]", omittingEmptySubsequences: true) where !piece.hasPrefix("@") {
                for word in piece.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
                    // A task's time is written `HH:MM` (FORMAT.md §3.6): `9:00` becomes `09:00`, the same hour.
                    let number = word.count <= 2 && word.allSatisfy(\.isASCIIDigitLike) ? Int(word).map(String.init) : nil
                    counts[number ?? word.lowercased(), default: 0] += 1
                }
            }
        }
        return counts
    }

    /// The `@` words of a text, lower-cased, an estimate in its canonical spelling (`@est:90m` is `@est:1h30m`):
    /// formatting may fold repeats, never drop one.
    static func metadataWords(_ bytes: [UInt8]) -> Set<String> {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: Set<String> = []
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            for piece in token.split(separator: "]", omittingEmptySubsequences: true) where piece.hasPrefix("@") {
                let word = piece.lowercased()
                if word.hasPrefix("@est:"), let minutes = Estimate.minutes(in: word.utf8.dropFirst(5)) {
                    found.insert("@est:" + Estimate.text(minutes))
                } else {
                    found.insert(word)
                }
            }
        }
        return found
    }

    /// A formatting result as text, to compare two.
    static func summary(_ result: FormatResult) -> String {
        switch result {
        case .unchanged: "unchanged"
        case .changed(let bytes): "changed \(bytes)"
        case .refused(let blockers): "refused \(blockers.map { "\($0.rule) \($0.start.offset)" })"
        }
    }

    /// What formatting `input` breaks: idempotency, the meaning of every task, words, findings.
    static func formatting(_ input: [UInt8]) -> [String] {
        var broken: [String] = []
        let document = DayDocument(parsing: input)
        for diagnostic in document.diagnostics where diagnostic.start.offset > input.count || diagnostic.start.line < 1
            || diagnostic.start.column < 1 || diagnostic.end.offset < diagnostic.start.offset {
            broken.append("diagnostic out of bounds: \(diagnostic)")
        }
        let result = Formatter.format(input)
        // The canonical check, which reads without a document, answers as the whole formatting does.
        if summary(result) != summary(Formatter.formatWhole(input)) {
            broken.append("the canonical check and the whole formatting disagree")
        }
        let output: [UInt8]
        switch result {
        case .refused(let blockers):
            if blockers.isEmpty { broken.append("refused without a reason") }
            return broken
        case .unchanged:
            output = input
        case .changed(let changed):
            output = changed
        }
        let reparsed = DayDocument(parsing: output)
        if reparsed.canonicalBytes() != output { broken.append("formatting is not idempotent") }
        if !reparsed.formattingBlockers.isEmpty { broken.append("the output is refused: \(reparsed.formattingBlockers)") }
        for region in Region.allCases where reparsed.tasks(in: region) != document.tasks(in: region) {
            broken.append("\(region) tasks changed")
        }
        if reparsed.day != document.day { broken.append("the day changed") }
        let after = words(output)
        let lost = words(input).filter { after[$0.key, default: 0] < $0.value }
        if !lost.isEmpty { broken.append("words lost: \(lost)") }
        if !metadataWords(input).isSubset(of: metadataWords(output)) { broken.append("metadata words lost") }
        // Findings stay, less those formatting fixes (sorted: moving metadata reorders findings within a line).
        let fixed: Set<Rule> = [.regionOrder, .repeatedMetadata, .taskLikeLine]
        let findings = { (d: DayDocument) in d.diagnostics.map(\.rule).filter { !fixed.contains($0) }.map(\.id).sorted() }
        if findings(reparsed) != findings(document) { broken.append("findings changed: \(findings(document)) -> \(findings(reparsed))") }
        return broken
    }
}

private extension Character {
    var isASCIIDigitLike: Bool { ("0"..."9").contains(self) }
}
