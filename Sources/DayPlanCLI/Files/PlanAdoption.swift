import DayPlan

/// The `adopted` setting of the plan folder each file is in (`Settings.adopted`), each folder (and each folder above
/// it) asked once: what lint and the language server ask to leave older notes alone.
struct PlanAdoption {
    /// Per folder as named, and per absolute folder: the folders, and each one's adopted day as days after
    /// `epoch` (`Int.min` for none). Arrays of strings and numbers searched from the end: a run names a few folders, and a
    /// collection of a type of its own costs more at its first use (the type made at run time) than every search.
    private var named: [String] = [], namedDays: [Int] = []
    private var real: [String] = [], realDays: [Int] = []
    /// The day adopted days are counted from.
    private static let epoch = Day(year: 2000, month: 1, day: 1)!

    private static func encode(_ day: Day?) -> Int { day.map { epoch.days(until: $0) } ?? Int.min }
    private static func decode(_ number: Int) -> Day? { number == Int.min ? nil : epoch.adding(days: number) }

    /// The adopted day of `path`'s plan folder (the first folder above it holding `.dayplan/`); nil for none.
    mutating func adopted(for path: String) -> Day? {
        guard path != "-" else { return nil }
        let folder = FileSystem.directory(of: path)
        if let index = named.lastIndex(of: folder) { return Self.decode(namedDays[index]) }
        let found = adopted(inReal: FileSystem.resolvedPath(folder))
        named.append(folder)
        namedDays.append(Self.encode(found))
        return found
    }

    /// The adopted day of `path`'s plan folder as `adopted(for:)` found it already (nil when it has not): a read
    /// that any number of threads may make at once.
    func known(for path: String) -> Day? {
        named.lastIndex(of: FileSystem.directory(of: path)).flatMap { Self.decode(namedDays[$0]) }
    }

    private mutating func adopted(inReal folder: String) -> Day? {
        if let index = real.lastIndex(of: folder) { return Self.decode(realDays[index]) }
        let found: Day?
        if FileSystem.kind(of: FileSystem.join(folder, PlanFolder.settingsFolder)) == .directory {
            found = (try? PlanFolder.find(from: folder))?.settings.adopted
        } else {
            found = folder == "/" || !folder.hasPrefix("/") ? nil : adopted(inReal: FileSystem.directory(of: folder))
        }
        real.append(folder)
        realDays.append(Self.encode(found))
        return found
    }
}

extension PlanAdoption {
    /// Whether a file is one of the plan's day files, which lint and the language server check: dated by its name
    /// or its day heading (`heading`), and in a plan folder that adopted a folder of notes, dated that day or later.
    /// Any other Markdown is a note dayplan leaves alone. A text with no file name (standard input) is checked.
    mutating func isPlanDay(_ path: String?, heading: Day?) -> Bool {
        guard let path, path != "-" else { return true }
        let day = Day(fileNameOf: path) ?? heading
        guard let day else { return false }
        return adopted(for: path).map { day >= $0 } ?? true
    }
}
