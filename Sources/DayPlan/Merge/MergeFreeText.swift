/// The merge's free text: the sections other than regions, the lines between tasks, the front matter, and the
/// conflict blocks written where both sides changed them differently (FORMAT.md, "Merging").
extension Merger {
    /// The sections other than regions, merged as one sequence of headings and lines with a mark where each
    /// region stands, so that each section keeps its place: before the regions (`after` nil) or after the
    /// region it follows. Lines before the first heading (only in a conflict) are returned apart.
    mutating func mergeOtherSections() -> (sections: [(section: Section, after: Region?)], loose: [Item]) {
        enum Element: Hashable { case region(Region), heading(String), item(Item) }
        func elements(_ document: DayDocument) -> [Element] {
            document.sections.flatMap { section -> [Element] in
                switch section.kind {
                case .region(let region): [.region(region)]
                case .other(let text): [.heading(text)] + section.items.map { .item($0) }
                }
            }
        }
        var sections: [(section: Section, after: Region?)] = []
        var loose: [Item] = []
        var after: Region?
        func add(_ items: [Item]) {
            if sections.isEmpty { loose += items } else { sections[sections.count - 1].section.items += items }
        }
        for chunk in Diff3.merge(base: elements(base), ours: elements(ours), theirs: elements(theirs)) {
            switch chunk {
            case .resolved(let elements):
                for element in elements {
                    switch element {
                    case .region(let region): after = region
                    case .heading(let text): sections.append((Section(kind: .other(text), items: []), after))
                    case .item(let item): add([item])
                    }
                }
            case .conflict(_, let o, let t):
                func lines(_ elements: [Element]) -> [String] {
                    elements.flatMap { element -> [String] in
                        switch element {
                        case .region: []
                        case .heading(let text): [Section(kind: .other(text), items: []).canonicalHeading]
                        case .item(let item): Self.lines(item)
                        }
                    }
                }
                add(block(ours: lines(o), theirs: lines(t), "free text was changed differently on both sides"))
                // The regions stand where our side has them.
                for case .region(let region) in o { after = region }
            }
        }
        return (sections, loose)
    }

    /// Lines of free text merged with diff3; conflicts between markers.
    mutating func mergeItems(_ b: [Item], _ o: [Item], _ t: [Item]) -> [Item] {
        var merged: [Item] = []
        for chunk in Diff3.merge(base: b, ours: o, theirs: t) {
            switch chunk {
            case .resolved(let items): merged += items
            case .conflict(_, let mine, let other):
                merged += block(ours: mine.flatMap(Self.lines), theirs: other.flatMap(Self.lines), "free text was changed differently on both sides")
            }
        }
        return merged
    }

    /// Front matter merged line by line; conflicts between markers.
    mutating func mergeLines(_ b: [String], _ o: [String], _ t: [String]) -> [String] {
        var merged: [String] = []
        for chunk in Diff3.merge(base: b, ours: o, theirs: t) {
            switch chunk {
            case .resolved(let lines): merged += lines
            case .conflict(_, let mine, let other):
                merged += block(ours: mine, theirs: other, "the front matter was changed differently on both sides").map { item in
                    if case .verbatim(let line) = item { line } else { "" }
                }
            }
        }
        return merged
    }

    /// A conflict between standard markers, as lines kept verbatim; its reason is recorded.
    mutating func block(ours mine: [String], theirs other: [String], _ reason: String) -> [Item] {
        conflicts.append(reason)
        let lines = ["<<<<<<< \(TextMerge.oursLabel)"] + mine + ["======="] + other + [">>>>>>> \(TextMerge.theirsLabel)"]
        return lines.map { .verbatim($0) }
    }

    /// The lines an item prints as in canonical form: a task, its line and its notes.
    static func lines(_ item: Item) -> [String] {
        switch item {
        case .blank: [""]
        case .text(let text), .verbatim(let text): [text]
        case .task(let task): [task.canonicalLine] + task.notes.map { $0.isEmpty ? "" : "  " + $0 }
        }
    }
}
