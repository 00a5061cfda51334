/// A check with a stable identity: an id that never changes meaning, a short name, and a default severity.
///
/// RULES.md lists every rule with a failing example and how to fix it.
public struct Rule: Hashable, Sendable, CustomStringConvertible {
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
    /// One line on what the rule checks.
    public let summary: String

    /// `DP101/bucket-limit`.
    public var description: String { "\(id)/\(name)" }

    /// Every rule, in id order.
    public static let all: [Rule] = [
        .invalidEncoding, .binaryContent, .missingDayHeading, .badDayHeading, .dayMismatch,
        .extraDayHeading, .taskOutsideRegion, .duplicateRegion, .regionOrder, .nearRegionHeading,
        .finishedTaskOutsideRegion, .unknownStatus, .malformedTask, .emptyTitle, .badMetadata,
        .conflictingMetadata, .repeatedMetadata, .unknownMetadata, .listItemWithoutStatus, .taskLikeLine,
        .openSubtaskUnderFinishedTask, .unclosedBlock, .conflictMarker, .badRecurrence, .overdue, .bucketLimit,
    ]

    /// The rule with this id or name, if any.
    public static func named(_ idOrName: String) -> Rule? {
        all.first { $0.id == idOrName || $0.name == idOrName }
    }

    // MARK: - The file as a whole

    /// The bytes are not valid UTF-8.
    public static let invalidEncoding = Rule(
        id: "DP001", name: "invalid-encoding", severity: .error, blocksFormatting: true,
        summary: "A day file is UTF-8 text.")
    /// The file holds a NUL byte, so it is not text.
    public static let binaryContent = Rule(
        id: "DP002", name: "binary-content", severity: .error, blocksFormatting: true,
        summary: "A day file holds no NUL bytes.")

    // MARK: - The day heading

    /// No level-1 heading names the day; the day comes from the file name.
    public static let missingDayHeading = Rule(
        id: "DP010", name: "missing-day-heading", severity: .warning, blocksFormatting: false,
        summary: "A day file starts with a `# YYYY-MM-DD` heading.")
    /// The day heading holds no real `YYYY-MM-DD` date; the day comes from the file name.
    public static let badDayHeading = Rule(
        id: "DP011", name: "bad-day-heading", severity: .warning, blocksFormatting: false,
        summary: "The day heading holds a real date written YYYY-MM-DD.")
    /// The day heading and the file name name different days.
    public static let dayMismatch = Rule(
        id: "DP012", name: "day-mismatch", severity: .error, blocksFormatting: false,
        summary: "The day heading matches the file name.")
    /// A second level-1 heading.
    public static let extraDayHeading = Rule(
        id: "DP013", name: "extra-day-heading", severity: .warning, blocksFormatting: false,
        summary: "A day file has one level-1 heading.")

    // MARK: - Regions

    /// An open task stands where dayplan does not read tasks (before any region, under a heading that is not
    /// a region, in a quote): it is not counted, and rollover would leave it behind.
    public static let taskOutsideRegion = Rule(
        id: "DP020", name: "task-outside-region", severity: .error, blocksFormatting: false,
        summary: "Every open task stands in a region.")
    /// A region heading appears twice.
    public static let duplicateRegion = Rule(
        id: "DP021", name: "duplicate-region", severity: .error, blocksFormatting: true,
        summary: "Each region heading appears once.")
    /// Regions are not in the order Morning, Afternoon, Evening, Backlog.
    public static let regionOrder = Rule(
        id: "DP022", name: "region-order", severity: .warning, blocksFormatting: false,
        summary: "Regions stand in the order Morning, Afternoon, Evening, Backlog.")

    /// A heading that is probably a region but does not name one (`## Evenings`, `## Mornign`).
    public static let nearRegionHeading = Rule(
        id: "DP023", name: "near-region-heading", severity: .warning, blocksFormatting: false,
        summary: "A heading that looks like a region names one.")
    /// A done, moved-on or cancelled task stands outside any region: it is not part of the day's plan.
    public static let finishedTaskOutsideRegion = Rule(
        id: "DP024", name: "finished-task-outside-region", severity: .warning, blocksFormatting: false,
        summary: "Finished tasks stand in a region too.")

    // MARK: - Task lines

    /// The status mark is not one of ` `, `/`, `x`, `>`, `-`.
    public static let unknownStatus = Rule(
        id: "DP030", name: "unknown-status", severity: .error, blocksFormatting: false,
        summary: "A status is one of [ ], [/], [x], [>], [-].")
    /// A line starts like a task but its status box is broken.
    public static let malformedTask = Rule(
        id: "DP031", name: "malformed-task", severity: .error, blocksFormatting: false,
        summary: "A task line is `<bullet> [<status>] <title>`.")
    /// A task has no title words.
    public static let emptyTitle = Rule(
        id: "DP032", name: "empty-title", severity: .error, blocksFormatting: false,
        summary: "A task has a title.")
    /// A metadata value is wrong, such as `@expires:` with no real date.
    public static let badMetadata = Rule(
        id: "DP033", name: "bad-metadata", severity: .error, blocksFormatting: false,
        summary: "Metadata values are well formed.")
    /// The same metadata key is given two different values.
    public static let conflictingMetadata = Rule(
        id: "DP034", name: "conflicting-metadata", severity: .error, blocksFormatting: true,
        summary: "A metadata key has one value per task.")
    /// The same flag or value is written twice.
    public static let repeatedMetadata = Rule(
        id: "DP035", name: "repeated-metadata", severity: .warning, blocksFormatting: false,
        summary: "Each flag or key is written once per task.")
    /// `@key:value` with a key dayplan does not know.
    public static let unknownMetadata = Rule(
        id: "DP036", name: "unknown-metadata", severity: .warning, blocksFormatting: false,
        summary: "`@key:value` uses a known key.")
    /// A list item in a region has no status box, so it is not a task.
    public static let listItemWithoutStatus = Rule(
        id: "DP037", name: "list-item-without-status", severity: .warning, blocksFormatting: false,
        summary: "List items in a region are tasks with a status box.")

    /// A checklist line written without a bucket bullet or without the space after it (`1. [ ] x`,
    /// `-[ ] x`): read as a task, and written canonically by `dayplan fmt`.
    public static let taskLikeLine = Rule(
        id: "DP038", name: "task-like-line", severity: .warning, blocksFormatting: false,
        summary: "A task line starts with `*`, `+` or `-` and a space.")
    /// An open checklist item under a done or cancelled task: rollover leaves it behind with its parent.
    public static let openSubtaskUnderFinishedTask = Rule(
        id: "DP039", name: "open-subtask-under-finished-task", severity: .warning, blocksFormatting: false,
        summary: "A finished task has no open sub-tasks.")

    // MARK: - Free text

    /// A code fence or HTML comment is never closed. It swallows the rest of the file, so the canonical form
    /// (which writes regions after it) would change what is inside it: formatting waits for it to be closed.
    public static let unclosedBlock = Rule(
        id: "DP040", name: "unclosed-block", severity: .error, blocksFormatting: true,
        summary: "Code fences and HTML comments are closed.")
    /// A line starts with a git conflict marker (`<<<<<<<`, `|||||||`, `=======`, `>>>>>>>`): a merge was left
    /// half done, and the file holds two versions of some lines, so both copies of a task would count and be
    /// carried. `fmt` and `rollover` wait for it to be resolved.
    public static let conflictMarker = Rule(
        id: "DP041", name: "conflict-marker", severity: .error, blocksFormatting: true,
        summary: "A day file holds no unresolved git conflict markers.")

    // MARK: - Planning ahead

    /// An `@every:` value that is not a recurrence.
    public static let badRecurrence = Rule(
        id: "DP050", name: "bad-recurrence", severity: .error, blocksFormatting: false,
        summary: "`@every:` holds a recurrence rollover understands.")
    /// An open task on today's plan whose `@due:` day has come or passed.
    public static let overdue = Rule(
        id: "DP051", name: "overdue", severity: .warning, blocksFormatting: false,
        summary: "Today's open tasks are not past their `@due:` day.")

    // MARK: - The 1-3-5 rule

    /// A limited region holds more open tasks in a bucket than the bucket allows.
    public static let bucketLimit = Rule(
        id: "DP101", name: "bucket-limit", severity: .error, blocksFormatting: false,
        summary: "A limited region holds at most 1 must, 3 complementary and 5 misc open tasks.")
}
