import Foundation
import Testing

/// Runs the built `dayplan` binary, as a person or a script would.
struct Binary {
    /// What one run did.
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
        let stdoutBytes: [UInt8]
    }

    /// The `dayplan` executable built beside the test bundle (or `$DAYPLAN_BINARY`).
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["DAYPLAN_BINARY"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("dayplan")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/dayplan")
    }()

    /// The environment every test run starts from: a fixed PATH and time zone, and "now" fixed at
    /// 2026-11-21 12:00 UTC (DAYPLAN_NOW), so that no test depends on the real date (rollover's `--date`
    /// must be within a week of it).
    static let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "DAYPLAN_NOW": "1795262400"]

    /// Runs `dayplan arguments…` in `folder`, feeding `stdin`, with `environment` added to a clean one.
    ///
    /// The `plan folder: /absolute/path` line rollover starts each stream with is left out unless
    /// `keepingPlanFolderLine` (PlanFolderTests check it), so that other tests read what they are about.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL? = nil, stdin: [UInt8] = [],
                    environment: [String: String] = [:], keepingPlanFolderLine: Bool = false) throws -> Run {
        var env = Binary.environment.merging(["HOME": NSTemporaryDirectory()]) { $1 }
        env.merge(environment) { $1 }
        let run = try program(url, arguments, in: folder, stdin: stdin, environment: env)
        return keepingPlanFolderLine ? run : run.withoutPlanFolderLine()
    }

    /// Runs any program the tests use (dayplan, git, a shell, a browser): `executable` with `arguments` in
    /// `folder`, feeding `stdin`, with exactly `environment`; both output pipes are read while it runs, so
    /// that a large output cannot block it.
    static func program(_ executable: URL, _ arguments: [String], in folder: URL? = nil, stdin: [UInt8] = [],
                        environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = environment
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async { outData = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        DispatchQueue.global().async { errData = error.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        try input.fileHandleForWriting.write(contentsOf: Data(stdin))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        group.wait()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self),
                   stdoutBytes: [UInt8](outData))
    }
}

extension Binary.Run {
    /// The run with the `plan folder: …` line at the start of standard output and standard error left out.
    func withoutPlanFolderLine() -> Binary.Run {
        func strip(_ text: String) -> String {
            guard text.hasPrefix("plan folder: /"), let newline = text.firstIndex(of: "\n") else { return text }
            return String(text[text.index(after: newline)...])
        }
        let out = strip(stdout)
        return Binary.Run(status: status, stdout: out, stderr: strip(stderr),
                          stdoutBytes: Array(stdoutBytes.dropFirst(stdout.utf8.count - out.utf8.count)))
    }
}

/// A temporary folder, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("dayplan-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes a file under the folder and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes bytes to a file under the folder and returns its URL.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file
    }

    /// The text of a file under the folder.
    func read(_ name: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
    }

    /// The names of everything in the folder, hidden files included, sorted.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
