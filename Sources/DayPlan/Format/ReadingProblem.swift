/// Something the parser could not read as the format says, as it stands in the bytes: what it is, where
/// (`start..<end`), and the words it concerns. No policy: which rule it breaks, how serious that is and what
/// a person is told are the rules' (`Rule.finding(for:)`, one file per rule in `Rules/`).
struct ReadingProblem: Sendable {
    /// What was found.
    let kind: Kind
    /// Where it starts.
    let start: SourcePosition
    /// Where it ends (exclusive).
    let end: SourcePosition

    /// Where a checklist line that is not read as a task stands.
    enum Place: Sendable {
        /// Before the first `##` section.
        case beforeRegions
        /// Under a `##` heading that is not a region; its text as written (empty for a bare `##`).
        case underHeading(String)
        /// Inside a quote (`> - [ ] …`).
        case inQuote
        /// After a lone CR, inside the line before as a day file reads it.
        case afterLoneCR
    }

    /// Which of the seven-character git conflict markers a line starts with.
    enum ConflictMark: Sendable {
        /// `<<<<<<<`: the start of one side.
        case sideStart
        /// `|||||||`: the start of the common ancestor's lines.
        case ancestorStart
        /// `=======`: between the two sides.
        case separator
        /// `>>>>>>>`: the end of the other side.
        case sideEnd
    }

    /// What the parser found.
    enum Kind: Sendable {
        /// A byte that starts no well-formed UTF-8 sequence (the first such).
        case invalidUTF8(byte: UInt8)
        /// A NUL byte (the first).
        case nulByte
        /// A file read as text with no `#` heading.
        case noDayHeading
        /// A `#` heading that holds no `YYYY-MM-DD` date; the heading line as written.
        case dayHeadingWithoutDate(heading: String)
        /// A second `#` heading.
        case secondDayHeading
        /// A heading that does not name a region but nearly does; the heading as written, its level, and the
        /// region it is near.
        case nearRegionHeading(heading: String, level: Int, region: Region)
        /// A region's heading after the region's first one; the heading as written.
        case repeatedRegion(Region, heading: String)
        /// A region's heading after that of a region that comes later in the day.
        case regionOutOfOrder(Region, after: Region)
        /// A checklist line a Markdown renderer shows as a checkbox, which dayplan does not read as a task.
        case checkboxNotATask(Status, Place)
        /// A checklist line in the notes of a task, with its parent's status.
        case subtask(Status, under: Status)
        /// A list item in a region with no status box.
        case listItemWithoutBox(Bucket)
        /// A task written without a bucket bullet and its space: read as a `bucket` task; `numbered` when a
        /// number stood for the bullet.
        case looseTaskLine(Bucket, Status, numbered: Bool)
        /// A status box with stray blanks (`[]`, `[ x]`), read as the status it means; the box as written.
        case looseStatusBox(Status, written: String)
        /// A line that starts like a task but whose status box is not closed.
        case brokenStatusBox
        /// A status box holding an unknown mark, as written.
        case unknownStatusMark(String)
        /// A task with no title words.
        case emptyTitle
        /// A flag (`@carry`) written with a value; the key.
        case flagWithValue(key: String)
        /// A date key whose value is not a real date; the key and the word.
        case notADate(key: String, word: String)
        /// `@on:DATE/…` naming no region; the word.
        case notARegion(word: String)
        /// A length-of-time key (`@est:`) whose value is not one; the key and the word.
        case notADuration(key: String, word: String)
        /// A time-of-day key (`@running:`) whose value is not `HH:MM`; the key and the word.
        case notAClock(key: String, word: String)
        /// A key of a few words (`MetadataKey.Kind.choice`) whose value is none of them; the key, the word and
        /// its words.
        case notAChoice(key: String, word: String, words: [String])
        /// Text at the start of a title that looks like a time but is none (`25:00`, `09:00 - 08:00`): the
        /// text as written, and why it is none.
        case notATime(written: String, reason: String)
        /// `@every:` with a value that is not a recurrence; the word.
        case notARecurrence(word: String)
        /// A key given a second, different value: the key, the value read first and the word.
        case secondValue(key: String, first: String, word: String)
        /// Another tool's spelling of a key (`ForeignSpelling`) that says a value different from the one read
        /// first: the key, the first value, and the spelling as written.
        case spellingsDisagree(key: String, first: String, written: String)
        /// Another tool's spelling of a key whose value dayplan cannot read (no date, a rule no `@every:` means):
        /// the spelling as written, the key and the style; kept as title words.
        case unreadSpelling(written: String, key: String, style: MetadataStyle)
        /// Two `@on:` words naming different regions.
        case secondRegion
        /// A flag or value written a second time; the word.
        case repeatedWord(String)
        /// `@key:value` whose key is not one dayplan knows; the key in lower case.
        case unknownKey(String)
        /// A code fence (or an HTML comment, `comment`) never closed.
        case unclosedBlock(comment: Bool)
        /// A git conflict marker: which, and the marker's character.
        case conflictMarker(ConflictMark, character: Character)
    }
}
