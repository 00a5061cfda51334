import DayPlan
import DayPlanJSON

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

    /// Reads a task's `metadata` object: each key of the table under its `exportField`, a flag as true or false,
    /// a value as a string (or null for none) that must be exactly one value of the key's kind
    /// (`TaskMetadata.checkedValue(_:for:)`), so that no value can carry another key's word into the file; a key
    /// the table does not have is refused at its path, since the format would leave it in the title.
    static func metadata(json: JSONValue, at path: String) throws(RecordError) -> TaskMetadata {
        var reader = try ObjectReader(json, at: path)
        var metadata = TaskMetadata()
        for member in reader.members {
            let here = reader.path(member.key)
            if let key = MetadataKey.all.first(where: { $0.exportField == member.key }) {
                if !key.takesValue {
                    if try reader.bool(member.key) { key.set(.set, in: &metadata) }
                } else if !key.exportedAlways, member.value == .bool(false) {
                    _ = reader.value(member.key)  // none, as a key a later version adds was read before it had a type
                } else if let text = try reader.string(member.key) {
                    do {
                        key.set(try TaskMetadata.checkedValue(text, for: key), in: &metadata)
                    } catch {
                        throw RecordError(path: here, message: error.message)
                    }
                }
                continue
            }
            _ = reader.value(member.key)
            guard !member.key.isEmpty, member.key.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
                throw RecordError(path: here, message: "not a metadata key: keys are lower-case letters")
            }
            if let key = MetadataKey.named(member.key) {
                throw RecordError(path: here, message: "@\(key.name) is written \"\(key.exportField)\" in the metadata object")
            }
            let word: String
            switch member.value {
            case .bool(let flag):
                guard flag else { continue }
                word = "@" + member.key
            case .string: word = "@\(member.key):\(try ObjectReader.line(member.value, at: here))"
            case .null: continue
            default: throw RecordError(path: here, message: "expected true, false, a string or null, found \(member.value.kindName)")
            }
            throw RecordError(path: here, message: "`\(word)` is not metadata this dayplan reads; on a task line it would be a word of the title")
        }
        try reader.finish(knowing: Array(knownMetadata))
        return metadata
    }
}
