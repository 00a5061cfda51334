extension Rule {
    /// A heading that is probably a region but does not name one (`## Evenings`, `## Mornign`).
    ///
    /// Reads: A heading near a region's name (`Region.nearMiss`).
    public static let nearRegionHeading: Rule = Rule(
        id: "DP023", name: "near-region-heading", severity: .warning, blocksFormatting: false,
        summary: "a heading that looks like a region names one",
        check: .reading { problem in
            guard case .nearRegionHeading(let heading, let level, let region) = problem.kind else { return nil }
            return "`\(heading)` is not a region heading, so tasks under it are not counted or carried; did you mean `\(String(repeating: "#", count: level)) \(region.name)`?"
        }, fix: renameHeading)
}

extension Rule {
    /// DP023's fix: `## Evenings` → `## Evening`, the heading's level kept, its text the region's name.
    static let renameHeading: @Sendable (QuickFix.Request) -> [QuickFix] = { request in
        let bytes = request.bytes
        var start = min(request.range.lowerBound, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let level = text.prefix { $0 == "#" }.count
        guard let region = Region.nearMiss(headingText: text.dropFirst(level)) else { return [] }
        let heading = String(repeating: "#", count: level) + " " + region.name
        return [QuickFix(title: "Rename the heading to “\(heading)”",
                         edits: [TextEdit(offset: start, removing: end - start, inserting: Array(heading.utf8))], isPreferred: true)]
    }
}
