import Foundation
import Testing
@testable import DayPlan
@testable import DayPlanJSON
@testable import DayPlanArchive
@testable import DayPlanExport
@testable import DayPlanICalendar
@testable import DayPlanSync

/// `MetadataKey`, the one table of metadata keys: each key of it is known to the parser, the edit API, merge,
/// rollover, export and the Vim syntax (hover and completion: `MetadataKeyTextTests`, through the binary).
/// A key added to the table and forgotten by one of them fails here.
@Suite struct MetadataKeyTests {
    /// A value of the key's kind, and the word that writes it.
    static func sample(_ key: MetadataKey) -> (value: MetadataValue, word: String) {
        let value: MetadataValue = switch key.kind {
        case .flag: .set
        case .date: .day(Day("2026-12-01")!)
        case .scheduledDate: .scheduled(Day("2026-12-01")!, .evening)
        case .recurrence: .recurrence(Recurrence("mon,wed,fri")!)
        case .duration: .minutes(90)
        case .clock: .clock(9 * 60 + 30)
        case .choice(let words): .word(words[words.count - 1])
        }
        return (value, key.takesValue ? "@\(key.name):\(value)" : "@\(key.name)")
    }

    static let file = Array("# 2026-11-21\n\n## Morning\n\n## Afternoon\n\n## Evening\n\n## Backlog\n- [ ] Ship release\n".utf8)

    @Test func theTableIsInCanonicalOrderWithOneRowPerID() {
        #expect(MetadataKey.all.map(\.id) == MetadataKey.ID.allCases)
        #expect(MetadataKey.nameBytes.map { String(decoding: $0, as: UTF8.self) } == MetadataKey.all.map(\.name))
        #expect(Set(MetadataKey.all.map(\.exportField)).count == MetadataKey.all.count)
        for key in MetadataKey.all { #expect(MetadataKey.named(key.name)?.id == key.id) }
    }

    @Test(arguments: MetadataKey.ID.allCases)
    func theParserReadsAndWritesTheKey(_ id: MetadataKey.ID) throws {
        let key = MetadataKey[id], (value, word) = Self.sample(key)
        // The key in any case.
        let written = "@" + key.name.uppercased() + word.dropFirst(1 + key.name.count)
        let (task, findings) = try #require(PlanTask.parsing(line: "- [ ] Ship release \(written)"))
        #expect(findings.isEmpty && task.title == "Ship release", "\(findings)")
        #expect(key.value(in: task.metadata) == value)
        for other in MetadataKey.all where other.id != id { #expect(other.value(in: task.metadata) == nil, "\(other.name)") }
        #expect(task.canonicalLine == "- [ ] Ship release \(word)")
        #expect(key.readValue(word.split(separator: ":", maxSplits: 1).dropFirst().first) == value)
    }

    @Test(arguments: MetadataKey.ID.allCases)
    func theEditAPISetsAndRemovesTheKey(_ id: MetadataKey.ID) throws {
        let key = MetadataKey[id], (value, word) = Self.sample(key)
        let added = try DayEditor(Self.file).addMetadata(word, toTaskAt: 10).applied(to: Self.file)
        let task = try #require(DayEditor(added).task(at: 10)?.task)
        #expect(key.value(in: task.metadata) == value)
        let removed = try DayEditor(added).removeMetadata(key.name, fromTaskAt: 10).applied(to: added)
        #expect(removed == Self.file)
    }

    @Test(arguments: MetadataKey.ID.allCases)
    func theTaskMergeTakesTheKeyFromTheSideThatChangedIt(_ id: MetadataKey.ID) {
        let key = MetadataKey[id], (value, _) = Self.sample(key)
        let base = PlanTask(bucket: .misc, title: "Ship release")
        var done = base, keyed = base
        done.status = .done
        key.set(value, in: &keyed.metadata)
        func placed(_ task: PlanTask) -> TaskMerge.Placed { TaskMerge.Placed(task: task, region: .backlog) }
        for (ours, theirs) in [(done, keyed), (keyed, done)] {
            guard case .kept(let merged, _) = TaskMerge.merge(base: placed(base), ours: placed(ours), theirs: placed(theirs)) else {
                Issue.record("\(key.name): not kept")
                continue
            }
            #expect(key.value(in: merged.metadata) == value && merged.status == .done, "\(key.name)")
        }
        // Set to two different values on both sides: the key's rule, never one side silently.
        var other = base
        let second: MetadataValue? = switch key.kind {
        case .flag: nil
        case .date: .day(Day("2026-12-02")!)
        case .scheduledDate: .scheduled(Day("2026-12-01")!, nil)
        case .recurrence: .recurrence(Recurrence("weekday")!)
        case .duration: .minutes(45)
        case .clock: .clock(14 * 60 + 5)
        case .choice(let words): .word(words[0])
        }
        key.set(second, in: &other.metadata)
        let outcome = TaskMerge.merge(base: placed(base), ours: placed(keyed), theirs: placed(other))
        switch (key.merge, outcome) {
        case (.conflict, .conflict(_, _, let reason)):
            #expect(reason == "its @\(key.name): was set to two different \(key.valuesName)")
        case (.eitherSideSets, .kept(let merged, _)):
            #expect(key.value(in: merged.metadata) == .set)
        default:
            Issue.record("\(key.name): \(outcome) is not what \(key.merge) says")
        }
    }

    @Test(arguments: MetadataKey.ID.allCases)
    func rolloverTreatsTheKeyAsItsRuleSays(_ id: MetadataKey.ID) {
        let key = MetadataKey[id], (value, _) = Self.sample(key)
        var task = PlanTask(bucket: .misc, title: "x")
        key.set(value, in: &task.metadata)
        let left = Day("2026-11-20")!
        // The key's own value after each step.
        let deferred = key.value(in: task.rolled(.deferred(from: left)).metadata)
        let placed = key.value(in: task.rolled(.placedAsScheduled).metadata), copied = key.value(in: task.rolled(.copiedFromRoutine).metadata)
        let movedOn = key.value(in: task.rolled(.movedOn).metadata)
        #expect(movedOn == (key.rollover == .leftWithTheOldDay ? nil : value), "\(key.name)")
        switch key.rollover {
        case .kept, .leftWithTheOldDay:
            #expect(deferred == value && placed == value && copied == value)
        case .setToTheDayLeft:
            #expect(deferred == value && placed == value && copied == value)
            #expect(key.value(in: PlanTask(bucket: .misc, title: "x").rolled(.deferred(from: left)).metadata) == .day(left))
        case .removedOncePlaced:
            #expect(deferred == value && placed == nil && copied == value)
        case .removedFromRoutineCopies:
            #expect(deferred == value && placed == value && copied == nil)
        }
    }

    @Test(arguments: MetadataKey.ID.allCases)
    func exportWritesTheKeyInItsFieldAndImportReadsItBack(_ id: MetadataKey.ID) throws {
        let key = MetadataKey[id], (value, word) = Self.sample(key)
        let text = String(decoding: Self.file, as: UTF8.self).replacingOccurrences(of: "Ship release", with: "Ship release \(word)")
        let day = Day("2026-11-21")!
        let json = try #require(DayRecord.json(of: DayDocument(parsing: Array(text.utf8)), date: day))
        let parsed = try JSONValue(parsing: json)
        let metadata = try #require(parsed["regions"]?[3]?["tasks"]?[0]?["metadata"])
        let expected: JSONValue = key.takesValue ? .string(value.description) : .bool(true)
        #expect(metadata[key.exportField] == expected)
        // A task without metadata: exactly the fields written always, each unset.
        let plain = try JSONValue(parsing: try #require(DayRecord.json(of: DayDocument(parsing: Self.file), date: day)))
        let fields = plain["regions"]?[3]?["tasks"]?[0]?["metadata"]?.objectValue?.map(\.key)
        #expect(fields == MetadataKey.all.filter(\.exportedAlways).map(\.exportField))
        // Read back, the same task.
        let record = try DayRecord(json: parsed)
        let task = try #require(record.regions[3].tasks.first?.task)
        #expect(key.value(in: task.metadata) == value)
    }

    /// FORMAT.md §3.1 lists the table's keys, in its order, and §7 gives each one's merge rule.
    @Test func theFormatDocumentListsTheTablesKeys() throws {
        let format = try String(contentsOf: Repository.url("FORMAT.md"), encoding: .utf8)
        let metadata = try #require(format.range(of: "### 3.1 Metadata")?.upperBound)
        let end = try #require(format.range(of: "### 3.2", range: metadata..<format.endIndex)?.lowerBound)
        let keys = format[metadata..<end].split(separator: "\n").filter { $0.hasPrefix("| `@") }
            .map { String($0.dropFirst(4).prefix { $0.isLetter }) }
        #expect(keys == MetadataKey.all.map(\.name))
        let merging = try #require(format.range(of: "## 7. Merging")?.upperBound)
        for key in MetadataKey.all {
            #expect(format[merging...].contains("`@\(key.name)\(key.takesValue ? ":" : "")`"), "\(key.name)")
        }
    }

    /// The Vim syntax highlights exactly the table's keys, each with the pattern of its kind.
    @Test func theVimSyntaxListsExactlyTheTablesKeys() throws {
        let syntax = try String(contentsOf: Repository.url("editors/vim/syntax/dayplan.vim"), encoding: .utf8)
        var listed: [MetadataKey.Kind: [String]] = [:]
        for line in syntax.split(separator: "\n") where line.hasPrefix("syn match dayplanMetadata ") {
            // `@\c\%(carry\|sticky\)` and what follows it, which says the kind.
            let after = try #require(line.range(of: "@\\c\\%(")?.upperBound)
            let close = try #require(line[after...].range(of: "\\)")?.lowerBound)
            let names = line[after..<close].components(separatedBy: "\\|")
            let rest = line[close...].dropFirst(2)
            let kind: MetadataKey.Kind = if rest.hasPrefix("\\ze") { .flag }
                else if rest.hasPrefix(":\\d\\{4}-\\d\\d-\\d\\d\\%(\\/") { .scheduledDate }
                else if rest.hasPrefix(":\\d\\{4}-\\d\\d-\\d\\d") { .date }
                else if rest.hasPrefix(":\\%(\\d\\+h\\)") { .duration }
                else if rest.hasPrefix(":\\d\\d:\\d\\d") { .clock }
                else if rest.hasPrefix(":\\%(") {
                    // A choice: `:\%(low\|medium\|high\)`, its words as the table lists them.
                    .choice(String(rest.dropFirst(4)).components(separatedBy: "\\)")[0].components(separatedBy: "\\|"))
                }
                else { .recurrence }
            listed[kind, default: []] += names
        }
        for kind in Set([MetadataKey.Kind.flag, .date, .scheduledDate, .recurrence, .duration, .clock] + MetadataKey.all.map(\.kind)) {
            #expect(Set(listed[kind] ?? []) == Set(MetadataKey.all.filter { $0.kind == kind }.map(\.name)), "\(kind)")
        }
        #expect(listed.values.joined().count == MetadataKey.all.count)
    }

    /// The man page (`dayplan.5`), docs/EXPORT.md's field table, the JSON schema and DP036's message each list
    /// exactly the table's keys: a key added to the table and forgotten in one of them fails here (the schema's
    /// `additionalProperties` would otherwise hide a missing one).
    @Test func theManualTheExportDocsTheSchemaAndDP036ListTheTablesKeys() throws {
        let manual = try String(contentsOf: Repository.url("man/dayplan.5"), encoding: .utf8)
        let listed = manual.split(separator: "\n").filter { $0.hasPrefix(".It Li @") }
            .map { String($0.dropFirst(".It Li @".count).prefix { $0.isLetter }) }
        #expect(listed == MetadataKey.all.map(\.name))

        let export = try String(contentsOf: Repository.url("docs/EXPORT.md"), encoding: .utf8)
        let fields = export.split(separator: "\n").filter { $0.hasPrefix("| `metadata.") && !$0.hasPrefix("| `metadata.KEY`") }
            .map { String($0.dropFirst("| `metadata.".count).prefix { $0 != "`" }) }
        #expect(fields == MetadataKey.all.map(\.exportField))

        let schemaData = try Data(contentsOf: Repository.url("docs/EXPORT.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: schemaData) as? [String: Any])
        let defs = try #require(schema["$defs"] as? [String: Any])
        let task = try #require(defs["task"] as? [String: Any])
        let metadata = try #require((task["properties"] as? [String: Any])?["metadata"] as? [String: Any])
        let properties = try #require(metadata["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(MetadataKey.all.map(\.exportField)))
        #expect(Set(try #require(metadata["required"] as? [String])) == Set(MetadataKey.all.filter(\.exportedAlways).map(\.exportField)))

        let message = try #require(Linter.lint(Array("## Backlog\n- [ ] Ship it @mood:high\n".utf8), fileName: nil)
            .first { $0.rule == .unknownMetadata }?.message)
        for key in MetadataKey.all { #expect(message.contains("`@\(key.name)\(key.takesValue ? ":" : "")`"), "\(key.name)") }
    }
}
