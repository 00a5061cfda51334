extension ReadingProblem.Kind {
    /// The rule whose finding a problem of this kind is: one `case` for each kind, so that the compiler finds a new
    /// kind that no rule claims (it would otherwise pass without a finding). The rule's own check still words the
    /// message, and may decide that this problem is none (an open sub-task under an open task, a `@12:30` that is
    /// no key): then there is no finding.
    var rule: Rule {
        switch self {
        case .invalidUTF8: .invalidEncoding
        case .nulByte: .binaryContent
        case .noDayHeading: .missingDayHeading
        case .dayHeadingWithoutDate: .badDayHeading
        case .secondDayHeading: .extraDayHeading
        case .nearRegionHeading: .nearRegionHeading
        case .repeatedRegion: .duplicateRegion
        case .regionOutOfOrder: .regionOrder
        case .checkboxNotATask(let status, _): status.isOpen ? .taskOutsideRegion : .finishedTaskOutsideRegion
        case .subtask: .openSubtaskUnderFinishedTask
        case .listItemWithoutBox: .listItemWithoutStatus
        case .looseTaskLine, .looseStatusBox: .taskLikeLine
        case .brokenStatusBox: .malformedTask
        case .unknownStatusMark: .unknownStatus
        case .emptyTitle: .emptyTitle
        case .flagWithValue, .notADate, .notARegion, .notADuration, .notAClock, .notAChoice: .badMetadata
        case .notATime: .badTime
        case .notARecurrence: .badRecurrence
        case .secondValue, .secondRegion, .spellingsDisagree: .conflictingMetadata
        case .unreadSpelling: .foreignMetadata
        case .repeatedWord: .repeatedMetadata
        case .unknownKey: .unknownMetadata
        case .unclosedBlock: .unclosedBlock
        case .conflictMarker: .conflictMarker
        }
    }
}
