extension Rule {
    /// A checklist line written without a bucket bullet or without the space after it (`1. [ ] x`,
    /// `-[ ] x`), or with stray blanks in its status box (`[]`, `[ x]`, `[x ]`): read as a task of the status it
    /// can only mean, and written canonically by `dayplan fmt` (or the quick fix).
    ///
    /// Reads: A task line without a bucket bullet or its space, or with blanks in its status box.
    public static let taskLikeLine: Rule = Rule(
        id: "DP038", name: "task-like-line", severity: .warning, blocksFormatting: false,
        summary: "a task line starts with `*`, `+` or `-`, a space and a status box such as `[ ]` or `[x]`",
        check: .reading { problem in
            switch problem.kind {
            case .looseTaskLine(let bucket, let status, let numbered):
                let canonical = "\(bucket.bullet) [\(status.mark)]"
                return numbered
                    ? "A numbered task is read as a misc task, as a number says no bucket; `dayplan fmt` writes it `\(canonical) …` (use `*` for must, `+` for complementary)."
                    : "No space after the bullet, so Markdown shows no checkbox; it is read as a \(bucket) task and `dayplan fmt` writes it `\(canonical) …`."
            case .looseStatusBox(let status, let written):
                return "The status box `\(written)` has stray blanks, so Markdown shows no checkbox; it is read as \(status), and `dayplan fmt` writes it `[\(status.mark)]`."
            default:
                return nil
            }
        },
        fix: { request in
            guard let canonical = canonicalStart(request.bytes[request.range]) else { return [] }
            return [QuickFix(title: "Write it `\(canonical)`",
                             edits: [TextEdit(offset: request.range.lowerBound, removing: request.range.count, inserting: Array(canonical.utf8))],
                             isPreferred: true)]
        })

    /// The canonical form of what a DP038 finding covers: a status box with stray blanks (`[ x]` → `[x]`), or a
    /// bullet and its box (`1. [x]` → `- [x]`, `-[ ]` → `- [ ]`). Nil for anything else.
    static func canonicalStart(_ written: ArraySlice<UInt8>) -> String? {
        guard let open = written.firstIndex(of: UInt8(ascii: "[")), written.last == UInt8(ascii: "]") else { return nil }
        var status = Status.todo
        for byte in written[(open + 1)..<(written.endIndex - 1)] where byte != 0x20 && byte != 0x09 {
            guard let read = Status(mark: byte) else { return nil }
            status = read
        }
        let box = "[\(status.mark)]"
        guard open > written.startIndex else { return box }
        // A bullet before the box: its bucket's, or misc for a number.
        return "\((Bucket(bullet: written[written.startIndex]) ?? .misc).bullet) " + box
    }
}
