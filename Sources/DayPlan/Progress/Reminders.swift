/// What `dayplan remind` announces: the events and timed tasks that start within a window from now, each once.
/// Which were announced is remembered in a `ReminderLog`; the command reads and writes it.
public struct Reminder: Hashable, Sendable {
    /// The event or timed task.
    public let item: ScheduledItem
    /// The day it starts on.
    public let day: Day
    /// Minutes from now until it starts (0: it starts now).
    public let minutesAway: Int

    /// When it starts.
    public var start: LocalTime { LocalTime(day: day, secondOfDay: item.start * 60) }

    /// The items of `schedules` (the days the window touches) that start from `now` to `within` minutes later
    /// and are not in `log`, soonest first. An event that began the day before starts then, not at midnight.
    public static func due(in schedules: [DaySchedule], now: LocalTime, within: Int, log: ReminderLog) -> [Reminder] {
        let nowMinute = CivilDays.number(of: now.day) * 1440 + now.secondOfDay / 60
        var found: [Reminder] = []
        for schedule in schedules {
            let dayMinute = CivilDays.number(of: schedule.day) * 1440
            for item in schedule.items where item.startsOnTheDay {
                let away = dayMinute + item.start - nowMinute
                guard (0...within).contains(away), !log.contains(item.key),
                      !found.contains(where: { $0.item.key == item.key }) else { continue }
                found.append(Reminder(item: item, day: schedule.day, minutesAway: away))
            }
        }
        return found.sorted { ($0.minutesAway, $0.item.kind == .event ? 0 : 1, $0.item.title) < ($1.minutesAway, $1.item.kind == .event ? 0 : 1, $1.item.title) }
    }

    /// When it is, from now: `now`, `in 5 minutes`, `in 1h30m`.
    public var when: String {
        minutesAway == 0 ? "now" : minutesAway == 1 ? "in 1 minute" : minutesAway < 60 ? "in \(minutesAway) minutes"
            : "in " + DaySchedule.duration(minutesAway)
    }
}

/// The reminders already announced, each with the time its item starts: `dayplan remind` keeps it in the plan
/// folder's state (`.dayplan/reminded`), one line each, `YYYY-MM-DDTHH:MM` and a tab and the item's key, and
/// forgets an item a day after it started.
public struct ReminderLog: Hashable, Sendable {
    /// Each announced item's start and key, in the order announced.
    public var entries: [(start: LocalTime, key: String)] { storage.map { ($0.start, $0.key) } }
    private var storage: [Entry] = []
    private var keys: Set<String> = []

    private struct Entry: Hashable, Sendable {
        var start: LocalTime
        var key: String
    }

    /// An empty log.
    public init() {}

    /// Reads the log's text; the numbers of lines that are not entries (left out) are in `unread`.
    public init(parsing bytes: [UInt8]) {
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty else { continue }
            guard let tab = line.firstIndex(of: UInt8(ascii: "\t")), line.distance(from: line.startIndex, to: tab) == 16,
                  let day = Day(utf8: line[line.startIndex..<(line.startIndex + 10)]),
                  let minute = RegionHours.minutes(String(decoding: line[(line.startIndex + 11)..<tab], as: UTF8.self)),
                  minute < 1440, line[line.startIndex + 10] == UInt8(ascii: "T"), tab + 1 < line.endIndex
            else {
                unread.append(index + 1)
                continue
            }
            add(LocalTime(day: day, secondOfDay: minute * 60), key: String(decoding: line[(tab + 1)...], as: UTF8.self))
        }
    }

    /// The lines of the text read that were not entries, 1-based.
    public private(set) var unread: [Int] = []

    /// Whether the item of `key` was announced.
    public func contains(_ key: String) -> Bool { keys.contains(ReminderLog.oneLine(key)) }

    /// A key as one line of the log: line breaks and tabs in a title become spaces.
    static func oneLine(_ key: String) -> String {
        key.contains(where: { $0 == "\t" || $0.isNewline }) ? String(key.map { $0 == "\t" || $0.isNewline ? " " : $0 }) : key
    }

    /// Remembers that the item of `key`, starting at `start`, was announced.
    public mutating func add(_ start: LocalTime, key: String) {
        let key = ReminderLog.oneLine(key)
        guard keys.insert(key).inserted else { return }
        storage.append(Entry(start: start, key: key))
    }

    /// Forgets the items that started more than a day before `now`.
    public mutating func forget(before now: LocalTime) {
        let limit = LocalTime(day: now.day.adding(days: -1), secondOfDay: now.secondOfDay)
        storage.removeAll { $0.start < limit }
        keys = Set(storage.map(\.key))
    }

    /// The log as text, one entry a line.
    public var text: [UInt8] {
        var output: [UInt8] = []
        for entry in storage {
            output += "\(entry.start)\t\(entry.key)\n".utf8
        }
        return output
    }

    /// Equal when they hold the same entries in the same order.
    public static func == (lhs: ReminderLog, rhs: ReminderLog) -> Bool { lhs.storage == rhs.storage }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
