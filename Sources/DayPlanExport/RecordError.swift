import DayPlan
import DayPlanJSON

/// Why a JSON value is not a valid day record (or export document), and where: a JSON path and a message.
public struct RecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is, as a JSON path from the document's top: `days[3].regions[0].tasks[2].status`.
    public let path: String
    /// What is wrong there, such as `unknown status "finished"; the statuses are …`.
    public let message: String

    /// Makes an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `days[3].regions[0].tasks[2].status: unknown status "finished"; …`.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
