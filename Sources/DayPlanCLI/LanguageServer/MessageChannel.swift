#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import DayPlan

/// The protocol's base layer over standard input and output: messages framed by a `Content-Length` header.
///
/// ```
/// Content-Length: 52\r\n
/// \r\n
/// {"jsonrpc":"2.0","id":1,"method":"shutdown"}
/// ```
///
/// Reads with `read(2)` and writes with `write(2)`; nothing else touches standard output, so a stray print can
/// never corrupt the stream.
struct MessageChannel {
    /// One unit read off the input.
    enum Frame {
        /// A message's body, not yet parsed as JSON.
        case body([UInt8])
        /// A header block that names no usable length: its body cannot be found, so it is skipped.
        case badHeader(String)
    }

    private let input: Int32
    private var output: Output
    /// Bytes read and not yet framed, from `consumed` on.
    private var buffer: [UInt8] = []
    private var consumed = 0
    /// Whether the input has been closed.
    private(set) var ended = false

    /// The largest message accepted: 2 GiB, so a 512 MiB day file (the most any command reads) fits as JSON.
    static let largestMessage = 1 << 31

    init(input: Int32 = 0, output: Output = .standard) {
        self.input = input
        self.output = output
    }

    /// Reads more input into the buffer: waits for it when `wait`, else takes only what is already there.
    /// Returns whether anything was read; at the end of input sets `ended`.
    mutating func fill(wait: Bool) -> Bool {
        guard !ended else { return false }
        if !wait {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return false }
        }
        if consumed > 0, consumed >= buffer.count / 2 {
            buffer.removeFirst(consumed)
            consumed = 0
        }
        let chunk = 1 << 16
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { raw in read(input, raw.baseAddress! + oldCount, chunk) }
        } while count < 0 && errno == EINTR
        buffer.removeLast(chunk - max(count, 0))
        if count <= 0 { ended = true }
        return count > 0
    }

    /// The next whole frame in the buffer, if one has arrived.
    mutating func nextFrame() -> Frame? {
        let headerEnd: [UInt8] = [13, 10, 13, 10]
        guard let end = firstIndex(of: headerEnd, from: consumed) else { return nil }
        var length: Int?
        var problem = "a header block without Content-Length"
        let header = String(decoding: buffer[consumed..<end], as: UTF8.self)
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                problem = "a header line without ':' (\(line.prefix(40)))"
                length = nil
                break
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces
            if name == "content-length" {
                guard let number = Int(value), number >= 0, number <= MessageChannel.largestMessage else {
                    problem = "a Content-Length that is not a length (\(value.prefix(20)))"
                    length = nil
                    break
                }
                length = number
            }
        }
        guard let length else {
            consumed = end + 4
            return .badHeader(problem)
        }
        guard buffer.count - (end + 4) >= length else { return nil }
        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
        consumed = end + 4 + length
        return .body(body)
    }

    private func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= buffer.count {
            guard let found = buffer[index...].firstIndex(of: pattern[0]) else { return nil }
            if found + pattern.count <= buffer.count, buffer[found..<(found + pattern.count)].elementsEqual(pattern) {
                return found
            }
            index = found + 1
        }
        return nil
    }

    /// Sends one message, framed, and flushes it.
    mutating func send(_ message: JSONValue) {
        let body = message.serialized()
        output.write("Content-Length: \(body.count)\r\n\r\n")
        output.write(bytes: body)
        output.flush()
    }
}

extension Substring {
    /// The text without spaces and tabs around it.
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
