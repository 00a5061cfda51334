extension Rule {
    /// Two day files are one file (symbolic links to one file, or hard links), so writing one day would change the
    /// other: rollover would mark the new day's own tasks moved on. Every command that writes refuses such a file.
    ///
    /// Reads: the files, as `dayplan lint` opens them (the library reads no files).
    public static let sharedFile: Rule = Rule(
        id: "DP003", name: "shared-file", severity: .error, blocksFormatting: false,
        summary: "each day file is a file of its own",
        check: .files)

    /// The message of a `sharedFile` finding: `others` are the other day files that are the same file, `names` how
    /// many names (hard links) the file has.
    public static func sharedFileMessage(others: [String], names: Int) -> String {
        let what = others.isEmpty ? "This day file has \(names) names (hard links)"
            : "This day file is the same file as " + others.joined(separator: " and ")
        return what + ", so writing one day would change another; give each day a file of its own (every command that "
            + "writes refuses it until then)."
    }
}
