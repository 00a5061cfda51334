import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing

/// Day files and folder checks shared by the rollover command tests.
enum RolloverFixtures {
    /// A Friday (2026-11-20) with something of everything: done, in progress, carried, expiring, notes, history.
    static let friday = """
        # 2026-11-20

        ## Morning
        * [x] Ship the release #work
        + [/] Update the onboarding doc #docs
          the section on local setup is stale
        - [ ] Reply to Bo @carry

        ## Afternoon
        * [ ] Write the talk @carry @sticky
        - [-] Buy stamps

        ## Evening
        - [ ] Book the concert @expires:2026-11-21

        ## Backlog
        - [>] Moved on earlier
        - [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-18
        - [ ] Sort photos @expires:2026-11-22
        + [ ] Learn Swift macros

        ## Notes
        - Notes are free text, never tasks.

        """

    /// `friday` after rolling over into Monday 2026-11-23.
    static let fridayAfter = """
        # 2026-11-20

        ## Morning
        * [x] Ship the release #work
        + [>] Update the onboarding doc #docs
          the section on local setup is stale
        - [>] Reply to Bo @carry

        ## Afternoon
        * [>] Write the talk @carry @sticky
        - [-] Buy stamps

        ## Evening
        - [-] Book the concert @expires:2026-11-21 @expired

        ## Backlog
        - [>] Moved on earlier
        - [>] Renew passport #admin @expires:2026-12-01 @from:2026-11-18
        - [-] Sort photos @expires:2026-11-22 @expired
        + [>] Learn Swift macros

        ## Notes
        - Notes are free text, never tasks.

        """

    /// The Monday 2026-11-23 that rollover makes from `friday`.
    static let monday = """
        # 2026-11-23

        ## Morning
        - [ ] Reply to Bo @carry

        ## Afternoon
        * [ ] Write the talk @carry @sticky

        ## Evening

        ## Backlog
        + [/] Update the onboarding doc #docs @from:2026-11-20
          the section on local setup is stale
        - [ ] Renew passport #admin @expires:2026-12-01 @from:2026-11-18
        + [ ] Learn Swift macros

        """

    /// What `dayplan rollover` prints for `friday` into `monday`, run in the plan folder.
    static let mondaySummary =
        "2026-11-23.md from 2026-11-20.md: 2 carried, 1 deferred to the backlog, 2 expired; the backlog holds 3 tasks\n"

    /// A Wednesday whose tasks were all rolled over already: history that must not change.
    static let wednesday = """
        # 2026-11-18

        ## Morning
        * [x] Plan the sprint
        - [>] Renew passport #admin

        ## Backlog
        - [>] Moved on earlier

        """

    /// A big plan, so that a run takes long enough to be killed in the middle: `count` tasks of every kind.
    static func big(day: String = "2026-11-20", count: Int) -> String {
        var text = "# \(day)\n\n"
        for (index, region) in ["Morning", "Afternoon", "Evening", "Backlog"].enumerated() {
            text += "## \(region)\n"
            for number in 0..<count {
                let bullet = ["*", "+", "-"][number % 3]
                let status = ["[ ]", "[/]", "[x]", "[ ]", "[-]"][number % 5]
                var line = "\(bullet) \(status) Task \(index)-\(number) #project\(number % 7)"
                if number % 4 == 0 { line += " @carry" }
                if number % 6 == 1 { line += " @sticky" }
                if number % 5 == 3 { line += " @expires:2026-11-\(10 + number % 20)" }
                text += line + "\n"
                if number % 3 == 0 { text += "  a note for task \(number)\n\n    indented further\n" }
            }
            text += "\n"
        }
        return text + "## Notes\nThe end.\n"
    }
}

extension TemporaryFolder {
    /// Every entry in the folder with its bytes, hidden ones included; the lock file only when asked.
    /// A folder is listed with a `/` and no bytes, a symbolic link with the path it holds.
    func contents(withLock: Bool = false) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try listing() where withLock || name != ".dayplan.lock" {
            let path = url.appendingPathComponent(name).path
            switch try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType {
            case .typeDirectory?: files[name + "/"] = []
            case .typeSymbolicLink?: files[name] = Array(try FileManager.default.destinationOfSymbolicLink(atPath: path).utf8)
            default: files[name] = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        return files
    }

    /// The day files' open tasks (to do or in progress), by title, with how many times each is open.
    func openTasks() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for name in try listing() where name.hasSuffix(".md") && !name.hasPrefix(".") {
            let bytes = try [UInt8](Data(contentsOf: url.appendingPathComponent(name)))
            for task in DayDocument(parsing: bytes).allTasks where task.status.isOpen {
                counts[task.identity, default: 0] += 1
            }
        }
        return counts
    }

    /// The temporary files a write left behind.
    func leftovers() throws -> [String] {
        try listing().filter { $0.hasSuffix(".dayplan-tmp") }
    }

    /// A new temporary folder holding the same files (the lock file aside).
    func copy() throws -> TemporaryFolder {
        let other = try TemporaryFolder()
        for (name, bytes) in try contents() { try other.write(name, bytes: bytes) }
        return other
    }

    /// Writes many files at once.
    func write(_ files: [String: String]) throws {
        for (name, text) in files { try write(name, text) }
    }
}
