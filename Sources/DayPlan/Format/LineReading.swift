extension DayDocument {
    /// The task one line holds, read as a task's line in a region is read (its notes aside), and whether
    /// reading it found something that blocks formatting; nil when the line holds no task. For a check that
    /// reads back a line it changed without parsing the whole file again (rollover's).
    static func task(onLine line: ArraySlice<UInt8>) -> (task: PlanTask, blocked: Bool)? {
        line.withUnsafeBufferPointer { buffer in
            var parser = Parser(lineInSection: buffer, DocumentReading(buffer))
            var start = 0, end = buffer.count
            while start < end, buffer[start] == UInt8(ascii: " ") || buffer[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, buffer[end - 1] == UInt8(ascii: " ") || buffer[end - 1] == UInt8(ascii: "\t")
                    || buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            guard start < end, let task = parser.parseTask(start, end) else { return nil }
            return (task, parser.diagnostics.contains { $0.rule.blocksFormatting })
        }
    }

    /// The task `line` holds when, standing alone on a line of a region, it is read as a task line with
    /// nothing to report (valid UTF-8, no NUL, no finding) and is that task's canonical line: a bullet at
    /// its first byte, no blank at its end. Read through `memo`, and given with its line there
    /// (`TaskLineMemo`); nil otherwise. A task line read this way reads as the parser reads it in a file.
    static func canonicalTask(onLine line: UnsafeBufferPointer<UInt8>, memo: TaskLineMemo) -> (task: PlanTask, entry: Int)? {
        let last = line.count - 1
        guard line.count >= 6, line[0] == UInt8(ascii: "-") || line[0] == UInt8(ascii: "+") || line[0] == UInt8(ascii: "*"),
              line[1] == UInt8(ascii: " "), line[2] == UInt8(ascii: "["), line[last] != UInt8(ascii: " "),
              line[last] != UInt8(ascii: "\t"), line[last] != UInt8(ascii: "\r") else { return nil }
        var parser = Parser(lineInSection: line, DocumentReading(line))
        parser.memo = memo
        parser.checkEncoding(from: 0)
        guard parser.diagnostics.isEmpty, let task = parser.rememberedTask(0, line.count, wholeLine: true),
              parser.diagnostics.isEmpty, memo.lastEntry >= 0, memo.isCanonical(memo.lastEntry) else { return nil }
        return (task, memo.lastEntry)
    }

    /// The text `line` is when, standing alone on a line of a section that is not a region (and no task or
    /// block open before it), it reads as a line of free text with nothing to report, and is its own
    /// canonical form (no blank at its end); nil otherwise. Lines that start like a heading, a quote, a git
    /// conflict marker or a block (`#`, `>`, `<`, `=`, `|`, a fence) give nil without being read.
    static func canonicalText(onLine line: UnsafeBufferPointer<UInt8>) -> String? {
        var first = 0
        while first < line.count, line[first] == UInt8(ascii: " ") || line[first] == UInt8(ascii: "\t") { first += 1 }
        let last = line.count - 1
        guard first < line.count, line[last] != UInt8(ascii: " "), line[last] != UInt8(ascii: "\t"),
              line[last] != UInt8(ascii: "\r") else { return nil }
        switch line[first] {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "|"),
             UInt8(ascii: "`"), UInt8(ascii: "~"): return nil
        default: break
        }
        let notes = Section(kind: .other("Notes"), items: [])
        var parser = Parser(lineInSection: line, DocumentReading(line))
        parser.sections = [notes]
        parser.sink.lines.sections = [notes]
        parser.checkEncoding(from: 0)
        guard parser.diagnostics.isEmpty, !parser.holdsCR else { return nil }
        parser.parseLine(0, line.count)
        let items = parser.sink.lines.sections[0].items
        guard parser.diagnostics.isEmpty, !parser.isTaskOpen, case .none = parser.block, parser.sections.count == 1,
              items.count == 1, case .text(let text) = items[0] else { return nil }
        return text
    }
}
