import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

@Suite struct RegionHoursTests {
    @Test func defaultsAndSettings() throws {
        #expect(try Settings(parsing: []).regionHours == .defaults)
        #expect(RegionHours.defaults.hours(of: .evening) == 1080..<1380)
        #expect(RegionHours.defaults.hours(of: .backlog) == nil)
        let settings = try Settings(parsing: Array("morning = 07:30 - 11:00\nevening = 19:00-24:00\ncalendars = work.ics, ~/cal ,\n".utf8))
        #expect(settings.regionHours.morning == 450..<660)
        #expect(settings.regionHours.afternoon == 720..<1080)
        #expect(settings.regionHours.evening == 1140..<1440)
        #expect(settings.calendars == ["work.ics", "~/cal"])
    }

    @Test(arguments: [
        ("morning = 6-12\n", 1, "morning", "`6-12` is not a time range; write HH:MM-HH:MM, such as 06:00-12:00"),
        ("evening = 23:00-18:00\n", 1, "evening", "`23:00-18:00` ends before it starts"),
        ("afternoon = 12:00-24:30\n", 1, "afternoon", "is not a time range"),
        ("morning = 06:00-13:00\n", 1, "morning", "Afternoon (12:00-18:00) begins before Morning (06:00-13:00) ends"),
        ("# x\nmorning = 06:00-12:00\nafternoon = 11:00-18:00\n", 3, "afternoon", "Afternoon (11:00-18:00) begins before Morning (06:00-12:00) ends"),
    ])
    func namesWhatIsWrong(_ text: String, _ line: Int, _ key: String, _ message: String) {
        #expect {
            try Settings(parsing: Array(text.utf8))
        } throws: { error in
            guard let error = error as? SettingsError else { return false }
            return error.line == line && error.key == key && error.message.contains(message)
        }
    }
}
