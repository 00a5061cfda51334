import Testing
@testable import DayPlan
@testable import DayPlanFlow

/// `dayplan plan --fit`'s placing (`TimeBlocks.fitted(from:)`) on generated days: nothing overlaps an event, a timed
/// task or another placed task, nothing passes its region's hours or starts before now, must tasks are placed first,
/// a region over capacity gets nothing, and fitting the fitted day places nothing more.
@Suite struct TimeBlocksTests {
    static let day = Day("2026-11-21")!

    /// A generated day: its text and its events.
    static func generated(_ seed: Int) -> (text: String, events: [CalendarEvent]) {
        var random = SeededGenerator(seed: UInt64(seed))
        var text = "# 2026-11-21\n"
        for (region, hours) in [("Morning", 360..<720), ("Afternoon", 720..<1080), ("Evening", 1080..<1380)] {
            text += "\n## \(region)\n"
            for index in 0..<random.next(7) {
                let bullet = random.pick(["*", "+", "-"]), status = random.pick([" ", " ", " ", "x", "/"])
                var line = "\(bullet) [\(status)] "
                if random.next(4) == 0 {
                    let start = hours.lowerBound + random.next(hours.count / 15) * 15
                    line += TaskTime(start: start, end: random.next(2) == 0 ? nil : min(1439, start + 15 + random.next(8) * 15)).description + " "
                }
                line += "Task \(region) \(index)"
                if random.next(3) != 0 { line += " @est:\(random.pick([15, 20, 30, 45, 60, 90, 120, 180]))m" }
                text += line + "\n"
            }
        }
        text += "\n## Backlog\n- [ ] Someday @est:30m\n"
        var events: [CalendarEvent] = []
        for index in 0..<random.next(6) {
            let start = 300 + random.next(70) * 15, length = 15 + random.next(8) * 15
            events.append(CalendarEvent(title: "Event \(index)", location: nil, uid: "e\(index)",
                                        start: LocalTime(day: day, secondOfDay: start * 60),
                                        end: LocalTime(day: day, secondOfDay: min(86_399, (start + length) * 60)), isAllDay: false,
                                        isRecurring: false, source: "test.ics", line: index + 1))
        }
        return (text, events)
    }

    static func blocks(_ text: String, _ events: [CalendarEvent]) -> TimeBlocks {
        let document = DayDocument(parsing: Array(text.utf8))
        return TimeBlocks(document, schedule: DaySchedule(day: day, events: events, tasks: PlannedTime.tasks(in: document),
                                                          hours: .defaults))
    }

    @Test(arguments: 0..<300)
    func placesWithoutOverlapInsideTheHoursMustFirstAndIdempotently(seed: Int) throws {
        let (text, events) = Self.generated(seed)
        let now = seed % 3 == 0 ? 600 + seed % 200 : nil
        let blocks = Self.blocks(text, events)
        let fit = blocks.fitted(from: now)
        for region in blocks.regions {
            let placed = fit.placed.filter { placement in region.untimed.contains { $0.task.line == placement.task.line } }
            if fit.refused.contains(where: { $0.region == region.region }) {
                #expect(region.free < 0 && placed.isEmpty, "seed \(seed)")
                continue
            }
            let taken = region.blocks.filter { $0.kind != .free }.map(\.minutes)
            var spans: [Range<Int>] = []
            for placement in placed {
                let minutes = try #require(placement.task.metadata.estimate)
                let span = placement.start..<placement.start + minutes
                #expect(region.hours.contains(span.lowerBound) && span.upperBound <= region.hours.upperBound, "seed \(seed): \(span)")
                #expect(now.map { span.lowerBound >= $0 } ?? true, "seed \(seed): before now")
                #expect(!taken.contains { $0.overlaps(span) }, "seed \(seed): \(span) over an event or a timed task")
                #expect(!spans.contains { $0.overlaps(span) }, "seed \(seed): \(span) over another placed task")
                spans.append(span)
            }
            // Bucket order: the placed tasks come must first, and no task of a later bucket is placed before one of
            // an earlier.
            let buckets = placed.map(\.task.bucket.rawValue)
            #expect(buckets == buckets.sorted(), "seed \(seed)")
        }
        // The times written, the day fits again to nothing new: what was placed is timed, the rest is as it was.
        var bytes = Array(text.utf8)
        for placement in fit.placed {
            bytes = try DayEditor(bytes).setTitle(TaskTime(start: placement.start).description + " " + placement.task.title,
                                                  ofTaskAt: placement.task.line).after
        }
        let again = Self.blocks(String(decoding: bytes, as: UTF8.self), events).fitted(from: now)
        #expect(again.placed.isEmpty, "seed \(seed): \(again.placed.map(\.task.title))")
        #expect(again.unfitted.map(\.line) == fit.unfitted.map(\.line), "seed \(seed)")
        #expect(again.refused.map(\.region) == fit.refused.map(\.region), "seed \(seed)")
    }

    /// The generated days exercise every outcome: tasks placed, regions refused, tasks no gap fits.
    @Test func theGeneratedDaysMeetEveryCase() {
        var placed = 0, refused = 0, unfitted = 0
        for seed in 0..<300 {
            let (text, events) = Self.generated(seed)
            let fit = Self.blocks(text, events).fitted(from: seed % 3 == 0 ? 600 + seed % 200 : nil)
            placed += fit.placed.count
            refused += fit.refused.count
            unfitted += fit.unfitted.count
        }
        #expect(placed > 200 && refused > 5 && unfitted > 5, "\(placed) placed, \(refused) refused, \(unfitted) unfitted")
    }

    @Test func theBlocksOfADay() {
        let text = "# 2026-11-21\n\n## Morning\n- [ ] Email @est:20m\n* [ ] Talk @est:90m\n+ [ ] 10:30 Call Ana @est:30m\n- [ ] Milk\n"
        let standup = CalendarEvent(title: "Standup", location: nil, uid: "s", start: LocalTime(day: Self.day, secondOfDay: 9 * 3600),
                                    end: LocalTime(day: Self.day, secondOfDay: 9 * 3600 + 1800), isAllDay: false, isRecurring: false,
                                    source: "w.ics", line: 1)
        let blocks = Self.blocks(text, [standup])
        let morning = blocks.regions[0]
        #expect(morning.blocks.map { "\($0.kind) \($0.minutes.lowerBound)-\($0.minutes.upperBound) \($0.title)" } == [
            "free 360-540 ", "event 540-570 Standup", "free 570-630 ", "task 630-660 Call Ana", "free 660-720 ",
        ])
        #expect(morning.untimed.map(\.task.title) == ["Talk", "Email", "Milk"])
        #expect(morning.free == 360 - 30 - 30 - 110)
        let fit = blocks.fitted(from: 600)
        // From 10:00: the talk (must) fits no gap of 90 minutes left; the email goes at 10:00.
        #expect(fit.placed.map { "\($0.task.title) \($0.start)" } == ["Email 600"])
        #expect(fit.unfitted.map(\.title) == ["Talk"])
        #expect(blocks.fitted().placed.map { "\($0.task.title) \($0.start)" } == ["Talk 360", "Email 450"])
    }
}
