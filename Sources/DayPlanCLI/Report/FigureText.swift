import DayPlan

/// How report figures are written as text, the same in every format: fixed decimals (no locale, no
/// exponent), percentages rounded half away from zero.
enum FigureText {
    /// `x` with exactly `places` decimals: `fixed(0.79412, 4)` is `0.7941`, `fixed(2.5, 1)` is `2.5`.
    static func fixed(_ x: Double, _ places: Int) -> String {
        withFixed(x, places) { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands `body` the digits `fixed(x, places)` gives, as ASCII bytes on the stack (no string made).
    static func withFixed<Result>(_ x: Double, _ places: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(x) * Double(scale)).rounded())
        // Digits from the last, into a buffer on the stack: a report writes tens of thousands of these.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: places + 22) { buffer in
            var end = buffer.count, rest = scaled
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            for _ in 0..<places {
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            }
            if places > 0 { put(UInt8(ascii: ".")) }
            repeat {
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
            } while rest > 0
            if x < 0 && scaled > 0 { put(UInt8(ascii: "-")) }
            return body(UnsafeBufferPointer(rebasing: buffer[end...]))
        }
    }

    /// A fraction as a whole percentage: `0.794` is `79%`; `–` for none.
    static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "–" }
        return String(Int((fraction * 100).rounded())) + "%"
    }

    /// `1 day`, `3 days`.
    static func count(_ n: Int, _ word: String) -> String {
        "\(n) \(word)\(n == 1 ? "" : "s")"
    }
}
