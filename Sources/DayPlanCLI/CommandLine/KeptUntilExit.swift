/// What a command keeps, unfreed, until the process exits: a command that exits right after its work need
/// not free what it read value by value (an archive's days, a merge's three versions), which costs more than
/// the rest of its work's end. The operating system takes the whole heap back at once.
enum KeptUntilExit {
    /// Everything kept.
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `value` (a copy of it, sharing its storage) until the process exits.
    static func keep(_ value: Any) {
        kept.append(value)
    }
}
