/// What formatting made of an input.
public enum FormatResult: Sendable {
    /// The input is already canonical.
    case unchanged
    /// The canonical form differs from the input.
    case changed([UInt8])
    /// The input has errors that would make the canonical form a guess; it is left as it is.
    case refused([Diagnostic])
}

/// Formats day files: `dayplan fmt` in library form.
public enum Formatter {
    /// Formats one file's bytes. Refuses, changing nothing, when a diagnostic blocks formatting.
    public static func format(_ input: [UInt8]) -> FormatResult {
        // Most files are canonical already (a pre-commit hook, `fmt --check` of a folder): those are found so
        // as they are read, with no document kept; the others are read again whole.
        if let blockers = DayDocument.blockersIfCanonical(input) {
            return blockers.isEmpty ? .unchanged : .refused(blockers)
        }
        return formatWhole(input)
    }

    /// Formats one file's bytes with every task's metadata spelled `style`'s way (`fmt --metadata-style`): another
    /// tool's spellings rewritten as dayplan's `@` words, or those words as the other tool's (FORMAT.md §3.7), where
    /// that tool has a spelling for the key. Refuses as `format(_:)` does.
    public static func format(_ input: [UInt8], metadataStyle style: MetadataStyle) -> FormatResult {
        var document = DayDocument(parsing: input)
        let blockers = document.formattingBlockers
        guard blockers.isEmpty else { return .refused(blockers) }
        for section in document.sections.indices {
            for index in document.sections[section].items.indices {
                guard case .task(let task) = document.sections[section].items[index] else { continue }
                document.sections[section].items[index] = .task(task.respelled(style))
            }
        }
        let output = document.canonicalBytes()
        return sameBytes(output, input) ? .unchanged : .changed(output)
    }

    /// `format(_:)` from a whole document, printed and compared: what the canonical check must agree with.
    static func formatWhole(_ input: [UInt8]) -> FormatResult {
        let document = DayDocument(parsing: input)
        let blockers = document.formattingBlockers
        guard blockers.isEmpty else { return .refused(blockers) }
        let output = document.canonicalBytes()
        return sameBytes(output, input) ? .unchanged : .changed(output)
    }
}
