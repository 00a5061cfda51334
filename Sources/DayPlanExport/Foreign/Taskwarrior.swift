import DayPlan
import DayPlanJSON

/// Taskwarrior's `task export` (a JSON array of tasks) read into dayplan's tasks:
/// - `description` is the title, `tags` and `project` (`home.garden` as `#home/garden`) its tags;
/// - `status`: pending and waiting are to do, completed is done, deleted is cancelled; a `recurring` task is the
///   template of its instances, which are imported as tasks of their own, so it is left out (in `leftOut`);
/// - `priority` H, M and L: must, complementary, misc;
/// - `entry` is `@from:`, `due` `@due:`, `scheduled` `@on:` (else `wait`, the day it shows again, is);
/// - `end` is when a finished task was finished: its day's file, the region by the hour;
/// - `annotations` are notes, each its own line;
/// - `recur` (daily, weekly, …) has no place on a day's task: it is said, with the routine that would match.
/// Times are UTC (`20261121T153000Z`); `local` turns seconds since 1970 into the local wall clock's time.
public enum Taskwarrior {
    /// The tasks of `task export`'s `bytes`, named `name` in problems and sources; `leftOut` says, an entry each,
    /// what is no task to import (a recurring task's template).
    public static func tasks(in bytes: [UInt8], named name: String, local: (Int) -> LocalTime?)
        -> (tasks: [ForeignTask], problems: [ForeignProblem], leftOut: [ForeignProblem]) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            return ([], [ForeignProblem(source: name, message: "not JSON (\(error)); 'task export' writes a JSON array")], [])
        }
        // One task alone (`task 3 export` of a single task in some versions) is a list of one.
        let entries: [JSONValue]
        if let array = document.arrayValue {
            entries = array
        } else if document.objectValue != nil {
            entries = [document]
        } else {
            return ([], [ForeignProblem(source: name, message: "not a list of tasks; 'task export' writes a JSON array")], [])
        }
        var tasks: [ForeignTask] = [], problems: [ForeignProblem] = [], leftOut: [ForeignProblem] = []
        for (index, entry) in entries.enumerated() {
            let source = "\(name): [\(index)]"
            do {
                if let task = try task(entry, source: source, local: local) {
                    tasks.append(task)
                } else {
                    let title = entry["description"]?.stringValue ?? ""
                    leftOut.append(ForeignProblem(source: source, message: "left out: '\(title)' is the template of a recurring task"
                                                  + " (recur:\(entry["recur"]?.stringValue ?? "?")), whose instances come over as tasks"))
                }
            } catch {
                problems.append(error)
            }
        }
        return (tasks, problems, leftOut)
    }

    /// One entry's task; nil for a recurring template.
    static func task(_ entry: JSONValue, source: String, local: (Int) -> LocalTime?) throws(ForeignProblem) -> ForeignTask? {
        guard entry.objectValue != nil else { throw ForeignProblem(source: source, message: "not a task (a JSON object)") }
        func time(_ key: String) throws(ForeignProblem) -> LocalTime? {
            guard let value = entry[key], !value.isNull else { return nil }
            guard let text = value.stringValue, let seconds = epochSeconds(text), let time = local(seconds) else {
                throw ForeignProblem(source: source, message: "\(key) \(value) is not a Taskwarrior time (YYYYMMDDTHHMMSSZ)")
            }
            return time
        }
        guard let description = entry["description"]?.stringValue, !description.isEmpty else {
            throw ForeignProblem(source: source, message: "has no description")
        }
        let status: Status
        switch entry["status"]?.stringValue {
        case "pending", "waiting", nil: status = .todo
        case "completed": status = .done
        case "deleted": status = .cancelled
        case "recurring":
            return nil
        case let other?:
            throw ForeignProblem(source: source, message: "status '\(other)' is none of pending, waiting, completed, deleted, recurring")
        }
        var words = description.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var kept: [String] = []
        var names: [String] = []
        if let project = entry["project"]?.stringValue, !project.isEmpty {
            names.append(String(project.map { $0 == "." ? "/" : $0 }))
        }
        names += (entry["tags"]?.arrayValue ?? []).compactMap(\.stringValue)
        for name in names {
            if let tag = ForeignTasks.tag(name) {
                if !words.contains(tag) { words.append(tag) }
            } else {
                kept.append("the tag '\(name)' is none dayplan reads, and is left out")
            }
        }
        let bucket: Bucket = switch entry["priority"]?.stringValue {
        case "H": .must
        case "M": .complementary
        default: .misc
        }
        var scheduled = try time("scheduled")
        if scheduled == nil { scheduled = try time("wait") }
        let due = try time("due"), created = try time("entry")
        let metadata = TaskMetadata(on: scheduled?.day, due: due?.day, from: created?.day)
        if let recur = entry["recur"]?.stringValue {
            let routine = routine(for: recur, on: due?.day ?? created?.day)
            kept.append("recur:\(recur) is not kept on a day's task" + (routine.map { "; a routine (@every:\($0)) in the routines file repeats it" } ?? ""))
        }
        let notes = (entry["annotations"]?.arrayValue ?? []).compactMap { $0["description"]?.stringValue }
            .map { $0.filter { $0 != "\n" && $0 != "\r" } }
        let task = try ForeignTasks.task(words, bucket: bucket, status: status, metadata: metadata, notes: notes, source: source)
        let end = status.isOpen ? nil : try time("end")
        return ForeignTask(task: task, finished: end?.day, finishedSecond: end?.secondOfDay, source: source, kept: kept)
    }

    /// The routine (`@every:` value) that repeats as Taskwarrior's `recur` does, counted from `day` (the task's due
    /// or entry day): daily `day`, weekly that weekday (`fri`), monthly that day of the month (`month:4`), yearly
    /// that date (`yearly:12-04`); nil for any other, or one dayplan would not read.
    static func routine(for recur: String, on day: Day?) -> String? {
        let text: String?
        switch recur {
        case "daily": text = "day"
        case "weekly": text = day.map { Weekday(of: $0).abbreviation.lowercased() }
        case "monthly": text = day.map { "month:\($0.day)" }
        case "yearly": text = day.map { "yearly:" + String(String($0.description).suffix(5)) }
        default: text = nil
        }
        return text.flatMap { Recurrence($0) == nil ? nil : $0 }
    }

    /// Seconds since 1970 of Taskwarrior's UTC time `20261121T153000Z`; nil for any other text.
    static func epochSeconds(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let dayOfMonth = number(6..<8),
              let day = Day(year: year, month: month, day: dayOfMonth),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second < 61 else { return nil }
        return day.daysSinceEpoch * 86400 + hour * 3600 + minute * 60 + second
    }
}
