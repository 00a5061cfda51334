/// The hours of the day's limited regions, from the settings (`morning = 06:00-12:00`): where the day's
/// time is split between Morning, Afternoon and Evening. The Backlog has no hours.
public struct RegionHours: Hashable, Sendable {
    /// Morning's minutes since midnight (default 06:00-12:00).
    public var morning: Range<Int>
    /// Afternoon's (default 12:00-18:00).
    public var afternoon: Range<Int>
    /// Evening's (default 18:00-23:00).
    public var evening: Range<Int>

    /// Morning 06:00-12:00, Afternoon 12:00-18:00, Evening 18:00-23:00.
    public static let defaults = RegionHours(morning: 360..<720, afternoon: 720..<1080, evening: 1080..<1380)

    /// Hours of each region, in minutes since midnight.
    public init(morning: Range<Int>, afternoon: Range<Int>, evening: Range<Int>) {
        self.morning = morning
        self.afternoon = afternoon
        self.evening = evening
    }

    /// A region's minutes since midnight; nil for the Backlog.
    public func hours(of region: Region) -> Range<Int>? {
        switch region {
        case .morning: morning
        case .afternoon: afternoon
        case .evening: evening
        case .backlog: nil
        }
    }

    /// Reads `HH:MM-HH:MM` (spaces allowed around the dash; `24:00` ends at midnight); throws what is wrong.
    static func range(_ value: String) throws(RangeError) -> Range<Int> {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
        guard parts.count == 2, let start = minutes(parts[0]), let end = minutes(parts[1]) else {
            throw RangeError(message: "`\(value)` is not a time range; write HH:MM-HH:MM, such as 06:00-12:00")
        }
        guard start < end else {
            throw RangeError(message: "`\(value)` ends before it starts; write the earlier time first, such as 06:00-12:00")
        }
        return start..<end
    }

    /// `HH:MM` as minutes since midnight, 00:00 to 24:00.
    static func minutes(_ text: String) -> Int? {
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, pieces[0].count == 2, pieces[1].count == 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]),
              pieces.allSatisfy({ $0.allSatisfy(\.isASCII) }), (0...59).contains(minute), (0...23).contains(hour) || hour == 24 && minute == 0
        else { return nil }
        return hour * 60 + minute
    }

    /// `HH:MM` of minutes since midnight.
    public static func clock(_ minutes: Int) -> String {
        let hour = minutes / 60, minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// Why a region's hours cannot be read.
    struct RangeError: Error { let message: String }
}
