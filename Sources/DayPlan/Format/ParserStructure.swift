private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let cr = UInt8(ascii: "\r")
private let hash = UInt8(ascii: "#")
private let at = UInt8(ascii: "@")

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

extension Parser where Sink: DayReading {
    // MARK: - Git conflict markers

    /// Whether the line (`start..<end`, trailing white space trimmed) is a git conflict marker: seven `<`, `|`,
    /// `=` or `>` then the end of the line or white space (`=======` alone). Reports it (DP041); a `=======`
    /// outside a `<<<<<<<` … `>>>>>>>` is reported only when a `>>>>>>>` follows.
    @discardableResult
    mutating func checkConflictMarker(_ start: Int, _ end: Int, line: Int, lineStart: Int) -> Bool {
        guard end - start >= 7 else { return false }
        let mark = bytes[start]
        guard mark == UInt8(ascii: "<") || mark == UInt8(ascii: "=") || mark == UInt8(ascii: ">")
                || mark == UInt8(ascii: "|") else { return false }
        var run = 1
        while run < 7, bytes[start + run] == mark { run += 1 }
        guard run == 7 else { return false }
        if mark == UInt8(ascii: "=") ? end != start + 7 : end > start + 7 && !isBlank(bytes[start + 7]) { return false }
        func flag(_ at: (start: Int, end: Int, line: Int, lineStart: Int), _ what: ReadingProblem.ConflictMark) {
            let from = SourcePosition(offset: at.start, line: at.line, column: at.start - at.lineStart + 1)
            let to = SourcePosition(offset: at.start + 7, line: at.line, column: at.start - at.lineStart + 8)
            report(ReadingProblem(kind: .conflictMarker(what, character: Character(Unicode.Scalar(bytes[at.start]))), start: from, end: to))
        }
        let here = (start: start, end: end, line: line, lineStart: lineStart)
        switch mark {
        case UInt8(ascii: "<"):
            conflictOpen = true
            flag(here, .sideStart)
        case UInt8(ascii: "|"):
            flag(here, .ancestorStart)
        case UInt8(ascii: "="):
            if conflictOpen { flag(here, .separator) } else { pendingSeparators.append(here) }
        default:
            for separator in pendingSeparators { flag(separator, .separator) }
            pendingSeparators.removeAll()
            conflictOpen = false
            flag(here, .sideEnd)
        }
        return true
    }

    // MARK: - Code fences and HTML comments

    /// Inside a fence or comment, keeps the line verbatim and watches for the end. Returns whether it did.
    mutating func continueBlock(_ start: Int, _ end: Int) -> Bool {
        switch block {
        case .none:
            return false
        case .fence(let mark, let length, let indent):
            // An indented fence belongs to the list item above it (Markdown's reading), and ends with it: at
            // the first non-blank line indented less than the fence.
            if indent > 0 {
                var width = 0
                var k = start
                while k < end, isBlank(bytes[k]) {
                    width = bytes[k] == tab ? (width / 4 + 1) * 4 : width + 1
                    k += 1
                }
                if width < indent, k < end, bytes[k] != cr {
                    block = .none
                    releaseTrailingBlankLines()
                    return false
                }
            }
            var i = start
            while i < end, i - start < 3, bytes[i] == space { i += 1 }
            if closesFence(mark, length, i, end) { block = .none }
        case .comment:
            if contains("-->", start, end) { block = .none }
        }
        finishTask()
        pass(.verbatim(lineText(start, end)))
        return true
    }

    /// The blank lines at the end of a fence that its list item's end closed are not the fence's: they
    /// become plain blank lines again, which the canonical form folds.
    mutating func releaseTrailingBlankLines() {
        sink.releaseTrailingBlankLines(in: phase)
    }

    /// Whether the text from `start` closes a fence of `length` `mark`s: a run at least as long, then only
    /// white space.
    func closesFence(_ mark: UInt8, _ length: Int, _ start: Int, _ end: Int) -> Bool {
        var i = start
        var run = 0
        while i < end, bytes[i] == mark { run += 1; i += 1 }
        while i < end, isBlank(bytes[i]) || bytes[i] == cr { i += 1 }
        return run >= length && i == end
    }

    /// Whether the line opens a code fence or an HTML comment; if so, enters it.
    mutating func startsBlock(_ start: Int, _ end: Int, indent: Int) -> Bool {
        let first = bytes[start]
        if first == UInt8(ascii: "`") || first == UInt8(ascii: "~") {
            var run = 0
            while start + run < end, bytes[start + run] == first { run += 1 }
            guard run >= 3 else { return false }
            if first == UInt8(ascii: "`"), contains("`", start + run, end) { return false }
            // Its blank lines may turn out not to be its own (`releaseTrailingBlankLines`), after they were printed.
            if indent > 0 { sink.layoutChangedByPrinting() }
            block = .fence(first, run, indent: indent)
            blockStart = location(start)
            return true
        }
        if first == UInt8(ascii: "<"), end - start >= 4, contains("<!--", start, start + 4) {
            if !contains("-->", start + 4, end) {
                block = .comment
                blockStart = location(start)
            }
            return true
        }
        return false
    }

    func contains(_ needle: StaticString, _ start: Int, _ end: Int) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, end - start >= count else { return false }
        let pattern = needle.utf8Start
        var i = start
        while i + count <= end {
            var k = 0
            while k < count, bytes[i + k] == pattern[k] { k += 1 }
            if k == count { return true }
            i += 1
        }
        return false
    }

    // MARK: - Headings

    /// Handles `#` and `##` headings, and `###` headings that name a region. Returns false when the line is
    /// not one of those (`#tag`, another `###`, …): it is then text.
    mutating func parseHeading(_ start: Int, _ end: Int) -> Bool {
        var level = 0
        while start + level < end, bytes[start + level] == hash { level += 1 }
        guard level <= 3, start + level == end || isBlank(bytes[start + level]) else { return false }
        var textStart = start + level
        while textStart < end, isBlank(bytes[textStart]) { textStart += 1 }
        var textEnd = end
        // An optional closing run of `#`, after white space, is not part of the text.
        var closing = textEnd
        while closing > textStart, bytes[closing - 1] == hash { closing -= 1 }
        if closing < textEnd, closing == textStart || isBlank(bytes[closing - 1]) {
            textEnd = closing
            while textEnd > textStart, isBlank(bytes[textEnd - 1]) { textEnd -= 1 }
        }

        if level == 1 {
            guard phase == .beforeDayHeading else {
                report(.secondDayHeading, start, end)
                return false
            }
            dayHeadingLine = lineNumber
            // Kept whole, closing `#`s included, unless it is just the date (`#  2026-11-21 ##` is canonically
            // `# 2026-11-21`): without them, `# a ## #` would print as `# a ##`, which reads back as `a`.
            dayHeadingText = string(textStart, end)
            phase = .preamble
            if let (dateStart, found) = findDate(textStart, textEnd) {
                if dateStart == textStart, textEnd - textStart == 10 { dayHeadingText = string(textStart, textEnd) }
                day = found
                dayHeadingSource = (location(dateStart), location(dateStart + 10))
            } else {
                dayHeadingSource = (location(textStart), location(textEnd))
                report(.dayHeadingWithoutDate(heading: string(start, end)), textStart, max(textEnd, textStart))
            }
            if let dayHeadingText { sink.dayHeading(dayHeadingText, day: day) }
            return true
        }

        let text = string(textStart, textEnd)
        guard let region = Region(headingText: text) else {
            if let meant = Region.nearMiss(headingText: text) {
                report(.nearRegionHeading(heading: string(start, end), level: level, region: meant), start, end)
            }
            guard level == 2 else { return false }
            finishTask()
            phase = .section
            // Kept as written, closing `#`s included: without them, `## ## #` would print as `## ##`, which
            // reads back as an empty heading.
            open(Section(kind: .other(string(textStart, end)), items: [], headingLine: lineNumber), replacingLast: false)
            return true
        }
        finishTask()
        phase = .section
        if seenRegions & (1 << region.rawValue) != 0 {
            report(.repeatedRegion(region, heading: string(start, end)), start, end)
        } else if let lastRegion, region < lastRegion {
            report(.regionOutOfOrder(region, after: lastRegion), start, end)
        }
        var section = Section(kind: .region(region), items: [], headingLine: lineNumber)
        seenRegions |= 1 << region.rawValue
        lastRegion = region
        // A decorated heading is kept whole, a closing run of `#` included (without it, `## Morning ## #`
        // would print as `## Morning ##`, which reads back as `Morning`).
        section.headingText = region.isNamed(text) ? text : string(textStart, end)
        section.headingLevel = level
        // `## Today` with nothing under it, right before `### Morning`: a heading that groups the regions.
        var grouped = false
        if level == 3, let last = sections.last, case .other(let group) = last.kind, last.groupHeading == nil,
           !sectionHasContent {
            sections.removeLast()
            section.groupHeading = group
            grouped = true
        }
        open(section, replacingLast: grouped)
        return true
    }

    /// Starts a section; `replacingLast`: the one before it is its group heading, no section of its own.
    mutating func open(_ section: Section, replacingLast: Bool) {
        sectionHasContent = false
        sink.section(section, replacingLast: replacingLast)
        sections.append(section)
    }

    /// The first `YYYY-MM-DD` in a heading that stands apart from other digits and dashes, and where it is.
    func findDate(_ start: Int, _ end: Int) -> (Int, Day)? {
        var i = start
        while i + 10 <= end {
            let apart = (i == start || !isDateByte(bytes[i - 1])) && (i + 10 == end || !isDateByte(bytes[i + 10]))
            if apart, bytes[i + 4] == UInt8(ascii: "-"), let day = Day(utf8: bytes[i..<(i + 10)]) { return (i, day) }
            i += 1
        }
        return nil
    }

    func isDateByte(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-") }
}
