import Testing
@testable import DayPlan
@testable import DayPlanView

/// The bytes the view writes to a terminal: every mode turned on at the start is turned off at the end, in
/// reverse; a frame is only the changed cells, in one synchronized write; keys are read from the bytes terminals send.
@Suite struct ViewTerminalBytesTests {
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingEscapes
    }

    @Test func startAndStopGoldens() {
        #expect(Self.text(TerminalBytes.start(mouse: false)) == "⎋[?1049h⎋[?25l⎋[?2004h⎋[H⎋[2J")
        #expect(Self.text(TerminalBytes.stop(mouse: false)) == "⎋[0m⎋[?2004l⎋[?25h⎋[?1049l")
        #expect(Self.text(TerminalBytes.start(mouse: true)) == "⎋[?1049h⎋[?25l⎋[?2004h⎋[?1000h⎋[?1006h⎋[H⎋[2J")
        #expect(Self.text(TerminalBytes.stop(mouse: true)) == "⎋[0m⎋[?1006l⎋[?1000l⎋[?2004l⎋[?25h⎋[?1049l")
    }

    @Test(arguments: [false, true])
    func everyModeTurnedOnIsTurnedOffInReverse(_ mouse: Bool) {
        let modes = TerminalBytes.modes(mouse: mouse)
        let stop = String(decoding: TerminalBytes.stop(mouse: mouse), as: UTF8.self)
        var offsets: [String.Index] = []
        for mode in modes {
            #expect(mode.on.dropLast() == mode.off.dropLast() && mode.on.last != mode.off.last, "\(mode.name)")
            guard let found = stop.range(of: mode.off) else {
                Issue.record("\(mode.name) is not turned off")
                continue
            }
            offsets.append(found.lowerBound)
        }
        #expect(offsets == offsets.sorted().reversed())
    }

    @Test func aFrameIsTheChangedCellsOnlyInOneSynchronizedWrite() {
        var old = CellGrid(columns: 20, rows: 3)
        old.write("Morning", x: 0, y: 0)
        old.write("[ ] Pay the bill", x: 2, y: 1)
        var new = old
        new.write("[x] Pay the bill", x: 2, y: 1, style: CellStyle(dim: true))
        #expect(Self.text(TerminalBytes.frame(from: old, to: new)) == "⎋[?2026h⎋[2;3H⎋[0;2m[x] Pay the bill⎋[0m⎋[?2026l")
        #expect(TerminalBytes.frame(from: new, to: new).isEmpty)
        let whole = Self.text(TerminalBytes.frame(from: nil, to: old))
        #expect(whole.hasPrefix("⎋[?2026h⎋[H⎋[2J⎋[1;1HMorning⎋[2;1H  [ ] Pay the bill"))
    }

    @Test func aSelectionMoveOnTheViewWritesFewBytes() {
        var store = MemoryDayStore(Array(ViewScreenTests.full.utf8))
        var view = DayView(store.bytes, context: DayView.Context(fileName: "f", day: Day("2026-11-23")!, today: Day("2026-11-23")!, missingFile: ""))
        let screen = ViewScreen(path: "f", colour: true)
        let before = screen.draw(view, columns: 120, rows: 30)
        _ = view.press(.character("j"), store: &store)
        let after = screen.draw(view, columns: 120, rows: 30)
        let bytes = TerminalBytes.frame(from: before, to: after)
        #expect(!bytes.isEmpty)
        #expect(bytes.count <= 300)
    }

    @Test func wideCharacterChangesRedrawTheWholeCharacter() {
        var old = CellGrid(columns: 6, rows: 1)
        old.write("報告", x: 0, y: 0)
        var new = CellGrid(columns: 6, rows: 1)
        new.write("報x", x: 0, y: 0)
        #expect(Self.text(TerminalBytes.frame(from: old, to: new)) == "⎋[?2026h⎋[1;3Hx ⎋[?2026l")
    }

    @Test func keysFromTerminalBytes() {
        var reader = KeyReader()
        #expect(reader.keys(Array("jk\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[Z\t\r\u{7F}\u{12}é".utf8))
                == [.character("j"), .character("k"), .up, .down, .right, .left, .backTab, .tab, .enter, .backspace, .control("r"), .character("é")])
        #expect(reader.keys(Array("\u{1B}[200~a\nb\u{1B}[201~x".utf8)) == [.paste("a\nb"), .character("x")])
        // A sequence split across reads waits for its end; a lone Escape is Escape once nothing more comes.
        #expect(reader.keys([0x1B, UInt8(ascii: "[")]) == [])
        #expect(reader.keys([UInt8(ascii: "A")]) == [.up])
        #expect(reader.keys([0x1B]) == [])
        #expect(reader.isWaiting)
        #expect(reader.flush() == [.escape])
        // The mouse (SGR, 1-based): a press of the first button is a click at that cell (0-based), its release and
        // other buttons nothing, the wheel the arrows; a function key is skipped whole.
        #expect(reader.keys(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<2;1;1M\u{1B}[15~q".utf8)) == [.click(column: 9, row: 4), .character("q")])
        #expect(reader.keys(Array("\u{1B}[<64;3;4M\u{1B}[<65;3;4M".utf8)) == [.up, .down])
        #expect(reader.keys(Array("\u{1B}[<0;0;0M\u{1B}[<0;;1M\u{1B}[<0;1M".utf8)) == [])
        #expect(reader.keys([0xE6, 0x97]) == [])
        #expect(reader.keys([0xA5]) == [.character("日")])
    }
}

extension String {
    /// Escape shown as ⎋, for goldens a reader can read.
    var replacingEscapes: String { String(map { $0 == "\u{1B}" ? "⎋" : $0 }) }
}
