import Foundation

/// A Python that has `module`, if any: the real executable behind the first `python3` on PATH that can import
/// it (a pyenv shim needs pyenv's environment; the executable itself does not). Tests that use one are skipped,
/// with the reason, when there is none; .ci/run installs the packages.
func pythonWith(_ module: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "\(folder)/python3")
        process.arguments = ["-c", "import sys, \(module); print(sys.executable)"]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        guard (try? process.run()) != nil else { continue }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        _ = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let executable = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if process.terminationStatus == 0, !executable.isEmpty { return executable }
    }
    return nil
}
