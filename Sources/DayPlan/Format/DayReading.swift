/// What one reading of a day file keeps of what the parser finds.
///
/// The parser (`Parser`) reads a file once, line by line, and hands each thing it finds to its reading in file
/// order: the front matter, the day heading, each section as it opens, each line that is not a task (blank,
/// text, verbatim), each task whole (title, metadata, notes, position), and where a block's trailing blank
/// lines turn out not to be its own. What it cannot read goes to the rules (`Rule.finding(for:)`), whatever the
/// reading. Each reading lives beside its consumer (`DocumentReading` for the document and the merge,
/// `LintReading` for `Linter`, `TaskStream` for rollover, `TitlesApartReading` for export and the archive,
/// `CanonicalReading` for `Formatter`); the parser knows none of them. A new reading is one more type.
package protocol DayReading {
    /// What the parser's scan of a plain title learns for this reading (`TitleScan`; `NoTitleScan` for none).
    associatedtype Scan: TitleScan = NoTitleScan

    /// Whether lines other than tasks, and the notes of tasks, are wanted as text: for a reading that wants
    /// neither, the parser makes no string of them (the items come with empty text).
    var keepsText: Bool { get }
    /// Whether the notes of tasks are wanted (as text).
    var keepsNotes: Bool { get }
    /// Whether the parser should read on: false stops it at the next line.
    var readsOn: Bool { get }

    /// The reading starts: the input's line ending is known.
    mutating func start(lineEnding: LineEnding)
    /// The front matter, line for line (none: empty), before anything else.
    mutating func frontMatter(_ lines: [String])
    /// The day heading's text as the document keeps it (`DayDocument.dayHeadingText`), and the day it names, if any.
    mutating func dayHeading(_ text: String, day: Day?)
    /// A section opens. `replacingLast`: the section before it, a heading with nothing under it, is this one's
    /// group heading (`Section.groupHeading`) and is no section of its own.
    mutating func section(_ section: Section, replacingLast: Bool)
    /// A line that is not a task (blank, text or verbatim), in `part`.
    mutating func line(_ item: consuming Item, in part: FilePart)
    /// A task, its notes read, in `part`; `region` is that of its section (nil outside the regions).
    mutating func task(_ task: consuming PlanTask, in part: FilePart, region: Region?)
    /// The blank lines at the end of `part` given as verbatim lines (an indented code fence's) are not the
    /// fence's: they are plain blank lines.
    mutating func releaseTrailingBlankLines(in part: FilePart)
    /// A task's title, whose words are `words` one space apart: what the task holds as its title. `scan` is
    /// the scan of the title when it is plain (its text as written), nil otherwise; `status` and `due` are the
    /// task's, for a reading that keeps some tasks only. A title held in place of the words is empty exactly
    /// when they are (`structureStandIn`).
    mutating func title(_ words: UnsafeBufferPointer<UInt8>, scan: Scan?, status: Status, due: Day?) -> String
    /// A shape whose canonical form the parser's order of lines cannot show: a note indented with a tab, or a
    /// code fence opened indented (its blank lines may turn out not to be its own).
    mutating func layoutChangedByPrinting()
}

extension DayReading {
    package var keepsNotes: Bool { keepsText }
    package var readsOn: Bool { true }
    package mutating func start(lineEnding: LineEnding) {}
    package mutating func frontMatter(_ lines: [String]) {}
    package mutating func dayHeading(_ text: String, day: Day?) {}
    package mutating func releaseTrailingBlankLines(in part: FilePart) {}
    package mutating func layoutChangedByPrinting() {}

    /// The title as a string of its words.
    package mutating func title(_ words: UnsafeBufferPointer<UInt8>, scan: Scan?, status: Status, due: Day?) -> String {
        String(decoding: words, as: UTF8.self)
    }
}

/// Which part of a day file a line stands in: before the day heading, the preamble after it, or a section.
package enum FilePart { case beforeDayHeading, preamble, section }
