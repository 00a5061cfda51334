import Testing
@testable import DayPlan
@testable import DayPlanFlow

/// `TimeTracking` on values: the running start read back, the minutes a stop adds, and the edits touching
/// only the task's line.
@Suite struct TimeTrackingTests {
    static let day = Day("2026-11-21")!
    static let text = "# 2026-11-21\n\n## Morning\n* [/] Write the talk @est:2h @spent:50m @running:23:10\n+ [ ] Call Ana\n"

    static func at(_ minutes: Int, daysLater: Int = 0) -> LocalTime {
        LocalTime(day: day.adding(days: daysLater), secondOfDay: minutes * 60)
    }

    /// A clock before the day's start hour is the next calendar day (a plan whose day starts at 4 runs to 4 a.m.).
    @Test func theRunningStartIsOnTheFilesDayOrAfterMidnightBeforeItsStartHour() throws {
        let editor = DayEditor(Array(Self.text.utf8))
        let running = TimeTracking.running(in: editor.document, of: Self.day)
        #expect(running.map(\.since) == [Self.at(23 * 60 + 10)])
        let early = DayEditor(Array(Self.text.replacingOccurrences(of: "23:10", with: "01:30").utf8))
        #expect(TimeTracking.running(in: early.document, of: Self.day, dayStartsAt: 4).map(\.since) == [Self.at(90, daysLater: 1)])
        #expect(TimeTracking.running(in: early.document, of: Self.day, dayStartsAt: 0).map(\.since) == [Self.at(90)])
    }

    /// Stopping adds the whole minutes of the clock, across midnight too, and changes that line alone, as one
    /// edit whose inverse gives the file back.
    @Test func stoppingAddsTheMinutesAsOneEdit() throws {
        let bytes = Array(Self.text.utf8)
        let editor = DayEditor(bytes)
        let running = try #require(TimeTracking.running(in: editor.document, of: Self.day).first)
        let stopped = try TimeTracking.stop(running, at: Self.at(40, daysLater: 1), in: editor)
        #expect(stopped.minutes == 90 && stopped.spent == 140)
        #expect(String(decoding: stopped.edit.after, as: UTF8.self)
                == Self.text.replacingOccurrences(of: "@spent:50m @running:23:10", with: "@spent:2h20m"))
        #expect(stopped.edit.edits.count == 1)
        #expect(TextEdit.apply(stopped.edit.inverse, to: stopped.edit.after) == bytes)
        #expect(throws: TimeTracking.StopProblem.startsLater(Self.at(23 * 60 + 10))) {
            try TimeTracking.stop(running, at: Self.at(23 * 60), in: editor)
        }
        #expect(throws: TimeTracking.StopProblem.tooLong(minutes: 100 * 60 + 30)) {
            try TimeTracking.stop(running, at: Self.at(23 * 60 + 10 + 100 * 60 + 30), in: editor)
        }
    }

    /// Less than a minute writes no `@spent:` (none of 0 minutes exists); starting marks a task to do doing.
    @Test func aStopWithinTheMinuteWritesNoSpentAndStartMarksDoing() throws {
        let editor = DayEditor(Array("## Morning\n+ [ ] Call Ana\n".utf8))
        let started = try TimeTracking.start(taskAt: 2, at: Self.at(9 * 60 + 5), in: editor)
        #expect(String(decoding: started.after, as: UTF8.self) == "## Morning\n+ [/] Call Ana @running:09:05\n")
        #expect(started.summary == "started at 09:05 and marked doing: Call Ana")
        let again = DayEditor(started.after)
        let running = try #require(TimeTracking.running(in: again.document, of: Self.day).first)
        let stopped = try TimeTracking.stop(running, at: LocalTime(day: Self.day, secondOfDay: (9 * 60 + 5) * 60 + 59), in: again)
        #expect(stopped.minutes == 0 && stopped.spent == nil)
        #expect(String(decoding: stopped.edit.after, as: UTF8.self) == "## Morning\n+ [/] Call Ana\n")
    }
}
