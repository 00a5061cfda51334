import DayPlan

/// Time zone rules that ask the rules they wrap once per zone and day (or hour), not once per instant: a
/// day's events need the offsets of a few zones at many instants, and the system's rules are slow to ask (a
/// zone file read per look-up). The wrapped rules stay the source of truth.
///
/// A UTC day's offset is the wrapped rules' answer at its start when they give the same answer at its last
/// second; when they differ, the same is asked of each hour; an hour whose offset changes (as at Lord Howe's
/// 02:00 local, 15:30 UTC) has each instant asked on its own. This is exact for zones that change their
/// offset at most once within a day, as every zone of the IANA database does. A class, so one cache serves
/// every day asked; not for use from two threads at once.
public final class CachedZones<Rules: TimeZoneRules>: TimeZoneRules {
    private let rules: Rules
    /// What is known of a day or an hour of a zone.
    private enum Span {
        /// One offset all the span, or nil all the span (an unknown zone).
        case steady(Int?)
        /// The offset changes inside the span: its hours, or its instants, are asked one by one.
        case changing
    }
    /// Per zone (the empty name: the local zone), what is known of each UTC day asked (by its number).
    private var days: [String: [Int: Span]] = [:]
    /// Per zone, what is known of each hour asked in days whose offset changes.
    private var hours: [String: [Int: Span]] = [:]
    /// Per zone, the offsets of the instants asked in hours whose offset changes.
    private var instants: [String: [Int: Int?]] = [:]

    /// A cache in front of `rules`.
    public init(_ rules: Rules) {
        self.rules = rules
    }

    /// The named zone's offset at `instant`, from the day's or the hour's when it has one.
    public func offset(ofZone id: String, at instant: Int) -> Int? {
        // The empty name is no zone: it stands for the local zone in the cache, so it is passed through.
        guard !id.isEmpty else { return rules.offset(ofZone: id, at: instant) }
        return cached(id, instant) { rules.offset(ofZone: id, at: $0) }
    }

    /// The local zone's offset at `instant`, from the day's or the hour's when it has one.
    public func localOffset(at instant: Int) -> Int {
        cached("", instant) { rules.localOffset(at: $0) } ?? rules.localOffset(at: instant)
    }

    private func cached(_ zone: String, _ instant: Int, _ ask: (Int) -> Int?) -> Int? {
        if case .steady(let offset) = span(&days, zone, instant, CivilDays.secondsPerDay, ask) { return offset }
        if case .steady(let offset) = span(&hours, zone, instant, 3600, ask) { return offset }
        if let known = instants[zone]?[instant] { return known }
        let answer = ask(instant)
        instants[zone, default: [:]][instant] = .some(answer)
        return answer
    }

    /// What is known of the span of `length` seconds (a UTC day, an hour) that holds `instant` in `zone`, asked
    /// of the wrapped rules at its first and last second when not known yet and kept in `spans`.
    private func span(_ spans: inout [String: [Int: Span]], _ zone: String, _ instant: Int, _ length: Int,
                      _ ask: (Int) -> Int?) -> Span {
        let index = CivilDays.floorDiv(instant, length)
        if let known = spans[zone]?[index] { return known }
        let first = ask(index * length), last = ask(index * length + length - 1)
        let found: Span = first == last ? .steady(first) : .changing
        spans[zone, default: [:]][index] = found
        return found
    }
}
