/// A parsed day file: everything in it, interpreted where the format says how, kept as text where not.
///
/// Parsing never fails: any bytes give a document and its `diagnostics`. `Parser` reads the file once and
/// `DocumentReading` keeps what it finds; what the parser cannot read becomes a finding by its rule (`Rule.all`).
public struct DayDocument: Sendable {
    /// YAML front matter (`---` … `---`) at the very top, kept line for line.
    public var frontMatter: [String]
    /// Lines between the front matter and the day heading.
    public var leading: [Item]
    /// The day the `# YYYY-MM-DD` heading names; nil when it is missing or not a date.
    public var day: Day?
    /// The 1-based line of the day heading, if there is one.
    public var dayHeadingLine: Int?
    /// Where the day heading's date (or, when it holds none, its text) stands in the parsed input; nil when
    /// there is no heading.
    var dayHeadingSource: (start: SourcePosition, end: SourcePosition)?
    /// The day heading's text as written, such as `2026-11-20 — Sprint review`; nil when there is none.
    public var dayHeadingText: String?
    /// Lines between the day heading and the first `##` section.
    public var preamble: [Item]
    /// The `##` sections in the order they appear: regions, and others such as `## Notes`.
    public var sections: [Section]
    /// The line ending the printer writes: that of the input's first line.
    public var lineEnding: LineEnding
    /// What the parser found wrong, in order of position.
    public var diagnostics: [Diagnostic]

    /// An empty plan for a day: the heading and the four regions.
    public init(day: Day, lineEnding: LineEnding = .lf) {
        self.frontMatter = []
        self.leading = []
        self.day = day
        self.dayHeadingLine = nil
        self.preamble = []
        self.sections = Region.allCases.map { Section(kind: .region($0), items: []) }
        self.lineEnding = lineEnding
        self.diagnostics = []
    }

    init(frontMatter: [String], leading: [Item], day: Day?, dayHeadingLine: Int?, preamble: [Item],
         sections: [Section], lineEnding: LineEnding, diagnostics: [Diagnostic]) {
        self.frontMatter = frontMatter
        self.leading = leading
        self.day = day
        self.dayHeadingLine = dayHeadingLine
        self.preamble = preamble
        self.sections = sections
        self.lineEnding = lineEnding
        self.diagnostics = diagnostics
    }

    /// Every task of a region, across all its sections, in order.
    public func tasks(in region: Region) -> [PlanTask] {
        sections.filter { $0.kind == .region(region) }.flatMap(\.tasks)
    }

    /// Every task in the document that stands in a region, in file order.
    public var allTasks: [PlanTask] {
        sections.filter { $0.region != nil }.flatMap(\.tasks)
    }

    /// Every task that stands in a region, with its region, in file order, one at a time: unlike `allTasks`,
    /// no array of the tasks is made, which matters for a big plan.
    var placedTasks: PlacedTasks { PlacedTasks(sections: sections) }

    /// The size of the parsed input, for sizing the printer's output; 0 for a document made in code.
    var sourceByteCount = 0

    /// Whether the file plans nothing yet: no day heading, no section, no text but blank lines (front matter
    /// aside). Rollover fills such a file, after what it holds, instead of refusing it.
    public var isEmptyDay: Bool {
        dayHeadingLine == nil && sections.isEmpty && leading.allSatisfy { $0 == .blank }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// One `##` section: a region, or another section the person keeps, such as `## Notes`.
public struct Section: Sendable {
    /// What the heading names.
    public enum Kind: Hashable, Sendable {
        /// One of the four regions.
        case region(Region)
        /// Any other `##` heading, with its text as written.
        case other(String)
    }

    /// What the heading names.
    public var kind: Kind
    /// The lines under the heading, up to the next section's heading.
    public var items: [Item]
    /// The 1-based line of the heading in the parsed input; 0 for a section made in code.
    public var headingLine: Int
    /// The heading's text as written, decoration included (`Morning ☀️`, `Afternoon (13-17)`).
    public var headingText: String
    /// The heading's level: 2 (`##`), or 3 for a region written `### Evening`.
    public var headingLevel: Int
    /// The text of a `##` heading with nothing under it right before this region's `###` heading, such as
    /// `Today`: it groups the regions and is printed with this one.
    public var groupHeading: String?

    /// Makes a section with a `##` heading: the region's name, or the other section's text.
    public init(kind: Kind, items: [Item], headingLine: Int = 0) {
        self.kind = kind
        self.items = items
        self.headingLine = headingLine
        switch kind {
        case .region(let region): headingText = region.name
        case .other(let text): headingText = text
        }
        headingLevel = 2
    }

    /// The heading line in canonical form: a region's decoration and level are the person's and are kept;
    /// a bare region name gets its canonical spelling (`##   afternoon` is `## Afternoon`).
    public var canonicalHeading: String {
        let text = canonicalHeadingText
        return String(repeating: "#", count: canonicalHeadingLevel) + (text.isEmpty ? "" : " " + text)
    }

    /// How many `#`s the canonical heading has: a region's own level (2 or 3), 2 for other sections.
    public var canonicalHeadingLevel: Int {
        region == nil ? 2 : headingLevel
    }

    /// The canonical heading's text, after the `#`s and the space (none when the text is empty).
    public var canonicalHeadingText: String {
        switch kind {
        case .region(let region):
            return region.isNamed(headingText) ? region.name : headingText
        case .other(let text):
            return text
        }
    }

    /// The region, when the section is one.
    public var region: Region? {
        if case .region(let region) = kind { return region }
        return nil
    }

    /// The tasks of the section, in order.
    public var tasks: [PlanTask] {
        items.compactMap { if case .task(let task) = $0 { return task } else { return nil } }
    }
}

/// One unit of a section's content.
public enum Item: Hashable, Sendable {
    /// A task and its notes.
    case task(PlanTask)
    /// A line of free text; printed with trailing white space removed.
    case text(String)
    /// A line inside a code fence or HTML comment; printed exactly as it came.
    case verbatim(String)
    /// An empty line; runs of them print as one.
    case blank
}

/// The line ending a document is written with.
public enum LineEnding: String, Sendable {
    /// `\n`, the canonical ending when a file has no line break yet.
    case lf = "\n"
    /// `\r\n`, kept for files that start with it.
    case crlf = "\r\n"
}

/// The tasks of a document's regions in file order, each with its region (`DayDocument.placedTasks`).
struct PlacedTasks: Sequence {
    let sections: [Section]

    /// Walks the regions' items, stopping at each task.
    struct Iterator: IteratorProtocol {
        let sections: [Section]
        var section = 0
        var item = 0

        mutating func next() -> PlacedTask? {
            while section < sections.count {
                guard let region = sections[section].region, item < sections[section].items.count else {
                    section += 1
                    item = 0
                    continue
                }
                item += 1
                if case .task(let task) = sections[section].items[item - 1] { return PlacedTask(region: region, task: task) }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(sections: sections) }
}
