#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DayPlan

/// One HTTP request `dayplan sync` sends.
struct HTTPRequest {
    /// `PUT`, `REPORT`, `PROPFIND`.
    let method: String
    /// The full URL.
    let url: String
    /// Header lines, `Name: value`.
    let headers: [String]
    /// The body, if any.
    let body: [UInt8]?
}

/// One HTTP answer.
struct HTTPResponse {
    /// The status code (207, 401, …).
    let status: Int
    /// The header lines of the final answer, as `(name in lower case, value)`.
    let headers: [(name: String, value: String)]
    /// The body.
    let body: [UInt8]

    /// The value of the header `name` (any case); nil without one.
    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }
}

/// Why requests could not be made at all: what the person reads (never holding the password), exit 2.
struct HTTPFailure: Error {
    let message: String
}

/// How `dayplan sync` talks HTTP: a batch of requests sent in order, their answers in the same order. The
/// library never sees it; tests of the library need none.
protocol HTTPTransport {
    /// Sends `requests` one after another (on one connection where the server allows it) and returns an answer
    /// for each; throws when the server cannot be reached at all.
    func send(_ requests: [HTTPRequest]) throws(HTTPFailure) -> [HTTPResponse]
}

/// The transport made of the `curl` program, run once per batch as a child process, as git keeps libcurl out of
/// its own start-up: HTTPS with the system's certificates (or `ca-file`), proxies from the environment, and no
/// library loaded by the commands that do not sync. The requests, the user and the password reach curl on its
/// standard input as a configuration file (`--config -`), never in its arguments (which `ps` shows); one curl
/// process sends a whole batch (`next`), reusing its connection.
struct CurlTransport: HTTPTransport {
    /// The user, if the server wants one.
    let user: String?
    /// The password (kept in memory only; written to curl's standard input, nowhere else).
    let password: String?
    /// A file of certificates to trust instead of the system's (`--cacert`).
    let caFile: String?
    /// The program: `curl`, found on PATH, unless `DAYPLAN_CURL` names another.
    var program: String { Clock.environment("DAYPLAN_CURL").flatMap { $0.isEmpty ? nil : $0 } ?? "curl" }

    func send(_ requests: [HTTPRequest]) throws(HTTPFailure) -> [HTTPResponse] {
        guard !requests.isEmpty else { return [] }
        var template = Array((Clock.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp").utf8)
        template += Array("/dayplan-sync-XXXXXX".utf8) + [0]
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { mkdtemp($0).map { String(cString: $0) } }
        }) else { throw HTTPFailure(message: "cannot make a temporary folder for the requests") }
        let folder = made
        var files: [String] = []
        defer {
            for file in files { unlink(file) }
            rmdir(folder)
        }

        var config = ""
        func quoted(_ text: String) -> String {
            var result = "\""
            for character in text {
                switch character {
                case "\\": result += "\\\\"
                case "\"": result += "\\\""
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\t": result += "\\t"
                default: result.append(character)
                }
            }
            return result + "\""
        }
        for (index, request) in requests.enumerated() {
            if index > 0 { config += "next\n" }
            let head = "\(folder)/head-\(index)", body = "\(folder)/body-\(index)"
            files += [head, body]
            config += "url = \(quoted(request.url))\nrequest = \(quoted(request.method))\n"
            config += "silent\nshow-error\nconnect-timeout = 10\nmax-time = 120\n"
            config += "dump-header = \(quoted(head))\noutput = \(quoted(body))\n"
            config += "write-out = \"%{http_code} %{exitcode}\\n\"\n"
            for header in request.headers { config += "header = \(quoted(header))\n" }
            if let data = request.body {
                let path = "\(folder)/request-\(index)"
                files.append(path)
                do {
                    try FileSystem.replace(path, with: data, newFileMode: 0o600, durable: false)
                } catch {
                    throw HTTPFailure(message: error.message)
                }
                config += "data-binary = \(quoted("@" + path))\n"
            }
            if let user { config += "user = \(quoted(user + ":" + (password ?? "")))\n" }
            if let caFile { config += "cacert = \(quoted(caFile))\n" }
        }

        let out = "\(folder)/stdout", errors = "\(folder)/stderr"
        files += [out, errors]
        let status = try run(config: Array(config.utf8), stdout: out, stderr: errors)
        let written = (try? FileSystem.read(out)) ?? []
        let lines = written.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let message = String(decoding: (try? FileSystem.read(errors)) ?? [], as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? "curl exited with status \(status)"
        var responses: [HTTPResponse] = []
        for (index, _) in requests.enumerated() {
            guard index < lines.count else { throw HTTPFailure(message: message) }
            let words = lines[index].split(separator: " ")
            let code = words.first.flatMap { Int($0) } ?? 0
            let exit = words.count > 1 ? Int(words[1]) ?? 0 : 0
            if exit != 0 || code == 0 { throw HTTPFailure(message: CurlTransport.explain(exit, message, url: requests[index].url)) }
            responses.append(HTTPResponse(status: code, headers: CurlTransport.headers((try? FileSystem.read("\(folder)/head-\(index)")) ?? []),
                                          body: (try? FileSystem.read("\(folder)/body-\(index)")) ?? []))
        }
        return responses
    }

    /// Runs curl with `config` on its standard input, its output and errors into files; returns its exit status.
    private func run(config: [UInt8], stdout: String, stderr: String) throws(HTTPFailure) -> Int32 {
        var input: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { throw HTTPFailure(message: "cannot make a pipe to curl") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addclose(&actions, input[0])
        posix_spawn_file_actions_addclose(&actions, input[1])
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // `-q` first: no ~/.curlrc; everything else comes on standard input.
        let words = [program, "-q", "--config", "-"]
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        signal(SIGPIPE, SIG_IGN)
        let spawned = posix_spawnp(&pid, program, &actions, nil, &argv, environ)
        close(input[0])
        guard spawned == 0 else {
            close(input[1])
            if spawned == ENOENT {
                throw HTTPFailure(message: "the program curl is not installed (dayplan sync sends its requests with it); "
                                  + "install curl (apt install curl, brew install curl) and run it again")
            }
            throw HTTPFailure(message: "cannot run curl: \(String(cString: strerror(spawned)))")
        }
        var offset = 0
        while offset < config.count {
            let count = config[offset...].withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            offset += count
        }
        close(input[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The headers of the last answer in a dump (a redirect or `100 Continue` comes before it).
    static func headers(_ dump: [UInt8]) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        for raw in dump.split(separator: UInt8(ascii: "\n")) {
            let line = String(decoding: raw, as: UTF8.self).trimmingCharacters
            if line.hasPrefix("HTTP/") {
                headers = []
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]).lowercased(), String(line[line.index(after: colon)...]).trimmingCharacters))
        }
        return headers
    }

    /// What a curl exit code means for a person, with curl's own message.
    static func explain(_ code: Int, _ message: String, url: String) -> String {
        let shown = SyncSettings.withoutUserInfo(url)
        switch code {
        case 6: return "cannot find the server of \(shown) (\(message))"
        case 7: return "cannot connect to \(shown): is the server running? (\(message))"
        case 28: return "\(shown) did not answer in time (\(message))"
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91:
            return "the secure connection to \(shown) failed: \(message) (a server with its own certificate: set sync-ca-file)"
        default: return "the request to \(shown) failed: \(message)"
        }
    }
}

extension String {
    /// Without spaces, tabs and carriage returns at either end.
    var trimmingCharacters: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" || c == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
