/// Buffered writing to standard output or standard error, with no Foundation at start-up.
///
/// Written to a terminal, the control characters of what is written (a title or a path holding an escape
/// sequence, which would move the cursor or retitle the window) are shown escaped (`\x1B`), tabs and line ends
/// kept; written to a file or a pipe, every byte goes out as it is.
struct Output {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Whether it writes to a terminal.
    let isTerminal: Bool

    /// Standard output.
    static var standard: Output { Output(descriptor: 1) }
    /// Standard error.
    static var error: Output { Output(descriptor: 2) }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        isTerminal = isatty(descriptor) == 1
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        write(bytes: text.utf8)
    }

    mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        append(bytes)
    }

    /// Buffers `bytes` (escaped for a terminal), writing the buffer out once it is full.
    private mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if isTerminal { Output.appendEscaped(bytes, to: &buffer) } else { buffer.append(contentsOf: bytes) }
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Text holding dayplan's own escape sequences (status's colours), written as it is: what came from a file
    /// in it must have been escaped with `escaped(_:)` first.
    mutating func write(painted text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// `text` with its control characters shown escaped, as a terminal is written.
    static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text.utf8, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `bytes` with each control character (C0 but tab and line feed, DEL, and C1 in UTF-8) as `\xHH`.
    private static func appendEscaped<Bytes: Collection<UInt8>>(_ bytes: Bytes, to buffer: inout [UInt8]) {
        var previous: UInt8 = 0
        for byte in bytes {
            defer { previous = byte }
            let isC1 = previous == 0xC2 && (0x80...0x9F).contains(byte)
            guard (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F || isC1 else {
                buffer.append(byte)
                continue
            }
            if isC1 { buffer.removeLast() }  // the 0xC2 lead byte, appended before its second byte was seen
            let digits: StaticString = "0123456789ABCDEF"
            buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"), digits.utf8Start[Int(byte >> 4)], digits.utf8Start[Int(byte & 15)]])
        }
    }

    /// Bytes in memory of the caller's: a run of 64 KB or more goes out as it is, after what is buffered,
    /// rather than being copied into the buffer first (a report of megabytes).
    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 1 << 16, !isTerminal, let base = bytes.baseAddress else {
            append(bytes)
            return
        }
        flush()
        writeAll(UnsafeRawPointer(base), count: bytes.count)
    }

    mutating func line(_ text: String) {
        write(text)
        write("\n")
    }

    /// Writes out what is buffered; a closed pipe or full disk is not worth a crash, so errors end the writing.
    mutating func flush() {
        buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            writeAll(base, count: raw.count)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes `count` bytes at `base`, as far as the descriptor takes them.
    private func writeAll(_ base: UnsafeRawPointer, count: Int) {
        var done = 0
        while done < count {
            let written = systemWrite(descriptor, base + done, count - done)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { break }
            done += written
        }
    }
}

@inline(__always) private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}

extension [UInt8] {
    /// Appends a number in decimal digits (`-` first when negative), as `String(number)` writes it, without
    /// making a string: for output written a line per task.
    mutating func appendDecimal(_ number: Int) {
        if number < 0 { append(UInt8(ascii: "-")) }
        let magnitude = number.magnitude
        if magnitude >= 10 { appendDecimal(Int(magnitude / 10)) }
        append(UInt8(ascii: "0") + UInt8(magnitude % 10))
    }
}
