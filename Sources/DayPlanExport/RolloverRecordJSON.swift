import DayPlan
import DayPlanJSON

/// A rollover's record as JSON: the form `dayplan rollover` writes for `--undo`.
extension RolloverRecord {
    /// The record as JSON (version 1; `madeFolders` only when it made some); nil when a file is not UTF-8 text, which JSON cannot carry byte for byte.
    package var json: JSONValue? {
        func text(_ bytes: [UInt8]?) -> JSONValue? {
            guard let bytes else { return .null }
            let string = String(decoding: bytes, as: UTF8.self)
            return Array(string.utf8) == bytes ? .string(string) : nil
        }
        guard let sb = text(sourceBefore), let sa = text(sourceAfter), let tb = text(targetBefore),
              let ta = text(targetAfter) else { return nil }
        var members: [JSONValue.Member] = [
            .init("version", 1), .init("sourcePath", .string(sourcePath)), .init("targetPath", .string(targetPath)),
            .init("sourceBefore", sb), .init("sourceAfter", sa), .init("targetBefore", tb), .init("targetAfter", ta),
        ]
        if !madeFolders.isEmpty { members.append(.init("madeFolders", .array(madeFolders.map { .string($0) }))) }
        return .object(members)
    }

    /// Reads a record written by `json`; nil when it is not one.
    package init?(json: JSONValue) {
        func bytes(_ key: String) -> [UInt8]?? {
            guard let value = json[key] else { return .none }
            if value.isNull { return .some(nil) }
            return value.stringValue.map { .some(Array($0.utf8)) } ?? .none
        }
        guard json["version"]?.intValue == 1, let source = json["sourcePath"]?.stringValue,
              let target = json["targetPath"]?.stringValue, let sb = bytes("sourceBefore"), let sa = bytes("sourceAfter"),
              let tb = bytes("targetBefore"), let ta = bytes("targetAfter"), let targetAfter = ta else { return nil }
        // Written by rollovers since the folders were recorded; a record without it made none (or predates it).
        var folders: [String] = []
        if let made = json["madeFolders"] {
            guard let items = made.arrayValue else { return nil }
            for item in items {
                guard let folder = item.stringValue else { return nil }
                folders.append(folder)
            }
        }
        self.init(sourcePath: source, targetPath: target, sourceBefore: sb, sourceAfter: sa, targetBefore: tb, targetAfter: targetAfter,
                  madeFolders: folders)
    }
}
