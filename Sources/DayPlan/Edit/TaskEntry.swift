/// A task as a person types it to add it: `dayplan add`'s words, the view's add prompt. Its words are read as a
/// task line of that bucket would be (`#tags`, `@metadata`); what lint would call an error refuses it, and a
/// warning comes with it, in the words `dayplan add` prints.
public struct TaskEntry: Hashable, Sendable {
    /// The task read, to do.
    public let task: PlanTask
    /// What lint would warn about the words, one sentence each: "'Call Ana @foo': … [DP020/unknown-metadata]".
    public let warnings: [String]

    /// Why typed words are no task to add.
    public enum Problem: Error, Hashable, Sendable {
        /// The words hold no title (only metadata, or more than one line).
        case notATitle(String)
        /// The words hold what lint would call an error, at a column of the words (1-based).
        case error(title: String, column: Int, finding: Diagnostic)

        /// A sentence a person can act on, as `dayplan add` says it.
        public var message: String {
            switch self {
            case .notATitle(let title):
                "'\(title)' is not a title: it needs words that are not metadata, on one line"
            case .error(let title, let column, let finding):
                "'\(title)', column \(column): \(finding.message) [\(finding.rule)]"
            }
        }
    }

    /// Reads `title` (words, tags and metadata, as after a task's box) as a task to do in `bucket`.
    public static func reading(_ title: String, bucket: Bucket) -> Result<TaskEntry, Problem> {
        let prefix = "\(bucket.bullet) [ ] "
        guard let (task, findings) = PlanTask.parsing(line: prefix + title), !task.title.isEmpty else {
            return .failure(.notATitle(title))
        }
        if let error = findings.first(where: { $0.severity == .error }) {
            return .failure(.error(title: title, column: error.start.column - prefix.utf8.count, finding: error))
        }
        return .success(TaskEntry(task: task, warnings: findings.map { "'\(title)': \($0.message) [\($0.rule)]" }))
    }
}
