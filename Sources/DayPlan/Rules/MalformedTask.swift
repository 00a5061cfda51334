extension Rule {
    /// A line starts like a task but its status box is broken.
    ///
    /// Reads: A line that starts like a task with a status box never closed.
    public static let malformedTask: Rule = Rule(
        id: "DP031", name: "malformed-task", severity: .error, blocksFormatting: false, leavesTaskBehind: true,
        summary: "a task line is `<bullet> [<status>] <title>`",
        check: .reading { problem in
            guard case .brokenStatusBox = problem.kind else { return nil }
            return "This line starts like a task but its status box is broken; write one of `[ ]`, `[/]`, `[x]`, `[>]`, `[-]`."
        })
}
