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
}
