import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Every input the calendar and import fuzz targets ever broke a promise with (`Tests/Fuzz/calendar-regressions/`,
/// `Tests/Fuzz/import-regressions/`), and the calendars that trapped or took minutes before, checked on every run.
@Suite struct CalendarFuzzRegressionTests {
    static func inputs(_ folder: String) -> [String] {
        let url = Repository.url(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: inputs("Tests/Fuzz/calendar-regressions"))
    func calendarKeepsItsPromises(_ name: String) throws {
        let input = try [UInt8](Data(contentsOf: Repository.url("Tests/Fuzz/calendar-regressions").appendingPathComponent(name)))
        #expect(CalendarInvariants.calendar(input) == [], "\(name)")
    }

    @Test(arguments: inputs("Tests/Fuzz/import-regressions"))
    func importKeepsItsPromises(_ name: String) throws {
        let input = try [UInt8](Data(contentsOf: Repository.url("Tests/Fuzz/import-regressions").appendingPathComponent(name)))
        #expect(CalendarInvariants.importReading(input) == [], "\(name)")
    }
}
