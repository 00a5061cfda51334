import DayPlan
import DayPlanJSON

/// How the client counts the `character` of a position: UTF-16 code units (the protocol's default), UTF-8
/// bytes (when the client offers `utf-8` in `general.positionEncodings`, as dayplan's own columns count) or
/// Unicode scalars (when it offers `utf-32` and not `utf-8`).
enum PositionEncoding: String {
    /// UTF-16 code units: the protocol's default, and what most editors count.
    case utf16 = "utf-16"
    /// UTF-8 bytes, as dayplan's own columns count.
    case utf8 = "utf-8"
    /// Unicode scalars (UTF-32 code units).
    case utf32 = "utf-32"
}

/// A protocol position: a line from 0 and a character in the negotiated encoding, from 0.
struct Position: Equatable {
    /// The line, from 0.
    var line: Int
    /// The character in the line, from 0, in the session's encoding.
    var character: Int

    /// `{"line":…,"character":…}`.
    var json: JSONValue { ["line": .integer(line), "character": .integer(character)] }

    /// Writes `{"line":…,"character":…}`, as `json` is written.
    func write(into json: inout JSONTextWriter) {
        json.open("line")
        json.integer(line)
        json.member("character")
        json.integer(character)
        json.close()
    }

    /// Reads `{"line":…,"character":…}` as a client sent it. Each is a whole number from 0; one with more
    /// digits than an `Int` holds is read as `Int.max`, which like any number past the end of a line or of the
    /// document means that end (`TextDocument.offset(of:in:)`). Anything else (missing, negative, a fraction or
    /// an exponent, not a number) is an `InvalidParams` error naming `name`.
    init(_ json: JSONValue?, named name: String) throws(ResponseError) {
        guard let json, json.objectValue != nil else { throw .invalid("\(name) is missing or not a position") }
        self.init(line: try Position.coordinate(json["line"], named: name + ".line"),
                  character: try Position.coordinate(json["character"], named: name + ".character"))
    }

    /// Makes a position.
    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// A line or character number: digits only, no sign, fraction or exponent.
    private static func coordinate(_ json: JSONValue?, named name: String) throws(ResponseError) -> Int {
        guard case .number(let text)? = json else { throw .invalid("\(name) is missing or not a number") }
        let digits = text.utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .invalid("\(name) is \(text.prefix(40)), not a whole number from 0")
        }
        return Int(text) ?? Int.max
    }

    /// Reads `{"start":…,"end":…}`; an `InvalidParams` error when either is not a position. Whether it ends
    /// before it starts depends on the text (`TextDocument.offsets(of:in:named:)`).
    static func range(_ json: JSONValue?, named name: String) throws(ResponseError) -> (start: Position, end: Position) {
        guard let json, json.objectValue != nil else { throw .invalid("\(name) is missing or not a range") }
        return (try Position(json["start"], named: name + ".start"), try Position(json["end"], named: name + ".end"))
    }
}

/// An open document as the editor holds it: its UTF-8 text and where each of its lines starts.
///
/// Lines are split as the protocol splits them, at `\n`, `\r\n` and a lone `\r`, so that a line number
/// means the same line in the editor and here. (The format itself only breaks lines at `\n`; positions go
/// through byte offsets, so both views agree on every byte.)
struct TextDocument {
    /// The document's URI, as the client names it.
    let uri: String
    /// The version the client gave with the last change.
    var version: Int
    /// The text, UTF-8.
    private(set) var bytes: [UInt8]
    /// The byte offset at which each protocol line starts; the first is 0.
    private(set) var lineStarts: [Int]
    /// The parsed document and lint's findings, made on first use after each change.
    private var cachedAnalysis: Analysis?
    /// Why the text may differ from the editor's (a change that could not be applied); nil while in step.
    /// Only a change that sends the whole text (or opening the document again) brings it back in step.
    var outOfStep: String?

    init(uri: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = text
        self.lineStarts = [0] + TextDocument.lineStarts(in: text, from: 0, to: text.count, includingEnd: true)
    }

    /// The starts of lines after each line break in `bytes[from..<to]`, the position `to` itself included
    /// only when `includingEnd` (a break right before the end of a document starts an empty last line).
    static func lineStarts(in bytes: [UInt8], from: Int, to: Int, includingEnd: Bool) -> [Int] {
        var starts: [Int] = []
        var index = from
        while index < to {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (index >= bytes.count || bytes[index] != UInt8(ascii: "\n"))) {
                if index < to || includingEnd { starts.append(index) }
            }
        }
        return starts
    }

    /// The line that holds byte `offset`.
    func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Where a line's text ends, before its line break.
    func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The byte offset of a position. A line past the end means the end of the document; a character past
    /// the end of its line means the end of the line (as the protocol says); a character inside a UTF-16
    /// surrogate pair or a UTF-8 sequence means the start of that character. Any line and character from 0 to
    /// `Int.max` is fine: they are compared with the line's length, never added to an offset unchecked.
    func offset(of position: Position, in encoding: PositionEncoding) -> Int {
        guard position.line >= 0, position.line < lineStarts.count else { return position.line < 0 ? 0 : bytes.count }
        let start = lineStarts[position.line]
        let end = contentEnd(ofLine: position.line)
        let character = max(position.character, 0)
        switch encoding {
        case .utf8:
            guard character < end - start else { return end }
            var offset = start + character
            while offset > start, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        case .utf16, .utf32:
            var offset = start
            var units = 0  // never more than `character`, so `character - units` cannot overflow
            while offset < end {
                let width = TextDocument.sequenceLength(bytes[offset])
                let step = encoding == .utf16 && width == 4 ? 2 : 1
                if character - units < step { break }
                units += step
                offset = min(offset + width, end)
            }
            return offset
        }
    }

    /// The bytes a protocol range covers; an `InvalidParams` error, naming `name`, when it ends before it starts
    /// once both ends are placed in the text (`(0, 9)` to `(0, 0)` on an empty line is an empty range there, as
    /// each end clamps to the line's end).
    func offsets(of range: (start: Position, end: Position), in encoding: PositionEncoding,
                 named name: String) throws(ResponseError) -> Range<Int> {
        let from = offset(of: range.start, in: encoding), to = offset(of: range.end, in: encoding)
        guard from <= to else {
            throw .invalid("\(name) ends (line \(range.end.line), character \(range.end.character)) before it starts"
                           + " (line \(range.start.line), character \(range.start.character))")
        }
        return from..<to
    }

    /// The position of a byte offset.
    func position(of offset: Int, in encoding: PositionEncoding) -> Position {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(containing: offset)
        let start = lineStarts[line]
        switch encoding {
        case .utf8:
            return Position(line: line, character: offset - start)
        case .utf16, .utf32:
            // Character by character; an ASCII byte is one unit of either (nearly every byte of a plan).
            let units = bytes.withUnsafeBufferPointer { text in
                var units = 0
                var index = start
                while index < offset {
                    if text[index] < 0x80 {
                        units += 1
                        index += 1
                        continue
                    }
                    let width = TextDocument.sequenceLength(text[index])
                    units += encoding == .utf16 && width == 4 ? 2 : 1
                    index += width
                }
                return units
            }
            return Position(line: line, character: units)
        }
    }

    /// `{"start":…,"end":…}` of a byte range.
    func range(_ from: Int, _ to: Int, in encoding: PositionEncoding) -> JSONValue {
        ["start": position(of: from, in: encoding).json, "end": position(of: to, in: encoding).json]
    }

    /// Writes `{"start":…,"end":…}` of a byte range, as `range(_:_:in:)` is written.
    func writeRange(_ from: Int, _ to: Int, in encoding: PositionEncoding, into json: inout JSONTextWriter) {
        json.open("start")
        position(of: from, in: encoding).write(into: &json)
        json.member("end")
        position(of: to, in: encoding).write(into: &json)
        json.close()
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }

    /// Replaces the bytes in `range` with `text`, keeping the line starts right without rescanning the
    /// whole document: only the lines around the change are scanned again.
    mutating func replace(_ range: Range<Int>, with text: [UInt8]) {
        let firstLine = max(line(containing: range.lowerBound) - 1, 0)
        let lastLine = line(containing: range.upperBound)
        // Past two lines after the change, every line break lies wholly outside it: those starts only shift.
        let tailIndex = lastLine + 2
        let delta = text.count - range.count
        bytes.replaceSubrange(range, with: text)
        cachedAnalysis = nil
        let scanStart = lineStarts[firstLine]
        var starts = Array(lineStarts[...firstLine])
        if tailIndex < lineStarts.count {
            let scanEnd = lineStarts[tailIndex] + delta
            starts += TextDocument.lineStarts(in: bytes, from: scanStart, to: scanEnd, includingEnd: false)
            starts += lineStarts[tailIndex...].map { $0 + delta }
        } else {
            starts += TextDocument.lineStarts(in: bytes, from: scanStart, to: bytes.count, includingEnd: true)
        }
        lineStarts = starts
    }

    /// The parsed document, lint's findings and the format's own line starts, for the current text.
    mutating func analysis(fileName: String?, carriedWarningDays: Int, hours: DayHours = DayHours()) -> Analysis {
        if let cachedAnalysis { return cachedAnalysis }
        let analysis = Analysis(bytes: bytes, fileName: fileName, carriedWarningDays: carriedWarningDays, hours: hours)
        cachedAnalysis = analysis
        return analysis
    }
}

/// What the server knows about a document's text once parsed: made once per version, shared by features.
struct Analysis {
    /// The parsed day file.
    let document: DayDocument
    /// Exactly `dayplan lint`'s findings for this file.
    let findings: [Diagnostic]
    /// Where each of the format's lines starts (lines break at `\n` only): `formatLineStarts[0]` is line 1.
    let formatLineStarts: [Int]

    /// `carriedWarningDays`: the plan folder's `carried-warning-days` (DP052), and `hours` its region hours and
    /// calendars (DP060, DP061, DP062), as lint reads them.
    init(bytes: [UInt8], fileName: String?, carriedWarningDays: Int, hours: DayHours = DayHours()) {
        document = DayDocument(parsing: bytes)
        findings = Linter.lint(document, fileName: fileName, today: Clock.today(), carriedWarningDays: carriedWarningDays, hours: hours)
        var starts = [0]
        var index = bytes.startIndex
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            starts.append(newline + 1)
            index = newline + 1
        }
        formatLineStarts = starts
    }

    /// The format's 1-based line that holds byte `offset`.
    func formatLine(containing offset: Int) -> Int {
        var low = 0, high = formatLineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if formatLineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The byte range of a 1-based format line's text, without its line ending (a lone CR at its end is part of
    /// the ending too, as the format reads it).
    func textRange(ofFormatLine line: Int, in bytes: [UInt8]) -> Range<Int> {
        let start = formatLineStarts[min(max(line, 1), formatLineStarts.count) - 1]
        var end = line < formatLineStarts.count ? formatLineStarts[line] - 1 : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The section a 1-based format line stands in (its heading line included); nil before the first section.
    func section(atFormatLine line: Int) -> Section? {
        document.sections.last { $0.headingLine > 0 && $0.headingLine <= line }
    }

    /// Open tasks per bucket (must, complementary, misc) in a region, across all its sections.
    func openCounts(in region: Region) -> [Int] {
        var open = [0, 0, 0]
        for task in document.tasks(in: region) where task.status.isOpen { open[task.bucket.rawValue] += 1 }
        return open
    }
}
