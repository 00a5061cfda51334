import DayPlan

/// A task read from another tool's list (todo.txt, Taskwarrior's `task export`), as a day file will hold it. Where
/// it goes is the importer's to decide: a finished task into the file of the day it was finished, an open one
/// into today's Backlog or onto the day it is scheduled.
public struct ForeignTask: Hashable, Sendable {
    /// The task: bucket (from the priority), status, title with its tags, metadata (due, scheduled, created), notes.
    public var task: PlanTask
    /// The day it was finished (done or cancelled), when the source says.
    public var finished: Day?
    /// The second of that day it was finished, when the source says (Taskwarrior's `end`): the region it goes in.
    public var finishedSecond: Int?
    /// Where it stood in the source: `todo.txt:3`, `export.json: [4]`.
    public var source: String
    /// What was read but kept as title words or left out, one sentence each, for the lines the run prints.
    public var kept: [String]

    /// A task read from `source`.
    public init(task: PlanTask, finished: Day? = nil, finishedSecond: Int? = nil, source: String, kept: [String] = []) {
        self.task = task
        self.finished = finished
        self.finishedSecond = finishedSecond
        self.source = source
        self.kept = kept
    }
}

/// An entry of another tool's list that could not be read as a task: where, and why.
public struct ForeignProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where it stood in the source: `todo.txt:3`.
    public let source: String
    /// Why, as a sentence.
    public let message: String

    /// A problem at `source`.
    public init(source: String, message: String) {
        self.source = source
        self.message = message
    }

    /// `todo.txt:3: the title … holds a tab …`.
    public var description: String { "\(source): \(message)" }
}

/// What every reader of another tool's list shares: a tag made from a project or context name, and the task put
/// together and checked as any title from outside is.
enum ForeignTasks {
    /// `#name` when dayplan reads `name` as one tag, else nil (the word is then kept as written).
    static func tag(_ name: String) -> String? {
        guard !name.isEmpty, let (task, _) = PlanTask.parsing(line: "- [ ] x #" + name), task.tags == [name] else { return nil }
        return "#" + name
    }

    /// The task of `words` (the title, tags included) with `metadata`, checked as a title from outside is (no
    /// control character, no word dayplan would read as metadata, no error lint would name).
    static func task(_ words: [String], bucket: Bucket, status: Status, metadata: TaskMetadata, notes: [String] = [],
                     source: String) throws(ForeignProblem) -> PlanTask {
        let title = words.joined(separator: " ")
        do {
            let checked = try PlanTask.checkedTitle(title)
            return PlanTask(bucket: bucket, status: status, title: checked, metadata: metadata, notes: notes)
        } catch {
            throw ForeignProblem(source: source, message: error.message)
        }
    }
}
