import DayPlan

/// The bytes the view sends a terminal, worked out on values: the modes it turns on and off, and each frame as
/// only the cells that changed since the last one, in one write wrapped in synchronized output. The command
/// writes them; the tests compare them with goldens.
public enum TerminalBytes {
    /// A mode the view turns on when it starts and off when it stops, in reverse order.
    public struct Mode: Hashable, Sendable {
        /// What it is, for a reader of the goldens.
        public let name: String
        /// The sequence that turns it on.
        public let on: String
        /// The sequence that turns it off.
        public let off: String
    }

    /// The modes, in the order they are turned on: the alternate screen, the cursor hidden, bracketed paste, and
    /// with `mouse` the mouse's clicks and wheel (SGR reports).
    public static func modes(mouse: Bool) -> [Mode] {
        var modes = [Mode(name: "alternate screen", on: "\u{1B}[?1049h", off: "\u{1B}[?1049l"),
                     Mode(name: "hidden cursor", on: "\u{1B}[?25l", off: "\u{1B}[?25h"),
                     Mode(name: "bracketed paste", on: "\u{1B}[?2004h", off: "\u{1B}[?2004l")]
        if mouse {
            modes.append(Mode(name: "mouse clicks", on: "\u{1B}[?1000h", off: "\u{1B}[?1000l"))
            modes.append(Mode(name: "mouse SGR reports", on: "\u{1B}[?1006h", off: "\u{1B}[?1006l"))
        }
        return modes
    }

    /// What starts the view: every mode turned on, and the screen cleared.
    public static func start(mouse: Bool) -> [UInt8] {
        Array((modes(mouse: mouse).map(\.on).joined() + "\u{1B}[H\u{1B}[2J").utf8)
    }

    /// What gives the terminal back: the style reset and every mode turned off, in reverse. Made in advance, so that
    /// a signal handler can write it without making anything.
    public static func stop(mouse: Bool) -> [UInt8] {
        Array(("\u{1B}[0m" + modes(mouse: mouse).reversed().map(\.off).joined()).utf8)
    }

    /// The bytes that turn `old` (what the terminal shows; nil when unknown, after a start, a resize or a resume)
    /// into `new`: the cells that changed, each run of them after one cursor move, styles set only where they change;
    /// the whole grid when `old` is nil or of another size. Empty when nothing changed.
    public static func frame(from old: CellGrid?, to new: CellGrid) -> [UInt8] {
        var out: [UInt8] = []
        let whole = old == nil || old?.columns != new.columns || old?.rows != new.rows
        if whole { out += "\u{1B}[H\u{1B}[2J".utf8 }
        var current = CellStyle.plain
        for y in 0..<new.rows {
            var x = 0
            var cursorAt: Int? = nil
            while x < new.columns {
                let cell = new[x, y]
                var changed = whole || old.map { $0[x, y] != cell } ?? true
                // The right half of a wide character is drawn with its left half.
                if !changed, cell.width == 2, x + 1 < new.columns, let old, old[x + 1, y] != new[x + 1, y] { changed = true }
                // After a clear, blank cells are blank already: a run of them that ends the row, or is longer than
                // the cursor move over it, is skipped.
                if whole, cell == .blank, blankRun(new, x, y) >= 4 || x + blankRun(new, x, y) == new.columns { changed = false }
                if !changed || cell.width == 0 {
                    if cell.width != 0 { cursorAt = nil }
                    x += 1
                    continue
                }
                if cursorAt != x { out += "\u{1B}[\(y + 1);\(x + 1)H".utf8 }
                if cell.style != current {
                    out += sgr(cell.style).utf8
                    current = cell.style
                }
                out += String(cell.character).utf8
                x += Int(max(1, cell.width))
                cursorAt = x
            }
        }
        guard !out.isEmpty else { return [] }
        if current != .plain { out += "\u{1B}[0m".utf8 }
        return Array("\u{1B}[?2026h".utf8) + out + Array("\u{1B}[?2026l".utf8)
    }

    private static func blankRun(_ grid: CellGrid, _ x: Int, _ y: Int) -> Int {
        var end = x
        while end < grid.columns, grid[end, y] == .blank { end += 1 }
        return end - x
    }

    /// The select-graphic-rendition sequence of `style`, from a reset.
    static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let colour = style.colour { codes.append(colour < 8 ? "\(30 + Int(colour))" : "\(90 + Int(colour) - 8)") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
