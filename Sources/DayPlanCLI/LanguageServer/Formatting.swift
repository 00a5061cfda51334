import DayPlan
import DayPlanJSON

extension LanguageServer {
    /// `textDocument/formatting`: the fewest whole-line edits that turn the text into exactly what `dayplan fmt`
    /// writes; none when the text is canonical, none when fmt refuses the file (its findings say why), and none for
    /// a note that is no day file of the plan (a README with a checklist must not get region headings).
    mutating func formatting(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        if let uri = params?["textDocument"]?["uri"]?.stringValue, let analysis = analysis(of: uri), !isPlanDay(uri, analysis) {
            return []
        }
        guard case .changed(let canonical) = Formatter.format(document.bytes) else { return [] }
        return .array(LanguageServer.edits(from: document, to: canonical, in: encoding))
    }

    /// Text edits, ranges in `document`, that make its text `target`.
    static func edits(from document: TextDocument, to target: [UInt8], in encoding: PositionEncoding) -> [JSONValue] {
        let old = document.bytes
        let oldStarts = LineDiff.lineStarts(old), newStarts = LineDiff.lineStarts(target)
        func offset(_ starts: [Int], _ line: Int, _ count: Int) -> Int { line < starts.count ? starts[line] : count }
        return LineDiff.hunks(from: old, to: target).map { hunk in
            let from = offset(oldStarts, hunk.old.lowerBound, old.count)
            let to = offset(oldStarts, hunk.old.upperBound, old.count)
            let text = target[offset(newStarts, hunk.new.lowerBound, target.count)..<offset(newStarts, hunk.new.upperBound, target.count)]
            return ["range": document.range(from, to, in: encoding), "newText": .string(String(decoding: text, as: UTF8.self))]
        }
    }
}
