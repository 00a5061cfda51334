import DayPlan

/// Where the calendar reader learns time zones: the offset from UTC of a zone named by an event's `TZID`
/// (an IANA name such as `Europe/Berlin`) and of the local zone, the one the plan's day is read in.
///
/// The library reads no files, and the time zone database is files: the command supplies the rules (from the
/// system's zoneinfo, through the C library), tests supply their own. `FixedZones` is a simple one.
public protocol TimeZoneRules {
    /// Seconds east of UTC in the zone `id` at `instant` (seconds since 1970-01-01T00:00:00Z); nil when the
    /// zone is unknown.
    func offset(ofZone id: String, at instant: Int) -> Int?
    /// Seconds east of UTC of the local zone at `instant`.
    func localOffset(at instant: Int) -> Int
}

/// Time zones that never change their offset: the local zone's and a table of named ones (`UTC` is always
/// known). For tests, and for a reader that wants every time in UTC.
public struct FixedZones: TimeZoneRules, Sendable {
    /// Seconds east of UTC of the local zone.
    public var local: Int
    /// Seconds east of UTC of each named zone.
    public var zones: [String: Int]

    /// Zones with these offsets; by default UTC is the local zone and no other is known.
    public init(local: Int = 0, zones: [String: Int] = [:]) {
        self.local = local
        self.zones = zones
    }

    /// The named zone's offset; `UTC`, `Etc/UTC` and `GMT` are 0 unless the table says otherwise.
    public func offset(ofZone id: String, at instant: Int) -> Int? {
        zones[id] ?? (["UTC", "Etc/UTC", "GMT", "Z"].contains(id) ? 0 : nil)
    }

    /// The local zone's offset.
    public func localOffset(at instant: Int) -> Int { local }
}

extension TimeZoneRules {
    /// The instant (UTC seconds) of the wall-clock time `wall` (seconds counted as `CivilDays` counts days) in
    /// zone `id`; nil when the zone is unknown. A time skipped by a change to summer time is read with the
    /// offset before the change (02:30 becomes 03:30), a time that happens twice as its first occurrence, as
    /// RFC 5545 §3.3.5 says.
    func instant(ofWall wall: Int, inZone id: String) -> Int? {
        // Zones change their offset at most once within two days, in practice: the offsets a day before and
        // a day after are the only candidates.
        guard let before = offset(ofZone: id, at: wall - CivilDays.secondsPerDay),
              let after = offset(ofZone: id, at: wall + CivilDays.secondsPerDay) else { return nil }
        let fits = [before, after].filter { offset(ofZone: id, at: wall - $0) == $0 }.map { wall - $0 }
        return fits.min() ?? wall - before
    }

    /// The wall-clock time in zone `id` of `instant`; nil when the zone is unknown.
    func wall(ofInstant instant: Int, inZone id: String) -> Int? {
        offset(ofZone: id, at: instant).map { instant + $0 }
    }

    /// The local wall-clock time of `instant`.
    func localWall(ofInstant instant: Int) -> Int { instant + localOffset(at: instant) }

    /// The instant of a local wall-clock time, the first when it happens twice.
    func instant(ofLocalWall wall: Int) -> Int {
        let before = localOffset(at: wall - CivilDays.secondsPerDay), after = localOffset(at: wall + CivilDays.secondsPerDay)
        let fits = [before, after].filter { localOffset(at: wall - $0) == $0 }.map { wall - $0 }
        return fits.min() ?? wall - before
    }
}
