import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// Every input the fuzzer ever broke a promise with (`Tests/Fuzz/regressions/`), checked on every run.
@Suite struct FuzzRegressionTests {
    static let folder = Repository.url("Tests/Fuzz/regressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: inputs)
    func keepsItsPromises(_ name: String) throws {
        let input = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        #expect(Invariants.all(input) == [], "\(name)")
    }
}
