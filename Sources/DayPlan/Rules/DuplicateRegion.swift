extension Rule {
    /// A region heading appears twice.
    ///
    /// Reads: Each heading of a region after its first.
    public static let duplicateRegion: Rule = Rule(
        id: "DP021", name: "duplicate-region", severity: .error, blocksFormatting: true,
        summary: "each region heading appears once",
        check: .reading { problem in
            guard case .repeatedRegion(let region, let heading) = problem.kind else { return nil }
            return "`\(heading)` is a second \(region.name) heading; merge its tasks into the first one."
        })
}
