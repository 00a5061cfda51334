import DayPlan
import DayPlanJSON

/// The JSON an export is written as (EXPORT.md): one document `{"version":1,"days":[…]}` with a day a line,
/// or JSON Lines, one day object a line. Written a day at a time, so that an archive of any size streams
/// through in flat memory, and read back whole by `days(parsing:)`.
public struct ExportDocument: Sendable {
    /// The schema version this library writes and reads. It changes only if a field changes meaning or goes
    /// away; new fields may be added within a version.
    public static let version = 1

    /// How the days are framed.
    public enum Framing: Sendable {
        /// One JSON document: `{"version":1,"days":[` and a day a line, `]}`.
        case document
        /// JSON Lines: each day's object on its own line, nothing else.
        case lines
    }

    /// How the days being written are framed.
    public let framing: Framing
    private var daysWritten = 0

    /// Starts writing days framed as `framing`.
    public init(framing: Framing) {
        self.framing = framing
    }

    /// What comes before the first day.
    public func start() -> [UInt8] {
        framing == .document ? Array("{\"version\":\(ExportDocument.version),\"days\":[".utf8) : []
    }

    /// One day, with what separates it from the one before.
    public mutating func day(_ record: DayRecord) -> [UInt8] {
        day(serialized: record.json())
    }

    /// One day given as its JSON text (`record.json()`, made on any thread), with what
    /// separates it from the one before.
    public mutating func day(serialized json: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(json.count + 2)
        day(serialized: json) { output.append(contentsOf: $0) }
        return output
    }

    /// One day given as its JSON text, handed to `sink` a piece at a time with what separates it from the one
    /// before, the text where it is (no copy made: an export of years writes megabytes).
    public mutating func day(serialized json: [UInt8], to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        if framing == .document {
            let separator: StaticString = daysWritten == 0 ? "\n" : ",\n"
            sink(UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount))
        }
        json.withUnsafeBufferPointer(sink)
        if framing == .lines {
            let newline: StaticString = "\n"
            sink(UnsafeBufferPointer(start: newline.utf8Start, count: newline.utf8CodeUnitCount))
        }
        daysWritten += 1
    }

    /// What comes after the last day.
    public func finish() -> [UInt8] {
        framing == .document ? Array((daysWritten == 0 ? "]}\n" : "\n]}\n").utf8) : []
    }

    /// Reads the days of an export: a document `{"version":1,"days":[…]}`, or JSON Lines of day objects
    /// (any input whose top is not an object with `days`). Checks each day's shape, that no date is there
    /// twice, and that each day reads back as written (`DayRecord.validated(at:)`); the error names the path
    /// (`days[3].regions[0].tasks[2].status`; `line 4: regions[0]…` in JSON Lines).
    public static func days(parsing bytes: [UInt8]) throws(RecordError) -> [DayRecord] {
        var entries: [(path: String, value: JSONValue)] = []
        let whole: Result<JSONValue, JSONError>
        do {
            whole = .success(try JSONValue(parsing: bytes))
        } catch {
            whole = .failure(error)
        }
        if case .success(let value) = whole, case .object(let members) = value, members.contains(where: { $0.key == "days" }) {
            var top = try ObjectReader(value, at: "")
            let versionValue = try top.required("version")
            guard versionValue.intValue == version else {
                throw RecordError(path: "version", message: "this dayplan reads version \(version), not \(versionValue.jsonText())")
            }
            entries = try top.elements("days").enumerated().map { ("days[\($0.offset)]", $0.element) }
            try top.finish(knowing: ["version", "days"])
        } else {
            // JSON Lines: a value on each line. A document that is not JSON, and whose first line is not a whole
            // value either, is one broken document: its error is the one to show.
            var lines: [(number: Int, bytes: ArraySlice<UInt8>)] = []
            var number = 0
            bytes.withUnsafeBufferPointer { buffer in
                forEachLine(in: buffer) { line in
                    let content = withoutNewline(line, in: buffer)
                    number += 1
                    if bytes[content].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) { lines.append((number, bytes[content])) }
                }
            }
            if case .failure(let error) = whole, (try? JSONValue(parsing: Array(lines.first?.bytes ?? []))) == nil {
                throw RecordError(path: "", message: "not JSON: \(describe(error, in: bytes))")
            }
            for line in lines {
                do {
                    entries.append(("line \(line.number):", try JSONValue(parsing: Array(line.bytes))))
                } catch {
                    throw RecordError(path: "line \(line.number)", message: "not JSON: \(describe(error, in: Array(line.bytes)))")
                }
            }
        }
        var days: [DayRecord] = []
        var seen: [Day: String] = [:]
        for (path, value) in entries {
            // In JSON Lines, paths start at each line's day: `line 4: regions[0]…`.
            let isLine = path.hasSuffix(":")
            do throws(RecordError) {
                let record = try DayRecord(json: value, at: isLine ? "" : path)
                if let earlier = seen[record.date] {
                    throw RecordError(path: isLine ? "date" : path + ".date",
                                      message: "\(record.date) is there twice (also \(earlier)); a day has one file")
                }
                seen[record.date] = isLine ? String(path.dropLast()) : path
                try record.validated(at: isLine ? "" : path)
                days.append(record)
            } catch where isLine {
                throw RecordError(path: error.path.isEmpty ? String(path.dropLast()) : path + " " + error.path, message: error.message)
            }
        }
        return days
    }

    /// A JSON syntax error with its line and column (in bytes, from 1) as well as its offset.
    static func describe(_ error: JSONError, in bytes: [UInt8]) -> String {
        let before = bytes.prefix(error.offset)
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column) (byte \(error.offset)): \(error.message)"
    }
}
