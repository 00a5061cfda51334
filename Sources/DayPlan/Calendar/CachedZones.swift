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
    /// What is known of an hour of a zone.
    private enum Hour {
        /// One offset all the hour, or nil all the hour (an unknown zone).
        case steady(Int?)
        /// The offset changes inside the hour: its instants are asked one by one.
        case changing
    }
    /// Per zone (the empty name: the local zone), what is known of each UTC day asked (by its number).
    private var days: [String: [Int: Hour]] = [:]
    /// Per zone, what is known of each hour asked in days whose offset changes.
    private var hours: [String: [Int: Hour]] = [:]
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
        let day = CivilDays.floorDiv(instant, CivilDays.secondsPerDay)
        switch days[zone]?[day] {
        case .steady(let offset)?:
            return offset
        case .changing?:
            break
        case nil:
            let first = ask(day * CivilDays.secondsPerDay), last = ask(day * CivilDays.secondsPerDay + CivilDays.secondsPerDay - 1)
            if first == last {
                days[zone, default: [:]][day] = .steady(first)
                return first
            }
            days[zone, default: [:]][day] = .changing
        }
        let hour = CivilDays.floorDiv(instant, 3600)
        switch hours[zone]?[hour] {
        case .steady(let offset)?:
            return offset
        case .changing?:
            break
        case nil:
            let first = ask(hour * 3600), last = ask(hour * 3600 + 3599)
            if first == last {
                hours[zone, default: [:]][hour] = .steady(first)
                return first
            }
            hours[zone, default: [:]][hour] = .changing
        }
        if let known = instants[zone]?[instant] { return known }
        let answer = ask(instant)
        instants[zone, default: [:]][instant] = .some(answer)
        return answer
    }
}
