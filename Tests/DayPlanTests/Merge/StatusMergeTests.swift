import Foundation
import Testing
import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// The status precedence table of FORMAT.md ("Merging"), read from the document, against the code: every
/// pair of statuses, from every ancestor status that makes both sides' changes real.
@Suite struct StatusMergeTests {
    static func status(_ box: Substring) -> Status? {
        Status.allCases.first { "`[\($0.mark)]`" == box }
    }

    /// The rows `| `[x]` | `[-]` | `[x]` |` of FORMAT.md's precedence table.
    static let table: [(Status, Status, Status)] = {
        let text = (try? String(contentsOf: Repository.url("FORMAT.md"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> (Status, Status, Status)? in
            let cells = line.trimmingCharacters(in: .whitespaces).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, let a = status(Substring(cells[0])), let b = status(Substring(cells[1])),
                  let merged = status(Substring(cells[2])) else { return nil }
            return (a, b, merged)
        }
    }()

    @Test func theTableHasEveryPairOnce() {
        var pairs: Set<[String]> = []
        for (a, b, _) in Self.table { pairs.insert([a.description, b.description].sorted()) }
        #expect(Self.table.count == 10)
        #expect(pairs.count == 10)
        #expect(Self.table.allSatisfy { $0.0 != $0.1 })
    }

    /// Both sides changed the status, to different statuses: the table's answer, whichever side is ours.
    @Test func bothChangedDifferentlyFollowsTheTable() {
        for (a, b, merged) in Self.table {
            for base in [Status?.none] + Status.allCases.map(Optional.some) where base != a && base != b {
                #expect(Status.merged(base: base, ours: a, theirs: b) == merged, "base \(String(describing: base)): \(a) against \(b)")
                #expect(Status.merged(base: base, ours: b, theirs: a) == merged, "base \(String(describing: base)): \(b) against \(a)")
            }
        }
    }

    @Test(arguments: Status.allCases)
    func oneSideChangedTakesIt(_ base: Status) {
        for other in Status.allCases {
            #expect(Status.merged(base: base, ours: base, theirs: other) == other)
            #expect(Status.merged(base: base, ours: other, theirs: base) == other)
            #expect(Status.merged(base: base, ours: other, theirs: other) == other)
            #expect(Status.merged(base: nil, ours: other, theirs: other) == other)
        }
    }

    /// A whole day file: the pair table through `DayMerge`, status by status.
    @Test func everyPairThroughAWholeMerge() throws {
        func file(_ status: Status) -> [UInt8] {
            Array("# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [\(status.mark)] Renew passport\n".utf8)
        }
        for (a, b, merged) in Self.table {
            for base in Status.allCases where base != a && base != b {
                let result = DayMerge.merge(base: file(base), ours: file(a), theirs: file(b), fileName: "2026-11-21.md")
                #expect(result.isClean && result.method == .byTask)
                #expect(result.bytes == file(merged), "\(base): \(a) against \(b)")
            }
        }
    }
}
