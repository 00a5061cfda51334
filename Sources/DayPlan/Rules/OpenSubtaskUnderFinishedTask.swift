extension Rule {
    /// An open checklist item under a done or cancelled task: rollover leaves it behind with its parent.
    ///
    /// Reads: An open checklist line in the notes of a done or cancelled task.
    public static let openSubtaskUnderFinishedTask: Rule = Rule(
        id: "DP039", name: "open-subtask-under-finished-task", severity: .warning, blocksFormatting: false, leavesTaskBehind: true,
        summary: "a finished task has no open sub-tasks",
        check: .reading { problem in
            guard case .subtask(let status, let parent) = problem.kind, status.isOpen,
                  parent == .done || parent == .cancelled else { return nil }
            return "This open sub-task stands under a \(parent) task, so rollover leaves it behind with its parent; mark it done or cancelled, or move it out as a task of its own."
        })
}
