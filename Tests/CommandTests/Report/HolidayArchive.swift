import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// A plan folder of 45 calendar days with a ten-day holiday in it, for the HTML report's tests: plans from
/// 2026-10-08 through 2026-11-20 but none from 2026-10-24 through 2026-11-02, and today 2026-11-21 (the
/// tests' fixed clock, `Binary.environment`). Each day has a done must task `#work`, work `#work` and home
/// tasks `#home`, tasks without a tag, on some days one tagged `#inbox` by hand, and a Backlog of three
/// tasks moved on from day to day (so its rows count 100 and more tasks held, none planned).
enum HolidayArchive {
    static let first = Day("2026-10-08")!, last = Day("2026-11-20")!
    /// The holiday: the days without a plan.
    static let holiday = Day("2026-10-24")!...Day("2026-11-02")!
    /// The days with a plan, in order.
    static var planDays: [Day] {
        (0...first.days(until: last)).map { first.adding(days: $0) }.filter { !holiday.contains($0) }
    }
    /// Done tasks carrying `#inbox` as written, over the whole folder.
    static var writtenInbox: Int { planDays.indices.filter { $0 % 4 == 0 }.count }

    /// The folder, made in a temporary folder.
    static func make() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let days = planDays
        for (index, day) in days.enumerated() {
            // Completion moves between about a third and all of the day, so the charts have a shape.
            let morningDone = index % 3 != 1, afternoonDone = index % 5 < 3, eveningDone = index % 2 == 0
            let lastDay = index == days.count - 1
            var text = "# \(day)\n\n## Morning\n"
            text += "* [x] Write section \(index + 1) of the handbook #work\n"
            text += "+ [\(morningDone ? "x" : ">")] Review pull request \(index + 100) #work\n"
            text += "- [x] Answer the mail of \(day)\n\n## Afternoon\n"
            text += "+ [\(afternoonDone ? "x" : " ")] Garden hour \(index + 1) #home\n"
            text += "- [\(index % 7 == 3 ? "-" : "x")] Walk to the shop, round \(index + 1)\n"
            if index % 4 == 0 { text += "- [x] Sort the paper tray, pile \(index + 1) #inbox\n" }
            text += "\n## Evening\n"
            text += "- [\(eveningDone ? "x" : " ")] Read a chapter, number \(index + 1)\n\n## Backlog\n"
            let mark = lastDay ? " " : ">"
            text += "- [\(mark)] Fix the bike #home @from:2026-10-08\n"
            text += "- [\(mark)] Paint the fence #home @from:2026-10-08\n"
            text += "+ [\(mark)] Plan the winter trip @from:2026-10-08\n"
            try folder.write("\(day).md", text)
        }
        return folder
    }
}
