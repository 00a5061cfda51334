/// Where the parts of a parsed task's line stand in the file's bytes, to edit one part and keep the rest.
struct TaskLine {
    /// The first byte of the line (its indentation, if any).
    let lineStart: Int
    /// The bullet: `-`, `+`, `*`, or a number with `.` or `)`.
    let bullet: Range<Int>
    /// The status box, brackets included: `[x]`, or one with stray blanks (`[ x]`, `[]`) that the parser reads
    /// as a status (`Checkbox.loose`).
    let box: Range<Int>
    /// The end of the line's text, before trailing white space and the line ending.
    let textEnd: Int

    /// Where the text after the box starts.
    var textStart: Int { box.upperBound }

    /// Finds the parts of `task`'s line; nil for a task made in code, or one whose line is not in `bytes`.
    init?(_ task: PlanTask, in bytes: [UInt8]) {
        guard let source = task.source, source.end.offset <= bytes.count else { return nil }
        var i = source.start.offset
        while i < source.end.offset, bytes[i] != UInt8(ascii: "[") { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
        var close = i + 1
        while close < source.end.offset, close - i <= 5, bytes[close] != UInt8(ascii: "]") { close += 1 }
        guard close < source.end.offset, bytes[close] == UInt8(ascii: "]") else { return nil }
        box = i..<(close + 1)
        var bulletEnd = source.start.offset
        if Bucket(bullet: bytes[bulletEnd]) != nil {
            bulletEnd += 1
        } else {
            while bulletEnd < i, (0x30...0x39).contains(bytes[bulletEnd]) { bulletEnd += 1 }
            bulletEnd += 1
        }
        bullet = source.start.offset..<bulletEnd
        lineStart = source.start.offset - (source.start.column - 1)
        textEnd = source.end.offset
    }

    /// The status marks of `task`'s open sub-tasks in `bytes` (`task` being the task on this line), with their
    /// lines, in file order: the bytes rollover sets to `>` when the task moves on, and `mark --with-subtasks`
    /// sets with the task's own.
    func openSubtaskMarks(of task: PlanTask, in bytes: [UInt8]) -> [(offset: Int, line: Int)] {
        let open = task.subtasks.filter(\.status.isOpen)
        // Each note is the line after the task's, in order, when the notes fill the task's lines.
        guard !open.isEmpty, task.notes.count == task.lineSpan - 1 else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            var starts: [Int] = []
            var position = lineStart
            while starts.count < task.lineSpan, position < bytes.count {
                let end = lineEnd(in: buffer, from: position)
                guard buffer[end - 1] == UInt8(ascii: "\n") else { break }
                position = end
                starts.append(position)
            }
            return open.compactMap { item -> (offset: Int, line: Int)? in
                guard item.note < starts.count else { return nil }
                let start = starts[item.note]
                let end = withoutNewline(start..<lineEnd(in: buffer, from: start), in: buffer).upperBound
                guard let box = Checkbox.subtask(buffer, from: start, to: end), box.status?.isOpen == true else { return nil }
                return (box.markStart, task.line + 1 + item.note)
            }
        }
    }

    /// One `@` word on the line that the parser reads as metadata, and where it stands.
    struct MetadataWord {
        /// The word's bytes.
        let range: Range<Int>
        /// Its key, in lower case: `carry`, `from`, …
        let key: String
        /// How it is spelled: dayplan's `@` word, or another tool's words (`ForeignSpelling`).
        var style = MetadataStyle.dayplan
    }

    /// The metadata words of the line, in order, as the parser reads them (`MetadataKey.all`): flags without
    /// a value, dated keys with a real date, `@every:` with a recurrence (any other `@` word is title).
    func metadataWords(in bytes: [UInt8]) -> [MetadataWord] {
        bytes.withUnsafeBufferPointer { buffer in
            var words: [MetadataWord] = []
            forEachWordRange(in: buffer, textStart, textEnd, tabs: true, spans: true) { range in
                let start = range.lowerBound, i = range.upperBound
                guard buffer[start] == UInt8(ascii: "@") else { return }
                let word = buffer[(start + 1)..<i]
                let colon = word.firstIndex(of: UInt8(ascii: ":"))
                let key = String(decoding: word[..<(colon ?? i)], as: UTF8.self).lowercased()
                let value = colon.map { String(decoding: buffer[($0 + 1)..<i], as: UTF8.self) }
                // As the parser reads them: a flag has no value, a dated key a real date (`@on:` may name a
                // region after it), `@every:` a recurrence.
                let isMetadata = MetadataKey.named(key)?.readValue(value.map { Substring($0) }) != nil
                if isMetadata { words.append(MetadataWord(range: start..<i, key: key)) }
            }
            // Another tool's spellings that the parser reads as a key's value, in line order among the `@` words.
            guard ForeignSpelling.mayHold(buffer, textStart, textEnd) else { return words }
            ForeignSpelling.forEach(in: buffer, textStart, textEnd) { found in
                guard found.value != nil else { return }
                words.append(MetadataWord(range: found.range, key: MetadataKey[found.key].name, style: found.style))
            }
            return words.sorted { $0.range.lowerBound < $1.range.lowerBound }
        }
    }

    /// The edit that adds `word`, a metadata word with `key`, where the canonical form puts it: before the first
    /// metadata word of a key that comes after `key` in `MetadataKey.all`, else after the line's last word. So a
    /// canonical line stays canonical (`@on:` goes before `@due:`, `@done:` before `@est:`).
    func insertionEdit(of word: String, key: String, in bytes: [UInt8]) -> TextEdit {
        let rank = { (name: String) in MetadataKey.all.firstIndex { $0.name == name } ?? MetadataKey.all.count }
        let mine = rank(key)
        // Another tool's spelling is title words: an `@` word goes after them all.
        guard let later = metadataWords(in: bytes).first(where: { $0.style == .dayplan && rank($0.key) > mine })
        else { return appendEdit(word) }
        return TextEdit(offset: later.range.lowerBound, removing: 0, inserting: Array((word + " ").utf8))
    }

    /// The edit that adds another tool's spelling of a key (`ForeignSpelling.written`): title words, so after the
    /// title and before the line's first `@` word.
    func spellingEdit(_ text: String, in bytes: [UInt8]) -> TextEdit {
        guard let first = metadataWords(in: bytes).first(where: { $0.style == .dayplan }) else { return appendEdit(text) }
        return TextEdit(offset: first.range.lowerBound, removing: 0, inserting: Array((text + " ").utf8))
    }

    /// The edit that sets the status: the mark's one byte, or none when it says that status already. A box with
    /// stray blanks (`[ x]`) is written whole, canonically, as `fmt` writes it.
    func statusEdit(_ status: Status, in bytes: [UInt8]) -> [TextEdit] {
        guard box.count == 3 else {
            return [TextEdit(offset: box.lowerBound, removing: box.count, inserting: [UInt8(ascii: "["), status.markByte, UInt8(ascii: "]")])]
        }
        let mark = box.lowerBound + 1
        return Status(mark: bytes[mark]) == status ? [] : [TextEdit(offset: mark, removing: 1, inserting: [status.markByte])]
    }

    /// Sets the status in `edited`, as `statusEdit` does, without an array for a canonical box (rollover sets
    /// the box of every open task of a big day).
    func setStatus(_ status: Status, in edited: inout OrderedEdits) {
        guard box.count == 3 else {
            for edit in statusEdit(status, in: edited.original) { edited.apply(edit) }
            return
        }
        edited.replaceByte(at: box.lowerBound + 1, with: status.markByte)
    }

    /// The edit that appends ` word` after the line's last non-blank character (trailing white space and the
    /// line ending stay after it).
    func appendEdit(_ word: String) -> TextEdit {
        TextEdit(offset: textEnd, removing: 0, inserting: Array((" " + word).utf8))
    }

    /// The edit that removes a word and the white space before it (after it, when only the box is before it).
    func removalEdit(of word: Range<Int>, in bytes: [UInt8]) -> TextEdit {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = word.lowerBound
        while start > textStart, isBlank(bytes[start - 1]) { start -= 1 }
        var end = word.upperBound
        if start == textStart {
            start = word.lowerBound
            while end < textEnd, isBlank(bytes[end]) { end += 1 }
        }
        return TextEdit(offset: start, removing: end - start, inserting: [])
    }
}
