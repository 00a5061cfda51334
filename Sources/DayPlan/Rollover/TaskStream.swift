/// Each task whole, handed to `visit` with its region and not kept; no other line (rollover's old day).
struct TaskStream: DayReading {
    let visit: (PlanTask, Region?) -> Void

    var keepsText: Bool { false }
    var keepsNotes: Bool { true }
    mutating func section(_ section: Section, replacingLast: Bool) {}
    mutating func line(_ item: consuming Item, in part: FilePart) {}
    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?) {
        visit(task, region)
    }
}

extension DayDocument {
    /// Reads a day file task by task: hands each task, whole (title, metadata and notes as `init(parsing:)`
    /// reads them), to `body` in file order with the region it stands in (nil outside the regions), and keeps
    /// none of them. Returns the document without its lines: the same sections (with no items), day, line
    /// ending and diagnostics as `init(parsing:)`. For rollover, which reads an old day's tasks once each:
    /// however big the plan, no task and no other line is held.
    static func forEachTask(in bytes: [UInt8], _ body: (PlanTask, Region?) -> Void) -> DayDocument {
        withoutActuallyEscaping(body) { visit in
            bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(buffer, TaskStream(visit: visit))
                return parser.parse()
            }
        }
    }
}
