import Foundation

/// Where this repository's files are, for tests that read its examples and documents.
enum Repository {
    /// The repository's top folder: three levels above this file (`Tests/DayPlanTests/Support`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder by its path from the top, such as `Examples/week`.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
