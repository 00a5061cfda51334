import DayPlan
import DayPlanJSON

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
///
/// What it holds is bounded: a header block is at most `largestHeader` bytes (past that no message boundary
/// can be found again, and the channel is `broken`), and a body at most `largestMessage` (a larger one is
/// read past without being kept). Each byte is looked at a bounded number of times, however the input is cut
/// into reads.
struct MessageChannel {
    /// One unit read off the input.
    enum Frame {
        /// A message's body, not yet parsed as JSON.
        case body([UInt8])
        /// A header block that names no usable length: its body cannot be found, so it is skipped.
        case badHeader(String)
        /// A message announced larger than `largestMessage`: its body is read past and dropped, never held.
        case tooLarge(String)
    }

    private let input: Int32
    private var output: Output
    /// Bytes read and not yet framed, from `consumed` on.
    private var buffer: [UInt8] = []
    private var consumed = 0
    /// How many bytes from `consumed` on are known not to start the blank line that ends a header block, so
    /// that the search for it goes on where it stopped instead of from the start of the block.
    private var searched = 0
    /// The body the last header block announced: where it starts (from `consumed`) and its length.
    private var announced: (start: Int, length: Int)?
    /// Bytes of a message too large to keep that are still to be read past.
    private var skipping = 0
    /// Where each read lands before it joins the buffer.
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)
    /// Whether the input has been closed.
    private(set) var ended = false
    /// Why the input cannot be read as messages any more (a header block that never ends); nil while it can.
    private(set) var broken: String?

    /// The largest header block accepted: 64 KiB. A header has one or two short fields; a block this long
    /// without its blank line is not a header, and no later message boundary can be trusted.
    static let largestHeader = 64 << 10
    /// The largest message accepted: the cap every command puts on its input (512 MiB), so that a message's
    /// body never takes more memory than a day file may.
    static let largestMessage = FileSystem.largestDayFile

    init(input: Int32 = 0, output: Output = .standard) {
        self.input = input
        self.output = output
    }

    /// Bytes read of a message not whole yet (one the input closed in the middle of).
    var partialCount: Int { buffer.count - consumed }
    /// Whether a message too large to keep is being read past.
    var isSkipping: Bool { skipping > 0 }

    /// Reads more input into the buffer: waits for it when `wait`, else takes only what is already there.
    /// Returns whether anything was read; at the end of input sets `ended`. Reads nothing once `broken`.
    mutating func fill(wait: Bool) -> Bool {
        guard !ended, broken == nil else { return false }
        if !wait {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return false }
        }
        var count = 0
        repeat {
            count = scratch.withUnsafeMutableBytes { raw in read(input, raw.baseAddress!, raw.count) }
        } while count < 0 && errno == EINTR
        guard count > 0 else {
            ended = true
            return false
        }
        // The bytes of a message too large to keep are dropped here, never copied into the buffer.
        var start = 0
        if skipping > 0, consumed == buffer.count {
            start = min(skipping, count)
            skipping -= start
        }
        if start < count {
            if consumed > 0, consumed >= buffer.count / 2 {
                buffer.removeFirst(consumed)
                consumed = 0
            }
            buffer.append(contentsOf: scratch[start..<count])
        }
        return true
    }

    /// The next whole frame in the buffer, if one has arrived.
    mutating func nextFrame() -> Frame? {
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - consumed)
            consumed += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        guard broken == nil else { return nil }
        if let (start, length) = announced {
            guard buffer.count - consumed - start >= length else { return nil }
            let body = Array(buffer[(consumed + start)..<(consumed + start + length)])
            consumed += start + length
            announced = nil
            return .body(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - consumed >= MessageChannel.largestHeader + 4 {
                broken = "a header block of more than \(MessageChannel.largestHeader >> 10) KiB without the blank line that ends it"
                    + " (\(MessageChannel.describe(buffer[consumed..<(consumed + 40)]))…): no message can be found after it"
                buffer = []
                consumed = 0
            }
            return nil
        }
        let header = buffer[consumed..<end]
        searched = 0
        switch MessageChannel.contentLength(in: header) {
        case .failure(let problem):
            consumed = end + 4
            return .badHeader(problem.text)
        case .success(let length) where length > MessageChannel.largestMessage:
            consumed = end + 4
            skipping = length
            let size = length == Int.max ? "more bytes than can be counted" : "\(length) bytes"
            return .tooLarge("a message of \(size), more than the \(MessageChannel.largestMessage >> 20) MiB a message may be; skipped")
        case .success(let length):
            announced = (end + 4 - consumed, length)
            return nextFrame()
        }
    }

    /// A header block's problem, as a sentence.
    struct HeaderProblem: Error {
        let text: String
    }

    /// The length a header block announces: its one `Content-Length` (or several that agree), digits only;
    /// `Int.max` for more digits than an `Int` holds.
    static func contentLength(in header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        for line in header.split(separator: Array("\r\n".utf8)) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(HeaderProblem(text: "a header line without ':' (\(describe(line.prefix(40))))"))
            }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            guard name.lowercased() == "content-length" else { continue }
            var value = line[(colon + 1)...]
            while let first = value.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { value.removeFirst() }
            while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { value.removeLast() }
            guard !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .failure(HeaderProblem(text: "a Content-Length that is not a length (\(describe(value.prefix(20))))"))
            }
            let number = Int(String(decoding: value, as: UTF8.self)) ?? Int.max
            if let length, length != number {
                return .failure(HeaderProblem(text: "two different Content-Length fields (\(length) and \(describe(value.prefix(20))))"))
            }
            length = number
        }
        guard let length else { return .failure(HeaderProblem(text: "a header block without Content-Length")) }
        return .success(length)
    }

    /// Where the blank line that ends the header block at `consumed` starts, if it has arrived. The search
    /// goes on from where the last one stopped, and stops `largestHeader` bytes in.
    private mutating func headerEnd() -> Int? {
        let limit = min(buffer.count - 3, consumed + MessageChannel.largestHeader + 1)
        var index = consumed + searched
        while index < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        searched = max(index - consumed, searched)
        return nil
    }

    /// A few bytes of input for a message: printable ASCII as it is, anything else as `\xNN`.
    static func describe(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F { text.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text
    }

    /// Sends one message, framed, and flushes it.
    mutating func send(_ message: JSONValue) {
        message.serialized().withUnsafeBufferPointer { send(body: $0) }
    }

    /// Sends one message already written as JSON text, framed, and flushes it.
    mutating func send(_ message: borrowing JSONTextWriter) {
        message.withBytes { send(body: $0) }
    }

    private mutating func send(body: UnsafeBufferPointer<UInt8>) {
        output.write("Content-Length: \(body.count)\r\n\r\n")
        output.write(bytes: body)
        output.flush()
    }
}
