import DayPlan

/// Something in a calendar source the reader could not read, or read only in part: where it is and what was
/// done instead. The rest of the source is still read.
public struct CalendarProblem: Hashable, Sendable, CustomStringConvertible {
    /// The source, as named to the reader.
    public var source: String
    /// The 1-based line (the first line of a folded content line).
    public var line: Int
    /// What is wrong and what the reader did, for a person.
    public var message: String

    /// A problem at `line` of `source`.
    public init(source: String, line: Int, message: String) {
        self.source = source
        self.line = line
        self.message = message
    }

    /// `source:line: message`.
    public var description: String { "\(source):\(line): \(message)" }
}
