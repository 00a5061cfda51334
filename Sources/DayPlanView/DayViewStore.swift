import DayPlan

/// Where the view's day file is read and written: the command's files (the plan folder's lock, the atomic write,
/// the post- hooks), or bytes in memory for a test or an app. The view never touches a file itself.
public protocol DayViewStore {
    /// One change: under the plan folder's lock, reads the day's file again and hands its bytes (nil: no file yet)
    /// to `change`, which works the change out on what the file holds then; writes what it gives when it changes
    /// the file (atomically) and runs the `post-` hook of `command` (`mark`, `move`, `add`) with its line and summary.
    /// What `change` refuses is not written; a failure to write is a refusal too.
    mutating func write(_ command: String, _ change: ([UInt8]?) -> Result<ViewChange, ViewRefusal>) -> Result<ViewChange, ViewRefusal>
}

/// A change the view made to the day's file: the bytes before and after, the byte edits both ways (what undo and
/// redo apply), and what changed in the words the commands print.
public struct ViewChange: Hashable, Sendable {
    /// The file as it was read under the lock.
    public let before: [UInt8]
    /// The file as written.
    public let after: [UInt8]
    /// The byte edits on `before` that give `after`; empty when the file already said it.
    public let edits: [TextEdit]
    /// The byte edits on `after` that give `before`.
    public let inverse: [TextEdit]
    /// What changed, as the commands say it: "marked done (was to do): Buy milk".
    public let summary: String
    /// The 1-based line of the changed task in `after`; 0 when there is none.
    public let line: Int

    /// Makes a change from its parts.
    public init(before: [UInt8], after: [UInt8], edits: [TextEdit], inverse: [TextEdit], summary: String, line: Int) {
        self.before = before
        self.after = after
        self.edits = edits
        self.inverse = inverse
        self.summary = summary
        self.line = line
    }

    /// The change a `DayEdit` worked out on `before` makes.
    public init(_ edit: DayEdit, on before: [UInt8]) {
        self.init(before: before, after: edit.after, edits: edit.edits, inverse: edit.inverse, summary: edit.summary, line: edit.line)
    }

    /// Whether the change writes any byte.
    public var changesFile: Bool { !edits.isEmpty }
}

/// Why the view did not change the file, in a sentence a person can act on (the commands' words).
public struct ViewRefusal: Error, Hashable, Sendable {
    /// The sentence, ending "nothing changed" when something was asked of the file.
    public let message: String

    /// A refusal saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// Why `DayEditor` refused an edit, as `dayplan mark`, `move` and `add` say it (after the file's name).
    public init(_ error: EditError) {
        switch error {
        case .bucketFull(let full): message = full.refusal + "; nothing changed"
        default: message = error.message + "; nothing changed"
        }
    }
}

/// A day file kept in memory, written by the view as a store would write it to disk: for tests and previews.
public struct MemoryDayStore: DayViewStore {
    /// The file's bytes; nil for no file.
    public var bytes: [UInt8]?
    /// The commands whose hooks a disk store would have run, with each change's line and summary, in order.
    public private(set) var hooks: [(command: String, line: Int, summary: String)] = []

    /// A store holding `bytes`.
    public init(_ bytes: [UInt8]?) {
        self.bytes = bytes
    }

    /// Works the change out on `bytes` and keeps what it gives.
    public mutating func write(_ command: String, _ change: ([UInt8]?) -> Result<ViewChange, ViewRefusal>) -> Result<ViewChange, ViewRefusal> {
        let result = change(bytes)
        if case .success(let made) = result, made.changesFile {
            bytes = made.after
            hooks.append((command, made.line, made.summary))
        }
        return result
    }
}
