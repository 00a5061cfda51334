import DayPlan
import DayPlanArchive
import DayPlanJSON

/// What a `workspace/symbol` query asks for: the words a task's title must each hold, ASCII letters compared
/// without case.
struct TitleQuery {
    /// The query's words, ASCII letters in lower case.
    private let words: [[UInt8]]

    /// The words of `query`, split at spaces and tabs.
    init(_ query: String) {
        words = query.utf8.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.map { $0.map(TitleQuery.folded) }
    }

    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// Whether `title` (UTF-8) holds every word.
    func matches(_ title: ArraySlice<UInt8>) -> Bool {
        words.allSatisfy { word in
            guard word.count <= title.count else { return false }
            var start = title.startIndex
            while start + word.count <= title.endIndex {
                var at = 0
                while at < word.count, TitleQuery.folded(title[start + at]) == word[at] { at += 1 }
                if at == word.count { return true }
                start += 1
            }
            return false
        }
    }
}

extension LanguageServer {
    /// How many symbols `workspace/symbol` gives at most: the newest matches.
    static let workspaceSymbolLimit = 500

    /// `workspace/symbol`: the plan folder's tasks whose title holds every word of the query (case ignored for
    /// ASCII letters), newest day first; a task moved on and continued on a later day is given once, where it
    /// stands last.
    mutating func workspaceSymbols(_ params: JSONValue?) throws(ResponseError) -> JSONValue {
        guard let query = params?["query"]?.stringValue else { throw .invalid("query is missing or not a string") }
        let words = TitleQuery(query)
        let tasks = newestTasks(matching: words)
            ?? taskArchive()?.newestLastTasks(limit: LanguageServer.workspaceSymbolLimit, matching: words.matches) ?? []
        var symbols: [JSONValue] = []
        symbols.reserveCapacity(tasks.count)
        for task in tasks {
            symbols.append(["name": .string(task.title), "kind": 24,  // Event
                            "containerName": .string("\(task.day) · \(task.region.name) · \(task.status)"),
                            "location": location(of: task)])
        }
        return .array(symbols)
    }

    /// `workspaceSymbols`' tasks from the newest days alone, while the plan folder's files are still being read
    /// (newest first, `FolderReading`): the same tasks in the same order, as soon as the days read decide them
    /// (`NewestTasks`). A match moved on and continued later is decided by the files that may hold a task of its
    /// title (`TitleNeedles`), found without parsing the others. Nil when the answer needs every file: fewer
    /// matches than the limit, or such a match whose title is too short to look for.
    private mutating func newestTasks(matching query: TitleQuery) -> [ArchivedTask]? {
        guard archiveCache?.generation != generation, var index = planIndex(), let reading = index.readingUnderWay()
        else { return nil }
        planIndexCache = index
        // The open documents stand for their files on disk, as in `taskArchive()`.
        var newest = NewestTasks(limit: LanguageServer.workspaceSymbolLimit, replacing: openPlanDays(in: index.planFolder),
                                 matching: { query.matches($0) })
        var taken = 0, files = 0, looks = 0
        while true {
            let part = reading.newest(after: taken, files: files)
            taken += part.days.count
            files = part.files
            guard let allReadAfter = part.allReadAfter else { return nil }
            var progress = newest.take(part.days, allReadAfter: allReadAfter)
            while case .needsTasksOfTitles(let titles) = progress {
                // Each look reads every file not read yet: after two, reading them all is as quick.
                let needles = titles.compactMap { TitleNeedles(title: $0.utf8) }
                guard looks < 2, needles.count == titles.count else { return nil }
                looks += 1
                newest.learnTasks(ofTitles: titles, from: reading.days(mayHoldingAnyOf: needles))
                progress = newest.take(EmptyCollection(), allReadAfter: allReadAfter)
            }
            if progress == .complete { return newest.found }
        }
    }
}
