/// One of the four parts of a day, in their canonical order.
public enum Region: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
    /// What is planned for the morning.
    case morning
    /// What is planned for the afternoon.
    case afternoon
    /// What is planned for the evening.
    case evening
    /// Everything not planned for a time of day; never limited.
    case backlog

    /// The heading text, as in `## Morning`.
    public var name: String {
        switch self {
        case .morning: "Morning"
        case .afternoon: "Afternoon"
        case .evening: "Evening"
        case .backlog: "Backlog"
        }
    }

    /// Whether the 1-3-5 rule applies (Morning, Afternoon and Evening).
    public var isLimited: Bool { self != .backlog }

    /// The region's name.
    public var description: String { name }

    /// Finds the region a heading names, ignoring ASCII case: `## MORNING` is the Morning.
    public init?(headingText text: some StringProtocol) {
        let lowered = text.lowercased()
        guard let region = Region.allCases.first(where: { $0.name.lowercased() == lowered }) else { return nil }
        self = region
    }

    /// Canonical order: Morning, Afternoon, Evening, Backlog.
    public static func < (lhs: Region, rhs: Region) -> Bool { lhs.rawValue < rhs.rawValue }
}
