extension Rule {
    /// A line starts with a git conflict marker (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`): a merge was left
    /// half done, and the file holds two versions of some lines, so both copies of a task would count and be
    /// carried. `fmt` and `rollover` wait for it to be resolved.
    ///
    /// Reads: A line that starts with a git conflict marker.
    public static let conflictMarker: Rule = Rule(
        id: "DP041", name: "conflict-marker", severity: .error, blocksFormatting: true,
        summary: "a day file holds no unresolved git conflict markers",
        check: .reading { problem in
            guard case .conflictMarker(let mark, let character) = problem.kind else { return nil }
            let what = switch mark {
            case .sideStart: "the start of one side"
            case .ancestorStart: "the start of the common ancestor's lines"
            case .separator: "between the two sides"
            case .sideEnd: "the end of the other side"
            }
            return "A git conflict marker (`\(String(repeating: character, count: 7))`, \(what)): a merge was left unresolved, so this file holds two versions of some lines; keep the lines you want and delete the marker lines, or merge again task by task with `dayplan merge` (docs/merge.md)."
        })
}
