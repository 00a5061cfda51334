import Foundation
import Testing

/// The repository must check out whole on a case-insensitive volume (macOS's default): no two of its paths,
/// files or folders, may differ only in case.
@Suite struct PathCaseTests {
    /// Every path below the repository's top folder, build products and git's own folder left out.
    static func paths() throws -> [String] {
        let root = Repository.root.path
        let skipped: Set<String> = [".build", ".git", ".swiftpm", "bench-out", "fuzz-out"]
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? root : root + "/" + relative
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                if relative.isEmpty, skipped.contains(name) { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                found.append(path)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), isFolder.boolValue {
                    pending.append(path)
                }
            }
        }
        return found
    }

    @Test func noTwoPathsDifferOnlyInCase() throws {
        let paths = try Self.paths()
        #expect(paths.contains("Sources/DayPlan") && paths.contains("Sources/DayPlanCLI"))
        let byFoldedCase = Dictionary(grouping: paths, by: { $0.lowercased() })
        let clashes = byFoldedCase.values.filter { $0.count > 1 }.map { $0.sorted().joined(separator: " and ") }
        #expect(clashes.isEmpty, "paths that differ only in case: \(clashes.sorted().joined(separator: "; "))")
    }
}
