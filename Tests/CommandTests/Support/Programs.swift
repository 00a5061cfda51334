import Foundation

// Real programs the end-to-end tests run (git, shells, Neovim, mandoc, …), each where it is installed; a test
// that needs one is skipped, saying why, when it is absent.

/// A program the tests need, if it is installed.
func installedProgram(_ name: String) -> String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Runs a program with `arguments` in `folder`, with the built `dayplan` first on PATH; returns its status and
/// standard output (standard error is appended to the output when the program fails).
func runProgram(_ path: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:])
    throws -> (status: Int32, output: String) {
    var env = ["PATH": Binary.url.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": folder.path,
               "TZ": "UTC", "LC_ALL": "C.UTF-8", "TERM": "dumb"]
    env.merge(environment) { $1 }
    let run = try Binary.program(URL(fileURLWithPath: path), arguments, in: folder, environment: env)
    return (run.status, run.status == 0 ? run.stdout : run.stdout + run.stderr)
}
