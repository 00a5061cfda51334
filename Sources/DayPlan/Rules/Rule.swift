/// A check with a stable identity: an id that never changes meaning, a short name, a default severity, what
/// it checks, and the quick fix the language server offers, if any.
///
/// Each rule lives in a file of its own in `Rules/`, named for it; `Rule.all` is the one list of them that
/// `Linter`, the language server and RULES.md (checked by `RulesDocumentTests`) read.
///
/// A class, so that each finding (`Diagnostic.rule`) holds a reference to its rule rather than a copy of it.
public final class Rule: Hashable, Sendable, CustomStringConvertible {
    /// The stable id, such as `DP101`.
    public let id: String
    /// A short kebab-case name, such as `bucket-limit`.
    public let name: String
    /// The severity, the same in every command. A rule that stops `fmt` or `rollover` is an error, so that
    /// `lint` (and the git hook) catches the file before it blocks a morning.
    public let severity: Severity
    /// Whether a finding of this rule stops `dayplan fmt` and `dayplan rollover`: the canonical form would be
    /// a guess.
    public let blocksFormatting: Bool
    /// Whether a finding of this rule is about an open task (or a line that may be one) that rollover cannot
    /// carry: rollover leaves it where it is, names each such finding, and says so in its summary and exit code.
    /// Set in the rule's file: the one place that decides what rollover leaves behind.
    public let leavesTaskBehind: Bool
    /// What the rule checks, as RULES.md's table says it: "a task has a title".
    public let summary: String
    /// How the rule finds what it reports.
    let check: Check
    /// The edits that fix a finding of this rule, when there is an obvious fix.
    let fix: (@Sendable (QuickFix.Request) -> [QuickFix])?

    /// How a rule finds what it reports.
    enum Check: Sendable {
        /// From what the parser could not read: the message for a problem this rule reports, nil for another.
        case reading(@Sendable (ReadingProblem) -> String?)
        /// From the whole document, as `Linter` sees it: adds its findings.
        case document(@Sendable (Linter.Subject, inout [Diagnostic]) -> Void)
        /// From the files themselves, which the library does not read: the command that reads them (`lint`) checks
        /// it; the rule is here for its id, severity and documentation.
        case files
    }

    init(id: String, name: String, severity: Severity, blocksFormatting: Bool, leavesTaskBehind: Bool = false, summary: String,
         check: Check, fix: (@Sendable (QuickFix.Request) -> [QuickFix])? = nil) {
        self.id = id
        self.name = name
        self.severity = severity
        self.blocksFormatting = blocksFormatting
        self.leavesTaskBehind = leavesTaskBehind
        self.summary = summary
        self.check = check
        self.fix = fix
    }

    /// Whether the rule is about the files themselves, which the command that reads them checks (`Check.files`),
    /// not about a day file's text.
    public var isAboutFiles: Bool {
        if case .files = check { true } else { false }
    }

    /// `DP101/bucket-limit`.
    public var description: String { "\(id)/\(name)" }

    /// Rules are the same when their ids are.
    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// Every rule, in id order: the registry.
    public static let all: [Rule] = [
        .invalidEncoding, .binaryContent, .sharedFile, .conflictCopy, .missingDayHeading, .badDayHeading, .dayMismatch,
        .extraDayHeading, .taskOutsideRegion, .duplicateRegion, .regionOrder, .nearRegionHeading,
        .finishedTaskOutsideRegion, .repeatedTask, .unknownStatus, .malformedTask, .emptyTitle, .badMetadata,
        .conflictingMetadata, .repeatedMetadata, .unknownMetadata, .listItemWithoutStatus, .taskLikeLine,
        .openSubtaskUnderFinishedTask, .unclosedBlock, .conflictMarker, .foreignMetadata, .badRecurrence, .overdue, .longCarried, .badTime,
        .timeOutsideRegion, .timeOverlap, .overCapacity, .bucketLimit,
    ]

    /// The rule with this id or name, if any.
    public static func named(_ idOrName: String) -> Rule? {
        all.first { $0.id == idOrName || $0.name == idOrName }
    }

    /// The finding a problem the parser reported is: the rule its kind names (`ReadingProblem.Kind.rule`, one case
    /// a kind), worded by that rule's check; nil when the check finds nothing wrong in it.
    static func finding(for problem: ReadingProblem) -> Diagnostic? {
        let rule = problem.kind.rule
        guard case .reading(let check) = rule.check, let message = check(problem) else { return nil }
        return Diagnostic(rule, from: problem.start, to: problem.end, message)
    }

    /// The quick fixes for a finding of this rule at `range` (byte offsets) of `bytes`, best first; none when
    /// the rule has no obvious fix or this finding has none.
    public func quickFixes(in bytes: [UInt8], at range: Range<Int>) -> [QuickFix] {
        fix?(QuickFix.Request(bytes: bytes, range: range)) ?? []
    }
}

/// A fix for a finding, as edits of the file's bytes.
public struct QuickFix: Hashable, Sendable {
    /// What it does, for a person: "Move “Call Ana” to the Backlog".
    public let title: String
    /// The byte edits on the file as it was, non-overlapping.
    public let edits: [TextEdit]
    /// Whether it is the fix to take when a person asks for the fix.
    public let isPreferred: Bool

    /// What a rule's fix is worked out from: the file and where the finding stands in it.
    struct Request {
        /// The file's bytes.
        let bytes: [UInt8]
        /// The finding's bytes.
        let range: Range<Int>

        /// The 1-based line (lines end at `\n`) of the finding's start.
        var line: Int {
            var line = 1
            for byte in bytes[..<min(range.lowerBound, bytes.count)] where byte == UInt8(ascii: "\n") { line += 1 }
            return line
        }
    }
}
