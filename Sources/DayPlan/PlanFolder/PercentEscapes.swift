/// `%XX` escapes in a URI's path (RFC 3986), for the two places dayplan reads one: a `file:` URI from an editor and
/// a CalDAV server's `href`.
public enum PercentEscapes {
    /// `bytes` with each `%XX` (two hexadecimal digits) replaced by its byte; a `%` not followed by two is kept.
    public static func decoded(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                output.append(high << 4 | low)
                i += 3
            } else {
                output.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The value of one hexadecimal digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
