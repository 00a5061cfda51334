import Foundation
import Testing

/// A Python script of the sync tests serving on 127.0.0.1 at a free port (`fakedav.py`, `slowproxy.py`): started with
/// the port as its first argument and waited for until it listens; stopped with SIGTERM, then SIGKILL after a
/// second (children of the test process may have SIGTERM blocked).
final class LoopbackScript {
    let port: Int
    private let process: Process

    /// A port free on 127.0.0.1 now, as the system hands one out.
    static func freePort(in folder: URL) throws -> Int {
        let found = try runProgram("/usr/bin/python3", ["-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])"],
                                   in: folder)
        return try #require(Int(found.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Runs `Tests/CommandTests/Sync/NAME` with the port and then `arguments`, its output thrown away.
    init(_ name: String, in folder: URL, arguments: [String]) throws {
        port = try Self.freePort(in: folder)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Repository.url("Tests/CommandTests/Sync/" + name).path, String(port)] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 where !RadicaleServer.listens(port) { usleep(100_000) }
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<10 where process.isRunning { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
