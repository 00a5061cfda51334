/// Where a task stands, written between the brackets of a task line.
public enum Status: CaseIterable, Sendable, CustomStringConvertible {
    /// `[ ]`: still to do.
    case todo
    /// `[/]`: started.
    case inProgress
    /// `[x]` (or `[X]` on input): finished.
    case done
    /// `[>]`: moved on to a later day by rollover; the later day holds the live task.
    case deferred
    /// `[-]`: dropped on purpose.
    case cancelled

    /// Whether the task still occupies a slot: to do or in progress.
    public var isOpen: Bool { self == .todo || self == .inProgress }

    /// The canonical mark between the brackets.
    public var mark: Character {
        switch self {
        case .todo: " "
        case .inProgress: "/"
        case .done: "x"
        case .deferred: ">"
        case .cancelled: "-"
        }
    }

    /// The canonical mark as a byte (ASCII), for writing it without a string.
    public var markByte: UInt8 {
        switch self {
        case .todo: UInt8(ascii: " ")
        case .inProgress: UInt8(ascii: "/")
        case .done: UInt8(ascii: "x")
        case .deferred: UInt8(ascii: ">")
        case .cancelled: UInt8(ascii: "-")
        }
    }

    /// A short name for messages and summaries.
    public var description: String {
        switch self {
        case .todo: "to do"
        case .inProgress: "in progress"
        case .done: "done"
        case .deferred: "moved on"
        case .cancelled: "cancelled"
        }
    }

    /// The status a mark byte writes; `X` is accepted for done.
    init?(mark byte: UInt8) {
        switch byte {
        case UInt8(ascii: " "): self = .todo
        case UInt8(ascii: "/"): self = .inProgress
        case UInt8(ascii: "x"), UInt8(ascii: "X"): self = .done
        case UInt8(ascii: ">"): self = .deferred
        case UInt8(ascii: "-"): self = .cancelled
        default: return nil
        }
    }
}
