/// A plan folder's settings, read from its `.dayplan/config`: one `key = value` a line.
///
/// Blank lines and lines starting with `#` are ignored, as is a `#` after white space and everything after
/// it; white space around keys and values is dropped. Each key may appear once. The keys are:
///
/// - `layout`: where each day's file goes (a `Layout` pattern such as `YYYY/MM/YYYY-MM-DD.md`);
/// - `day-starts-at`: the hour (0-23) before which it is still yesterday;
/// - `template`: the file new days are made from, relative to the plan folder (empty: none);
/// - `adopted`: the day dayplan began in a folder of older notes (`dayplan init` sets it there): lint, the git
///   hook and the language server check only day files of that day or later, and leave other Markdown alone;
/// - `carried-warning-days`: from how many days after its `@from:` day an open task of today's plan is carried for
///   long (DP052, `dayplan review`); 7 when not set;
/// - `done-date`: `yes` to have `dayplan mark done` and the editor's mark done write `@done:` the day (and
///   remove it when a task is marked anything else); `no` (the default) to change only the box;
/// - `metadata-style`: how a date or priority dayplan writes on a task that spells none another way is spelled:
///   `dayplan` (`@due:…`, the default), `obsidian-tasks` (`📅 …`) or `dataview` (`[due:: …]`; FORMAT.md §3.7);
/// - `morning`, `afternoon`, `evening`: a region's hours, `HH:MM-HH:MM` (`RegionHours`), in order, not overlapping;
/// - `calendars`: calendar sources, comma-separated: `.ics` files and vdir folders (docs/calendar.md);
/// - `sync-url`, `sync-user`, `sync-password-env`, `sync-password-command`, `sync-ca-file`: the CalDAV task list
///   `dayplan sync` keeps the plan in step with, the user, where the password comes from (an environment
///   variable, or a command such as `pass show caldav`; never the password itself), and a certificate file to
///   trust for a server with its own certificate (docs/sync.md).
///
/// An unknown key is an error rather than ignored, so that a typo is not silently without effect.
public struct Settings: Hashable, Sendable {
    /// Where each day's file goes; nil when not set (rollover then follows the newest day file).
    public var layout: Layout?
    /// The hour the day starts; nil when not set.
    public var dayStartsAt: Int?
    /// The template's path relative to the plan folder; nil when not set or set empty.
    public var template: String?
    /// The day dayplan began in this folder; nil when not set (every day file is the plan's).
    public var adopted: Day?
    /// From how many days after its first planned day an open task is carried for long; nil when not set.
    public var carriedWarningDays: Int?
    /// Whether marking a task done writes `@done:` the day (`done-date = yes`).
    public var writesDoneDate = false
    /// How new metadata is spelled on a task that spells none another way (`metadata-style`).
    public var metadataStyle = MetadataStyle.dayplan

    /// The age that makes a task carried for long when `carried-warning-days` is not set.
    public static let defaultCarriedWarningDays = 7

    /// The hours of Morning, Afternoon and Evening (the defaults where not set).
    public var regionHours = RegionHours.defaults
    /// The calendar sources as written (`.ics` files and vdir folders; relative to the plan folder, absolute,
    /// or from `~/`); empty when not set.
    public var calendars: [String] = []
    /// The command `dayplan remind` runs for each reminder, as words (the program, then its arguments; the
    /// reminder's two lines are added after them); nil when not set (`notify-send` where present), empty for
    /// none (`remind-command =`).
    public var remindCommand: [String]?

    /// The CalDAV task list's URL (`sync-url`), `http://` or `https://`; nil when not set.
    public var syncURL: String?
    /// The user name for the task list's server (`sync-user`); nil when not set.
    public var syncUser: String?
    /// The environment variable holding the password (`sync-password-env`); nil when not set.
    public var syncPasswordEnvironment: String?
    /// The command whose first line of output is the password (`sync-password-command`); nil when not set.
    public var syncPasswordCommand: String?
    /// A file of certificates to trust for the server (`sync-ca-file`), relative to the plan folder or absolute.
    public var syncCAFile: String?

    /// The keys a settings file may hold, in the order the documentation lists them.
    public static let keys = ["layout", "day-starts-at", "template", "adopted", "carried-warning-days", "done-date", "metadata-style", "morning", "afternoon", "evening", "calendars",
                              "remind-command", "sync-url", "sync-user", "sync-password-env", "sync-password-command", "sync-ca-file"]

    /// No settings: every key unset.
    public init(layout: Layout? = nil, dayStartsAt: Int? = nil, template: String? = nil, adopted: Day? = nil) {
        self.layout = layout
        self.dayStartsAt = dayStartsAt
        self.template = template
        self.adopted = adopted
    }

    /// Whether a file is one of the plan's day files, given the day its name or day heading says (nil: neither
    /// does): every dated file, or with `adopted`, those of that day or later. Other files are notes dayplan leaves
    /// alone.
    public func isPlanDay(_ day: Day?) -> Bool {
        guard let day else { return adopted == nil }
        return adopted.map { day >= $0 } ?? true
    }

    /// Reads a settings file; throws the first line that is wrong, with its key when it has one.
    public init(parsing bytes: [UInt8]) throws(SettingsError) {
        self.init()
        var seen: [String: Int] = [:]
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        for (index, rawLine) in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = String(decoding: rawLine, as: UTF8.self)
            guard line.utf8.elementsEqual(rawLine) else {
                throw SettingsError(line: number, key: nil, "this line is not valid UTF-8")
            }
            let content = Settings.withoutComment(line).trimmingWhitespace
            if content.isEmpty { continue }
            guard let equals = content.firstIndex(of: "=") else {
                throw SettingsError(line: number, key: nil, "expected `key = value`, found `\(content)`")
            }
            let key = String(content[..<equals]).trimmingWhitespace
            let value = String(content[content.index(after: equals)...]).trimmingWhitespace
            guard !key.isEmpty else { throw SettingsError(line: number, key: nil, "a value without a key; write `key = value`") }
            guard Settings.keys.contains(key) else {
                var message = "unknown key; the keys are " + Settings.keys.joined(separator: ", ")
                if let guess = Settings.keys.first(where: { Settings.isNear(key, $0) }) { message = "unknown key (did you mean `\(guess)`?); the keys are " + Settings.keys.joined(separator: ", ") }
                throw SettingsError(line: number, key: key, message)
            }
            if let first = seen[key] {
                throw SettingsError(line: number, key: key, "set a second time (first on line \(first)); keep one")
            }
            seen[key] = number
            switch key {
            case "layout":
                do {
                    layout = try Layout(value)
                } catch {
                    throw SettingsError(line: number, key: key, error.message)
                }
            case "day-starts-at":
                guard let hour = Int(value), (0...23).contains(hour) else {
                    throw SettingsError(line: number, key: key, "`\(value)` is not an hour; give a whole number from 0 to 23")
                }
                dayStartsAt = hour
            case "carried-warning-days":
                guard value.allSatisfy(\.isNumber), let days = Int(value), (1...3650).contains(days) else {
                    throw SettingsError(line: number, key: key, "`\(value)` is not a number of days; give a whole number from 1 to 3650")
                }
                carriedWarningDays = days
            case "done-date":
                switch value.lowercased() {
                case "yes": writesDoneDate = true
                case "no": writesDoneDate = false
                default: throw SettingsError(line: number, key: key, "`\(value)` is neither yes nor no")
                }
            case "metadata-style":
                guard let style = MetadataStyle(rawValue: value.lowercased()), MetadataStyle.written.contains(style) else {
                    throw SettingsError(line: number, key: key,
                                        "`\(value)` is no style; give \(MetadataStyle.written.map(\.rawValue).joined(separator: ", "))")
                }
                metadataStyle = style
            case "adopted":
                guard !value.isEmpty else { continue }
                guard let day = Day(value) else {
                    throw SettingsError(line: number, key: key, "`\(value)` is not a date; write YYYY-MM-DD")
                }
                adopted = day
            case "morning", "afternoon", "evening":
                do {
                    let hours = try RegionHours.range(value)
                    switch key {
                    case "morning": regionHours.morning = hours
                    case "afternoon": regionHours.afternoon = hours
                    default: regionHours.evening = hours
                    }
                } catch {
                    throw SettingsError(line: number, key: key, error.message)
                }
            case "remind-command":
                remindCommand = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            case "calendars":
                calendars = value.split(separator: ",").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
            case "sync-url":
                guard !value.isEmpty else { continue }
                guard value.lowercased().hasPrefix("https://") || value.lowercased().hasPrefix("http://") else {
                    throw SettingsError(line: number, key: key, "`\(value)` is not an http:// or https:// URL; give the task list's URL")
                }
                syncURL = value
            case "sync-user": syncUser = value.isEmpty ? nil : value
            case "sync-password-env": syncPasswordEnvironment = value.isEmpty ? nil : value
            case "sync-password-command": syncPasswordCommand = value.isEmpty ? nil : value
            case "sync-ca-file": syncCAFile = value.isEmpty ? nil : value
            default:
                guard !value.hasPrefix("/") else {
                    throw SettingsError(line: number, key: key, "`\(value)` is an absolute path; give a path inside the plan folder, such as .dayplan/template.md")
                }
                guard !value.split(separator: "/").contains("..") else {
                    throw SettingsError(line: number, key: key, "`\(value)` leads out of the plan folder; give a path inside it, such as .dayplan/template.md")
                }
                template = value.isEmpty ? nil : value
            }
        }
        try checkRegionOrder(lines: seen)
    }

    /// Throws when the regions' hours are out of order or overlap, naming the later region's line (or the
    /// earlier's, when only it was set).
    private func checkRegionOrder(lines: [String: Int]) throws(SettingsError) {
        let regions: [Region] = [.morning, .afternoon, .evening]
        for (earlier, later) in zip(regions, regions.dropFirst()) {
            guard let a = regionHours.hours(of: earlier), let b = regionHours.hours(of: later), a.upperBound > b.lowerBound else { continue }
            let key = lines[later.lowercaseName] != nil ? later.lowercaseName : earlier.lowercaseName
            let shown = { (r: Range<Int>) in RegionHours.clock(r.lowerBound) + "-" + RegionHours.clock(r.upperBound) }
            throw SettingsError(line: lines[key] ?? 0, key: key,
                                "\(later.name) (\(shown(b))) begins before \(earlier.name) (\(shown(a))) ends; the regions come in order, Morning, Afternoon, Evening, and do not overlap")
        }
    }

    /// The line up to a `#` that starts it or follows white space.
    private static func withoutComment(_ line: String) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "#", previous == " " || previous == "\t" { return line[..<index] }
            previous = character
        }
        return line[...]
    }

    /// Whether two keys are one or two edits apart (a typo), or equal ignoring `-` and `_` and case.
    private static func isNear(_ a: String, _ b: String) -> Bool {
        let plain = { (s: String) in String(s.lowercased().filter { $0 != "-" && $0 != "_" }) }
        if plain(a) == plain(b) { return true }
        let x = Array(a), y = Array(b)
        var previous = Array(0...y.count)
        for (i, p) in x.enumerated() {
            var current = [i + 1]
            for (j, q) in y.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (p == q ? 0 : 1)))
            }
            previous = current
        }
        return previous[y.count] <= 2
    }
}

/// A settings file line that cannot be used: where it is, its key if it has one, and what is wrong.
public struct SettingsError: Error, Hashable, Sendable {
    /// The 1-based line.
    public let line: Int
    /// The key the line sets, when it has one.
    public let key: String?
    /// What is wrong and how to fix it.
    public let message: String

    init(line: Int, key: String?, _ message: String) {
        self.line = line
        self.key = key
        self.message = message
    }
}

extension StringProtocol {
    /// Without spaces, tabs and carriage returns at either end.
    var trimmingWhitespace: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
