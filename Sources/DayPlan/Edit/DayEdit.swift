/// A change to one day file, worked out and checked but not applied: the byte edits that make it, the file
/// they give, and what changed in words.
public struct DayEdit: Hashable, Sendable {
    /// The byte edits on the file as it was, non-overlapping; empty when the file already says it.
    public let edits: [TextEdit]
    /// The file's bytes with the edits applied.
    public let after: [UInt8]
    /// What changed, in words, for a person: "marked done: Buy milk".
    public let summary: String
    /// The 1-based line of the edited task in `after`; 0 when it is gone (removed).
    public let line: Int
    /// The edits that undo this one: applied to `after`, they give the file as it was.
    public let inverse: [TextEdit]

    /// Whether the edit changes any byte.
    public var changesFile: Bool { !edits.isEmpty }

    /// The edits applied to `bytes` (the file the edit was worked out on).
    public func applied(to bytes: [UInt8]) -> [UInt8] {
        TextEdit.apply(edits, to: bytes)
    }

    /// No change to `bytes`, said by `summary` (a batch of decisions none of which changes a byte).
    public static func none(of bytes: [UInt8], summary: String) -> DayEdit {
        DayEdit(edits: [], after: bytes, summary: summary, line: 0, inverse: [])
    }

    /// Edits made one after another, from `original` to the file `last` gives, as one edit of `original` (one
    /// write, one undo): a single byte edit over the span where `original` and `last.after` differ, said by
    /// `summary`, the task on `last.line`.
    public static func steps(from original: [UInt8], to last: DayEdit, summary: String) -> DayEdit {
        let result = last.after
        var prefix = 0
        while prefix < original.count, prefix < result.count, original[prefix] == result[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < original.count - prefix, suffix < result.count - prefix,
              original[original.count - 1 - suffix] == result[result.count - 1 - suffix] { suffix += 1 }
        let edits = prefix == original.count && prefix == result.count ? [] : [TextEdit(
            offset: prefix, removing: original.count - prefix - suffix, inserting: Array(result[prefix..<(result.count - suffix)]))]
        return DayEdit(edits: edits, after: result, summary: summary, line: last.line,
                       inverse: TextEdit.inverse(of: edits, on: original))
    }
}

/// A task with the region it stands in.
public struct PlacedTask: Hashable, Sendable {
    /// The region.
    public let region: Region
    /// The task, with its position in the file (`line`, `lineSpan`).
    public let task: PlanTask

    /// A task standing in `region`.
    public init(region: Region, task: PlanTask) {
        self.region = region
        self.task = task
    }
}

extension PlanTask {
    /// Reads one task line as a region of a day file would (`- [ ] Call Ana #home @carry`): bullet, status,
    /// title words, `#tags` and metadata. Nil when the text is not a task line; the findings the line gets
    /// (an unknown `@key:`, a date that is not real, no title) come with the task.
    public static func parsing(line text: String) -> (task: PlanTask, findings: [Diagnostic])? {
        guard !text.utf8.contains(UInt8(ascii: "\n")), !text.utf8.contains(UInt8(ascii: "\r")) else { return nil }
        let document = DayDocument(parsing: Array("## Backlog\n\(text)\n".utf8))
        guard document.sections.count == 1, let task = document.sections[0].tasks.first,
              document.sections[0].items.count == 1 else { return nil }
        var bare = task
        bare.source = nil
        bare.lineSpan = 1
        let findings = document.diagnostics.filter { $0.start.line == 2 && $0.rule != .missingDayHeading }
        return (bare, findings)
    }
}
