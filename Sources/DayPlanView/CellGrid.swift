import DayPlan

/// How a cell is drawn: bold, dim, reversed, underlined, and one of the terminal's 16 colours or its own.
public struct CellStyle: Hashable, Sendable {
    /// Bold.
    public var bold = false
    /// Dim (faint).
    public var dim = false
    /// Reversed: the terminal's own colours swapped, which marks the selection on light and dark terminals alike.
    public var reverse = false
    /// Underlined.
    public var underline = false
    /// One of the 16 colours (0 black … 7 white, 8-15 bright), as a foreground; nil for the terminal's own.
    public var colour: UInt8?

    /// The plain style.
    public static let plain = CellStyle()

    /// A style with the attributes given.
    public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false, colour: UInt8? = nil) {
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
        self.colour = colour
    }
}

/// One cell of the screen: a character and its style. A wide character (CJK, emoji) takes two cells: the first
/// holds it (`width` 2), the second continues it (`width` 0).
public struct Cell: Hashable, Sendable {
    /// The character shown.
    public var character: Character
    /// Columns it takes: 1, 2 for a wide one, 0 for the right half of a wide one.
    public var width: UInt8
    /// How it is drawn.
    public var style: CellStyle

    /// A blank cell.
    public static let blank = Cell(character: " ", width: 1, style: .plain)

    /// A cell holding `character`.
    public init(character: Character, width: UInt8, style: CellStyle) {
        self.character = character
        self.width = width
        self.style = style
    }
}

/// Where a task's line was drawn: its row and columns, and the task (its pane and index in `DayView.panes`).
public struct TaskPlace: Hashable, Sendable {
    /// The row (0-based).
    public let row: Int
    /// The columns its line takes.
    public let columns: Range<Int>
    /// The pane's index in `DayView.panes`.
    public let pane: Int
    /// The task's index in that pane's `tasks`.
    public let task: Int
}

/// A screen as cells, in memory: what the view draws, what the terminal is sent the changes of, and what the
/// tests compare with golden text.
public struct CellGrid: Hashable, Sendable {
    /// Its width in columns.
    public let columns: Int
    /// Its height in rows.
    public let rows: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]
    /// Where each task shown was drawn, for a click (`task(atColumn:row:)`).
    public internal(set) var places: [TaskPlace] = []

    /// The task whose line takes the cell at column `x`, row `y`, if one does.
    public func task(atColumn x: Int, row y: Int) -> TaskPlace? {
        places.first { $0.row == y && $0.columns.contains(x) }
    }

    /// A blank grid of `columns` by `rows` (each at least 1).
    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// The cell at column `x`, row `y` (0-based).
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * columns + x]
    }

    /// Writes `text` from column `x` of row `y` into at most `limit` columns, in `style`, and returns the columns
    /// used. Text that does not fit is cut by whole characters and ends with `…`; a wide character never straddles
    /// the edge. Control characters are shown as `?`, so that nothing from a file can move the terminal's cursor.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, limit: Int? = nil, style: CellStyle = .plain,
                               widthOf: (Character) -> Int = CharacterWidth.of) -> Int {
        guard y >= 0, y < rows, x >= 0, x < columns else { return 0 }
        let room = min(limit ?? (columns - x), columns - x)
        guard room > 0 else { return 0 }
        var shown: [(Character, Int)] = []
        var used = 0
        var cut = false
        for character in text {
            let safe = CharacterWidth.isControl(character) ? "?" : character
            let width = max(0, min(2, widthOf(safe)))
            if width == 0 {
                continue
            }
            if used + width > room {
                cut = true
                break
            }
            shown.append((safe, width))
            used += width
        }
        if cut {
            // Room for the ellipsis: drop characters from the end until one column is free.
            while let last = shown.last, used + 1 > room {
                shown.removeLast()
                used -= last.1
            }
            shown.append(("…", 1))
            used += 1
        }
        var column = x
        for (character, width) in shown {
            set(column, y, Cell(character: character, width: UInt8(width), style: style))
            if width == 2 { set(column + 1, y, Cell(character: " ", width: 0, style: style)) }
            column += width
        }
        return used
    }

    /// Sets the style of `count` cells from column `x` of row `y` (to mark the selection across a whole line).
    public mutating func paint(x: Int, y: Int, count: Int, style: CellStyle) {
        guard y >= 0, y < rows else { return }
        for column in max(0, x)..<min(columns, x + max(0, count)) { cells[y * columns + column].style = style }
    }

    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        guard x < columns else { return }
        // A wide character half overwritten leaves no half behind.
        let index = y * columns + x
        if cells[index].width == 2, x + 1 < columns { cells[index + 1] = .blank }
        if cells[index].width == 0, x > 0, cells[index - 1].width == 2 { cells[index - 1] = .blank }
        cells[index] = cell
    }

    /// The grid as text, one line a row, without the spaces that end a line.
    public var text: String {
        var lines: [String] = []
        for y in 0..<rows {
            var line = ""
            for x in 0..<columns where self[x, y].width > 0 { line.append(self[x, y].character) }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The grid's styles as text, one character a column: `.` plain, `R` reversed, `B` bold, `D` dim, `U`
    /// underlined, `C` coloured (the first that applies, in that order); each line without its plain end.
    public var styleText: String {
        var lines: [String] = []
        for y in 0..<rows {
            var line = ""
            for x in 0..<columns {
                let style = self[x, y].style
                line.append(style.reverse ? "R" : style.bold ? "B" : style.dim ? "D" : style.underline ? "U" : style.colour != nil ? "C" : ".")
            }
            while line.last == "." { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// How many columns a character takes in a terminal: two for East Asian wide and full-width characters and
/// emoji, none for a combining mark alone, one otherwise. The library's own table, so that a screen is the same
/// everywhere; the command may pass the C library's `wcwidth` instead.
public enum CharacterWidth {
    /// The columns `character` takes.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// Whether the character is a control character (C0, DEL, C1), never sent to a terminal as it is.
    public static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// East Asian wide and full-width ranges (Unicode's EastAsianWidth W and F, in blocks).
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
             0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
