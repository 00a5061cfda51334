extension Rule {
    /// A sync tool's conflict copy of a day file is in the plan folder (`ConflictCopyName`): two devices changed
    /// the day at once, and the changes of one of them are only in the copy. `dayplan resolve` merges it task by
    /// task; rollover refuses to start from a day that has one.
    ///
    /// Reads: the files, as `dayplan lint` lists a folder (the library reads no files).
    public static let conflictCopy: Rule = Rule(
        id: "DP004", name: "conflict-copy", severity: .error, blocksFormatting: false,
        summary: "no sync tool's conflict copy of a day file is left beside it",
        check: .files)

    /// The message of a `conflictCopy` finding for the copy named `copy`.
    public static func conflictCopyMessage(_ copy: ConflictCopyName) -> String {
        "This is \(copy.tool.rawValue)'s conflict copy of \(copy.dayFileName): two devices changed that day at once, "
            + "and one device's changes are only here; merge it task by task with `dayplan resolve` (rollover refuses "
            + "\(copy.day) until then)."
    }
}
