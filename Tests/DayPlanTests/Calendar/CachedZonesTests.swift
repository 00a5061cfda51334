import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `CachedZones` gives the offsets and the events the rules it wraps give, over seeded inputs.
@Suite struct CachedZonesTests {
    static let zoneNames = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/Sao_Paulo",
                            "Pacific/Apia", "UTC", "Nowhere/Land"]

    @Test func cachedOffsetsAreThePlainOnes() {
        var random = EventCalendarPropertyTests.Seeded(state: 3636)
        let plain = FoundationZones(local: TimeZone(identifier: "Australia/Lord_Howe")!)
        let cached = CachedZones(plain)
        // 2000 to 2040, and many instants near the changes (minutes either side of each hour).
        for round in 0..<20_000 {
            let instant = round % 2 == 0
                ? Int.random(in: 946_684_800...2_208_988_800, using: &random)
                : Int.random(in: 946_684_800...2_208_988_800, using: &random) / 3600 * 3600 + Int.random(in: -120...120, using: &random)
            let zone = Self.zoneNames.randomElement(using: &random)!
            #expect(cached.offset(ofZone: zone, at: instant) == plain.offset(ofZone: zone, at: instant), "\(zone) at \(instant)")
            #expect(cached.localOffset(at: instant) == plain.localOffset(at: instant), "local at \(instant)")
        }
    }

    @Test func daysWithAChangeAreExact() {
        // Around every change of offset of these zones from 2000 to 2040, instants asked in random order (the
        // first asked of a day may be on either side of its change), each against the plain rules.
        var random = EventCalendarPropertyTests.Seeded(state: 3640)
        let plain = FoundationZones(local: TimeZone(identifier: "America/Sao_Paulo")!)
        var changes = 0
        for name in Self.zoneNames {
            guard let zone = TimeZone(identifier: name) else { continue }
            let cached = CachedZones(plain)
            var date = Date(timeIntervalSince1970: 946_684_800)
            while let next = zone.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < 2_208_988_800 {
                let change = Int(next.timeIntervalSince1970)
                changes += 1
                for _ in 0..<12 {
                    let instant = change + Int.random(in: -90_000...90_000, using: &random)
                    #expect(cached.offset(ofZone: name, at: instant) == plain.offset(ofZone: name, at: instant), "\(name) at \(instant)")
                    #expect(cached.localOffset(at: instant) == plain.localOffset(at: instant), "local at \(instant)")
                }
                date = next
            }
        }
        #expect(changes > 200)
    }

    @Test func changesInsideAnHourAreExact() {
        // Lord Howe changes at 02:00 local, half past an hour in UTC: 2026-10-03T15:30:00Z (+10:30 to +11).
        let plain = FoundationZones(local: TimeZone(identifier: "Australia/Lord_Howe")!)
        let cached = CachedZones(plain)
        let change = 1_791_041_400
        for instant in stride(from: change - 7200, through: change + 7200, by: 60) {
            #expect(cached.localOffset(at: instant) == plain.localOffset(at: instant), "\(instant)")
            #expect(cached.offset(ofZone: "Australia/Lord_Howe", at: instant) == plain.offset(ofZone: "Australia/Lord_Howe", at: instant))
        }
        #expect(plain.localOffset(at: change - 1) != plain.localOffset(at: change + 1))
    }

    @Test func cachedEventsAreThePlainOnes() {
        var random = EventCalendarPropertyTests.Seeded(state: 36)
        let plain = FoundationZones(local: TimeZone(identifier: "America/New_York")!)
        let cached = CachedZones(plain)
        let rules = ["", "\r\nRRULE:FREQ=WEEKLY;COUNT=40", "\r\nRRULE:FREQ=DAILY;INTERVAL=3", "\r\nRRULE:FREQ=MONTHLY;BYDAY=-1SU"]
        var bodies: [String] = []
        for index in 0..<300 {
            let day = Day("2026-01-01")!.adding(days: Int.random(in: -60...400, using: &random))
            let stamp = String(day.description.filter(\.isNumber)) + String(format: "T%02d%02d00", Int.random(in: 0...23, using: &random),
                                                                          [0, 15, 30, 45].randomElement(using: &random)!)
            let zone = ["", ";TZID=Europe/Berlin", ";TZID=Australia/Lord_Howe", ";TZID=Asia/Kathmandu", ";TZID=Nowhere/Land"]
                .randomElement(using: &random)!
            let utc = zone.isEmpty && Bool.random(using: &random) ? "Z" : ""
            bodies.append("UID:e\(index)\r\nSUMMARY:e\(index)\r\nDTSTART\(zone):\(stamp)\(utc)\r\nDURATION:PT\(Int.random(in: 1...30, using: &random) * 15)M"
                          + rules.randomElement(using: &random)!)
        }
        var reader = EventCalendar()
        reader.read(Array(("BEGIN:VCALENDAR\r\n" + bodies.map { "BEGIN:VEVENT\r\n\($0)\r\nEND:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n").utf8),
                    source: "c.ics")
        var seen = 0
        for _ in 0..<120 {
            let day = Day("2026-01-01")!.adding(days: Int.random(in: -30...420, using: &random))
            let expected = reader.events(on: day, zones: plain), found = reader.events(on: day, zones: cached)
            #expect(found == expected, "\(day)")
            seen += expected.events.count
        }
        #expect(seen > 100)
    }
}
