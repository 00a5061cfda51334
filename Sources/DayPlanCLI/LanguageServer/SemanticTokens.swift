import DayPlan
import DayPlanJSON

extension LanguageServer {
    /// The token types, by index: a region heading, a bucket's bullet, a status box, a `#tag`, a metadata word.
    /// Standard types, so that any theme colours them.
    static let semanticTokenTypes = ["namespace", "enumMember", "keyword", "decorator", "property"]
    /// The token modifiers, by bit: `deprecated` on the status box of a task that is no longer open (done,
    /// deferred, cancelled), which themes show struck through or dimmed.
    static let semanticTokenModifiers = ["deprecated"]
    /// The legend `initialize` advertises.
    static var semanticTokensLegend: JSONValue {
        ["tokenTypes": .array(semanticTokenTypes.map(JSONValue.string)),
         "tokenModifiers": .array(semanticTokenModifiers.map(JSONValue.string))]
    }

    /// `textDocument/semanticTokens/full` and `…/range`: region headings, buckets, statuses, tags and metadata words,
    /// as the parser and the edit API read them (`TaskLineParts`), in the protocol's relative encoding; none for a
    /// note that is no day file of the plan.
    mutating func semanticTokens(_ params: JSONValue?, range: Bool) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        var window = 0..<Int.max
        if range {
            let bounds = try document.offsets(of: try Position.range(params?["range"], named: "range"), in: encoding, named: "range")
            window = bounds.lowerBound..<max(bounds.upperBound, bounds.lowerBound + 1)
        }
        // A note that is no day file of the plan (a README with a checklist) is not coloured as one.
        guard let analysis = analysis(of: document.uri), isPlanDay(document.uri, analysis) else { return ["data": []] }
        let bytes = document.bytes
        var tokens: [(range: Range<Int>, type: Int, modifiers: Int)] = []
        for section in analysis.document.sections where section.headingLine > 0 {
            if section.region != nil {
                tokens.append((analysis.textRange(ofFormatLine: section.headingLine, in: bytes), 0, 0))
            }
            for task in section.tasks {
                guard let source = task.source, source.end.offset > window.lowerBound, source.start.offset < window.upperBound,
                      let parts = TaskLineParts(task, in: bytes) else { continue }
                tokens.append((parts.bullet, 1, 0))
                tokens.append((parts.box, 2, task.status.isOpen ? 0 : 1))
                for tag in parts.tags { tokens.append((tag, 3, 0)) }
                for word in parts.metadata { tokens.append((word.range, 4, 0)) }
            }
        }
        tokens.sort { $0.range.lowerBound < $1.range.lowerBound }
        var data: [JSONValue] = []
        data.reserveCapacity(tokens.count * 5)
        var last = Position(line: 0, character: 0)
        for token in tokens where token.range.upperBound > window.lowerBound && token.range.lowerBound < window.upperBound
            && !token.range.isEmpty {
            let start = document.position(of: token.range.lowerBound, in: encoding)
            let end = document.position(of: token.range.upperBound, in: encoding)
            guard end.line == start.line else { continue }  // a token never spans lines
            data += [.integer(start.line - last.line), .integer(start.line == last.line ? start.character - last.character : start.character),
                     .integer(end.character - start.character), .integer(token.type), .integer(token.modifiers)]
            last = start
        }
        return ["data": .array(data)]
    }
}
