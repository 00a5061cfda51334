import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// The text an editor holds, with the protocol's positions worked out independently of the server (over
/// Swift's Unicode scalars), so that tests check the server's positions rather than repeat them.
struct EditorBuffer {
    var text: String

    /// `utf-16`, `utf-8` or `utf-32`.
    let encoding: String

    init(_ text: String, encoding: String = "utf-16") {
        self.text = text
        self.encoding = encoding
    }

    private func units(_ scalar: Unicode.Scalar) -> Int {
        switch encoding {
        case "utf-8": scalar.utf8.count
        case "utf-32": 1
        default: scalar.utf16.count
        }
    }

    /// The index at which each line starts; lines break at `\n`, `\r\n` and a lone `\r`.
    var lineStarts: [String.Index] {
        let scalars = text.unicodeScalars
        var starts = [scalars.startIndex]
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if scalar == "\n" || (scalar == "\r" && (index == scalars.endIndex || scalars[index] != "\n")) {
                starts.append(index)
            }
        }
        return starts
    }

    /// The string index of a protocol position.
    func index(line: Int, character: Int) -> String.Index {
        let starts = lineStarts
        let scalars = text.unicodeScalars
        guard line < starts.count else { return scalars.endIndex }
        var index = starts[line]
        var counted = 0
        while index < scalars.endIndex, scalars[index] != "\n", scalars[index] != "\r",
              counted + units(scalars[index]) <= character {
            counted += units(scalars[index])
            index = scalars.index(after: index)
        }
        return index
    }

    /// The protocol position of a string index.
    func position(of target: String.Index) -> (line: Int, character: Int) {
        let starts = lineStarts
        let line = starts.lastIndex { $0 <= target } ?? 0
        let character = text.unicodeScalars[starts[line]..<target].reduce(0) { $0 + units($1) }
        return (line, character)
    }

    /// The protocol position of a UTF-8 byte offset.
    func position(ofByte offset: Int) -> (line: Int, character: Int) {
        position(of: text.utf8.index(text.utf8.startIndex, offsetBy: offset))
    }

    /// `{"line":…,"character":…}` of a string index.
    func json(_ index: String.Index) -> JSONValue {
        let (line, character) = position(of: index)
        return ["line": .integer(line), "character": .integer(character)]
    }

    /// Replaces the text between two indexes; returns the `contentChanges` entry that says so.
    mutating func replace(_ range: Range<String.Index>, with replacement: String) -> JSONValue {
        let change: JSONValue = ["range": ["start": json(range.lowerBound), "end": json(range.upperBound)],
                                 "text": .string(replacement)]
        text.unicodeScalars.replaceSubrange(range, with: replacement.unicodeScalars)
        return change
    }

    /// Applies protocol text edits (non-overlapping, positions in the original text).
    mutating func apply(_ edits: [JSONValue]) {
        let ranges = edits.map { edit -> (Range<String.Index>, String) in
            let start = edit["range"]?["start"], end = edit["range"]?["end"]
            let from = index(line: start?["line"]?.intValue ?? 0, character: start?["character"]?.intValue ?? 0)
            let to = index(line: end?["line"]?.intValue ?? 0, character: end?["character"]?.intValue ?? 0)
            return (from..<to, edit["newText"]?.stringValue ?? "")
        }
        for (range, newText) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            text.unicodeScalars.replaceSubrange(range, with: newText.unicodeScalars)
        }
    }

    /// The end of the text.
    var end: String.Index { text.endIndex }
}
