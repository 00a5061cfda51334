/// A task's metadata in export's JSON: the keys of `MetadataKey.all`, each under its `exportField`.
extension DayRecord {
    /// The metadata keys schema version 1 names (`MetadataKey.exportedAlways`): always written, each as its own
    /// member; they are flags and dates.
    static let alwaysExported = MetadataKey.all.filter(\.exportedAlways)

    /// The fields of `alwaysExported`.
    static let knownMetadata = Set(alwaysExported.map(\.exportField))

    /// The metadata keys other than `alwaysExported` that the task has, as field and value (nil for a flag),
    /// as the canonical line writes them: keys a later version of the format adds travel through export and
    /// import without a change here.
    static func otherMetadata(_ metadata: TaskMetadata) -> [(key: String, value: String?)] {
        MetadataKey.all.filter { !$0.exportedAlways }.compactMap { key in
            key.value(in: metadata).map { (key.exportField, key.takesValue ? $0.description : nil) }
        }
    }

    /// Reads a task's `metadata` object: the five keys of version 1 by type, and any other key as the format
    /// reads `@key` (true) or `@key:value` on a task line; a word the format would leave in the title is
    /// refused at its path.
    static func metadata(json: JSONValue, at path: String) throws(RecordError) -> TaskMetadata {
        var reader = try ObjectReader(json, at: path)
        var words: [(key: String, word: String)] = []
        for member in reader.members {
            let here = reader.path(member.key)
            if let key = alwaysExported.first(where: { $0.exportField == member.key }) {
                if !key.takesValue {
                    if try reader.bool(member.key) { words.append((member.key, "@" + key.name)) }
                } else if let day = try reader.day(member.key) {
                    words.append((member.key, "@\(key.name):\(day)"))
                }
            } else {
                _ = reader.value(member.key)
                guard !member.key.isEmpty, member.key.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
                    throw RecordError(path: here, message: "not a metadata key: keys are lower-case letters")
                }
                let name = MetadataKey.all.first { $0.exportField == member.key }?.name ?? member.key
                switch member.value {
                case .bool(let flag): if flag { words.append((member.key, "@" + name)) }
                case .string: words.append((member.key, "@\(name):\(try ObjectReader.line(member.value, at: here))"))
                case .null: break
                default: throw RecordError(path: here, message: "expected true, false, a string or null, found \(member.value.kindName)")
                }
            }
        }
        try reader.finish(knowing: Array(knownMetadata))
        guard !words.isEmpty else { return TaskMetadata() }
        // The format says what each word means: a task line with them, read by the parser.
        let probe = DayDocument(parsing: Array("# 2000-01-01\n\n## Backlog\n- [ ] x \(words.map(\.word).joined(separator: " "))\n".utf8))
        guard let task = probe.tasks(in: .backlog).first else { return TaskMetadata() }
        if task.title != "x" {
            let left = task.title.split(separator: " ").dropFirst()
            let culprit = words.first { left.contains(Substring($0.word)) } ?? words[0]
            throw RecordError(path: ObjectReader.join(path, culprit.key),
                              message: "`\(culprit.word)` is not metadata this dayplan reads; on a task line it would be a word of the title")
        }
        return task.metadata
    }
}
