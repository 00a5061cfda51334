import DayPlan

/// A key as the view reads it: a character typed, a character with Control held, or a key that types none.
/// The terminal's bytes are turned into these by the command; a SwiftUI screen would make them from its events.
public enum ViewKey: Hashable, Sendable {
    /// A character typed (`x`, `J`, `?`, `é`).
    case character(Character)
    /// A letter with Control held: `.control("r")` is Ctrl-R.
    case control(Character)
    /// The arrow keys.
    case up, down, left, right
    /// Tab and Shift-Tab.
    case tab, backTab
    /// Enter (Return).
    case enter
    /// Escape, alone.
    case escape
    /// Backspace (Delete on most keyboards).
    case backspace
    /// Text pasted as one (bracketed paste): typed into a prompt, never read as keys.
    case paste(String)
    /// A click of the mouse's first button at a cell (0-based), with `--mouse`: the screen says what is there
    /// (`CellGrid.task(atColumn:row:)`).
    case click(column: Int, row: Int)

    /// How help writes the key: `j`, `↓`, `Tab`, `Ctrl-R`.
    public var label: String {
        switch self {
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-" + letter.uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .paste: "paste"
        case .click: "click"
        }
    }
}
