/// Where a task stands, written between the brackets of a task line.
public enum Status: CaseIterable, Sendable, CustomStringConvertible {
    /// `[ ]`: still to do.
    case todo
    /// `[/]`: started.
    case inProgress
    /// `[x]` (or `[X]` on input): finished.
    case done
    /// `[>]`: moved on to a later day by rollover; the later day holds the live task.
    case moved
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
        case .moved: ">"
        case .cancelled: "-"
        }
    }

    /// The canonical mark as a byte (ASCII), for writing it without a string.
    public var markByte: UInt8 {
        switch self {
        case .todo: UInt8(ascii: " ")
        case .inProgress: UInt8(ascii: "/")
        case .done: UInt8(ascii: "x")
        case .moved: UInt8(ascii: ">")
        case .cancelled: UInt8(ascii: "-")
        }
    }

    /// The status's one name in every output a program reads (query's `--status`, export's JSON, status's
    /// and report's JSON, CSV columns): `todo`, `in-progress`, `done`, `moved`, `cancelled`.
    public var name: String {
        switch self {
        case .todo: "todo"
        case .inProgress: "in-progress"
        case .done: "done"
        case .moved: "moved"
        case .cancelled: "cancelled"
        }
    }

    /// The status a name stands for: one of the names `name` gives, or `deferred`, the name dayplan 0.2's
    /// exports gave `[>]` (read, never written); nil for another word.
    public init?(name: String) {
        switch name {
        case "todo": self = .todo
        case "in-progress": self = .inProgress
        case "done": self = .done
        case "moved", "deferred": self = .moved
        case "cancelled": self = .cancelled
        default: return nil
        }
    }

    /// A short name for messages and summaries, the same words as `name` written as prose.
    public var description: String {
        switch self {
        case .todo: "to do"
        case .inProgress: "in progress"
        case .done: "done"
        case .moved: "moved"
        case .cancelled: "cancelled"
        }
    }

    /// The status a mark byte writes; `X` is accepted for done.
    init?(mark byte: UInt8) {
        switch byte {
        case UInt8(ascii: " "): self = .todo
        case UInt8(ascii: "/"): self = .inProgress
        case UInt8(ascii: "x"), UInt8(ascii: "X"): self = .done
        case UInt8(ascii: ">"): self = .moved
        case UInt8(ascii: "-"): self = .cancelled
        default: return nil
        }
    }
}
