#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DayPlan

/// The `adopted` setting of the plan folder each file is in (`Settings.adopted`), each folder (and each folder above
/// it) asked once: what lint and the language server ask to leave older notes alone.
struct PlanAdoption {
    /// Per folder as named: its adopted day, nil for none.
    private var byFolder: [String: Day?] = [:]
    /// Per absolute folder: the adopted day of the plan folder it is in, nil for none.
    private var byRealFolder: [String: Day?] = [:]

    /// The adopted day of `path`'s plan folder (the first folder above it holding `.dayplan/`); nil for none.
    mutating func adopted(for path: String) -> Day? {
        guard path != "-" else { return nil }
        let folder = FileSystem.directory(of: path)
        if let known = byFolder[folder] { return known }
        let found = adopted(inReal: FileSystem.resolvedPath(folder))
        byFolder[folder] = found
        return found
    }

    private mutating func adopted(inReal folder: String) -> Day? {
        if let known = byRealFolder[folder] { return known }
        let found: Day?
        if FileSystem.kind(of: FileSystem.join(folder, PlanFolder.settingsFolder)) == .directory {
            found = (try? PlanFolder.find(from: folder))?.settings.adopted
        } else {
            found = folder == "/" || !folder.hasPrefix("/") ? nil : adopted(inReal: FileSystem.directory(of: folder))
        }
        byRealFolder[folder] = found
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
