/// What `DayMerge` made of three versions of a file: the merged bytes, where a person must decide, and
/// what it decided that a person should hear about.
public struct MergeResult: Sendable {
    /// How the file was merged.
    public enum Method: Hashable, Sendable {
        /// Task by task, as FORMAT.md ("Merging") describes: the result is a canonical day file.
        case byTask
        /// Line by line, as `git merge-file` does, because of `reason` (not a day file, a side that does not
        /// parse).
        case byLine(reason: String)
    }

    /// The merged file. Where a person must decide, it holds standard conflict markers.
    public let bytes: [UInt8]
    /// Each place a person must decide, in file order.
    public let conflicts: [MergeConflict]
    /// What the merge decided on its own that a person should know, such as a task moved to the Backlog to
    /// keep the 1-3-5 rule.
    public let notices: [String]
    /// Task by task, or line by line and why.
    public let method: Method

    /// Whether the merge needs no person: no conflict markers.
    public var isClean: Bool { conflicts.isEmpty }

    /// Whether the merged file differs from `file` (OURS, say: when it does not, there is nothing to write).
    public func differs(from file: [UInt8]) -> Bool { !sameBytes(bytes, file) }
}

/// One place in a merged file where the two sides disagree and a person must decide.
public struct MergeConflict: Hashable, Sendable {
    /// The 1-based line of its `<<<<<<<` marker in the merged file.
    public let line: Int
    /// What disagrees, such as `“Write the talk”: its notes were changed differently on both sides`.
    public let reason: String
}
