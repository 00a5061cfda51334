/// Where in a plan folder the file of each day goes: a pattern such as `YYYY/MM/YYYY-MM-DD.md`.
///
/// In the pattern, `YYYY` is the year, `MM` the month and `DD` the day of the month (two digits each),
/// `ddd` the weekday's English abbreviation (`Mon`); anything else is literal text, and `/` separates
/// folders. A token stands alone between characters that are no letters or digits (`YYYY-MM`, `Week ddd`), so a
/// folder named `ADD Log` or `MMA training` is literal; a pattern that holds `{` writes its tokens in braces
/// instead (`{YYYY}/Daily {MM}/{YYYY}-{MM}-{DD}.md`), and everything outside braces is literal. The file name itself is always `YYYY-MM-DD.md`, so that every tool (lint on a folder, git
/// hooks, editors) recognises a day file by its name wherever it is; the folders above it are free:
/// `YYYY-MM-DD.md` (the default), `YYYY/MM/YYYY-MM-DD.md`, `YYYY/YYYY-MM-DD.md`, `daily/YYYY-MM-DD.md`.
public struct Layout: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// Each folder of the pattern, as pieces; the file name is not among them.
    private let folders: [[Piece]]

    /// One piece of a folder name in a pattern.
    private enum Piece: Hashable, Sendable {
        case literal(String)
        case year, month, day, weekday
    }

    /// Every day's file directly in the plan folder: `YYYY-MM-DD.md`.
    public static let flat = Layout(pattern: "YYYY-MM-DD.md", folders: [])

    /// The file name every layout ends with.
    public static let fileNamePattern = "YYYY-MM-DD.md"

    private init(pattern: String, folders: [[Piece]]) {
        self.pattern = pattern
        self.folders = folders
    }

    /// Reads a pattern; throws a sentence saying what is wrong with it.
    public init(_ pattern: String) throws(LayoutError) {
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, !pattern.isEmpty else { throw LayoutError("the layout is empty; the default is YYYY-MM-DD.md") }
        guard !pattern.hasPrefix("/") else {
            throw LayoutError("`\(pattern)` starts with /; a layout is a path inside the plan folder, such as YYYY/MM/YYYY-MM-DD.md")
        }
        let braced = pattern.contains("{")
        guard last == Layout.fileNamePattern || (braced && last == "{YYYY}-{MM}-{DD}.md") else {
            throw LayoutError("`\(pattern)` must end with the file name YYYY-MM-DD.md (folders before it are free: YYYY/MM/YYYY-MM-DD.md), so that every tool finds day files by their name")
        }
        var folders: [[Piece]] = []
        for part in parts.dropLast() {
            guard !part.isEmpty else { throw LayoutError("`\(pattern)` has an empty folder name (two / in a row)") }
            guard part != ".", part != ".." else { throw LayoutError("`\(pattern)` may not use . or .. as a folder") }
            guard !part.hasPrefix(".") else {
                throw LayoutError("`\(pattern)` puts days in the hidden folder `\(part)`, which no command searches; name it without the leading dot")
            }
            folders.append(braced ? Layout.pieces(ofBraced: part) : Layout.pieces(of: part))
        }
        self.init(pattern: pattern, folders: folders)
    }

    /// The layout of an existing day file, from its path inside the plan folder (`2026/11/2026-11-20.md` gives
    /// `YYYY/MM/YYYY-MM-DD.md`): a run of digits in a folder name that is the file's year becomes `YYYY`, its
    /// month `MM` (tried before the day), its day `DD`, and its weekday's abbreviation `ddd`. Nil when the
    /// file name is not a day file's.
    public init?(inferredFrom path: some StringProtocol) {
        self.init(inferringFrom: String(path))
    }

    /// `init(inferredFrom:)` on a `String`: not generic, as rollover, `add` and `status` infer a layout on every run.
    private init?(inferringFrom path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let name = parts.last, Day.isFileName(name), let day = Day(name.prefix(10)) else { return nil }
        // Joined by hand, not by the generic `joined(separator:)`.
        var pattern = "", braced = ""
        for part in parts.dropLast() {
            guard !part.isEmpty, !part.hasPrefix(".") else { return nil }
            pattern += Layout.tokens(in: String(part), for: day, braced: false) + "/"
            braced += Layout.tokens(in: String(part), for: day, braced: true) + "/"
        }
        // Bare tokens where they read back as the same folders; else braces (a folder literally named `MM`).
        guard let bare = try? Layout(pattern + Layout.fileNamePattern), bare.path(for: day) == path else {
            try? self.init(braced + "{YYYY}-{MM}-{DD}.md")
            return
        }
        self = bare
    }

    /// The path of `day`'s file inside the plan folder: `2026/11/2026-11-20.md`.
    public func path(for day: Day) -> String {
        var path = ""
        for folder in folders {
            for piece in folder {
                switch piece {
                case .literal(let text): path += text
                case .year: path += String(day.description.prefix(4))
                case .month: path += String(day.description.dropFirst(5).prefix(2))
                case .day: path += String(day.description.suffix(2))
                case .weekday: path += Weekday(of: day).abbreviation
                }
            }
            path += "/"
        }
        return path + day.fileName
    }

    /// The folder part of `path(for:)`, empty for the flat layout.
    public func folder(for day: Day) -> String {
        let path = path(for: day)
        return String(path.dropLast(day.fileName.count + (folders.isEmpty ? 0 : 1)))
    }

    /// The day whose file `path` (inside the plan folder) is in this layout; nil when the path is not where
    /// this layout puts that day's file.
    public func day(ofPath path: some StringProtocol) -> Day? {
        day(ofPathString: String(path))
    }

    /// `day(ofPath:)` on a `String`, not generic.
    private func day(ofPathString path: String) -> Day? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard Day.isFileName(name), let day = Day(name.prefix(10)), self.path(for: day) == String(path) else { return nil }
        return day
    }

    /// The pattern.
    public var description: String { pattern }

    /// A token's piece, by its name in a pattern.
    private static func token(_ name: some StringProtocol) -> Piece? {
        switch name {
        case "YYYY": .year
        case "MM": .month
        case "DD": .day
        case "ddd": .weekday
        default: nil
        }
    }

    /// A folder name of a pattern without braces, as pieces: a run of letters and digits made wholly of token
    /// names (`YYYY`, `YYYYMM`) is those tokens; any other run (`ADD`, `MMA`) and anything else is literal.
    private static func pieces(of part: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var run = ""
        func endRun() {
            var tokens: [Piece] = []
            var rest = Substring(run)
            while !rest.isEmpty, let name = ["YYYY", "MM", "DD", "ddd"].first(where: { rest.hasPrefix($0) }),
                  let piece = token(name) {
                tokens.append(piece)
                rest = rest.dropFirst(name.count)
            }
            if rest.isEmpty, !tokens.isEmpty {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces += tokens
            } else {
                literal += run
            }
            run = ""
        }
        for character in part {
            if character.isLetter || character.isNumber {
                run.append(character)
            } else {
                endRun()
                literal.append(character)
            }
        }
        endRun()
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// A folder name of a pattern with braces, as pieces: `{YYYY}`, `{MM}`, `{DD}` and `{ddd}` are tokens, anything
    /// else (an unknown name in braces too) is literal.
    private static func pieces(ofBraced part: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(part)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), let token = token(after[..<close]) else {
                literal.append("{")
                rest = after
                continue
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(token)
            rest = after[after.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// A folder name of an existing path, with the parts that are `day`'s year, month, day or weekday
    /// written as tokens.
    private static func tokens(in part: String, for day: Day, braced: Bool) -> String {
        let year = String(day.description.prefix(4)), month = String(day.description.dropFirst(5).prefix(2))
        let date = String(day.description.suffix(2)), weekday = Weekday(of: day).abbreviation
        var result = ""
        var run = ""
        var runIsDigits = false
        func flush() {
            let name = runIsDigits ? (run == year ? "YYYY" : run == month ? "MM" : run == date ? "DD" : nil)
                : run == weekday ? "ddd" : nil
            result += name.map { braced ? "{\($0)}" : $0 } ?? run
            run = ""
        }
        for character in part {
            let isDigit = character.isASCII && character.isNumber
            let isLetter = character.isASCII && character.isLetter
            if !run.isEmpty, (isDigit != runIsDigits) || (!isDigit && !isLetter) { flush() }
            if !isDigit && !isLetter {
                result.append(character)
                continue
            }
            runIsDigits = isDigit
            run.append(character)
        }
        if !run.isEmpty { flush() }
        return result
    }
}

/// Why a layout pattern cannot be used: one sentence.
public struct LayoutError: Error, Hashable, Sendable {
    /// What is wrong and how to fix it.
    public let message: String

    init(_ message: String) { self.message = message }
}
