import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// A language client for tests: runs the built `dayplan lsp` over pipes, frames messages as an editor does
/// and collects what the server sends, checking that standard output carries nothing but framed JSON.
final class LanguageServerClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var received: [JSONValue] = []
    private var unframed: [String] = []
    private var outputEnded = false
    private var errorText = Data()
    private var errorEnded = false
    private var nextID = 1

    /// How long a test waits for an answer before it fails (a debug build on a shared, busy machine).
    static let patience: TimeInterval = 60

    /// Starts `dayplan lsp` in `folder`, with `environment` added to a clean one; `binary` is the built one unless
    /// a test names a copy.
    init(in folder: URL? = nil, environment: [String: String] = [:], binary: URL = Binary.url) throws {
        process.executableURL = binary
        process.arguments = ["lsp"]
        if let folder { process.currentDirectoryURL = folder }
        var env = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TZ": "UTC"]
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reading = output.fileHandleForReading
        Thread.detachNewThread { [self] in readFrames(from: reading) }
        let errorReading = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            let data = errorReading.readDataToEndOfFile()
            condition.lock()
            errorText = data
            errorEnded = true
            condition.broadcast()
            condition.unlock()
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func readFrames(from handle: FileHandle) {
        var buffer: [UInt8] = []
        while true {
            let data = handle.availableData
            condition.lock()
            if data.isEmpty {
                if !buffer.isEmpty { unframed.append(String(decoding: buffer, as: UTF8.self)) }
                outputEnded = true
                condition.broadcast()
                condition.unlock()
                return
            }
            buffer += data
            while let frame = LanguageServerClient.takeFrame(from: &buffer) {
                switch frame {
                case .success(let message): received.append(message)
                case .failure(let problem): unframed.append(problem.description)
                }
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// One framed message off the front of `buffer`, or what was wrong with it.
    private static func takeFrame(from buffer: inout [UInt8]) -> Result<JSONValue, Timeout>? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(buffer.count - 3, 0)).first(where: { buffer[$0..<($0 + 4)].elementsEqual(separator) }) else {
            return nil
        }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        guard header.hasPrefix("Content-Length: "), let length = Int(header.dropFirst(16)) else {
            buffer.removeAll()
            return .failure(Timeout(description: "not a Content-Length header: \(header)"))
        }
        guard buffer.count >= end + 4 + length else { return nil }
        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        do {
            return .success(try JSONValue(parsing: body))
        } catch {
            return .failure(Timeout(description: "not JSON (\(error)): \(String(decoding: body, as: UTF8.self))"))
        }
    }

    // MARK: - Sending

    /// Writes raw bytes to the server's input.
    func write(_ bytes: [UInt8]) {
        try? input.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    /// Writes `bytes` to the server's input as `feed(_:piece:)` does.
    func feed(_ bytes: [UInt8], piece: Int = 1 << 16) -> (TimeInterval) -> Int? {
        feed([(bytes, 1)], piece: piece)
    }

    /// Writes raw bytes to the server's input from a thread of its own, as much as the server takes before it
    /// ends; returns a wait for the writing to be over, which gives how many bytes the server took, or nil
    /// when the writing is not over within the timeout given (a server that stopped reading without ending:
    /// it is then killed, so the writer ends too). SIGPIPE is blocked on that thread only, so that a server
    /// that stops reading fails the write (EPIPE) instead of killing the test process.
    ///
    /// `pieces` are written in order, each `times` times (so that hundreds of megabytes need not be held), each
    /// write at most `piece` bytes.
    func feed(_ pieces: [(bytes: [UInt8], times: Int)], piece: Int = 1 << 16) -> (TimeInterval) -> Int? {
        let descriptor = input.fileHandleForWriting.fileDescriptor
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var accepted = 0
        Thread.detachNewThread {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            writing: for (bytes, times) in pieces {
                for _ in 0..<times {
                    var written = 0
                    while written < bytes.count {
                        let count = bytes.withUnsafeBytes { raw in
                            systemWrite(descriptor, raw.baseAddress! + written, min(piece, raw.count - written))
                        }
                        if count < 0, errno == EINTR { continue }
                        if count <= 0 { break writing }
                        written += count
                        accepted += count
                    }
                }
            }
            // A SIGPIPE left pending on this thread ends with it.
            done.signal()
        }
        return { [self] timeout in
            guard done.wait(timeout: .now() + timeout) == .success else {
                if process.isRunning { process.terminate() }
                return nil
            }
            return accepted
        }
    }

    /// The most memory the server has held so far (`VmHWM`, in bytes); nil where `/proc` does not say.
    var peakMemory: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes << 10
    }

    /// The frame of a message.
    static func frame(_ message: JSONValue) -> [UInt8] {
        let body = message.serialized()
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: JSONValue = [:]) {
        write(LanguageServerClient.frame(["jsonrpc": "2.0", "method": .string(method), "params": params]))
    }

    /// Sends a request without waiting; returns its id.
    @discardableResult
    func send(_ method: String, _ params: JSONValue = [:]) -> JSONValue {
        let id = JSONValue.integer(takeID())
        write(LanguageServerClient.frame(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]))
        return id
    }

    private func takeID() -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        return nextID
    }

    /// Sends a request and waits for its response (the whole message, `result` or `error`).
    func request(_ method: String, _ params: JSONValue = [:]) throws -> JSONValue {
        let id = send(method, params)
        return try response(to: id)
    }

    /// Sends a request and returns its `result`, failing the test on an error response.
    func result(_ method: String, _ params: JSONValue = [:]) throws -> JSONValue {
        let response = try request(method, params)
        #expect(response["error"] == nil, "\(method) failed: \(response.jsonText())")
        return response["result"] ?? nil
    }

    /// Waits for the response with this id.
    func response(to id: JSONValue) throws -> JSONValue {
        try next { $0["id"] == id && $0["method"] == nil }
    }

    /// Closes the server's input, as an editor that quits or crashes does.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    // MARK: - Receiving

    /// A test's wait that came to nothing, or output that is not a message.
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    /// Takes the first received message that matches, waiting for it.
    func next(timeout: TimeInterval = LanguageServerClient.patience, where matches: (JSONValue) -> Bool) throws -> JSONValue {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let index = received.firstIndex(where: matches) { return received.remove(at: index) }
            if outputEnded { throw Timeout(description: "the server ended; stderr: \(String(decoding: errorText, as: UTF8.self))") }
            guard condition.wait(until: deadline) else {
                throw Timeout(description: "no matching message in \(timeout) s; received \(received.map { $0.jsonText().prefix(300) })")
            }
        }
    }

    /// The next diagnostics published for `uri` (for `version`, when given).
    func diagnostics(for uri: String, version: Int? = nil) throws -> [JSONValue] {
        let message = try next { message in
            message["method"] == "textDocument/publishDiagnostics" && message["params"]?["uri"]?.stringValue == uri
                && (version == nil || message["params"]?["version"]?.intValue == version)
        }
        return message["params"]?["diagnostics"]?.arrayValue ?? []
    }

    /// Every message received and not taken yet, taken now.
    func takeAll() -> [JSONValue] {
        condition.lock()
        defer { condition.unlock() }
        let all = received
        received.removeAll()
        return all
    }

    /// What came out on standard output that was not a framed JSON message (must stay empty).
    var garbage: [String] {
        condition.lock()
        defer { condition.unlock() }
        return unframed
    }

    /// Waits for the process to end; nil when it does not within `timeout`.
    func exitStatus(timeout: TimeInterval = LanguageServerClient.patience) -> Int32? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Standard error, once the server has closed it (it does when it ends); empty if it has not in time.
    var standardError: String {
        let deadline = Date(timeIntervalSinceNow: LanguageServerClient.patience)
        condition.lock()
        defer { condition.unlock() }
        while !errorEnded, condition.wait(until: deadline) {}
        return String(decoding: errorText, as: UTF8.self)
    }

    // MARK: - Sessions

    /// `initialize` then `initialized`; returns the server's capabilities. `more`: further client capabilities.
    @discardableResult
    func initialize(encodings: [String]? = nil, root: URL? = nil, watchFiles: Bool = false,
                    more: [JSONValue.Member] = [], options: JSONValue? = nil) throws -> JSONValue {
        var capabilities: [JSONValue.Member] = more
        if let encodings { capabilities.append(.init("general", ["positionEncodings": .array(encodings.map(JSONValue.string))])) }
        if watchFiles { capabilities.append(.init("workspace", ["didChangeWatchedFiles": ["dynamicRegistration": true]])) }
        var params: JSONValue = [
            "processId": nil, "capabilities": .object(capabilities),
            "rootUri": root.map { .string(LanguageServerClient.uri($0)) } ?? nil,
        ]
        if let options, case .object(var members) = params {
            members.append(.init("initializationOptions", options))
            params = .object(members)
        }
        let result = try self.result("initialize", params)
        notify("initialized")
        return result["capabilities"] ?? nil
    }

    /// `shutdown` then `exit`; returns the exit status.
    func shutDown() throws -> Int32? {
        _ = try result("shutdown", nil)
        notify("exit")
        return exitStatus()
    }

    /// Opens a document.
    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": [
            "uri": .string(uri), "languageId": "markdown", "version": .integer(version), "text": .string(text),
        ]])
    }

    /// Replaces a document's whole text.
    func change(_ uri: String, _ text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .integer(version)],
                                          "contentChanges": [["text": .string(text)]]])
    }

    /// `{"textDocument":{"uri":…}}` with more members.
    static func params(_ uri: String, _ more: [String: JSONValue] = [:]) -> JSONValue {
        .object([.init("textDocument", ["uri": .string(uri)])] + more.sorted { $0.key < $1.key }.map { .init($0.key, $0.value) })
    }

    /// The `file:` URI of a file, percent-escaped.
    static func uri(_ url: URL) -> String {
        "file://" + (url.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? url.path)
    }
}
