import DayPlan

/// What the plain words of a task being captured say besides its title (`dayplan add Call the dentist tomorrow at
/// 15:00 for 30m`): the day it is for, the part of the day, its time, how long it takes and its deadline, each with
/// the words that said it taken out of the title (`PlainWords` is the grammar; docs/capture.md lists its phrases).
public struct Capture: Hashable, Sendable {
    /// The words left for the title, in their order, each as written: `#tags` and `@` words among them.
    public var title: String
    /// The day the words name (`tomorrow`, `on Friday`, `on the 5th`, `2026-12-05`): the task is for that day.
    public var day: Day?
    /// The part of the day they name (`this evening`, `tonight`, `tomorrow morning`).
    public var region: Region?
    /// The time of day (`at 3pm`, `at 15:00`, `from 9 to 10am`).
    public var time: TaskTime?
    /// How long it takes, in minutes (`for 30m`, `for 1h30m`, `for an hour`).
    public var estimate: Int?
    /// The deadline (`by Friday`, `due tomorrow`).
    public var due: Day?
    /// The phrases read, each as written, in the order they stand.
    public var phrases: [String]

    /// Reads `words` (a task's title as typed) on `today`, the day relative words count from.
    public init(reading words: String, today: Day) {
        self = PlainWords.read(words, today: today)
    }

    /// A capture of `title` with nothing read.
    init(title: String) {
        self.title = title
        phrases = []
    }

    /// The region the task goes in: the part of the day the words name, else the region whose `hours` hold its
    /// time (`at 4pm`: Afternoon by default); nil when they say neither.
    public func region(in hours: RegionHours) -> Region? {
        region ?? time.flatMap { time in [Region.morning, .afternoon, .evening].first { hours.hours(of: $0)?.contains(time.start) == true } }
    }

    /// Whether no phrase was read: the title is the words as typed.
    public var isEmpty: Bool { phrases.isEmpty }

    /// The task's text as a task line holds it after the box, without its day (which the caller writes where
    /// it belongs: the day's file, or `@on:` on a task captured ahead): the time first, then the title, then
    /// `@est:` and `@due:` (`15:00 Call the dentist #health @est:30m`).
    public var text: String {
        ([(time.map { "\($0) " } ?? "") + title] + metadataWords).joined(separator: " ")
    }

    /// The metadata words for what was read besides the day and the time: `@est:30m`, `@due:2026-12-04`.
    public var metadataWords: [String] {
        (estimate.map { ["@est:" + DaySchedule.duration($0)] } ?? []) + (due.map { ["@due:\($0)"] } ?? [])
    }

    /// What was read, in words a person checks at a glance: "scheduled for Thursday 2026-12-03 at 15:00,
    /// 30 minutes, due Friday 2026-12-04".
    public var summary: String {
        var parts: [String] = []
        var when: [String] = []
        if let day { when.append("for \(Weekday(of: day).name) \(day)") }
        if let region, time == nil { when.append("in the \(region.name.lowercased())") }
        if let time {
            when.append(time.end.map { "from \(TaskTime.clockText(time.start)) to \(TaskTime.clockText($0))" } ?? "at \(time)")
        }
        if !when.isEmpty { parts.append("scheduled " + when.joined(separator: " ")) }
        if let estimate { parts.append(Capture.spoken(estimate)) }
        if let due { parts.append("due \(Weekday(of: due).name) \(due)") }
        return parts.joined(separator: ", ")
    }

    /// `minutes` in words: `30 minutes`, `1 hour`, `1 hour 30 minutes`.
    static func spoken(_ minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        let h = hours == 1 ? "1 hour" : "\(hours) hours", m = rest == 1 ? "1 minute" : "\(rest) minutes"
        return hours == 0 ? m : rest == 0 ? h : "\(h) \(m)"
    }
}
