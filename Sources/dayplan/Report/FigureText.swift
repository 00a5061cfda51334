import DayPlan

/// How report figures are written as text, the same in every format: fixed decimals (no locale, no
/// exponent), percentages rounded half away from zero.
enum FigureText {
    /// `x` with exactly `places` decimals: `fixed(0.79412, 4)` is `0.7941`, `fixed(2.5, 1)` is `2.5`.
    static func fixed(_ x: Double, _ places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(x) * Double(scale)).rounded())
        let whole = scaled / scale, fraction = scaled % scale
        var text = (x < 0 && scaled > 0 ? "-" : "") + String(whole)
        if places > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: places - digits.count) + digits
        }
        return text
    }

    /// A fraction as a whole percentage: `0.794` is `79%`; `–` for none.
    static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "–" }
        return String(Int((fraction * 100).rounded())) + "%"
    }

    /// A fraction as JSON: a number with 4 decimals, or `null`.
    static func json(_ fraction: Double?) -> JSONValue {
        fraction.map { .number(fixed($0, 4)) } ?? .null
    }

    /// `1 day`, `3 days`.
    static func count(_ n: Int, _ word: String) -> String {
        "\(n) \(word)\(n == 1 ? "" : "s")"
    }
}
