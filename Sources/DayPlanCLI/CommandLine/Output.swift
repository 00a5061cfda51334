#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writing to standard output or standard error, with no Foundation at start-up.
struct Output {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Standard output.
    static var standard: Output { Output(descriptor: 1) }
    /// Standard error.
    static var error: Output { Output(descriptor: 2) }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func write<Bytes: Collection<UInt8>>(bytes: Bytes) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Bytes in memory of the caller's: a run of 64 KB or more goes out as it is, after what is buffered,
    /// rather than being copied into the buffer first (a report of megabytes).
    mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 1 << 16, let base = bytes.baseAddress else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
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
