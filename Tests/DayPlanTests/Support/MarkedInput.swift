import DayPlan
import DayPlanJSON
import DayPlanArchive
import DayPlanExport
import DayPlanICalendar
import DayPlanSync

/// Test input written as text, with markers (1️⃣, 2️⃣, …) where a finding is expected to start or end.
///
/// The markers are taken out before the bytes are handed over, and each is remembered as a location in
/// those bytes. `⟨FF⟩` (two hex digits in angle brackets) stands for one raw byte, so that broken UTF-8 and
/// NUL bytes can be written too.
struct MarkedInput {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The input without its markers, raw bytes put in.
    let bytes: [UInt8]
    private let locations: [String: SourcePosition]

    init(_ text: String) {
        var bytes: [UInt8] = []
        var locations: [String: SourcePosition] = [:]
        var line = 1
        var lineStart = 0
        var characters = Substring(text)
        while let character = characters.first {
            let marker = String(character)
            if MarkedInput.markers.contains(marker) {
                locations[marker] = SourcePosition(offset: bytes.count, line: line, column: bytes.count - lineStart + 1)
                characters = characters.dropFirst()
                continue
            }
            if character == "⟨", let close = characters.firstIndex(of: "⟩"),
               let byte = UInt8(characters[characters.index(after: characters.startIndex)..<close], radix: 16) {
                bytes.append(byte)
                characters = characters[characters.index(after: close)...]
                continue
            }
            bytes += character.utf8
            if character == "\n" || character == "\r\n" {
                line += 1
                lineStart = bytes.count
            }
            characters = characters.dropFirst()
        }
        self.bytes = bytes
        self.locations = locations
    }

    /// Where a marker stood; a test that names a marker the input lacks fails here.
    subscript(marker: String) -> SourcePosition? {
        locations[marker]
    }
}
