extension Rule {
    /// Regions are not in the order Morning, Afternoon, Evening, Backlog.
    ///
    /// Reads: A region's heading after that of a later region.
    public static let regionOrder: Rule = Rule(
        id: "DP022", name: "region-order", severity: .warning, blocksFormatting: false,
        summary: "regions stand in the order Morning, Afternoon, Evening, Backlog",
        check: .reading { problem in
            guard case .regionOutOfOrder(let region, let after) = problem.kind else { return nil }
            return "\(region.name) comes after \(after.name); the order is Morning, Afternoon, Evening, Backlog (`dayplan fmt` fixes it)."
        })
}
