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
        // Everything goes through pipes, nothing through files: a run killed at any moment leaves nothing behind.
        // Each answer's headers and body come on curl's standard output, followed by a line that starts with a
        // random marker (which no answer holds) and gives the status, curl's exit code and the body's length.
        var random = SystemRandomNumberGenerator()
        let marker = "\n--dayplan-" + String(random.next() as UInt64, radix: 16) + "-" + String(random.next() as UInt64, radix: 16) + " "
        // A value in double quotes, escaped byte by byte (a CRLF of a body is two escapes, not one character).
        var config: [UInt8] = []
        func add(_ text: String) { config.append(contentsOf: text.utf8) }
        func add(_ name: String, quoting value: some Sequence<UInt8>) {
            add(name + " = \"")
            for byte in value {
                switch byte {
                case UInt8(ascii: "\\"): add("\\\\")
                case UInt8(ascii: "\""): add("\\\"")
                case 0x0A: add("\\n")
                case 0x0D: add("\\r")
                case 0x09: add("\\t")
                default: config.append(byte)
                }
            }
            add("\"\n")
        }
        for (index, request) in requests.enumerated() {
            if index > 0 { add("next\n") }
            add("url", quoting: request.url.utf8)
            add("request", quoting: request.method.utf8)
            add("silent\nshow-error\nconnect-timeout = 10\nmax-time = 120\ndump-header = \"-\"\n")
            add("max-filesize = \(CurlTransport.maximumAnswer)\n")
            add("write-out", quoting: (marker + "%{http_code} %{exitcode} %{size_download}\n").utf8)
            // No `Expect: 100-continue` round trip before a body.
            add("header = \"Expect:\"\n")
            for header in request.headers { add("header", quoting: header.utf8) }
            // A body is iCalendar or XML text, never starting with `@` (which would name a file).
            if let data = request.body { add("data-binary", quoting: data) }
            if let user { add("user", quoting: (user + ":" + (password ?? "")).utf8) }
            if let caFile { add("cacert", quoting: caFile.utf8) }
        }

        let (status, output, errors) = try run(config: config, requests: requests.count)
        if output.count >= CurlTransport.maximumAnswer + CurlTransport.headroom || status == 63 {
            throw CurlTransport.tooLarge(requests[0].url)
        }
        let message = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
            ?? "curl exited with status \(status)"
        // Split the output at the markers: before each, the answer's headers then its body (its last bytes).
        let markerBytes = Array(marker.utf8)
        var responses: [HTTPResponse] = []
        var start = 0, i = 0
        while responses.count < requests.count, i + markerBytes.count <= output.count {
            guard output[i] == markerBytes[0], output[i..<(i + markerBytes.count)].elementsEqual(markerBytes) else {
                i += 1
                continue
            }
            let lineEnd = output[(i + markerBytes.count)...].firstIndex(of: UInt8(ascii: "\n")) ?? output.count
            let words = String(decoding: output[(i + markerBytes.count)..<lineEnd], as: UTF8.self).split(separator: " ")
            let index = responses.count
            let code = words.first.flatMap { Int($0) } ?? 0
            let exit = words.count > 1 ? Int(words[1]) ?? 0 : 0
            if exit != 0 || code == 0 { throw HTTPFailure(message: CurlTransport.explain(exit, message, url: requests[index].url)) }
            let length = min(words.count > 2 ? Int(words[2]) ?? 0 : 0, i - start)
            responses.append(HTTPResponse(status: code, headers: CurlTransport.headers(Array(output[start..<(i - length)])),
                                          body: Array(output[(i - length)..<i])))
            start = min(lineEnd + 1, output.count)
            i = start
        }
        guard responses.count == requests.count else {
            throw HTTPFailure(message: status == 0 ? message : CurlTransport.explain(Int(status), message, url: requests[responses.count].url))
        }
        return responses
    }

    /// Runs curl with `config` on its standard input (through `ChildProcess`, as every program dayplan runs);
    /// returns its exit status, its standard output and its standard error. Each request has curl's own limit
    /// (`max-time`); the run as a whole is bounded by the sum of those, so that a stuck curl never hangs a timer.
    private func run(config: [UInt8], requests: Int) throws(HTTPFailure) -> (status: Int32, output: [UInt8], errors: [UInt8]) {
        guard ChildProcess.isPresent(program) else {
            throw HTTPFailure(message: "the program curl is not installed (dayplan sync sends its requests with it); "
                              + "install curl (apt install curl, brew install curl) and run it again")
        }
        // `-q` first: no ~/.curlrc; everything else comes on standard input.
        let run = ChildProcess.capture([program, "-q", "--config", "-"], input: config, timeout: 130 * requests + 10, errors: .kept,
                                       limit: CurlTransport.maximumAnswer + CurlTransport.headroom)
        if let why = run.failedToStart { throw HTTPFailure(message: "cannot run curl: \(why)") }
        if run.timedOut { throw HTTPFailure(message: "curl did not finish its \(requests) request\(requests == 1 ? "" : "s") in time; the next sync goes on from where this one stopped") }
        return (run.status, run.output, run.errors)
    }

    /// The most an answer may hold, in bytes (curl's `max-filesize`, and what is read of its output): 100 MB, a
    /// task list of some hundred thousand to-dos; a larger answer is refused rather than held in memory.
    static let maximumAnswer = 100 << 20
    /// What is read past `maximumAnswer`: the headers and the other answers of a batch (small ones, to PUTs).
    static let headroom = 4 << 20

    /// The failure for an answer over `maximumAnswer`.
    static func tooLarge(_ url: String) -> HTTPFailure {
        HTTPFailure(message: "the server's answer from \(SyncSettings.withoutUserInfo(url)) is over \(maximumAnswer >> 20) MB, more than "
                    + "a task list needs; dayplan reads no more of it (is sync-url the task list's own URL?); nothing changed")
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
        case 63: return tooLarge(url).message
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
