/// How much a finding matters.
public enum Severity: String, Sendable, Comparable {
    /// Worth knowing, a decision to make (a task carried for long): shown, and never fails `dayplan lint`, not
    /// even with `--strict`.
    case information
    /// Worth fixing; does not fail `dayplan lint` unless `--strict`.
    case warning
    /// The file breaks the format or the 1-3-5 rule.
    case error

    /// Information is less severe than a warning, a warning than an error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .information: 0
        case .warning: 1
        case .error: 2
        }
    }
}

/// A place in a document's bytes.
///
/// `offset` counts UTF-8 bytes from the start of the input (a byte-order mark included);
/// `line` and `column` are 1-based, and a column counts UTF-8 bytes from the start of its line.
public struct SourcePosition: Hashable, Sendable, Comparable {
    /// Bytes from the start of the input.
    public let offset: Int
    /// The line, from 1.
    public let line: Int
    /// The byte column in that line, from 1.
    public let column: Int

    /// Makes a location from its three coordinates.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// Earlier in the input first.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}

/// A finding about a document: which rule, how serious, where, and what to do about it.
public struct Diagnostic: Hashable, Sendable {
    /// The rule that was broken.
    public let rule: Rule
    /// The rule's severity unless the caller changed it.
    public var severity: Severity
    /// Where the finding starts.
    public let start: SourcePosition
    /// Where it ends (exclusive); on the same line as `start`.
    public let end: SourcePosition
    /// A sentence a person can act on.
    public let message: String

    /// Makes a finding with the rule's default severity.
    public init(_ rule: Rule, from start: SourcePosition, to end: SourcePosition, _ message: String) {
        self.rule = rule
        self.severity = rule.severity
        self.start = start
        self.end = end
        self.message = message
    }
}
