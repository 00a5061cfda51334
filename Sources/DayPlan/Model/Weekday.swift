/// A day of the week, for layouts (`ddd`) and templates (`{{weekday}}`).
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday `day` falls on.
    public init(of day: Day) {
        // 1970-01-01 was a Thursday.
        let offset = ((day.daysSinceEpoch % 7) + 7 + 3) % 7
        self = Weekday(rawValue: offset + 1) ?? .monday
    }

    /// The English name: `Monday`.
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// The three-letter English name: `Mon`.
    public var abbreviation: String { String(name.prefix(3)) }
}
