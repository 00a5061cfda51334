import Foundation
import Testing

/// The package's layers as Package.swift and the sources state them: the core depends on nothing, no target
/// imports one it does not declare, the targets form no cycle, and the files keep to their budgets.
@Suite struct PackageLayoutTests {
    /// A library target as Package.swift declares it: its name and the targets it depends on.
    struct Target {
        var name: String
        var dependencies: [String]
        var folder: URL { Repository.url("Sources/\(name)") }
    }

    /// The library targets (`.target(name:dependencies:…)`) of Package.swift, in its order.
    static let targets: [Target] = {
        let manifest = (try? String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)) ?? ""
        let declaration = /\.target\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?/
        return manifest.matches(of: declaration).map { match in
            let names = match.output.2.map { String($0).matches(of: /"(\w+)"/).map { String($0.output.1) } } ?? []
            return Target(name: String(match.output.1), dependencies: names)
        }
    }()

    /// The Swift files under `folder`.
    static func swiftFiles(in folder: URL) -> [URL] {
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The modules a file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(of file: URL) -> Set<String> {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return Set(text.matches(of: /(?m)^\s*(?:@\w+\s+)*import\s+(?:(?:struct|enum|class|protocol|func|var|let|typealias)\s+)?(\w+)/)
            .map { String($0.output.1) })
    }

    @Test func theCoreDependsOnNothingAndImportsNothing() throws {
        let core = try #require(Self.targets.first { $0.name == "DayPlan" })
        #expect(core.dependencies.isEmpty, "Package.swift gives the core target dependencies: \(core.dependencies)")
        let files = Self.swiftFiles(in: core.folder)
        #expect(files.count > 100)
        for file in files {
            // The core uses the standard library only: no other target of the package, no Foundation.
            let imported = Self.imports(of: file)
            #expect(imported.isEmpty, "\(file.path) imports \(imported.sorted())")
        }
    }

    @Test func eachTargetImportsOnlyWhatItDeclares() {
        let names = Set(Self.targets.map(\.name))
        #expect(names.isSuperset(of: ["DayPlan", "DayPlanJSON", "DayPlanArchive", "DayPlanExport", "DayPlanICalendar", "DayPlanSync"]))
        for target in Self.targets {
            let declared = Set(target.dependencies)
            #expect(declared.isSubset(of: names), "\(target.name) depends on \(declared.subtracting(names).sorted())")
            for file in Self.swiftFiles(in: target.folder) {
                let undeclared = Self.imports(of: file).intersection(names).subtracting(declared)
                #expect(undeclared.isEmpty, "\(file.path) imports \(undeclared.sorted()), which \(target.name) does not depend on")
            }
        }
    }

    @Test func theTargetsFormNoCycle() {
        let dependencies = Dictionary(uniqueKeysWithValues: Self.targets.map { ($0.name, $0.dependencies) })
        // Depth first; a target met again while it is still on the path closes a cycle.
        var finished: Set<String> = []
        func visit(_ name: String, path: [String]) {
            guard !finished.contains(name) else { return }
            if let index = path.firstIndex(of: name) {
                Issue.record("a cycle: \((path[index...] + [name]).joined(separator: " -> "))")
                return
            }
            for next in dependencies[name] ?? [] { visit(next, path: path + [name]) }
            finished.insert(name)
        }
        for target in Self.targets { visit(target.name, path: []) }
    }

    @Test func eachTargetHasAReadmeThatPackageSwiftExcludes() throws {
        let manifest = try String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)
        for target in Self.targets {
            #expect(FileManager.default.fileExists(atPath: target.folder.appendingPathComponent("README.md").path),
                    "Sources/\(target.name) has no README.md")
            #expect(manifest.contains(#".target(name: "\#(target.name)""#) &&
                    manifest.split(separator: "\n").contains { $0.contains(#"name: "\#(target.name)""#) && $0.contains(#"exclude: ["README.md"]"#) },
                    "Package.swift does not exclude Sources/\(target.name)/README.md")
        }
    }

    @Test func noSwiftFileInSourcesIsOver600Lines() {
        let files = Self.swiftFiles(in: Repository.url("Sources"))
        #expect(files.count > 200)
        for file in files {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            #expect(lines <= 600, "\(file.path) has \(lines) lines")
        }
    }

    @Test func theCoreIsAtMost11700Lines() {
        let lines = Self.swiftFiles(in: Repository.url("Sources/DayPlan")).reduce(0) { sum, file in
            sum + ((try? String(contentsOf: file, encoding: .utf8)) ?? "").utf8.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        }
        #expect(lines <= 11_700, "Sources/DayPlan has \(lines) lines")
    }

    @Test func noTwoPathsDifferOnlyInCase() {
        // What git keeps, as a default macOS or Windows volume would see it; build and tool outputs aside.
        let skipped: Set<String> = [".build", ".git", ".swiftpm", "bench-out", "fuzz-out"]
        var seen: [String: String] = [:]
        let root = Repository.root.standardizedFileURL.path
        let walk = FileManager.default.enumerator(at: Repository.root, includingPropertiesForKeys: nil)
        while let url = walk?.nextObject() as? URL {
            let path = String(url.standardizedFileURL.path.dropFirst(root.count))
            if let top = path.split(separator: "/").first, skipped.contains(String(top)) {
                walk?.skipDescendants()
                continue
            }
            if let other = seen.updateValue(path, forKey: path.lowercased()), other != path {
                Issue.record("\(other) and \(path) differ only in case")
            }
        }
        #expect(seen.count > 500)
    }
}
